"""Fused mixture-of-experts feed-forward (Mixtral layout) as Triton grouped GEMMs.

For T tokens, each routed to K of E experts with weights w (T, K):

    out[t] = sum_k w[t, k] * down[e_tk] @ (silu(gate[e_tk] @ x[t]) * (up[e_tk] @ x[t]))

Data flow (S = T*K slots, slot s = t*K + k; I = intermediate size, H = hidden size):

    topk_ids (T, K) --routing.route--> slots sorted by expert, BLOCK_M-padded runs, expert per block
                                           (decode: recomputed inside both GEMM kernels, no launch)
    x (T, H), gate_up_proj (E, 2I, H) --_gate_up_silu_kernel--> h (S, I)  silu(gate)*up, fp32 epilogue
    h (S, I), down_proj (E, H, I)     --_down_kernel-----------> partial (SPLIT_K, S, H) fp32, * w[s]
                                      the last of a token's SPLIT_K*K partials to land  -> out (T, H)

So a decoding step is two launches (gate_up, down), a prefill three (align first). The backward
(kernels/moe/backward.py) reuses the routing and the down kernel; kernels/moe/torch_ops.py wraps both
directions as torch ops with autograd.

Why this shape of kernels:
- Decoding reads every hit expert's weights once; that is the floor. Each program owns one BLOCK_M
  block of one expert's slots and streams one BLOCK_N column tile of that expert's weights.
- gate+up share a program so SiLU(gate)*up is formed in registers and only h (S, I) goes to memory.
  gate_up has I = 14336 columns per expert, enough programs to fill the GPU without SplitK (and SplitK
  there would break the fused SiLU, which needs the full sum).
- down has only H = 4096 columns per expert, so small batches split K (the intermediate dim) over
  SPLIT_K programs. Partials stay fp32 (tl.atomic_add has no bf16, and fp32 keeps the sum exact
  enough). Each program then counts itself in per-(token, column tile) arrival counters (acq_rel
  atomics); the program that brings a token's count to SPLIT_K*K sums that token's partials in a fixed
  order (split, then k) and stores the row: SplitK and top-k reduce in the down kernel, deterministic,
  with no pass of their own. The gate_up kernel zeroes the counters first (stream order puts it before
  down), so every call starts clean whatever a previous call left behind.
- Host time matters as much as GPU time at 1-2 tokens (~180 µs of GPU work, and a host-bound eager
  decoding step): two launches, no host sync; config, routing shape and checks cached per call
  signature (`_plan`); eager callers skip the custom-op dispatch (`torch_ops.moe_eager`). What is left is
  mostly Triton's own launch path (~30 µs per launch measured on the H200 machine, triton 3.6).
- Tiles walk column-major inside groups of GROUP_M row blocks (`grouped_column_major_tile`): programs
  that run together share a weight column tile, which then comes from L2 instead of HBM. The mapping is
  a bijection; tests poison every output and check that every element was written, at every shipped config.
- Token and slot offsets are int64: T*H or S*I passes 2**31 in long prefills.

Configs (block sizes, warps, stages, SPLIT_K) per token-count bucket are data under kernels/moe/configs/,
keyed by E, I, dtype and GPU name; PATCHZOO_MOE_CONFIG='{"block_m": 16, "gate_up": {...}, "down": {...}}'
(MoeConfig.to_dict() format) pins one for debugging.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch
from patchzoo.kernels.moe.routing import Routing, align, block_rows, cdiv, in_kernel_template

CONFIG_DIR = Path(__file__).resolve().parent / "configs"
CONFIG_ENV = "PATCHZOO_MOE_CONFIG"
SUPPORTED_DTYPES = (torch.float16, torch.bfloat16, torch.float32)


# ----------------------------------------------------------------------------------------------------
# Triton kernels
# ----------------------------------------------------------------------------------------------------


@triton.jit
def grouped_column_major_tile(pid, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    """(pid_m, pid_n) of program pid: row blocks in groups of GROUP_M, each group walked column by column.

    GROUP_M >= num_pid_m is plain column-major (best for skinny M: all row blocks of a column tile run
    together); GROUP_M = 1 is row-major. Every (pid_m, pid_n) is produced exactly once.
    """
    width = GROUP_M * num_pid_n
    group = pid // width
    first_m = group * GROUP_M
    group_size = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (pid % width) % group_size
    pid_n = (pid % width) // group_size
    return pid_m, pid_n


@triton.jit
def _gate_up_silu_kernel(
    # pointers
    x_ptr,  # (T, H)
    w_ptr,  # (E, 2I, H): rows [0, I) gate, [I, 2I) up
    h_ptr,  # (S, I) out
    topk_ids_ptr,  # (S,) (routing, see routing.block_rows)
    sorted_slots_ptr,  # (P,) int32
    block_expert_ptr,  # (B,) int32
    counter_ptr,  # (num_counters,) int32: the down kernel's arrival counters, zeroed here
    # sizes
    num_slots,
    num_blocks,
    num_counters,
    N,  # I
    K,  # H
    top_k,
    # strides
    stride_xm,
    stride_xk,
    stride_we,
    stride_wn,
    stride_wk,
    stride_hm,
    stride_hn,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr,
    EVEN_K: tl.constexpr,  # K % BLOCK_K == 0: no masks in the K loop
    DOT_DTYPE: tl.constexpr,  # operand type of tl.dot (see _dot_args)
    DOT_PRECISION: tl.constexpr,  # "ieee" for fp32 operands (no tf32), ignored for 16-bit
    IN_KERNEL: tl.constexpr,  # routing recomputed here from topk_ids (SLOTS x EXPERTS one-hot)
    SLOTS: tl.constexpr,
    EXPERTS: tl.constexpr,
):
    pid = tl.program_id(0)
    # Every program clears its share of the down kernel's counters before anything may return early.
    share = tl.cdiv(num_counters, tl.num_programs(0))
    for first in range(pid * share, min(pid * share + share, num_counters), 128):
        offs = first + tl.arange(0, 128)
        tl.store(counter_ptr + offs, tl.zeros((128,), dtype=tl.int32), mask=offs < min(pid * share + share, num_counters))

    pid_m, pid_n = grouped_column_major_tile(pid, num_blocks, tl.cdiv(N, BLOCK_N), GROUP_M)
    expert, slots = block_rows(topk_ids_ptr, sorted_slots_ptr, block_expert_ptr, pid_m, num_slots,
                               BLOCK_M, IN_KERNEL, SLOTS, EXPERTS)  # (BLOCK_M,) slots; padding holds num_slots
    if expert < 0:
        return  # block past the last expert's run
    expert = expert.to(tl.int64)

    row_ok = slots < num_slots
    tokens = (slots // top_k).to(tl.int64)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    col_ok = offs_n < N
    offs_k = tl.arange(0, BLOCK_K)

    x_ptrs = x_ptr + tokens[:, None] * stride_xm + offs_k[None, :] * stride_xk  # (BLOCK_M, BLOCK_K)
    gate_ptrs = w_ptr + expert * stride_we + offs_n[None, :] * stride_wn + offs_k[:, None] * stride_wk
    up_ptrs = gate_ptrs + N * stride_wn  # (BLOCK_K, BLOCK_N), same columns in the up half

    acc_gate = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc_up = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        if EVEN_K:
            x = tl.load(x_ptrs, mask=row_ok[:, None], other=0.0)
            gate = tl.load(gate_ptrs, mask=col_ok[None, :], other=0.0)
            up = tl.load(up_ptrs, mask=col_ok[None, :], other=0.0)
        else:
            k_ok = offs_k < K - k * BLOCK_K
            x = tl.load(x_ptrs, mask=row_ok[:, None] & k_ok[None, :], other=0.0)
            gate = tl.load(gate_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
            up = tl.load(up_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
        acc_gate = tl.dot(x.to(DOT_DTYPE), gate.to(DOT_DTYPE), acc_gate, input_precision=DOT_PRECISION)
        acc_up = tl.dot(x.to(DOT_DTYPE), up.to(DOT_DTYPE), acc_up, input_precision=DOT_PRECISION)
        x_ptrs += BLOCK_K * stride_xk
        gate_ptrs += BLOCK_K * stride_wk
        up_ptrs += BLOCK_K * stride_wk

    # SiLU in fp32 on the unrounded sums; h is rounded once, to the activation dtype.
    h = acc_gate * tl.sigmoid(acc_gate) * acc_up
    h_ptrs = h_ptr + slots.to(tl.int64)[:, None] * stride_hm + offs_n[None, :] * stride_hn
    tl.store(h_ptrs, h.to(h_ptr.dtype.element_ty), mask=row_ok[:, None] & col_ok[None, :])


@triton.jit
def _down_kernel(
    # pointers
    h_ptr,  # (S, I)
    w_ptr,  # (E, H, I)
    out_ptr,  # (T, H) out
    partial_ptr,  # (SPLIT_K, S, H) fp32 scratch (unused when ARRIVALS == 1)
    counter_ptr,  # (T * cdiv(H, BLOCK_N),) int32, zeroed by the gate_up kernel
    topk_weights_ptr,  # (S,)
    topk_ids_ptr,  # (S,) (routing, see routing.block_rows)
    sorted_slots_ptr,  # (P,) int32
    block_expert_ptr,  # (B,) int32
    # sizes
    num_slots,
    num_blocks,
    N,  # H
    K,  # I
    top_k,
    arrivals,  # SPLIT_K * top_k: partials per output row
    # strides
    stride_hm,
    stride_hk,
    stride_we,
    stride_wn,
    stride_wk,
    stride_om,
    stride_on,
    stride_ps,
    stride_pm,
    stride_pn,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr,
    EVEN_K: tl.constexpr,
    DOT_DTYPE: tl.constexpr,
    DOT_PRECISION: tl.constexpr,
    IN_KERNEL: tl.constexpr,
    SLOTS: tl.constexpr,
    EXPERTS: tl.constexpr,
    REDUCE: tl.constexpr,  # arrivals > 1; else each slot is its token's only partial: store it
):
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m, pid_n = grouped_column_major_tile(tl.program_id(0), num_blocks, num_pid_n, GROUP_M)
    pid_k = tl.program_id(1)
    expert, slots = block_rows(topk_ids_ptr, sorted_slots_ptr, block_expert_ptr, pid_m, num_slots,
                               BLOCK_M, IN_KERNEL, SLOTS, EXPERTS)
    if expert < 0:
        return
    expert = expert.to(tl.int64)

    row_ok = slots < num_slots
    rows = slots.to(tl.int64)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    col_ok = offs_n < N

    # This split's K tiles: [first, last); the split count is grid axis 1, not a constexpr, so one
    # compiled kernel serves every SPLIT_K. A split with no tiles still stores its zeros below.
    k_tiles = tl.cdiv(K, BLOCK_K)
    per_split = tl.cdiv(k_tiles, tl.num_programs(1))
    first = pid_k * per_split
    last = min(first + per_split, k_tiles)
    offs_k = first * BLOCK_K + tl.arange(0, BLOCK_K)

    h_ptrs = h_ptr + rows[:, None] * stride_hm + offs_k[None, :] * stride_hk  # (BLOCK_M, BLOCK_K)
    w_ptrs = w_ptr + expert * stride_we + offs_n[None, :] * stride_wn + offs_k[:, None] * stride_wk

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(first, last):
        if EVEN_K:
            h = tl.load(h_ptrs, mask=row_ok[:, None], other=0.0)
            w = tl.load(w_ptrs, mask=col_ok[None, :], other=0.0)
        else:
            k_ok = offs_k < K - (k - first) * BLOCK_K
            h = tl.load(h_ptrs, mask=row_ok[:, None] & k_ok[None, :], other=0.0)
            w = tl.load(w_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
        acc = tl.dot(h.to(DOT_DTYPE), w.to(DOT_DTYPE), acc, input_precision=DOT_PRECISION)
        h_ptrs += BLOCK_K * stride_hk
        w_ptrs += BLOCK_K * stride_wk

    # The routing weight goes in here, on the fp32 accumulator, so the reduction only adds.
    weight = tl.load(topk_weights_ptr + rows, mask=row_ok, other=0.0).to(tl.float32)
    acc = acc * weight[:, None]
    tokens = rows // top_k
    tile_ok = row_ok[:, None] & col_ok[None, :]
    if not REDUCE:
        out_ptrs = out_ptr + tokens[:, None] * stride_om + offs_n[None, :] * stride_on
        tl.store(out_ptrs, acc.to(out_ptr.dtype.element_ty), mask=tile_ok)
        return

    p_ptrs = partial_ptr + pid_k.to(tl.int64) * stride_ps + rows[:, None] * stride_pm + offs_n[None, :] * stride_pn
    tl.store(p_ptrs, acc, mask=tile_ok)
    # Release: every thread's partial is written (barrier) before the counters move (acq_rel atomics).
    tl.debug_barrier()
    arrived = tl.atomic_add(counter_ptr + tokens * num_pid_n + pid_n, 1, mask=row_ok, sem="acq_rel", scope="gpu")
    # `% arrivals`: back-to-back launches without a gate_up in between (the tuner's timing loop) still
    # see exactly one last arrival per row.
    last = row_ok & (arrived % arrivals == arrivals - 1)  # (BLOCK_M,): this program completes these tokens
    if tl.max(last.to(tl.int32), axis=0) > 0:
        tl.debug_barrier()  # acquire seen by the other threads of the program before they read
        sum_ok = last[:, None] & col_ok[None, :]
        # Fixed order (split, then k) whichever program arrives last: deterministic sums.
        p_ptrs = partial_ptr + (tokens * top_k)[:, None] * stride_pm + offs_n[None, :] * stride_pn
        total = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for split in range(tl.num_programs(1)):
            for k in range(top_k):
                total += tl.load(p_ptrs + k * stride_pm, mask=sum_ok, other=0.0, cache_modifier=".cg")
            p_ptrs += stride_ps
        out_ptrs = out_ptr + tokens[:, None] * stride_om + offs_n[None, :] * stride_on
        tl.store(out_ptrs, total.to(out_ptr.dtype.element_ty), mask=sum_ok)


# ----------------------------------------------------------------------------------------------------
# Configs: typed, per token-count bucket, stored as JSON
# ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GemmTile:
    block_n: int
    block_k: int
    group_m: int
    num_warps: int
    num_stages: int
    split_k: int = 1  # down projection only


@dataclass(frozen=True)
class MoeConfig:
    block_m: int  # shared by routing and both GEMMs
    gate_up: GemmTile
    down: GemmTile  # its split_k: programs along I, fp32 partials

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> MoeConfig:
        return cls(block_m=int(d["block_m"]), gate_up=GemmTile(**d["gate_up"]), down=GemmTile(**d["down"]))


def default_config(num_tokens: int) -> MoeConfig:
    """Untuned but safe choices (fit Hopper/Ampere shared memory) when no tuned file matches."""
    if num_tokens <= 32:
        return MoeConfig(16, GemmTile(64, 128, 64, 4, 4), GemmTile(64, 128, 64, 4, 4, split_k=4))
    if num_tokens <= 256:
        return MoeConfig(32, GemmTile(64, 128, 64, 4, 3), GemmTile(64, 128, 64, 4, 3, split_k=2))
    return MoeConfig(64, GemmTile(128, 64, 8, 8, 3), GemmTile(128, 64, 8, 8, 3))


def dtype_name(dtype: torch.dtype) -> str:
    return {torch.float16: "fp16", torch.bfloat16: "bf16", torch.float32: "fp32"}[dtype]


@cache
def device_key(device: torch.device) -> str:
    name = torch.cuda.get_device_name(device) if device.type == "cuda" else device.type
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")


def config_path(num_experts: int, intermediate: int, dtype: torch.dtype, device_name: str) -> Path:
    return CONFIG_DIR / f"moe_E{num_experts}_I{intermediate}_{dtype_name(dtype)}_{device_name}.json"


@cache
def tuned_table(path: Path, config_cls: type = MoeConfig) -> dict:
    """A shipped table {token bucket: config_cls} (forward MoeConfig or backward BackwardConfig); {} if absent."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    return {int(bucket): config_cls.from_dict(cfg) for bucket, cfg in data["configs"].items()}


