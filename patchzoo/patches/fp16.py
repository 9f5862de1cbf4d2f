"""float16-safe pieces for models trained in bfloat16 (Graphcore's FLAN-T5 recipe), reusable beyond T5.

float16 tops out at 65504. A bf16-trained model crosses that in four places; each has its piece here:

    scores + position bias + mask fill    scaled_fill_mask       fill = 0.75 * finfo.min: 16384 of headroom
    tanh-GeLU's cube x³ (inf, |x| > 40.3)  SafeGELUTanh           GeLU on x clamped to ±39, ReLU outside
    residual stream (sum of all sublayers) FP32ResidualStream     stream in float32, sublayers in float16
    FF down-projection output (~1e5)      ScaledDownProjection   input / 2^k in float16, output * 2^k in float32

Every piece acts only when its input or weight is float16 (a dtype check, never a value check), so a
patched model in float32/bfloat16 runs the stock computation, and nothing here branches on data: a
model built from these pieces compiles with torch.compile(fullgraph=True).
"""

from __future__ import annotations

from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers.activations import NewGELUActivation
from transformers.masking_utils import sdpa_mask
from transformers.modeling_utils import AttentionInterface

# 1. Attention-mask fill -------------------------------------------------------------------------------

MASK_FILL_SCALE = 0.75


def mask_fill_value(dtype: torch.dtype) -> float:
    """Additive value at masked positions: 3/4 of the dtype's most negative number.

    Stock masks fill with finfo.min (-65504 in float16); adding a negative position bias or score then
    rounds to -inf, and a row with no unmasked key becomes NaN after softmax. At 0.75 * min
    (-49128, stored as -49120) the sum stays finite for any bias + score down to -16384, and exp()
    of a masked score still underflows to 0.
    """
    return MASK_FILL_SCALE * torch.finfo(dtype).min


def scaled_fill_mask(base_mask: Callable) -> Callable:
    """An AttentionMaskInterface function: in float16 an additive mask with the scaled fill, else ``base_mask``.

    The float16 mask is always materialised (no ``is_causal`` shortcut returning None), so the
    attention function always sees the scaled fill rather than building its own finfo.min one; it
    is skipped only where nothing is masked (bidirectional, no padding), as stock does.
    """

    def mask(*, dtype: torch.dtype = torch.float32, **kwargs) -> torch.Tensor | None:
        if dtype != torch.float16:
            return base_mask(dtype=dtype, **kwargs)
        kwargs["allow_is_causal_skip"] = False
        allowed = sdpa_mask(**kwargs)  # (batch, 1, q_len, kv_len) bool, True = attend
        if allowed is None:
            return None
        zero = torch.zeros((), dtype=dtype, device=allowed.device)
        return torch.where(allowed, zero, mask_fill_value(dtype))

    return mask


def scale_mask_fill(mask: torch.Tensor | None, dtype: torch.dtype) -> torch.Tensor | None:
    """A stock attention mask with the scaled fill where the attention computes in float16, else unchanged.

    Stock masks are boolean (True = attend; SDPA) or additive with finfo.min (eager): a boolean mask
    becomes additive with ``mask_fill_value``, an additive float16 one is clamped up to it (finfo.min and
    -inf both become 0.75 * finfo.min; 0 stays 0). None (nothing masked) stays None.
    """
    if mask is None or dtype != torch.float16:
        return mask
    fill = mask_fill_value(dtype)
    if mask.dtype == torch.bool:
        return torch.where(mask, torch.zeros((), dtype=dtype, device=mask.device), fill)
    return mask.clamp(min=fill)


def fp16_safe_attention(attention_function: Callable) -> Callable:
    """``attention_function`` (a transformers attention function) on a mask with the scaled fill."""

    def attention(module, query, key, value, attention_mask, *args, **kwargs):
        return attention_function(module, query, key, value, scale_mask_fill(attention_mask, query.dtype), *args, **kwargs)

    return attention


def register_fp16_safe_attention(name: str, attention_function: Callable) -> str:
    """Register ``name`` in transformers' AttentionInterface: ``attention_function`` on masks with the scaled fill.

    A module whose dispatch reads ``name`` gets the stock attention math on the stock mask with its fill
    scaled (``scale_mask_fill``); the mask itself is built by stock code under the stock name, so no
    config has to name the zoo. Idempotent (the first registration is kept, so compiled graphs' guards
    stay valid).
    """
    if name not in AttentionInterface._global_mapping:
        AttentionInterface.register(name, fp16_safe_attention(attention_function))
    return name


