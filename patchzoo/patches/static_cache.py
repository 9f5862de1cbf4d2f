"""A fixed-shape KV cache for encoder-decoder generation, and the CUDA graph that replays one decoding step.

Why: stock generation grows its cache with torch.cat every step, so every step has new shapes and
launches a few hundred small kernels from Python (host-bound at batch 1). Here every tensor a decoding
step touches has a shape fixed for the whole generate() call, and the write position lives on the
device, so one captured CUDA graph serves every step.

    self_kv   (layers, 2, batch, heads, capacity, head_dim)  written at slot `position` by index_copy_
    cross_kv  (layers, 2, batch, heads, source, head_dim)    computed once from the padded encoder output
    cross_bias (batch, 1, 1, source) in the K/V dtype         SDPA's additive mask: 0 at real encoder tokens,
                                                             -inf at their padding and the bucket's
    position  (1,) int64 on the device                       tokens already cached (the next write slot)

Attention always runs over all `capacity` slots with a mask (slot j is visible to query i iff j <= position + i),
so stale or zero slots beyond the position never contribute: softmax gives them exactly 0. Beam search
reorders the written part in place (index_select then copy_), keeping every buffer's address, which
the captured graph depends on. Beams of one input share the same encoder output, so cross_kv needs no reorder.

The cache is a transformers `Cache` so generate() can carry it between steps and call `reorder_cache`; it
is not "compileable" in transformers' sense, so generate() neither builds 4D masks nor compiles the
forward for it: the model's forward (patchzoo.models.seamless) reads these buffers directly.
"""

from __future__ import annotations

from typing import Callable

import torch
from transformers.cache_utils import Cache

from patchzoo.patches.graph_capture import capture

SLOT_MULTIPLE = 64  # capacity is rounded up to this, so nearby max_new_tokens share one graph
MIN_SOURCE_BUCKET = 64  # encoder lengths are padded to a power of two at least this large


