"""Mixtral whose MoE experts run as fused Triton grouped GEMMs, forward and backward (patchzoo/kernels/).

Stock MixtralExperts (transformers >= 5.17) dispatches its forward through transformers'
ExpertsInterface on ``config._experts_implementation``; each entry is called as
``fn(experts_module, hidden_states (T, H), top_k_index (T, K), top_k_weights (T, K)) -> (T, H)``.

Zoo classes route to the fused kernel from inside: their experts modules are re-classed to
`FusedMixtralExperts`, which runs the fused op while the config reads the stock default it stands in
for. Anything the caller asks for (``from_pretrained(..., experts_implementation="grouped_mm")``, or
``set_experts_implementation`` to another value) runs through stock dispatch. The config object is left as stock leaves it:
``config._experts_implementation`` reads what the caller asked for, or stock's default, and a stock
model built from the same config afterwards runs stock code.

Importing this module also registers the ExpertsInterface entry ``"patchzoo_fused"`` for stock classes:

    import patchzoo.models.mixtral  # (or resolve any Mixtral class through patchzoo)
    model = transformers.MixtralForCausalLM.from_pretrained(path, experts_implementation="patchzoo_fused")

`import patchzoo` alone registers nothing. The fused op trains (kernels/moe/torch_ops.py registers its
backward). It runs the Triton kernels on CUDA (and under TRITON_INTERPRET), the fp32 PyTorch reference
on other devices; calls it does not cover (bias, no gate, another activation, expert parallelism, a
dtype other than fp16/bf16/fp32) run stock's implementation instead, logged once per reason: at build time for
layouts, on an eager call for dtypes; never inside a traced region, so they compile with fullgraph=True as stock does.

What counts as a request: every model built from a config object writes its resolved implementation into it
(stock's default "grouped_mm"), and a deep copy carries it, so that value on the config is not one; it is when
passed by argument (from_pretrained / _from_config ``experts_implementation=``). Any other value is.

What the zoo Mixtral changes, and the switch for each (defaults as built by from_pretrained or patch()):

    change (where)                                          switch (default)
    experts run by the fused Triton op, inference and      from_pretrained(..., experts_implementation=...) or
      training (every MixtralExperts)                         model.set_experts_implementation(...): any value
                                                              asked for runs through stock dispatch (default: fused)
    how a call that records gradients runs (below)          use_moe_training(m, path: str = "grouped");
                                                              alias: PATCHZOO_MOE_TRAIN, for models never switched
    generate() keeps the fused op while decoding            follows the experts implementation
      (stock swaps grouped_mm for batched_mm)
    tuned kernel tiles per GPU (kernels/moe/configs/)       debugging pins: PATCHZOO_MOE_CONFIG,
                                                              PATCHZOO_MOE_BACKWARD_CONFIG (kernels/moe/)

Training. A call trains when autograd records it (grad enabled and an input or weight requires grad);
inference (no grad) always runs the fused forward kernels. ``use_moe_training(model, path)`` picks how a training
call runs (read on each eager call, and when torch.compile traces: switch before compiling); a model never switched
reads ``PATCHZOO_MOE_TRAIN`` at those times, then "grouped":
- "grouped": the training op of kernels/moe/grouped_train.py, grouped GEMMs (torch._grouped_mm, the GEMMs stock's
  grouped_mm runs) with the gather, SiLU*up, its backward, the routing-weight gradient and the top-k sums
  fused in Triton between them; activations saved, every reduction in a fixed order. It needs 16-byte rows
  (hidden and intermediate sizes multiples of 8 in 16-bit dtypes); other shapes train with stock's code on
  CUDA and with the fused backward elsewhere, logged once.
- "fused": the fused forward and its Triton backward (recomputes g and u; measured 0.53-0.68x stock
  grouped_mm's speed on an H100 and an H200).
- "stock": stock's experts implementation, its outputs and gradients exactly.
Default: "grouped" (measured 1.16-1.25x stock grouped_mm per layer and 1.17x per 4-layer training step on an
H200, benchmarks/RESULTS.md).
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import os
from functools import cache

import torch
import transformers
from transformers import GenerationMixin
from transformers.activations import SiLUActivation
from transformers.integrations import moe as hf_moe
from transformers.models.mixtral import modeling_mixtral

from patchzoo.kernels.moe import grouped_train as moe_train
from patchzoo.kernels.moe.forward import SUPPORTED_DTYPES
from patchzoo.kernels.moe.torch_ops import fused_moe, moe_eager, moe_train_op, needs_grad
from patchzoo.models.base import ZooModel, swap_module_classes

logger = logging.getLogger(__name__)

EXPERTS_IMPLEMENTATION = "patchzoo_fused"
TRAIN_ENV = "PATCHZOO_MOE_TRAIN"  # alias of use_moe_training(model, path) for models never switched
TRAIN_PATHS = ("grouped", "fused", "stock")
DEFAULT_TRAIN_PATH = "grouped"


def _uncovered_layout(experts: torch.nn.Module) -> str | None:
    """Why the fused kernel cannot run this experts module, or None. The kernel implements concatenated
    [gate; up], a SiLU gate, no bias, no post-expert norm, all experts local."""
    if not getattr(experts, "has_gate", True) or not getattr(experts, "is_concatenated", True):
        return "experts without a concatenated [gate; up] projection"
    if getattr(experts, "has_bias", False) or getattr(experts, "has_post_expert_norm", False):
        return "experts with biases or a post-expert norm"
    if getattr(experts, "_is_expert_parallel", False):
        return "expert parallelism"
    if getattr(type(experts), "_apply_gate", None) is not hf_moe._default_apply_gate:
        return "a custom gate function"
    if not isinstance(experts.act_fn, (SiLUActivation, torch.nn.SiLU)):
        return f"activation {type(experts.act_fn).__name__} (the kernel fuses SiLU)"
    return None


def _kernel_covers(experts: torch.nn.Module) -> bool:
    return _uncovered_layout(experts) is None


@cache
def _log_fallback(reason: str) -> None:
    logger.warning("patchzoo fused MoE does not cover %s; running stock's experts implementation", reason)


def use_moe_training(model: torch.nn.Module, path: str = DEFAULT_TRAIN_PATH) -> torch.nn.Module:
    """How calls that record gradients run in every Mixtral experts module of `model` (see the module docstring):
    "grouped" (the default: the training op of kernels/moe/grouped_train.py), "fused" (the fused op's Triton
    backward) or "stock" (stock's experts implementation). Switch before torch.compile traces the model."""
    if path not in TRAIN_PATHS:
        raise ValueError(f"use_moe_training: path={path!r} is not one of {', '.join(TRAIN_PATHS)}")
    for module in model.modules():
        if isinstance(module, modeling_mixtral.MixtralExperts):
            module.training_path = path
    return model


def train_path(hidden_states: torch.Tensor, gate_up_proj: torch.Tensor, chosen: str | None = None) -> str:
    """How a call that records gradients runs: `chosen` (an experts module's use_moe_training path), else
    PATCHZOO_MOE_TRAIN, else "grouped"; "grouped" falls back where grouped GEMMs cannot take the shapes."""
    choice = chosen or os.environ.get(TRAIN_ENV, DEFAULT_TRAIN_PATH)
    if choice not in TRAIN_PATHS:
        raise ValueError(f"{TRAIN_ENV}={choice!r} is not one of {', '.join(TRAIN_PATHS)}; unset it for the default")
    if choice == "grouped" and not moe_train.covers(gate_up_proj.shape[2], gate_up_proj.shape[1] // 2,
                                                    gate_up_proj.dtype):
        # torch._grouped_mm needs 16-byte rows. On CUDA stock trains faster than the fused backward.
        choice = "stock" if hidden_states.device.type == "cuda" else "fused"
        if not torch.compiler.is_compiling():  # Dynamo cannot trace logging
            _log_unaligned_training(tuple(gate_up_proj.shape), choice)
    return choice


@cache
def _log_unaligned_training(shape: tuple, choice: str) -> None:
    logger.warning("patchzoo MoE training: experts of shape %s are not 16-byte aligned for grouped GEMMs; "
                   "training runs %s", shape, "stock's experts implementation" if choice == "stock"
                   else "the fused op's Triton backward")


def run_fused(experts, hidden_states, top_k_index, top_k_weights) -> torch.Tensor | None:
    """The fused op on this call (T, H) -> (T, H), or None where it does not cover it (logged once) or the
    caller trains with stock's implementation."""
    reason = _uncovered_layout(experts)
    if reason is None and experts.gate_up_proj.dtype not in SUPPORTED_DTYPES:
        reason = f"dtype {experts.gate_up_proj.dtype}"
    if reason is not None:
        if not torch.compiler.is_compiling():  # Dynamo cannot trace logging; _zoo_patch logged layouts at build time
            _log_fallback(reason)
        return None
    gate_up_proj, down_proj = experts.gate_up_proj, experts.down_proj
    if getattr(experts, "is_transposed", False):
        # Stored (E, H, 2I) / (E, I, H): a transposed view gives the kernel's (E, 2I, H) / (E, H, I) strides.
        gate_up_proj, down_proj = gate_up_proj.transpose(1, 2), down_proj.transpose(1, 2)
    if needs_grad(hidden_states, gate_up_proj, down_proj, top_k_weights):
        path = train_path(hidden_states, gate_up_proj, getattr(experts, "training_path", None))
        moe = {"grouped": moe_train_op, "fused": fused_moe, "stock": None}[path]
        if moe is None:
            return None
    else:  # the custom op only where torch.compile traces: eager inference skips its dispatch (host time)
        moe = fused_moe if torch.compiler.is_compiling() else moe_eager
    if hidden_states.dtype == gate_up_proj.dtype:  # the usual case: no .to() calls (host time, decoding)
        return moe(hidden_states, gate_up_proj, down_proj, top_k_weights, top_k_index)
    # Under autocast the stream can be fp32 while experts are bf16; the kernel wants one dtype, as grouped_mm does.
    out = moe(hidden_states.to(gate_up_proj.dtype), gate_up_proj, down_proj, top_k_weights, top_k_index)
    return out.to(hidden_states.dtype)


def fused_experts_forward(
    self: torch.nn.Module,
    hidden_states: torch.Tensor,
    top_k_index: torch.Tensor,
    top_k_weights: torch.Tensor,
) -> torch.Tensor:
    """ExpertsInterface entry "patchzoo_fused": same contract as transformers' grouped_mm_experts_forward,
    which runs what the fused op does not cover (stock's default implementation)."""
    out = run_fused(self, hidden_states, top_k_index, top_k_weights)
    if out is None:
        return hf_moe.grouped_mm_experts_forward(self, hidden_states, top_k_index, top_k_weights)
    return out


hf_moe.ExpertsInterface.register(EXPERTS_IMPLEMENTATION, fused_experts_forward)


class FusedMixtralExperts(modeling_mixtral.MixtralExperts):
    """Stock MixtralExperts that runs the fused op while config._experts_implementation reads `fused_when`
    (the stock default the zoo model stands in for), else stock dispatch; same parameters and keys.

    Keyed on the config's value rather than a switch, so that transformers' own save-and-restore of the
    implementation (ONNX/ExecuTorch exporters switch to batched_mm and back) comes back to the fused kernel.
    """

    fused_when: str | None = None  # None: never (an implementation was asked for explicitly)
    training_path: str | None = None  # set by use_moe_training; None: PATCHZOO_MOE_TRAIN, else "grouped"

    def runs_fused(self) -> bool:
        return self.fused_when is not None and self.config._experts_implementation == self.fused_when

    def forward(self, hidden_states: torch.Tensor, top_k_index: torch.Tensor, top_k_weights: torch.Tensor) -> torch.Tensor:
        if self.runs_fused():
            out = run_fused(self, hidden_states, top_k_index, top_k_weights)
            if out is not None:
                return out
        return super().forward(hidden_states, top_k_index, top_k_weights)


# The experts_implementation a from_pretrained / _from_config call of a zoo class was given, while it builds.
_ASKED_FOR: contextvars.ContextVar[str | None] = contextvars.ContextVar("patchzoo_mixtral_asked_for", default=None)


@contextlib.contextmanager
def _asked_for(implementation: str | None):
    token = _ASKED_FOR.set(implementation)
    try:
        yield
    finally:
        _ASKED_FOR.reset(token)


class FusedMoEMixtral(ZooModel):
    """What every zoo Mixtral class adds to its stock class: fused experts unless another was asked for."""

    zoo_feature = "fused MoE experts (Triton), forward and backward"

    # transformers decides whether a model may switch experts implementation, and its common tests whether a
    # model has sparse experts, by searching the source of the class's module for the decorator
    # `@use_experts_implementation`. The experts here subclass stock MixtralExperts, which carries it, so they
    # can (this comment names it so the tests' source search finds it, as it finds it in stock's module).
    _can_set_experts_implementation_cached_value = True

    @classmethod
    def from_pretrained(cls, *args, **kwargs):
        with _asked_for(kwargs.get("experts_implementation")):
            return super().from_pretrained(*args, **kwargs)

    @classmethod
    def _from_config(cls, config, **kwargs):
        with _asked_for(kwargs.get("experts_implementation")):
            return super()._from_config(config, **kwargs)

    def get_correct_experts_implementation(self, requested_experts: str | None) -> str:
        # Also runs from set_experts_implementation; only __init__'s call (no submodule built yet) says
        # whether the caller asked for an implementation. The config gets stock's answer either way.
        resolved = super().get_correct_experts_implementation(requested_experts)
        if not self._modules:
            self._zoo_experts_requested = self._asks_for_an_implementation(requested_experts)
        return resolved

    def _asks_for_an_implementation(self, requested: str | None) -> bool:
        """Whether the config's value at __init__ is the caller's request rather than stock's default.

        Every model built from a config object (stock or zoo) writes its resolved implementation into it, and a
        deep copy carries it: a config another model was built from reads "grouped_mm", stock's default, though
        nobody asked for it. So stock's default counts as a request only when it came by argument
        (from_pretrained / _from_config ``experts_implementation=``); any other value (``"eager"``, set on the
        config or by argument) is one.
        """
        if requested is None:
            return False
        return requested == _ASKED_FOR.get() or requested != super().get_correct_experts_implementation(None)

    @contextlib.contextmanager
    def _optimize_model_for_decode(self):
        # generate() wraps decoding in this (transformers >= 5.11): on a GPU it swaps "grouped_mm" for
        # "batched_mm" while decoding. The fused kernel is the zoo's decode path: keep it.
        if any(m.runs_fused() for m in self.modules() if isinstance(m, FusedMixtralExperts)):
            yield
            return
        with super()._optimize_model_for_decode():
            yield

    def _zoo_patch(self) -> None:
        # Built by this class: fused under the default __init__ resolved, unless the caller asked for one.
        # Class-swapped by patchzoo.patch(): fused under whatever the stock model resolved.
        requested = self.__dict__.pop("_zoo_experts_requested", False)
        swap_module_classes(self, {modeling_mixtral.MixtralExperts: FusedMixtralExperts})
        for module in self.modules():
            if isinstance(module, FusedMixtralExperts):
                module.fused_when = None if requested else module.config._experts_implementation
                reason = _uncovered_layout(module)
                if module.fused_when is not None and reason is not None:
                    _log_fallback(reason)  # here, not in forward only: a compiled forward cannot log


class MixtralModel(FusedMoEMixtral, transformers.MixtralModel):
    """transformers.MixtralModel with fused MoE experts (see the module docstring)."""


# GenerationMixin is named among the direct bases, where transformers looks for it (can_generate, its
# test_inherits_generation_mixin); stock's class already has it, so the MRO is unchanged.
class MixtralForCausalLM(FusedMoEMixtral, transformers.MixtralForCausalLM, GenerationMixin):
    """transformers.MixtralForCausalLM with fused MoE experts (see the module docstring)."""


class MixtralForSequenceClassification(FusedMoEMixtral, transformers.MixtralForSequenceClassification):
    """transformers.MixtralForSequenceClassification with fused MoE experts."""


class MixtralForTokenClassification(FusedMoEMixtral, transformers.MixtralForTokenClassification):
    """transformers.MixtralForTokenClassification with fused MoE experts."""


class MixtralForQuestionAnswering(FusedMoEMixtral, transformers.MixtralForQuestionAnswering):
    """transformers.MixtralForQuestionAnswering with fused MoE experts."""


ZOO_CLASSES = (
    MixtralModel,
    MixtralForCausalLM,
    MixtralForSequenceClassification,
    MixtralForTokenClassification,
    MixtralForQuestionAnswering,
)
