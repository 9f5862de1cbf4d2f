"""The GPTQ checkpoint format and the GPTQ kernel's layout of it, in plain PyTorch.

    HF format (what auto-gptq, optimum and gptqmodel write; kernels/gptq/matmul.py's docstring has the formula):
    qweight int32 (K * bits / 32, N), codes packed along K; qzeros int32 (G, N * bits / 32), packed along N.

    pack_rows / unpack_rows, pack_cols / unpack_cols   the format's bit packing, read plainly
    to_kernel_layout / from_kernel_layout               HF qweight <-> the kernel's (chunks, N, word pairs)
    pack_scale_zero / unpack_scale_zero                 scales + zero points <-> the kernel's one int32 per group column
    sorted_group_index, padded_rows, chunk_rows         the group and chunk arithmetic both sides share

GPTQLinear.prepare() converts a checkpoint once at load time and state_dict() converts it back, so the
kernel's layout never reaches a file.
"""

from __future__ import annotations

import torch

# The kernel's layout of qweight (to_kernel_layout): chunks of CHUNK_WORDS packed rows. Logically, slot j of
# word i of a chunk is row CHUNK_WORDS * j + i, so the rows of each slot are contiguous (x loads coalesce)
# and each slot's dot spans CHUNK_WORDS = 16 rows, what tl.dot needs at least. Physically the codes of
# the word pair (2p, 2p + 1) share words: word p holds the first half of their slots, word p + 8 the
# second half, pair member 2p in bits [0, 16) and 2p + 1 in bits [16, 32). One shift and one and-or
# then give both as the two 16-bit halves of an int32: an fp16x2 pair of adjacent rows, which is how a
# tensor-core operand holds them (kWidth = 2). The words are stored chunk-major (see to_kernel_layout).
CHUNK_WORDS = 16


