"""The GPTQ kernel's Triton side: the @triton.jit kernels, and the modes that pick their paths.

kernels/gptq/matmul.py holds the format (its docstring), the host launchers, the torch op and the reference, and
re-exports these names. Shapes and the formula: kernels/gptq/matmul.py; the kernel's layout of qweight: packing.py.

Data flow of one program of the kernel (one (BLOCK_M, BLOCK_N) output tile, one of SPLIT_K slices of K),
computed transposed, out^T = W^T x^T:

    for each chunk of 16 packed rows (128 rows at 4 bits) in its K slice:
        qweight: two (BLOCK_N, 8) int32 tiles of one contiguous block (16-byte async copies; to_kernel_layout)
        scale_zero: the chunk's group row, one int32 per column holding scale and zero (pack_scale_zero),
            copied asynchronously with the weights
        x^T: one (128, BLOCK_M) tile, act-order: its columns gathered through perm
        for each slot j of the 8 in a word:           (kernel layout: rows 16 j .. 16 j + 15 of the chunk)
            one shift, one lop3 and one sub.f16x2 per word pair --> codes - zero of two adjacent rows as
            exact small integers in an fp16x2 register (bit trick, no int->float conversion)
        DOTS == DOT_PER_CHUNK: the 8 slots joined in-thread into one (BLOCK_N, 128) operand, x^T (128, BLOCK_M)
            --> one tl.dot(W^T, x^T) per chunk, times the chunk's scale row, into acc
    SPLIT_K == 1: store the tile; else store an fp32 partial, and the last slice to arrive (a per-tile
    counter) sums the partials in slice order and stores the tile: one launch, deterministic.

Two kernels run that loop (_k_range_product): gptq_matmul_kernel, one program per (tile, K slice), and
gptq_matmul_stream_k_kernel (the config's stream_k), a fixed grid of a few programs per SM that deals every
(tile, chunk) unit out evenly, for token counts whose whole tiles would leave the last wave part-empty.

Why transposed: the dequantized weights are the left operand, so on Hopper they can stay in registers
as the A operand of the tensor-core instruction and the weight tile fills its 64-row minimum, while
the few tokens of a decode step are its narrow side (measured on an H200, benchmarks/RESULTS.md: 5-25 %
faster than the x @ W orientation at 1-64 tokens on the Llama shapes).
Every operand stays an elementwise function of the packed tiles plus in-thread joins: unpacking the
HF layout to a (BLOCK_K, BLOCK_N) tile instead needs a reshape that Triton routes through shared memory
with 16-bit stores (seen in its sm_90 SASS: 128 STS.U16 per thread for each 128 x 128 chunk). In the HF
layout slot j of consecutive words holds rows 8 i + j, so a slot's x columns would be a stride-8 gather;
GPTQLinear.prepare() therefore repacks qweight once into the kernel layout (to_kernel_layout, described
above CHUNK_WORDS in packing.py), and state_dict() packs it back.
Why the paired layout, in the sm_90 SASS of one chunk (triton 3.6, 4 warps, BLOCK_N 128, 1-16 tokens): one code
per int32 element and one dot per slot run 647 instructions per thread per chunk, about 2.9 per weight in the
dequantization, with 8 wgmma waits; this kernel runs about 335, 1.2 per weight, with one wait, and moves qweight
in 16-byte async copies. scale_zero (one int32 per group column) brings a chunk to 331 instructions with 2 CTA
barriers instead of 3 and no plain global load; an act-order chunk at one token 329 (x gathered into shared
memory). The group of a chunk is divided by a compile-time number of chunks per group (GROUP_CHUNKS), which takes
another ~28 instructions off.

Groups (constexpr GROUPS): groups of whole chunks get their scale after the chunk's dot (or in the
operand, DOT_PER_CHUNK_SCALED); groups of 16 * n rows (32, 64) take one dot per slot with the scale
after it; any other g_idx gathers scale and zero per row, applied before each slot's dot.
Act-order checkpoints are sorted by group in the same load-time repack, so they take the fast paths. At one
token the kernel gathers x's columns through `perm` as it loads each x tile (the perm slice one chunk ahead),
so a decode step's act-order call is one launch with the same arithmetic as a call on pre-gathered x; from
2 tokens up x is gathered before the launch (an in-kernel gather measured slower there): by a small Triton
kernel (gather_columns) in CUDA graphs, by index_select (cheaper to launch from the host) in eager calls.
"""

from __future__ import annotations

from functools import cache

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch
from patchzoo.kernels.gptq.packing import CHUNK_WORDS, cdiv, chunk_rows

# ----------------------------------------------------------------------------------------------------
# Triton kernels
# ----------------------------------------------------------------------------------------------------


