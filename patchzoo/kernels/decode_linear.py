"""Linear layers on the few rows of a decoding step (batch x beams <= 4): y_g = x @ W_g^T + b_g for up to three
layers that read the same x (an attention block's q / k / v projections), one launch; optionally with the
LayerNorm before them (prologue) or the residual add after (epilogue), as a pre-norm transformer layer runs them.

At one row cuBLAS runs a 1024 x 1024 fp16 linear (SeamlessM4T-v2's attention projections) as a GEMM with 8 x 64
tiles and a bias epilogue: 16 thread blocks stream its 2 MB, ~8 µs inside a CUDA graph on an H200, against
~0.5 µs of HBM time. Here each program streams BLOCK_N whole weight rows (BLOCK_N x K, in BLOCK_K chunks) and
reduces them against the rows of x on the CUDA cores: 128 programs for 1024 outputs, ~4 µs; three layers of a
shared input take one launch (grid axis 1), ~5 µs, where cuBLAS would take three. The wider FFN layers keep cuBLAS
(as fast or faster there). Each LayerNorm or residual add folded in is one ~1-3 µs kernel fewer a layer.

    x'  = round(LayerNorm(x))                                     with norm: fp32 statistics, rounded as stock's
    out[g, m, n] = round(sum_k x'[m, k] * W_g[n, k] + b_g[n])     fp32 products and sum, one rounding
    out[g, m, n] = round(out[g, m, n] + residual[m, n])           with residual: stock's separate add

Every rounding is where stock's separate kernels round (cuBLAS rounds its fp32 accumulator plus bias once); the
summation orders differ (the LayerNorm's statistics, the dot products): rounding-level changes.
No autograd: the zoo calls it only where no gradient is recorded (generate()'s decoding steps).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch

MAX_ROWS = 4  # the kernel holds (rows, BLOCK_N, BLOCK_K) fp32 products in registers
MAX_LAYERS = 3
BLOCK_N, BLOCK_K, NUM_WARPS, NUM_STAGES = 8, 512, 4, 3  # an in-graph sweep on an H200, 1 and 4 rows


@triton.jit
def _row_statistics(x_ptr, sx_m, rows, k_in, EPS: tl.constexpr, ROWS: tl.constexpr, BLOCK_K: tl.constexpr):
    """(ROWS,) mean and 1 / sqrt(variance + EPS) of x's rows in fp32: the mean, then the centred squares."""
    offs_m = tl.arange(0, ROWS)
    total = tl.zeros((ROWS,), dtype=tl.float32)
    for k0 in range(0, k_in, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        x = tl.load(x_ptr + offs_m[:, None] * sx_m + offs_k[None, :],
                    mask=(offs_m[:, None] < rows) & (offs_k[None, :] < k_in), other=0.0)
        total += tl.sum(x.to(tl.float32), axis=1)
    mean = total / k_in
    squares = tl.zeros((ROWS,), dtype=tl.float32)
    for k0 in range(0, k_in, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        inside = (offs_m[:, None] < rows) & (offs_k[None, :] < k_in)
        x = tl.load(x_ptr + offs_m[:, None] * sx_m + offs_k[None, :], mask=inside, other=0.0)
        centred = tl.where(inside, x.to(tl.float32) - mean[:, None], 0.0)
        squares += tl.sum(centred * centred, axis=1)
    return mean, 1.0 / tl.sqrt(squares / k_in + EPS)


@triton.jit
def _decode_linear_kernel(
    # pointers: the shared input, up to three layers' weights and biases (unused ones repeat layer 0), the
    # LayerNorm's weight and bias, the residual, the output
    x_ptr, w0_ptr, w1_ptr, w2_ptr, b0_ptr, b1_ptr, b2_ptr, norm_w_ptr, norm_b_ptr, res_ptr, out_ptr,
    # sizes
    rows, n_out, k_in,
    # strides (the weights' rows are contiguous, k stride 1)
    sx_m, sw_n, sr_m, so_g, so_m,
    NORM: tl.constexpr, EPS: tl.constexpr, RESIDUAL: tl.constexpr,
    ROWS: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    pid_n, layer = tl.program_id(0), tl.program_id(1)
    if layer == 0:
        w_ptr, b_ptr = w0_ptr, b0_ptr
    elif layer == 1:
        w_ptr, b_ptr = w1_ptr, b1_ptr
    else:
        w_ptr, b_ptr = w2_ptr, b2_ptr
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_m = tl.arange(0, ROWS)
    if NORM:  # every program recomputes the rows' statistics: K values a row, read from cache
        mean, rstd = _row_statistics(x_ptr, sx_m, rows, k_in, EPS, ROWS, BLOCK_K)
    acc = tl.zeros((ROWS, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, k_in, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        w = tl.load(w_ptr + offs_n[:, None] * sw_n + offs_k[None, :],
                    mask=(offs_n[:, None] < n_out) & (offs_k[None, :] < k_in), other=0.0)  # (BLOCK_N, BLOCK_K)
        x = tl.load(x_ptr + offs_m[:, None] * sx_m + offs_k[None, :],
                    mask=(offs_m[:, None] < rows) & (offs_k[None, :] < k_in), other=0.0)  # (ROWS, BLOCK_K)
        if NORM:  # rounded to x's dtype, the LayerNorm output stock's projection reads (0 beyond K: gamma = 0)
            gamma = tl.load(norm_w_ptr + offs_k, mask=offs_k < k_in, other=0.0).to(tl.float32)
            beta = tl.load(norm_b_ptr + offs_k, mask=offs_k < k_in, other=0.0).to(tl.float32)
            normed = (x.to(tl.float32) - mean[:, None]) * rstd[:, None] * gamma[None, :] + beta[None, :]
            x = normed.to(x.dtype)
        acc += tl.sum(x.to(tl.float32)[:, None, :] * w.to(tl.float32)[None, :, :], axis=2)
    acc += tl.load(b_ptr + offs_n, mask=offs_n < n_out, other=0.0).to(tl.float32)[None, :]
    keep = (offs_m[:, None] < rows) & (offs_n[None, :] < n_out)
    out = acc.to(out_ptr.dtype.element_ty)
    if RESIDUAL:  # stock adds the rounded projection to the residual stream in a kernel of its own
        residual = tl.load(res_ptr + offs_m[:, None] * sr_m + offs_n[None, :], mask=keep, other=0.0)
        out = (out.to(tl.float32) + residual.to(tl.float32)).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + layer * so_g + offs_m[:, None] * so_m + offs_n[None, :], out, mask=keep)


def _records_grad(x: torch.Tensor, layers: list[torch.nn.Module], norm: torch.nn.Module | None,
                  residual: torch.Tensor | None) -> bool:
    """Whether autograd would record these layers (their parameters are only scanned with grad mode on)."""
    if not torch.is_grad_enabled():
        return False
    modules = layers if norm is None else [*layers, norm]
    tensors = [x, *([] if residual is None else [residual])]
    return any(t.requires_grad for t in tensors) or any(p.requires_grad for m in modules for p in m.parameters())


def _computable_linear(layer: torch.nn.Module, shape: torch.Size, x: torch.Tensor) -> bool:
    if type(layer) is not torch.nn.Linear:
        return False
    weight, bias = layer.weight, layer.bias  # each module attribute read costs a __getattr__: read once
    return (bias is not None and weight.shape == shape and weight.dtype == x.dtype and bias.dtype == x.dtype
            and weight.device == x.device and weight.is_contiguous())


def _computable_norm(norm: torch.nn.Module, x: torch.Tensor) -> bool:
    if type(norm) is not torch.nn.LayerNorm or tuple(norm.normalized_shape) != (x.shape[-1],):
        return False
    weight, bias = norm.weight, norm.bias
    return weight is not None and bias is not None and weight.dtype == x.dtype and bias.dtype == x.dtype


def covers(x: torch.Tensor, layers: list[torch.nn.Module], norm: torch.nn.Module | None = None,
           residual: torch.Tensor | None = None) -> bool:
    """Whether decode_linear computes these layers on x (..., K): at most MAX_ROWS rows, 1-3 biased nn.Linear of
    one shape in x's dtype (fp16, bf16, fp32) and device with contiguous weights; norm an affine nn.LayerNorm over
    K; residual (one layer only) shaped as the output; no gradient to record and no torch.compile tracing. The
    device is the caller's choice: a GPU, or Triton's interpreter on the CPU."""
    if not 1 <= len(layers) <= MAX_LAYERS or type(layers[0]) is not torch.nn.Linear:
        return False
    shape = layers[0].weight.shape
    return (
        x.dtype in (torch.float16, torch.bfloat16, torch.float32)
        and x.numel() // x.shape[-1] <= MAX_ROWS and x.shape[-1] == shape[1]
        and all(_computable_linear(layer, shape, x) for layer in layers)
        and (norm is None or _computable_norm(norm, x))
        and (residual is None or (len(layers) == 1 and residual.shape == (*x.shape[:-1], shape[0])
                                  and residual.dtype == x.dtype and residual.stride(-1) == 1))
        and not _records_grad(x, layers, norm, residual)
        and not torch.compiler.is_compiling()
    )


def decode_linear(x: torch.Tensor, layers: list[torch.nn.Module], norm: torch.nn.Module | None = None,
                  residual: torch.Tensor | None = None) -> list[torch.Tensor]:
    """[layer(norm(x)) for layer in layers] (norm None: x itself), plus residual where given, in one launch; x
    (..., K) with at most MAX_ROWS rows (see covers)."""
    if not covers(x, layers, norm, residual):
        raise ValueError("decode_linear takes 1-3 biased nn.Linear of one shape on at most "
                         f"{MAX_ROWS} rows without gradients; call the layers instead (see decode_linear.covers)")
    n_out, k_in = layers[0].weight.shape
    x2 = x.reshape(-1, k_in)
    if x2.stride(1) != 1:
        x2 = x2.contiguous()
    rows = x2.shape[0]
    res = None if residual is None else residual.reshape(rows, n_out)
    out = torch.empty(len(layers), rows, n_out, dtype=x.dtype, device=x.device)
    weights = [layer.weight for layer in layers] + [layers[0].weight] * (MAX_LAYERS - len(layers))
    biases = [layer.bias for layer in layers] + [layers[0].bias] * (MAX_LAYERS - len(layers))
    norm_w, norm_b = (weights[0], biases[0]) if norm is None else (norm.weight, norm.bias)  # unread without norm
    launch(
        _decode_linear_kernel, (triton.cdiv(n_out, BLOCK_N), len(layers)),
        (x2, *weights, *biases, norm_w, norm_b, out if res is None else res, out),
        (rows, n_out, k_in, x2.stride(0), weights[0].stride(0), 0 if res is None else res.stride(0),
         out.stride(0), out.stride(1)),
        dict(NORM=norm is not None, EPS=0.0 if norm is None else float(norm.eps), RESIDUAL=res is not None,
             ROWS=triton.next_power_of_2(rows), BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K),
        num_warps=NUM_WARPS, num_stages=NUM_STAGES,
    )
    return [y.view(*x.shape[:-1], n_out) for y in out]


def decode_linear_reference(x: torch.Tensor, layers: list[torch.nn.Module], norm: torch.nn.Module | None = None,
                            residual: torch.Tensor | None = None) -> list[torch.Tensor]:
    """decode_linear in plain PyTorch, rounding where it rounds: the LayerNorm in fp32 rounded to x's dtype, fp32
    products and sum with the bias, one rounding, then the residual add in fp32 and a rounding."""
    if norm is not None:
        x = torch.nn.functional.layer_norm(x.float(), norm.normalized_shape, norm.weight.float(), norm.bias.float(),
                                           norm.eps).to(x.dtype)
    outs = [torch.nn.functional.linear(x.float(), layer.weight.float(), layer.bias.float()).to(x.dtype)
            for layer in layers]
    if residual is not None:
        outs = [(y.float() + residual.float()).to(x.dtype) for y in outs]
    return outs
