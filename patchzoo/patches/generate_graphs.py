"""generate()'s decoding step replayed from a CUDA graph when the KV cache is static.

Why: at batch 1 a decoding step is a few hundred small kernels, and the host launches them more slowly than the
GPU runs them. Stock transformers (5.x) answers a static cache on a GPU with torch.compile(mode="reduce-overhead");
for a GPTQ Llama that compiled call ran at 0.93x an fp16 model's speed on an H200 while the same step captured in a
CUDA graph ran at 1.58x. Here the step is captured as it runs eagerly (same kernels, same results) and replayed.

How generate() (transformers 5.17-5.24, `_sample` / `_beam_search`) reaches it:

    generate()
      -> self.get_compiled_call(compile_config)        once per call, only on a GPU with a static cache
         (user's compile_config, or decode_cuda_graph off: stock's torch.compile'd call, untouched)
      -> GraphedDecodeStep(model, stock_call)          the callable generate() uses for every decoding step
      step(**model_inputs)   input_ids (B, 1), cache (StaticCache), attention_mask (B, 1, 1, max_cache_len), ...
        not graphable (CPU, B x T with T > 1, output_attentions/hidden_states, autograd, autocast, training,
        torch.compile tracing, a cache that is not all StaticLayer, unhashable kwargs): stock_call(**model_inputs)
        key: the tensor kwargs' (name, shape, dtype, stride), the other kwargs' values, the cache's tensors
        new key: the step runs once eagerly on a side stream (lazy inits, Triton compiles, GPTQ launch plans), the
                 cache's write counters are put back, then the step is captured over buffers of its own inputs
        every step: inputs copied into the buffers, replay, logits cloned out of the graph's buffer

What makes a replay equal to the eager step: the static cache keeps its write position on the device
(StaticLayer.cumulative_length, advanced in place by update()) so position ids, the K/V write slot and RoPE
come from device state the graph reads; the 4-D mask generate() builds has the cache's fixed length. The warm-up
run writes the same K/V slot the replay rewrites with the same values. A graph holds the addresses of the
weights and of the cache's buffers: graphs are dropped when a weight moved (checked once per generate() call),
and a cache whose buffers move between steps (beam search's reorder reallocates them) turns the graph off for
the rest of that call.

Switch: the class attribute `decode_cuda_graph` (True; set it on the class or on one model). Memory: each graph
keeps a private pool of about one step's activations; at most MAX_GRAPHS are kept per model (one per batch size
and cache), `drop_decode_graphs(model)` frees them.
"""

from __future__ import annotations

import functools
import logging
import operator
import sys

import torch
from transformers.cache_utils import StaticLayer

from patchzoo.patches.static_cache import CUDAGraphStep

logger = logging.getLogger(__name__)

MAX_GRAPHS = 4  # per model: one per (batch size, cache); the oldest is dropped past this
CACHE_ARGS = ("cache", "past_key_values")  # the KV cache's argument name from / before transformers 5.24
_NOT_CAPTURED = object()  # a key whose capture failed: stock's call from then on


@functools.cache
def _log_graph_once() -> None:
    logger.info("patchzoo: generate()'s decoding step runs from a CUDA graph (static KV cache; "
                "set model.decode_cuda_graph = False for transformers' torch.compile'd step)")


@functools.cache
def _log_fallback_once(reason: str) -> None:
    logger.info("patchzoo: generate()'s decoding step runs as stock's (no CUDA graph): %s", reason)


class DecodeGraphs(dict):
    """A model's captured steps by key. Copies and pickles of a model start with none (graphs hold addresses)."""

    def __init__(self, weights: tuple = ()):
        super().__init__()
        self.weights = weights  # the weights' addresses the graphs were captured over

    def __deepcopy__(self, memo):
        return DecodeGraphs()

    def __reduce__(self):
        return DecodeGraphs, ()


def weight_addresses(model: torch.nn.Module) -> tuple:
    """Address of every tensor a module holds (parameters, buffers, derived tensors such as GPTQLinear's
    scale_zero): a graph replays over these, so any change means its graphs must go."""
    addresses = []
    for module in model.modules():
        tensors = [*module._parameters.values(), *module._buffers.values(), *module.__dict__.values()]
        addresses.extend(t.data_ptr() for t in tensors if isinstance(t, torch.Tensor))
    return tuple(addresses)