# 2. tanh-GeLU ------------------------------------------------------------------------------------------

# 39³ = 59319 < 65504 < 41³, and GeLU(x) equals ReLU(x) to float16 precision once |x| > 5.
GELU_RELU_THRESHOLD = 39.0


class SafeGELUTanh(NewGELUActivation):
    """NewGELU (``gelu_new``, FLAN-T5's activation) that never forms an infinite cube in float16.

    Stock evaluates 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) op by op in the input dtype: x³ is
    inf for |x| > 40.3. torch's tanh saturates, so the forward survives it, but the backward
    multiplies 3x² (inf for |x| > 147.8) by tanh' = 0 and returns NaN gradients. Here the same
    tanh approximation runs on x clamped to ±39 and ReLU takes over outside; float32/bfloat16
    inputs get stock's forward unchanged.
    """

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if input.dtype != torch.float16:
            return super().forward(input)
        return safe_gelu_tanh(input)


def safe_gelu_tanh(x: torch.Tensor, threshold: float = GELU_RELU_THRESHOLD) -> torch.Tensor:
    """tanh-GeLU for |x| <= threshold, ReLU beyond; no intermediate leaves float16's range.

    F.gelu(approximate="tanh") is the same formula as NewGELU in one kernel that evaluates in
    float32 and rounds once: 4 elementwise passes here (clamp, gelu, compare, select) instead of
    stock's 8, each within half an ulp of the float32 formula, where stock's chain of float16 ops
    drifts further. The clamp bounds the cube for any backend that evaluates in half precision.
    """
    gelu = F.gelu(x.clamp(-threshold, threshold), approximate="tanh")
    # Below -threshold the clamped GeLU is already ReLU's 0 (tanh rounds to -1), so only x > threshold
    # needs replacing: one compare and select instead of abs + relu + where.
    return torch.where(x > threshold, x, gelu)


# 3. float32 residual stream ----------------------------------------------------------------------------


class FP32ResidualStream:
    """Mixin for a pre-LayerNorm block ``x + dropout(sublayer(norm(x)))``: a float16 input becomes float32.

    Put it before the block class in the bases. The block then carries its residual stream in
    float32 while every sublayer still computes in float16, provided the norm returns its weight's
    dtype (T5LayerNorm does: it reduces in float32 and casts to its float16 weight). The cast back
    to float32 before the add is type promotion: ``x(fp32) + dropout(out)(fp16)`` is a float32 add
    of the exactly-widened sublayer output. A float32 input passes unchanged, so stacking such
    blocks casts once, at the first; other dtypes (bfloat16, float32) are left alone.
    """

    def forward(self, hidden_states: torch.Tensor, *args, **kwargs):
        if hidden_states.dtype == torch.float16:
            hidden_states = hidden_states.float()
        return super().forward(hidden_states, *args, **kwargs)


# 4. Scaled down-projection -----------------------------------------------------------------------------

DEFAULT_DOWN_PROJECTION_SCALE = 8


class ScaledDownProjection(nn.Linear):
    """nn.Linear kept in float16 whose output may exceed 65504: y = (W·(x / s)).float() · s.

    The GEMM accumulates in float32 but stores float16, so the store is what overflows; dividing
    the input by s (a power of two: an exact exponent shift) lowers the stored value s-fold, and
    the scale comes back in float32, where the residual stream lives. Returns float32 in float16
    mode; with float32/bfloat16 weights it is a plain nn.Linear. Same parameters as nn.Linear.
    """

    input_scale: int = DEFAULT_DOWN_PROJECTION_SCALE

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if self.weight.dtype != torch.float16:
            return super().forward(input)
        scale = self.input_scale
        out = F.linear(input * (1.0 / scale), self.weight).float() * scale  # (..., out_features) float32
        if self.bias is not None:
            out = out + self.bias
        return out


def scale_down_projection(linear: nn.Linear, scale: int = DEFAULT_DOWN_PROJECTION_SCALE) -> ScaledDownProjection:
    """Re-class ``linear`` in place as a ScaledDownProjection with input scale ``scale`` (a power of two)."""
    if not isinstance(scale, int) or scale < 1 or scale & (scale - 1):
        raise ValueError(f"the down-projection scale must be a power of two (1, 2, 4, 8, ...), got {scale!r}")
    if type(linear) not in (nn.Linear, ScaledDownProjection):
        raise TypeError(f"scale_down_projection expects an nn.Linear, got {type(linear).__name__}")
    linear.__class__ = ScaledDownProjection
    linear.input_scale = scale
    return linear
