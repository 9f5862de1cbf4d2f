"""RMSNorm forward and backward as two Triton kernels: stock LlamaRMSNorm's function, one pass each way.

Stock (LlamaRMSNorm.forward) in eager runs five elementwise launches and keeps, per call, the fp32 upcast of the
input, the fp32 normalized rows and the model-dtype normalized rows for backward (at Llama-3-3B, 4,096 tokens x
3,072: 50 + 50 + 25 MB per norm, two norms per block). Here:

    forward   one program per row:   rstd = 1 / sqrt(mean(x^2) + eps)                      (M,) fp32, kept
                                     y    = w * (x * rstd).to(x.dtype)                      stock's rounding
    backward  programs loop over row blocks:
                                     n    = (x * rstd).to(x.dtype)                          recomputed
                                     dn   = dy * w
                                     dx   = rstd * (dn - xhat * mean(dn * xhat))            xhat = x * rstd, fp32
                                     dw  += dy * n   (fp32 partial per program, summed on the host side)

so backward keeps only x (which the block keeps anyway: it is the residual stream) and rstd (4 bytes a row).
The output dtype is stock's: torch.promote_types(weight, x) (fp32 weights on bf16 rows give fp32, as stock).

Layers: kernels, launchers (`rms_norm_forward`, `rms_norm_backward`), the custom op `patchzoo::rms_norm` with a
fake and an autograd formula (traceable by torch.compile, shardable by FSDP2), and `rms_norm_reference`, stock's
code, the test oracle.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch

# ----------------------------------------------------------------------------------------------- kernels


@triton.jit
def _rms_norm_forward_kernel(
    # pointers
    x_ptr, w_ptr, y_ptr, rstd_ptr,
    # sizes
    n_cols, eps,
    # strides (rows; columns are contiguous)
    x_row_stride, y_row_stride,
    # meta-parameters
    BLOCK: tl.constexpr, PDL: tl.constexpr,
):
    await_prior_grid(PDL)
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
    xf = x.to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(xf * xf, axis=0) / n_cols + eps)
    normed = (xf * rstd).to(x.dtype).to(tl.float32)  # stock rounds the normalized rows to the input dtype
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + row * y_row_stride + cols, (w * normed).to(y_ptr.dtype.element_ty), mask=mask)
    tl.store(rstd_ptr + row, rstd)


@triton.jit
def _rms_norm_backward_kernel(
    # pointers
    dy_ptr, x_ptr, w_ptr, rstd_ptr, dx_ptr, dw_partial_ptr,
    # sizes
    n_rows, n_cols, rows_per_program,
    # strides (rows; columns are contiguous)
    dy_row_stride, x_row_stride, dx_row_stride,
    # meta-parameters
    BLOCK: tl.constexpr,
):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    dw = tl.zeros((BLOCK,), dtype=tl.float32)
    first = pid * rows_per_program
    for i in range(0, rows_per_program):
        row = (first + i).to(tl.int64)
        if row < n_rows:
            x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
            dy = tl.load(dy_ptr + row * dy_row_stride + cols, mask=mask, other=0.0).to(tl.float32)
            rstd = tl.load(rstd_ptr + row)
            xhat = x.to(tl.float32) * rstd
            dw += dy * xhat.to(x.dtype).to(tl.float32)
            dn = dy * w
            dx = rstd * (dn - xhat * (tl.sum(dn * xhat, axis=0) / n_cols))
            tl.store(dx_ptr + row * dx_row_stride + cols, dx.to(dx_ptr.dtype.element_ty), mask=mask)
    tl.store(dw_partial_ptr + pid * n_cols + cols, dw, mask=mask)


# --------------------------------------------------------------------------------------------- launchers


def _block_and_warps(n_cols: int) -> tuple[int, int]:
    block = triton.next_power_of_2(n_cols)
    return block, min(16, max(1, block // 256))


def _backward_programs(device: torch.device, n_rows: int) -> int:
    """Enough programs to fill the GPU a few times over; each sums its rows' dw in fp32 registers."""
    if device.type == "cuda":
        return max(1, min(n_rows, 4 * torch.cuda.get_device_properties(device).multi_processor_count))
    return max(1, min(n_rows, 4))  # the interpreter: few programs, each looping