def drop_decode_graphs(model: torch.nn.Module) -> None:
    """Free the captured decoding steps of `model` (the next generate() captures again)."""
    model.__dict__.pop("_decode_graphs", None)


def cache_tensors(cache) -> list[torch.Tensor] | None:
    """The tensors a captured step writes into: every layer's keys, values and device write counter; None where the
    cache is not made of initialized StaticLayers with their counter on the device (sliding-window layers count on
    the host, which a replay would not advance)."""
    layers = getattr(cache, "layers", None)
    if not layers:
        return None
    tensors = []
    for layer in layers:
        if type(layer) is not StaticLayer or not getattr(layer, "is_initialized", False):
            return None
        counter = getattr(layer, "cumulative_length", None)
        if not isinstance(counter, torch.Tensor) or counter.device != layer.keys.device:
            return None
        tensors += [layer.keys, layer.values, counter]
    return tensors


def graph_device(device: torch.device) -> bool:
    """Whether a step on this device can be captured (tests put a stand-in graph behind it on the CPU)."""
    return device.type == "cuda"


def _same_tensors(a: list, b: list) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))


class GraphedDecodeStep:
    """What get_compiled_call returns for one generate() call: model(**inputs), replayed from a CUDA graph where
    it can be, else `stock_call` (see the module docstring)."""

    def __init__(self, model: torch.nn.Module, stock_call):
        self.model = model
        self.stock_call = stock_call
        self.off_reason: str | None = None  # set for the rest of this generate() call
        self.cache = None  # the cache object of the last graphed step, and its tensors then
        self.cache_state: list[torch.Tensor] | None = None

    def __call__(self, **inputs):
        reason = self.off_reason or self._why_not(inputs)
        if reason is not None:
            if not torch.compiler.is_compiling():
                _log_fallback_once(reason)
            return self.stock_call(**inputs)
        cache = next(inputs[name] for name in CACHE_ARGS if inputs.get(name) is not None)
        if cache is not self.cache:
            self.cache, self.cache_state = cache, cache_tensors(cache)
            if self.cache_state is None:
                self.off_reason = "the cache is not made of initialized StaticLayers on the GPU"
                return self(**inputs)
        elif not _same_tensors(self.cache_state, cache_tensors(cache) or []):
            self.off_reason = "the cache's buffers moved between steps (beam search reorders them)"
            return self(**inputs)
        key = self._key(inputs, cache)
        if key is None:
            self.off_reason = "an input generate() passes is neither a tensor nor a hashable value"
            return self(**inputs)
        graphs = self._graphs()
        entry = graphs.get(key)
        if entry is None:
            entry = graphs[key] = self._capture(inputs, cache)
            while len(graphs) > MAX_GRAPHS:
                graphs.pop(next(iter(graphs)))
        if entry is _NOT_CAPTURED:
            return self.stock_call(**inputs)
        buffers, step = entry
        for name, buffer in buffers.items():
            buffer.copy_(inputs[name])
        outputs = step()
        _log_graph_once()
        # the graph's logits buffer is overwritten by the next replay: hand out a copy, as an eager call would
        return type(outputs)(**{**outputs, "logits": outputs.logits.clone()})

    def _why_not(self, inputs: dict) -> str | None:
        ids = inputs.get("input_ids")
        if ids is None or inputs.get("inputs_embeds") is not None:
            return "the step has no input_ids (inputs_embeds)"
        if ids.dim() != 2 or ids.shape[1] != 1:
            return f"input_ids of shape {tuple(ids.shape)}, not (batch, 1)"
        config = self.model.config
        if (inputs.get("output_attentions") or inputs.get("output_hidden_states")
                or getattr(config, "output_attentions", False) or getattr(config, "output_hidden_states", False)):
            return "attentions or hidden states are asked for"
        if torch.compiler.is_compiling():
            return "torch.compile is tracing"
        if torch.is_grad_enabled() or self.model.training:
            return "autograd is on or the model is in train mode"
        if torch.is_autocast_enabled("cuda"):
            return "autocast is on"
        if all(inputs.get(name) is None for name in CACHE_ARGS):
            return "no KV cache"
        if not graph_device(ids.device):
            return "the inputs are not on a CUDA device"
        return None

    @staticmethod
    def _key(inputs: dict, cache) -> tuple | None:
        parts = []
        for name, value in inputs.items():
            if value is cache:
                parts.append((name, id(cache)))
            elif isinstance(value, torch.Tensor):
                parts.append((name, value.shape, value.dtype, value.stride(), value.device))
            else:
                try:
                    hash(value)
                except TypeError:
                    return None
                parts.append((name, value))
        return tuple(parts)

    def _graphs(self) -> DecodeGraphs:
        graphs = self.model.__dict__.get("_decode_graphs")
        if graphs is None:
            graphs = self.model.__dict__["_decode_graphs"] = DecodeGraphs(weight_addresses(self.model))
        return graphs

    def _capture(self, inputs: dict, cache):
        """(input buffers, CUDAGraphStep) of one step, or _NOT_CAPTURED (logged) where capture fails."""
        buffers = {name: value.clone() for name, value in inputs.items() if isinstance(value, torch.Tensor)}
        static_inputs = {**inputs, **buffers}
        counters = self.cache_state[2::3]  # each layer's write position: the warm-up advances it, put it back
        saved = [counter.clone() for counter in counters]
        model = self.model  # the closure holds the model and the inputs only (not this call's step object)
        step = CUDAGraphStep(lambda: model(**static_inputs), warmup=1)
        try:
            step.capture()  # warm-up (runs once, eagerly), then capture (records, runs nothing)
        except RuntimeError as error:
            _log_fallback_once(f"capturing the step failed: {str(error)[:200]}")
            return _NOT_CAPTURED
        finally:
            for counter, value in zip(counters, saved):
                counter.copy_(value)
        return buffers, step


