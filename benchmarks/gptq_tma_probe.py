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
(F.linear), the shipped routed call and every config as fp16 time / its time, and the int4 floor at the measured
copy bandwidth, each timed as bench_gptq's kernel table times it (one CUDA graph over enough weight copies that
they come from HBM).
Needs a Hopper GPU; `--check` runs a small correctness check on any device, under TRITON_INTERPRET=1 on the CPU.
"""

from __future__ import annotations

import argparse
import os

import torch
import triton
import triton.language as tl
from torch.nn import functional as F
from triton.tools.tensor_descriptor import TensorDescriptor

from benchmarks.bench_gptq import GROUP, MLP_SHAPES, check, copies_for, counts, graph_ms, int4_bytes, make_layer
from benchmarks.common import measure_hardware
from patchzoo.kernels.gptq.dequantize import dequantize_kernel_layout_reference
from patchzoo.kernels.gptq.matmul import _workspace, chunk_rows, chunk_rows_operand, gptq_matmul, pairs_mode
from patchzoo.kernels.gptq.matmul_kernel import _store_tile

CHUNK = chunk_rows(4)  # rows of K per chunk: 128


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


def reference_weight(qweight: torch.Tensor, scale_zero: torch.Tensor, k: int) -> torch.Tensor:
    """The layer's (K, N) weight in fp16, as dequantize + cuBLAS and a stock Linear would hold it."""
    return dequantize_kernel_layout_reference(qweight, scale_zero, k=k, bits=4, group_size=GROUP,
                                              scale_dtype=torch.float16, dtype=torch.float16)


def parse_configs(text: str) -> list[tuple[int, ...]]:
    configs = [tuple(int(v) for v in part.split(",")) for part in text.split(";") if part.strip()]
    if any(len(c) != 6 for c in configs):
        raise SystemExit(f"--configs: each config is block_m,block_n,split_k,num_warps,num_stages,scaled; got {text!r}")
    return configs


def correctness(configs: list[tuple[int, ...]], device) -> None:
    """Every config against the reference on a small layer (3 chunks: no split divides it evenly)."""
    qweight, _, _, _, scale_zero = make_layer(384, 128, False, device=device)
    ref = reference_weight(qweight, scale_zero, 384).float()
    for m in (1, 5, 33):
        x = torch.randn(m, 384, generator=torch.Generator().manual_seed(m)).half().to(device)
        for config in configs:
            ok = check(tma_matmul(x, qweight, scale_zero, GROUP, config), x.float() @ ref)
            print(f"m={m} config={config}:", "ok" if ok else "WRONG")


def bench(configs: list[tuple[int, ...]], tokens: list[int]) -> None:
    """The kernel table's method (benchmarks/bench_gptq.py): each path graph-timed over enough weight copies that
    they come from HBM, fp16 over as many random copies as it needs."""
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = True  # stock's default
    hardware = measure_hardware()
    print(f"{hardware.gpu}; {hardware.versions}; triton {triton.__version__}; copy {hardware.hbm_gbps:.0f} GB/s",
          flush=True)
    for k, n in MLP_SHAPES:
        fp16_copies = [torch.randn(n, k, device="cuda", dtype=torch.float16) * 0.02
                       for _ in range(copies_for(2 * k * n))]
        int4_copies = [make_layer(k, n, False, seed=i) for i in range(copies_for(k * n // 2))]
        qweight, qzeros, scales, _, scale_zero = int4_copies[0]
        ref = reference_weight(qweight, scale_zero, k).float()
        for m in tokens:
            x = torch.randn(m, k, device="cuda", dtype=torch.float16)
            fp16_ms = graph_ms([lambda w=w: F.linear(x, w) for w in fp16_copies])
            shipped_ms = graph_ms([lambda layer=layer: gptq_matmul(x, layer[0], layer[1], layer[2], bits=4,
                                                                   group_size=GROUP, scale_zero=layer[4])
                                   for layer in int4_copies])
            floor_ms = int4_bytes(m, k, n) / (hardware.hbm_gbps * 1e6)
            cells = [f"{k}x{n} m={m}: fp16 {fp16_ms * 1e3:.1f} µs, int4 floor {floor_ms * 1e3:.1f} µs, shipped "
                     f"{fp16_ms / shipped_ms:.2f}x"]
            for config in configs:
                try:
                    ok = check(tma_matmul(x, qweight, scale_zero, GROUP, config), x.float() @ ref)
                    ms = graph_ms([lambda layer=layer: tma_matmul(x, layer[0], layer[4], GROUP, config)
                                   for layer in int4_copies])
                    cells.append(f"{config} {fp16_ms / ms:.2f}x ({ms * 1e3:.1f} µs)" + ("" if ok else " WRONG"))
                except Exception as error:  # a config the GPU cannot run (shared memory) is one cell, not the run
                    cells.append(f"{config} failed: {type(error).__name__}")
            print(" | ".join(cells), flush=True)
        del fp16_copies, int4_copies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokens", type=counts, default="256,512,1024,2048,4096", help="comma-separated token counts")
    parser.add_argument("--configs", default="256,128,1,8,3,1;128,256,1,8,3,1;128,128,1,8,4,1",
                        help="';'-separated block_m,block_n,split_k,num_warps,num_stages,scaled")
    parser.add_argument("--check", action="store_true", help="check the configs against the reference, then exit")
    args = parser.parse_args()
    configs = parse_configs(args.configs)
    if args.check:
        if not torch.cuda.is_available() and os.environ.get("TRITON_INTERPRET") != "1":
            raise SystemExit("no GPU here: run the check under Triton's interpreter, TRITON_INTERPRET=1 python -m ...")
        correctness(configs, "cuda" if torch.cuda.is_available() else "cpu")
        return
    if not torch.cuda.is_available() or torch.cuda.get_device_capability() < (9, 0):
        raise SystemExit("gptq_tma_probe times TMA loads, which need a Hopper GPU (sm_90); "
                         "--check also runs on the CPU")
    bench(configs, args.tokens)


if __name__ == "__main__":
    main()
