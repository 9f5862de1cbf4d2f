"""FLAN-T5 that is safe and fast in float16: stock T5 plus Graphcore's four fixes, no isinf() branches.

Data flow of one float16 forward (fp16 / fp32 = dtype of the tensor on that edge):

    input_ids -> embed (fp16) -> mask: fill 0.75 * finfo.min (fp16)                        [fix 1]
      block 0 casts the stream to fp32                                                    [fix 3]
      per block, per sublayer:  x (fp32) -> T5LayerNorm -> (fp16) -> attention / FF -> (fp16)
                                x + dropout(out) -> fp32 by promotion
        FF:  wi_0, wi_1 (fp16) -> SafeGELUTanh: GeLU on ±39-clamped input, ReLU beyond    [fix 2]
             -> wo kept fp16: W·(h / 8) (fp16) -> float() * 8 (fp32)                       [fix 4]
    final T5LayerNorm -> fp16 -> decoder cross-attention / lm_head (fp16)

Both stacks (encoder and decoder) carry the float32 stream: the scaled wo returns float32, which
would promote the decoder's stream from its first FF anyway; casting at block 0 makes it uniform and
keeps every hidden state out of stock T5Block's ``if dtype == float16: clamp(isinf().any() ...)``,
so the graph has no data-dependent work and compiles with fullgraph=True (encoder and decoder step).

In float32/bfloat16 every piece is a no-op and the zoo runs stock T5's computation. Loading with
``dtype=torch.float16`` keeps ``wo`` in float16: the zoo drops stock's ``_keep_in_fp32_modules``
(which upcasts ``wo`` and runs it as a float32 GEMM). The down-projection scale (a power of two,
default 8) is ``config.fp16_wo_scale``: ``from_pretrained(path, dtype=torch.float16, fp16_wo_scale=16)``.
State-dict keys are stock's: ``save_pretrained`` output loads in stock transformers and back.
"""

from __future__ import annotations

import copy

import transformers
from torch import nn
from transformers.activations import NewGELUActivation
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.modeling_utils import PreTrainedModel
from transformers.models.t5 import modeling_t5

from patchzoo.models.base import ZooModel, swap_module_classes
from patchzoo.patches.fp16 import (
    DEFAULT_DOWN_PROJECTION_SCALE,
    FP32ResidualStream,
    SafeGELUTanh,
    register_fp16_safe_attention,
    scale_down_projection,
)

# Stock attention implementation -> the zoo's: same attention function, float16 masks with the scaled
# fill. Other implementations (flex, flash) are left as they are.
_ATTENTION = {
    "sdpa": ("patchzoo_fp16_sdpa", sdpa_attention_forward),
    "eager": ("patchzoo_fp16_t5_eager", modeling_t5.eager_attention_forward),
}


class FP16SafeDispatch:
    """What a zoo T5Attention sees as its config: the stack's config, read through, except that
    ``_attn_implementation`` names the fp16-safe twin of the implementation the config names.

    The config object itself is never written: it keeps reading "sdpa"/"eager" (what the user asked
    for, what stock models built from it run), and ``set_attn_implementation`` still switches the
    zoo between its sdpa and eager twins.
    """

    __slots__ = ("_config",)

    def __init__(self, config: transformers.PretrainedConfig):
        object.__setattr__(self, "_config", config)

    def __getattr__(self, name: str):
        if name == "_config":  # not set yet (copy/pickle protocols probe before __init__)
            raise AttributeError(name)
        return getattr(self._config, name)

    @property
    def _attn_implementation(self) -> str | None:
        name = self._config._attn_implementation
        return _ATTENTION[name][0] if name in _ATTENTION else name


class T5Attention(modeling_t5.T5Attention):
    """Stock T5Attention that dispatches to the fp16-safe twin of its stack's attention implementation."""

    @property
    def config(self) -> FP16SafeDispatch:
        return FP16SafeDispatch(self.__dict__["config"])  # the stack's config, as stock's __init__ stored it


class T5Block(FP32ResidualStream, modeling_t5.T5Block):
    """Stock T5Block whose float16 input becomes a float32 residual stream (see FP32ResidualStream)."""


class FP16SafeT5(ZooModel):
    """What every zoo T5 class adds to its stock class: the four float16 fixes, applied in _zoo_patch."""

    zoo_feature = "fp16-safe (mask scale, safe GeLU, fp32 residual, scaled wo)"

    def __init__(self, config, *args, fp16_wo_scale: int | None = None, **kwargs):
        # Kept in the model's config, so save_pretrained records it (stock T5 ignores the extra key); a
        # copy, so the caller's config object is left as stock leaves it.
        if fp16_wo_scale is not None:
            config = copy.deepcopy(config)
            config.fp16_wo_scale = fp16_wo_scale
        super().__init__(config, *args, **kwargs)

    def _zoo_patch(self) -> None:
        scale = getattr(self.config, "fp16_wo_scale", DEFAULT_DOWN_PROJECTION_SCALE)
        swap_module_classes(self, {modeling_t5.T5Block: T5Block, NewGELUActivation: SafeGELUTanh})
        for module in self.modules():
            if isinstance(module, (modeling_t5.T5DenseActDense, modeling_t5.T5DenseGatedActDense)):
                scale_down_projection(module.wo, scale)
            if isinstance(module, PreTrainedModel):
                # Stock upcasts `wo` to float32 when loading in float16; the scaled wo makes that unneeded.
                module._keep_in_fp32_modules = set()
        _use_fp16_safe_attention(self)


def _use_fp16_safe_attention(model: nn.Module) -> None:
    """Make every T5Attention of ``model`` dispatch to the fp16-safe twins (registered here); no config is written."""
    for name, attention_function in _ATTENTION.values():
        register_fp16_safe_attention(name, attention_function)
    swap_module_classes(model, {modeling_t5.T5Attention: T5Attention})


class T5Model(FP16SafeT5, transformers.T5Model):
    """transformers.T5Model, float16-safe (see the module docstring)."""


class T5ForConditionalGeneration(FP16SafeT5, transformers.T5ForConditionalGeneration):
    """transformers.T5ForConditionalGeneration, float16-safe (see the module docstring)."""


class T5EncoderModel(FP16SafeT5, transformers.T5EncoderModel):
    """transformers.T5EncoderModel, float16-safe (see the module docstring)."""


ZOO_CLASSES = (T5Model, T5ForConditionalGeneration, T5EncoderModel)
