"""Launch configurations of the GPTQ kernel (kernels/gptq/matmul.py): the tile, SplitK and pipeline choices, the tuned
table per GPU (configs/gptq_<gpu>.json, written by `benchmarks/bench_gptq.py --tune`), the heuristic for shapes a
table lacks, and the PATCHZOO_GPTQ_CONFIG pin for debugging.

    pick_config(bits, m, n, k, device)   the pinned config, else the GPU's tuned one, else the heuristic
    candidate_configs(bucket)            what the tuner sweeps for a token-count bucket (m_bucket)
    stream_k_programs(config, units, device)   the grid of a stream-K launch
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import torch

from patchzoo.kernels.gptq.packing import cdiv, chunk_rows

CONFIG_DIR = Path(__file__).resolve().parent / "configs"
CONFIG_ENV = "PATCHZOO_GPTQ_CONFIG"  # e.g. "block_m=16,block_n=128,block_k=128,split_k=4,num_warps=4,num_stages=3"


@dataclass(frozen=True)
class KernelConfig:
    block_m: int
    block_n: int
    split_k: int
    num_warps: int = 4
    num_stages: int = 3
    dots: int = 1  # DOT_PER_SLOT, DOT_PER_CHUNK or DOT_PER_CHUNK_SCALED (the kernel's DOTS; groups of whole chunks)
    # registers per thread the compiler may use (ptx .maxnreg; 0: its own choice). At 4 warps the decode
    # kernel takes ~140, so 3 programs fit on an SM; 128 lets 4 fit (16 warps to hide the load latency
    # that stalls it) with no spills in its sm_90 SASS, for grids that have that many programs
    max_registers: int = 0
    # programs per SM of a stream-K launch (matmul_kernel.gptq_matmul_stream_k_kernel: a fixed grid sharing every
    # (tile, chunk of K) unit evenly; split_k is then 1); 0: one program per (tile, K slice)
    stream_k: int = 0

    @classmethod
    def parse(cls, text: str) -> "KernelConfig":
        """From 'block_m=16,block_n=128,...' (the PATCHZOO_GPTQ_CONFIG syntax)."""
        fields = dict(item.split("=") for item in text.replace(" ", "").split(",") if item)
        return cls(**{k: int(v) for k, v in fields.items()})


def m_bucket(m: int) -> int:
    """Token counts share a config by power-of-two bucket: 1, 2, 4, ..., 256, then 512 for all larger (from
    dequantize.DEQUANT_MIN_TOKENS on, fp16 / bf16 calls take dequantize + cuBLAS instead)."""
    return min(1 << max(m - 1, 0).bit_length(), 512)


def candidate_configs(bucket: int) -> list[KernelConfig]:
    """The configs the tuner (benchmarks/bench_gptq.py --tune) tries for one token-count bucket.

    SPLIT_K is a compile-time number of the kernel (its partial sum unrolls), so each split compiles once.
    """
    if bucket <= 16:
        # (block_m, block_n, warps, stages, dots, max_registers); in the tuner's sweeps on an H200 (chunk-major
        # qweight) the fastest at 1-16 tokens were among these at split 4 or 8 (2 on 4096 -> 14336 at 16
        # tokens), with BLOCK_N 64 at 4 warps the fastest for act-order at one token on the K = 11008 and
        # 14336 shapes; BLOCK_N 32, 8 warps, split 16 and dots 2 never were
        tiles = [(16, 128, 4, 3, 1, 0), (16, 128, 4, 3, 1, 128), (16, 128, 4, 4, 1, 0), (16, 64, 2, 3, 1, 0),
                 (16, 64, 4, 3, 1, 0)]
        splits = (2, 4, 8)
    else:
        # BLOCK_N 64 with 4 warps: at 64 tokens the fastest tile on every shape in the H200 sweeps, one (64, 64)
        # tile dequantized once for all 64 tokens. From 256 tokens: in a one-off sweep on an H100 (timed as the
        # tuner times), 128 tokens x 256 columns at 8 warps with the scale on the operand (one accumulator chain)
        # was the fastest on the wide gate/up shapes (1.17-1.18x the heuristic's 64 x 128 SplitK tile at 256
        # tokens), 64 x 128 at 8 warps on the long-K down shapes at 512 tokens (1.22-1.24x)
        tiles = {32: [(32, 128, 4, 3, 1, 0), (32, 128, 4, 3, 2, 0), (32, 64, 2, 3, 1, 0), (32, 64, 4, 3, 1, 0),
                      (32, 128, 4, 3, 0, 0)],
                 64: [(64, 64, 4, 3, 1, 0), (64, 64, 4, 3, 2, 0), (64, 128, 8, 3, 1, 0), (32, 128, 4, 3, 2, 0),
                      (64, 128, 8, 3, 2, 0)],
                 128: [(64, 64, 4, 3, 1, 0), (64, 128, 8, 3, 1, 0), (128, 128, 8, 3, 0, 0), (64, 256, 8, 3, 1, 0),
                       (64, 128, 4, 3, 0, 0)]}.get(
            bucket, [(128, 256, 8, 3, 2, 0), (64, 128, 8, 3, 1, 0), (64, 128, 4, 3, 1, 0), (256, 128, 8, 3, 2, 0),
                     (128, 128, 8, 3, 2, 0)])
        splits = (1, 2, 4)
    configs = [KernelConfig(bm, bn, sk, num_warps=w, num_stages=st, dots=dots, max_registers=regs)
               for bm, bn, w, st, dots, regs in tiles for sk in splits]
    if bucket <= 16:
        # stream-K at decode sizes: a SplitK grid of short programs (4 chunks each on 4096 -> 14336 at split 8)
        # spends much of each program filling and draining its pipeline and leaves a part-empty last wave; a
        # fixed grid of 1-3 programs per SM (4 with 128 registers) streams every (tile, chunk) unit evenly instead
        configs += [KernelConfig(bm, bn, 1, num_warps=w, num_stages=st, dots=dots, max_registers=regs,
                                 stream_k=per_sm)
                    for bm, bn, w, st, dots, regs in tiles if w == 4
                    for per_sm in ((4,) if regs else (1, 2, 3))]
    if bucket >= 256:
        # stream-K, one program per SM (these tiles' shared memory and registers fit one per SM): where whole
        # tiles leave the last wave part-empty and SplitK's partial sums of every tile cost more than they win
        configs += [KernelConfig(bm, bn, 1, num_warps=w, num_stages=st, dots=dots, max_registers=regs, stream_k=1)
                    for bm, bn, w, st, dots, regs in tiles]
    return configs


def config_key(bits: int, m: int, n: int, k: int, gather: bool = False) -> str:
    """The tuned table's key. `gather`: an act-order call that gathers x inside the kernel (one token), which
    has its own entry (its best tile differs on some shapes) and falls back to the plain one."""
    return f"{bits}:{m_bucket(m)}:{n}:{k}" + (":gather" if gather else "")


@cache
def gpu_config_file(device: torch.device) -> Path:
    name = torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu"
    return CONFIG_DIR / f"gptq_{re.sub(r'[^a-z0-9]+', '_', name.lower()).strip('_')}.json"


@cache
def _tuned_table(path: Path) -> dict[str, KernelConfig]:
    if not path.exists():
        return {}
    table = json.loads(path.read_text())["configs"]
    return {key: KernelConfig(**value) for key, value in table.items()}


@cache
def _sm_count(device: torch.device) -> int:
    if device.type == "cuda":
        return torch.cuda.get_device_properties(device).multi_processor_count
    return 132  # interpreter runs: any plausible GPU


def heuristic_config(bucket: int, n: int, k: int, bits: int, device: torch.device) -> KernelConfig:
    """For shapes the tuned table lacks: enough (tile, slice) programs to fill the GPU twice over."""
    bucket = min(bucket, 256)  # the 512 bucket (257-1,023 tokens) takes 256's choice until a tuned table has its own
    block_m = 16 if bucket <= 16 else min(bucket, 64)
    block_n = 128
    tiles = cdiv(bucket, block_m) * cdiv(n, block_n)
    split_k, chunks = 1, cdiv(k, chunk_rows(bits))
    while tiles * split_k < 2 * _sm_count(device) and split_k < 16 and 2 * split_k <= chunks:
        split_k *= 2
    return KernelConfig(block_m, block_n, split_k, num_warps=4)


@cache
def _configured(bits: int, m: int, n: int, k: int, gather: bool, device: torch.device) -> KernelConfig:
    table = _tuned_table(gpu_config_file(device))
    config = table.get(config_key(bits, m, n, k, gather)) or table.get(config_key(bits, m, n, k))
    return fit_config(config or heuristic_config(m_bucket(m), n, k, bits, device), k, bits)


def pick_config(bits: int, m: int, n: int, k: int, device: torch.device, gather: bool = False) -> KernelConfig:
    """PATCHZOO_GPTQ_CONFIG if set, else the tuned table of this GPU, else the heuristic (cached: this
    runs on every call, and at one token the host has a few microseconds per launch). `gather`: see
    config_key."""
    pinned = os.environ.get(CONFIG_ENV)
    if pinned:
        return fit_config(KernelConfig.parse(pinned), k, bits)
    return _configured(bits, m_bucket(m), n, k, gather, device)


def fit_config(config: KernelConfig, k: int, bits: int) -> KernelConfig:
    """No more K slices than chunks; none with stream-K, which splits K its own way."""
    split_k = 1 if config.stream_k else max(1, min(config.split_k, cdiv(k, chunk_rows(bits))))
    return config if split_k == config.split_k else KernelConfig(**{**asdict(config), "split_k": split_k})


def stream_k_programs(config: KernelConfig, units: int, device: torch.device) -> int:
    """The grid of a stream-K launch with `units` (tile, chunk) work units: config.stream_k programs per SM, and
    no more programs than units (each program's run is then at least one unit long)."""
    return max(1, min(config.stream_k * _sm_count(device), units))