@triton.jit
def centered_codes(codes, zero, DTYPE: tl.constexpr):
    """codes - zero as exact small integers in DTYPE, with no int->float conversion per element.

    0x6400 is fp16 1024.0 with an empty mantissa: OR-ing a code c < 1024 into it gives 1024 + c
    exactly, and one fp16 subtraction of (1024 + zero) leaves c - zero, exact. bf16 (7 mantissa bits)
    takes the same trick in fp32 (0x4B000000 is 2**23) and one packed fp32->bf16 rounding, exact for
    |c - zero| <= 256. int->float conversions run at a quarter of the rate of the OR and the
    subtraction, and at one token this loop is the whole kernel.
    codes: (BLOCK_K, BLOCK_N) int32; zero: (1, BLOCK_N) or (BLOCK_K, BLOCK_N) int32.
    """
    if DTYPE == tl.float16:
        w = (codes | 0x6400).to(tl.int16).to(tl.float16, bitcast=True)
        return w - (zero + 1024).to(tl.float16)
    else:
        w = (codes | 0x4B000000).to(tl.float32, bitcast=True)
        return (w - (zero + 8388608).to(tl.float32)).to(DTYPE)


# The kernel's layout of qweight (CHUNK_WORDS, word pairs, K-major): see packing.py.
_CHUNK_WORDS = tl.constexpr(CHUNK_WORDS)  # the same, readable inside @triton.jit


@triton.jit
def _split_pair(packed, DTYPE: tl.constexpr):
    """int32 holding two 16-bit floats -> the (low, high) halves as DTYPE tensors (plain Triton: the
    interpreter's path)."""
    low = packed.to(tl.int16).to(DTYPE, bitcast=True)
    high = (packed >> 16).to(tl.int16).to(DTYPE, bitcast=True)
    return low, high


@triton.jit
def paired_rows(words, slot: tl.constexpr, zero, BITS: tl.constexpr, DTYPE: tl.constexpr, PAIRS: tl.constexpr):
    """Slot `slot` (of the PER_WORD / 2 in a half word) of a word pair: (BLOCK_N, 8) physical words ->
    (BLOCK_N, 16) codes - zero in DTYPE, logical word 2p + h at column 2p + h. zero: (BLOCK_N, 1) int32.

    PAIRS (the launcher's choice) says how:
    PAIRS_APART: each half through centered_codes (bf16 at 8 bits: codes up to 255 overflow bf16's
        7-bit mantissa; and bf16 in Triton's interpreter (3.9), which subtracts bf16 as bit patterns).
    PAIRS_TRITON / PAIRS_ASM: both halves at once. (word >> shift) & (mask, mask) | bias is the fp16x2
        (1024 + c0, 1024 + c1), or bf16x2 (128 + c0, 128 + c1) (0x4300 is bf16 128.0, whose ulp is 1
        up to 256); a packed subtraction of (bias + zero) leaves exact small integers. PAIRS_ASM (GPU)
        writes that as one lop3 (and-or) and one sub.f16x2 in PTX, whose two halves feed the tensor-core
        operand register as they are; plain Triton (PAIRS_TRITON, which the interpreter runs) splits and
        re-packs them (seen in sm_90 SASS: one PRMT per pair and a subtraction per half). fp16 at 4 bits
        skips the shift of every odd slot (Marlin's trick): its codes stay 4 bits up, 0x6400 | 16 c is
        1024 + 16 c, and one fma by 1/16 minus (64 + zero) gives c - zero, exact.
    """
    CODE_MASK: tl.constexpr = (1 << BITS) - 1
    PAIR_HALF: tl.constexpr = 16  # bit offset of the odd word of a pair
    MASK: tl.constexpr = CODE_MASK | (CODE_MASK << PAIR_HALF)
    if PAIRS == PAIRS_APART:
        shift: tl.constexpr = slot * BITS
        pair = tl.join(centered_codes((words >> shift) & CODE_MASK, zero, DTYPE),
                       centered_codes((words >> (shift + PAIR_HALF)) & CODE_MASK, zero, DTYPE))
    elif DTYPE == tl.float16:
        biased_zero = zero | 0x6400  # fp16 bits of 1024 + zero (zero <= 256 sits in the mantissa)
        if PAIRS == PAIRS_ASM and BITS == 4 and slot % 2 == 1:
            neg_zero = 0xD400 + (zero << 4)  # fp16 bits of -(64 + zero): 0xD400 is -64, whose ulp is 1/16
            low, high = tl.inline_asm_elementwise(
                "{ .reg .b32 t; lop3.b32 t, $2, 0x00F000F0, 0x64006400, 0xEA; "
                "fma.rn.f16x2 t, t, $4, $3; mov.b32 {$0, $1}, t; }",
                "=h,=h,r,r,r", [words >> ((slot - 1) * BITS), neg_zero | (neg_zero << PAIR_HALF), 0x2C002C00],  # 1/16
                dtype=(tl.float16, tl.float16), is_pure=True, pack=1,
            )
        elif PAIRS == PAIRS_ASM:
            low, high = tl.inline_asm_elementwise(
                "{ .reg .b32 t; lop3.b32 t, $2, $4, 0x64006400, 0xEA; sub.f16x2 t, t, $3; mov.b32 {$0, $1}, t; }",
                "=h,=h,r,r,r", [words >> (slot * BITS), biased_zero | (biased_zero << PAIR_HALF), MASK],
                dtype=(tl.float16, tl.float16), is_pure=True, pack=1,
            )
        else:
            low, high = _split_pair(((words >> (slot * BITS)) & MASK) | 0x64006400, tl.float16)
            biased = biased_zero.to(tl.int16).to(tl.float16, bitcast=True)
            low, high = low - biased, high - biased
        pair = tl.join(low, high)
    else:
        biased_zero = zero | 0x4300  # bf16 bits of 128 + zero (4-bit zeros, <= 16)
        if PAIRS == PAIRS_ASM:
            low, high = tl.inline_asm_elementwise(
                "{ .reg .b32 t; lop3.b32 t, $2, $4, 0x43004300, 0xEA; sub.bf16x2 t, t, $3; mov.b32 {$0, $1}, t; }",
                "=h,=h,r,r,r", [words >> (slot * BITS), biased_zero | (biased_zero << PAIR_HALF), MASK],
                dtype=(tl.bfloat16, tl.bfloat16), is_pure=True, pack=1,
            )
        else:
            low, high = _split_pair(((words >> (slot * BITS)) & MASK) | 0x43004300, tl.bfloat16)
            biased = biased_zero.to(tl.int16).to(tl.bfloat16, bitcast=True)
            low, high = low - biased, high - biased
        pair = tl.join(low, high)
    return tl.reshape(pair, (words.shape[0], 2 * words.shape[1]))  # (BLOCK_N, 16): column 2p + h


