"""Llama zoo classes: plain checkpoints load and run exactly as stock; GPTQ checkpoints load too.

A checkpoint whose config.json has a quantization_config with quant_method "gptq" (what auto-gptq,
optimum, gptqmodel and `patchzoo quantize` write) is read by patchzoo.patches.gptq_loading without any of
those packages: the model is built on the meta device, its nn.Linear layers named in the checkpoint
become GPTQLinear (fused Triton W4A16/W8A16 matmul), and the packed tensors are loaded as they are.

    from patchzoo import LlamaForCausalLM
    model = LlamaForCausalLM.from_pretrained("path/to/llama-gptq", dtype=torch.float16, device_map="cuda")
"""

import transformers

from patchzoo.models.base import ZooModel
from patchzoo.patches.gptq_loading import GPTQFromPretrained

_FEATURE = "GPTQ checkpoints load into GPTQLinear (fused Triton dequant+matmul); plain ones run as stock"


class LlamaModel(GPTQFromPretrained, ZooModel, transformers.LlamaModel):
    zoo_feature = _FEATURE


class LlamaForCausalLM(GPTQFromPretrained, ZooModel, transformers.LlamaForCausalLM):
    zoo_feature = _FEATURE


ZOO_CLASSES = (LlamaModel, LlamaForCausalLM)
