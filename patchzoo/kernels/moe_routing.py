"""Token routing for the fused MoE kernels: (token, k) slots sorted by expert into BLOCK_M-padded blocks.

    topk_ids (T, K) --align--> sorted_slots (P,)  slot ids s = t*K + k, grouped by expert; each expert's
                                                   run padded to a multiple of BLOCK_M with the sentinel T*K
                               block_expert (B,)  the expert of each BLOCK_M block of sorted_slots; -1 past the end

P and B are static upper bounds (every expert run rounded up), so nothing here reads a device value on
the host: no sync, and the shapes depend only on (T, K, E, BLOCK_M), which keeps it CUDA-graph friendly.

Two implementations with identical output (ranks inside an expert follow slot order in both):
- `_align_kernel`: one Triton program builds everything from a (slots x experts) one-hot in registers.
  Decode and short prefill call it: one launch instead of the ~15 small torch ops below.
- `align_reference`: pure PyTorch (stable argsort + scatter). The oracle of the tests, and the path for
  long prefills whose one-hot would not fit one program's registers.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

# Largest (slots x experts) one-hot the single-program kernel holds; 2048 tokens x top-2 x 8 experts fits.
MAX_ONE_HOT = 32768


@dataclass(frozen=True)
class Routing:
    sorted_slots: torch.Tensor  # (P,) int32, P = num_blocks * block_m; sentinel num_slots in padding
    block_expert: torch.Tensor  # (B,) int32, -1 for blocks past the last expert's run
    num_slots: int  # T * K
    block_m: int

    @property
    def num_blocks(self) -> int:
        return self.block_expert.numel()


def padded_bounds(num_slots: int, num_experts: int, block_m: int) -> tuple[int, int]:
    """(P, B): slots and blocks needed in the worst case. At most min(slots, E) experts are hit, each
    rounding its run up by at most block_m - 1."""
    worst = num_slots + min(num_slots, num_experts) * (block_m - 1)
    num_blocks = triton.cdiv(worst, block_m)
    return num_blocks * block_m, num_blocks


@triton.jit
def _align_kernel(
    # pointers
    topk_ids_ptr,
    sorted_slots_ptr,
    block_expert_ptr,
    # sizes
    num_slots,
    num_padded,
    num_blocks,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    SLOTS: tl.constexpr,  # power of two >= num_slots
    EXPERTS: tl.constexpr,  # power of two >= num_experts
    PADDED: tl.constexpr,  # power of two >= num_padded
    BLOCKS: tl.constexpr,  # power of two >= num_blocks
):
    slot = tl.arange(0, SLOTS)
    valid = slot < num_slots
    # Lanes past num_slots get expert id EXPERTS, which matches no column of the one-hot.
    expert = tl.load(topk_ids_ptr + slot, mask=valid, other=EXPERTS).to(tl.int32)
    columns = tl.arange(0, EXPERTS)
    hit = (expert[:, None] == columns[None, :]).to(tl.int32)  # (SLOTS, EXPERTS)

    counts = tl.sum(hit, axis=0)  # (EXPERTS,)
    padded = (counts + BLOCK_M - 1) // BLOCK_M * BLOCK_M
    padded_end = tl.cumsum(padded, axis=0)
    padded_start = padded_end - padded
    rank = tl.cumsum(hit, axis=0) - hit  # (SLOTS, EXPERTS): earlier slots of the same expert
    dest = tl.sum((padded_start[None, :] + rank) * hit, axis=1)  # (SLOTS,)

    # Sentinel everywhere first; the barrier orders these stores before the scatter below, which
    # other threads of this program may issue to the same addresses.
    pos = tl.arange(0, PADDED)
    tl.store(sorted_slots_ptr + pos, tl.full((PADDED,), 0, tl.int32) + num_slots, mask=pos < num_padded)
    tl.debug_barrier()
    tl.store(sorted_slots_ptr + dest, slot, mask=valid)

    # A block's expert is the number of expert runs that end at or before the block's first slot.
    block_start = tl.arange(0, BLOCKS) * BLOCK_M
    owner = tl.sum((padded_end[None, :] <= block_start[:, None]).to(tl.int32), axis=1)  # (BLOCKS,)
    total = tl.sum(padded, axis=0)
    owner = tl.where(block_start < total, owner, -1)
    tl.store(block_expert_ptr + tl.arange(0, BLOCKS), owner, mask=tl.arange(0, BLOCKS) < num_blocks)


def align_reference(topk_ids: torch.Tensor, num_experts: int, block_m: int) -> Routing:
    """Pure-PyTorch align, same output as the kernel; works for any number of slots."""
    flat = topk_ids.reshape(-1)
    num_slots = flat.numel()
    num_padded, num_blocks = padded_bounds(num_slots, num_experts, block_m)
    device = flat.device

    order = torch.argsort(flat, stable=True)  # (S,) slots grouped by expert, slot order inside
    sorted_experts = flat[order].long()
    counts = torch.zeros(num_experts, dtype=torch.int64, device=device)
    counts.scatter_add_(0, flat.long(), torch.ones_like(flat, dtype=torch.int64))
    padded = (counts + block_m - 1) // block_m * block_m
    padded_end = torch.cumsum(padded, 0)
    padded_start = padded_end - padded
    count_start = torch.cumsum(counts, 0) - counts

    rank = torch.arange(num_slots, device=device) - count_start[sorted_experts]
    dest = padded_start[sorted_experts] + rank
    sorted_slots = torch.full((num_padded,), num_slots, dtype=torch.int32, device=device)
    sorted_slots[dest] = order.to(torch.int32)

    block_start = torch.arange(num_blocks, device=device) * block_m
    owner = torch.searchsorted(padded_end, block_start, right=True)
    total = padded_end[-1:] if num_experts else torch.zeros(1, dtype=torch.int64, device=device)
    block_expert = torch.where(block_start < total, owner, -1).to(torch.int32)
    return Routing(sorted_slots, block_expert, num_slots, block_m)


def align(topk_ids: torch.Tensor, num_experts: int, block_m: int) -> Routing:
    """Route (T, K) expert ids into BLOCK_M-padded expert runs (see the module docstring)."""
    num_slots = topk_ids.numel()
    experts_p2 = triton.next_power_of_2(num_experts)
    slots_p2 = triton.next_power_of_2(max(num_slots, 1))
    if num_slots == 0 or slots_p2 * experts_p2 > MAX_ONE_HOT:
        return align_reference(topk_ids, num_experts, block_m)
    num_padded, num_blocks = padded_bounds(num_slots, num_experts, block_m)
    sorted_slots = torch.empty(num_padded, dtype=torch.int32, device=topk_ids.device)
    block_expert = torch.empty(num_blocks, dtype=torch.int32, device=topk_ids.device)
    _align_kernel[(1,)](
        topk_ids.reshape(-1).contiguous(),  # the kernel reads slot s at offset s
        sorted_slots,
        block_expert,
        num_slots,
        num_padded,
        num_blocks,
        BLOCK_M=block_m,
        SLOTS=slots_p2,
        EXPERTS=experts_p2,
        PADDED=triton.next_power_of_2(num_padded),
        BLOCKS=triton.next_power_of_2(num_blocks),
        num_warps=4 if slots_p2 * experts_p2 <= 4096 else 8,
    )
    return Routing(sorted_slots, block_expert, num_slots, block_m)
