"""Linear layers on the few rows of a decoding step (batch x beams <= 4): y_g = x @ W_g^T + b_g for up to three
layers that read the same x (an attention block's q / k / v projections), one launch.

At one row cuBLAS runs a 1024 x 1024 fp16 linear (SeamlessM4T-v2's attention projections) as a GEMM with 8 x 64
tiles and a bias epilogue: 16 thread blocks stream its 2 MB, ~8 µs inside a CUDA graph on an H200, against
~0.5 µs of HBM time. Here each program streams BLOCK_N whole weight rows (BLOCK_N x K, in BLOCK_K chunks) and
reduces them against the rows of x on the CUDA cores: 128 programs for 1024 outputs, ~4 µs; three layers of a
shared input take one launch (grid axis 1), where cuBLAS would take three. The wider FFN layers keep cuBLAS
(as fast or faster there: benchmarks/RESULTS.md, SeamlessM4T-v2 text decoding).

    out[g, m, n] = round(sum_k x[m, k] * W_g[n, k] + b_g[n])     fp32 products and sum, one rounding

as cuBLAS rounds its fp32 accumulator plus bias once; the summation order differs (rounding-level changes).
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
def _decode_linear_kernel(
    # pointers: the shared input, up to three layers' weights and biases (unused ones repeat layer 0), output
    x_ptr, w0_ptr, w1_ptr, w2_ptr, b0_ptr, b1_ptr, b2_ptr, out_ptr,
    # sizes
    rows, n_out, k_in,
    # strides (the weights' rows are contiguous, k stride 1)
    sx_m, sw_n, so_g, so_m,
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
    acc = tl.zeros((ROWS, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, k_in, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        w = tl.load(w_ptr + offs_n[:, None] * sw_n + offs_k[None, :],
                    mask=(offs_n[:, None] < n_out) & (offs_k[None, :] < k_in), other=0.0)  # (BLOCK_N, BLOCK_K)
        x = tl.load(x_ptr + offs_m[:, None] * sx_m + offs_k[None, :],
                    mask=(offs_m[:, None] < rows) & (offs_k[None, :] < k_in), other=0.0)  # (ROWS, BLOCK_K)
        acc += tl.sum(x.to(tl.float32)[:, None, :] * w.to(tl.float32)[None, :, :], axis=2)
    acc += tl.load(b_ptr + offs_n, mask=offs_n < n_out, other=0.0).to(tl.float32)[None, :]
    tl.store(out_ptr + layer * so_g + offs_m[:, None] * so_m + offs_n[None, :], acc.to(out_ptr.dtype.element_ty),
             mask=(offs_m[:, None] < rows) & (offs_n[None, :] < n_out))


def covers(x: torch.Tensor, layers: list[torch.nn.Linear]) -> bool:
    """Whether decode_linear computes these layers on x (..., K): at most MAX_ROWS rows, 1-3 biased nn.Linear of
    one shape in x's dtype (fp16, bf16, fp32) and device with contiguous weights, no gradient to record and no
    torch.compile tracing. The device is the caller's choice: a GPU, or Triton's interpreter on the CPU."""
    first = layers[0].weight
    return (
        x.dtype in (torch.float16, torch.bfloat16, torch.float32) and 1 <= len(layers) <= MAX_LAYERS
        and x.numel() // x.shape[-1] <= MAX_ROWS and x.shape[-1] == first.shape[1]
        and all(type(layer) is torch.nn.Linear and layer.bias is not None and layer.weight.shape == first.shape
                and layer.weight.dtype == x.dtype and layer.bias.dtype == x.dtype and layer.weight.is_contiguous()
                and layer.weight.device == x.device for layer in layers)
        and not (torch.is_grad_enabled() and (x.requires_grad or any(p.requires_grad for layer in layers
                                                                       for p in layer.parameters())))
        and not torch.compiler.is_compiling()
    )


def decode_linear(x: torch.Tensor, layers: list[torch.nn.Linear]) -> list[torch.Tensor]:
    """[layer(x) for layer in layers] in one launch; x (..., K) with at most MAX_ROWS rows (see covers)."""
    if not covers(x, layers):
        raise ValueError("decode_linear takes 1-3 biased nn.Linear of one shape on at most "
                         f"{MAX_ROWS} rows without gradients; call the layers instead (see decode_linear.covers)")
    n_out, k_in = layers[0].weight.shape
    x2 = x.reshape(-1, k_in)
    if x2.stride(1) != 1:
        x2 = x2.contiguous()
    rows = x2.shape[0]
    out = torch.empty(len(layers), rows, n_out, dtype=x.dtype, device=x.device)
    weights = [layer.weight for layer in layers] + [layers[0].weight] * (MAX_LAYERS - len(layers))
    biases = [layer.bias for layer in layers] + [layers[0].bias] * (MAX_LAYERS - len(layers))
    launch(
        _decode_linear_kernel, (triton.cdiv(n_out, BLOCK_N), len(layers)),
        (x2, *weights, *biases, out),
        (rows, n_out, k_in, x2.stride(0), weights[0].stride(0), out.stride(0), out.stride(1)),
        dict(ROWS=triton.next_power_of_2(rows), BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K),
        num_warps=NUM_WARPS, num_stages=NUM_STAGES,
    )
    return [y.view(*x.shape[:-1], n_out) for y in out]


def decode_linear_reference(x: torch.Tensor, layers: list[torch.nn.Linear]) -> list[torch.Tensor]:
    """decode_linear in plain PyTorch: fp32 products and sum, bias added in fp32, one rounding to x's dtype."""
    return [torch.nn.functional.linear(x.float(), layer.weight.float(), layer.bias.float()).to(x.dtype)
            for layer in layers]