@triton.jit
def chunk_rows_operand(first_half, second_half, zero, BITS: tl.constexpr, DTYPE: tl.constexpr, PAIRS: tl.constexpr):
    """The whole chunk as one dot operand: (BLOCK_N, 8) words of each half -> (BLOCK_N, BLOCK_K) codes - zero,
    column 16 j + i for slot j of logical word i (the chunk's row order).

    The slots' (BLOCK_N, 16) operands are joined into trailing in-thread dimensions (slot = 4 b2 + 2 b1 + b0)
    and moved in front of the column: a tensor-core operand holds every 16-row block of K in the same
    thread, so Triton can give this the dot-operand layout with no data movement (checked in the sm_90
    SASS: no shared-memory round trip), and one dot covers the chunk.
    """
    if BITS == 4:
        t = tl.join(tl.join(tl.join(paired_rows(first_half, 0, zero, BITS, DTYPE, PAIRS),
                                    paired_rows(first_half, 1, zero, BITS, DTYPE, PAIRS)),
                            tl.join(paired_rows(first_half, 2, zero, BITS, DTYPE, PAIRS),
                                    paired_rows(first_half, 3, zero, BITS, DTYPE, PAIRS))),
                    tl.join(tl.join(paired_rows(second_half, 0, zero, BITS, DTYPE, PAIRS),
                                    paired_rows(second_half, 1, zero, BITS, DTYPE, PAIRS)),
                            tl.join(paired_rows(second_half, 2, zero, BITS, DTYPE, PAIRS),
                                    paired_rows(second_half, 3, zero, BITS, DTYPE, PAIRS))))  # (N, 16, b0, b1, b2)
        t = tl.permute(t, (0, 4, 3, 2, 1))
    else:
        t = tl.join(tl.join(paired_rows(first_half, 0, zero, BITS, DTYPE, PAIRS),
                            paired_rows(first_half, 1, zero, BITS, DTYPE, PAIRS)),
                    tl.join(paired_rows(second_half, 0, zero, BITS, DTYPE, PAIRS),
                            paired_rows(second_half, 1, zero, BITS, DTYPE, PAIRS)))  # (N, 16, b0, b1)
        t = tl.permute(t, (0, 3, 2, 1))
    return tl.reshape(t, (first_half.shape[0], 64 * first_half.shape[1] // BITS))  # 2 halves x 16 x slots


# How a kernel with groups of whole chunks feeds the tensor cores (constexpr DOTS), the config's `dots`:
DOT_PER_SLOT = tl.constexpr(0)  # one K=16 dot per slot, scale after the chunk (every other group mode too)
DOT_PER_CHUNK = tl.constexpr(1)  # one K=BLOCK_K dot per chunk on chunk_rows_operand, scale after it
DOT_PER_CHUNK_SCALED = tl.constexpr(2)  # the same with the scale applied to the operand, accumulating across chunks

# How paired_rows turns a word pair into operands (constexpr PAIRS), chosen by the launcher:
PAIRS_APART = tl.constexpr(0)  # each half on its own (bf16 at 8 bits; bf16 in the interpreter)
PAIRS_TRITON = tl.constexpr(1)  # both halves at once in plain Triton (what the interpreter runs for fp16)
PAIRS_ASM = tl.constexpr(2)  # both halves at once in inline PTX (GPU)


# How a kernel finds the group of a row (constexpr GROUPS), chosen by the launcher:
GROUPS_PER_CHUNK = tl.constexpr(0)  # groups hold whole chunks (or there is one): scale after the chunk's dots
GROUPS_PER_SLOT = tl.constexpr(1)  # groups of a multiple of CHUNK_WORDS rows (32, 64): scale after each slot's dot
GROUPS_PER_ROW = tl.constexpr(2)  # any other g_idx: scale and zero gathered per row, applied before the dot


@triton.jit
def _load_scale_zero(ptrs, mask, SCALE_DTYPE: tl.constexpr):
    """(scale as fp32, zero point as int32) of the scale_zero words at ptrs (see pack_scale_zero).

    One 4-byte word per column carries both: Triton moves it with the chunk's weights through the
    asynchronous copy pipeline (it feeds the dot operand through the zero) and reads it from shared memory
    straight in the layouts of the operand and the accumulator. Loaded apart, the fp16 scale row was a
    plain 2-byte load converted through shared memory behind a CTA barrier, every chunk.
    """
    words = tl.load(ptrs, mask=mask, other=0)
    scale = (words >> 16).to(tl.int16).to(SCALE_DTYPE, bitcast=True).to(tl.float32)
    return scale, words & 0xFFFF


@triton.jit
def _load_xt(x_ptr, cols, mask_k, offs_m, mask_m, stride_xm, stride_xk, PERMUTED: tl.constexpr):
    """x^T tile (len(cols), BLOCK_M) of x's columns `cols`: kernel rows in order, or (PERMUTED, one token)
    gathered through perm. The gather loads x's one row and fills the other BLOCK_M - 1 columns of the
    tile with zeros: a (len(cols), BLOCK_M) gather issues BLOCK_M loads per column, all but one masked off."""
    if PERMUTED:
        row = tl.load(x_ptr + cols[:, None] * stride_xk, mask=mask_k[:, None], other=0.0)  # (len(cols), 1)
        return tl.where(offs_m[None, :] == 0, row, tl.zeros_like(row))
    return tl.load(x_ptr + offs_m[None, :] * stride_xm + cols[:, None] * stride_xk,
                   mask=mask_k[:, None] & mask_m[None, :], other=0.0)


@triton.jit
def _arrive(counter_ptr):
    """Count this program's part of a tile in, once every thread of the program has written it, and return how many
    parts had arrived before it. acq_rel: the writes before it are released to the last one to arrive, which
    acquires them all and sums the parts (_store_summed)."""
    tl.debug_barrier()  # every thread's part is written before the counter moves
    return tl.atomic_add(counter_ptr, 1, sem="acq_rel", scope="gpu")


@triton.jit
def _store_summed(out_ptrs, total, mask_out, counter_ptr):
    """The last part to arrive: store the tile's sum and zero its counter, ready for the next launch."""
    tl.store(out_ptrs, total.to(out_ptrs.dtype.element_ty), mask=mask_out)
    tl.atomic_xchg(counter_ptr, 0, sem="relaxed", scope="gpu")


@triton.jit
def _store_tile(acc, offs_m, offs_n, mask_m, mask_n, M, N, out_ptr, stride_om, partial_ptr, counter_ptr, pid_k,
                SPLIT_K: tl.constexpr):
    """Store one program's fp32 (BLOCK_M, BLOCK_N) tile. With SplitK: store it as slice pid_k's partial; the
    last slice of the tile to arrive (counter_ptr: this tile's counter) sums the partials in slice order
    and stores the tile, so one launch does it all and the result is deterministic. SPLIT_K is a compile-time
    number so that the sum is unrolled and its SPLIT_K loads from L2 are in flight together (a run-time loop
    waits for each load before issuing the next: SPLIT_K round trips at the very end of the kernel)."""
    out_ptrs = out_ptr + offs_m[:, None] * stride_om + offs_n[None, :]
    mask_out = mask_m[:, None] & mask_n[None, :]
    if SPLIT_K == 1:
        tl.store(out_ptrs, acc.to(out_ptr.dtype.element_ty), mask=mask_out)
    else:
        partial_ptrs = partial_ptr + offs_m[:, None] * N + offs_n[None, :]
        tl.store(partial_ptrs + pid_k * M * N, acc, mask=mask_out)
        if _arrive(counter_ptr) == SPLIT_K - 1:
            total = tl.zeros(acc.shape, dtype=tl.float32)
            for s in tl.static_range(SPLIT_K):
                total += tl.load(partial_ptrs + s * M * N, mask=mask_out, other=0.0, cache_modifier=".cg")
            _store_summed(out_ptrs, total, mask_out, counter_ptr)


@triton.jit
def _k_range_product(
    x_ptr, qweight_ptr, scale_zero_ptr, gidx_ptr, perm_ptr, K, group_size,
    stride_xm, stride_xk, stride_qc, stride_qn, stride_qw, stride_szg,
    offs_m, offs_n, mask_m, mask_n, chunk_start, chunk_end,
    BITS: tl.constexpr, SCALE_DTYPE: tl.constexpr, GROUPS: tl.constexpr, GROUP_CHUNKS: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, DOT_IN_FP32: tl.constexpr, PAIRS: tl.constexpr,
    DOTS: tl.constexpr, PERMUTED: tl.constexpr,
):
    """The fp32 (BLOCK_N, BLOCK_M) tile out^T[offs_n, offs_m] over the chunks [chunk_start, chunk_end) of K: the
    main loop of both kernels (the data flow in this module's docstring)."""
    PER_WORD: tl.constexpr = 32 // BITS
    WORDS: tl.constexpr = _CHUNK_WORDS
    BLOCK_K: tl.constexpr = WORDS * PER_WORD  # rows per chunk
    DTYPE: tl.constexpr = x_ptr.dtype.element_ty
    offs_w = tl.arange(0, WORDS)

    acc = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)  # transposed: out^T = W^T x^T
    # Act-order at one token (PERMUTED): kernel row r multiplies x's column perm[r], gathered here instead of
    # by a separate index_select launch before the kernel (that launch and the wait for it cost +45 % on
    # 4096 -> 11008 at one token, H200). With more tokens every element of the gather is a 2-byte access of
    # its own, repeated by every column tile: on the 7B/8B MLP shapes as slow as the launch at 2 tokens and
    # up to 2x slower at 16 (H200), so the launcher gathers x beforehand there.
    # Triton does not pipeline the perm load (its only user is another load's address), so with one x
    # tile per chunk the next chunk's perm slice is loaded one iteration ahead by hand: the x gather's
    # addresses are ready at the top of the loop, and its latency hides behind the chunk's dequantization.
    offs_kc = tl.arange(0, BLOCK_K)
    if PERMUTED:
        next_cols = tl.load(perm_ptr + chunk_start * BLOCK_K + offs_kc, mask=chunk_start * BLOCK_K + offs_kc < K,
                            other=0)
    offs_p = tl.arange(0, WORDS // 2)
    no_zero = tl.zeros((BLOCK_N, 1), dtype=tl.int32)
    for chunk in range(chunk_start, chunk_end):
        pair_ptrs = qweight_ptr + chunk * stride_qc + offs_n[:, None] * stride_qn + offs_p[None, :] * stride_qw
        first_half = tl.load(pair_ptrs, mask=mask_n[:, None], other=0)  # (BLOCK_N, 8): slots < PER_WORD / 2
        second_half = tl.load(pair_ptrs + (WORDS // 2) * stride_qw, mask=mask_n[:, None], other=0)
        if GROUPS == GROUPS_PER_CHUNK:
            # a compile-time divisor: the run-time division was 28 of the loop's 352 instructions (sm_90 SASS)
            g = chunk // GROUP_CHUNKS if GROUP_CHUNKS > 0 else 0
            scale, zero = _load_scale_zero(scale_zero_ptr + g * stride_szg + offs_n, mask_n, SCALE_DTYPE)

        if DOTS != DOT_PER_SLOT:  # groups of whole chunks
            rows_k = chunk * BLOCK_K + offs_kc
            if PERMUTED:
                cols = next_cols
                next_cols = tl.load(perm_ptr + rows_k + BLOCK_K, mask=rows_k + BLOCK_K < K, other=0)
            else:
                cols = rows_k
            xt = _load_xt(x_ptr, cols, rows_k < K, offs_m, mask_m, stride_xm, stride_xk, PERMUTED)  # (BLOCK_K, BLOCK_M)
            wt = chunk_rows_operand(first_half, second_half, zero[:, None], BITS, DTYPE, PAIRS)
            if DOT_IN_FP32:
                wt, xt = wt.to(tl.float32), xt.to(tl.float32)
            if DOTS == DOT_PER_CHUNK_SCALED:
                # scaled weights (one rounding each, to the dot's input type): the dot accumulates straight
                # into acc across chunks, so Triton keeps the tensor-core op in flight while the next chunk
                # is decoded (its waits let 7 of 8 K-steps run on), at the price of one multiply per pair
                acc = tl.dot(wt * scale.to(wt.dtype)[:, None], xt, acc, input_precision="ieee")
            else:
                acc += tl.dot(wt, xt, input_precision="ieee") * scale[:, None]
        # One dot per slot: every operand is an elementwise function of the packed tiles (the pair's two
        # halves joined in-thread), so the codes never need a reshape through shared memory, and the
        # slot's x rows are contiguous.
        part = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
        for j in tl.static_range(PER_WORD if DOTS == DOT_PER_SLOT else 0):
            first = chunk * BLOCK_K + j * WORDS
            rows = first + offs_w  # (WORDS,)
            mask_k = rows < K
            cols = tl.load(perm_ptr + rows, mask=mask_k, other=0) if PERMUTED else rows
            xt = _load_xt(x_ptr, cols, mask_k, offs_m, mask_m, stride_xm, stride_xk, PERMUTED)  # (WORDS, BLOCK_M)
            words = first_half if j < PER_WORD // 2 else second_half
            slot = j % (PER_WORD // 2)
            if GROUPS == GROUPS_PER_CHUNK:
                wt = paired_rows(words, slot, zero[:, None], BITS, DTYPE, PAIRS)  # exact; scaled after the chunk
            elif GROUPS == GROUPS_PER_SLOT:
                g = tl.minimum(first, K - 1) // group_size  # a padding slot (x masked to 0) reads the last group
                slot_scale, slot_zero = _load_scale_zero(scale_zero_ptr + g * stride_szg + offs_n, mask_n, SCALE_DTYPE)
                wt = paired_rows(words, slot, slot_zero[:, None], BITS, DTYPE, PAIRS)
            else:
                g = tl.load(gidx_ptr + rows, mask=mask_k, other=0)
                row_scale, row_zero = _load_scale_zero(scale_zero_ptr + g[None, :] * stride_szg + offs_n[:, None],
                                                       mask_n[:, None], SCALE_DTYPE)
                codes = paired_rows(words, slot, no_zero, BITS, DTYPE, PAIRS).to(tl.float32)  # (BLOCK_N, WORDS)
                wt = ((codes - row_zero.to(tl.float32)) * row_scale.to(tl.float32)).to(DTYPE)  # one rounding
            if DOT_IN_FP32:
                wt, xt = wt.to(tl.float32), xt.to(tl.float32)
            if GROUPS == GROUPS_PER_SLOT:
                acc += tl.dot(wt, xt, input_precision="ieee") * slot_scale[:, None]
            else:
                part = tl.dot(wt, xt, part, input_precision="ieee")
        if GROUPS == GROUPS_PER_CHUNK and DOTS == DOT_PER_SLOT:
            acc += part * scale[:, None]
        elif GROUPS == GROUPS_PER_ROW:
            acc += part

    return acc


@triton.jit
def _tile_offsets(pid_m, pid_n, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Token and column offsets of output tile (pid_m, pid_n), and their in-bounds masks."""
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.max_contiguous(tl.multiple_of(pid_n * BLOCK_N + tl.arange(0, BLOCK_N), BLOCK_N), BLOCK_N)
    return offs_m, offs_n, offs_m < M, offs_n < N


@triton.jit
def gptq_matmul_kernel(
    # pointers
    x_ptr, qweight_ptr, scale_zero_ptr, gidx_ptr, perm_ptr, out_ptr, partial_ptr, counter_ptr,
    # sizes
    M, N, K, group_size,
    # strides (scale_zero and out are contiguous along N; qweight (chunks, N, words) as to_kernel_layout stores it)
    stride_xm, stride_xk, stride_qc, stride_qn, stride_qw, stride_szg, stride_om,
    # meta-parameters
    BITS: tl.constexpr, SCALE_DTYPE: tl.constexpr, GROUPS: tl.constexpr, GROUP_CHUNKS: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, SPLIT_K: tl.constexpr, DOT_IN_FP32: tl.constexpr,
    PAIRS: tl.constexpr, DOTS: tl.constexpr, PERMUTED: tl.constexpr, PDL: tl.constexpr,
):
    """One program per (column tile, K slice, token tile)."""
    await_prior_grid(PDL)
    BLOCK_K: tl.constexpr = _CHUNK_WORDS * (32 // BITS)
    # Column tiles vary fastest: the programs that run together read the same x rows and neighbouring
    # weight columns of the same K slice.
    pid_n = tl.program_id(0)
    pid_k = tl.program_id(1)
    pid_m = tl.program_id(2)
    offs_m, offs_n, mask_m, mask_n = _tile_offsets(pid_m, pid_n, M, N, BLOCK_M, BLOCK_N)

    # this program's K slice, in whole chunks (qweight is padded to whole chunks)
    num_chunks = tl.cdiv(K, BLOCK_K)
    chunks_per_split = tl.cdiv(num_chunks, SPLIT_K)
    chunk_start = pid_k * chunks_per_split
    chunk_end = tl.minimum(chunk_start + chunks_per_split, num_chunks)
    acc = _k_range_product(x_ptr, qweight_ptr, scale_zero_ptr, gidx_ptr, perm_ptr, K, group_size,
                           stride_xm, stride_xk, stride_qc, stride_qn, stride_qw, stride_szg,
                           offs_m, offs_n, mask_m, mask_n, chunk_start, chunk_end,
                           BITS, SCALE_DTYPE, GROUPS, GROUP_CHUNKS, BLOCK_M, BLOCK_N, DOT_IN_FP32, PAIRS, DOTS,
                           PERMUTED)
    tile = pid_m * tl.cdiv(N, BLOCK_N) + pid_n
    _store_tile(tl.trans(acc), offs_m, offs_n, mask_m, mask_n, M, N, out_ptr, stride_om, partial_ptr,
                counter_ptr + tile, pid_k, SPLIT_K)


@triton.jit
def _stream_k_start(program, total, programs):
    """The first (tile, chunk) work unit of `program` when `total` units are dealt out evenly in order."""
    return (tl.cast(program, tl.int64) * total // programs).to(tl.int32)


@triton.jit
def _stream_k_owner(unit, total, programs):
    """The program whose units include `unit`: the largest p with _stream_k_start(p) <= unit."""
    return ((tl.cast(unit + 1, tl.int64) * programs + total - 1) // total - 1).to(tl.int32)


@triton.jit
def gptq_matmul_stream_k_kernel(
    # pointers
    x_ptr, qweight_ptr, scale_zero_ptr, gidx_ptr, perm_ptr, out_ptr, partial_ptr, counter_ptr,
    # sizes
    M, N, K, group_size,
    # strides
    stride_xm, stride_xk, stride_qc, stride_qn, stride_qw, stride_szg, stride_om,
    # meta-parameters
    BITS: tl.constexpr, SCALE_DTYPE: tl.constexpr, GROUPS: tl.constexpr, GROUP_CHUNKS: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, DOT_IN_FP32: tl.constexpr,
    PAIRS: tl.constexpr, DOTS: tl.constexpr, PERMUTED: tl.constexpr, PDL: tl.constexpr,
):
    """Stream-K: a fixed grid (a few programs per SM) shares out every (output tile, chunk of K) unit evenly, in
    tile order, so each program runs one contiguous run of units across one or more tiles.

    Why: at a few hundred tokens a grid of whole tiles leaves SMs idle in its last wave (4096 -> 11008 at 256
    tokens in 128 x 256 tiles: 86 programs for an H100's 132 SMs), and SplitK closes that gap only by writing
    every tile's partial sums. Here only the tiles split between programs (at most two per program) go through
    fp32 partials: each contributor writes its part to its own slot (partial_ptr: 2 tiles per program, the
    first for the tile its run starts in), and the last one to arrive (a per-tile counter) sums the parts in
    program order and stores the tile, so the result is deterministic, as with SplitK.
    """
    await_prior_grid(PDL)
    BLOCK_K: tl.constexpr = _CHUNK_WORDS * (32 // BITS)
    TILE: tl.constexpr = BLOCK_M * BLOCK_N
    pid = tl.program_id(0)
    programs = tl.num_programs(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_chunks = tl.cdiv(K, BLOCK_K)
    total = tl.cdiv(M, BLOCK_M) * num_pid_n * num_chunks  # the launcher keeps programs <= total
    start = _stream_k_start(pid, total, programs)
    end = _stream_k_start(pid + 1, total, programs)
    offs_part = tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]  # a (BLOCK_M, BLOCK_N) part
    for tile in range(start // num_chunks, tl.cdiv(end, num_chunks)):
        tile_start = tile * num_chunks
        first_unit = tl.maximum(start, tile_start)
        last_unit = tl.minimum(end, tile_start + num_chunks)
        offs_m, offs_n, mask_m, mask_n = _tile_offsets(tile // num_pid_n, tile % num_pid_n, M, N, BLOCK_M, BLOCK_N)
        acc = _k_range_product(x_ptr, qweight_ptr, scale_zero_ptr, gidx_ptr, perm_ptr, K, group_size,
                               stride_xm, stride_xk, stride_qc, stride_qn, stride_qw, stride_szg,
                               offs_m, offs_n, mask_m, mask_n, first_unit - tile_start, last_unit - tile_start,
                               BITS, SCALE_DTYPE, GROUPS, GROUP_CHUNKS, BLOCK_M, BLOCK_N, DOT_IN_FP32, PAIRS, DOTS,
                               PERMUTED)
        part = tl.trans(acc)
        out_ptrs = out_ptr + offs_m[:, None] * stride_om + offs_n[None, :]
        mask_out = mask_m[:, None] & mask_n[None, :]
        if (first_unit == tile_start) & (last_unit == tile_start + num_chunks):  # the whole tile: store it
            tl.store(out_ptrs, part.to(out_ptr.dtype.element_ty), mask=mask_out)
        else:
            slot = (first_unit != start).to(tl.int32)  # 0: the tile this program's run starts in
            # only the tile's real token rows: at one token a (16, BLOCK_N) part is 15/16 padding, whose fp32
            # write and read-back would add a fifth to the traffic of the packed weights
            tl.store(partial_ptr + (2 * pid + slot) * TILE + offs_part, part, mask=mask_m[:, None])
            first_owner = _stream_k_owner(tile_start, total, programs)
            last_owner = _stream_k_owner(tile_start + num_chunks - 1, total, programs)
            if _arrive(counter_ptr + tile) == last_owner - first_owner:
                whole = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
                for owner in range(first_owner, last_owner + 1):
                    owner_slot = (_stream_k_start(owner, total, programs) < tile_start).to(tl.int32)
                    whole += tl.load(partial_ptr + (2 * owner + owner_slot) * TILE + offs_part, mask=mask_m[:, None],
                                     other=0.0, cache_modifier=".cg")
                _store_summed(out_ptrs, whole, mask_out, counter_ptr + tile)


@triton.jit
def gather_columns_kernel(x_ptr, perm_ptr, out_ptr, K, stride_xm, stride_xk, stride_om, BLOCK: tl.constexpr,
                          PDL: tl.constexpr):
    """out[m, k] = x[m, perm[k]]: one (row, BLOCK columns) slice per program."""
    await_prior_grid(PDL)
    row = tl.program_id(1)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < K
    cols = tl.load(perm_ptr + offs, mask=mask, other=0)
    values = tl.load(x_ptr + row * stride_xm + cols * stride_xk, mask=mask)
    tl.store(out_ptr + row * stride_om + offs, values, mask=mask)


def gather_columns(x: torch.Tensor, perm: torch.Tensor) -> torch.Tensor:
    """x[:, perm] for act-order layers from 2 tokens up, in CUDA graphs: there `x.index_select(1, perm)` took
    3-5 µs more per call on an H200."""
    m, k = x.shape
    out = torch.empty((m, k), dtype=x.dtype, device=x.device)
    block = 1024
    pdl = dependent_launch(x.device)
    gather_columns_kernel[(cdiv(k, block), m)](x, perm, out, k, x.stride(0), x.stride(1), out.stride(0),
                                               BLOCK=block, PDL=pdl, num_warps=4, launch_pdl=pdl)
    return out


# ----------------------------------------------------------------------------------------------------
# Kernel modes (the configs themselves: launch_configs.py)
# ----------------------------------------------------------------------------------------------------


@cache
def _has_bf16x2_sub(device: torch.device) -> bool:
    """PTX sub.bf16x2 (the bf16 PAIRS_ASM path) needs sm_90; fp16's instructions run on any GPU Triton targets."""
    return torch.cuda.get_device_capability(device) >= (9, 0)


def pairs_mode(dtype: torch.dtype, bits: int, device: torch.device) -> int:
    """Which PAIRS path a launch takes (see paired_rows)."""
    if dtype == torch.float16 or (dtype == torch.bfloat16 and bits == 4):
        if device.type == "cuda" and (dtype == torch.float16 or _has_bf16x2_sub(device)):
            return PAIRS_ASM.value
        return PAIRS_TRITON.value if dtype == torch.float16 else PAIRS_APART.value
    return PAIRS_APART.value


def group_mode(group_size: int, k: int, bits: int, has_g_idx: bool) -> int:
    """Which GROUPS path a launch takes (see the constants above the kernel)."""
    if has_g_idx:
        return GROUPS_PER_ROW.value
    if group_size <= 0 or group_size >= k or group_size % chunk_rows(bits) == 0:
        return GROUPS_PER_CHUNK.value
    if group_size % CHUNK_WORDS == 0:
        return GROUPS_PER_SLOT.value
    return GROUPS_PER_ROW.value
