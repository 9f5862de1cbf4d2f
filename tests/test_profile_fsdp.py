"""benchmarks/profile_fsdp.py's trace arithmetic on a hand-made trace: hidden and exposed communication, idle gaps."""

from benchmarks.profile_fsdp import communication_summary


def kernel(name, ts, dur, stream):
    return dict(cat="kernel", name=name, ts=ts, dur=dur, args=dict(stream=stream))


def test_hidden_share_and_largest_gap():
    events = [
        kernel("ampere_bf16_gemm", 0, 100, 7),
        kernel("triton_rms_norm", 100, 20, 7),
        kernel("triton_swiglu", 150, 50, 7),  # a 30 µs gap before it
        kernel("ncclDevKernel_AllGather_RING_LL", 50, 100, 21),  # 70 hidden (50-120), 30 exposed
        kernel("ncclDevKernel_ReduceScatter_Sum_f32", 160, 20, 22),  # fully hidden
        dict(cat="cpu_op", name="aten::mm", ts=0, dur=500),  # host events are not kernels
    ]
    summary = communication_summary(events)
    assert summary["communication_us"] == 120
    assert abs(summary["hidden_share"] - 90 / 120) < 1e-9
    assert summary["by_kind"]["allgather"] == dict(total_us=100, hidden_share=0.7)
    assert summary["by_kind"]["reducescatter"] == dict(total_us=20, hidden_share=1.0)
    assert summary["largest_compute_gap_us"] == 30 and summary["largest_compute_gap_at_us"] == 120
    assert summary["largest_gaps"][0] == dict(us=30, at_us=120, before="triton_rms_norm", after="triton_swiglu")
    assert [gap["us"] for gap in summary["largest_gaps"]] == [30, 0]
    assert summary["compute_busy_us"] == 170 and abs(summary["compute_idle_share"] - 30 / 200) < 1e-9


def test_idle_time_is_split_by_whether_communication_ran_meanwhile():
    events = [
        kernel("gemm", 0, 100, 7),
        kernel("rms_norm", 130, 20, 7),  # 30 µs idle before it, an all-gather running all of it
        kernel("swiglu", 200, 50, 7),  # 50 µs idle before it, 10 of them under the reduce-scatter
        kernel("ncclDevKernel_AllGather_RING_LL", 90, 50, 21),
        kernel("ncclDevKernel_ReduceScatter_Sum_f32", 190, 40, 22),
    ]
    summary = communication_summary(events)
    assert summary["compute_idle_us"] == 80
    assert abs(summary["idle_while_nccl_runs_share"] - 40 / 80) < 1e-9