def cdiv(a: int, b: int) -> int:
    """ceil(a / b) for host ints. (triton.cdiv is a jit function: called from Python it goes through the
    JIT's dispatch, which cost a third of the host time of a one-token launch.)"""
    return -(-a // b)


def chunk_rows(bits: int) -> int:
    """Rows of one chunk (BLOCK_K): CHUNK_WORDS packed rows."""
    return CHUNK_WORDS * (32 // bits)


def pack_rows(codes: torch.Tensor, bits: int) -> torch.Tensor:
    """(K, N) integer codes in [0, 2**bits) -> (K * bits / 32, N) int32, slot j of word i = row i * (32 / bits) + j."""
    per_word = 32 // bits
    rows, cols = codes.shape
    if rows % per_word:
        raise ValueError(f"{rows} rows cannot be packed {per_word} to a word")
    grouped = codes.to(torch.int64).reshape(rows // per_word, per_word, cols)
    shifts = torch.arange(per_word, device=codes.device, dtype=torch.int64).mul_(bits).view(1, per_word, 1)
    words = (grouped << shifts).sum(dim=1)  # disjoint bit fields: the sum is the OR, in [0, 2**32)
    return torch.where(words >= 2**31, words - 2**32, words).to(torch.int32)  # same bits as int32


def pack_cols(codes: torch.Tensor, bits: int) -> torch.Tensor:
    """(G, N) integer codes -> (G, N * bits / 32) int32, packed along columns (the qzeros layout)."""
    return pack_rows(codes.t(), bits).t().contiguous()


def unpack_rows(packed: torch.Tensor, bits: int) -> torch.Tensor:
    """Inverse of pack_rows: (K * bits / 32, N) int32 -> (K, N) int32 codes."""
    per_word = 32 // bits
    shifts = torch.arange(per_word, device=packed.device, dtype=torch.int32).mul_(bits).view(1, per_word, 1)
    codes = (packed.unsqueeze(1) >> shifts) & ((1 << bits) - 1)  # (K / per_word, per_word, N)
    return codes.reshape(-1, packed.shape[1])


def unpack_cols(packed: torch.Tensor, bits: int) -> torch.Tensor:
    """Inverse of pack_cols: (G, N * bits / 32) int32 -> (G, N) int32 codes."""
    return unpack_rows(packed.t().contiguous(), bits).t()


def pack_scale_zero(qzeros: torch.Tensor, scales: torch.Tensor, bits: int, zero_offset: int) -> torch.Tensor:
    """The kernel's per-group data: (G, N) int32, the scale's 16 bits (bf16 scales as bf16, any other as
    fp16) in bits [16, 32) and the zero point (stored code + zero_offset, <= 256) in bits [0, 16)."""
    zeros = unpack_cols(qzeros, bits) + zero_offset  # (G, N)
    scale = scales if scales.dtype == torch.bfloat16 else scales.to(torch.float16)
    return (scale.view(torch.int16).to(torch.int32) << 16) | zeros


def unpack_scale_zero(scale_zero: torch.Tensor, scale_dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """Inverse of pack_scale_zero: (G, N) int32 -> (scales as float32, zero points as int32), both (G, N).
    scale_dtype: the dtype of the scales it was packed from (bf16 bits stay bf16, any other was packed as fp16)."""
    half = torch.bfloat16 if scale_dtype == torch.bfloat16 else torch.float16
    scales = (scale_zero >> 16).to(torch.int16).view(half).float()
    return scales, scale_zero & 0xFFFF


def padded_rows(k: int, bits: int) -> int:
    """Rows of the kernel layout: k rounded up to whole chunks."""
    return cdiv(k, chunk_rows(bits)) * chunk_rows(bits)


def _chunked_view(rows: int, bits: int) -> tuple[int, ...]:
    """Shape that splits kernel-layout row order into (chunk, half, pair, member, slot in half): the
    order in which pack_rows fills the physical words (see CHUNK_WORDS)."""
    per_word = 32 // bits
    return rows // chunk_rows(bits), 2, CHUNK_WORDS // 2, 2, per_word // 2


def to_kernel_layout(qweight: torch.Tensor, bits: int, order: torch.Tensor | None = None) -> torch.Tensor:
    """HF qweight (K * bits / 32, N) -> the kernel's (chunks, N, CHUNK_WORDS), chunks = padded_rows(K) / chunk_rows.

    Rows are first taken in `order` (act-order: sorted by group), padded with zero codes to whole
    chunks, then placed so that in each chunk logical slot j of word i holds row CHUNK_WORDS * j + i,
    with the word pairs sharing physical words as described above CHUNK_WORDS.
    """
    codes = unpack_rows(qweight, bits)  # (K, N)
    if order is not None:
        codes = codes[order.long()]
    k, n = codes.shape
    rows = padded_rows(k, bits)
    codes = torch.cat([codes, codes.new_zeros(rows - k, n)]) if rows > k else codes
    # chunk row 16 j + i with j = half * per_word / 2 + slot, i = 2 pair + member
    chunks, halves, pairs, members, slots = _chunked_view(rows, bits)
    codes = codes.reshape(chunks, halves, slots, pairs, members, n).permute(0, 1, 3, 4, 2, 5)
    # Stored chunk-major: chunk c, column n, word w at [c, n, w]. A column's 16 words of a chunk are 64
    # contiguous bytes, which the async copies to shared memory move 16 bytes at a time (with N-major
    # words Triton's shared layout, K fastest for the operand loads, allowed only 4-byte copies), and a
    # program's (chunk, BLOCK_N columns) tile is one contiguous block (8 KB at BLOCK_N 128). Stored K-major
    # instead (each column's words of every chunk together) that tile was BLOCK_N pieces of 64 bytes, K / 2
    # bytes apart, and the kernel ran 1-10 % slower at 1-16 tokens (H200).
    words = pack_rows(codes.reshape(rows, n), bits)  # (chunks * CHUNK_WORDS, N)
    return words.reshape(chunks, CHUNK_WORDS, n).transpose(1, 2).contiguous()


def from_kernel_layout(qweight: torch.Tensor, bits: int, k: int, order: torch.Tensor | None = None) -> torch.Tensor:
    """Inverse of to_kernel_layout: back to the HF (K * bits / 32, N) qweight."""
    chunks, n, _ = qweight.shape
    codes = unpack_rows(qweight.transpose(1, 2).reshape(chunks * CHUNK_WORDS, n), bits)  # (rows, N)
    rows, n = codes.shape
    chunks, halves, pairs, members, slots = _chunked_view(rows, bits)
    codes = codes.reshape(chunks, halves, pairs, members, slots, n).permute(0, 1, 4, 2, 3, 5).reshape(rows, n)[:k]
    if order is not None:
        restored = torch.empty_like(codes)
        restored[order.long()] = codes
        codes = restored
    return pack_rows(codes, bits)


def sorted_group_index(k: int, group_size: int, device=None) -> torch.Tensor:
    """The g_idx of a checkpoint without act-order: row k is in group k // group_size."""
    rows = torch.arange(k, dtype=torch.int32, device=device)
    return rows // group_size if group_size > 0 else torch.zeros_like(rows)
