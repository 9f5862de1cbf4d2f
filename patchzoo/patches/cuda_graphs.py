"""CUDA graphs of the packed BERT encoder: the layer loop replayed, one graph set per bucket of tokens.

Why: at bert-base width a step on 8-16k packed tokens is a few hundred kernels of a few µs each (three
times as many with the backward), and the host launches them more slowly than the GPU runs them
(on an H200, eager bert-base at 75 % padding reached 53-82 % of the ideal speed-up, benchmarks/RESULTS.md). A graph launches the
whole layer loop at once.

    BertModel: Padding bucketed to a multiple of N (use_static_shapes), LayerGraphs handed to the encoder
    BertEncoder: hidden (1, P, H) packed (or (B, S, H) for a full batch), cu_seqlens (B + 2,)
      -> LayerGraphs.run(layers, hidden, padding)
           key: training, autograd, input requires grad, dtype, hidden shape, (B, S), max_seqlen
           new key: capture  no autograd: one forward graph
                             autograd: a forward and a backward graph in one memory pool (what
                             torch.cuda.make_graphed_callables does); dropout draws fresh masks per replay
           replay: the inputs are copied into the graph's own buffers
      -> the graph's output buffer; the encoder restores it into a fresh (B, S, H) tensor (a full batch is
         cloned), so nothing handed to the user is overwritten by a later replay

Anything a graph cannot replay faithfully returns None and the caller runs the layers eagerly: CPU
tensors, dtypes where the varlen flash kernel does not run, autocast, torch.compile tracing, a Padding
that is not bucketed to this multiple, a mask on another device than the hidden states, a new bucket
once ``max_graphs`` are held, and a second autograd forward of a bucket while the graph of the first is
still alive and not yet backwarded (a replay would overwrite its saved activations), and a key whose capture
failed (said once in the log; the key is not tried again until the graphs are dropped). Parameters that
moved (device, dtype, ``.data`` swapped, requires_grad changed) drop every graph; the next call captures
again. A backward through a replay whose activations a later replay replaced (retain_graph=True) raises.
A graph replays the modules it was captured from: after replacing modules of the encoder, drop the
graphs (``use_cuda_graphs(model, None)`` and on again), since new parameters may reuse freed addresses.

Memory: every graph set keeps a private pool for its activations (inference: about one layer's working
set; autograd: every activation saved for the backward, as much as an eager step holds at its peak) until
it is dropped. At most ``max_graphs`` sets are held; ``use_cuda_graphs(model, None)`` drops them.
"""

from __future__ import annotations

import functools
import logging
import weakref
from dataclasses import replace

import torch

from patchzoo.patches.graph_capture import capture
from patchzoo.patches.padding import Padding, flash_varlen_supported
from patchzoo.patches.static_cache import CUDAGraphStep

logger = logging.getLogger(__name__)


@functools.cache
def _log_capture_failed_once(reason: str) -> None:
    logger.warning("patchzoo BERT: running the encoder's layers eagerly for this shape because capturing its CUDA "
                   "graph failed (%s)", reason)


class PackedLayers(torch.nn.Module):
    """An encoder's layer loop as a function of tensors alone, which is what a graph can replay.

    (1, P, H) packed hidden states and cu_seqlens (B + 2,) -> (1, P, H); a full batch (no Padding)
    (B, S, H) -> (B, S, H) with unmasked attention, as the eager encoder runs it. Shares the layers.
    """

    def __init__(self, layers: torch.nn.ModuleList, padding: Padding | None):
        super().__init__()
        self.layers = layers
        # Only its static parts are read (shape, max_seqlen); cu_seqlens comes with each call.
        self.padding = None if padding is None else replace(padding, indices=None)

    def forward(self, hidden: torch.Tensor, cu_seqlens: torch.Tensor | None = None) -> torch.Tensor:
        padding = None if cu_seqlens is None else replace(self.padding, cu_seqlens=cu_seqlens)
        for layer in self.layers:
            hidden = layer(hidden, None, padding=padding)
        return hidden


