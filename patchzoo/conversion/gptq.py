"""GPTQ (Frantar et al., 2022) of one linear layer's weight, and the HF GPTQ checkpoint it is written to.

    W (out, in), H = 2/n sum x x^T of the layer's calibration inputs (in, in)
    --> quantize_gptq: columns in order (by descending diag(H) with act-order); each column is rounded on its
        group's min/max grid and its error, scaled through the upper Cholesky factor of the damped H^-1, is
        subtracted from the columns not yet quantized
    --> QuantizedWeight.pack(): qweight/qzeros/scales/g_idx --> safetensors + config.json quantization_config

Groups are runs of `group_size` columns in the order they are quantized (with act-order: the permuted order, which
the HF format's per-row g_idx records); a layer whose in_features is not a multiple of group_size has a partial last
group. Scales are rounded to fp16 when the grid is chosen, so the codes are optimal for the scales that are stored.
calibration_error gives tr(dW H dW^T) for GPTQ and for round-to-nearest on the same grid and data: GPTQ's should be
lower, which is what the method is for. The model-level driver (which inputs each layer sees) is gptq_model.py.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
from dataclasses import dataclass
from pathlib import Path

import torch
import torch.nn as nn

from patchzoo.kernels.gptq.packing import pack_cols, pack_rows
from patchzoo.patches.gptq_linear import GPTQSpec


@dataclass(frozen=True)
class QuantizeConfig:
    bits: int = 4
    group_size: int = 128
    act_order: bool = False
    sym: bool = True
    damp: float = 0.01  # fraction of mean(diag(H)) added to the diagonal
    block_size: int = 128  # columns updated together (lazy batch updates)
    true_sequential: bool = True
    clip: str = "minmax"  # each group's grid: its min/max range, or "mse" (the range shrunk to the least error)
    static_groups: bool = False  # group grids from the original weights (act-order then keeps g_idx in order)
    # v_proj's Hessian: "attention" weighs each token's input by the attention the queries put on it (what the
    # attention output reads of v's error; gptq_model.ValueHessianHook), "inputs" counts every token once
    value_hessian: str = "attention"

    def __post_init__(self):
        if not 0 < self.damp < 1:
            raise ValueError(f"damp must be in (0, 1), got {self.damp}")
        if self.clip not in GRIDS:
            raise ValueError(f"clip must be one of {sorted(GRIDS)}, got {self.clip!r}")
        if self.value_hessian not in ("attention", "inputs"):
            raise ValueError(f"value_hessian must be 'attention' or 'inputs', got {self.value_hessian!r}")

    @property
    def spec(self) -> GPTQSpec:
        return GPTQSpec(self.bits, self.group_size, desc_act=self.act_order, sym=self.sym, checkpoint_format="gptq")


@dataclass
class QuantizedWeight:
    """One linear layer on its grid: W[o, k] ~ (codes[o, k] - zeros[g_idx[k], o]) * scales[g_idx[k], o]."""

    codes: torch.Tensor  # (out, in) int
    scales: torch.Tensor  # (groups, out) float32 holding fp16 values
    zeros: torch.Tensor  # (groups, out) int
    g_idx: torch.Tensor  # (in,) int

    def dequantize(self) -> torch.Tensor:
        g = self.g_idx.long()
        return (self.codes - self.zeros[g].t()).float() * self.scales[g].t()  # (out, in)

    def pack(self, spec: GPTQSpec) -> dict[str, torch.Tensor]:
        """The four HF GPTQ tensors; "gptq" (v1) checkpoints store zero - 1."""
        stored_zeros = self.zeros - spec.zero_offset
        return {
            "qweight": pack_rows(self.codes.t(), spec.bits),
            "qzeros": pack_cols(stored_zeros, spec.bits),
            "scales": self.scales.to(torch.float16),
            "g_idx": self.g_idx.to(torch.int32),
        }


def minmax_grid(w: torch.Tensor, bits: int, sym: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """Per-row (scale, zero) covering [min(w, 0), max(w, 0)]; w is (rows, group columns).

    Zero points are at least 1: a "gptq" (v1) checkpoint stores zero - 1 in `bits` bits.
    """
    maxq = 2**bits - 1
    xmin = w.min(dim=1).values.clamp(max=0)
    xmax = w.max(dim=1).values.clamp(min=0)
    if sym:
        xmax = torch.maximum(xmin.abs(), xmax)
        xmin = torch.where(xmin < 0, -xmax, xmin)
    flat = (xmin == 0) & (xmax == 0)
    xmin, xmax = torch.where(flat, -1.0, xmin), torch.where(flat, 1.0, xmax)
    scale = ((xmax - xmin) / maxq).to(torch.float16).float()  # the scale that will be stored
    scale = torch.where(scale == 0, torch.finfo(torch.float16).tiny, scale)
    if sym:
        zero = torch.full_like(scale, (maxq + 1) // 2)
    else:
        zero = torch.round(-xmin / scale).clamp(1, maxq)
    return scale, zero


def round_to_grid(w: torch.Tensor, scale: torch.Tensor, zero: torch.Tensor, bits: int) -> torch.Tensor:
    return torch.clamp(torch.round(w / scale) + zero, 0, 2**bits - 1)


def mse_grid(
    w: torch.Tensor, bits: int, sym: bool, *, steps: int = 100, max_shrink: float = 0.8, norm: float = 2.4,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Per-row (scale, zero) of the min/max range shrunk by the factor p in {1, 1 - 1/steps, ..., 1 - max_shrink}
    that minimizes sum |w - dequantized|^norm over the row's group: the clipping search of GPTQ's reference
    quantizer (mse=True). Clipping a few outliers buys a finer grid for the rest of the group."""
    best_scale, best_zero = minmax_grid(w, bits, sym)
    best_err = _grid_error(w, best_scale, best_zero, bits, norm)
    for i in range(1, int(max_shrink * steps) + 1):
        p = 1 - i / steps
        scale, zero = minmax_grid(w * p, bits, sym)  # the range [p min, p max]: the same grid as shrinking min/max
        err = _grid_error(w, scale, zero, bits, norm)
        better = err < best_err
        best_err = torch.where(better, err, best_err)
        best_scale, best_zero = torch.where(better, scale, best_scale), torch.where(better, zero, best_zero)
    return best_scale, best_zero