def get_config(num_tokens: int, num_experts: int, intermediate: int, dtype: torch.dtype, device: torch.device) -> MoeConfig:
    """Pinned (env) > tuned table > default; in a table, the smallest bucket >= num_tokens (else the largest).

    Tables are tried in order: this dtype on this GPU, bf16 on this GPU (fp16 kernels move the same
    bytes), then the same two on any other GPU (a table tuned on a sibling GPU beats untuned defaults).
    """
    pinned = os.environ.get(CONFIG_ENV)
    if pinned:
        return MoeConfig.from_dict(json.loads(pinned))
    # Cached per call site's shape: this runs on every decode step, where a file lookup would show.
    return _lookup(num_tokens, num_experts, intermediate, dtype, device_key(device) if device.type == "cuda" else None)


@cache
def _lookup(num_tokens: int, num_experts: int, intermediate: int, dtype: torch.dtype, device_name: str | None) -> MoeConfig:
    for path in _table_paths(num_experts, intermediate, dtype, device_name) if device_name else ():
        table = tuned_table(path)
        if table:
            fits = [b for b in table if b >= num_tokens]
            return table[min(fits) if fits else max(table)]
    return default_config(num_tokens)


def _table_paths(num_experts: int, intermediate: int, dtype: torch.dtype, device_name: str) -> list[Path]:
    dtypes = list(dict.fromkeys((dtype, torch.bfloat16)))
    paths = [config_path(num_experts, intermediate, d, device_name) for d in dtypes]
    for d in dtypes:
        paths += sorted(CONFIG_DIR.glob(config_path(num_experts, intermediate, d, "*").name))
    return list(dict.fromkeys(paths))