class ForwardGraph:
    """No autograd (inference, or no_grad): one graph of the layer loop."""

    def __init__(self, layers: PackedLayers, args: tuple[torch.Tensor, ...]):
        self.args = args  # the graph's input buffers
        with torch.no_grad():
            self.step = CUDAGraphStep(lambda: layers(*args))
            self.step.capture()

    def __call__(self, *inputs: torch.Tensor) -> torch.Tensor:
        # Plain tensors in, whatever mode the caller is in (inference_mode tensors may not be written outside it).
        with torch.inference_mode(False), torch.no_grad():
            for buffer, value in zip(self.args, inputs):
                buffer.copy_(value)
            return self.step()  # (1, P, H) or (B, S, H): the graph's buffer


class AutogradGraph:
    """A forward and a backward graph of the layer loop (torch.cuda.make_graphed_callables' recipe).

    Written out rather than taken from make_graphed_callables because that one hands parameter
    gradients to autograd as detached views of its static buffers: AccumulateGrad then adopts the buffer
    as `.grad`, and the next replay overwrites it (accumulated gradients silently doubled). Here each
    backward copies the parameter gradients out of the graph's buffers into one fresh flat tensor per
    dtype (one multi-tensor copy) and hands autograd views of it, which AccumulateGrad adopts as `.grad` without a
    copy (or adds in place where a `.grad` exists). Held buffers instead made autograd clone each of
    the ~200 gradients with its own launch, host time the GPU waited for at the end of every step.
    """

    def __init__(self, layers: PackedLayers, args: tuple[torch.Tensor, ...], params: tuple[torch.Tensor, ...]):
        self.args = args
        self.wants_grad = tuple(t.requires_grad for t in args) + (True,) * len(params)
        inputs = tuple(t for t in args if t.requires_grad) + params  # what gradients are taken for
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):  # warm-up: lazy inits and workspaces outside the capture
            for _ in range(2):
                out = layers(*args)
                torch.autograd.grad(out, inputs, torch.zeros_like(out), allow_unused=True)
        torch.cuda.current_stream().wait_stream(stream)
        self.forward_graph, self.backward_graph = torch.cuda.CUDAGraph(), torch.cuda.CUDAGraph()
        with capture(self.forward_graph):
            self.output = layers(*args)
        self.grad_output = torch.empty_like(self.output)
        with capture(self.backward_graph, pool=self.forward_graph.pool()):
            grads = torch.autograd.grad(self.output, inputs, self.grad_output, allow_unused=True)
        self.input_grads = grads[: len(inputs) - len(params)]  # consumed within the same backward pass
        self.param_grads = FlatGradients(grads[len(inputs) - len(params):])
        self.output = self.output.detach()
        self.generation = 0  # replays so far: a backward checks that its activations are still there
        self.awaiting = None  # weakref to the grad_fn of the last replay until its backward has run

    def busy(self) -> bool:
        """A replay would overwrite the activations of a forward whose backward may still come."""
        return self.awaiting is not None and self.awaiting() is not None

    def __call__(self, *inputs: torch.Tensor, params: tuple[torch.Tensor, ...]) -> torch.Tensor:
        # Replay first, then let autograd record the call: the GPU starts on the layers while the host
        # builds the ~200 edges of the node (after the Padding's host wait the GPU has little else queued).
        with torch.no_grad():
            for buffer, value in zip(self.args, inputs):  # parameters are read where they live
                if buffer.data_ptr() != value.data_ptr():
                    buffer.copy_(value)
        self.forward_graph.replay()
        self.generation += 1
        output = _Replay.apply(self, self.generation, *inputs, *params)
        self.awaiting = weakref.ref(output.grad_fn)
        return output


class _Replay(torch.autograd.Function):
    """The autograd node of a forward replay that has already run: its backward replays the backward graph."""

    @staticmethod
    def forward(ctx, graph: AutogradGraph, generation: int, *inputs: torch.Tensor) -> torch.Tensor:
        ctx.graph, ctx.generation = graph, generation
        return graph.output.detach()  # a new tensor per call (its own grad_fn) over the graph's buffer

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor):
        graph = ctx.graph
        if graph.generation != ctx.generation:
            raise RuntimeError(
                "backward through a CUDA-graphed BERT forward whose activations a later forward of the same "
                "bucket has replaced (backward with retain_graph=True, then another forward?); run such "
                "loops without graphs: use_cuda_graphs(model, None)"
            )
        if grad_output.data_ptr() != graph.grad_output.data_ptr():
            graph.grad_output.copy_(grad_output)
        graph.backward_graph.replay()
        graph.awaiting = None
        grads = iter(graph.input_grads + graph.param_grads.fresh_copy())
        return (None, None, *(next(grads) if wanted else None for wanted in graph.wants_grad))


