"""GPTQ at many tokens (prefill, large batches): dequantize the weight once into a workspace, then cuBLAS.

Why: the fused kernel (matmul_kernel.py) dequantizes each weight tile once per BLOCK_M rows of x, and at a few
hundred tokens its tiles run well below cuBLAS's tensor-core GEMM (RESULTS.md: 0.77-1.02x fp16 at 128 tokens on an
H200). Writing the fp16 weight once costs ~2.5 bytes per weight of HBM traffic (int4 read, fp16 write), about what
fp16's own matmul reads; above a token count that the benchmark measures (benchmarks/bench_gptq.py, the
`patchzoo_dequant` rows), that extra pass is smaller than what cuBLAS gains over the fused kernel.

    qweight (chunks, N, 16) kernel layout, scale_zero (G, N) int32
      --dequantize_kernel_layout--> W (K, N) in x's dtype, rows in kernel order (act-order: sorted by group)
      --> y = x[:, perm] @ W  (torch.matmul: cuBLAS)

The workspace is a plain torch.empty per call: the caching allocator hands back the same block every call, and
nothing is kept between calls (a persistent fp16 copy would undo the memory int4 saves).

Numerics: W[k, n] = (code - zero) * scale rounded once to x's dtype (the fused kernel instead scales its fp32
partial sums), then cuBLAS's fp32-accumulated GEMM: rounding-level differences from the fused kernel, within
the tolerances its tests state (tests/test_gptq_dequant.py).
"""

from __future__ import annotations

import os

import torch
import triton
import triton.language as tl

from patchzoo.kernels.gptq.packing import chunk_rows, from_kernel_layout, unpack_rows, unpack_scale_zero
from patchzoo.kernels.launch import launch

DEQUANT_MIN_TOKENS_ENV = "PATCHZOO_GPTQ_DEQUANT_MIN_TOKENS"  # alias of DEQUANT_MIN_TOKENS, read at import
# From this many tokens a GPTQ matmul dequantizes then calls cuBLAS (0: never). Measured with benchmarks/bench_gptq.py
# (Llama-7B/8B MLP shapes, the `patchzoo_fused` / `patchzoo_dequant` rows), on an H200 and again on an H100 with the
# coalesced dequantize kernel (2.5-2.7 TB/s of the H100's 3.0): dequantize + cuBLAS beats the fused kernel from 512
# tokens on 11008x4096 and 14336x4096, from 1,024 on 4096x11008 and 4096x14336 (at 512 the fused kernel is still
# 2-12 % faster there), so 1,024, where it wins on all four. A module constant, not an environment read per call: a
# one-token call has a few microseconds of host time
DEQUANT_MIN_TOKENS = int(os.environ.get(DEQUANT_MIN_TOKENS_ENV) or 1024)


def takes_dequant_path(m: int, x: torch.Tensor) -> bool:
    """Whether a call with m tokens of x dequantizes then calls cuBLAS (fp16 / bf16 x; fp32 keeps the fused kernel)."""
    return 0 < DEQUANT_MIN_TOKENS <= m and x.dtype in (torch.float16, torch.bfloat16)


