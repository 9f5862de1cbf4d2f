"""Backward of the fused MoE (patchzoo/kernels/moe/forward.py): gradients for x, gate_up_proj, down_proj and the
routing weights, as Triton grouped GEMMs over the forward's sorted routing.

Forward, per slot s = t*K + k routed to expert e (S = T*K slots; I intermediate, H hidden):

    g, u = split(gate_up_proj[e] @ x[t])        (I,) each
    h    = round(silu(g) * u)                   (I,)  rounded to the input dtype, as the forward kernel does
    out[t] = sum_k w[s] * down_proj[e] @ h      (H,)

Backward, with dout = grad of out (T, H):

    dw[s]            = dout[t] . (down_proj[e] @ h)  = (dout[t] @ down_proj[e]) . h
    dy               = w[s] * dout[t]                                                    (H,)
    dh               = dy @ down_proj[e]                                                 (I,)
    dg, du           = dh * u * silu'(g),  dh * silu(g)        silu'(g) = sig(g) * (1 + g * (1 - sig(g)))
    dx[t]           += [dg; du] @ gate_up_proj[e]                                        (H,)
    d_down_proj[e]  += dy^T h                                                            (H, I)
    d_gate_up[e]    += [dg; du]^T x[t]                                                   (2I, H)

The rounding of h is treated as the identity (a straight-through estimate), as autograd does for the
stock path's casts. Only x, the weights and the routing are saved by the forward; g and u are recomputed.

Kernels (slots sorted by expert into BLOCK_M-padded runs by routing.align, as in the forward):

    x, dout (T, H), gate_up_proj, down_proj --_gate_up_backward_kernel--> h (S, I), dgu = [dg; du] (S, 2I),
        dw partials (I tiles, S) fp32. One pass over H feeds three accumulators (x @ gate, x @ up,
        dout @ down_proj[e]), so the recompute of g, u and the down projection's backward share their
        loads; SiLU's backward and the routing-weight product are the epilogue.
    dgu (S, 2I), gate_up_proj^T --moe._down_kernel (unit weights)--> dx (T, H): the forward's down kernel,
        SplitK and top-k reduced in a fixed order, read through a transposed view of gate_up_proj.
    per expert, over its run of slots --_expert_weight_grad_kernel-->
        d_down_proj[e] = (w * dout)^T h  and  d_gate_up[e] = dgu^T x: a grouped GEMM whose reduction runs
        over the expert's tokens; one program per output tile, no atomics.
    dw = sum of the partials over I tiles (torch, fixed order).

Every reduction has a fixed order (no float atomics): results are bitwise identical run to run.

Tiles per token-count bucket are data under kernels/moe/configs/backward_moe_E*_I*_<dtype>_<GPU>.json (read on
that GPU only), else untuned defaults; PATCHZOO_MOE_BACKWARD_CONFIG (BackwardConfig.to_dict() JSON) pins one.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch
from patchzoo.kernels.moe.forward import (
    CONFIG_DIR, GemmTile, _dot_args, check_inputs, device_key, down_workspace, dtype_name, grouped_column_major_tile,
    launch_down, tuned_table,
)
from patchzoo.kernels.moe.routing import Routing, align, block_rows, cdiv

CONFIG_ENV = "PATCHZOO_MOE_BACKWARD_CONFIG"


# ----------------------------------------------------------------------------------------------------
# Triton kernels
# ----------------------------------------------------------------------------------------------------


@triton.jit
def _gate_up_backward_kernel(
    # pointers
    x_ptr,  # (T, H)
    dout_ptr,  # (T, H)
    w1_ptr,  # (E, 2I, H): rows [0, I) gate, [I, 2I) up
    w2_ptr,  # (E, H, I)
    weights_ptr,  # (S,) routing weights
    h_ptr,  # (S, I) out: silu(g) * u, rounded as in the forward
    dgu_ptr,  # (S, 2I) out: [dg; du]
    dw_partial_ptr,  # (cdiv(I, BLOCK_N), S) fp32 out: this column tile's share of dw
    topk_ids_ptr,  # (S,) (routing, see routing.block_rows)
    sorted_slots_ptr,  # (P,) int32
    block_expert_ptr,  # (B,) int32
    # sizes
    num_slots,
    num_blocks,
    N,  # I
    K,  # H
    top_k,
    # strides
    stride_xm,
    stride_xk,
    stride_dm,
    stride_dk,
    stride_w1e,
    stride_w1n,
    stride_w1k,
    stride_w2e,
    stride_w2k,
    stride_w2n,
    stride_hm,
    stride_hn,
    stride_gm,
    stride_gn,
    stride_pn,
    stride_pm,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr,
    EVEN_K: tl.constexpr,  # K % BLOCK_K == 0: no masks in the K loop
    DOT_DTYPE: tl.constexpr,
    DOT_PRECISION: tl.constexpr,
    IN_KERNEL: tl.constexpr,  # always False here (align runs first); block_rows' signature
    SLOTS: tl.constexpr,
    EXPERTS: tl.constexpr,
):
    pid_m, pid_n = grouped_column_major_tile(tl.program_id(0), num_blocks, tl.cdiv(N, BLOCK_N), GROUP_M)
    expert, slots = block_rows(topk_ids_ptr, sorted_slots_ptr, block_expert_ptr, pid_m, num_slots,
                               BLOCK_M, IN_KERNEL, SLOTS, EXPERTS)  # (BLOCK_M,) slots; padding holds num_slots
    if expert < 0:
        return
    expert = expert.to(tl.int64)

    row_ok = slots < num_slots
    rows = slots.to(tl.int64)
    tokens = rows // top_k
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    col_ok = offs_n < N
    offs_k = tl.arange(0, BLOCK_K)

    x_ptrs = x_ptr + tokens[:, None] * stride_xm + offs_k[None, :] * stride_xk  # (BLOCK_M, BLOCK_K)
    d_ptrs = dout_ptr + tokens[:, None] * stride_dm + offs_k[None, :] * stride_dk  # (BLOCK_M, BLOCK_K)
    gate_ptrs = w1_ptr + expert * stride_w1e + offs_n[None, :] * stride_w1n + offs_k[:, None] * stride_w1k
    up_ptrs = gate_ptrs + N * stride_w1n  # (BLOCK_K, BLOCK_N)
    down_ptrs = w2_ptr + expert * stride_w2e + offs_k[:, None] * stride_w2k + offs_n[None, :] * stride_w2n

    acc_gate = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)  # g
    acc_up = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)  # u
    acc_dh = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)  # dout @ down_proj[e], before the routing weight
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        if EVEN_K:
            x = tl.load(x_ptrs, mask=row_ok[:, None], other=0.0)
            d = tl.load(d_ptrs, mask=row_ok[:, None], other=0.0)
            gate = tl.load(gate_ptrs, mask=col_ok[None, :], other=0.0)
            up = tl.load(up_ptrs, mask=col_ok[None, :], other=0.0)
            down = tl.load(down_ptrs, mask=col_ok[None, :], other=0.0)
        else:
            k_ok = offs_k < K - k * BLOCK_K
            x = tl.load(x_ptrs, mask=row_ok[:, None] & k_ok[None, :], other=0.0)
            d = tl.load(d_ptrs, mask=row_ok[:, None] & k_ok[None, :], other=0.0)
            gate = tl.load(gate_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
            up = tl.load(up_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
            down = tl.load(down_ptrs, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
        acc_gate = tl.dot(x.to(DOT_DTYPE), gate.to(DOT_DTYPE), acc_gate, input_precision=DOT_PRECISION)
        acc_up = tl.dot(x.to(DOT_DTYPE), up.to(DOT_DTYPE), acc_up, input_precision=DOT_PRECISION)
        acc_dh = tl.dot(d.to(DOT_DTYPE), down.to(DOT_DTYPE), acc_dh, input_precision=DOT_PRECISION)
        x_ptrs += BLOCK_K * stride_xk
        d_ptrs += BLOCK_K * stride_dk
        gate_ptrs += BLOCK_K * stride_w1k
        up_ptrs += BLOCK_K * stride_w1k
        down_ptrs += BLOCK_K * stride_w2k

    # Epilogue in fp32 (see the module docstring for the formulas).
    sig = tl.sigmoid(acc_gate)
    act = acc_gate * sig
    h = (act * acc_up).to(h_ptr.dtype.element_ty)  # what the forward's down GEMM read
    tile_ok = row_ok[:, None] & col_ok[None, :]
    tl.store(h_ptr + rows[:, None] * stride_hm + offs_n[None, :] * stride_hn, h, mask=tile_ok)
    dw = tl.sum(tl.where(tile_ok, acc_dh * h.to(tl.float32), 0.0), axis=1)  # (BLOCK_M,)
    tl.store(dw_partial_ptr + pid_n.to(tl.int64) * stride_pn + rows * stride_pm, dw, mask=row_ok)

    weight = tl.load(weights_ptr + rows, mask=row_ok, other=0.0).to(tl.float32)
    dh = acc_dh * weight[:, None]
    d_gate = dh * acc_up * sig * (1.0 + acc_gate * (1.0 - sig))
    d_up = dh * act
    g_ptrs = dgu_ptr + rows[:, None] * stride_gm + offs_n[None, :] * stride_gn
    tl.store(g_ptrs, d_gate.to(dgu_ptr.dtype.element_ty), mask=tile_ok)
    tl.store(g_ptrs + N * stride_gn, d_up.to(dgu_ptr.dtype.element_ty), mask=tile_ok)


@triton.jit
def _expert_weight_grad_kernel(
    # pointers
    a_ptr,  # rows of A: (T, N1) read by token, or (S, N1) by slot
    b_ptr,  # rows of B: (T, N2) by token, or (S, N2) by slot
    scale_ptr,  # (S,): multiplies A's row of each slot (HAS_SCALE)
    out_ptr,  # (E, N1, N2) out
    sorted_slots_ptr,  # (P,) int32
    run_start_ptr,  # (E + 1,) int32: expert e's run is sorted_slots[run_start[e]:run_start[e + 1]]
    # sizes
    num_slots,
    N1,
    N2,
    top_k,
    # strides
    stride_am,
    stride_an,
    stride_bm,
    stride_bn,
    stride_oe,
    stride_o1,
    stride_o2,
    # meta-parameters
    BLOCK_N1: tl.constexpr,
    BLOCK_N2: tl.constexpr,
    BLOCK_K: tl.constexpr,  # slots per step of the reduction
    GROUP_M: tl.constexpr,
    A_BY_TOKEN: tl.constexpr,
    B_BY_TOKEN: tl.constexpr,
    HAS_SCALE: tl.constexpr,
    DOT_DTYPE: tl.constexpr,
    DOT_PRECISION: tl.constexpr,
):
    """out[e] = sum over the slots s of expert e of (scale[s] * A[row_a(s)])^T B[row_b(s)]: (N1, N2) per expert.
    An expert with no slots gets zeros."""
    num_pid_1, num_pid_2 = tl.cdiv(N1, BLOCK_N1), tl.cdiv(N2, BLOCK_N2)
    tiles = num_pid_1 * num_pid_2
    pid = tl.program_id(0)
    expert = pid // tiles
    pid_1, pid_2 = grouped_column_major_tile(pid % tiles, num_pid_1, num_pid_2, GROUP_M)
    offs_1 = pid_1 * BLOCK_N1 + tl.arange(0, BLOCK_N1)
    offs_2 = pid_2 * BLOCK_N2 + tl.arange(0, BLOCK_N2)
    ok_1 = offs_1 < N1
    ok_2 = offs_2 < N2
    start = tl.load(run_start_ptr + expert)
    end = tl.load(run_start_ptr + expert + 1)

    acc = tl.zeros((BLOCK_N1, BLOCK_N2), dtype=tl.float32)
    for first in range(start, end, BLOCK_K):
        pos = first + tl.arange(0, BLOCK_K)
        slots = tl.load(sorted_slots_ptr + pos, mask=pos < end, other=num_slots)
        ok = slots < num_slots
        rows = slots.to(tl.int64)
        rows_a = rows // top_k if A_BY_TOKEN else rows
        rows_b = rows // top_k if B_BY_TOKEN else rows
        a = tl.load(a_ptr + rows_a[None, :] * stride_am + offs_1[:, None] * stride_an,
                    mask=ok[None, :] & ok_1[:, None], other=0.0)  # (BLOCK_N1, BLOCK_K): A^T
        if HAS_SCALE:
            scale = tl.load(scale_ptr + rows, mask=ok, other=0.0).to(tl.float32)
            a = (a.to(tl.float32) * scale[None, :]).to(a_ptr.dtype.element_ty)  # rounded once, as autograd does
        b = tl.load(b_ptr + rows_b[:, None] * stride_bm + offs_2[None, :] * stride_bn,
                    mask=ok[:, None] & ok_2[None, :], other=0.0)  # (BLOCK_K, BLOCK_N2)
        acc = tl.dot(a.to(DOT_DTYPE), b.to(DOT_DTYPE), acc, input_precision=DOT_PRECISION)

    out_ptrs = out_ptr + expert.to(tl.int64) * stride_oe + offs_1[:, None] * stride_o1 + offs_2[None, :] * stride_o2
    tl.store(out_ptrs, acc.to(out_ptr.dtype.element_ty), mask=ok_1[:, None] & ok_2[None, :])


# ----------------------------------------------------------------------------------------------------
# Configs
# ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeightGradTile:
    block_n1: int
    block_n2: int
    block_k: int  # slots per reduction step
    group_m: int
    num_warps: int
    num_stages: int


@dataclass(frozen=True)
class BackwardConfig:
    block_m: int  # routing blocks of the gate_up backward and the dx GEMM
    gate_up: GemmTile  # _gate_up_backward_kernel: block_n over I, block_k over H
    d_hidden: GemmTile  # moe._down_kernel over dgu: block_n over H, block_k over 2I, split_k
    weight_grad: WeightGradTile

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> BackwardConfig:
        return cls(block_m=int(d["block_m"]), gate_up=GemmTile(**d["gate_up"]), d_hidden=GemmTile(**d["d_hidden"]),
                   weight_grad=WeightGradTile(**d["weight_grad"]))


def default_backward_config(num_tokens: int) -> BackwardConfig:
    """Untuned choices that fit Hopper/Ampere shared memory, where no tuned table matches (get_backward_config).
    The gate_up backward holds three fp32 accumulators, hence its narrower tiles."""
    if num_tokens <= 64:
        return BackwardConfig(16, GemmTile(64, 64, 64, 4, 3), GemmTile(64, 128, 64, 4, 3, split_k=4),
                              WeightGradTile(64, 64, 32, 8, 4, 3))
    return BackwardConfig(64, GemmTile(64, 64, 8, 8, 3), GemmTile(128, 64, 8, 8, 3),
                          WeightGradTile(128, 128, 64, 8, 8, 3))


def backward_config_path(num_experts: int, intermediate: int, dtype: torch.dtype, device_name: str) -> Path:
    # Not "moe_*": that pattern is the forward's tables (moe.shipped_configs).
    return CONFIG_DIR / f"backward_moe_E{num_experts}_I{intermediate}_{dtype_name(dtype)}_{device_name}.json"


def get_backward_config(num_tokens: int, num_experts: int, intermediate: int, dtype: torch.dtype,
                        device: torch.device) -> BackwardConfig:
    """Pinned (env) > the tuned table of this GPU > default; in a table, the smallest bucket >= num_tokens
    (else the largest). Only this GPU's table: its tiles may not fit another GPU's shared memory. fp16 reads
    the bf16 table (same bytes moved); fp32 (twice the bytes per tile) keeps the defaults."""
    pinned = os.environ.get(CONFIG_ENV)
    if pinned:
        return BackwardConfig.from_dict(json.loads(pinned))
    if device.type == "cuda" and dtype != torch.float32:
        for d in dict.fromkeys((dtype, torch.bfloat16)):
            table = tuned_table(backward_config_path(num_experts, intermediate, d, device_key(device)), BackwardConfig)
            if table:
                fits = [b for b in table if b >= num_tokens]
                return table[min(fits) if fits else max(table)]
    return default_backward_config(num_tokens)


def shipped_backward_configs() -> list[BackwardConfig]:
    """Every distinct config in kernels/moe/configs/backward_moe_*.json (the tests run each)."""
    found = []
    for path in sorted(CONFIG_DIR.glob("backward_moe_*.json")):
        for cfg in tuned_table(path, BackwardConfig).values():
            if cfg not in found:
                found.append(cfg)
    return found


# ----------------------------------------------------------------------------------------------------
# Host launchers
# ----------------------------------------------------------------------------------------------------


def expert_run_starts(routing: Routing, num_experts: int) -> torch.Tensor:
    """(E + 1,) int32 offsets of each expert's padded run in sorted_slots (runs lie in expert order),
    from block_expert on the device: no host sync."""
    blocks = torch.zeros(num_experts + 1, dtype=torch.int32, device=routing.block_expert.device)
    blocks.scatter_add_(0, routing.block_expert.long() + 1, torch.ones_like(routing.block_expert))  # [0]: -1 blocks
    starts = torch.zeros(num_experts + 1, dtype=torch.int32, device=blocks.device)
    starts[1:] = torch.cumsum(blocks[1:], 0) * routing.block_m
    return starts


def launch_gate_up_backward(x, dout, gate_up_proj, down_proj, slot_weights, routing: Routing, tile: GemmTile,
                            h, dgu, dw_partial) -> None:
    """h (S, I), dgu (S, 2I) and dw_partial (cdiv(I, block_n), S) for every slot (see the module docstring)."""
    intermediate, hidden = down_proj.shape[2], down_proj.shape[1]
    grid = (routing.num_blocks * cdiv(intermediate, tile.block_n),)
    launch(
        _gate_up_backward_kernel, grid,
        (x, dout, gate_up_proj, down_proj, slot_weights, h, dgu, dw_partial, *routing.pointers()),
        (routing.num_slots, routing.num_blocks, intermediate, hidden, routing.top_k,
         *x.stride(), *dout.stride(), *gate_up_proj.stride(), *down_proj.stride(), *h.stride(), *dgu.stride(),
         *dw_partial.stride()),
        dict(BLOCK_M=routing.block_m, BLOCK_N=tile.block_n, BLOCK_K=tile.block_k, GROUP_M=tile.group_m,
             EVEN_K=hidden % tile.block_k == 0, **_dot_args(x.dtype), IN_KERNEL=False, SLOTS=1, EXPERTS=1),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )


def launch_expert_weight_grad(a, b, scale, out, routing: Routing, run_starts, tile: WeightGradTile,
                              a_by_token: bool, b_by_token: bool) -> None:
    """out[e] = sum over expert e's slots of (scale * A rows)^T B rows; out is (E, N1, N2)."""
    num_experts, n1, n2 = out.shape
    grid = (num_experts * cdiv(n1, tile.block_n1) * cdiv(n2, tile.block_n2),)
    launch(
        _expert_weight_grad_kernel, grid,
        (a, b, a if scale is None else scale, out, routing.sorted_slots, run_starts),
        (routing.num_slots, n1, n2, routing.top_k, *a.stride(), *b.stride(), *out.stride()),
        dict(BLOCK_N1=tile.block_n1, BLOCK_N2=tile.block_n2, BLOCK_K=tile.block_k, GROUP_M=tile.group_m,
             A_BY_TOKEN=a_by_token, B_BY_TOKEN=b_by_token, HAS_SCALE=scale is not None, **_dot_args(a.dtype)),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )


