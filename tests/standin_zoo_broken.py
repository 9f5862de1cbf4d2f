"""A stand-in zoo module that is deliberately wrong (logits + 1): the parity job must fail on it."""

import transformers

from patchzoo.models.base import ZooModel


class LlamaForCausalLM(ZooModel, transformers.LlamaForCausalLM):
    def forward(self, *args, **kwargs):
        out = super().forward(*args, **kwargs)
        out.logits = out.logits + 1.0
        return out


ZOO_CLASSES = (LlamaForCausalLM,)
