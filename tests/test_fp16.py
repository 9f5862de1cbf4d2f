"""The float16 pieces of patchzoo.patches.fp16, one by one: each fixes its overflow, and the stock
operation it replaces shows that overflow on the same input (so each test fails without its fix).
Outside float16 every piece must compute exactly what stock computes."""

import pytest
import torch
import torch.nn as nn
from transformers import T5Config
from transformers.activations import NewGELUActivation
from transformers.masking_utils import bidirectional_mask_function, causal_mask_function, eager_mask, sdpa_mask
from transformers.models.t5.modeling_t5 import T5LayerFF

from transformers.activations import GELUActivation

from patchzoo.patches.fp16 import (
    FP32ResidualStream,
    SafeGELUTanh,
    check_power_of_two,
    float16_compute,
    mask_fill_value,
    match_weight_dtype,
    safe_gelu_tanh,
    scale_mask_fill,
    scaled_activation,
)

FP16_MAX = torch.finfo(torch.float16).max


def mask_kwargs(causal: bool, dtype: torch.dtype) -> dict:
    # batch 2 x 6 keys; the second row has 2 padded keys
    padding = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0]], dtype=torch.bool)
    return dict(
        batch_size=2, q_length=6, kv_length=6, mask_function=causal_mask_function if causal else bidirectional_mask_function,
        attention_mask=padding, allow_is_causal_skip=causal, dtype=dtype, device="cpu",
    )


@pytest.mark.parametrize("causal", [False, True])
def test_scaled_mask_plus_negative_bias_stays_finite(causal):
    stock = eager_mask(**mask_kwargs(causal, torch.float16))  # (2, 1, 6, 6) additive, finfo.min fill
    mask = scale_mask_fill(stock, torch.float16)
    assert mask.dtype == torch.float16 and mask.shape == stock.shape == (2, 1, 6, 6)
    # Same pattern as stock, only the fill differs.
    assert torch.equal(mask == 0, stock == 0)
    assert mask_fill_value(torch.float16) == 0.75 * -FP16_MAX
    assert mask.min() == torch.tensor(0.75 * -FP16_MAX, dtype=torch.float16)  # -49120 after rounding
    # A position bias of -100 on top: stock's fill rounds to -inf, the scaled fill keeps 16k of headroom.
    bias = torch.full((1, 4, 6, 6), -100.0, dtype=torch.float16)
    assert torch.isinf(stock + bias).any()
    assert torch.isfinite(mask + bias).all()
    assert torch.isfinite(mask + torch.full_like(bias, -16384.0)).all()


@pytest.mark.parametrize("base", [eager_mask, sdpa_mask])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("causal", [False, True])
def test_scaled_mask_is_stock_outside_fp16(base, dtype, causal):
    stock = base(**mask_kwargs(causal, dtype))
    ours = scale_mask_fill(stock, dtype)
    assert (ours is None and stock is None) or torch.equal(ours, stock)


def test_boolean_masks_get_the_scaled_fill_and_skipped_masks_stay_skipped():
    assert scale_mask_fill(None, torch.float16) is None  # stock skipped the mask: nothing to fill
    allowed = sdpa_mask(**mask_kwargs(True, torch.float16))  # (2, 1, 6, 6) bool, True = attend
    mask = scale_mask_fill(allowed, torch.float16)
    assert mask.dtype == torch.float16
    assert torch.equal(mask == 0, allowed)
    assert torch.equal(mask[~allowed], torch.full_like(mask[~allowed], mask_fill_value(torch.float16)))


def gelu_inputs() -> torch.Tensor:
    inside = torch.linspace(-39, 39, 2001)
    outside = torch.tensor([-1e4, -300.0, -150.0, -41.0, -39.5, 39.5, 41.0, 150.0, 300.0, 1e4])
    return torch.cat([inside, outside]).half()


def test_safe_gelu_values_and_gradients_in_fp16():
    x = gelu_inputs().requires_grad_()
    y = SafeGELUTanh()(x)
    inside = x.detach().abs() <= 39
    # NewGELU's formula where its cube fits in float16 (within an ulp of it evaluated in float32), ReLU beyond.
    reference = NewGELUActivation()(x.detach().float())
    torch.testing.assert_close(y[inside].float(), reference[inside], rtol=2**-10, atol=2**-22)  # atol: a few float16 subnormal steps
    assert torch.equal(y[~inside], torch.relu(x.detach())[~inside])
    y.sum().backward()
    assert torch.isfinite(x.grad).all()
    assert torch.equal(x.grad[~inside], (x.detach()[~inside] > 0).half())
    # Stock: the cube overflows, and its gradient 3x² (inf beyond 147.8) times tanh' = 0 gives NaN.
    x_stock = gelu_inputs().requires_grad_()
    assert torch.isinf(torch.pow(x_stock.detach(), 3.0)).any()
    NewGELUActivation()(x_stock).sum().backward()
    assert torch.isnan(x_stock.grad).any()


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_safe_gelu_is_stock_outside_fp16(dtype):
    x = (torch.randn(4096) * 60).to(dtype)
    assert torch.equal(SafeGELUTanh()(x), NewGELUActivation()(x))


def ff_block(dtype: torch.dtype, residual: bool) -> nn.Module:
    """A T5 feed-forward sublayer (pre-LayerNorm, residual add) whose output reaches ~2e4."""
    config = T5Config(d_model=32, d_ff=64, feed_forward_proj="gated-gelu", dropout_rate=0.0)
    torch.manual_seed(0)
    layer = T5LayerFF(config)
    with torch.no_grad():
        layer.DenseReluDense.wo.weight.mul_(1e5)
    if residual:
        layer.__class__ = type("FP32ResidualFF", (FP32ResidualStream, T5LayerFF), {})
    return layer.to(dtype).eval()


