"""SwiGLU's elementwise middle, silu(gate) * up, forward and backward as Triton kernels.

Stock LlamaMLP computes ``act_fn(gate_proj(x)) * up_proj(x)`` in two launches and keeps gate, silu(gate) and up for
backward (at Llama-3-3B, 4,096 tokens x 8,192: three 67 MB tensors per block). Here, over flat contiguous
(tokens x intermediate) tensors in the model dtype:

    forward   h  = silu(a) * b                                      fp32 inside, one rounding to the model dtype
    backward  s  = sigmoid(a)                                       recomputed from a
              da = dh * b * s * (1 + a * (1 - s))
              db = dh * a * s

keeping only a (gate) and b (up): silu(a) is recomputed in backward instead of stored.

Layers: kernels, launchers (`swiglu_forward`, `swiglu_backward`), the custom ops `patchzoo::swiglu` and
`patchzoo::swiglu_down` (with the down projection: h recomputed in backward, not kept; fakes + autograd), and
`swiglu_reference` (stock's two ops), the test oracle.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch

BLOCK = 1024  # elements per program: 2 KB of bf16 per operand, 4 per thread at 8 warps

# ----------------------------------------------------------------------------------------------- kernels


@triton.jit
def _swiglu_forward_kernel(
    # pointers
    a_ptr, b_ptr, h_ptr,
    # sizes
    n,
    # meta-parameters
    BLOCK: tl.constexpr, PDL: tl.constexpr,
):
    await_prior_grid(PDL)
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    h = a * tl.sigmoid(a) * b
    tl.store(h_ptr + offs, h.to(h_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _swiglu_backward_kernel(
    # pointers
    dh_ptr, a_ptr, b_ptr, da_ptr, db_ptr,
    # sizes
    n,
    # meta-parameters
    BLOCK: tl.constexpr,
):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    dh = tl.load(dh_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    s = tl.sigmoid(a)
    silu = a * s
    tl.store(da_ptr + offs, (dh * b * (s + silu * (1.0 - s))).to(da_ptr.dtype.element_ty), mask=mask)
    tl.store(db_ptr + offs, (dh * silu).to(db_ptr.dtype.element_ty), mask=mask)


# --------------------------------------------------------------------------------------------- launchers


def _check(a: torch.Tensor, b: torch.Tensor) -> None:
    if a.shape != b.shape or a.dtype != b.dtype:
        raise ValueError(f"gate and up must have one shape and dtype, got {tuple(a.shape)} {a.dtype} and "
                         f"{tuple(b.shape)} {b.dtype}")


def swiglu_forward(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """a (gate), b (up): same shape and dtype -> silu(a) * b, contiguous."""
    _check(a, b)
    a, b = a.contiguous(), b.contiguous()
    h = torch.empty_like(a)
    n = a.numel()
    if n:
        pdl = dependent_launch(a.device)
        _swiglu_forward_kernel[(triton.cdiv(n, BLOCK),)](a, b, h, n, BLOCK=BLOCK, PDL=pdl, num_warps=8,
                                                         launch_pdl=pdl)
    return h


def swiglu_backward(dh: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    dh, a, b = dh.contiguous(), a.contiguous(), b.contiguous()
    da, db = torch.empty_like(a), torch.empty_like(b)
    n = a.numel()
    if n:
        _swiglu_backward_kernel[(triton.cdiv(n, BLOCK),)](dh, a, b, da, db, n, BLOCK=BLOCK, num_warps=8)
    return da, db


# ------------------------------------------------------------------------------------------ torch op


@torch.library.custom_op("patchzoo::swiglu", mutates_args=())
def swiglu(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """silu(a) * b through the Triton kernels (CUDA, or any device under TRITON_INTERPRET=1)."""
    return swiglu_forward(a, b)


@swiglu.register_fake
def _(a, b):
    _check(a, b)
    return torch.empty_like(a, memory_format=torch.contiguous_format)


@torch.library.custom_op("patchzoo::swiglu_backward", mutates_args=())
def _swiglu_backward_op(dh: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return swiglu_backward(dh, a, b)


@_swiglu_backward_op.register_fake
def _(dh, a, b):
    return (torch.empty_like(a, memory_format=torch.contiguous_format),
            torch.empty_like(b, memory_format=torch.contiguous_format))


def _setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def _backward(ctx, dh):
    a, b = ctx.saved_tensors
    return _swiglu_backward_op(dh, a, b)


swiglu.register_autograd(_backward, setup_context=_setup_context)


# ------------------------------------- torch op: SwiGLU + down projection, h recomputed in backward


@torch.library.custom_op("patchzoo::swiglu_down", mutates_args=())
def swiglu_down(a: torch.Tensor, b: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """down_proj(silu(a) * b) = (silu(a) * b) @ w.T, keeping only a, b (and w) for backward: the (tokens x
    intermediate) product h, which a separate down_proj would keep (67 MB a block at Llama-3-3B x 4,096 tokens,
    117 MB at 8B), is recomputed in backward by one elementwise pass."""
    h = swiglu_forward(a, b)  # (..., I)
    return h @ w.t()  # (..., H)


@swiglu_down.register_fake
def _(a, b, w):
    _check(a, b)
    return a.new_empty((*a.shape[:-1], w.shape[0]))


@torch.library.custom_op("patchzoo::swiglu_down_backward", mutates_args=())
def _swiglu_down_backward_op(dy: torch.Tensor, a: torch.Tensor, b: torch.Tensor,
                             w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    h = swiglu_forward(a, b).reshape(-1, a.shape[-1])  # recomputed: (T, I)
    dy2 = dy.reshape(-1, dy.shape[-1])  # (T, H)
    dw = dy2.t() @ h  # (H, I)
    da, db = swiglu_backward((dy2 @ w).view(a.shape), a, b)
    return da, db, dw


@_swiglu_down_backward_op.register_fake
def _(dy, a, b, w):
    return (torch.empty_like(a, memory_format=torch.contiguous_format),
            torch.empty_like(b, memory_format=torch.contiguous_format), torch.empty_like(w))


def _setup_context_down(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def _backward_down(ctx, dy):
    a, b, w = ctx.saved_tensors
    return _swiglu_down_backward_op(dy.contiguous(), a, b, w)


swiglu_down.register_autograd(_backward_down, setup_context=_setup_context_down)


# ------------------------------------------------------------------------------------------ reference


def swiglu_reference(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Stock LlamaMLP's middle: act_fn(gate) * up with act_fn = SiLU."""
    return torch.nn.functional.silu(a) * b
