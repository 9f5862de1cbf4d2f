"""Stock vs zoo on the same checkpoint: the engine of `patchzoo parity`.

Data flow for one architecture:
    checkpoint --stock class--> stock model --+
               --zoo class----> zoo model   --+--> same inputs --> compared outputs --> ParityRow

An architecture's ParityCase (patchzoo/evals/parity_cases/<arch>_case.py) says what inputs to feed, what each of its
classes outputs (its Head: hidden states, sequence, start/end or token logits, generated tokens) and at what
tolerance; everything else (loading, timing on a GPU, the table) lives here.
"""

from __future__ import annotations

import importlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import torch
import transformers

from patchzoo import registry
from patchzoo.evals.parity_cases import ARCHITECTURES
from patchzoo.evals.parity_cases.common import Head, head_by_suffix

# Printed under a table measured on a CPU, which has no time column.
CPU_TIME_NOTE = (
    "no stock/zoo time on a CPU: the zoo's fast paths (Triton kernels, CUDA graphs) are GPU paths, and CPU times "
    "of small models swing several-fold from run to run; compare speed on a GPU"
)


@dataclass(frozen=True)
class ParityCase:
    arch: str
    model_type: str
    feature: str  # what the zoo changes, one line
    make_inputs: Callable[[transformers.PretrainedConfig, torch.device, torch.Generator], dict]
    # Tolerance on max |zoo - stock| at the dtype the zoo runs in; 0 means exact equality.
    tolerance: Callable[[torch.dtype], float]
    # Stock class name (from config.architectures) -> what is compared for it and how it is run.
    head: Callable[[str], Head] = head_by_suffix
    # The dtype the stock reference runs in, given the zoo's (e.g. fp16 zoo T5 against fp32 stock).
    stock_dtype: Callable[[torch.dtype], torch.dtype] = lambda dtype: dtype
    # Loading kwargs for both models beyond dtype (e.g. attn_implementation).
    load_kwargs: dict = field(default_factory=dict)
    # Checkpoints with a GPTQ quantization_config: the case for them, and not for plain ones (of the same model_type).
    gptq: bool = False
    # Writes the tiny checkpoint of the main job into a directory (default: patchzoo.tiny.build.tiny_checkpoint).
    build_tiny: Callable[[Path, int], Path] | None = None
    # Builds the stock twin (stock class, checkpoint, dtype) when stock from_pretrained cannot read the checkpoint.
    load_stock: Callable[[type, str | Path, torch.dtype], torch.nn.Module] | None = None
    # `parity --train` (evals/train_parity.py): the head a training step backpropagates through (None: `head`,
    # when that one is differentiable), or why the case has no training comparison.
    train_head: Callable[[str], Head] | None = None
    no_train_reason: str = ""


@dataclass
class ParityRow:
    arch: str
    feature: str
    status: str  # "pass", "FAIL", "not patched yet", "n/a", "error"
    model_class: str = ""  # the checkpoint's class (config.architectures[0])
    metric: str = ""
    value: float | None = None
    tolerance: float | None = None
    dtype: str = ""
    stock_dtype: str = ""
    stock_ms: float | None = None
    zoo_ms: float | None = None
    speedup: float | None = None  # stock time / zoo time
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.status in ("FAIL", "error")


def load_case(arch: str) -> ParityCase:
    if arch not in ARCHITECTURES:
        raise ValueError(f"unknown architecture {arch!r}; choose from {', '.join(ARCHITECTURES)}")
    return importlib.import_module(f"patchzoo.evals.parity_cases.{arch}_case").CASE


def case_for_config(config: transformers.PretrainedConfig) -> ParityCase:
    """The case of a checkpoint: its model_type, and whether it is GPTQ-quantized.

    UnsupportedArchitectureError, naming what is supported, when the zoo has no class for the checkpoint's
    model_type or for its class (config.architectures[0]).
    """
    from patchzoo.patches.gptq_linear import is_gptq_config

    gptq = is_gptq_config(config)
    cases = [load_case(arch) for arch in ARCHITECTURES]
    matching = [c for c in cases if c.model_type == config.model_type and c.gptq == gptq]
    if not matching:
        kind = "GPTQ " if gptq else ""
        types = sorted({c.model_type for c in cases if c.gptq == gptq})
        raise registry.UnsupportedArchitectureError(
            f"patchzoo has no {kind}model_type={config.model_type!r}; supported {kind}model types: {', '.join(types)}"
        )
    architecture = (config.architectures or [None])[0]
    classes = registry.zoo_classes(config.model_type)
    if architecture not in classes:
        raise registry.UnsupportedArchitectureError(
            f"patchzoo has no zoo class for {architecture or 'an empty config.architectures'}; "
            f"its {config.model_type} classes: {', '.join(classes) or 'none yet'}"
        )
    return matching[0]


