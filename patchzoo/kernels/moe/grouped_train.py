"""MoE for training: the forward and backward that autograd records when a zoo Mixtral trains.

The GEMMs of a training step are grouped GEMMs over the slots sorted by expert, run by torch._grouped_mm
(CUTLASS on Hopper: the GEMM kernels stock's grouped_mm uses). Everything between them is fused here into
four memory-bound Triton kernels, so that no activation is written twice, nothing is recomputed, and every
reduction runs in a fixed order (bitwise repeatable, no float atomics).

Per slot s = t*K + k (S = T*K slots) at position p = inv[s] of the expert order (perm[p] = s), expert e:

    forward                                                                  kernel              saved
      xs[p]    = x[t]                                         (S, H)        index_select        x
      gu       = xs @ gate_up_proj[e]^T                       (S, 2I)       grouped GEMM        gu
      h        = round(silu(g) * u)                           (S, I)        _silu_mul_kernel
      ys       = h @ down_proj[e]^T                           (S, H)        grouped GEMM        ys
      out[t]   = sum_k w[s] * ys[inv[s]]   (fp32, k in order) (T, H)        _topk_sum_kernel    perm, inv, ends
    backward, dout = grad of out (T, H)
      douts[p] = dout[t];  dw[s] = dout[t] . ys[p]  (fp32)    (S, H), (S,)  _gather_dot_kernel
      dh       = douts @ down_proj[e]                         (S, I)        grouped GEMM
      [dg; du] = w dh u silu'(g), w dh silu(g)    over gu in place;
      hw       = round(w * h)                     over dh in place          _silu_mul_backward_kernel
      d_down_proj[e]    = douts^T hw   over expert e's rows   (E, H, I)     grouped GEMM (grouped K)
      dxs      = [dg; du] @ gate_up_proj[e]                   (S, H)        grouped GEMM
      d_gate_up_proj[e] = [dg; du]^T xs                       (E, 2I, H)    grouped GEMM (grouped K)
      dx[t]    = sum_k dxs[inv[s]]           (fp32, k in order)             _topk_sum_kernel

The routing weight multiplies h (for d_down_proj) and dh (for the rest) rather than dout, which is the same
product rounded once in another place; the rounding of h is a straight-through estimate, as autograd's
for stock's casts. Saved between forward and backward: gu (S, 2I) and ys (S, H), no recompute.

Requirements of torch._grouped_mm: each row 16-byte aligned (H and I multiples of 8 in bf16/fp16, of 4 in fp32);
`covers` says whether a shape qualifies (models/mixtral.py sends the rest elsewhere).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch, triton_runs_on
from patchzoo.kernels.moe.forward import check_inputs
from patchzoo.kernels.moe.routing import cdiv

ROW_BLOCK = 1024  # columns per program of the row-wise kernels (memory-bound: wide, one pass)


# ----------------------------------------------------------------------------------------------------
# Triton kernels
# ----------------------------------------------------------------------------------------------------


@triton.jit
def _silu_mul_kernel(
    # pointers
    gu_ptr,  # (S, 2I): [g | u] per row
    h_ptr,  # (S, I) out
    # sizes
    N,  # I
    # strides (columns contiguous)
    stride_gm,
    stride_hm,
    # meta-parameters
    BLOCK_N: tl.constexpr,
):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ok = cols < N
    g = tl.load(gu_ptr + row * stride_gm + cols, mask=ok, other=0.0).to(tl.float32)
    u = tl.load(gu_ptr + row * stride_gm + N + cols, mask=ok, other=0.0).to(tl.float32)
    tl.store(h_ptr + row * stride_hm + cols, (g * tl.sigmoid(g) * u).to(h_ptr.dtype.element_ty), mask=ok)


@triton.jit
def _silu_mul_backward_kernel(
    # pointers
    gu_ptr,  # (S, 2I): [g | u] in, [dg | du] out (in place)
    dh_ptr,  # (S, I): douts @ down_proj[e] in (before the routing weight), round(w * h) out (in place)
    w_ptr,  # (S,) routing weight of each sorted row
    # sizes
    N,  # I
    # strides (columns contiguous)
    stride_gm,
    stride_dm,
    # meta-parameters
    BLOCK_N: tl.constexpr,
):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ok = cols < N
    g_ptrs = gu_ptr + row * stride_gm + cols
    d_ptrs = dh_ptr + row * stride_dm + cols
    g = tl.load(g_ptrs, mask=ok, other=0.0).to(tl.float32)
    u = tl.load(g_ptrs + N, mask=ok, other=0.0).to(tl.float32)
    dh = tl.load(d_ptrs, mask=ok, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + row).to(tl.float32)
    sig = tl.sigmoid(g)
    act = g * sig
    h = (act * u).to(dh_ptr.dtype.element_ty).to(tl.float32)  # as _silu_mul_kernel wrote it
    dh = dh * w
    tl.store(g_ptrs, (dh * u * sig * (1.0 + g * (1.0 - sig))).to(gu_ptr.dtype.element_ty), mask=ok)
    tl.store(g_ptrs + N, (dh * act).to(gu_ptr.dtype.element_ty), mask=ok)
    tl.store(d_ptrs, (w * h).to(dh_ptr.dtype.element_ty), mask=ok)


@triton.jit
def _topk_sum_kernel(
    # pointers
    rows_ptr,  # (S, H) in expert order
    inv_ptr,  # (S,) position of slot s in expert order
    scale_ptr,  # (S,) per slot (HAS_SCALE)
    out_ptr,  # (T, H) out
    # sizes
    N,  # H
    # strides (columns contiguous)
    stride_rm,
    stride_om,
    # meta-parameters
    TOP_K: tl.constexpr,
    HAS_SCALE: tl.constexpr,
    BLOCK_N: tl.constexpr,
):
    token = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ok = cols < N
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k in tl.static_range(TOP_K):  # fixed order: bitwise repeatable
        row = tl.load(inv_ptr + token * TOP_K + k).to(tl.int64)
        value = tl.load(rows_ptr + row * stride_rm + cols, mask=ok, other=0.0).to(tl.float32)
        if HAS_SCALE:
            value = value * tl.load(scale_ptr + token * TOP_K + k).to(tl.float32)
        acc += value
    tl.store(out_ptr + token * stride_om + cols, acc.to(out_ptr.dtype.element_ty), mask=ok)


@triton.jit
def _gather_dot_kernel(
    # pointers
    dout_ptr,  # (T, H)
    ys_ptr,  # (S, H) in expert order
    perm_ptr,  # (S,) slot at each position of the expert order
    douts_ptr,  # (S, H) out: dout[t] in expert order
    dw_ptr,  # (S,) fp32 out, by slot
    # sizes
    N,  # H
    top_k,
    # strides (columns contiguous)
    stride_dm,
    stride_ym,
    stride_om,
    # meta-parameters
    BLOCK_N: tl.constexpr,
):
    pos = tl.program_id(0).to(tl.int64)
    slot = tl.load(perm_ptr + pos).to(tl.int64)
    token = slot // top_k
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        ok = cols < N
        d = tl.load(dout_ptr + token * stride_dm + cols, mask=ok, other=0.0)
        y = tl.load(ys_ptr + pos * stride_ym + cols, mask=ok, other=0.0)
        tl.store(douts_ptr + pos * stride_om + cols, d, mask=ok)
        acc += d.to(tl.float32) * y.to(tl.float32)
    tl.store(dw_ptr + slot, tl.sum(acc, axis=0))


# ----------------------------------------------------------------------------------------------------
# Host launchers, each with its PyTorch reference (the path where Triton does not run, and the test oracle)
# ----------------------------------------------------------------------------------------------------


def silu_mul(gu: torch.Tensor) -> torch.Tensor:
    """round(silu(g) * u) (S, I) of gu = [g | u] (S, 2I), computed in fp32."""
    rows, two_i = gu.shape
    h = gu.new_empty((rows, two_i // 2))
    if not triton_runs_on(gu.device):
        g, u = gu.float().chunk(2, dim=-1)
        return h.copy_(F.silu(g) * u)
    if rows:
        launch(_silu_mul_kernel, (rows, cdiv(two_i // 2, ROW_BLOCK)), (gu, h), (two_i // 2, gu.stride(0), h.stride(0)),
               dict(BLOCK_N=ROW_BLOCK), num_warps=4)
    return h


def silu_mul_backward_(gu: torch.Tensor, dh: torch.Tensor, row_weights: torch.Tensor) -> None:
    """In place: gu [g | u] -> [dg | du] for dh scaled by each row's routing weight; dh -> round(w * h)."""
    rows, intermediate = dh.shape
    if not triton_runs_on(gu.device):
        g, u = gu.float().chunk(2, dim=-1)
        w = row_weights.float()[:, None]
        sig = torch.sigmoid(g)
        h = (g * sig * u).to(dh.dtype).float()
        d = dh.float() * w
        gu.copy_(torch.cat([d * u * sig * (1 + g * (1 - sig)), d * g * sig], dim=-1))
        dh.copy_(w * h)
        return
    if rows:
        launch(_silu_mul_backward_kernel, (rows, cdiv(intermediate, ROW_BLOCK)), (gu, dh, row_weights),
               (intermediate, gu.stride(0), dh.stride(0)), dict(BLOCK_N=ROW_BLOCK), num_warps=4)