@triton.jit
def _dequantize_kernel(
    # pointers
    qweight_ptr, scale_zero_ptr, g_idx_ptr, w_ptr,
    # sizes
    K, N, group_size,
    # strides
    stride_qc, stride_qn, stride_szg, stride_wk,
    # meta
    BITS: tl.constexpr, SCALE_DTYPE: tl.constexpr, PER_ROW_GROUPS: tl.constexpr, GROUP_PER_CHUNK: tl.constexpr,
    BLOCK_N: tl.constexpr,
):
    """W[r, n] for the rows r of chunk pid_c and columns [pid_n * BLOCK_N, ...).

    Each program reads its chunk's words once, coalesced ((16, BLOCK_N) int32, 64 contiguous bytes per column), and
    writes every code of every word: word w at slot p (bits [p * BITS, (p + 1) * BITS)) is kernel row
    16 * (HALF * (w // 8) + p % HALF) + 2 * (w % 8) + p // HALF of the chunk (packing.py's layout read backwards:
    row 16 j + i sits in word (j // HALF) * 8 + i // 2 at slot (i % 2) * HALF + j % HALF). Reading per row instead
    gathers each word PER_WORD times from scattered 4-byte addresses, which held this pass to ~1.8 TB/s on an H200
    (43 % of its copy rate); read once, it runs at 2.5-2.7 TB/s on an H100 (83-91 %).
    GROUP_PER_CHUNK: every row of a chunk is in one group (group_size a multiple of the chunk's rows), so one row
    of scale_zero serves the whole tile.
    """
    PER_WORD: tl.constexpr = 32 // BITS
    HALF: tl.constexpr = PER_WORD // 2
    CHUNK_ROWS: tl.constexpr = 16 * PER_WORD
    pid_c, pid_n = tl.program_id(0), tl.program_id(1)
    w = tl.arange(0, 16)[:, None]  # (16, 1) word of the chunk
    p = tl.arange(0, PER_WORD)[None, :]  # (1, PER_WORD) slot in the word
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)  # (BLOCK_N,)
    rows = pid_c * CHUNK_ROWS + 16 * (HALF * (w // 8) + p % HALF) + 2 * (w % 8) + p // HALF  # (16, PER_WORD)
    words = tl.load(qweight_ptr + pid_c * stride_qc + cols[None, :] * stride_qn + w, mask=cols[None, :] < N,
                    other=0)  # (16, BLOCK_N)
    codes = (words[:, None, :] >> (p * BITS)[:, :, None]) & ((1 << BITS) - 1)  # (16, PER_WORD, BLOCK_N)
    keep = (rows[:, :, None] < K) & (cols[None, None, :] < N)
    if GROUP_PER_CHUNK:
        packed = tl.load(scale_zero_ptr + (pid_c * CHUNK_ROWS // group_size) * stride_szg + cols, mask=cols < N,
                         other=0)[None, None, :]
    else:
        if PER_ROW_GROUPS:
            group = tl.load(g_idx_ptr + rows, mask=rows < K, other=0)
        else:
            group = rows // group_size
        packed = tl.load(scale_zero_ptr + group[:, :, None] * stride_szg + cols[None, None, :], mask=keep, other=0)
    scale = (packed >> 16).to(tl.int16).to(SCALE_DTYPE, bitcast=True).to(tl.float32)
    zero = packed & 0xFFFF
    weight = (codes - zero).to(tl.float32) * scale
    tl.store(w_ptr + rows[:, :, None] * stride_wk + cols[None, None, :], weight.to(w_ptr.dtype.element_ty),
             mask=keep)


DEQUANT_BLOCK_N = 128  # columns per program: 16 KB of int32 words in, 32 KB of fp16 out at 4 bits


def dequantize_kernel_layout(
    qweight: torch.Tensor, scale_zero: torch.Tensor, *, k: int, bits: int, group_size: int,
    scale_dtype: torch.dtype, dtype: torch.dtype, g_idx: torch.Tensor | None = None,
) -> torch.Tensor:
    """(K, N) weight in `dtype`, rows in the kernel's order, from the kernel-layout qweight and scale_zero.
    group_size <= 0 (or >= K): one group; g_idx (K,) gives each row's group where groups are not contiguous runs."""
    n = scale_zero.shape[1]
    weight = torch.empty((k, n), dtype=dtype, device=qweight.device)
    rows_per_chunk = chunk_rows(bits)
    group_size = k if group_size <= 0 or group_size >= k else group_size
    per_row = g_idx is not None
    launch(
        _dequantize_kernel, (triton.cdiv(k, rows_per_chunk), triton.cdiv(n, DEQUANT_BLOCK_N)),
        (qweight, scale_zero, qweight if g_idx is None else g_idx, weight),
        (k, n, group_size, qweight.stride(0), qweight.stride(1), scale_zero.stride(0), weight.stride(0)),
        dict(BITS=bits, SCALE_DTYPE=tl.bfloat16 if scale_dtype == torch.bfloat16 else tl.float16,
             PER_ROW_GROUPS=per_row, GROUP_PER_CHUNK=not per_row and group_size % rows_per_chunk == 0,
             BLOCK_N=DEQUANT_BLOCK_N),
        num_warps=4,
    )
    return weight


def dequantize_kernel_layout_reference(
    qweight: torch.Tensor, scale_zero: torch.Tensor, *, k: int, bits: int, group_size: int,
    scale_dtype: torch.dtype, dtype: torch.dtype, g_idx: torch.Tensor | None = None,
) -> torch.Tensor:
    """dequantize_kernel_layout in plain PyTorch (fp32 product, one rounding to dtype)."""
    scales, zeros = unpack_scale_zero(scale_zero, scale_dtype)  # (G, N) each
    if g_idx is None:
        rows = torch.arange(k, device=qweight.device)
        g_idx = rows // group_size if 0 < group_size < k else torch.zeros_like(rows)
    g = g_idx.long()
    codes = unpack_rows(from_kernel_layout(qweight, bits, k), bits)  # (K, N) kernel row order
    return ((codes - zeros[g]).float() * scales[g]).to(dtype)


def dequantized_matmul(
    x: torch.Tensor, qweight: torch.Tensor, scale_zero: torch.Tensor, *, bits: int, group_size: int,
    scale_dtype: torch.dtype, perm: torch.Tensor | None = None, g_idx: torch.Tensor | None = None,
    out: torch.Tensor | None = None,
) -> torch.Tensor:
    """y = x[:, perm] @ W for x (M, K): W dequantized into a workspace, then torch.matmul (cuBLAS on a GPU)."""
    k = x.shape[1]
    weight = dequantize_kernel_layout(qweight, scale_zero, k=k, bits=bits, group_size=group_size,
                                      scale_dtype=scale_dtype, dtype=x.dtype, g_idx=g_idx)
    if perm is not None:
        x = x.index_select(1, perm)
    return torch.matmul(x, weight, out=out)