def tiny_checkpoint_for(case: ParityCase, directory: Path, seed: int) -> Path:
    """The main job's tiny checkpoint of a case, written into `directory` (no network)."""
    if case.build_tiny is not None:
        return case.build_tiny(directory, seed)
    from patchzoo.tiny.build import tiny_checkpoint

    return tiny_checkpoint(case.arch, directory, seed=seed, tokenizer=False)


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def time_ms(fn: Callable[[], object], device: torch.device, repeats: int = 5) -> float:
    """Median wall time of fn() in ms, device-synchronised, after one warm-up call."""
    fn()
    _sync(device)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        _sync(device)
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


def max_abs_diff(zoo: torch.Tensor, stock: torch.Tensor) -> float:
    if zoo.shape != stock.shape:  # e.g. generations of different lengths: never a pass
        return float("inf")
    if zoo.numel() == 0:
        return 0.0
    return float((zoo.double() - stock.double()).abs().max())  # NaN propagates: a NaN never passes


def load_twins(case: ParityCase, checkpoint: str | Path, device: torch.device, dtype: torch.dtype):
    """(row, stock, zoo, config) for one checkpoint: the row's identity filled in, both models on `device` in
    eval mode; (row, None, None, config) when the zoo has no class for it (row.status says so)."""
    row = ParityRow(arch=case.arch, feature=case.feature, status="")
    config = transformers.AutoConfig.from_pretrained(checkpoint)
    if config.model_type != case.model_type:
        raise ValueError(f"{checkpoint} has model_type={config.model_type!r}, expected {case.model_type!r}")
    zoo_cls, is_zoo = registry.AutoModel.resolve(config)
    if not is_zoo:
        row.status = "not patched yet"
        return row, None, None, config
    stock_cls = getattr(transformers, zoo_cls.__name__)
    row.model_class = stock_cls.__name__
    stock_dtype = case.stock_dtype(dtype)
    row.dtype, row.stock_dtype = str(dtype).removeprefix("torch."), str(stock_dtype).removeprefix("torch.")
    if case.load_stock is not None:
        stock = case.load_stock(stock_cls, checkpoint, stock_dtype).to(device).eval()
    else:
        stock = stock_cls.from_pretrained(checkpoint, dtype=stock_dtype, **case.load_kwargs).to(device).eval()
    zoo = zoo_cls.from_pretrained(checkpoint, dtype=dtype, **case.load_kwargs).to(device).eval()
    return row, stock, zoo, config


def run_case(
    case: ParityCase,
    checkpoint: str | Path,
    device: torch.device,
    dtype: torch.dtype,
    seed: int = 0,
) -> ParityRow:
    """Load the checkpoint stock and patched, run the same inputs through both, compare; time both off CPU."""
    row, stock, zoo, config = load_twins(case, checkpoint, device, dtype)
    if zoo is None:
        return row
    head = case.head(row.model_class)
    row.metric = head.metric
    generator = torch.Generator().manual_seed(seed)
    inputs = case.make_inputs(config, device, generator)

    with torch.inference_mode():
        row.value = (head.compare or max_abs_diff)(head.run(zoo, inputs), head.run(stock, inputs))
        row.tolerance = (head.tolerance or case.tolerance)(dtype)
        row.status = "pass" if row.value <= row.tolerance else "FAIL"
        if device.type != "cpu":  # CPU_TIME_NOTE says why not there
            row.stock_ms = time_ms(lambda: head.run(stock, inputs), device)
            row.zoo_ms = time_ms(lambda: head.run(zoo, inputs), device)
            row.speedup = row.stock_ms / row.zoo_ms if row.zoo_ms else None
    return row


def format_table(rows: list[ParityRow], timed: bool = True) -> str:
    """The rows as an aligned text table; timed=False leaves the time column out (CPU: see CPU_TIME_NOTE)."""
    header = ("architecture", "class", "zoo feature", "dtype (stock)", "metric", "value", "tol", "result")
    header += ("stock/zoo time",) if timed else ()
    lines = [header]
    for r in rows:
        dtype = f"{r.dtype} ({r.stock_dtype})" if r.dtype else ""
        value = "" if r.value is None else f"{r.value:.3g}"
        tol = "" if r.tolerance is None else f"{r.tolerance:.3g}"
        result = r.status + (f": {r.detail}" if r.detail else "")
        line = (r.arch, r.model_class, r.feature, dtype, r.metric if r.value is not None else "", value, tol, result)
        if timed:
            line += ("" if r.speedup is None else f"{r.speedup:.2f}x ({r.stock_ms:.1f}/{r.zoo_ms:.1f} ms)",)
        lines.append(line)
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def rows_to_json(rows: list[ParityRow]) -> str:
    return json.dumps([asdict(r) for r in rows], indent=2)
