"""Token routing for the fused MoE kernels: (token, k) slots sorted by expert into BLOCK_M-padded blocks.

    topk_ids (T, K) --> sorted_slots (P,)  slot ids s = t*K + k, grouped by expert; each expert's run
                                           padded to a multiple of BLOCK_M with the sentinel T*K
                        block_expert (B,)  the expert of each BLOCK_M block of sorted_slots; -1 past the end

P and B are static upper bounds (every expert run rounded up), so nothing here reads a device value on
the host: no sync, and the shapes depend only on (T, K, E, BLOCK_M), which keeps it CUDA-graph friendly.

Three implementations with identical output (ranks inside an expert follow slot order in all):
- in the GEMM kernels (`block_rows` with IN_KERNEL): for a handful of slots (decode), each GEMM program
  recomputes its own block's expert and slots from topk_ids: no routing launch at all. A one-hot of
  S x E <= IN_KERNEL_MAX_ONE_HOT is a few registers per thread, next to streaming a weight tile.
- `_align_kernel`: one Triton program builds both arrays from a (slots x experts) one-hot in registers,
  for short prefills: one launch instead of the ~15 small torch ops below.
- `align_reference`: pure PyTorch (stable argsort + scatter). The oracle of the tests, and the path for
  long prefills whose one-hot would not fit one program's registers.
`route` picks one; the GEMM kernels read a `Routing` through `block_rows` either way.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
import triton
import triton.language as tl

# Largest (slots x experts) one-hot the single-program kernel holds; 2048 tokens x top-2 x 8 experts fits.
MAX_ONE_HOT = 32768
# Largest one the GEMM programs recompute for themselves: 32 tokens x top-2 x 8 experts.
IN_KERNEL_MAX_ONE_HOT = 512


class Routing(NamedTuple):
    """What the GEMM launchers need (a NamedTuple: built on every decode step, so kept cheap)."""

    topk_ids: torch.Tensor  # (S,) flat expert ids, slot s at offset s
    sorted_slots: torch.Tensor | None  # (P,) int32, P = num_blocks * block_m; None: routed in the kernels
    block_expert: torch.Tensor | None  # (B,) int32, -1 for blocks past the last expert's run
    num_slots: int  # S = T * K
    top_k: int
    num_blocks: int  # B: row blocks the GEMM grids cover (some may be empty: they return at once)
    block_m: int
    slots_p2: int  # powers of two >= S and >= E: the one-hot's shape when routed in the kernels
    experts_p2: int

    @property
    def in_kernel(self) -> bool:
        return self.sorted_slots is None

    def pointers(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(topk_ids, sorted_slots, block_expert) kernel arguments; the unused ones alias a used tensor."""
        if self.in_kernel:
            return self.topk_ids, self.topk_ids, self.topk_ids
        return self.topk_ids, self.sorted_slots, self.block_expert

    def meta(self) -> dict:
        """The GEMM kernels' routing constexprs after BLOCK_M (which leads their tile constexprs), in their order."""
        return dict(IN_KERNEL=self.in_kernel, SLOTS=self.slots_p2, EXPERTS=self.experts_p2)


def padded_bounds(num_slots: int, num_experts: int, block_m: int) -> tuple[int, int]:
    """(P, B): slots and blocks needed in the worst case. At most min(slots, E) experts are hit, each
    rounding its run up by at most block_m - 1."""
    worst = num_slots + min(num_slots, num_experts) * (block_m - 1)
    num_blocks = cdiv(worst, block_m)
    return num_blocks * block_m, num_blocks


# Host integer helpers for the per-call path: triton.cdiv and triton.next_power_of_2 go through
# Triton's JIT-function dispatch, ~2.6 and ~1.7 µs a call on a CPU (measured, triton 3.9).
def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def next_power_of_2(n: int) -> int:
    """Smallest power of two >= n, for n >= 1."""
    return 1 << (n - 1).bit_length()


@triton.jit
def expert_runs(topk_ids_ptr, num_slots, BLOCK_M: tl.constexpr, SLOTS: tl.constexpr, EXPERTS: tl.constexpr):
    """Where every slot goes: (slot, valid, dest, padded_end), all from a (SLOTS, EXPERTS) one-hot.

    slot (SLOTS,) ids; valid (SLOTS,) slot < num_slots; dest (SLOTS,) position in sorted_slots;
    padded_end (EXPERTS,) end of each expert's padded run (its cumulative sum).
    """
    slot = tl.arange(0, SLOTS)
    valid = slot < num_slots
    # Lanes past num_slots get expert id EXPERTS, which matches no column of the one-hot.
    expert = tl.load(topk_ids_ptr + slot, mask=valid, other=EXPERTS).to(tl.int32)
    hit = (expert[:, None] == tl.arange(0, EXPERTS)[None, :]).to(tl.int32)  # (SLOTS, EXPERTS)
    counts = tl.sum(hit, axis=0)  # (EXPERTS,)
    padded = (counts + BLOCK_M - 1) // BLOCK_M * BLOCK_M
    padded_end = tl.cumsum(padded, axis=0)
    rank = tl.cumsum(hit, axis=0) - hit  # earlier slots of the same expert
    dest = tl.sum(((padded_end - padded)[None, :] + rank) * hit, axis=1)  # (SLOTS,)
    return slot, valid, dest, padded_end