class FlatGradients:
    """The parameter gradients a backward graph writes, handed out as fresh tensors at one copy per dtype.

    ``fresh_copy()`` copies the graph's buffers into one new flat tensor per dtype (one multi-tensor
    copy: torch.cat of the ~200 buffers ran at a third of the copy bandwidth, 269 µs for bert-base on an
    H200) and returns views of it shaped like the parameters (None stays None): nothing the caller keeps
    aliases a buffer that the next replay rewrites, and AccumulateGrad can adopt each view (it is the
    only reference).
    """

    def __init__(self, buffers: tuple[torch.Tensor | None, ...]):
        self.shapes = [None if g is None else g.shape for g in buffers]
        by_dtype: dict[torch.dtype, list[int]] = {}
        for i, g in enumerate(buffers):
            if g is not None:
                by_dtype.setdefault(g.dtype, []).append(i)
        self.groups = [(positions, [buffers[i] for i in positions]) for positions in by_dtype.values()]

    def fresh_copy(self) -> tuple[torch.Tensor | None, ...]:
        out: list[torch.Tensor | None] = [None] * len(self.shapes)
        for positions, sources in self.groups:
            for i, view in zip(positions, _copied_into_one_tensor(sources)):
                out[i] = view  # out holds the only reference, so AccumulateGrad adopts it
        return tuple(out)


def _copied_into_one_tensor(sources: list[torch.Tensor]) -> list[torch.Tensor]:
    """Copies of same-dtype tensors as views of one new flat tensor, in one multi-tensor copy."""
    flat = torch.empty(sum(t.numel() for t in sources), dtype=sources[0].dtype, device=sources[0].device)
    views = [part.view(t.shape) for part, t in zip(flat.split([t.numel() for t in sources]), sources)]
    torch._foreach_copy_(views, sources)  # one launch per chunk of tensors, not one per gradient
    return views