def _grid_error(w, scale, zero, bits, norm) -> torch.Tensor:
    q = round_to_grid(w, scale[:, None], zero[:, None], bits)
    return ((w - scale[:, None] * (q - zero[:, None])).abs() ** norm).sum(dim=1)


GRIDS = {"minmax": minmax_grid, "mse": mse_grid}


def group_grid(w: torch.Tensor, bits: int, sym: bool, clip: str) -> tuple[torch.Tensor, torch.Tensor]:
    """(scale, zero) per row of one group w (rows, group columns) by the named rule: "minmax" or "mse"."""
    if clip not in GRIDS:
        raise ValueError(f"clip must be one of {sorted(GRIDS)}, got {clip!r}")
    return GRIDS[clip](w, bits, sym)


def _group_width(group_size: int, in_features: int) -> int:
    return in_features if group_size == -1 else group_size


def quantize_rtn(
    weight: torch.Tensor, bits: int, group_size: int, sym: bool = True, clip: str = "minmax",
) -> QuantizedWeight:
    """Round-to-nearest, each group on its own grid: with clip="minmax" (the default) the plain baseline users
    compare with; with clip="mse" the same clipping search GPTQ can use, for a like-for-like comparison."""
    w = weight.float()
    out_features, in_features = w.shape
    width = _group_width(group_size, in_features)
    codes, scales, zeros = torch.empty_like(w), [], []
    for start in range(0, in_features, width):
        scale, zero = group_grid(w[:, start:start + width], bits, sym, clip)
        codes[:, start:start + width] = round_to_grid(w[:, start:start + width], scale[:, None], zero[:, None], bits)
        scales.append(scale)
        zeros.append(zero)
    g_idx = torch.arange(in_features, device=w.device) // width
    return QuantizedWeight(codes.int(), torch.stack(scales), torch.stack(zeros).int(), g_idx.int())


@torch.no_grad()
def quantize_gptq(
    weight: torch.Tensor, hessian: torch.Tensor, bits: int, group_size: int, *, sym: bool = True,
    act_order: bool = False, damp: float = 0.01, block_size: int = 128, clip: str = "minmax",
    static_groups: bool = False,
) -> QuantizedWeight:
    """GPTQ for one (out, in) weight given H (in, in) from calibration inputs.

    clip: how each group's grid is chosen ("minmax" or "mse", group_grid). static_groups: every group's grid from
    the original weights of its columns in their stored order (before any error is pushed onto them), so groups
    are runs of input columns even with act-order and g_idx is the plain column // group_size; otherwise each
    group's grid is chosen from the error-updated weights when its first column comes up in quantization order."""
    w = weight.detach().float().clone()  # (out, in)
    h = hessian.detach().float().clone()  # (in, in)
    out_features, in_features = w.shape
    if h.shape != (in_features, in_features):
        raise ValueError(f"hessian has shape {tuple(h.shape)}, expected ({in_features}, {in_features})")
    dead = torch.diag(h) == 0  # inputs never active: any value works, zero keeps the grid tight
    h[dead, dead] = 1
    w[:, dead] = 0
    width = _group_width(group_size, in_features)
    static = None
    if static_groups:  # (groups, out) each, from the stored order of columns
        grids = [group_grid(w[:, start:start + width], bits, sym, clip) for start in range(0, in_features, width)]
        static = torch.stack([g[0] for g in grids]), torch.stack([g[1] for g in grids])
    perm = torch.argsort(torch.diag(h), descending=True) if act_order else None
    if perm is not None:  # quantize the most active inputs first, while the most error can be absorbed
        w, h = w[:, perm], h[perm][:, perm]
    h.diagonal().add_(damp * torch.mean(torch.diag(h)))
    h_inv = torch.linalg.cholesky(torch.cholesky_inverse(torch.linalg.cholesky(h)), upper=True)

    column_group = torch.arange(in_features, device=w.device) // width  # group of each stored column
    if perm is not None:
        column_group = column_group[perm]  # ... of each column in quantization order
    codes = torch.zeros_like(w)
    scales, zeros = [], []
    with _one_thread_on_cpu(w.device):  # the column loop is thousands of tiny ops
        for i1 in range(0, in_features, block_size):
            i2 = min(i1 + block_size, in_features)
            w1 = w[:, i1:i2].clone()  # (out, block) updated as columns are quantized
            err1 = torch.zeros_like(w1)
            h_inv1 = h_inv[i1:i2, i1:i2]
            for i in range(i2 - i1):
                col = i1 + i
                if static is not None:
                    scale, zero = static[0][column_group[col]], static[1][column_group[col]]
                elif col % width == 0:  # a new group: its grid from the current (error-updated) weights
                    scale, zero = group_grid(torch.cat([w1[:, i:], w[:, i2:]], dim=1)[:, :width], bits, sym, clip)
                    scales.append(scale)
                    zeros.append(zero)
                q = round_to_grid(w1[:, i], scale, zero, bits)
                codes[:, col] = q
                err = (w1[:, i] - scale * (q - zero)) / h_inv1[i, i]
                w1[:, i:] -= err[:, None] * h_inv1[i, i:][None, :]
                err1[:, i] = err
            w[:, i2:] -= err1 @ h_inv[i1:i2, i2:]

    # g_idx: with static groups the group of each stored column; otherwise of each column in quantization order
    g_idx = torch.arange(in_features, device=w.device) // width
    scales, zeros = static if static is not None else (torch.stack(scales), torch.stack(zeros))
    if perm is not None:
        inverse = torch.argsort(perm)
        codes = codes[:, inverse]
        if static is None:
            g_idx = g_idx[inverse]
    return QuantizedWeight(codes.int(), scales, zeros.int(), g_idx.int())


