"""Variable tensor shape: strip the padded positions of each row, compute on real tokens, restore.

Data flow (the Cerebras StripPadding/RestorePadding idea, on GPUs and CPUs):

    x (B, S, ...) + mask (B, S) --strip_padding--> packed (T, ...) + Padding handle
    packed (T, ...) --row-wise layers (Linear, LayerNorm, GeLU, dropout)--> packed (T, ...)
    q, k, v (T, heads, D) --varlen_attention(cu_seqlens)--> (T, heads, D), each token sees its own row only
    packed (T, ...) --restore_padding(pad_value)--> (B, S, ...), pad positions = pad_value

A real token is a nonzero mask entry (as transformers reads a 2-D mask), wherever it sits: right or left
padding and holes are all gathered by index, each row's real tokens in order, so a row's segment in the
packed tensor holds exactly the tokens stock attends to.

Shapes depend on the mask's contents (T, the longest row), so the host must read a few numbers back
from the device once per batch. ``PendingPadding`` splits that read in two: it queues one non-blocking
copy of each row's length and first-position flag (``row_summary``, (2B,)), and the host waits only when
the shapes are needed (``resolve()``, which sums them on the host: ``host_sizes``), so the GPU has the work
launched in between (the embeddings) to run meanwhile instead of draining its queue and idling while the
host catches up. That wait is the handle's only host-device sync; everything else it builds (cu_seqlens,
gather indices) is queued on the device before it. A batch without padding (``dense``) builds no gather
indices: strip and restore are reshapes.

Static shapes: with ``multiple_of=N`` the packed length T is rounded up to a multiple of N. The extra
"fill" rows form one more segment in cu_seqlens (they attend among themselves, so they stay finite and
never reach a real token) and are dropped by restore. CUDA graphs then see one shape per bucket instead
of one per batch.

Under torch.compile, ``Padding.bucketed`` builds the handle outside the graphs (a ``torch.compiler.disable``d
call: the one host read of the real-token count) and rounds the packed length up to a bucket of
``bucket_rows`` (8 sizes per doubling, at most 1/8 above the real tokens). The fill rows are split over
FILL_SEGMENTS short segments (one long fill segment would cost its length squared in attention), and
the packed length is marked dynamic, so one compiled graph serves every bucket.

``varlen_attention`` runs attention within each row's segment of the packed tokens; the zoo BERT's
self-attention module calls it itself (no name is registered in transformers' AttentionInterface).
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, replace

import torch
import torch.nn.functional as F

# Padding.bucketed (torch.compile): bucket sizes per doubling of the token count, the smallest bucket, and
# how many segments the fill rows are split over (cu_seqlens is (B + 1 + FILL_SEGMENTS,), a static size).
BUCKETS_PER_OCTAVE = 8
SMALLEST_BUCKET = 64
FILL_SEGMENTS = 16


def bucket_rows(tokens: int, per_octave: int = BUCKETS_PER_OCTAVE, smallest: int = SMALLEST_BUCKET) -> int:
    """The packed length for ``tokens`` real tokens: the smallest bucket >= tokens (never 0).

    Buckets: multiples of ``smallest`` up to ``smallest * per_octave``, then ``per_octave`` evenly spaced
    sizes per doubling (for tokens in (2^(n-1), 2^n], multiples of 2^(n-1) / per_octave), so the fill is
    below 1/per_octave of the tokens and a stream of batches meets few distinct lengths.
    """
    if per_octave < 1 or per_octave & (per_octave - 1):
        raise ValueError(f"per_octave must be a power of two; got {per_octave}")
    octave = (max(tokens, 1) - 1).bit_length()  # tokens in (2^(octave-1), 2^octave]
    step = max(smallest, 1 << max(0, octave - per_octave.bit_length()))
    return max(1, -(-tokens // step)) * step


def first_padded_rows(real: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """How many rows of real (B, S) have real tokens but a padded first position (0-dim, on the device). A row
    with no real token is left out: it has no output to keep equal to stock's."""
    return (~real[:, :1].any(dim=1) & (lengths > 0)).sum()