def shipped_configs() -> list[MoeConfig]:
    """Every distinct config in kernels/moe/configs/*.json (the tests check each for full coverage)."""
    found = []
    for path in sorted(CONFIG_DIR.glob("moe_*.json")):
        for cfg in tuned_table(path).values():
            if cfg not in found:
                found.append(cfg)
    return found


# ----------------------------------------------------------------------------------------------------
# Host launchers: check shapes, launch grids (outputs passed in so tests can poison them)
# ----------------------------------------------------------------------------------------------------


_TL_DTYPES = {torch.float16: tl.float16, torch.bfloat16: tl.bfloat16, torch.float32: tl.float32}


def _dot_args(dtype: torch.dtype) -> dict:
    """tl.dot operand type and precision. fp32 stays exact (ieee, not tf32) so fp32 parity holds.
    Triton's CPU interpreter multiplies bf16 tiles as raw integers (seen with triton 3.9), so there
    bf16 operands are widened to fp32 first; on a GPU the cast is a no-op."""
    return _dot_args_for(dtype, os.environ.get("TRITON_INTERPRET") == "1")


@cache
def _dot_args_for(dtype: torch.dtype, interpreted: bool) -> dict:
    if dtype == torch.bfloat16 and interpreted:
        dtype = torch.float32
    return dict(DOT_DTYPE=_TL_DTYPES[dtype], DOT_PRECISION="ieee" if dtype == torch.float32 else "tf32")