@contextlib.contextmanager
def _one_thread_on_cpu(device: torch.device):
    """torch on one thread for the duration, on CPU: GPTQ's column loop runs thousands of ops on vectors of a few
    thousand elements, where every op's thread-pool barrier costs more than its work, and on a machine whose cores
    are busy with other processes much more (a 576 x 1536 layer: 1.0 s on one thread, 50 s on two)."""
    if device.type != "cpu":
        yield
        return
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def calibration_error(weight: torch.Tensor, quantized: QuantizedWeight, hessian: torch.Tensor) -> float:
    """tr(dW H dW^T) with dW = W - dequantized: the squared output error on the calibration inputs (x 2/n)."""
    delta = weight.float() - quantized.dequantize()
    return float(((delta @ hessian.float()) * delta).sum())


class HessianHook:
    """Forward hook on an nn.Linear: running H = 2/n sum x x^T over every token of its input."""

    def __init__(self, in_features: int, device: torch.device):
        self.hessian = torch.zeros(in_features, in_features, device=device)
        self.tokens = 0

    def __call__(self, module, args, output):
        x = args[0].detach().reshape(-1, args[0].shape[-1]).float()  # (tokens, in)
        n = x.shape[0]
        self.hessian *= self.tokens / (self.tokens + n)
        self.tokens += n
        x = x * math.sqrt(2 / self.tokens)
        self.hessian += x.t() @ x


def write_gptq_checkpoint(
    model: nn.Module, quantized: dict[str, QuantizedWeight], qconfig: QuantizeConfig, out_dir: str | Path,
    dtype: torch.dtype = torch.float16, tokenizer=None,
) -> Path:
    """safetensors with the quantized linears' qweight/qzeros/scales/g_idx and every other tensor in
    `dtype`, config.json with quantization_config, and quantize_config.json (auto-gptq's copy)."""
    from safetensors.torch import save_file

    from patchzoo import __version__

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    spec = qconfig.spec
    state, seen = {}, set()
    for key, tensor in model.state_dict().items():
        module = key.rpartition(".")[0]
        if module in quantized and key.endswith(".weight"):
            continue
        if tensor.data_ptr() in seen:  # tied weights are saved once, as save_pretrained does
            continue
        seen.add(tensor.data_ptr())
        state[key] = tensor.to(dtype) if tensor.is_floating_point() else tensor
    for name, q in quantized.items():
        state.update({f"{name}.{k}": v for k, v in q.pack(spec).items()})
    save_file({k: v.detach().contiguous().cpu() for k, v in state.items()}, str(out / "model.safetensors"),
              metadata={"format": "pt"})

    settings = dict(damp_percent=qconfig.damp, true_sequential=qconfig.true_sequential,
                    static_groups=qconfig.static_groups)
    config = copy.deepcopy(model.config)
    config.quantization_config = spec.to_config(**settings, meta={"quantizer": [f"patchzoo:{__version__}"]})
    config.dtype = dtype
    config.save_pretrained(out)
    (out / "quantize_config.json").write_text(json.dumps(
        {**spec.to_config(**settings), "model_file_base_name": "model"}, indent=2) + "\n")
    if getattr(model, "generation_config", None) is not None:
        model.generation_config.save_pretrained(out)
    if tokenizer is not None:
        tokenizer.save_pretrained(out)
    return out
