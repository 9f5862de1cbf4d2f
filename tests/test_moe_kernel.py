"""Fused MoE kernels (patchzoo/kernels/moe/forward.py, routing.py) against their PyTorch references.

On CPU the Triton kernels run under TRITON_INTERPRET=1 (set by conftest) on tiny shapes; the `gpu`
tests repeat the checks at Mixtral-8x7B shapes with the kernels compiled for real.
"""

import json

import pytest
import torch
import triton
import triton.language as tl

from patchzoo.kernels.moe import forward as moe, torch_ops as moe_op
from patchzoo.kernels.moe.routing import align, align_reference, block_rows, cdiv, next_power_of_2, route

TOL = {torch.float32: 1e-5, torch.float16: 1e-2, torch.bfloat16: 2e-2}  # relative (norm) error


def make_case(tokens, experts, top_k, hidden, intermediate, dtype, device, seed=0, ids=None):
    """Random (x, gate_up_proj, down_proj, weights, ids), drawn on `device` (full-size weights are GBs)."""
    g = torch.Generator(device=device).manual_seed(seed)

    def randn(*shape, scale=1.0):
        return (torch.randn(*shape, generator=g, device=device) * scale).to(dtype)

    x = randn(tokens, hidden)
    w1 = randn(experts, 2 * intermediate, hidden, scale=hidden**-0.5)
    w2 = randn(experts, hidden, intermediate, scale=intermediate**-0.5)
    if ids is None:  # distinct experts per token
        ids = torch.rand(tokens, experts, generator=g, device=device).argsort(-1)[:, :top_k]
    weights = torch.rand(tokens, top_k, generator=g, device=device) + 0.1
    return x, w1, w2, weights / weights.sum(-1, keepdim=True), ids.to(device)


def rel_err(out, ref):
    return float((out.float() - ref.float()).norm() / ref.float().norm().clamp_min(1e-12))


# ---------------------------------------------------------------------------------------------------- routing


def check_routing_invariants(routing, ids, num_experts):
    """Every slot appears once, in a block owned by its expert; padding holds the sentinel."""
    flat = ids.reshape(-1).cpu()
    slots = routing.sorted_slots.cpu().long()
    owners = routing.block_expert.cpu().long().repeat_interleave(routing.block_m)
    real = slots < flat.numel()
    assert sorted(slots[real].tolist()) == list(range(flat.numel()))
    assert torch.equal(owners[real], flat[slots[real]].long())
    assert (slots[~real] == flat.numel()).all()
    assert ((routing.block_expert.cpu() >= -1) & (routing.block_expert.cpu() < num_experts)).all()


@pytest.mark.parametrize(
    "tokens,experts,top_k,block_m",
    [(1, 8, 2, 16), (3, 4, 1, 16), (17, 8, 2, 32), (64, 8, 2, 16), (64, 4, 2, 64)],
)
def test_align_kernel_matches_reference(tokens, experts, top_k, block_m):
    _, _, _, _, ids = make_case(tokens, experts, top_k, 8, 8, torch.float32, "cpu", seed=tokens)
    ref = align_reference(ids, experts, block_m)
    check_routing_invariants(ref, ids, experts)
    got = align(ids, experts, block_m)
    assert torch.equal(got.sorted_slots, ref.sorted_slots)
    assert torch.equal(got.block_expert, ref.block_expert)


def test_align_all_tokens_to_one_expert_and_idle_experts():
    ids = torch.full((9, 1), 2, dtype=torch.int64)
    routing = align(ids, 4, 16)
    check_routing_invariants(routing, ids, 4)
    assert routing.block_expert.tolist()[0] == 2 and set(routing.block_expert.tolist()[1:]) <= {-1}


@triton.jit
def _record_block_rows(topk_ids_ptr, expert_ptr, slots_ptr, num_slots,
                       BLOCK_M: tl.constexpr, SLOTS: tl.constexpr, EXPERTS: tl.constexpr):
    pid = tl.program_id(0)
    expert, slots = block_rows(topk_ids_ptr, topk_ids_ptr, topk_ids_ptr, pid, num_slots, BLOCK_M, True, SLOTS, EXPERTS)
    tl.store(expert_ptr + pid, expert)
    tl.store(slots_ptr + pid * BLOCK_M + tl.arange(0, BLOCK_M), slots)


