"""Where a step's GPU sits idle, and what the host was doing meanwhile.

    text = idle_report("patchzoo_graph train_encoder 75%", step, steps=5)

Runs `step` under torch.profiler (CPU ops and CUDA kernels), then over the profiled steps reports the
wall time, the time the GPU was busy (union of kernel, copy and memset intervals) and the idle gaps,
each gap charged to the host operations that were running at its midpoint (the outermost aten or
autograd op, and the innermost one). A step whose wall time exceeds its kernel time by a lot is
host-bound; the gap table says where. The profiler adds a few µs of host time per op, so gaps read
somewhat larger than in an unprofiled step: compare providers under the same profiler, not with the
timed tables.
"""

from __future__ import annotations

import json
import tempfile
from collections import defaultdict
from pathlib import Path

import torch

GPU_CATEGORIES = ("kernel", "gpu_memcpy", "gpu_memset")


def _trace_events(step, steps: int) -> list[dict]:
    from torch.profiler import ProfilerActivity, profile

    step()
    step()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            step()
        torch.cuda.synchronize()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        prof.export_chrome_trace(str(path))
        return json.loads(path.read_text())["traceEvents"]


def _union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(a, b) for a, b in merged]


def idle_report(title: str, step, steps: int = 5, min_gap_us: float = 3.0, rows: int = 12) -> str:
    """Markdown: per-step wall / GPU busy / idle µs, then idle time by the host ops running at each gap."""
    return summarize(title, _trace_events(step, steps), steps, min_gap_us, rows)


def summarize(title: str, events: list[dict], steps: int, min_gap_us: float = 3.0, rows: int = 12) -> str:
    """idle_report's table from chrome-trace events (ts, dur in µs; cat kernel / cpu_op / ...)."""
    gpu = _union([(e["ts"], e["ts"] + e["dur"]) for e in events if e.get("cat") in GPU_CATEGORIES and "dur" in e])
    host_ops = [e for e in events if e.get("cat") in ("cpu_op", "cuda_runtime", "user_annotation") and "dur" in e]
    if not gpu:
        return f"**{title}**: no GPU activity recorded"
    begin, end = gpu[0][0], gpu[-1][1]
    busy = sum(b - a for a, b in gpu)
    gaps = [(a_end, b_start) for (_, a_end), (b_start, _) in zip(gpu, gpu[1:]) if b_start - a_end >= min_gap_us]
    charged: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for start, stop in gaps:
        mid = (start + stop) / 2
        running = sorted((e for e in host_ops if e["ts"] <= mid <= e["ts"] + e["dur"]), key=lambda e: -e["dur"])
        outer = running[0]["name"] if running else "(host between ops: Python)"
        inner = running[-1]["name"] if running else ""
        row = charged[(outer[:70], inner[:70])]
        row[0] += 1
        row[1] += stop - start
    per_step = lambda us: us / steps  # noqa: E731
    lines = [
        f"**{title}** ({steps} steps under the profiler): wall {per_step(end - begin):.0f} µs per step, "
        f"GPU busy {per_step(busy):.0f} µs, idle {per_step(end - begin - busy):.0f} µs "
        f"({len(gaps) / steps:.0f} gaps of >= {min_gap_us:g} µs per step)",
        "",
        "| host op at the gap's midpoint (outermost) | innermost | gaps per step | idle µs per step |",
        "|---|---|---|---|",
    ]
    ranked = sorted(charged.items(), key=lambda item: -item[1][1])
    for (outer, inner), (count, us) in ranked[:rows]:
        lines.append(f"| `{outer}` | `{inner}` | {count / steps:.1f} | {per_step(us):.0f} |")
    rest = ranked[rows:]
    if rest:
        lines.append(f"| (other {len(rest)}) | | {sum(c for _, (c, _) in rest) / steps:.1f} | "
                     f"{per_step(sum(us for _, (_, us) in rest)):.0f} |")
    return "\n".join(lines + ["", kernel_table(events, steps, rows + 8)])


def kernel_table(events: list[dict], steps: int, rows: int = 12) -> str:
    """GPU time per kernel name (kernels replayed from CUDA graphs included, as the profiler records them)."""
    per_name: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for e in events:
        if e.get("cat") in GPU_CATEGORIES and "dur" in e:
            row = per_name[e["name"][:90]]
            row[0] += 1
            row[1] += e["dur"]
    ranked = sorted(per_name.items(), key=lambda item: -item[1][1])
    lines = ["| kernel | launches per step | µs per step |", "|---|---|---|"]
    lines += [f"| `{name}` | {count / steps:.1f} | {us / steps:.0f} |" for name, (count, us) in ranked[:rows]]
    rest = ranked[rows:]
    lines.append(f"| (other {len(rest)}) | {sum(c for _, (c, _) in rest) / steps:.1f} | "
                 f"{sum(us for _, (_, us) in rest) / steps:.0f} |")
    return "\n".join(lines)