def _rows(x: torch.Tensor) -> torch.Tensor:
    x2 = x.reshape(-1, x.shape[-1])
    return x2 if x2.stride(-1) == 1 else x2.contiguous()


def rms_norm_forward(x: torch.Tensor, weight: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    """x (..., N), weight (N,) -> (y (..., N) in promote_types(weight, x), rstd (rows,) fp32)."""
    if weight.shape != x.shape[-1:]:
        raise ValueError(f"weight must be ({x.shape[-1]},), got {tuple(weight.shape)}")
    x2 = _rows(x)
    n_rows, n_cols = x2.shape
    y = torch.empty((n_rows, n_cols), dtype=torch.promote_types(weight.dtype, x.dtype), device=x.device)
    rstd = torch.empty(n_rows, dtype=torch.float32, device=x.device)
    if n_rows:
        block, warps = _block_and_warps(n_cols)
        pdl = dependent_launch(x.device)
        _rms_norm_forward_kernel[(n_rows,)](x2, weight.contiguous(), y, rstd, n_cols, eps, x2.stride(0), y.stride(0),
                                            BLOCK=block, PDL=pdl, num_warps=warps, launch_pdl=pdl)
    return y.view(x.shape), rstd


def rms_norm_backward(dy: torch.Tensor, x: torch.Tensor, weight: torch.Tensor,
                      rstd: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """-> (dx like x, dweight like weight)."""
    x2, dy2 = _rows(x), _rows(dy)
    n_rows, n_cols = x2.shape
    dx = torch.empty((n_rows, n_cols), dtype=x.dtype, device=x.device)
    programs = _backward_programs(x.device, n_rows)
    dw_partial = torch.zeros((programs, n_cols), dtype=torch.float32, device=x.device)
    if n_rows:
        block, warps = _block_and_warps(n_cols)
        _rms_norm_backward_kernel[(programs,)](dy2, x2, weight.contiguous(), rstd, dx, dw_partial,
                                               n_rows, n_cols, triton.cdiv(n_rows, programs),
                                               dy2.stride(0), x2.stride(0), dx.stride(0), BLOCK=block, num_warps=warps)
    return dx.view(x.shape), dw_partial.sum(0).to(weight.dtype)


# ------------------------------------------------------------------------------------------ torch op


@torch.library.custom_op("patchzoo::rms_norm", mutates_args=())
def _rms_norm_op(x: torch.Tensor, weight: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    return rms_norm_forward(x, weight, eps)


@_rms_norm_op.register_fake
def _(x, weight, eps):
    rows = x.numel() // x.shape[-1] if x.shape[-1] else 0
    return (x.new_empty(x.shape, dtype=torch.promote_types(weight.dtype, x.dtype)),
            x.new_empty((rows,), dtype=torch.float32))


@torch.library.custom_op("patchzoo::rms_norm_backward", mutates_args=())
def _rms_norm_backward_op(dy: torch.Tensor, x: torch.Tensor, weight: torch.Tensor,
                          rstd: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return rms_norm_backward(dy, x, weight, rstd)


@_rms_norm_backward_op.register_fake
def _(dy, x, weight, rstd):
    return torch.empty_like(x), torch.empty_like(weight)


def _setup_context(ctx, inputs, output):
    x, weight, _ = inputs
    ctx.save_for_backward(x, weight, output[1])


def _backward(ctx, dy, _drstd):
    x, weight, rstd = ctx.saved_tensors
    dx, dw = _rms_norm_backward_op(dy, x, weight, rstd)
    return dx, dw if ctx.needs_input_grad[1] else None, None


_rms_norm_op.register_autograd(_backward, setup_context=_setup_context)


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """LlamaRMSNorm's function through the Triton kernels (x on CUDA, or any device under TRITON_INTERPRET=1)."""
    return _rms_norm_op(x, weight, eps)[0]


# ------------------------------------------------------------------------------------------ reference


def rms_norm_reference(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """Stock LlamaRMSNorm.forward."""
    input_dtype = x.dtype
    h = x.to(torch.float32)
    h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps)
    return weight * h.to(input_dtype)
