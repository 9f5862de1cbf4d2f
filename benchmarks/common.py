"""One runner for every benchmark script.

    report = Report("moe", case_keys=("dtype", "tokens"))
    hw = report.hardware                       # measured HBM copy bandwidth and bf16 matmul peak
    report.time({"dtype": "bf16", "tokens": 1}, "hf_grouped_mm", fn, bytes=..., flops=...)
    report.floor({"dtype": "bf16", "tokens": 1}, bytes=..., flops=...)   # physical floor row
    report.finish(x="tokens")                  # table on stdout, CSV + PNG + markdown in benchmarks/out/

Every provider of one case is timed in the same process with triton.testing.do_bench (median,
warm-up and cache flush included), so ratios between them hold; absolute times hold only with the
GPU name printed beside them.
"""

from __future__ import annotations

import csv
import datetime as dt
import platform
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import torch

OUT_DIR = Path(__file__).resolve().parent / "out"


@dataclass(frozen=True)
class Hardware:
    gpu: str
    hbm_gbps: float  # device-to-device copy: bytes read + written per second
    bf16_tflops: float  # large bf16 matmul
    versions: str
    date: str


def environment_versions() -> str:
    import transformers

    parts = [f"torch {torch.__version__}", f"transformers {transformers.__version__}"]
    try:
        import triton

        parts.append(f"triton {triton.__version__}")
    except ImportError:
        pass
    parts.append(f"python {platform.python_version()}")
    if torch.version.cuda:
        parts.append(f"CUDA {torch.version.cuda}")
    return ", ".join(parts)


