"""FLAN-T5 that is safe and fast in float16, for inference and training: stock T5 plus Graphcore's fixes,
extended to every intermediate of the feed-forward, with no isinf() branches.

Data flow of one float16 forward (fp16 / fp32 = dtype of the tensor on that edge; s = fp16_wo_scale, 8):

    input_ids -> embed (fp16) -> mask: fill 0.75 * finfo.min (fp16)                        [fix 1]
      block 0 casts the stream to fp32                                                    [fix 3]
      per block, per sublayer:  x (fp32) -> T5LayerNorm -> (fp16) -> attention / FF -> (fp16)
                                x + dropout(out) -> fp32 by promotion
        FF:  x / s -> wi_0, wi_1 (fp16, pre-activations / s)                               [fix 4]
             -> gelu(s·h)/s: GeLU on ±39-clamped input, ReLU beyond                       [fix 2]
             -> product (/ s²) -> wo (fp16, FF / s²) -> residual add x + s²·out (fp32)
    final T5LayerNorm -> fp16 -> decoder cross-attention / lm_head (fp16)

Feed-forward range: wi_0 x and wi_1 x may reach s · 65504 (5.2e5 at s = 8), the gated product
gelu(wi_0 x) · wi_1 x and wo's output s² · 65504 (4.2e6) before anything overflows; stock float16
overflows at 65504 (the product first, then wo's float16 output if wo is float16).

Both stacks (encoder and decoder) carry the float32 stream: casting at block 0 makes it uniform and
keeps every hidden state out of stock T5Block's ``if dtype == float16: clamp(isinf().any() ...)``,
so the graph has no data-dependent work and compiles with fullgraph=True (encoder and decoder step).

Training: the same pieces run under ``torch.autocast(dtype=torch.float16)`` on float32 weights (they
check the autocast state as well as the weights' dtype) and with float16 weights; the backward goes
through the same exact power-of-two scalings, so its gradients are the float32 ones up to float16
rounding (tests/test_t5_fp16_training.py).

Eager speed (batch-1 generate is host-bound: one kernel launch costs more than the kernel): a float16
decoding step launches fewer kernels than stock's. T5LayerNorm normalises with one fused F.rms_norm
instead of 7 ops; the float16 mask keeps sdpa's causal shortcut where stock
takes it (no mask build per step, no mask + bias add per layer); the feed-forward's scale folds into
the residual add; and there is no isinf() clamp. In inference the attention mask and T5's position bias
are combined (with the scaled fill) once per forward call, not once per layer as stock's sdpa path does, and
a decoding step's sliced position bias is made contiguous once, not per layer (mask_with_position_bias,
contiguous_position_bias; with gradients both run per layer, as stock).

In float32/bfloat16 every piece is a no-op and the zoo runs stock T5's computation. Loading with
``dtype=torch.float16`` keeps ``wo`` in float16: the zoo drops stock's ``_keep_in_fp32_modules``
(which upcasts ``wo`` and runs it as a float32 GEMM). The feed-forward scale (a power of two,
default 8) is ``config.fp16_wo_scale``: ``from_pretrained(path, dtype=torch.float16, fp16_wo_scale=16)``.
State-dict keys are stock's: ``save_pretrained`` output loads in stock transformers and back.

What the zoo T5 changes, and the switch for each. Each fix runs only where the compute is float16 (float16 weights
or autocast to float16): that dtype is the switch, and float32 / bfloat16 run stock's computation. The one setting
is the feed-forward scale. No environment variable changes any of this.

    change (where)                                              switch (default)
    mask fill 0.75 * finfo.min (T5Attention: float16-safe       float16 compute
      twins of the sdpa and eager attention functions; mask
      and position bias combined once per forward call)
    tanh-GeLU on input clamped to +-39, ReLU beyond              float16 input
      (NewGELUActivation -> SafeGELUTanh)
    float32 residual stream from block 0 (T5Block)              float16 input
    feed-forward input / s, output * s inside the float32       float16 compute; s: from_pretrained(...,
      residual add (T5DenseActDense, T5DenseGatedActDense,        fp16_wo_scale: int = 8), a power of two, kept
      T5LayerFF)                                                  in the saved config
    wo loaded in float16 (no _keep_in_fp32_modules upcast)      loading with dtype=torch.float16
    T5LayerNorm as one fused F.rms_norm                         float16 weights
"""

from __future__ import annotations

import copy
from typing import Callable