class DecodeGraphMixin:
    """Mixed into a zoo *ForCausalLM: generate() with a static cache on a GPU replays its decoding step from a CUDA
    graph (module docstring). `decode_cuda_graph = False` (class or instance) gives stock's torch.compile'd step."""

    decode_cuda_graph: bool = True

    def get_compiled_call(self, compile_config):
        stock_call = super().get_compiled_call(compile_config)  # lazy: torch.compile compiles at its first call
        if compile_config is not None or not self.decode_cuda_graph or not graph_device(self.device):
            return stock_call  # the user asked for torch.compile, or the graph is switched off
        graphs = self.__dict__.get("_decode_graphs")
        if graphs is not None and graphs.weights != weight_addresses(self):
            drop_decode_graphs(self)  # weights moved, were cast or replaced since the capture
        return GraphedDecodeStep(self, stock_call)

    def _prepare_static_cache(self, cache_implementation, batch_size, max_cache_len, prefill_chunk_size, model_kwargs):
        """Stock makes a new StaticCache per generate() call, and a graph is bound to its buffers. The last call's cache
        is handed out again (reset: zeros, write position 0, as a new one) when nothing but this model and its graphs
        holds it (not returned to the user) and it has the asked shape; otherwise stock's new cache."""
        cache = super()._prepare_static_cache(cache_implementation, batch_size, max_cache_len, prefill_chunk_size,
                                              model_kwargs)
        if not self.decode_cuda_graph or not graph_device(self.device):
            return cache
        kept = self.__dict__.get("_decode_cache")
        graphs = self.__dict__.get("_decode_graphs") or {}
        holders = sum(1 for key in graphs for part in key if part[0] in CACHE_ARGS and part[1] == id(kept))
        # references: the model's attribute, `kept`, getrefcount's argument, one per graph's captured inputs
        if (kept is not None and sys.getrefcount(kept) == 3 + holders and type(kept) is type(cache)
                and _same_layout(kept, cache, batch_size)):
            kept.reset()
            return kept
        self.__dict__["_decode_cache"] = cache
        return cache


def _same_layout(kept, new, batch_size: int) -> bool:
    """Whether `kept` (initialized) is what `new` (not yet) will become: layer types, lengths and batch size."""
    return (len(kept.layers) == len(new.layers) and cache_tensors(kept) is not None
            and all(type(a) is type(b) and a.max_cache_len == b.max_cache_len and a.keys.shape[0] == batch_size
                    for a, b in zip(kept.layers, new.layers)))