def bench_ms(fn: Callable[[], object]) -> float:
    """Median ms of fn on the current CUDA device (triton.testing.do_bench: warm-up, L2 flush)."""
    import triton.testing

    return float(triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median"))


def time_events_ms(fn, repeats: int = 3) -> float:
    """Median ms of fn() with CUDA events, after one warm-up call (generate is too long for do_bench)."""
    fn()
    times = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def capture_graph(fn: Callable[[], object], warmups: int = 1) -> torch.cuda.CUDAGraph:
    """fn() captured in a CUDA graph, after `warmups` calls on a side stream so that compilation and
    allocations happen outside the capture; replayed once and synchronized, so a failure shows here."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(warmups):
            fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    graph.replay()
    torch.cuda.synchronize()
    return graph


def events_ms(fn: Callable[[], object], calls: int = 20, samples: int = 7) -> float:
    """Median over `samples` of ms per call, each sample `calls` back-to-back calls between CUDA events.

    A fixed number of calls (do_bench picks its own), so that state a call advances (a static KV cache's
    write position) stays within bounds; `events_ms(graph.replay, ...)` times a captured graph.
    """
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(samples):
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / calls)
    return sorted(times)[len(times) // 2]


def measure_hardware() -> Hardware:
    """HBM bandwidth from a 1 GiB device copy, bf16 peak from an 8192³ matmul, on this GPU."""
    if not torch.cuda.is_available():
        raise RuntimeError("benchmarks need a CUDA GPU")
    n_bytes = 1 << 30
    src = torch.empty(n_bytes, dtype=torch.uint8, device="cuda").random_()
    dst = torch.empty_like(src)
    copy_ms = bench_ms(lambda: dst.copy_(src))
    del src, dst
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    mm_ms = bench_ms(lambda: a @ b)
    return Hardware(
        gpu=torch.cuda.get_device_name(),
        hbm_gbps=2 * n_bytes / copy_ms / 1e6,
        bf16_tflops=2 * n**3 / mm_ms / 1e9,
        versions=environment_versions(),
        date=dt.date.today().isoformat(),
    )


@dataclass
class Row:
    case: dict
    provider: str
    ms: float
    bytes: float | None = None
    flops: float | None = None

    @property
    def gbps(self) -> float | None:
        return self.bytes / self.ms / 1e6 if self.bytes else None

    @property
    def tflops(self) -> float | None:
        return self.flops / self.ms / 1e9 if self.flops else None


@dataclass
class Report:
    name: str
    case_keys: tuple[str, ...]
    rows: list[Row] = field(default_factory=list)
    hardware: Hardware = field(default_factory=measure_hardware)

    def time(self, case: dict, provider: str, fn: Callable[[], object], *, bytes=None, flops=None) -> Row:
        row = Row(dict(case), provider, bench_ms(fn), bytes, flops)
        self.rows.append(row)
        return row

    def add(self, case: dict, provider: str, ms: float, *, bytes=None, flops=None) -> Row:
        """A measurement taken by the caller (e.g. a full generate() timed with CUDA events)."""
        row = Row(dict(case), provider, ms, bytes, flops)
        self.rows.append(row)
        return row

    def floor(self, case: dict, *, bytes: float = 0.0, flops: float = 0.0) -> Row:
        """The physical floor: max(bytes / HBM bandwidth, FLOPs / bf16 peak), both measured above."""
        ms = max(bytes / (self.hardware.hbm_gbps * 1e6), flops / (self.hardware.bf16_tflops * 1e9))
        return self.add(case, "floor", ms, bytes=bytes or None, flops=flops or None)

    def _cases(self) -> list[tuple]:
        seen = []
        for row in self.rows:
            key = tuple(row.case[k] for k in self.case_keys)
            if key not in seen:
                seen.append(key)
        return seen

    def providers(self) -> list[str]:
        return list(dict.fromkeys(r.provider for r in self.rows))

    def lookup(self, key: tuple, provider: str) -> Row | None:
        for row in self.rows:
            if row.provider == provider and tuple(row.case[k] for k in self.case_keys) == key:
                return row
        return None

    def markdown(self, baseline: str | None = None) -> str:
        """One line per case: µs per provider, and speedup of every provider over `baseline`."""
        providers = self.providers()
        hw = self.hardware
        head = [
            f"{hw.gpu}; {hw.versions}; {hw.date}; measured copy bandwidth {hw.hbm_gbps:.0f} GB/s, "
            f"bf16 matmul {hw.bf16_tflops:.0f} TFLOP/s",
            "",
        ]
        cols = [*self.case_keys, *(f"{p} µs" for p in providers)]
        if baseline:
            cols += [f"{p} vs {baseline}" for p in providers if p not in (baseline, "floor")]
        lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        for key in self._cases():
            cells = [str(k) for k in key]
            for p in providers:
                row = self.lookup(key, p)
                cells.append("" if row is None else f"{row.ms * 1e3:.1f}")
            if baseline:
                base = self.lookup(key, baseline)
                for p in providers:
                    if p in (baseline, "floor"):
                        continue
                    row = self.lookup(key, p)
                    cells.append("" if row is None or base is None else f"{base.ms / row.ms:.2f}x")
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(head + lines)

    def write_csv(self, path: Path) -> None:
        with path.open("w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow([*self.case_keys, "provider", "us", "GB/s", "TFLOP/s", "gpu"])
            for r in self.rows:
                writer.writerow(
                    [*(r.case[k] for k in self.case_keys), r.provider, f"{r.ms * 1e3:.2f}",
                     "" if r.gbps is None else f"{r.gbps:.1f}", "" if r.tflops is None else f"{r.tflops:.1f}",
                     self.hardware.gpu]
                )

    def plot(self, path: Path, x: str, group_by: tuple[str, ...] = ()) -> None:
        """µs vs `x` (log-log), one line per provider, one panel per value of `group_by`."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        groups = list(dict.fromkeys(tuple(r.case[k] for k in group_by) for r in self.rows))
        fig, axes = plt.subplots(1, len(groups), figsize=(6 * len(groups), 4.5), squeeze=False)
        for ax, group in zip(axes[0], groups):
            for provider in self.providers():
                pts = [(r.case[x], r.ms * 1e3) for r in self.rows
                       if r.provider == provider and tuple(r.case[k] for k in group_by) == group]
                if pts:
                    xs, ys = zip(*sorted(pts))
                    ax.plot(xs, ys, marker="o", label=provider, linestyle="--" if provider == "floor" else "-")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel(x)
            ax.set_ylabel("µs")
            ax.set_title(" ".join(f"{k}={v}" for k, v in zip(group_by, group)) or self.name)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend()
        fig.suptitle(f"{self.name} on {self.hardware.gpu}")
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)

    def finish(self, x: str | None = None, group_by: tuple[str, ...] = (), baseline: str | None = None) -> str:
        """Print the markdown table and write CSV, markdown and (with x) a PNG to benchmarks/out/."""
        OUT_DIR.mkdir(exist_ok=True)
        table = self.markdown(baseline)
        print(table, flush=True)
        self.write_csv(OUT_DIR / f"{self.name}.csv")
        (OUT_DIR / f"{self.name}.md").write_text(table + "\n")
        if x is not None:
            self.plot(OUT_DIR / f"{self.name}.png", x, group_by)
        return table
