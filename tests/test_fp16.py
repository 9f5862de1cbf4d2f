"""The four float16 pieces of patchzoo.patches.fp16, one by one: each fixes its overflow, and the stock
operation it replaces shows that overflow on the same input (so each test fails without its fix).
Outside float16 every piece must compute exactly what stock computes."""

import pytest
import torch
import torch.nn as nn
from transformers import T5Config
from transformers.activations import NewGELUActivation
from transformers.masking_utils import bidirectional_mask_function, causal_mask_function, eager_mask, sdpa_mask
from transformers.models.t5.modeling_t5 import T5LayerFF

from patchzoo.patches.fp16 import (
    FP32ResidualStream,
    SafeGELUTanh,
    ScaledDownProjection,
    mask_fill_value,
    scale_down_projection,
    scaled_fill_mask,
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
    mask = scaled_fill_mask(eager_mask)(**mask_kwargs(causal, torch.float16))  # (2, 1, 6, 6)
    stock = eager_mask(**mask_kwargs(causal, torch.float16))
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
    ours = scaled_fill_mask(base)(**mask_kwargs(causal, dtype))
    stock = base(**mask_kwargs(causal, dtype))
    assert (ours is None and stock is None) or torch.equal(ours, stock)


def test_scaled_mask_is_skipped_only_without_padding():
    kwargs = mask_kwargs(False, torch.float16)
    kwargs.update(attention_mask=torch.ones(2, 6, dtype=torch.bool), allow_is_bidirectional_skip=True)
    assert scaled_fill_mask(sdpa_mask)(**kwargs) is None
    # A causal mask is always materialised in float16 (no is_causal shortcut with stock's own fill).
    kwargs = mask_kwargs(True, torch.float16)
    kwargs.update(attention_mask=torch.ones(2, 6, dtype=torch.bool))
    assert scaled_fill_mask(sdpa_mask)(**kwargs).shape == (2, 1, 6, 6)


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


def large_output_linear(dtype: torch.dtype, bias: bool = False) -> nn.Linear:
    torch.manual_seed(0)
    linear = nn.Linear(256, 16, bias=bias)
    with torch.no_grad():
        linear.weight.mul_(1e5)  # outputs up to ~2e5: over float16's max, under 8x it
    return linear.to(dtype)


@pytest.mark.parametrize("bias", [False, True])
def test_scaled_down_projection_does_not_overflow(bias):
    x = torch.randn(64, 256)
    reference = large_output_linear(torch.float32, bias)(x)
    assert reference.abs().max() > FP16_MAX
    stock = large_output_linear(torch.float16, bias)
    assert torch.isinf(stock(x.half())).any()
    ours = scale_down_projection(large_output_linear(torch.float16, bias), 8)
    assert isinstance(ours, ScaledDownProjection) and set(dict(ours.named_parameters())) == set(dict(stock.named_parameters()))
    y = ours(x.half())
    assert y.dtype == torch.float32 and torch.isfinite(y).all()
    # float16 inputs and weights: ~2^-11 relative rounding on each, accumulated over 256 products.
    assert ((y - reference).abs().max() / reference.abs().max()).item() < 2e-3


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_scaled_down_projection_is_plain_linear_outside_fp16(dtype):
    x = torch.randn(8, 256).to(dtype)
    stock = large_output_linear(dtype, bias=True)
    ours = scale_down_projection(large_output_linear(dtype, bias=True), 8)
    assert torch.equal(ours(x), stock(x))


@pytest.mark.parametrize("scale", [0, 3, 6, 2.0, -4])
def test_scaled_down_projection_wants_a_power_of_two(scale):
    with pytest.raises(ValueError, match="power of two"):
        scale_down_projection(nn.Linear(4, 4), scale)
