"""A stand-in zoo module that changes nothing: the registry and parity job must treat it as passing."""

import transformers

from patchzoo.models.base import ZooModel


class LlamaForCausalLM(ZooModel, transformers.LlamaForCausalLM):
    zoo_feature = "test stand-in"

    def _zoo_patch(self):
        self.zoo_patched = True


ZOO_CLASSES = (LlamaForCausalLM,)