def test_fp32_residual_stream_keeps_a_large_stream_finite():
    hidden = torch.randn(2, 5, 32)
    hidden[:, :, :8] = 60000.0 * torch.sign(hidden[:, :, :8])  # a stream already near float16's max
    with torch.no_grad():
        reference = ff_block(torch.float32, residual=False)(hidden)
        assert reference.abs().max() > FP16_MAX  # the sum leaves float16's range
        stock = ff_block(torch.float16, residual=False)(hidden.half())
        ours = ff_block(torch.float16, residual=True)(hidden.half())
    assert torch.isinf(stock).any()
    assert ours.dtype == torch.float32 and torch.isfinite(ours).all()
    # Only the float16 sublayer's rounding remains: ~1e-3 of the sublayer output, 1e-5 of the stream.
    assert ((ours - reference).abs().max() / reference.abs().max()).item() < 1e-3


def test_fp32_residual_stream_leaves_other_dtypes_alone():
    hidden = torch.randn(2, 5, 32)
    for dtype in (torch.float32, torch.bfloat16):
        with torch.no_grad():
            ours = ff_block(dtype, residual=True)(hidden.to(dtype))
            stock = ff_block(dtype, residual=False)(hidden.to(dtype))
        assert ours.dtype == dtype and torch.equal(ours, stock)


def pre_activations(scale: int) -> torch.Tensor:
    """float32 pre-activations spanning ±scale · 60000 (past float16's max for scale > 1), the GeLU region included."""
    big = torch.logspace(0, torch.log10(torch.tensor(scale * 60000.0)).item(), 200)
    return torch.cat([torch.linspace(-6, 6, 241), big, -big, torch.tensor([39.5, 41.0, 300.0])])


@pytest.mark.parametrize("scale", [2, 8, 64])
def test_scaled_gelu_is_the_gelu_of_the_unscaled_input(scale):
    """safe_gelu_tanh(a / s, scale=s) == gelu(a) / s for pre-activations a up to s · 65504, gradients included."""
    a = pre_activations(scale)
    x = (a / scale).half().requires_grad_()  # what a float16 GEMM of the input / s stores: exact, finite
    assert torch.isfinite(x).all() and (a.abs() > FP16_MAX).any()
    y = safe_gelu_tanh(x, scale=scale)
    # Reference: the unscaled safe GeLU in float32 on the same (float16-rounded) pre-activations.
    a16 = x.detach().float() * scale
    reference = torch.where(a16 > 39, a16, NewGELUActivation()(a16.clamp(-39, 39))) / scale
    assert y.dtype == torch.float16 and torch.isfinite(y).all()
    torch.testing.assert_close(y.float(), reference, rtol=2**-10, atol=2**-22)  # atol: a few float16 subnormal steps
    y.float().sum().backward()
    a_ref = a16.clone().requires_grad_()
    torch.where(a_ref > 39, a_ref, NewGELUActivation()(a_ref.clamp(-39, 39))).sum().backward()
    # d(gelu(s·x)/s)/dx = gelu'(a): the scales cancel exactly in the backward too.
    assert torch.isfinite(x.grad).all()
    torch.testing.assert_close(x.grad.float(), a_ref.grad, rtol=2**-9, atol=2**-11)


def test_scaled_gelu_with_scale_one_is_the_safe_gelu():
    x = gelu_inputs()
    assert torch.equal(safe_gelu_tanh(x, scale=1), SafeGELUTanh()(x))


@pytest.mark.parametrize("act", [nn.ReLU(), GELUActivation()], ids=["relu", "gelu_erf"])
def test_scaled_activation_other_activations(act):
    """ReLU: act(x) itself (homogeneous); others: evaluated in float32 on s·x, returned / s in float16."""
    scale = 8
    a = pre_activations(scale)
    x = (a / scale).half()
    y = scaled_activation(act, x, scale)
    assert y.dtype == torch.float16 and torch.isfinite(y).all()
    reference = act(x.float() * scale) / scale
    torch.testing.assert_close(y.float(), reference, rtol=2**-10, atol=2**-22)  # atol: a few float16 subnormal steps


def test_float16_compute_follows_weights_and_autocast():
    assert float16_compute(torch.zeros(2, dtype=torch.float16))
    for dtype in (torch.float32, torch.bfloat16):
        assert not float16_compute(torch.zeros(2, dtype=dtype))
    with torch.autocast("cpu", dtype=torch.float16):
        assert float16_compute(torch.zeros(2))  # HF Trainer fp16=True: float32 weights, float16 GEMMs
    with torch.autocast("cpu", dtype=torch.bfloat16):
        assert not float16_compute(torch.zeros(2))


def test_match_weight_dtype_casts_like_stock_except_under_autocast():
    x = torch.randn(3, 4).half()
    wo32, wo16 = nn.Linear(4, 2, bias=False), nn.Linear(4, 2, bias=False).half()
    assert match_weight_dtype(x, wo32).dtype == torch.float32  # stock's float32 wo
    assert match_weight_dtype(x, wo16) is x
    with torch.autocast("cpu", dtype=torch.float16):
        assert match_weight_dtype(x, wo32) is x  # autocast casts the GEMM operands itself


@pytest.mark.parametrize("scale", [0, 3, 6, 2.0, -4, True])
def test_feed_forward_scale_must_be_a_power_of_two(scale):
    with pytest.raises(ValueError, match="power of two"):
        check_power_of_two(scale)
    assert check_power_of_two(16) == 16
