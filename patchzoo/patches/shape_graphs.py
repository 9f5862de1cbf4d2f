"""CUDA graphs of an encoder run on bucketed (padded) inputs: one graph per input shape, the attention masks such
a graph builds from device tensors, and when a call must run stock's forward instead.

    inputs (padded to a bucket) -> ShapeGraphs.run(make_fn, inputs, tag)
        key: first input's shape and dtype, device, inference mode
        new key: buffers like the inputs, a CUDAGraphStep of make_fn(*buffers), captured at first call
        every call: inputs copied into the key's buffers, the graph replayed, its output buffers returned

A graph holds the addresses of the weights it was captured with: `tag` (weights_tag: every parameter's and
buffer's address, the TF32 switches) changing means they moved (.to(), load_state_dict(assign=True), a regrown
position table) or TF32 was switched, and the key's graph is captured again. The `keep` most recently used keys
stay captured.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from typing import Callable

import torch
from transformers.utils import logging

from patchzoo.patches.static_cache import CUDAGraphStep

logger = logging.get_logger(__name__)

# The attention implementations a graphed encoder builds masks for, and the form each takes.
MASK_KINDS = {"sdpa": "bool", "eager": "additive"}


def attention_mask_for(allowed: torch.Tensor, dtype: torch.dtype, implementation: str) -> torch.Tensor:
    """A boolean (B, 1, Q or 1, K) mask of the keys each query may see, in the form `implementation` takes:
    boolean for sdpa, additive (0 / dtype min) for eager, as transformers' create_bidirectional_mask makes them."""
    if MASK_KINDS[implementation] == "bool":
        return allowed
    return torch.zeros(allowed.shape, dtype=dtype, device=allowed.device).masked_fill(~allowed, torch.finfo(dtype).min)


def tf32_switches() -> tuple[bool, bool]:
    """The switches a captured graph's fp32 matmul and convolution kernels were chosen under."""
    return torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32


def weights_tag(*modules: torch.nn.Module) -> tuple:
    """What a graph of `modules` depends on: every parameter's and buffer's address (a cast, a move or a replaced
    tensor changes it, even where one tensor's new storage lands at another's old address) and the TF32 switches
    its kernels were chosen under. ~0.1 ms of host time for a 24-layer encoder, once per encoder call."""
    tensors = itertools.chain.from_iterable(itertools.chain(m.parameters(), m.buffers()) for m in modules)
    return (tf32_switches(), *(t.data_ptr() for t in tensors))


class ShapeGraphs(OrderedDict):
    """Captured graphs of one encoder by input key, least recently used first (see the module docstring)."""

    def __init__(self, keep: int):
        super().__init__()
        self.keep = keep

    def __reduce__(self):  # a copied or pickled model starts with no graphs (they hold device addresses)
        return type(self), (self.keep,)

    def run(self, make_fn: Callable[..., object], inputs: tuple[torch.Tensor, ...], tag,
            step_class: type = CUDAGraphStep):
        """make_fn(*buffers) on `inputs` through the graph of their key; returns the graph's output buffers.

        step_class: what captures and replays (CUDAGraphStep; tests pass a CPU stand-in)."""
        first = inputs[0]
        key = (tuple(first.shape), first.dtype, first.device, torch.is_inference_mode_enabled())
        step = self.pop(key, None)
        if step is None or step.tag != tag:
            buffers = tuple(torch.zeros_like(t) for t in inputs)
            step = step_class(lambda: make_fn(*buffers), tag=tag)
            step.buffers = buffers
        self[key] = step
        while len(self) > self.keep:
            self.popitem(last=False)
        for buffer, value in zip(step.buffers, inputs):
            buffer.copy_(value)
        return step()


class GraphedEncoder:
    """Mixin, before the stock class, of the zoo encoders that replay one CUDA graph per input bucket (run_graphed)."""

    zoo_cuda_graph = True  # on CUDA: the bucketed encoder from its graphs (False: stock's encoder)
    # Off CUDA bucketing only adds padded work, so stock runs unless this is set (the CPU tests set it).
    zoo_bucket_eager = False

    def clear_graphs(self) -> None:
        """Free the captured graphs (and their memory pools); the next call of a bucket captures it again."""
        self.__dict__.pop("_zoo_graphs", None)


def runs_stock_silently(encoder: torch.nn.Module, graphed: bool) -> bool:
    """Whether a call of a bucketed encoder has nothing to gain from the bucketed path (documented, not logged):
    training, gradients on, the caller's torch.compile / torch.export tracing it (they trace stock's encoder),
    or no graph to replay (no CUDA, or zoo_cuda_graph off) and no eager bucketing asked for (zoo_bucket_eager)."""
    return (encoder.training or torch.is_grad_enabled() or torch.compiler.is_compiling()
            or not (graphed or encoder.zoo_bucket_eager))


def recorded_outputs_reason(config, extra: dict, handled: set[str]) -> str | None:
    """Why an encoder call with keyword arguments `extra` must run stock's forward (None: a graph serves it): what
    stock's output hooks record (attention weights, hidden states picked by index), return_dict=False, attention
    implementations the graph builds no mask for, and arguments outside `handled`."""
    hidden_states = extra.get("output_hidden_states", config.output_hidden_states)
    if config._attn_implementation not in MASK_KINDS:
        return f"attn_implementation={config._attn_implementation!r} (the bucketed path builds sdpa/eager masks)"
    if extra.get("output_attentions", config.output_attentions):
        return "attention outputs are recorded by stock's hooks"
    if not isinstance(hidden_states, (bool, type(None))):
        return "hidden states selected by index are recorded by stock's hooks"
    if extra.get("return_dict", config.return_dict) is False:
        return "return_dict=False"
    unknown = sorted(k for k in extra if k not in handled)
    if unknown:
        return f"the arguments {', '.join(unknown)}"
    return None


def run_graphed(encoder: torch.nn.Module, make_fn: Callable[..., object], inputs: tuple[torch.Tensor, ...], keep: int,
                step_class: type = CUDAGraphStep):
    """make_fn(*inputs) through the encoder's ShapeGraphs (in its __dict__ as `_zoo_graphs`: not a submodule, out of
    the state dict), or None where capturing failed: then said once in the log and the encoder's zoo_cuda_graph
    switched off, so its caller runs stock's forward from then on."""
    try:
        graphs = encoder.__dict__.setdefault("_zoo_graphs", ShapeGraphs(keep))
        return graphs.run(make_fn, inputs, weights_tag(encoder), step_class=step_class)
    except Exception as error:  # noqa: BLE001 - any failure to capture: stock from now on, said once
        logger.warning_once(
            f"patchzoo {type(encoder).__name__}: capturing the CUDA graph failed ({type(error).__name__}: {error}); "
            "running stock's encoder from now on"
        )
        encoder.zoo_cuda_graph = False
        encoder.__dict__.pop("_zoo_graphs", None)
        return None