class LayerGraphs:
    """Graphs of one encoder's layer loop, captured lazily per key, at most ``max_graphs`` of them."""

    def __init__(self, multiple_of: int, max_graphs: int = 8):
        if not isinstance(multiple_of, int) or multiple_of < 1:
            raise ValueError(f"multiple_of must be a positive int; got {multiple_of!r}")
        if not isinstance(max_graphs, int) or max_graphs < 1:
            raise ValueError(f"max_graphs must be a positive int; got {max_graphs!r}")
        self.multiple_of = multiple_of
        self.max_graphs = max_graphs
        self.graphs: dict[tuple, ForwardGraph | AutogradGraph | None] = {}  # None: its capture failed
        self._signature: tuple | None = None  # what the graphs read: parameter addresses, requires_grad
        # The encoder's parameters and modules, listed once: walking the module tree on every call cost
        # ~0.3 ms of host time per step at bert-base size, a few per cent of a graphed step.
        self._listed: tuple[torch.nn.ModuleList, tuple, tuple] | None = None

    def __reduce__(self):  # a copied or pickled model starts with no graphs (they hold device addresses)
        return type(self), (self.multiple_of, self.max_graphs)

    def __len__(self) -> int:
        return len(self.graphs)

    def clear(self) -> None:
        """Drop every graph; their pools go back to the caching allocator (torch.cuda.empty_cache frees them)."""
        self.graphs.clear()
        self._listed = None

    def _params_and_modules(self, layers: torch.nn.ModuleList) -> tuple[tuple, tuple]:
        """(parameters, modules) of `layers`, listed on the first call for this ModuleList (see the module
        docstring: replacing modules inside the encoder needs the graphs dropped anyway)."""
        if self._listed is None or self._listed[0] is not layers:
            self._listed = (layers, tuple(layers.parameters()), tuple(layers.modules()))
        return self._listed[1], self._listed[2]

    def bucketed(self, padding: Padding) -> bool:
        """Whether the Padding was built with this multiple (so few keys arise), as use_static_shapes builds it."""
        batch, seq = padding.shape
        return padding.dense or (
            padding.packed_len % self.multiple_of == 0 and padding.max_seqlen == max(seq, self.multiple_of)
        )

    def prepare(self, layers: torch.nn.ModuleList) -> tuple[tuple, tuple]:
        """(parameters that require grad, module training flags) of this call; drops the graphs if a
        parameter moved.

        Needs no sizes, so the encoder calls it before its host wait, while the GPU still has work
        (at bert-base size it is ~60 µs of Python, which after the wait the GPU would sit out).
        """
        params, modules = self._params_and_modules(layers)
        # a cast or a move gives every parameter new storage, so addresses cover dtype and device too
        signature = tuple((p.data_ptr(), p.requires_grad) for p in params)
        if signature != self._signature:
            self.clear()  # the graphs would read freed or other memory, or take other gradients
            self._signature = signature
            params, modules = self._params_and_modules(layers)
        trainable = tuple(p for p in params if p.requires_grad)
        return trainable, tuple(m.training for m in modules)  # dropout on or off is captured into a graph

    def key(
        self, layers: torch.nn.ModuleList, hidden: torch.Tensor, padding: Padding, head_dim: int,
        prepared: tuple[tuple, tuple] | None = None,
    ) -> tuple | None:
        """The graph key of this call, or None where it must run eagerly; drops stale graphs.

        prepared: what ``prepare(layers)`` returned for this call, if the caller ran it already.
        """
        if torch.compiler.is_compiling() or not hidden.is_cuda:
            return None
        trainable, modes = prepared or self.prepare(layers)
        if hidden.numel() == 0 or torch.is_autocast_enabled("cuda"):
            return None
        if not flash_varlen_supported(hidden.new_empty(0, 1, head_dim)):
            return None  # float32 (or odd head sizes): the reference attention, not worth a graph
        if not self.bucketed(padding) or (not padding.dense and padding.cu_seqlens.device != hidden.device):
            return None
        autograd = torch.is_grad_enabled() and (hidden.requires_grad or bool(trainable))
        return (
            autograd, autograd and hidden.requires_grad, hidden.dtype, tuple(hidden.shape),
            padding.shape, padding.max_seqlen, padding.dense, modes,
        )

    def run(
        self, layers: torch.nn.ModuleList, hidden: torch.Tensor, padding: Padding, head_dim: int,
        prepared: tuple[tuple, tuple] | None = None,
    ) -> torch.Tensor | None:
        """The layer loop on hidden from a graph: (1, P, H) -> (1, P, H) (dense (B, S, H) -> (B, S, H)).

        Returns the graph's own output buffer (copy it before the next call), or None: run eagerly.
        prepared: ``prepare(layers)`` of this call, run early by the caller (else run here).
        """
        prepared = prepared or self.prepare(layers)
        key = self.key(layers, hidden, padding, head_dim, prepared)
        if key is None:
            return None
        autograd = key[0]
        if key not in self.graphs:
            if len(self.graphs) >= self.max_graphs:
                return None  # bounded memory: buckets beyond the first max_graphs run eagerly
            self.graphs[key] = self._capture_or_none(layers, hidden, padding, autograd)
        graph = self.graphs[key]
        if graph is None:
            return None  # its capture failed: this key runs eagerly from now on
        if autograd and graph.busy():
            return None  # the last replay's activations still await their backward
        inputs = (hidden,) if padding.dense else (hidden, padding.cu_seqlens)
        with torch.cuda.device(hidden.device):
            if not autograd:
                return graph(*inputs)
            return graph(*inputs, params=prepared[0])

    def _capture_or_none(self, layers, hidden, padding, autograd) -> ForwardGraph | AutogradGraph | None:
        """The key's graph, or None where capturing it failed: said once in the log, the failed capture undone
        (patchzoo/patches/graph_capture.py), and the caller runs the layers eagerly."""
        try:
            return self._capture(layers, hidden, padding, autograd)
        except Exception as error:  # noqa: BLE001 - whatever stops a capture, the eager layers compute the same
            _log_capture_failed_once(f"{type(error).__name__}: {error}")
            return None

    def _capture(self, layers, hidden, padding, autograd) -> ForwardGraph | AutogradGraph:
        packed = PackedLayers(layers, None if padding.dense else padding)
        with torch.cuda.device(hidden.device), torch.inference_mode(False):
            # The first batch of the bucket as sample inputs: capture runs the layers on real values.
            sample = hidden.detach().clone().requires_grad_(autograd and hidden.requires_grad)
            args = (sample,) if padding.dense else (sample, padding.cu_seqlens.clone())
            if not autograd:
                return ForwardGraph(packed, args)
            return AutogradGraph(packed, args, tuple(p for p in layers.parameters() if p.requires_grad))
