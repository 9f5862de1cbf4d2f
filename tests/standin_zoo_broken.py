"""A stand-in zoo module that is deliberately wrong (logits doubled): parity and eval must catch it."""

import transformers

from patchzoo.models.base import ZooModel


class LlamaForCausalLM(ZooModel, transformers.LlamaForCausalLM):
    def forward(self, *args, **kwargs):
        out = super().forward(*args, **kwargs)
        out.logits = out.logits * 2.0  # not a constant shift: log-softmax changes too
        return out


ZOO_CLASSES = (LlamaForCausalLM,)
