"""Attention of a decoding step (one query token per row) over a static KV cache, grouped-query heads read once.

Why: with a mask (a static cache always has one) transformers' SDPA and eager attention first expand the cache's
key and value heads to the query heads (repeat_kv: two copies of the whole cache, every slot, written and not, per
layer per token), then attend over every slot. For Llama-3.1-8B (8 KV heads, 32 query heads) at a 2,048-slot cache
that is 64 MB written and read again per layer per token, in three or more graph nodes. Here one program per (row,
KV head) reads its KV head's written slots once and serves all the query heads of its group:

    for each block of BLOCK_N slots below `length` (the slots written so far; the mask hides the rest anyway):
        s = q_group (G, D) @ K_block^T * scale      fp32; G = the group's query heads, padded to 16 rows
        s = where(mask, s, -inf)  (bool mask)  or  s + mask  (additive mask, eager attention's)
        online softmax: m = running max, l = running sum of exp(s - m), acc = running exp(s - m) @ V_block
    out = acc / l, rounded once to the model dtype

A long cache with few (row, KV head) pairs (batch 1 of an 8B Llama has 8) would leave most SMs idle while 8 programs
each stream their whole cache, so there the slots are split among several programs (slot_splits), each writing its
(m, l, acc) in fp32, and a second launch rescales the splits to their common maximum and sums them in split order.

Results equal stock's attention up to rounding and summation order (P meets V in the model dtype, as in SDPA's
kernels and eager attention). No autograd: the zoo calls it only inside the captured decoding step.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch

BLOCK_N = 64  # slots per block of the loop
MIN_GROUP_ROWS = 16  # a tensor-core dot takes at least 16 rows: a group's query heads are padded to this
SPLIT_MIN_SLOTS = 512  # the fewest cache slots a split of its own is worth (below: one program per KV head)
MAX_SPLITS = 16


def slot_splits(programs: int, slots: int, device: torch.device) -> int:
    """How many programs share one (row, KV head)'s slots: enough for about two programs per SM where rows x KV heads
    are few and the cache long (batch 1 of an 8B Llama: 8 programs otherwise, each streaming its whole cache), and
    never splits shorter than SPLIT_MIN_SLOTS (a second launch then sums them)."""
    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4
    return max(1, min(MAX_SPLITS, slots // SPLIT_MIN_SLOTS, 2 * sms // programs))


@triton.jit
def _load_block(keys_ptr, values_ptr, mask_ptr, cache, mask_row, n, inside, d, c_s, c_d, m_s, BOOL_MASK: tl.constexpr):
    """K and V (BLOCK_N, HEAD_DIM) and the mask of slots n, where `inside` (0 elsewhere)."""
    k = tl.load(keys_ptr + cache + n[:, None] * c_s + d[None, :] * c_d, mask=inside[:, None], other=0.0)
    v = tl.load(values_ptr + cache + n[:, None] * c_s + d[None, :] * c_d, mask=inside[:, None], other=0.0)
    if BOOL_MASK:
        mask_values = tl.load(mask_ptr + mask_row + n * m_s, mask=inside, other=0)
    else:
        mask_values = tl.load(mask_ptr + mask_row + n * m_s, mask=inside, other=0.0).to(tl.float32)
    return k, v, mask_values


@triton.jit
def _attend_block(q, k, v, mask_values, written, m_i, l_i, acc, scale, BOOL_MASK: tl.constexpr):
    """One block of the online softmax over the slots where `written`: (m, l, acc) updated."""
    s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale  # (GROUP_ROWS, BLOCK_N)
    if BOOL_MASK:
        s = tl.where(((mask_values != 0) & written)[None, :], s, float("-inf"))
    else:
        s = tl.where(written[None, :], s + mask_values[None, :], float("-inf"))
    m_new = tl.maximum(m_i, tl.max(s, axis=1))
    m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)  # nothing visible yet: no NaN from -inf - -inf
    p = tl.exp(s - m_safe[:, None])
    alpha = tl.exp(m_i - m_safe)
    v = tl.where(written[:, None], v, 0.0)  # a slot not written this call may hold anything: p is 0 there, v too
    acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
    return m_new, l_i * alpha + tl.sum(p, axis=1), acc


@triton.jit
def _decode_attention_kernel(
    q_ptr, keys_ptr, values_ptr, mask_ptr, length_ptr, out_ptr, partial_ptr, stats_ptr,
    kv_heads, group, slots, split_slots, scale,
    q_b, q_h, q_d, c_b, c_h, c_s, c_d, m_b, m_s, o_b, o_h, o_d,
    BOOL_MASK: tl.constexpr, GROUP_ROWS: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr,
    SPLITS: tl.constexpr, PDL: tl.constexpr,
):
    """One program per (row, KV head, split of the slots): the split's softmax statistics and its unnormalized
    output, or with one split the output itself."""
    await_prior_grid(PDL)
    pid = tl.program_id(0).to(tl.int64)
    split = tl.program_id(1)
    b = pid // kv_heads
    kv_head = pid % kv_heads
    rows = tl.arange(0, GROUP_ROWS)
    d = tl.arange(0, HEAD_DIM)
    heads = kv_head * group + rows
    row_mask = rows < group
    q = tl.load(q_ptr + b * q_b + heads[:, None] * q_h + d[None, :] * q_d, mask=row_mask[:, None], other=0.0)
    first = split * split_slots
    cache = b * c_b + kv_head * c_h
    m_i = tl.full((GROUP_ROWS,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((GROUP_ROWS,), dtype=tl.float32)
    acc = tl.zeros((GROUP_ROWS, HEAD_DIM), dtype=tl.float32)
    # The first block's loads go out beside the written length's instead of after it (one memory round trip
    # instead of two before any arithmetic; at a decoding step's short cache this block is the whole split)
    n = first + tl.arange(0, BLOCK_N)
    k, v, mask_values = _load_block(keys_ptr, values_ptr, mask_ptr, cache, b * m_b, n, n < slots, d,
                                    c_s, c_d, m_s, BOOL_MASK)
    length = tl.minimum(tl.load(length_ptr), slots)
    end = tl.minimum(first + split_slots, length)
    m_i, l_i, acc = _attend_block(q, k, v, mask_values, n < end, m_i, l_i, acc, scale, BOOL_MASK)
    for start in range(first + BLOCK_N, end, BLOCK_N):
        block = start + tl.arange(0, BLOCK_N)
        written = block < end
        k_block, v_block, block_mask = _load_block(keys_ptr, values_ptr, mask_ptr, cache, b * m_b, block, written, d,
                                                   c_s, c_d, m_s, BOOL_MASK)
        m_i, l_i, acc = _attend_block(q, k_block, v_block, block_mask, written, m_i, l_i, acc, scale, BOOL_MASK)
    if SPLITS == 1:
        tl.store(out_ptr + b * o_b + heads[:, None] * o_h + d[None, :] * o_d,
                 (acc / l_i[:, None]).to(out_ptr.dtype.element_ty), mask=row_mask[:, None])
    else:  # (pid, split) partials: acc (GROUP_ROWS, HEAD_DIM), then m and l (GROUP_ROWS each)
        part = pid * SPLITS + split
        tl.store(partial_ptr + (part * GROUP_ROWS + rows[:, None]) * HEAD_DIM + d[None, :], acc)
        tl.store(stats_ptr + (part * 2) * GROUP_ROWS + rows, m_i)
        tl.store(stats_ptr + (part * 2 + 1) * GROUP_ROWS + rows, l_i)


@triton.jit
def _combine_splits_kernel(
    partial_ptr, stats_ptr, out_ptr, kv_heads, group, o_b, o_h, o_d,
    GROUP_ROWS: tl.constexpr, HEAD_DIM: tl.constexpr, SPLITS: tl.constexpr, PDL: tl.constexpr,
):
    """One program per (row, KV head): the splits' outputs rescaled to their common maximum, summed in split order."""
    await_prior_grid(PDL)
    pid = tl.program_id(0).to(tl.int64)
    b = pid // kv_heads
    rows = tl.arange(0, GROUP_ROWS)
    d = tl.arange(0, HEAD_DIM)
    m = tl.full((GROUP_ROWS,), float("-inf"), dtype=tl.float32)
    for split in tl.static_range(SPLITS):
        m = tl.maximum(m, tl.load(stats_ptr + ((pid * SPLITS + split) * 2) * GROUP_ROWS + rows))
    m_safe = tl.where(m == float("-inf"), 0.0, m)
    total = tl.zeros((GROUP_ROWS,), dtype=tl.float32)
    acc = tl.zeros((GROUP_ROWS, HEAD_DIM), dtype=tl.float32)
    for split in tl.static_range(SPLITS):
        part = pid * SPLITS + split
        weight = tl.exp(tl.load(stats_ptr + (part * 2) * GROUP_ROWS + rows) - m_safe)  # 0 for an empty split
        total += weight * tl.load(stats_ptr + (part * 2 + 1) * GROUP_ROWS + rows)
        acc += weight[:, None] * tl.load(partial_ptr + (part * GROUP_ROWS + rows[:, None]) * HEAD_DIM + d[None, :])
    heads = (pid % kv_heads) * group + rows
    tl.store(out_ptr + b * o_b + heads[:, None] * o_h + d[None, :] * o_d,
             (acc / total[:, None]).to(out_ptr.dtype.element_ty), mask=(rows < group)[:, None])


