"""The fused HiFi-GAN residual-block kernel (patchzoo/kernels/hifigan/masked_conv.py) against its PyTorch reference,
and the zoo vocoder's HiFi-GAN with the kernel against the one without it and against stock.

On the CPU the kernel runs under TRITON_INTERPRET=1 (set by conftest) on tiny shapes; the GPU tests run
the large config's shapes compiled.
"""

import pytest
import torch
from test_seamless_vocoder import SHALLOW, stock_vocoder

from patchzoo.kernels.hifigan.masked_conv import GroupedConv, covered, masked_leaky_conv, masked_leaky_conv_reference
from patchzoo.kernels.hifigan.residual_step import StepTile, masked_leaky_step
from patchzoo.models import seamless_hifigan
from patchzoo.models import seamless_vocoder as zoo

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.float16: dict(rtol=1e-2, atol=1e-2)}


def grouped_conv(c_in, c_out, kernels, dilations, dtype, device="cpu", seed=0):
    torch.manual_seed(seed)
    convs = [torch.nn.Conv1d(c_in, c_out, k, dilation=d, padding=d * (k - 1) // 2) for k, d in zip(kernels, dilations)]
    return convs, GroupedConv.from_convs([c.to(device, dtype) for c in convs], slope=0.1)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("shared_input,residual", [(True, False), (False, True)])
def test_kernel_equals_reference(dtype, shared_input, residual):
    """Three groups of kernels 3 / 5 / 7 and dilations 1 / 3 / 5 (taps reaching past both ends), channels not a
    multiple of the tiles, a real length inside the bucket (zeros beyond it, as the vocoder keeps them)."""
    groups, batch, c, t_len, length = 3, 2, 20, 50, 37
    _, conv = grouped_conv(c, c, (3, 5, 7), (1, 3, 5), dtype)
    x = torch.randn(1 if shared_input else groups, batch, c, t_len, dtype=dtype)
    x[..., length:] = 0
    x = x.expand(groups, -1, -1, -1)
    res = torch.randn(groups, batch, c, t_len, dtype=dtype).masked_fill(torch.arange(t_len) >= length, 0) if residual else None
    length = torch.tensor(length)
    got = masked_leaky_conv(x, conv, length, residual=res)
    want = masked_leaky_conv_reference(x.float(), _as_float(conv), length, None if res is None else res.float())
    torch.testing.assert_close(got.float(), want, **TOL[dtype])
    assert (got[..., 37:] == (0 if res is None else res[..., 37:])).all()


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_chained_launches_equal_the_activating_kernel(dtype):
    """Pre-activated input (x_activated) and the activated output (store "act" / "both") give the same numbers
    as the kernel that activates its own input: bit for bit (same products, same order), and the reference."""
    groups, batch, c, t_len, length = 3, 1, 20, 50, 37
    _, conv = grouped_conv(c, c, (3, 5, 7), (1, 3, 5), dtype)
    x = torch.randn(groups, batch, c, t_len, dtype=dtype).masked_fill(torch.arange(t_len) >= length, 0)
    length = torch.tensor(length)
    plain = masked_leaky_conv(x, conv, length, residual=x)
    act_x = torch.nn.functional.leaky_relu(x, conv.slope)
    out, act = masked_leaky_conv(act_x, conv, length, residual=x, x_activated=True, store="both")
    assert torch.equal(out, plain)
    assert torch.equal(act, torch.nn.functional.leaky_relu(plain, conv.slope))
    assert torch.equal(masked_leaky_conv(act_x, conv, length, residual=x, x_activated=True, store="act"), act)
    want = masked_leaky_conv_reference(act_x.float(), _as_float(conv), length, x.float(), x_activated=True,
                                       store="act")
    torch.testing.assert_close(act.float(), want, **TOL[dtype])
    with pytest.raises(ValueError, match="store='raw' is not one of out, act, both"):
        masked_leaky_conv(x, conv, length, store="raw")


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_channels_last_launches_equal_the_channel_major_kernel(dtype):
    """Time-major tiles over (G, B, T, C) memory: the same values as the channel-major kernel (within rounding
    of another summation order), outputs in channels-last memory, zeros beyond the length kept."""
    groups, batch, c, t_len, length = 3, 2, 20, 50, 37
    _, conv = grouped_conv(c, c, (3, 5, 7), (1, 3, 5), dtype)
    x = torch.randn(groups, batch, c, t_len, dtype=dtype).masked_fill(torch.arange(t_len) >= length, 0)
    x_cl = x.transpose(2, 3).contiguous().transpose(2, 3)
    length = torch.tensor(length)
    want = masked_leaky_conv(x, conv, length, residual=x, store="both")
    got = masked_leaky_conv(x_cl, conv, length, residual=x_cl, store="both", channels_last=True)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.stride(2) == 1
        torch.testing.assert_close(g.float(), w.float(), **TOL[dtype])
    assert (got[0][..., 37:] == x[..., 37:]).all()


@pytest.mark.parametrize("t_len,length", [(40, 29), (144, 131)])
def test_wide_input_default_tiles(t_len, length):
    """conv_pre's shape class (C_in >= 512, one group, no activation: slope 1, x counted as activated) on the
    default channels-last tiles of both time lengths (short: 16-step time tiles; long: 64), against the reference."""
    torch.manual_seed(0)
    conv = torch.nn.Conv1d(520, 40, 7, padding=3).half()
    grouped = GroupedConv.from_convs([conv], slope=1.0)
    x = torch.randn(1, 1, t_len, 520, dtype=torch.float16).masked_fill(torch.arange(t_len)[:, None] >= length, 0)
    x = x.transpose(2, 3)  # (1, B, C, T) view of (1, B, T, C) memory
    got = masked_leaky_conv(x, grouped, torch.tensor(length), x_activated=True, channels_last=True)
    want = masked_leaky_conv_reference(x.float(), _as_float(grouped), torch.tensor(length), x_activated=True)
    assert got.stride(2) == 1
    torch.testing.assert_close(got.float(), want, **TOL[torch.float16])
    assert (got[..., length:] == 0).all()


def _as_float(conv: GroupedConv) -> GroupedConv:
    return GroupedConv(conv.weight.float(), conv.bias.float(), conv.taps, conv.dilation, conv.taps_host,
                       conv.dilation_host, conv.slope)


def test_kernel_reference_is_stocks_convolution():
    """The reference itself: per group, stock's leaky_relu + Conv1d (no mask at full length)."""
    convs, conv = grouped_conv(6, 4, (3, 7), (2, 1), torch.float32)
    x = torch.randn(2, 1, 6, 30)
    want = torch.stack([c(torch.nn.functional.leaky_relu(x[g], 0.1)) for g, c in enumerate(convs)])
    torch.testing.assert_close(masked_leaky_conv_reference(x, conv, torch.tensor(30)), want, rtol=1e-5, atol=1e-6)


def test_covered_convolutions():
    assert covered(torch.nn.Conv1d(4, 4, 5, dilation=3, padding=6))
    assert not covered(torch.nn.Conv1d(4, 4, 5, padding=1))  # not "same" padding
    assert not covered(torch.nn.Conv1d(4, 4, 4, padding=2))  # even kernel
    assert not covered(torch.nn.Conv1d(4, 4, 3, padding=1, stride=2))
    assert not covered(torch.nn.Conv1d(4, 4, 3, padding=1, bias=False))


@pytest.mark.parametrize("weight_norm,channels_last,one_launch_steps",
                         [(False, False, False), (True, False, False), (False, True, False), (False, True, True)])
def test_hifigan_with_fused_blocks_equals_stock(weight_norm, channels_last, one_launch_steps, monkeypatch):
    """The masked HiFi-GAN on a padded bucket with the fused convolutions and upsamplers (channel-major, or
    channels-last stages; their residual steps as two launches, or as one: kernels/hifigan/residual_step.py, which the
    tiny config's 8-16 channels take only when told to): stock's waveform and the eager masked path's on the
    real samples; after an in-place weight update the stacked weights follow (same buffers)."""
    monkeypatch.setattr(seamless_hifigan, "CHANNELS_LAST_STAGES", channels_last)
    steps = []
    if one_launch_steps:
        monkeypatch.setattr(seamless_hifigan, "default_step_tile", lambda channels, dtype: StepTile(16))
        monkeypatch.setattr(seamless_hifigan, "masked_leaky_step",
                            lambda *a, **k: steps.append(1) or masked_leaky_step(*a, **k))
    vocoder = stock_vocoder(weight_norm, **SHALLOW)
    frames, bucket = 11, 16  # a short bucket: the interpreter runs every program of the kernel in Python
    torch.manual_seed(3)
    x = torch.randn(2, vocoder.hifi_gan.conv_pre.in_channels, frames)
    padded = torch.nn.functional.pad(x, (0, bucket - frames))
    length = torch.tensor(frames)
    samples = zoo.waveform_length(vocoder.hifi_gan, frames)
    with torch.inference_mode():  # the folded copy (weight norm) made here has inference parameters
        runtime = zoo.runtime_hifi_gan(vocoder.hifi_gan)
        fused = zoo.fused_hifigan(runtime)
    with torch.no_grad():
        got = zoo.masked_hifigan(runtime, padded, length, fused)
        unfused = zoo.masked_hifigan(runtime, padded, length)  # the samples past the real ones are cut by callers
        torch.testing.assert_close(got[:, :samples], unfused[:, :samples], rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(got[:, :samples], vocoder.hifi_gan(x), rtol=1e-5, atol=1e-5)
        assert len(steps) == (4 if one_launch_steps else 0)  # 2 stages x 2 dilation steps
        for stacked in (fused.pre, fused.ups[0], fused.stages[-1][-1][1], fused.post):  # control: the stacked weights run
            saved = stacked.weight.clone()
            stacked.weight.zero_()
            assert not torch.allclose(zoo.masked_hifigan(runtime, padded, length, fused), got, atol=1e-3)
            stacked.weight.copy_(saved)
        if not weight_norm:  # the runtime HiFi-GAN is the model's own: an optimizer-like in-place write
            runtime.resblocks[1].convs2[0].weight.mul_(-2.0)
            runtime.upsampler[-1].weight.mul_(-0.5)
            runtime.conv_post.weight.mul_(0.5)
            again = zoo.fused_hifigan(runtime)
            assert again is fused  # refreshed in place: CUDA graphs captured on these buffers stay valid
            torch.testing.assert_close(zoo.masked_hifigan(runtime, padded, length, again)[:, :samples],
                                       vocoder.hifi_gan(x), rtol=1e-5, atol=1e-5)
            runtime.conv_pre.weight = torch.nn.Parameter(runtime.conv_pre.weight * 3)  # a new parameter: rebuilt
            rebuilt = zoo.fused_hifigan(runtime)
            assert rebuilt is not fused
            torch.testing.assert_close(zoo.masked_hifigan(runtime, padded, length, rebuilt)[:, :samples],
                                       vocoder.hifi_gan(x), rtol=1e-5, atol=1e-5)


def test_uncovered_hifigan_runs_separate_kernels():
    vocoder = stock_vocoder(**SHALLOW)
    vocoder.hifi_gan.resblocks[0].convs1[0].padding = (0,)
    assert zoo.fused_hifigan(vocoder.hifi_gan) is None


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_gpu_kernel_at_large_config_shapes(dtype):
    """Every stage's channel count of the large vocoder (256 ... 16) with its kernels 3 / 7 / 11, dilation 5."""
    torch.backends.cudnn.allow_tf32 = False
    for c, t_len in ((256, 560), (128, 2240), (64, 8960), (32, 17920), (16, 35840)):
        _, conv = grouped_conv(c, c, (3, 7, 11), (5, 5, 5), dtype, device="cuda")
        length = t_len - 37
        x = torch.randn(1, 1, c, t_len, dtype=dtype, device="cuda").masked_fill(
            torch.arange(t_len, device="cuda") >= length, 0).expand(3, -1, -1, -1)
        length = torch.tensor(length, device="cuda")
        got = masked_leaky_conv(x, conv, length, residual=x)
        want = masked_leaky_conv_reference(x.float(), _as_float(conv), length, x.float())
        err = ((got.float() - want).norm() / want.norm()).item()
        assert err < {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype], (c, err)
    torch.backends.cudnn.allow_tf32 = True
