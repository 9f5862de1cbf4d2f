"""How much FSDP2 communication hides under compute: a torch.profiler trace of two training steps per rank.

    torchrun --standalone --nproc-per-node 2 -m benchmarks.profile_fsdp --provider train_defaults --shape 8b \
        --trace-dir benchmarks/out/traces

Builds the model as benchmarks/bench_fsdp.py does (same providers and shapes), runs warm-up steps, then profiles two
steps. From rank 0's kernels: every NCCL kernel (all-gather, reduce-scatter, all-reduce) is split into the part
that ran while a compute kernel ran on another stream (hidden) and the part that did not (exposed); the compute
stream (the stream with the most non-NCCL kernel time) is scanned for its largest idle gaps, and its idle time is
split into the part during which an NCCL kernel ran (waiting for communication) and the rest (host or other
work). The trace (Chrome JSON, one per rank) is written to --trace-dir for a look in Perfetto; it stays out of git.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

import torch
import torch.distributed as dist
import transformers

from benchmarks.bench_fsdp import COMMON, PROVIDERS, REDUCE_DTYPES, SHAPES, build, run_steps
from patchzoo.commands.train import RESHARD_AFTER_FORWARD
from patchzoo.training.trainer import init_distributed


GAPS_LISTED = 8
GAP_NAME_CHARS = 70


def _union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _overlap(interval: tuple[float, float], union: list[tuple[float, float]]) -> float:
    start, end = interval
    return sum(max(0.0, min(end, e) - max(start, s)) for s, e in union)


def communication_summary(events: list[dict]) -> dict:
    """Hidden/exposed NCCL time and the compute stream's largest idle gap, from Chrome-trace events (µs)."""
    kernels = [e for e in events if e.get("cat") == "kernel" and "dur" in e]
    comm = [e for e in kernels if "nccl" in e["name"].lower()]
    compute = [e for e in kernels if "nccl" not in e["name"].lower()]
    busy = defaultdict(float)
    for e in compute:
        busy[e["args"].get("stream", e.get("tid"))] += e["dur"]
    main_stream = max(busy, key=busy.get)
    by_kind = defaultdict(lambda: [0.0, 0.0])  # kind -> [total, hidden]
    for e in comm:
        interval = (e["ts"], e["ts"] + e["dur"])
        others = _union([(c["ts"], c["ts"] + c["dur"]) for c in compute
                         if c["ts"] < interval[1] and c["ts"] + c["dur"] > interval[0]])
        name = e["name"].lower()
        kind = next((k for k in ("allgather", "reducescatter", "allreduce") if k in name.replace("_", "")), "other")
        by_kind[kind][0] += e["dur"]
        by_kind[kind][1] += _overlap(interval, others)
    on_main = sorted((e for e in compute if e["args"].get("stream", e.get("tid")) == main_stream), key=lambda e: e["ts"])
    main = [(e["ts"], e["ts"] + e["dur"]) for e in on_main]
    ranked_gaps = sorted(((b[0] - a[1], a[1], i) for i, (a, b) in enumerate(zip(main, main[1:]))), reverse=True)
    # The compute stream's idle time split by what the GPU did meanwhile: an NCCL kernel ran (compute waits for
    # communication: more overlap or less traffic would help) or none did (the host was late, or a dependency on
    # another stream's non-NCCL work: fewer launches, CUDA graphs or compile would help).
    spans = _union(main)
    idle = [(a[1], b[0]) for a, b in zip(spans, spans[1:])]
    idle_us = sum(end - start for start, end in idle)
    comm_union = _union([(e["ts"], e["ts"] + e["dur"]) for e in comm])
    idle_during_comm_us = sum(_overlap(gap, comm_union) for gap in idle)
    largest_gap = ranked_gaps[0] if ranked_gaps else (0.0, 0.0, 0)
    span = main[-1][1] - main[0][0] if main else 0.0
    total = sum(v[0] for v in by_kind.values())
    hidden = sum(v[1] for v in by_kind.values())
    return dict(
        profiled_us=span, compute_busy_us=busy[main_stream], communication_us=total,
        hidden_share=hidden / total if total else None,
        by_kind={k: dict(total_us=v[0], hidden_share=v[1] / v[0] if v[0] else None) for k, v in by_kind.items()},
        largest_compute_gap_us=largest_gap[0],
        largest_compute_gap_at_us=largest_gap[1] - main[0][0] if main else None,
        compute_idle_share=1 - busy[main_stream] / span if span else None,
        compute_idle_us=idle_us,
        idle_while_nccl_runs_share=idle_during_comm_us / idle_us if idle_us else None,
        # where the compute stream waits: the largest gaps with the kernels before and after them
        largest_gaps=[dict(us=round(gap), at_us=round(at - main[0][0]), before=on_main[i]["name"][:GAP_NAME_CHARS],
                           after=on_main[i + 1]["name"][:GAP_NAME_CHARS])
                      for gap, at, i in ranked_gaps[:GAPS_LISTED]],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--provider", choices=PROVIDERS, default="train_defaults")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="8b")
    parser.add_argument("--seq-len", type=int, default=4096)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--ac-every", type=int, default=0)
    parser.add_argument("--reshard-after-forward", choices=sorted(RESHARD_AFTER_FORWARD), default="auto",
                        help="as bench_fsdp's")
    parser.add_argument("--reduce-dtype", choices=sorted(REDUCE_DTYPES), help="as bench_fsdp's")
    parser.add_argument("--trace-dir", default="benchmarks/out/traces")
    args = parser.parse_args()

    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    config = transformers.LlamaConfig(**COMMON, **SHAPES[args.shape])
    config._attn_implementation = "sdpa"
    reduce_dtype = REDUCE_DTYPES.get(args.reduce_dtype)
    model, optimizer = build(args.provider, config, device, world, args.ac_every,
                             RESHARD_AFTER_FORWARD[args.reshard_after_forward], reduce_dtype=reduce_dtype)
    run_steps(model, optimizer, device, args.seq_len, steps=1, warmup=args.warmup, rank=rank, world=world)
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        run_steps(model, optimizer, device, args.seq_len, steps=2, warmup=0, rank=rank, world=world)
    trace = Path(args.trace_dir) / f"{args.provider}_{args.shape}_{world}gpu_rank{rank}.json"
    trace.parent.mkdir(parents=True, exist_ok=True)
    prof.export_chrome_trace(str(trace))
    if rank == 0:
        summary = communication_summary(json.loads(trace.read_text())["traceEvents"])
        summary.update(provider=args.provider, shape=args.shape, gpus=world, gpu=torch.cuda.get_device_name(device))
        print(json.dumps(summary), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