def down_workspace(routing: Routing, tile: GemmTile, num_tokens: int, hidden: int, device: torch.device):
    """(partial, counters) scratch of the down kernel: fp32 (SPLIT_K, S, H) partials and one arrival
    counter per (token, column tile); None, None when each token has a single partial (K = 1, no split).
    Fresh from the caching allocator on every call (no zeroing: gate_up zeroes the counters), so
    concurrent streams and CUDA-graph captures never share them."""
    if tile.split_k * routing.top_k == 1:
        return None, None
    partial = torch.empty((tile.split_k, routing.num_slots, hidden), dtype=torch.float32, device=device)
    counters = torch.empty(num_tokens * cdiv(hidden, tile.block_n), dtype=torch.int32, device=device)
    return partial, counters


def launch_gate_up(x: torch.Tensor, gate_up_proj: torch.Tensor, routing: Routing, tile: GemmTile, h: torch.Tensor,
                   counters: torch.Tensor | None) -> None:
    """h[s] = silu(gate[e_s] @ x[s // K]) * (up[e_s] @ x[s // K]) for every slot s; h is (S, I).
    Also zeroes `counters` (the down kernel's, launched next)."""
    intermediate, hidden = gate_up_proj.shape[1] // 2, gate_up_proj.shape[2]
    grid = (routing.num_blocks * cdiv(intermediate, tile.block_n),)
    launch(
        _gate_up_silu_kernel, grid,
        (x, gate_up_proj, h, *routing.pointers(), h if counters is None else counters),
        (routing.num_slots, routing.num_blocks, 0 if counters is None else counters.numel(),
         intermediate, hidden, routing.top_k,
         *x.stride(), *gate_up_proj.stride(), *h.stride()),
        dict(BLOCK_M=routing.block_m, BLOCK_N=tile.block_n, BLOCK_K=tile.block_k, GROUP_M=tile.group_m,
             EVEN_K=hidden % tile.block_k == 0, **_dot_args(x.dtype), **routing.meta()),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )


def launch_down(h: torch.Tensor, down_proj: torch.Tensor, routing: Routing, slot_weights: torch.Tensor, tile: GemmTile,
                out: torch.Tensor, partial: torch.Tensor | None, counters: torch.Tensor | None) -> None:
    """out[t] = sum over k of w[t*K + k] * (down[e] @ h[t*K + k]), SplitK and top-k reduced in the kernel.
    partial/counters from `down_workspace`, counters zeroed (by launch_gate_up, or torch.zeros)."""
    hidden, intermediate = down_proj.shape[1], down_proj.shape[2]
    reduce = partial is not None
    grid = (routing.num_blocks * cdiv(hidden, tile.block_n), tile.split_k)
    launch(
        _down_kernel, grid,
        # Unused when not reducing: partial and counters alias tensors of the right rank.
        (h, down_proj, out, partial if reduce else out, counters if reduce else routing.topk_ids,
         slot_weights, *routing.pointers()),
        (routing.num_slots, routing.num_blocks, hidden, intermediate, routing.top_k, tile.split_k * routing.top_k,
         *h.stride(), *down_proj.stride(), *out.stride(), *(partial.stride() if reduce else (0, 0, 0))),
        dict(BLOCK_M=routing.block_m, BLOCK_N=tile.block_n, BLOCK_K=tile.block_k, GROUP_M=tile.group_m,
             EVEN_K=intermediate % tile.block_k == 0, **_dot_args(h.dtype), **routing.meta(), REDUCE=reduce),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )


def check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids) -> None:
    check_shapes(hidden.shape, gate_up_proj.shape, down_proj.shape, topk_weights.shape, topk_ids.shape,
                 hidden.dtype, gate_up_proj.dtype, down_proj.dtype, topk_ids.dtype)


def check_shapes(hidden, gate_up_proj, down_proj, topk_weights, topk_ids, dtype, gate_up_dtype, down_dtype, ids_dtype) -> None:
    """ValueError unless hidden (T, H), gate_up_proj (E, 2I, H), down_proj (E, H, I), topk_* (T, K) fit (shapes given)."""
    if len(hidden) != 2 or len(gate_up_proj) != 3 or len(down_proj) != 3:
        raise ValueError(
            f"expected hidden (T, H), gate_up_proj (E, 2I, H), down_proj (E, H, I); got "
            f"{tuple(hidden)}, {tuple(gate_up_proj)}, {tuple(down_proj)}"
        )
    num_experts, two_i, hidden_size = gate_up_proj
    if hidden[1] != hidden_size or two_i % 2 or tuple(down_proj) != (num_experts, hidden_size, two_i // 2):
        raise ValueError(
            f"inconsistent MoE shapes: hidden {tuple(hidden)}, gate_up_proj {tuple(gate_up_proj)}, "
            f"down_proj {tuple(down_proj)}"
        )
    if len(topk_ids) != 2 or topk_ids[0] != hidden[0] or topk_weights != topk_ids:
        raise ValueError(f"topk_ids and topk_weights must both be (T, K); got {tuple(topk_ids)}, {tuple(topk_weights)}")
    if ids_dtype not in (torch.int32, torch.int64):
        raise ValueError(f"topk_ids must be int32 or int64, got {ids_dtype}")
    if dtype not in SUPPORTED_DTYPES or gate_up_dtype != dtype or down_dtype != dtype:
        raise ValueError(
            f"hidden and expert weights must share one of fp16/bf16/fp32; got {dtype}, {gate_up_dtype}, {down_dtype}"
        )


@cache
def _plan(shapes_and_dtypes: tuple, device: torch.device, config: MoeConfig | str | None, in_kernel: bool | None):
    """What moe_forward derives from shapes, dtypes and config alone, once per distinct call signature:
    (config, the in-kernel Routing template or None where align runs). Raises ValueError on bad shapes."""
    check_shapes(*shapes_and_dtypes)
    (num_tokens, _), (num_experts, two_i, _) = shapes_and_dtypes[0], shapes_and_dtypes[1]
    top_k, dtype = shapes_and_dtypes[4][1], shapes_and_dtypes[5]
    if not isinstance(config, MoeConfig):  # None, or the pinned env value it was read from
        config = get_config(num_tokens, num_experts, two_i // 2, dtype, device)
    return config, in_kernel_template(num_tokens, top_k, num_experts, config.block_m, in_kernel)


def moe_forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids, config: MoeConfig | None = None,
                in_kernel_routing: bool | None = None) -> torch.Tensor:
    """Fused MoE with the Triton kernels: hidden (T, H) -> (T, H). See the module docstring.
    in_kernel_routing forces one routing path (tests); by default the slot count picks it
    (routing.in_kernel_template)."""
    key = (hidden.shape, gate_up_proj.shape, down_proj.shape, topk_weights.shape, topk_ids.shape,
           hidden.dtype, gate_up_proj.dtype, down_proj.dtype, topk_ids.dtype)
    # The pinned config is part of the key, so setting the env var takes effect on the next call.
    config, template = _plan(key, hidden.device, config or os.environ.get(CONFIG_ENV), in_kernel_routing)
    num_tokens, hidden_size = hidden.shape
    if num_tokens == 0:
        return hidden.new_empty((0, hidden_size))

    if template is not None:  # decode: routed inside the GEMM kernels, no launch here
        routing = template._replace(topk_ids=topk_ids.reshape(-1).contiguous())
    else:
        routing = align(topk_ids, gate_up_proj.shape[0], config.block_m)
    h = hidden.new_empty((routing.num_slots, down_proj.shape[2]))  # (S, I)
    out = hidden.new_empty((num_tokens, hidden_size))
    partial, counters = down_workspace(routing, config.down, num_tokens, hidden_size, hidden.device)
    launch_gate_up(hidden, gate_up_proj, routing, config.gate_up, h, counters)
    launch_down(h, down_proj, routing, topk_weights.reshape(-1).contiguous(), config.down, out, partial, counters)
    return out


# ----------------------------------------------------------------------------------------------------
# Pure-PyTorch reference (test oracle and CPU path)
# ----------------------------------------------------------------------------------------------------


def moe_reference(hidden, gate_up_proj, down_proj, topk_weights, topk_ids) -> torch.Tensor:
    """The same function in fp32 PyTorch, one expert at a time; h is rounded to the input dtype as the kernel does."""
    check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    intermediate = down_proj.shape[2]
    out = torch.zeros(hidden.shape, dtype=torch.float32, device=hidden.device)  # (T, H)
    for expert in range(gate_up_proj.shape[0]):
        token, k = torch.where(topk_ids == expert)
        x = hidden[token].float()  # (n, H)
        gate, up = (x @ gate_up_proj[expert].float().T).split(intermediate, dim=-1)  # (n, I) each
        h = (F.silu(gate) * up).to(hidden.dtype).float()
        y = h @ down_proj[expert].float().T  # (n, H)
        out.index_add_(0, token, y * topk_weights[token, k].float()[:, None])
    return out.to(hidden.dtype)