def topk_sum(rows: torch.Tensor, inv: torch.Tensor, top_k: int, scale: torch.Tensor | None = None) -> torch.Tensor:
    """out[t] = sum over k in order of scale[s] * rows[inv[s]], s = t*K + k, in fp32: (T, H) in rows' dtype."""
    num_slots, hidden = rows.shape
    if not triton_runs_on(rows.device):
        picked = rows.float()[inv]  # (S, H) by slot
        if scale is not None:
            picked = picked * scale.float()[:, None]
        return picked.view(num_slots // top_k, top_k, hidden).sum(1).to(rows.dtype)
    out = rows.new_empty((num_slots // top_k, hidden))
    if num_slots:
        launch(_topk_sum_kernel, (num_slots // top_k, cdiv(hidden, ROW_BLOCK)),
               (rows, inv, rows if scale is None else scale, out), (hidden, rows.stride(0), out.stride(0)),
               dict(TOP_K=top_k, HAS_SCALE=scale is not None, BLOCK_N=ROW_BLOCK), num_warps=4)
    return out


def gather_dot(dout: torch.Tensor, ys: torch.Tensor, perm: torch.Tensor, top_k: int) -> tuple[torch.Tensor, torch.Tensor]:
    """(douts, dw): dout's rows in expert order (S, H), and dw[s] = dout[t] . ys[inv[s]] by slot (S,) fp32."""
    if not triton_runs_on(dout.device):
        douts = dout[perm // top_k]
        dw = torch.empty(perm.shape, dtype=torch.float32, device=dout.device)
        dw[perm] = (douts.float() * ys.float()).sum(-1)
        return douts, dw
    douts = dout.new_empty(ys.shape)
    dw = torch.empty(perm.shape, dtype=torch.float32, device=dout.device)
    if perm.numel():
        launch(_gather_dot_kernel, (perm.numel(),), (dout, ys, perm, douts, dw),
               (dout.shape[1], top_k, dout.stride(0), ys.stride(0), douts.stride(0)), dict(BLOCK_N=ROW_BLOCK),
               num_warps=4)
    return douts, dw


# ----------------------------------------------------------------------------------------------------
# Routing and the grouped GEMMs
# ----------------------------------------------------------------------------------------------------


def covers(hidden_size: int, intermediate: int, dtype: torch.dtype) -> bool:
    """Whether torch._grouped_mm takes these shapes: every operand's rows 16-byte aligned."""
    per_16_bytes = 16 // torch.empty((), dtype=dtype).element_size()
    return hasattr(torch, "_grouped_mm") and hidden_size % per_16_bytes == 0 and intermediate % per_16_bytes == 0


def sort_by_expert(topk_ids: torch.Tensor, num_experts: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(perm, inv, ends) on the device, no host sync: perm (S,) the slots in expert order (stable), inv its
    inverse, ends (E,) int32 the end of each expert's run in that order (torch._grouped_mm's offs)."""
    sorted_ids, perm = torch.sort(topk_ids.reshape(-1), stable=True)
    inv = torch.empty_like(perm)
    inv[perm] = torch.arange(perm.numel(), device=perm.device)
    experts = torch.arange(1, num_experts + 1, device=sorted_ids.device, dtype=sorted_ids.dtype)
    ends = torch.searchsorted(sorted_ids, experts).to(torch.int32)
    return perm, inv, ends


def _grouped_rows(a: torch.Tensor, b: torch.Tensor, ends: torch.Tensor) -> torch.Tensor:
    """(S, N): rows of a (S, K) of expert e times b[e] (E, K, N)."""
    return torch._grouped_mm(a, b, offs=ends)


def _grouped_outer(a: torch.Tensor, b: torch.Tensor, ends: torch.Tensor) -> torch.Tensor:
    """(E, M, N): sum over expert e's rows r of a[r]^T b[r], a (S, M), b (S, N); zeros for an expert with no rows."""
    return torch._grouped_mm(a.t(), b, offs=ends)


# ----------------------------------------------------------------------------------------------------
# Forward and backward
# ----------------------------------------------------------------------------------------------------


def moe_train_forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids):
    """(out (T, H), gu (S, 2I), ys (S, H), perm, inv, ends): the output and what the backward reads."""
    check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    top_k = topk_ids.shape[1]
    perm, inv, ends = sort_by_expert(topk_ids, gate_up_proj.shape[0])
    xs = hidden.index_select(0, perm // top_k)  # (S, H)
    gu = _grouped_rows(xs, gate_up_proj.transpose(1, 2), ends)  # (S, 2I)
    ys = _grouped_rows(silu_mul(gu), down_proj.transpose(1, 2), ends)  # (S, H)
    out = topk_sum(ys, inv, top_k, scale=topk_weights.reshape(-1))
    return out, gu, ys, perm, inv, ends


def moe_train_backward(grad_out, hidden, gate_up_proj, down_proj, topk_weights, gu, ys, perm, inv, ends,
                       weight_grads: bool = True):
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights) from moe_train_forward's saved tensors, each
    in its input's dtype; gu is overwritten. weight_grads=False skips the two weight gradients (None)."""
    top_k = topk_weights.shape[1]
    douts, dw = gather_dot(grad_out.to(hidden.dtype).contiguous(), ys, perm, top_k)  # (S, H), (S,)
    dh = _grouped_rows(douts, down_proj, ends)  # (S, I), before the routing weight
    silu_mul_backward_(gu, dh, topk_weights.reshape(-1)[perm])  # gu -> dgu, dh -> round(w * h)
    d_down = _grouped_outer(douts, dh, ends) if weight_grads else None  # (E, H, I)
    del douts, dh  # (S, H) and (S, I) freed before the next GEMMs allocate: a lower peak
    d_hidden = topk_sum(_grouped_rows(gu, gate_up_proj, ends), inv, top_k)  # (T, H)
    d_gate_up = None
    if weight_grads:
        d_gate_up = _grouped_outer(gu, hidden.index_select(0, perm // top_k), ends)  # (E, 2I, H)
    return d_hidden, d_gate_up, d_down, dw.view(topk_weights.shape).to(topk_weights.dtype)