@pytest.mark.parametrize(
    "tokens,experts,top_k,block_m,ids",
    [(1, 8, 2, 16, None), (17, 8, 2, 16, None), (9, 4, 2, 16, [[2, 2]] * 9)],
)
def test_in_kernel_routing_matches_align(tokens, experts, top_k, block_m, ids):
    """What each GEMM program recomputes for its own block equals align()'s arrays, padding included
    (ids [[2, 2]] * 9: one expert twice per token, every other expert idle)."""
    ids = None if ids is None else torch.tensor(ids)
    _, _, _, _, ids = make_case(tokens, experts, top_k, 8, 8, torch.float32, "cpu", seed=tokens, ids=ids)
    ref = align_reference(ids, experts, block_m)
    routing = route(ids, experts, block_m, in_kernel=True)
    assert routing.in_kernel and routing.num_blocks == ref.num_blocks
    expert = torch.full((routing.num_blocks,), -7, dtype=torch.int32)
    slots = torch.full((routing.num_blocks * block_m,), -7, dtype=torch.int32)
    _record_block_rows[(routing.num_blocks,)](routing.topk_ids, expert, slots, routing.num_slots, BLOCK_M=block_m,
                                              SLOTS=routing.slots_p2, EXPERTS=routing.experts_p2)
    assert torch.equal(expert, ref.block_expert)
    owned = ref.block_expert.repeat_interleave(block_m) >= 0  # rows of blocks past the end are never read
    assert torch.equal(slots[owned], ref.sorted_slots[owned])


def test_route_picks_in_kernel_routing_for_decode_only():
    assert route(torch.zeros(1, 2, dtype=torch.int64), 8, 16).in_kernel
    assert route(torch.zeros(32, 2, dtype=torch.int64), 8, 16).in_kernel
    assert not route(torch.zeros(64, 2, dtype=torch.int64), 8, 16).in_kernel


# ---------------------------------------------------------------------------------------------------- tiles