def round_up(n: int, multiple: int) -> int:
    return -(-n // multiple) * multiple


def source_bucket(length: int) -> int:
    """The static encoder length for `length` real positions: the next power of two, at least MIN_SOURCE_BUCKET."""
    return max(MIN_SOURCE_BUCKET, 1 << max(length - 1, 0).bit_length())


def additive_mask(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """A boolean attention mask (True: attend) as the additive one SDPA derives from it on every call: 0 where
    True, -inf where False, in the attention's dtype. Made once and passed instead, it saves SDPA that work
    per layer and step (kernels inside the CUDA graph); the attention is the same."""
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill_(mask.logical_not(), float("-inf"))


class StaticSeq2SeqCache(Cache):
    """Self- and cross-attention K/V of a decoder in fixed-shape buffers; see the module docstring.

    Created empty with a capacity (the most tokens generate() may write); buffers are allocated by
    `bind()` at the first decoding step, when batch size, encoder length, dtype and device are known,
    and kept across generate() calls whose shapes fit (then only the host-side length is reset).
    """

    def __init__(self, capacity: int):
        super().__init__(layers=[])
        self.capacity = round_up(capacity, SLOT_MULTIPLE)
        self.length = 0  # host mirror of `position`: generate() asks for it every step, no device sync
        self.self_kv: torch.Tensor | None = None
        self.cross_kv: torch.Tensor | None = None
        self.cross_bias: torch.Tensor | None = None
        self.position: torch.Tensor | None = None
        self.step_ids: torch.Tensor | None = None  # (batch, 1) input buffer of the captured step
        self.step_graph: CUDAGraphStep | None = None  # owned here: it is only valid for these buffers
        self.weights_tag = None  # what step_graph was captured over (set by the model at each call's first step)

    # -- what transformers' generate() asks of a cache ------------------------------------------------
    @property
    def is_compileable(self) -> bool:
        return False  # generate() must not build 4D masks or auto-compile; the model handles both

    @property
    def is_croppable(self) -> bool:
        return False

    def __len__(self) -> int:
        return 0 if self.self_kv is None else self.self_kv.shape[0]

    def get_seq_length(self, layer_idx: int = 0) -> int:
        return self.length

    def get_max_length(self, layer_idx: int | None = None) -> int:
        return self.capacity

    def reset(self) -> None:
        """Forget the written tokens (buffers and the captured graph stay for the next call)."""
        self.length = 0

    def reorder_cache(self, beam_idx: torch.LongTensor) -> None:
        """Beam search: row b of the written slots becomes row beam_idx[b], in place."""
        if self.length == 0:
            return
        written = self.self_kv[:, :, :, :, : self.length]  # (layers, 2, batch, heads, length, head_dim)
        written.copy_(written.index_select(2, beam_idx.to(written.device)))

    # -- buffers ------------------------------------------------------------------------------------
    def fits(self, layers: int, batch: int, heads: int, head_dim: int, source: int, dtype, device) -> bool:
        return self.self_kv is not None and self.self_kv.shape == (
            layers, 2, batch, heads, self.capacity, head_dim
        ) and self.cross_kv.shape[4] == source and self.self_kv.dtype == dtype and self.self_kv.device == device

    def bind(self, layers: int, batch: int, heads: int, head_dim: int, source: int, dtype, device) -> None:
        """Make the buffers fit these shapes, reusing them (and the captured graph) when they already do."""
        if not self.fits(layers, batch, heads, head_dim, source, dtype, device):
            # Zeros, not empty: unwritten slots are masked out, but 0 * NaN garbage would still be NaN.
            self.self_kv = torch.zeros(layers, 2, batch, heads, self.capacity, head_dim, dtype=dtype, device=device)
            self.cross_kv = torch.zeros(layers, 2, batch, heads, source, head_dim, dtype=dtype, device=device)
            self.cross_bias = torch.zeros(batch, 1, 1, source, dtype=dtype, device=device)
            self.position = torch.zeros(1, dtype=torch.long, device=device)
            self.step_ids = torch.zeros(batch, 1, dtype=torch.long, device=device)
            self.step_graph = None
        self.length = 0

    def set_cross(self, layer: int, key: torch.Tensor, value: torch.Tensor) -> None:
        """Store one layer's cross-attention K/V, (batch, heads, source_len, head_dim), padded to the bucket."""
        n = key.shape[2]
        self.cross_kv[layer, 0, :, :, :n].copy_(key)
        self.cross_kv[layer, 1, :, :, :n].copy_(value)
        self.cross_kv[layer, :, :, :, n:].zero_()

    def set_cross_mask(self, mask: torch.Tensor) -> None:
        """mask: (batch, source_len) with 1 for real encoder tokens."""
        real = torch.zeros(self.cross_bias.shape, dtype=torch.bool, device=self.cross_bias.device)
        real[:, 0, 0, : mask.shape[1]] = mask.bool()  # the bucket's padding beyond source_len stays False
        self.cross_bias.copy_(additive_mask(real, self.cross_bias.dtype))

    def advance(self, tokens: int) -> None:
        """Host side: `tokens` more slots were written (the device position is set before each step)."""
        self.length += tokens
        if self.length > self.capacity:
            raise RuntimeError(f"static cache overflow: {self.length} tokens > capacity {self.capacity}")

    # -- used inside the (graph-captured) step ---------------------------------------------------------
    def slots(self, query_len: int) -> torch.Tensor:
        """(query_len,) cache slots of this step's tokens: position, position + 1, ..."""
        return self.position + torch.arange(query_len, device=self.position.device)

    def write_self(self, layer: int, key: torch.Tensor, value: torch.Tensor, slots: torch.Tensor):
        """Write this step's K/V (batch, heads, q, head_dim) at `slots`; return the full (.., capacity, ..) K and V."""
        keys, values = self.self_kv[layer, 0], self.self_kv[layer, 1]
        keys.index_copy_(2, slots, key)
        values.index_copy_(2, slots, value)
        return keys, values

    def self_mask(self, slots: torch.Tensor) -> torch.Tensor:
        """(q, capacity) bool: causal over the written slots, False beyond."""
        return torch.arange(self.capacity, device=slots.device)[None, :] <= slots[:, None]


class CUDAGraphStep:
    """One captured CUDA graph of `fn`, a function of no arguments that reads and writes fixed buffers.

    `fn` must be idempotent for fixed buffer contents (a decoding step is: it rewrites the same slot),
    because the warm-up runs it eagerly before the capture. The first call captures, every call replays;
    the returned tensors are the graph's own output buffers, overwritten by the next replay.
    """

    def __init__(self, fn: Callable[[], object], warmup: int = 2, tag=None, pool=None):
        self.fn = fn
        self.warmup = warmup
        self.tag = tag  # what the caller needs to match for this graph to stay valid (e.g. a weight's address)
        self.pool = pool  # a torch.cuda.graph_pool_handle() shared with other graphs, or None (a private pool)
        self.graph: torch.cuda.CUDAGraph | None = None
        self.outputs = None

    @staticmethod
    def available(device: torch.device) -> bool:
        return device.type == "cuda"

    def capture(self) -> None:
        # Warm-up on a side stream (cuBLAS handles, lazy inits) as torch.cuda.graphs asks, then capture.
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            for _ in range(self.warmup):
                self.fn()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with capture(graph, pool=self.pool):  # a failed capture raises with the stream and generator restored
            self.outputs = self.fn()
        self.graph = graph

    def __call__(self):
        if self.graph is None:
            self.capture()  # recorded, not run: the replay below does the work
        self.graph.replay()
        return self.outputs
