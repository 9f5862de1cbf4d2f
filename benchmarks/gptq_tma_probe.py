"""Probe: the GPTQ kernel's main loop with TMA loads (sm_90 tensor descriptors), beside the shipped kernel and fp16.

Not a shipped path: a measured experiment toward prefill at fp16's speed (benchmarks/RESULTS.md, GPTQ, "TMA loads").
The loop is the shipped one's DOT_PER_CHUNK path (fp16, 4 bits, groups of whole chunks, no act-order: from 2 tokens
up the launcher gathers x before the kernel anyway), with every tile loaded by one tensor-memory-accelerator copy
instead of per-thread 16-byte copies: x as a (BLOCK_M, 128) box (rows past M and columns past K come back as zeros),
each half of a chunk's packed words as a (1, BLOCK_N, 8) box, the scale_zero row as a (1, BLOCK_N) box. SplitK, when
asked for, sums through the shipped kernel's deterministic per-tile reduction (_store_tile).

Why: the sm_90 SASS (benchmarks/gptq_sass.py) shows the per-thread address arithmetic of the shipped kernel's loads
taking registers the wide prefill tiles need. With TMA the 256 x 128 tile at 8 warps drops from 219 to 170
registers and 128 x 256 from 255 (3 spilled) to 175, none spilled (triton 3.6, 4096x14336 at 512 tokens).

    PYTHONPATH=. python3 -m benchmarks.gptq_tma_probe --tokens 256,512,1024 --configs "256,128,1,8,3,1;128,256,1,8,3,1"
    PYTHONPATH=. python3 -m benchmarks.gptq_tma_probe --tokens 1,16 \
        --configs "16,64,8,2,3,0;16,128,4,4,3,0"   # decode sizes: SplitK 8 and 4

A config is block_m,block_n,split_k,num_warps,num_stages,scaled (scaled=1: the scale goes into the operand and the
dot accumulates across chunks, DOT_PER_CHUNK_SCALED; 0: scale after each chunk's dot). Each row prints fp16's time
(F.linear), the shipped routed call and every config as fp16 time / its time, and the int4 floor at copy bandwidth.
Needs a Hopper GPU; `--check` runs a small correctness check on any device, under TRITON_INTERPRET=1 on the CPU.
"""

from __future__ import annotations

import argparse
import os

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from patchzoo.kernels.gptq.matmul import (
    _workspace,
    chunk_rows_operand,
    gptq_matmul,
    gptq_dequantize_reference,
    pack_cols,
    pack_rows,
    pack_scale_zero,
    pairs_mode,
    sorted_group_index,
    to_kernel_layout,
)
from patchzoo.kernels.gptq.matmul_kernel import _store_tile

MLP_SHAPES = ((4096, 11008), (11008, 4096), (4096, 14336), (14336, 4096))
CHUNK = 128  # rows of K per chunk at 4 bits