@triton.jit
def _record_tiles(out_ptr, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    pid_m, pid_n = moe.grouped_column_major_tile(pid, num_pid_m, num_pid_n, GROUP_M)
    tl.store(out_ptr + pid, pid_m * num_pid_n + pid_n)


@pytest.mark.parametrize("num_pid_m,num_pid_n,group_m", [(5, 3, 64), (7, 4, 2), (1, 9, 8), (6, 2, 1)])
def test_grouped_column_major_tile_is_a_bijection(num_pid_m, num_pid_n, group_m):
    out = torch.full((num_pid_m * num_pid_n,), -1, dtype=torch.int32)
    _record_tiles[(out.numel(),)](out, num_pid_m, num_pid_n, GROUP_M=group_m)
    assert sorted(out.tolist()) == list(range(out.numel()))
    if group_m >= num_pid_m:  # column-major: consecutive programs share a column tile
        assert (out[: num_pid_m] % num_pid_n == 0).all()


# ---------------------------------------------------------------------------------------------------- whole op


@pytest.mark.parametrize(
    "tokens,experts,top_k,hidden,intermediate,dtype",
    [
        (1, 8, 2, 48, 40, torch.bfloat16),
        (3, 4, 1, 40, 72, torch.float16),
        (17, 8, 2, 72, 56, torch.float32),
        (64, 4, 2, 40, 24, torch.bfloat16),
        (17, 4, 2, 48, 40, torch.float16),
    ],
)
def test_moe_forward_matches_reference(tokens, experts, top_k, hidden, intermediate, dtype):
    case = make_case(tokens, experts, top_k, hidden, intermediate, dtype, "cpu", seed=tokens)
    out = moe.moe_forward(*case)
    assert out.shape == (tokens, hidden) and out.dtype == dtype
    assert rel_err(out, moe.moe_reference(*case)) < TOL[dtype]


def test_moe_reference_matches_dense_loop():
    """The oracle itself, against the textbook per-token formula."""
    x, w1, w2, weights, ids = make_case(5, 4, 2, 16, 12, torch.float32, "cpu")
    expected = torch.zeros_like(x)
    for t in range(5):
        for k in range(2):
            gate, up = (w1[ids[t, k]] @ x[t]).split(12)
            expected[t] += weights[t, k] * (w2[ids[t, k]] @ (torch.nn.functional.silu(gate) * up))
    torch.testing.assert_close(moe.moe_reference(x, w1, w2, weights, ids), expected, rtol=1e-5, atol=1e-5)


def test_all_tokens_to_one_expert_and_experts_without_tokens():
    ids = torch.full((6, 2), 0, dtype=torch.int64)
    ids[:, 1] = 3  # experts 1 and 2 get nothing
    case = make_case(6, 4, 2, 40, 24, torch.float16, "cpu", ids=ids)
    assert rel_err(moe.moe_forward(*case), moe.moe_reference(*case)) < TOL[torch.float16]


def test_zero_tokens():
    case = make_case(0, 4, 2, 40, 24, torch.bfloat16, "cpu")
    assert moe.moe_forward(*case).shape == (0, 40)
    assert moe_op.fused_moe(*case).shape == (0, 40)


def test_bad_inputs_get_clear_errors():
    x, w1, w2, weights, ids = make_case(3, 4, 2, 16, 8, torch.float16, "cpu")
    with pytest.raises(ValueError, match="inconsistent MoE shapes"):
        moe.moe_forward(x[:, :8], w1, w2, weights, ids)
    with pytest.raises(ValueError, match="share one of"):
        moe.moe_forward(x.float(), w1, w2, weights, ids)
    with pytest.raises(ValueError, match=r"\(T, K\)"):
        moe.moe_forward(x, w1, w2, weights[:, :1], ids)


# ---------------------------------------------------------------------------------------------------- coverage


def configs_to_check():
    return list(dict.fromkeys([moe.default_config(t) for t in (1, 64, 1024)] + moe.shipped_configs()))


def check_coverage(config, x, w1, w2, weights, ids, in_kernel=False):
    """Launch each stage into NaN-poisoned outputs and scratch: every element must be written, and right."""
    num_experts, hidden, intermediate = w1.shape[0], w1.shape[2], w2.shape[2]
    routing = route(ids, num_experts, config.block_m, in_kernel)
    h = torch.full((routing.num_slots, intermediate), float("nan"), dtype=x.dtype, device=x.device)
    partial, counters = moe.down_workspace(routing, config.down, x.shape[0], hidden, x.device)
    if partial is not None:
        partial.fill_(float("nan"))  # a partial the kernel read but no program wrote shows in out
        counters.fill_(-5)  # gate_up must zero them
    moe.launch_gate_up(x, w1, routing, config.gate_up, h, counters)
    out = torch.full((x.shape[0], hidden), float("nan"), dtype=x.dtype, device=x.device)
    moe.launch_down(h, w2, routing, weights.reshape(-1), config.down, out, partial, counters)
    assert torch.isfinite(h).all() and torch.isfinite(out).all()
    assert rel_err(out, moe.moe_reference(x, w1, w2, weights, ids)) < TOL[x.dtype]


@pytest.mark.parametrize("config", configs_to_check(), ids=str)
def test_every_config_writes_every_element(config):
    # Three column tiles in both GEMMs, the last one partial (a tile-order bug that skips tiles shows
    # only with several); 37 tokens give several row blocks per expert. Routing: the path this config's
    # buckets take in production (block_m 16: decode, routed in the kernels); the GPU test runs both.
    hidden, intermediate = 2 * config.down.block_n + 8, 2 * config.gate_up.block_n + 8
    case = make_case(37, 4, 2, hidden, intermediate, torch.bfloat16, "cpu", seed=3)
    check_coverage(config, *case, in_kernel=config.block_m == 16)


def test_shipped_config_tables_parse_and_cover_buckets():
    paths = sorted(moe.CONFIG_DIR.glob("moe_*.json"))
    for path in paths:
        data = json.loads(path.read_text())
        assert data["configs"], path
        for bucket, config in data["configs"].items():
            assert int(bucket) > 0
            assert moe.MoeConfig.from_dict(config).to_dict() == config


def test_config_env_var_pins_a_config(monkeypatch):
    pinned = moe.MoeConfig(32, moe.GemmTile(32, 32, 4, 4, 2), moe.GemmTile(16, 32, 2, 4, 2, split_k=3))
    monkeypatch.setenv(moe.CONFIG_ENV, json.dumps(pinned.to_dict()))
    assert moe.get_config(5, 8, 14336, torch.bfloat16, torch.device("cpu")) == pinned
    case = make_case(5, 4, 2, 24, 40, torch.float16, "cpu")
    assert rel_err(moe.moe_forward(*case), moe.moe_reference(*case)) < TOL[torch.float16]


def test_split_k_larger_than_k_tiles_still_writes_zeros():
    config = moe.MoeConfig(16, moe.GemmTile(32, 32, 4, 4, 2), moe.GemmTile(32, 32, 4, 4, 2, split_k=4))
    check_coverage(config, *make_case(3, 4, 2, 24, 40, torch.float16, "cpu"))  # I=40: 2 K tiles, 4 splits


@pytest.mark.parametrize("split_k,top_k", [(1, 1), (2, 3)])
def test_down_reduction_sums_every_split_and_slot_deterministically(split_k, top_k):
    """SplitK x top-k partials reduced in the down kernel (the last arrival per token sums them): equal to
    summing the same fp32 partials in (split, k) order outside, bit for bit; top_k=1 without a split
    stores directly."""
    config = moe.MoeConfig(16, moe.GemmTile(32, 32, 4, 4, 2), moe.GemmTile(16, 16, 4, 4, 2, split_k=split_k))
    x, w1, w2, weights, ids = make_case(5, 4, top_k, 24, 40, torch.float32, "cpu", seed=split_k)
    routing = route(ids, 4, 16)
    h = torch.randn(routing.num_slots, 40)
    out = torch.full((5, 24), float("nan"))
    partial, counters = moe.down_workspace(routing, config.down, 5, 24, x.device)
    if counters is not None:
        counters.zero_()
    moe.launch_down(h, w2, routing, weights.reshape(-1), config.down, out, partial, counters)
    k_tiles = torch.arange(40).div(16, rounding_mode="floor")  # BLOCK_K=16: 3 K tiles over the splits
    per_split = -(-3 // split_k)
    slot_out = torch.zeros(split_k, routing.num_slots, 24)
    for s in range(routing.num_slots):
        w = w2[ids.reshape(-1)[s]]
        for split in range(split_k):
            cols = (k_tiles >= split * per_split) & (k_tiles < (split + 1) * per_split)
            slot_out[split, s] = (w[:, cols] @ h[s, cols]) * weights.reshape(-1)[s]
    expected = torch.zeros(5, 24)
    for split in range(split_k):
        for k in range(top_k):
            expected += slot_out[split, k::top_k]
    torch.testing.assert_close(out, expected, rtol=1e-5, atol=1e-6)
    if partial is not None:  # the reduction order is fixed: the same as adding the kernel's own partials
        assert torch.equal(out, sum(partial[s, k::top_k] for s in range(split_k) for k in range(top_k)) + 0.0)


def test_host_integer_helpers_match_triton():
    for n in range(1, 300):
        assert next_power_of_2(n) == triton.next_power_of_2(n)
        for d in (1, 3, 16, 64):
            assert cdiv(n, d) == triton.cdiv(n, d)


# ---------------------------------------------------------------------------------------------------- torch op


def test_custom_op_passes_opcheck():
    case = make_case(3, 2, 2, 24, 40, torch.float16, "cpu")
    torch.library.opcheck(torch.ops.patchzoo.fused_moe.default, case)


def test_custom_op_traces_with_fullgraph_compile():
    case = make_case(3, 2, 2, 24, 40, torch.float16, "cpu")
    compiled = torch.compile(lambda *a: moe_op.fused_moe(*a) * 2, backend="aot_eager", fullgraph=True)
    assert rel_err(compiled(*case), 2 * moe.moe_reference(*case)) < TOL[torch.float16]


def test_cpu_without_interpreter_falls_back_to_reference(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "0")

    def no_triton(*args, **kwargs):
        raise AssertionError("the Triton path ran on CPU without the interpreter")

    monkeypatch.setattr(moe, "moe_forward", no_triton)
    case = make_case(4, 4, 2, 24, 40, torch.float32, "cpu")
    torch.testing.assert_close(moe_op.fused_moe(*case), moe.moe_reference(*case))


# ---------------------------------------------------------------------------------------------------- GPU

MIXTRAL = dict(experts=8, top_k=2, hidden=4096, intermediate=14336)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("tokens", [1, 16, 300, 2048])
def test_mixtral_shapes_on_gpu(tokens, dtype):
    case = make_case(tokens, **MIXTRAL, dtype=dtype, device="cuda", seed=tokens)
    out = moe_op.fused_moe(*case)
    assert torch.isfinite(out).all()
    assert rel_err(out, moe.moe_reference(*case)) < TOL[dtype]


@pytest.mark.gpu
@pytest.mark.parametrize("config", configs_to_check(), ids=str)
def test_every_config_writes_every_element_on_gpu(config):
    for tokens, in_kernel in ((1, True), (1, False), (37, True), (37, False), (700, False)):
        case = make_case(tokens, **MIXTRAL, dtype=torch.bfloat16, device="cuda", seed=tokens)
        check_coverage(config, *case, in_kernel=in_kernel)


@pytest.mark.gpu
def test_repeated_calls_and_cuda_graph_replay_on_gpu():
    """Counters and scratch are per call: back-to-back calls, and a captured call replayed on new
    inputs, give the eager result (the decode benchmark captures whole steps)."""
    x, w1, w2, weights, ids = make_case(2, **MIXTRAL, dtype=torch.bfloat16, device="cuda")
    first = moe_op.moe_eager(x, w1, w2, weights, ids)
    assert rel_err(first, moe.moe_reference(x, w1, w2, weights, ids)) < TOL[torch.bfloat16]
    for _ in range(3):
        assert torch.equal(moe_op.moe_eager(x, w1, w2, weights, ids), first)
    static = [t.clone() for t in (x, weights, ids)]
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        moe_op.moe_eager(static[0], w1, w2, static[1], static[2])
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = moe_op.moe_eager(static[0], w1, w2, static[1], static[2])
    x2, _, _, weights2, ids2 = make_case(2, **MIXTRAL, dtype=torch.bfloat16, device="cuda", seed=5)
    for target, value in zip(static, (x2, weights2, ids2)):
        target.copy_(value)
    graph.replay()
    assert torch.equal(captured, moe_op.moe_eager(x2, w1, w2, weights2, ids2))


@pytest.mark.gpu
def test_int64_offsets_long_prefill_on_gpu():
    """S*I > 2**31: slot offsets into h (and T*H offsets) need int64; check the tail rows."""
    tokens = 2**31 // (2 * 14336) + 1024  # 75922 tokens
    x, w1, w2, weights, ids = make_case(4, **MIXTRAL, dtype=torch.bfloat16, device="cuda")
    g = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randn(tokens, 4096, device="cuda", dtype=torch.bfloat16, generator=g)
    ids = torch.rand(tokens, 8, device="cuda", generator=g).argsort(-1)[:, :2]
    weights = torch.full((tokens, 2), 0.5, device="cuda")
    out = moe_op.fused_moe(x, w1, w2, weights, ids)
    tail = slice(tokens - 64, tokens)
    ref = moe.moe_reference(x[tail], w1, w2, weights[tail], ids[tail])
    assert rel_err(out[tail], ref) < TOL[torch.bfloat16]


@pytest.mark.gpu
def test_compiles_with_inductor_on_gpu():
    case = make_case(8, 8, 2, 256, 512, torch.bfloat16, "cuda")
    compiled = torch.compile(lambda *a: moe_op.fused_moe(*a) + 1, fullgraph=True)
    assert rel_err(compiled(*case), moe.moe_reference(*case) + 1) < TOL[torch.bfloat16]