import torch
import torch.nn.functional as F
import transformers
from transformers import GenerationMixin
from torch import nn
from torch.utils.weak import WeakIdKeyDictionary
from transformers.activations import NewGELUActivation
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.modeling_utils import AttentionInterface, PreTrainedModel
from transformers.models.t5 import modeling_t5

from patchzoo.models.base import ZooModel, swap_module_classes
from patchzoo.patches.fp16 import (
    DEFAULT_FEED_FORWARD_SCALE,
    FP32ResidualStream,
    SafeGELUTanh,
    check_power_of_two,
    float16_compute,
    mask_fill_value,
    match_weight_dtype,
    scale_mask_fill,
    scaled_activation,
)

# attention mask -> (position bias, the two combined), kept while the mask lives (stock builds a mask per
# forward call and hands the same object to every layer, with the same position-bias object).
_MASK_WITH_BIAS = WeakIdKeyDictionary()


def mask_with_position_bias(attention_mask: torch.Tensor, position_bias: torch.Tensor) -> torch.Tensor:
    """T5's position bias and a float16 attention mask as one additive mask whose masked entries are
    0.75 * finfo.min (mask_fill_value): finite after any score is added, and exp() of them is still 0.

    One op, as stock's sdpa path (``where(mask, bias, finfo.min)``, per layer); the eager path's
    ``scores + bias + mask`` becomes ``scores + this``. Without gradients (eager inference, generate) it is
    built once per forward call rather than once per layer: every layer gets the same mask and bias objects.
    """
    reuse = not torch.is_grad_enabled() and not torch.compiler.is_compiling()
    if reuse:
        kept = _MASK_WITH_BIAS.get(attention_mask)
        if kept is not None and kept[0] is position_bias:
            return kept[1]
    fill = mask_fill_value(torch.float16)
    if attention_mask.dtype == torch.bool:  # True = attend (sdpa's masks)
        combined = torch.where(attention_mask, position_bias, fill)
    else:  # additive, 0 or finfo.min (eager's masks; -inf too): the fill scaled before the bias is added
        combined = position_bias + attention_mask.clamp(min=fill)
    if reuse:
        _MASK_WITH_BIAS[attention_mask] = (position_bias, combined)
    return combined


_CONTIGUOUS_BIAS = WeakIdKeyDictionary()  # position bias -> its contiguous copy, while the bias lives


def contiguous_position_bias(position_bias: torch.Tensor) -> torch.Tensor:
    """A decoding step's position bias (1, heads, 1, keys), a slice of the full one, made contiguous once per step.

    With no mask stock's sdpa path copies it per layer (``create_position_bias_mask``: ``.contiguous()``);
    every layer gets the same bias object, so inference copies it once. With gradients: per call, as stock.
    """
    if position_bias.is_contiguous() or torch.is_grad_enabled() or torch.compiler.is_compiling():
        return position_bias
    kept = _CONTIGUOUS_BIAS.get(position_bias)
    if kept is None:
        kept = _CONTIGUOUS_BIAS[position_bias] = position_bias.contiguous()
    return kept


def fp16_safe_t5_attention(attention_function: Callable) -> Callable:
    """``attention_function`` (stock's sdpa or T5 eager) where the query is float16: the mask and T5's position
    bias come in as one mask with the scaled fill (mask_with_position_bias). Other dtypes, or no mask: as it is."""

    def attention(module, query, key, value, attention_mask, *args, position_bias=None, **kwargs):
        if query.dtype == torch.float16 and attention_mask is not None and position_bias is not None:
            attention_mask, position_bias = mask_with_position_bias(attention_mask, position_bias), None
        elif query.dtype == torch.float16:
            attention_mask = scale_mask_fill(attention_mask, query.dtype)
            if attention_mask is None and position_bias is not None and query.shape[2] == 1:
                position_bias = contiguous_position_bias(position_bias)
        return attention_function(module, query, key, value, attention_mask, *args, position_bias=position_bias,
                                  **kwargs)

    return attention


# Stock attention implementation -> the zoo's: same attention function, float16 masks with the scaled
# fill. Other implementations (flex, flash) are left as they are.
_ATTENTION = {
    "sdpa": ("patchzoo_fp16_sdpa", sdpa_attention_forward),
    "eager": ("patchzoo_fp16_t5_eager", modeling_t5.eager_attention_forward),
}