@triton.jit
def block_rows(
    topk_ids_ptr, sorted_slots_ptr, block_expert_ptr, pid_m, num_slots,
    BLOCK_M: tl.constexpr, IN_KERNEL: tl.constexpr, SLOTS: tl.constexpr, EXPERTS: tl.constexpr,
):
    """(expert, slots (BLOCK_M,)) of row block pid_m: expert -1 past the last run, sentinel num_slots
    in padding rows. Read from align()'s arrays, or (IN_KERNEL) recomputed as align() would."""
    if IN_KERNEL:
        slot, valid, dest, padded_end = expert_runs(topk_ids_ptr, num_slots, BLOCK_M, SLOTS, EXPERTS)
        block_start = pid_m * BLOCK_M
        # The block's expert: the number of expert runs that end at or before its first row.
        expert = tl.sum((padded_end <= block_start).to(tl.int32), axis=0)
        expert = tl.where(block_start < tl.max(padded_end, axis=0), expert, -1)
        rows = block_start + tl.arange(0, BLOCK_M)
        match = (dest[None, :] == rows[:, None]) & valid[None, :]  # (BLOCK_M, SLOTS): at most one per row
        slots = tl.min(tl.where(match, slot[None, :], num_slots), axis=1)
    else:
        expert = tl.load(block_expert_ptr + pid_m)
        slots = tl.load(sorted_slots_ptr + pid_m * BLOCK_M + tl.arange(0, BLOCK_M))
    return expert, slots


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
    slot, valid, dest, padded_end = expert_runs(topk_ids_ptr, num_slots, BLOCK_M, SLOTS, EXPERTS)

    # Sentinel everywhere first; the barrier orders these stores before the scatter below, which
    # other threads of this program may issue to the same addresses.
    pos = tl.arange(0, PADDED)
    tl.store(sorted_slots_ptr + pos, tl.full((PADDED,), 0, tl.int32) + num_slots, mask=pos < num_padded)
    tl.debug_barrier()
    tl.store(sorted_slots_ptr + dest, slot, mask=valid)

    # A block's expert is the number of expert runs that end at or before the block's first slot.
    block_start = tl.arange(0, BLOCKS) * BLOCK_M
    owner = tl.sum((padded_end[None, :] <= block_start[:, None]).to(tl.int32), axis=1)  # (BLOCKS,)
    owner = tl.where(block_start < tl.max(padded_end, axis=0), owner, -1)
    tl.store(block_expert_ptr + tl.arange(0, BLOCKS), owner, mask=tl.arange(0, BLOCKS) < num_blocks)


def _routing(topk_ids: torch.Tensor, num_experts: int, block_m: int, sorted_slots=None, block_expert=None) -> Routing:
    flat = topk_ids.reshape(-1).contiguous()  # the kernels read slot s at offset s
    num_slots = flat.numel()
    num_blocks = padded_bounds(num_slots, num_experts, block_m)[1]
    return Routing(
        flat, sorted_slots, block_expert, num_slots, topk_ids.shape[-1], num_blocks, block_m,
        next_power_of_2(max(num_slots, 1)), next_power_of_2(num_experts),
    )


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
    return _routing(topk_ids, num_experts, block_m, sorted_slots, block_expert)


def align(topk_ids: torch.Tensor, num_experts: int, block_m: int) -> Routing:
    """Route (T, K) expert ids into BLOCK_M-padded expert runs, materialised (see the module docstring)."""
    routing = _routing(topk_ids, num_experts, block_m)
    if routing.num_slots == 0 or routing.slots_p2 * routing.experts_p2 > MAX_ONE_HOT:
        return align_reference(topk_ids, num_experts, block_m)
    num_padded = routing.num_blocks * block_m
    sorted_slots = torch.empty(num_padded, dtype=torch.int32, device=topk_ids.device)
    block_expert = torch.empty(routing.num_blocks, dtype=torch.int32, device=topk_ids.device)
    _align_kernel[(1,)](
        routing.topk_ids, sorted_slots, block_expert,
        routing.num_slots, num_padded, routing.num_blocks,
        BLOCK_M=block_m,
        SLOTS=routing.slots_p2,
        EXPERTS=routing.experts_p2,
        PADDED=next_power_of_2(num_padded),
        BLOCKS=next_power_of_2(routing.num_blocks),
        num_warps=4 if routing.slots_p2 * routing.experts_p2 <= 4096 else 8,
    )
    return routing._replace(sorted_slots=sorted_slots, block_expert=block_expert)


def in_kernel_template(num_tokens: int, top_k: int, num_experts: int, block_m: int, in_kernel: bool | None = None):
    """The Routing of a call of this shape when it routes inside the GEMM kernels (topk_ids still to be
    filled in with `_replace`), else None. By default: when the one-hot is small (decode)."""
    routing = _routing(torch.empty((num_tokens, top_k), dtype=torch.int32), num_experts, block_m)
    if in_kernel is None:
        in_kernel = routing.num_slots > 0 and routing.slots_p2 * routing.experts_p2 <= IN_KERNEL_MAX_ONE_HOT
    return routing if in_kernel else None


def route(topk_ids: torch.Tensor, num_experts: int, block_m: int, in_kernel: bool | None = None) -> Routing:
    """The cheapest routing for this many slots: in the GEMM kernels when the one-hot is small (decode),
    else `align`. `in_kernel` forces one (tests check both at every shipped config)."""
    template = in_kernel_template(*topk_ids.shape, num_experts, block_m, in_kernel)
    if template is None:
        return align(topk_ids, num_experts, block_m)
    return template._replace(topk_ids=topk_ids.reshape(-1).contiguous())