def moe_backward(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids, config: BackwardConfig | None = None,
                 weight_grads: bool = True):
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights) with the Triton kernels, each in its input's dtype.
    weight_grads=False (frozen experts) skips the two weight-gradient GEMMs and returns None for them."""
    check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    num_tokens, hidden_size = hidden.shape
    num_experts, intermediate = gate_up_proj.shape[0], down_proj.shape[2]
    config = config or get_backward_config(num_tokens, num_experts, intermediate, hidden.dtype, hidden.device)
    d_gate_up = torch.empty(gate_up_proj.shape, dtype=gate_up_proj.dtype, device=hidden.device)
    d_down = torch.empty(down_proj.shape, dtype=down_proj.dtype, device=hidden.device)
    if num_tokens == 0:
        return (hidden.new_empty(hidden.shape), d_gate_up.zero_() if weight_grads else None,
                d_down.zero_() if weight_grads else None, topk_weights.new_empty(topk_weights.shape))
    dout = grad_out.to(hidden.dtype)
    routing = align(topk_ids, num_experts, config.block_m)
    slot_weights = topk_weights.reshape(-1).contiguous()

    h = hidden.new_empty((routing.num_slots, intermediate))  # (S, I)
    dgu = hidden.new_empty((routing.num_slots, 2 * intermediate))  # (S, 2I)
    dw_partial = torch.empty((cdiv(intermediate, config.gate_up.block_n), routing.num_slots),
                             dtype=torch.float32, device=hidden.device)
    launch_gate_up_backward(hidden, dout, gate_up_proj, down_proj, slot_weights, routing, config.gate_up,
                            h, dgu, dw_partial)

    # dx[t] = sum_k dgu[s] @ gate_up_proj[e]: the forward's down kernel over a (E, H, 2I) view, unit weights.
    d_hidden = hidden.new_empty(hidden.shape)
    partial, counters = down_workspace(routing, config.d_hidden, num_tokens, hidden_size, hidden.device)
    if counters is not None:
        counters.zero_()
    ones = torch.ones(routing.num_slots, dtype=torch.float32, device=hidden.device)
    launch_down(dgu, gate_up_proj.transpose(1, 2), routing, ones, config.d_hidden, d_hidden, partial, counters)

    d_weights = dw_partial.sum(0).view(topk_weights.shape).to(topk_weights.dtype)
    if not weight_grads:
        return d_hidden, None, None, d_weights
    run_starts = expert_run_starts(routing, num_experts)
    launch_expert_weight_grad(dout, h, slot_weights, d_down, routing, run_starts, config.weight_grad,
                              a_by_token=True, b_by_token=False)
    launch_expert_weight_grad(dgu, hidden, None, d_gate_up, routing, run_starts, config.weight_grad,
                              a_by_token=False, b_by_token=True)
    return d_hidden, d_gate_up, d_down, d_weights


# ----------------------------------------------------------------------------------------------------
# Pure-PyTorch reference (test oracle and CPU path)
# ----------------------------------------------------------------------------------------------------


def silu_backward(gate: torch.Tensor) -> torch.Tensor:
    """d silu(g) / dg, elementwise."""
    sig = torch.sigmoid(gate)
    return sig * (1 + gate * (1 - sig))


def moe_backward_reference(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids):
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights) in fp32 PyTorch, one expert at a time,
    each returned in its input's dtype. The test oracle, and the path where Triton does not run."""
    check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    intermediate = down_proj.shape[2]
    dout = grad_out.float()  # (T, H)
    d_hidden = torch.zeros(hidden.shape, dtype=torch.float32, device=hidden.device)
    d_gate_up = torch.zeros(gate_up_proj.shape, dtype=torch.float32, device=hidden.device)
    d_down = torch.zeros(down_proj.shape, dtype=torch.float32, device=hidden.device)
    d_weights = torch.zeros(topk_weights.shape, dtype=torch.float32, device=hidden.device)
    for expert in range(gate_up_proj.shape[0]):
        token, k = torch.where(topk_ids == expert)
        x = hidden[token].float()  # (n, H)
        w_gate_up, w_down = gate_up_proj[expert].float(), down_proj[expert].float()  # (2I, H), (H, I)
        gate, up = (x @ w_gate_up.T).split(intermediate, dim=-1)  # (n, I) each
        h = (F.silu(gate) * up).to(hidden.dtype).float()
        d_dot = dout[token] @ w_down  # (n, I): dout[t] @ down_proj[e], before the routing weight
        d_weights[token, k] = (d_dot * h).sum(-1)
        weight = topk_weights[token, k].float()[:, None]  # (n, 1)
        d_down[expert] = (dout[token] * weight).T @ h
        dh = d_dot * weight
        d_gate_up_act = torch.cat([dh * up * silu_backward(gate), dh * F.silu(gate)], dim=-1)  # (n, 2I)
        d_gate_up[expert] = d_gate_up_act.T @ x
        d_hidden.index_add_(0, token, d_gate_up_act @ w_gate_up)
    return (d_hidden.to(hidden.dtype), d_gate_up.to(gate_up_proj.dtype), d_down.to(down_proj.dtype),
            d_weights.to(topk_weights.dtype))
