"""Mixtral whose MoE experts run as fused Triton grouped GEMMs (patchzoo/kernels/moe.py).

Stock MixtralExperts (transformers >= 5.17) dispatches its forward through transformers'
ExpertsInterface on ``config._experts_implementation``; each entry is called as
``fn(experts_module, hidden_states (T, H), top_k_index (T, K), top_k_weights (T, K)) -> (T, H)``.
Importing this module registers one more entry, ``"patchzoo_fused"``, so that

    import patchzoo.models.mixtral  # (or resolve any Mixtral class through patchzoo)
    model = transformers.MixtralForCausalLM.from_pretrained(path, experts_implementation="patchzoo_fused")

works on the stock classes, and the zoo classes below default to it. Nothing else changes: weights,
state-dict keys, router, attention are stock. `import patchzoo` alone registers nothing.

The entry runs the Triton kernels on CUDA (and under TRITON_INTERPRET), the fp32 PyTorch reference on
other devices, and hands expert layouts the kernel does not cover (bias, no gate, another activation,
expert parallelism) to transformers' own grouped_mm, so selecting it is never wrong.
"""

from __future__ import annotations

import torch
import transformers
from transformers.activations import SiLUActivation
from transformers.integrations import moe as hf_moe

from patchzoo.kernels.moe import fused_moe, moe_eager
from patchzoo.models.base import ZooModel

EXPERTS_IMPLEMENTATION = "patchzoo_fused"


def _kernel_covers(experts: torch.nn.Module) -> bool:
    """The layout the fused kernel implements: concatenated [gate; up], SiLU gate, no bias, no post-norm."""
    return (
        getattr(experts, "has_gate", True)
        and not getattr(experts, "has_bias", False)
        and getattr(experts, "is_concatenated", True)
        and not getattr(experts, "has_post_expert_norm", False)
        and not getattr(experts, "_is_expert_parallel", False)
        and getattr(type(experts), "_apply_gate", None) is hf_moe._default_apply_gate
        and isinstance(experts.act_fn, (SiLUActivation, torch.nn.SiLU))
    )


def fused_experts_forward(
    self: torch.nn.Module,
    hidden_states: torch.Tensor,
    top_k_index: torch.Tensor,
    top_k_weights: torch.Tensor,
) -> torch.Tensor:
    """ExpertsInterface entry "patchzoo_fused": same contract as transformers' grouped_mm_experts_forward."""
    if not _kernel_covers(self):
        return hf_moe.grouped_mm_experts_forward(self, hidden_states, top_k_index, top_k_weights)
    gate_up_proj, down_proj = self.gate_up_proj, self.down_proj
    if getattr(self, "is_transposed", False):
        # Stored (E, H, 2I) / (E, I, H): a transposed view gives the kernel's (E, 2I, H) / (E, H, I) strides.
        gate_up_proj, down_proj = gate_up_proj.transpose(1, 2), down_proj.transpose(1, 2)
    # Under autocast the stream can be fp32 while experts are bf16; the kernel wants one dtype, as grouped_mm does.
    # The custom op only where torch.compile traces; eager calls skip its dispatch (host time, see moe_eager).
    moe = fused_moe if torch.compiler.is_compiling() else moe_eager
    if hidden_states.dtype == gate_up_proj.dtype:  # the usual case: no .to() calls (host time, decoding)
        return moe(hidden_states, gate_up_proj, down_proj, top_k_weights, top_k_index)
    out = moe(hidden_states.to(gate_up_proj.dtype), gate_up_proj, down_proj, top_k_weights, top_k_index)
    return out.to(hidden_states.dtype)


hf_moe.ExpertsInterface.register(EXPERTS_IMPLEMENTATION, fused_experts_forward)


class FusedMoEMixtral(ZooModel):
    """What every zoo Mixtral class adds to its stock class: "patchzoo_fused" experts by default."""

    zoo_feature = "fused MoE experts (Triton)"

    # transformers decides whether a model may switch experts implementation by searching the source of
    # the class's module for its decorator; the experts here are stock MixtralExperts, so they can.
    _can_set_experts_implementation_cached_value = True

    def get_correct_experts_implementation(self, requested_experts: str | None) -> str:
        # Runs in __init__ with what the caller asked for (None: nothing), and from set_experts_implementation.
        # An explicit request (e.g. experts_implementation="grouped_mm") is honoured as in stock.
        self._zoo_experts_resolved = True
        return super().get_correct_experts_implementation(requested_experts or EXPERTS_IMPLEMENTATION)

    def _zoo_patch(self) -> None:
        # Built by this class: __init__ already resolved the implementation above. Class-swapped by
        # patchzoo.patch(): the stock class resolved its own default, so switch to the fused kernel.
        if not self.__dict__.pop("_zoo_experts_resolved", False):
            self.set_experts_implementation(EXPERTS_IMPLEMENTATION)


class MixtralModel(FusedMoEMixtral, transformers.MixtralModel):
    """transformers.MixtralModel with fused MoE experts (see the module docstring)."""


class MixtralForCausalLM(FusedMoEMixtral, transformers.MixtralForCausalLM):
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