def decode_attention_fits(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor,
                          mask: torch.Tensor | None) -> bool:
    """Whether decode_attention takes these: one query token, a cache of the query's dtype and head size (a power of
    two, 16-256), whole groups of query heads per KV head, and a (B, 1, 1, slots) bool or additive mask."""
    b, heads, tokens, dim = query.shape
    return (tokens == 1 and keys.dim() == 4 and keys.shape == values.shape and keys.shape[0] == b
            and keys.shape[3] == dim and heads % keys.shape[1] == 0 and 16 <= dim <= 256 and dim & (dim - 1) == 0
            and keys.dtype == values.dtype == query.dtype and keys.stride(-1) == 1 == values.stride(-1)
            and keys.stride() == values.stride()
            and isinstance(mask, torch.Tensor) and tuple(mask.shape) == (b, 1, 1, keys.shape[2])
            and (mask.dtype == torch.bool or mask.dtype == query.dtype))


def decode_attention(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor, mask: torch.Tensor,
                     length: torch.Tensor, scale: float) -> torch.Tensor:
    """(B, 1, Hq, D) attention output, as transformers' attention functions return it (before the reshape).

    query (B, Hq, 1, D), any strides; keys / values (B, Hkv, slots, D), head dim contiguous; mask (B, 1, 1, slots):
    bool (SDPA's: True where visible) or additive in the query's dtype (eager attention's); length: an int scalar
    tensor on the device, the slots written (a StaticLayer's cumulative_length): slots from it on are not read,
    so the mask must hide them, as a static cache's mask does. decode_attention_fits() says what it takes.
    """
    if not decode_attention_fits(query, keys, values, mask):
        raise ValueError(f"decode_attention: query {tuple(query.shape)} {query.dtype}, cache {tuple(keys.shape)} "
                         f"{keys.dtype}, mask {None if mask is None else (tuple(mask.shape), mask.dtype)} do not fit")
    b, heads, _, dim = query.shape
    kv_heads, slots = keys.shape[1], keys.shape[2]
    group = heads // kv_heads
    group_rows = max(MIN_GROUP_ROWS, triton.next_power_of_2(group))
    splits = slot_splits(b * kv_heads, slots, query.device)
    split_slots = triton.cdiv(triton.cdiv(slots, splits), BLOCK_N) * BLOCK_N
    out = query.new_empty((b, 1, heads, dim))
    partial = stats = out  # not read with one split
    if splits > 1:
        partial = torch.empty((b * kv_heads * splits, group_rows, dim), dtype=torch.float32, device=query.device)
        stats = torch.empty((b * kv_heads * splits, 2, group_rows), dtype=torch.float32, device=query.device)
    mask_rows = mask.view(b, slots) if mask.dtype != torch.bool else mask.view(b, slots).view(torch.uint8)
    pdl = dependent_launch(query.device)
    _decode_attention_kernel[(b * kv_heads, splits)](
        query, keys, values, mask_rows, length, out, partial, stats, kv_heads, group, slots, split_slots, scale,
        query.stride(0), query.stride(1), query.stride(3), *keys.stride(), mask_rows.stride(0), mask_rows.stride(1),
        out.stride(0), out.stride(2), out.stride(3),
        BOOL_MASK=mask.dtype == torch.bool, GROUP_ROWS=group_rows, HEAD_DIM=dim, BLOCK_N=BLOCK_N, SPLITS=splits,
        PDL=pdl, num_warps=4, launch_pdl=pdl,
    )
    if splits > 1:
        _combine_splits_kernel[(b * kv_heads,)](partial, stats, out, kv_heads, group, out.stride(0), out.stride(2),
                                                out.stride(3), GROUP_ROWS=group_rows, HEAD_DIM=dim, SPLITS=splits,
                                                PDL=pdl, num_warps=4, launch_pdl=pdl)
    return out


def decode_attention_reference(query, keys, values, mask, length=None, scale: float = 1.0) -> torch.Tensor:
    """Stock's SDPA path for these inputs (repeat_kv, then scaled_dot_product_attention with the mask), as
    transformers' sdpa_attention_forward returns it: (B, 1, Hq, D). `length` is not used: the mask hides the rest."""
    group = query.shape[1] // keys.shape[1]
    keys, values = keys.repeat_interleave(group, dim=1), values.repeat_interleave(group, dim=1)
    out = torch.nn.functional.scaled_dot_product_attention(query, keys, values, attn_mask=mask, scale=scale)
    return out.transpose(1, 2).contiguous()