class FP16SafeDispatch:
    """What a zoo T5Attention holds as its config: the stack's config, read (and written) through, except that
    ``_attn_implementation`` names the fp16-safe twin of the implementation the config names.

    The config object itself is never written by the zoo: it keeps reading "sdpa"/"eager" (what the user
    asked for, what stock models built from it run), and ``set_attn_implementation`` still switches the
    zoo between its sdpa and eager twins. One instance per attention module, made at patch time: a
    property building it per access would cost host time on every call and recurses in dynamo (torch 2.11).
    A plain class with a ``__dict__`` (no ``__slots__``): dynamo guards on ``config.__dict__``.
    """

    def __init__(self, config: transformers.PretrainedConfig):
        object.__setattr__(self, "_config", config)

    def __getattr__(self, name: str):  # only for names not in self.__dict__: everything but _config
        if name == "_config" or name.startswith("__"):  # copy/pickle probe before __init__ ran
            raise AttributeError(name)
        return getattr(self._config, name)

    def __setattr__(self, name: str, value) -> None:
        if name == "_config":  # copy/pickle restoring the slot
            object.__setattr__(self, name, value)
        else:
            setattr(self._config, name, value)

    @property
    def _attn_implementation(self) -> str | None:
        name = self._config._attn_implementation
        return _ATTENTION[name][0] if name in _ATTENTION else name


class T5Attention(modeling_t5.T5Attention):
    """Stock T5Attention whose ``config`` is an FP16SafeDispatch over its stack's config (set by _zoo_patch)."""


class T5Block(FP32ResidualStream, modeling_t5.T5Block):
    """Stock T5Block whose float16 input becomes a float32 residual stream (see FP32ResidualStream)."""


class T5LayerNorm(modeling_t5.T5LayerNorm):
    """Stock T5LayerNorm; with float16 weights the float32 normalisation is one fused op (F.rms_norm).

    Stock runs it as 7 ops (to, pow, mean, add, rsqrt, mul, to) before the weight multiply, each one a
    kernel launch: 37 per decoder step of a 12-layer model, ~1/5 of an eager decoding step's kernels.
    The rounding stays stock's: normalise in float32, round to float16, multiply by the float16 weight.
    float32/bfloat16 weights: stock's forward, bit for bit.
    """

    def forward(self, hidden_states):
        if self.weight.dtype != torch.float16:
            return super().forward(hidden_states)
        normed = F.rms_norm(hidden_states.float(), hidden_states.shape[-1:], eps=self.variance_epsilon)
        return self.weight * normed.to(torch.float16)


class ScaledFeedForward:
    """Mixin for T5's feed-forward modules: in float16, every intermediate scaled down by powers of two.

    ``scaled_forward(x)`` returns FF(x) / ``output_scale`` in float16 (or wo's dtype): the input is divided
    by s = ``fp16_scale``, so wi outputs are pre-activations / s, the activation is act(s·h)/s
    (scaled_activation), a gated product is / s², and wo's output is FF(x) / s (ungated) or / s² (gated).
    ``forward`` multiplies back in float32 (the module alone returns stock's values, as float32);
    T5LayerFF folds that multiply into its residual add instead. In float32/bfloat16: stock's forward.
    """

    fp16_scale: int = DEFAULT_FEED_FORWARD_SCALE

    def forward(self, hidden_states):
        if not self.computes_in_float16():
            return super().forward(hidden_states)
        return self.scaled_forward(hidden_states).float() * self.output_scale


class T5DenseActDense(ScaledFeedForward, modeling_t5.T5DenseActDense):
    """Stock ungated feed-forward (T5 v1.0: ReLU); float16: wo(act(wi x)) / s (see ScaledFeedForward)."""

    @property
    def output_scale(self) -> int:
        return self.fp16_scale

    def computes_in_float16(self) -> bool:
        return float16_compute(self.wi.weight)

    def scaled_forward(self, hidden_states):
        scale = self.fp16_scale
        hidden_states = hidden_states * (1.0 / scale)  # (..., d_model): wi's output comes out / s
        hidden_states = self.dropout(scaled_activation(self.act, self.wi(hidden_states), scale))  # act(wi x) / s
        return self.wo(match_weight_dtype(hidden_states, self.wo))  # (..., d_model) FF(x) / s


class T5DenseGatedActDense(ScaledFeedForward, modeling_t5.T5DenseGatedActDense):
    """Stock gated feed-forward (FLAN-T5); float16: wo(gelu(wi_0 x) · wi_1 x) / s² (see ScaledFeedForward)."""

    @property
    def output_scale(self) -> int:
        return self.fp16_scale * self.fp16_scale

    def computes_in_float16(self) -> bool:
        return float16_compute(self.wi_0.weight)

    def scaled_forward(self, hidden_states):
        scale = self.fp16_scale
        hidden_states = hidden_states * (1.0 / scale)  # (..., d_model): wi_0, wi_1 outputs come out / s
        gate = scaled_activation(self.act, self.wi_0(hidden_states), scale)  # (..., d_ff) gelu(wi_0 x) / s
        product = self.dropout(gate * self.wi_1(hidden_states))  # gelu(wi_0 x) · wi_1 x / s²
        return self.wo(match_weight_dtype(product, self.wo))  # (..., d_model) FF(x) / s²


