"""float16-safe pieces for models trained in bfloat16 (Graphcore's FLAN-T5 recipe), reusable beyond T5.

float16 tops out at 65504. A bf16-trained model crosses that in four places; each has its piece here:

    scores + position bias + mask fill    scale_mask_fill        fill = 0.75 * finfo.min: 16384 of headroom
    tanh-GeLU's cube x³ (inf, |x| > 40.3)  SafeGELUTanh           GeLU on x clamped to ±39, ReLU outside
    residual stream (sum of all sublayers) FP32ResidualStream     stream in float32, sublayers in float16
    feed-forward: wi x, gelu(wi_0 x) ·     scaled_activation,     FF input / s (s a power of two, default 8):
      wi_1 x, wo output (~1e5 and more)    match_weight_dtype      wi outputs / s, gated product and wo / s²

The feed-forward pieces are put together by the model (patchzoo.models.t5): x / s -> wi_0, wi_1 ->
scaled_activation (act(s·h)/s) -> product (/ s²) -> wo in float16 -> x · s² in float32, folded into the
float32 residual add. Every intermediate of the feed-forward may then reach s · 65504 (pre-activations)
and s² · 65504 (gated product, down-projection output) without overflow: 5.2e5 and 4.2e6 at s = 8.

Every piece acts only when its input or weight computes in float16 (a dtype or autocast check, never
a value check), so a patched model in float32/bfloat16 runs the stock computation, and nothing here
branches on data: a model built from these pieces compiles with torch.compile(fullgraph=True).
Gradients: the scales are exact powers of two, so autograd's backward through them is exact too; it
carries gradients s to s² times larger inside the feed-forward (the mirror of the forward), which a
dynamic loss scale (torch.amp.GradScaler) absorbs like any other gradient growth.
"""

from __future__ import annotations

from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers.activations import NewGELUActivation
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


def safe_gelu_tanh(x: torch.Tensor, threshold: float = GELU_RELU_THRESHOLD, scale: int = 1) -> torch.Tensor:
    """gelu_tanh(scale · x) / scale: tanh-GeLU for |scale · x| <= threshold, ReLU beyond; nothing leaves float16's range.

    F.gelu(approximate="tanh") is the same formula as NewGELU in one kernel that evaluates in
    float32 and rounds once: 4 elementwise passes here (clamp, gelu, compare, select; 6 with a
    scale) instead of stock's 8, each within half an ulp of the float32 formula, where stock's chain
    of float16 ops drifts further. The clamp bounds the cube for any backend that evaluates in half
    precision. With ``scale`` = s (a power of two), ``x`` is a pre-activation divided by s (so it fits
    float16 up to s · 65504): s · x is exact, clamped before it could overflow, and the GeLU's output
    comes back divided by s, equal to the unscaled GeLU's rounded result divided by s.
    """
    if scale == 1:
        gelu = F.gelu(x.clamp(-threshold, threshold), approximate="tanh")
    else:
        gelu = F.gelu((x * scale).clamp(-threshold, threshold), approximate="tanh") * (1.0 / scale)
    # Below -threshold the clamped GeLU is already ReLU's 0 (tanh rounds to -1), so only x > threshold
    # needs replacing: one compare and select instead of abs + relu + where. threshold / scale is exact.
    return torch.where(x > threshold / scale, x, gelu)


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


# 4. Scaled feed-forward --------------------------------------------------------------------------------

DEFAULT_FEED_FORWARD_SCALE = 8


def check_power_of_two(scale) -> int:
    """``scale`` if it is a power of two (1, 2, 4, ...): dividing by it shifts the exponent, no mantissa change."""
    if not isinstance(scale, int) or isinstance(scale, bool) or scale < 1 or scale & (scale - 1):
        raise ValueError(f"the float16 feed-forward scale must be a power of two (1, 2, 4, 8, ...), got {scale!r}")
    return scale


def float16_compute(weight: torch.Tensor) -> bool:
    """Whether a layer holding ``weight`` computes in float16: float16 weights, or float16 autocast on its device.

    A check of dtypes and autocast state, never of values: torch.compile turns it into a guard, and
    float32 weights under ``torch.autocast(dtype=torch.float16)`` (HF Trainer's ``fp16=True``) count
    as float16, since autocast runs their GEMMs in float16.
    """
    if weight.dtype == torch.float16:
        return True
    device_type = weight.device.type
    return torch.is_autocast_enabled(device_type) and torch.get_autocast_dtype(device_type) == torch.float16


def scaled_activation(act: nn.Module, x: torch.Tensor, scale: int) -> torch.Tensor:
    """act(scale · x) / scale for ``x`` = a pre-activation already divided by ``scale``, never leaving float16's range.

    ReLU is positively homogeneous (relu(s·x)/s = relu(x)): no op added. tanh-GeLU (FLAN-T5's gelu_new) is
    ReLU beyond the threshold: safe_gelu_tanh with the scale folded in. Any other activation is
    evaluated in float32 and rounded once.
    """
    if isinstance(act, nn.ReLU):
        return act(x)
    if isinstance(act, NewGELUActivation):
        return safe_gelu_tanh(x, scale=scale)
    return (act(x.float() * scale) * (1.0 / scale)).to(x.dtype)


def match_weight_dtype(x: torch.Tensor, linear: nn.Linear) -> torch.Tensor:
    """Stock T5's cast of the down-projection input to its weight's dtype (a float32 ``wo`` kept by stock loading).

    Skipped under autocast, which casts the GEMM's operands itself (stock's cast there is a round trip
    float16 -> float32 -> float16 of the same values), and for non-tensor or int8 (quantized) weights.
    """
    weight = getattr(linear, "weight", None)
    if (
        isinstance(weight, torch.Tensor)
        and weight.dtype not in (x.dtype, torch.int8)
        and not torch.is_autocast_enabled(x.device.type)
    ):
        return x.to(weight.dtype)
    return x


# 5. float16 weights with float32 master weights ---------------------------------------------------------


class FP32MasterWeights:
    """float32 master copies of a float16 model's trainable parameters, for the optimizer to update.

    Training on float16 weights (no autocast casts per step, half the weight memory) needs the
    update applied in float32: lr · grad is often below half an ulp of a float16 weight and would be
    lost. With torch.amp.GradScaler for the dynamic loss scale:

        model.half()
        master = FP32MasterWeights(model)
        optimizer = torch.optim.AdamW(master.parameters(), lr=1e-4)
        scaler = torch.amp.GradScaler()
        scaler.scale(model(**batch).loss).backward()
        master.grads_to_master()          # float16 grads (still scaled) -> float32 .grad of the masters
        scaler.step(optimizer)            # unscales, skips the step on inf/NaN, as with autocast
        scaler.update()
        master.master_to_model()          # round the updated masters into the float16 weights
        optimizer.zero_grad(set_to_none=True)
    """

    def __init__(self, model: nn.Module):
        self.pairs = [
            (p, p.detach().float().clone().requires_grad_()) for p in model.parameters() if p.requires_grad
        ]

    def parameters(self) -> list[torch.Tensor]:
        return [master for _, master in self.pairs]

    @torch.no_grad()
    def grads_to_master(self) -> None:
        for param, master in self.pairs:
            master.grad = None if param.grad is None else param.grad.float()
            param.grad = None

    @torch.no_grad()
    def master_to_model(self) -> None:
        for param, master in self.pairs:
            param.copy_(master)