def row_summary(real: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """(2B,) int64 on the device: each row's real tokens, then whether its first position is real (0 or 1).

    The one tensor a Padding reads on the host: ``host_sizes`` derives the token count, the longest row and the
    left-padded rows from it, so no reduction is launched for each of them (one cat instead of eight small ops).
    """
    return torch.cat([lengths, real[:, :1].flatten()])  # bool promoted to int64; a (B, 0) mask has no first column


def host_sizes(summary: list[int], batch: int) -> tuple[int, int, int]:
    """(real tokens, longest row, rows with real tokens but a padded first position) from ``row_summary``'s values."""
    lengths, first_real = summary[:batch], summary[batch:]
    # A row whose first position is real has tokens, so the left-padded rows are the non-empty ones less those.
    return sum(lengths), max(lengths, default=0), batch - lengths.count(0) - sum(first_real)


class DeferredHostRead:
    """A few device integers on their way to the host: the copy is queued now, the wait comes at ``tolist()``.

    On CUDA the values go to pinned host memory with a non-blocking copy and an event behind it, so
    the host can keep launching work until it needs them; elsewhere they are read at once.
    """

    def __init__(self, values: torch.Tensor):  # (n,) integer tensor
        self._event = None
        if values.is_cuda:
            self._host = torch.empty(values.shape, dtype=values.dtype, pin_memory=True)
            self._host.copy_(values, non_blocking=True)  # on the current stream of values' device
            self._event = torch.cuda.Event()
            self._event.record(torch.cuda.current_stream(values.device))  # right behind the copy, on its GPU
        else:
            self._host = values

    @torch.compiler.disable  # a host read: outside any graph, its ints enter the graph as inputs
    def tolist(self) -> list[int]:
        # Waits for this copy only, not for work launched after it; no wait at all once it has landed
        # (e.g. read after a later read on the same stream already waited).
        if self._event is not None and not self._event.query():
            self._event.synchronize()
        return self._host.tolist()


@dataclass(frozen=True, eq=False)
class Padding:
    """Where the real tokens of a padded (B, S, ...) batch sit; made by ``strip_padding``.

    Everything the packed layers read is a device tensor or a Python value that only changes with
    the bucket, so a compiled region that takes a Padding is not re-specialised per batch.
    """

    shape: tuple[int, int]  # (B, S) of the padded batch
    lengths: torch.Tensor  # (B,) int64: real tokens per row
    cu_seqlens: torch.Tensor  # (segments + 1,) int32: segment starts in the packed rows; +1 fill segment when bucketed
    # (packed_len,) int64: flat position b * S + s of each packed row, fill rows -> B * S; None when dense
    indices: torch.Tensor | None
    max_seqlen: int  # upper bound on a segment's length (S or the bucket when bucketed, else the longest row; or as given)
    num_tokens: int  # real tokens T; packed_len - num_tokens are fill rows
    packed_len: int  # rows of the packed tensor
    dense: bool  # no padding and no fill: strip and restore are reshapes, no copy
    # Rows with real tokens whose first position is padded (left padding): a first-token pooler would read
    # a state the packed layers never compute there (first_padded_rows).
    first_padded: int = 0

    @classmethod
    def from_mask(cls, mask: torch.Tensor, multiple_of: int | None = None) -> Padding:
        """The handle of a (B, S) mask (nonzero = real token, any pattern); one host sync."""
        return PendingPadding(mask, multiple_of).resolve()

    @classmethod
    @torch.compiler.disable  # mask reductions and a device-to-host copy: run as they are, outside any graph
    def start(
        cls, mask: torch.Tensor, multiple_of: int | None = None, max_seqlen: int | None = None
    ) -> Padding | PendingPadding:
        """``from_mask`` with the host wait put off to ``resolve()`` where the mask is on a GPU.

        ``max_seqlen``: a fixed upper bound on every segment (fill segment included) instead of the longest
        row. Eager only: under torch.compile the zoo BERT builds its handle with ``bucketed``.
        """
        pending = PendingPadding(mask, multiple_of, max_seqlen)
        return pending if mask.is_cuda else pending.resolve()  # a CPU has no queue to keep busy

    @classmethod
    @torch.compiler.disable  # the host read of the token count and data-dependent sizes: never in a graph
    def bucketed(cls, mask: torch.Tensor, max_seqlen: int) -> Padding:
        """The handle torch.compile's graphs take: packed length ``bucket_rows(T)``, fill split in short segments.

        mask (B, S), any pattern (nonzero = real). ``max_seqlen``: a fixed bound on a row's length (BERT: its
        max_position_embeddings), raised only if a row or fill segment is longer, so the attention's one
        integer argument does not change with the batch. The packed length is marked dynamic: a compiled
        region sees it as a symbolic size from its first graph on, so a new bucket is no new graph. Never
        ``dense`` (a full batch is packed too): one code path, one graph.
        """
        if mask.dim() != 2:
            raise ValueError(f"mask must be 2-D (batch, seq); got shape {tuple(mask.shape)}")
        batch, seq = mask.shape
        real = mask != 0  # (B, S)
        lengths = real.sum(dim=1)  # (B,)
        num_tokens, _, first_padded = host_sizes(row_summary(real, lengths).tolist(), batch)  # the one wait
        packed_len = bucket_rows(num_tokens)
        fill = packed_len - num_tokens
        # Segment ends: B rows, then FILL_SEGMENTS near-equal slices of the fill rows (some empty when fill is small).
        fill_ends = num_tokens + (torch.arange(1, FILL_SEGMENTS + 1, device=mask.device) * fill) // FILL_SEGMENTS
        cu_seqlens = torch.cat([F.pad(lengths.cumsum(0), (1, 0)), fill_ends]).to(torch.int32)  # (B + 1 + FILL_SEGMENTS,)
        # Packed row t: where the running count of real positions reaches t + 1 (fill rows: none, so B * S).
        running = real.flatten().cumsum(0)
        indices = torch.searchsorted(running, torch.arange(1, packed_len + 1, device=mask.device))  # (packed_len,)
        torch._dynamo.maybe_mark_dynamic(indices, 0)
        return cls(
            shape=(batch, seq), lengths=lengths, cu_seqlens=cu_seqlens, indices=indices,
            max_seqlen=max(max_seqlen, seq, -(-fill // FILL_SEGMENTS)), num_tokens=num_tokens,
            packed_len=packed_len, dense=False, first_padded=first_padded,
        )

    def resolve(self) -> Padding:
        """Already resolved (the same call as ``PendingPadding.resolve``)."""
        return self

    def to(self, device: torch.device | str, non_blocking: bool = False) -> Padding:
        """The same handle on another device (e.g. built from a CPU mask in the data loader, no GPU sync)."""
        move = lambda t: None if t is None else t.to(device, non_blocking=non_blocking)  # noqa: E731
        return replace(self, lengths=move(self.lengths), cu_seqlens=move(self.cu_seqlens), indices=move(self.indices))

    def strip(self, x: torch.Tensor) -> torch.Tensor:
        """(B, S, ...) -> (packed_len, ...): the real tokens of x, row after row, then fill rows."""
        # Sizes from the tensor, not from the handle's ints: under torch.compile they stay symbolic, so a
        # new batch shape is not a new graph (the check is eager-only for the same reason).
        if not torch.compiler.is_compiling() and tuple(x.shape[:2]) != self.shape:
            raise ValueError(f"input shape {tuple(x.shape)} does not match the padding's (batch, seq) {self.shape}")
        flat = x.flatten(0, 1)
        if self.dense:
            return flat
        # Compiled: always clamped, the token count is never read in a graph (it would be guarded on: a recompile
        # per count). is_compiling() first, so that dynamo does not read it here either.
        if not torch.compiler.is_compiling() and self.packed_len == self.num_tokens:
            return flat.index_select(0, self.indices)  # no fill rows: every index is a real position
        # Fill rows read the last real position: any finite value does, restore drops them.
        return flat.index_select(0, self.indices.clamp(max=flat.shape[0] - 1))

    def restore(self, packed: torch.Tensor, pad_value: float = 0, shape: tuple | None = None) -> torch.Tensor:
        """(packed_len, ...) -> (B, S, ...) with pad_value at the padded positions; fill rows dropped.

        ``shape``: (B, S) read from a tensor of the batch (under torch.compile: symbolic sizes); default
        the handle's own."""
        batch, seq = self.shape if shape is None else shape
        if not torch.compiler.is_compiling() and packed.shape[0] != self.packed_len:
            raise ValueError(
                f"packed tensor has {packed.shape[0]} rows but the padding holds {self.packed_len} "
                f"({self.num_tokens} real tokens)"
            )
        rest = packed.shape[1:]
        if self.dense:
            return packed.reshape(batch, seq, *rest)
        # One spare row at B * S takes the fill rows; index_copy's backward is a gather of real rows.
        out = packed.new_full((batch * seq + 1, *rest), pad_value)
        out.index_copy_(0, self.indices, packed)  # in place on the fresh buffer: no second full copy
        return out[: batch * seq].reshape(batch, seq, *rest)


class PendingPadding:
    """A Padding whose sizes are still on their way from the device.

    Construction queues the row lengths, the read of ``row_summary`` and the index tables, and returns at once;
    ``resolve()`` waits for that read (the one sync), takes the sizes from it on the host and builds the Padding
    (once). Device work queued: 8 ops (a mask compare, two cumsums, a sum, a pad, a cat, an arange, a
    searchsorted) and the copy.
    """

    def __init__(self, mask: torch.Tensor, multiple_of: int | None = None, max_seqlen: int | None = None):
        if mask.dim() != 2:
            raise ValueError(f"mask must be 2-D (batch, seq); got shape {tuple(mask.shape)}")
        if multiple_of is not None and multiple_of < 1:
            raise ValueError(f"multiple_of must be a positive int or None; got {multiple_of}")
        self.shape = tuple(mask.shape)
        self.multiple_of = multiple_of
        self.max_seqlen = max_seqlen
        # Nonzero = real token, as transformers reads a 2-D mask (it casts it to bool): 0/1 masks with any
        # pattern, and additive 0/-inf masks read the same way stock reads them.
        real = mask != 0  # (B, S)
        self.lengths = real.sum(dim=1)  # (B,) int64
        self._sizes = DeferredHostRead(row_summary(real, self.lengths))  # (2B,): the sizes are summed on the host
        self._padding = None
        self._queue_index_tables(real)

    def _queue_index_tables(self, real: torch.Tensor) -> None:
        """cu_seqlens and the gather indices for every packed length this mask could have, queued now.

        They are built before the host wait, at the largest size the batch allows, so that after the wait
        the handle only slices them: the GPU then has them (and the embeddings) to run while the host
        catches up, rather than idling while the host launches them (measured on an H200: a third of
        the GPU idle time of a graphed bert-base step at 75 % padding was spent here).
        """
        batch, seq = self.shape
        starts = F.pad(self.lengths.cumsum(0, dtype=torch.int32), (1, 0))  # (B + 1,): row starts in the packed rows
        rows = batch * seq
        if self.multiple_of is None:
            self._cu_seqlens = starts
        else:
            rows = -(-rows // self.multiple_of) * self.multiple_of
            bucket_end = (starts[-1:] + self.multiple_of - 1) // self.multiple_of * self.multiple_of
            self._cu_seqlens = torch.cat([starts, bucket_end])  # (B + 2,): fill segment last
        # Packed row t is the (t+1)-th real position of the flattened mask, row after row, in order: where
        # the running count of real positions reaches t + 1. Rows past the real tokens find none and get
        # B * S (fill rows). Any mask pattern (left padding, holes) is gathered the same way.
        running = real.flatten().cumsum(0)  # (B * S,)
        self._indices = torch.searchsorted(running, torch.arange(1, rows + 1, device=real.device))  # (rows,)

    @torch.compiler.disable  # a host wait and data-dependent sizes: never traced into a graph
    def resolve(self) -> Padding:
        if self._padding is None:
            self._padding = self._build(*host_sizes(self._sizes.tolist(), self.shape[0]))
        return self._padding

    def _build(self, num_tokens: int, longest: int, first_padded: int) -> Padding:
        """The handle from the host sizes: slices of the tables queued at construction, no new device work."""
        batch, seq = self.shape
        multiple_of = self.multiple_of
        packed_len, max_seqlen = num_tokens, longest
        if multiple_of is not None:
            packed_len = -(-num_tokens // multiple_of) * multiple_of
            max_seqlen = max(seq, multiple_of)  # static: does not depend on this batch's lengths
        if self.max_seqlen is not None:
            if self.max_seqlen < max_seqlen:
                raise ValueError(f"max_seqlen={self.max_seqlen} is below a segment of this batch ({max_seqlen})")
            max_seqlen = self.max_seqlen
        dense = num_tokens == batch * seq == packed_len
        return Padding(
            shape=(batch, seq), lengths=self.lengths, cu_seqlens=self._cu_seqlens,
            indices=None if dense else self._indices[:packed_len], max_seqlen=int(max_seqlen),
            num_tokens=num_tokens, packed_len=packed_len, dense=dense, first_padded=first_padded,
        )


def _check_axis(x: torch.Tensor, axis: int) -> None:
    if x.dim() < 2:
        raise ValueError(f"input must have at least 2 dims (batch, seq, ...); got shape {tuple(x.shape)}")
    if axis not in (1, 1 - x.dim()):
        raise NotImplementedError(
            f"strip_padding supports axis=1 (the sequence axis of a (batch, seq, ...) tensor) only; got axis={axis}"
        )


def strip_padding(
    x: torch.Tensor, mask: torch.Tensor, axis: int = 1, multiple_of: int | None = None
) -> tuple[torch.Tensor, Padding]:
    """Remove the padded positions of x (B, S, ...): returns packed (T, ...) and its Padding.

    mask (B, S): nonzero marks real tokens, in any pattern (right or left padding, holes). With
    ``multiple_of=N`` the packed length is rounded up to a multiple of N with fill rows.
    """
    _check_axis(x, axis)
    if mask.dim() != 2 or tuple(mask.shape) != tuple(x.shape[:2]):
        raise ValueError(
            f"mask shape {tuple(mask.shape)} does not match the input {tuple(x.shape)} along (batch, axis 1); "
            f"expected {tuple(x.shape[:2])}"
        )
    padding = Padding.from_mask(mask, multiple_of)
    return padding.strip(x), padding


def restore_padding(packed: torch.Tensor, padding: Padding, pad_value: float = 0) -> torch.Tensor:
    """Inverse of strip_padding: (packed_len, ...) back to (B, S, ...), pad positions = pad_value."""
    return padding.restore(packed, pad_value)


# --- variable-length attention ------------------------------------------------------------------


def varlen_attention_reference(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    cu_seqlens: torch.Tensor,
    max_seqlen: int,
    scale: float | None = None,
    dropout_p: float = 0.0,
) -> torch.Tensor:
    """Attention within each segment of cu_seqlens, as padded SDPA; the CPU path and the test oracle.

    query/key/value (T, heads, D) -> (T, heads, D). Only device-tensor ops and static sizes
    (segments, max_seqlen), so it traces without a graph break.
    """
    tokens, heads, dim = query.shape
    segments = cu_seqlens.shape[0] - 1
    seg_len = cu_seqlens.diff().long()  # (segments,)
    position = torch.arange(tokens, device=query.device, dtype=cu_seqlens.dtype)
    seg = torch.searchsorted(cu_seqlens[1:], position, right=True)  # (T,) segment of each token
    pos = (position - cu_seqlens[seg]).long()  # (T,) position inside its segment

    def padded(x):  # (T, heads, D) -> (segments, heads, L, D)
        out = x.new_zeros(segments, max_seqlen, heads, dim)
        return out.index_put((seg, pos), x).transpose(1, 2)

    valid = torch.arange(max_seqlen, device=query.device) < seg_len[:, None]  # (segments, L)
    # Real queries see the real keys of their segment; pad queries see everything (no all -inf row, no NaN).
    mask = valid[:, None, None, :] | ~valid[:, None, :, None]  # (segments, 1, L, L)
    out = F.scaled_dot_product_attention(
        padded(query), padded(key), padded(value), attn_mask=mask, dropout_p=dropout_p, scale=scale
    )  # (segments, heads, L, D)
    return out.transpose(1, 2)[seg, pos]  # (T, heads, D)


def _find_torch_varlen_attn():
    """torch.nn.attention.varlen.varlen_attn and whether it takes scale=, or None where torch lacks it."""
    try:
        from torch.nn.attention.varlen import varlen_attn
    except ImportError:
        return None
    return varlen_attn, "scale" in inspect.signature(varlen_attn).parameters


# Looked up once at import: under torch.compile a constant, not a cached call for dynamo to trace (it warns
# on functools.cache and cannot trace inspect.signature on every torch).
TORCH_VARLEN_ATTN = _find_torch_varlen_attn()


def flash_varlen_supported(query: torch.Tensor) -> bool:
    """Whether the fused varlen kernel (FlashAttention-2 inside torch) can run on these inputs."""
    return (
        query.is_cuda
        and query.dtype in (torch.float16, torch.bfloat16)
        and query.shape[-1] % 8 == 0
        and query.shape[-1] <= 256
        and TORCH_VARLEN_ATTN is not None
    )


def varlen_attention(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    cu_seqlens: torch.Tensor,
    max_seqlen: int,
    scale: float | None = None,
    dropout_p: float = 0.0,
) -> torch.Tensor:
    """Attention within each segment of cu_seqlens: query/key/value (T, heads, D) -> (T, heads, D).

    CUDA fp16/bf16: torch's FlashAttention-2 varlen kernel, O(sum of L_i^2) work (through varlen_attn where
    autograd or torch.compile needs its op, else the aten kernel directly). Elsewhere (CPU, fp32):
    ``varlen_attention_reference``.
    """
    if query.shape[0] == 0:
        return query.new_zeros(query.shape)
    if not flash_varlen_supported(query):
        return varlen_attention_reference(query, key, value, cu_seqlens, max_seqlen, scale, dropout_p)
    dim = query.shape[-1]
    if dropout_p > 0.0:
        # varlen_attn has no dropout; the aten flash op it wraps does, and has a derivative.
        return torch.ops.aten._flash_attention_forward(
            query, key, value, cu_seqlens, cu_seqlens, max_seqlen, max_seqlen, dropout_p, False, False, scale=scale
        )[0]
    if not torch.is_grad_enabled() and not torch.compiler.is_compiling():
        # Inference: the aten kernel varlen_attn wraps, called directly. varlen_attn is a Python custom op (its
        # dispatch is host time) that also launches a zeros kernel per call for its unused RNG state: 12 launches
        # and ~0.2 ms of host time per bert-base forward, in the host-bound batches of encode().
        return torch.ops.aten._flash_attention_forward(
            query, key, value, cu_seqlens, cu_seqlens, max_seqlen, max_seqlen, 0.0, False, False, scale=scale
        )[0]
    varlen_attn, takes_scale = TORCH_VARLEN_ATTN
    if takes_scale:
        return varlen_attn(query, key, value, cu_seqlens, cu_seqlens, max_seqlen, max_seqlen, scale=scale)
    if scale is not None and not math.isclose(scale, dim**-0.5):
        query = query * (scale * math.sqrt(dim))  # older varlen_attn: fold the scale into q
    return varlen_attn(query, key, value, cu_seqlens, cu_seqlens, max_seqlen, max_seqlen)