class T5LayerFF(modeling_t5.T5LayerFF):
    """Stock T5LayerFF; in float16 the feed-forward's scale comes back inside the float32 residual add.

    ``x + dropout(FF(x))`` becomes one float32 add, ``x + output_scale · dropout(FF(x) / output_scale)``:
    the float16 operand is widened exactly and the power-of-two multiply is exact, so the sum equals
    the one of FF(x) computed in float32 and added, without the two extra passes over (..., d_model).
    """

    def forward(self, hidden_states):
        ff = self.DenseReluDense
        if not (isinstance(ff, ScaledFeedForward) and ff.computes_in_float16()):
            return super().forward(hidden_states)
        scaled = ff.scaled_forward(self.layer_norm(hidden_states))  # (..., d_model) FF(x) / output_scale
        return torch.add(hidden_states.float(), self.dropout(scaled), alpha=ff.output_scale)


_ZOO_MODULES = {
    modeling_t5.T5Block: T5Block,
    modeling_t5.T5LayerFF: T5LayerFF,
    modeling_t5.T5LayerNorm: T5LayerNorm,
    modeling_t5.T5DenseActDense: T5DenseActDense,
    modeling_t5.T5DenseGatedActDense: T5DenseGatedActDense,
    NewGELUActivation: SafeGELUTanh,
}


class FP16SafeT5(ZooModel):
    """What every zoo T5 class adds to its stock class: the four float16 fixes, applied in _zoo_patch."""

    zoo_feature = "fp16-safe (mask scale, safe GeLU, fp32 residual, scaled feed-forward)"

    def __init__(self, config, *args, fp16_wo_scale: int | None = None, **kwargs):
        # Kept in the model's config, so save_pretrained records it (stock T5 ignores the extra key); a
        # copy, so the caller's config object is left as stock leaves it.
        if fp16_wo_scale is not None:
            config = copy.deepcopy(config)
            config.fp16_wo_scale = fp16_wo_scale
        super().__init__(config, *args, **kwargs)

    def _zoo_patch(self) -> None:
        scale = check_power_of_two(getattr(self.config, "fp16_wo_scale", DEFAULT_FEED_FORWARD_SCALE))
        swap_module_classes(self, _ZOO_MODULES)
        for module in self.modules():
            if isinstance(module, ScaledFeedForward):
                module.fp16_scale = scale
            if isinstance(module, PreTrainedModel):
                # Stock upcasts `wo` to float32 when loading in float16; the scaled wo makes that unneeded.
                module._keep_in_fp32_modules = set()
        _use_fp16_safe_attention(self)


def _use_fp16_safe_attention(model: nn.Module) -> None:
    """Make every T5Attention of ``model`` dispatch to the fp16-safe twins (registered here); no config is written."""
    for name, attention_function in _ATTENTION.values():
        if name not in AttentionInterface._global_mapping:  # the first registration kept: compiled graphs' guards
            AttentionInterface.register(name, fp16_safe_t5_attention(attention_function))
    swap_module_classes(model, {modeling_t5.T5Attention: T5Attention})
    for module in model.modules():
        if isinstance(module, T5Attention) and not isinstance(module.config, FP16SafeDispatch):
            module.config = FP16SafeDispatch(module.config)  # the stack's config object stays as it is


class T5Model(FP16SafeT5, transformers.T5Model):
    """transformers.T5Model, float16-safe (see the module docstring)."""


# GenerationMixin is named among the direct bases, where transformers looks for it (can_generate, its
# test_inherits_generation_mixin); stock's class already has it, so the MRO is unchanged.
class T5ForConditionalGeneration(FP16SafeT5, transformers.T5ForConditionalGeneration, GenerationMixin):
    """transformers.T5ForConditionalGeneration, float16-safe (see the module docstring)."""


class T5EncoderModel(FP16SafeT5, transformers.T5EncoderModel):
    """transformers.T5EncoderModel, float16-safe (see the module docstring)."""


ZOO_CLASSES = (T5Model, T5ForConditionalGeneration, T5EncoderModel)