@triton.jit
def gptq_tma_kernel(x_desc, q_desc, sz_desc, out_ptr, partial_ptr, counter_ptr, M, N, K, stride_om,
                    GROUP_CHUNKS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    SPLIT_K: tl.constexpr, SCALED: tl.constexpr, PAIRS: tl.constexpr):
    """out^T tile (BLOCK_N, BLOCK_M) over one K slice, as gptq_matmul_kernel computes it, with TMA loads."""
    pid_n = tl.program_id(0)
    pid_k = tl.program_id(1)
    pid_m = tl.program_id(2)
    n0 = pid_n * BLOCK_N
    m0 = pid_m * BLOCK_M
    num_chunks = tl.cdiv(K, 128)
    per_split = tl.cdiv(num_chunks, SPLIT_K)
    start = pid_k * per_split
    acc = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
    for chunk in range(start, tl.minimum(start + per_split, num_chunks)):
        first_half = q_desc.load([chunk, n0, 0]).reshape(BLOCK_N, 8)
        second_half = q_desc.load([chunk, n0, 8]).reshape(BLOCK_N, 8)
        words = sz_desc.load([chunk // GROUP_CHUNKS, n0]).reshape(BLOCK_N)  # scale bits over zero, pack_scale_zero
        scale = (words >> 16).to(tl.int16).to(tl.float16, bitcast=True)
        xt = tl.trans(x_desc.load([m0, chunk * 128]))  # (128, BLOCK_M)
        wt = chunk_rows_operand(first_half, second_half, (words & 0xFFFF)[:, None], 4, tl.float16, PAIRS)
        if SCALED:
            acc = tl.dot(wt * scale[:, None], xt, acc)
        else:
            acc += tl.dot(wt, xt) * scale.to(tl.float32)[:, None]
    offs_m = m0 + tl.arange(0, BLOCK_M)
    offs_n = n0 + tl.arange(0, BLOCK_N)
    _store_tile(tl.trans(acc), offs_m, offs_n, offs_m < M, offs_n < N, M, N, out_ptr, stride_om, partial_ptr,
                counter_ptr + pid_m * tl.cdiv(N, BLOCK_N) + pid_n, pid_k, SPLIT_K)


def tma_matmul(x: torch.Tensor, qweight: torch.Tensor, scale_zero: torch.Tensor, group_size: int,
               config: tuple[int, ...]) -> torch.Tensor:
    """x (M, K) fp16 @ the layer (qweight in the kernel layout, 4 bits; scale_zero from pack_scale_zero)."""
    block_m, block_n, split_k, num_warps, num_stages, scaled = config
    m, k = x.shape
    n = scale_zero.shape[1]
    if x.dtype != torch.float16 or k % CHUNK or group_size % CHUNK:
        raise ValueError("the probe takes fp16 x, K a multiple of 128 and groups of whole 128-row chunks")
    out = torch.empty(m, n, dtype=x.dtype, device=x.device)
    tiles = triton.cdiv(m, block_m) * triton.cdiv(n, block_n)
    partial, counters = _workspace(out, split_k * m * n if split_k > 1 else 0, tiles)
    gptq_tma_kernel[(triton.cdiv(n, block_n), split_k, triton.cdiv(m, block_m))](
        TensorDescriptor.from_tensor(x, [block_m, CHUNK]),
        TensorDescriptor.from_tensor(qweight, [1, block_n, 8]),
        TensorDescriptor.from_tensor(scale_zero, [1, block_n]),
        out, partial, counters, m, n, k, out.stride(0),
        GROUP_CHUNKS=group_size // CHUNK, BLOCK_M=block_m, BLOCK_N=block_n, SPLIT_K=split_k, SCALED=bool(scaled),
        PAIRS=pairs_mode(x.dtype, 4, x.device), num_warps=num_warps, num_stages=num_stages)
    return out


def dequantized(qweight, qzeros, scales, k: int, group_size: int) -> torch.Tensor:
    """The layer's float32 (K, N) weight (the reference's)."""
    g_idx = sorted_group_index(k, group_size, qweight.device)
    return gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)


def random_layer(k: int, n: int, group_size: int, device) -> tuple[torch.Tensor, ...]:
    """(HF qweight, qzeros, scales, kernel-layout qweight, scale_zero) of a random 4-bit layer."""
    gen = torch.Generator().manual_seed(k * 31 + n)
    codes = torch.randint(0, 16, (k, n), generator=gen)
    stored_zeros = torch.randint(0, 15, (k // group_size, n), generator=gen)  # gptq v1: zero - 1
    scales = (torch.rand(k // group_size, n, generator=gen) * 0.02 + 0.002).half().to(device)
    qweight, qzeros = pack_rows(codes, 4).to(device), pack_cols(stored_zeros, 4).to(device)
    return qweight, qzeros, scales, to_kernel_layout(qweight, 4), pack_scale_zero(qzeros, scales, 4, 1)


def parse_configs(text: str) -> list[tuple[int, ...]]:
    configs = [tuple(int(v) for v in part.split(",")) for part in text.split(";") if part.strip()]
    if any(len(c) != 6 for c in configs):
        raise SystemExit(f"--configs: each config is block_m,block_n,split_k,num_warps,num_stages,scaled; got {text!r}")
    return configs


def check(configs: list[tuple[int, ...]], device) -> None:
    """Every config against the reference on a small layer whose K is not a multiple of any split."""
    qweight, qzeros, scales, kernel_qweight, scale_zero = random_layer(384, 128, 128, device)
    for m in (1, 5, 33):
        x = torch.randn(m, 384, generator=torch.Generator().manual_seed(m)).half().to(device)
        ref = x.float() @ dequantized(qweight, qzeros, scales, 384, 128)
        for config in configs:
            error = float((tma_matmul(x, kernel_qweight, scale_zero, 128, config).float() - ref).abs().max()
                          / ref.abs().max())
            print(f"m={m} config={config}: max error / max |ref| = {error:.1e}", "ok" if error < 2e-3 else "WRONG")


def bench(configs: list[tuple[int, ...]], tokens: list[int], copy_gbps: float) -> None:
    from triton.testing import do_bench_cudagraph

    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = True  # stock's default
    print(torch.cuda.get_device_name(), "torch", torch.__version__, "triton", triton.__version__, flush=True)
    for k, n in MLP_SHAPES:
        qweight, qzeros, scales, kernel_qweight, scale_zero = random_layer(k, n, 128, "cuda")
        weight = dequantized(qweight, qzeros, scales, k, 128).half().t().contiguous()  # stock Linear's (N, K)
        floor_us = (kernel_qweight.numel() + scale_zero.numel()) * 4 / copy_gbps / 1e3
        for m in tokens:
            x = torch.randn(m, k, device="cuda", dtype=torch.float16)
            fp16_us = do_bench_cudagraph(lambda: torch.nn.functional.linear(x, weight)) * 1e3
            shipped_us = do_bench_cudagraph(lambda: gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4,
                                                                group_size=128, scale_zero=scale_zero)) * 1e3
            cells = [f"{k}x{n} m={m}: fp16 {fp16_us:.1f} µs, int4 floor {floor_us:.1f} µs, shipped "
                     f"{fp16_us / shipped_us:.2f}x"]
            for config in configs:
                try:
                    y = tma_matmul(x, kernel_qweight, scale_zero, 128, config)
                    error = float((y.float() - x.float() @ weight.float().t()).abs().max() / y.float().abs().max())
                    us = do_bench_cudagraph(lambda: tma_matmul(x, kernel_qweight, scale_zero, 128, config)) * 1e3
                    cells.append(f"{config} {fp16_us / us:.2f}x ({us:.1f} µs)" + ("" if error < 2e-3 else " WRONG"))
                except Exception as error:  # a config the GPU cannot run (shared memory) is one cell, not the run
                    cells.append(f"{config} failed: {type(error).__name__}")
            print(" | ".join(cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokens", default="256,512,1024,2048,4096", help="comma-separated token counts")
    parser.add_argument("--configs", default="256,128,1,8,3,1;128,256,1,8,3,1;128,128,1,8,4,1",
                        help="';'-separated block_m,block_n,split_k,num_warps,num_stages,scaled")
    parser.add_argument("--copy-gbps", type=float, default=3000.0, help="the int4 floor's bandwidth (H100: 3000)")
    parser.add_argument("--check", action="store_true", help="check the configs against the reference, then exit")
    args = parser.parse_args()
    configs = parse_configs(args.configs)
    if args.check:
        if not torch.cuda.is_available() and os.environ.get("TRITON_INTERPRET") != "1":
            raise SystemExit("no GPU here: run the check under Triton's interpreter, TRITON_INTERPRET=1 python -m ...")
        check(configs, "cuda" if torch.cuda.is_available() else "cpu")
        return
    if not torch.cuda.is_available() or torch.cuda.get_device_capability() < (9, 0):
        raise SystemExit("gptq_tma_probe times TMA loads, which need a Hopper GPU (sm_90); "
                         "--check also runs on the CPU")
    bench(configs, [int(v) for v in args.tokens.split(",")], args.copy_gbps)


if __name__ == "__main__":
    main()
