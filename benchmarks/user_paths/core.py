"""What a row is, what it measures, and how rows become one table, JSON lines and an exit status.

    path = UserPath("llama-1b · generate · default cache", "llama", run)   # run(side, env) -> {metric: Measurement}
    result = run_path(path, env)                  # stock, zoo, zoo, stock: same weights and data
    table, status = summarize(results, tolerance=0.98)

Every Measurement is a time (lower is better): seconds per call, per step or per whole run. A row's ratio is
stock time / zoo time, so 1.25x means the zoo takes 80 % of stock's time on that path.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

import torch

SIDES = ("stock", "zoo")
# Exit statuses of the command: every measured row at or above the tolerance / some row under it (or a zoo
# failure where stock ran) / rows left unmeasured (time budget spent) with none under.
EXIT_OK, EXIT_SLOWER, EXIT_INCOMPLETE = 0, 1, 3


@dataclass(frozen=True)
class Env:
    """Where and how big: the GPU at real shapes, or `--device cpu --tiny` (tiny configs, few steps, float32)."""

    device: torch.device
    tiny: bool
    workdir: str  # checkpoints are written here once per architecture and loaded with from_pretrained

    @property
    def cuda(self) -> bool:
        return self.device.type == "cuda"

    def dtype(self, wanted: torch.dtype) -> torch.dtype:
        """The dtype a row asks for on the GPU; float32 on the CPU (no fp16 Trainer or kernels there)."""
        return wanted if self.cuda else torch.float32


@dataclass
class Measurement:
    seconds: float  # per `unit`
    unit: str  # "call", "step", "run", "pass"
    warmup_s: float = 0.0  # first-use cost above the steady time: compilation, graph capture, autotuning
    peak_gib: float | None = None  # torch.cuda.max_memory_allocated over the side's run, weights included
    notes: list[str] = field(default_factory=list)  # patchzoo log lines of the zoo side (fallbacks, once per process)
    graphs: int = 0  # graphs torch.compile (dynamo) compiled during the side's run: one per shape it recompiled for


@dataclass(frozen=True)
class UserPath:
    name: str  # "arch · call · setting"; --only matches substrings of it
    arch: str
    run: Callable[[str, Env], dict[str, Measurement]]  # side -> {metric name: Measurement}; "" for a single metric
    needs_cuda: bool = False  # compiled paths: on the CPU transformers would not compile them, nothing to compare
    # Each side measured twice, in the order stock, zoo, zoo, stock, keeping its faster steady time: a host-bound
    # call's time drifts and depends on what ran just before it (timed after stock, a zoo side read 0.91x where its
    # twin read 1.05x), and in this order neither side always runs first or right after the other. False for rows
    # whose metric includes a cold start that a second run would not pay (Trainer whole runs: inductor's disk cache).
    alternate: bool = True


@dataclass
class Result:
    """One table row: a path (and metric) measured on both sides, or the reason it was not."""

    path: str
    stock: Measurement | None = None
    zoo: Measurement | None = None
    error: dict[str, str] = field(default_factory=dict)  # side -> "ExceptionType: message"
    skipped: str = ""

    @property
    def ratio(self) -> float | None:
        if self.stock is None or self.zoo is None:
            return None
        return self.stock.seconds / self.zoo.seconds

    def passes(self, tolerance: float) -> bool | None:
        """True/False against the tolerance; None where there is nothing to hold the zoo to (skipped, stock failed)."""
        if self.skipped or "stock" in self.error:
            return None
        if "zoo" in self.error:
            return False  # stock ran this path and the zoo did not: a drop-in failure
        return self.ratio >= tolerance

    def as_json(self) -> dict:
        return {"path": self.path, "ratio": self.ratio, "error": self.error, "skipped": self.skipped,
                **{side: None if m is None else dataclasses.asdict(m) for side, m in (("stock", self.stock),
                                                                                    ("zoo", self.zoo))}}


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage()[:200])


def free_memory(env: Env) -> None:
    gc.collect()
    if env.cuda:
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def run_side(path: UserPath, side: str, env: Env) -> dict[str, Measurement]:
    """One side of a path, with a clean slate: dynamo's caches reset (both sides share stock's code objects and
    one recompile limit), memory freed, peak counter reset, the RNG seeded (weights a checkpoint lacks, such as a new
    classification head, are initialized alike); the zoo side's patchzoo log lines kept as notes."""
    from torch._dynamo.utils import counters

    torch._dynamo.reset()
    torch.manual_seed(0)
    graphs_before = counters["stats"]["unique_graphs"]
    free_memory(env)
    collect = _Collect()
    zoo_logger = logging.getLogger("patchzoo")
    previous_level = zoo_logger.level
    zoo_logger.addHandler(collect)
    zoo_logger.setLevel(logging.INFO)
    try:
        measured = path.run(side, env)
    finally:
        zoo_logger.removeHandler(collect)
        zoo_logger.setLevel(previous_level)
    peak = torch.cuda.max_memory_allocated() / 2**30 if env.cuda else None
    for measurement in measured.values():
        measurement.graphs = counters["stats"]["unique_graphs"] - graphs_before
        measurement.peak_gib = peak if measurement.peak_gib is None else measurement.peak_gib
        if side == "zoo":
            measurement.notes = list(dict.fromkeys(collect.lines))
    free_memory(env)
    return measured


