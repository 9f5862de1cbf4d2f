"""A stand-in zoo module whose outputs equal stock's but whose final norm weight gets no gradient (it is read
detached): the silent gradient loss `patchzoo parity --train` must catch while plain parity passes."""

import torch
import transformers

from patchzoo.models.base import ZooModel, swap_module_classes


class DetachedWeightNorm(transformers.models.llama.modeling_llama.LlamaRMSNorm):
    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        variance = hidden_states.float().pow(2).mean(-1, keepdim=True)
        normed = (hidden_states.float() * torch.rsqrt(variance + self.variance_epsilon)).to(hidden_states.dtype)
        return self.weight.detach() * normed


class LlamaForCausalLM(ZooModel, transformers.LlamaForCausalLM):
    zoo_feature = "test stand-in (drops a gradient)"

    def _zoo_patch(self):
        swap_module_classes(self.model.norm, {transformers.models.llama.modeling_llama.LlamaRMSNorm: DetachedWeightNorm})


ZOO_CLASSES = (LlamaForCausalLM,)