def run_path(path: UserPath, env: Env, deadline: float = float("inf"), alternate: bool = True) -> list[Result]:
    """Both sides of one path, one Result per metric: stock then zoo, or stock, zoo, zoo, stock where the path and
    `alternate` say so (UserPath.alternate); errors are reported in the row, never raised."""
    if path.needs_cuda and not env.cuda:
        return [Result(path.name, skipped="needs CUDA")]
    if time.monotonic() > deadline:
        return [Result(path.name, skipped="time budget spent")]
    measured, errors = {}, {}
    for side in SIDES + SIDES[::-1] if alternate and path.alternate else SIDES:
        if side in errors:
            continue
        try:
            again = run_side(path, side, env)
            measured[side] = keep_faster(measured[side], again) if side in measured else again
        except Exception as error:  # noqa: BLE001 - a row reports its failure; the table goes on
            errors[side] = f"{type(error).__name__}: {str(error)[:300]}"
            print(f"{path.name} [{side}] failed:\n{traceback.format_exc(limit=-3)}", flush=True)
            free_memory(env)
    metrics = list(dict.fromkeys(m for side in measured.values() for m in side)) or [""]
    return [Result(f"{path.name} · {metric}" if metric else path.name,
                   stock=measured.get("stock", {}).get(metric), zoo=measured.get("zoo", {}).get(metric),
                   error=errors) for metric in metrics]


def keep_faster(first: dict[str, Measurement], again: dict[str, Measurement]) -> dict[str, Measurement]:
    """A side's two runs as one: per metric the faster steady time; warm-up, graphs and notes of its first run
    (the cold one)."""
    return {metric: dataclasses.replace(m, seconds=min(m.seconds, again[metric].seconds)) if metric in again else m
            for metric, m in first.items()}


def _time(m: Measurement) -> str:
    return f"{m.seconds:.1f} s/{m.unit}" if m.seconds >= 10 else f"{m.seconds * 1e3:.1f} ms/{m.unit}"


def _gib(m: Measurement | None) -> str:
    return "-" if m is None or m.peak_gib is None else f"{m.peak_gib:.1f}"


def markdown_row(result: Result, tolerance: float) -> str:
    stock, zoo = result.stock, result.zoo
    verdict = {True: "", False: " **<**", None: ""}[result.passes(tolerance)]
    ratio = "-" if result.ratio is None else f"{result.ratio:.2f}x{verdict}"
    warmup = "/".join("-" if m is None else f"{m.warmup_s:.1f}" for m in (stock, zoo))
    if any(m is not None and m.graphs for m in (stock, zoo)):
        warmup += " (graphs " + "/".join("-" if m is None else str(m.graphs) for m in (stock, zoo)) + ")"
    notes = [f"{side} failed: {msg}" for side, msg in result.error.items()] + ([result.skipped] if result.skipped else [])
    notes += zoo.notes if zoo is not None else []
    cells = [result.path, "-" if stock is None else _time(stock), "-" if zoo is None else _time(zoo), ratio, warmup,
             f"{_gib(stock)}/{_gib(zoo)}", "; ".join(notes).replace("|", "/")]
    return "| " + " | ".join(cells) + " |"


def summarize(results: list[Result], tolerance: float) -> tuple[str, int]:
    """The markdown table and the exit status (EXIT_OK, EXIT_SLOWER, EXIT_INCOMPLETE)."""
    lines = ["| path | stock | zoo | zoo / stock | warm-up s stock/zoo (compiled graphs) | peak GiB stock/zoo | notes |",
             "|---|---|---|---|---|---|---|"]
    lines += [markdown_row(r, tolerance) for r in results]
    verdicts = [r.passes(tolerance) for r in results]
    failed = [r.path for r, v in zip(results, verdicts) if v is False]
    unmeasured = [r.path for r in results if r.skipped == "time budget spent"]
    if failed:
        status = EXIT_SLOWER
        lines += ["", f"{len(failed)} row(s) under {tolerance:.2f}x (or failing where stock runs): " + "; ".join(failed)]
    elif unmeasured:
        status = EXIT_INCOMPLETE
        lines += ["", f"{len(unmeasured)} row(s) not measured (time budget spent): " + "; ".join(unmeasured)]
    else:
        status = EXIT_OK
        lines += ["", f"every measured row at or above {tolerance:.2f}x"]
    return "\n".join(lines), status
