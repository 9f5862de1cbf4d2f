"""The fused HiFi-GAN upsampling kernel (patchzoo/kernels/hifigan/upsample.py) against its PyTorch reference, and
the reference against stock's own eager sequence.

On the CPU the kernel runs under TRITON_INTERPRET=1 (set by conftest) on tiny shapes, with tiles of 16 so that
the time, input- and output-channel tails are all crossed; the GPU test runs SeamlessM4T-v2's stage shapes.
"""

import pytest
import torch
import torch.nn.functional as F

from patchzoo.kernels.hifigan.masked_conv import ConvTile
from patchzoo.kernels.hifigan.upsample import (TransposedConv, covered_as_transposed, covered_transposed,
                                               masked_leaky_upsample, masked_leaky_upsample_reference)

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.float16: dict(rtol=1e-2, atol=1e-2)}
SEAMLESS = [(11, 5), (8, 4), (4, 2)]  # (kernel, stride) of the vocoder's stages; padding (K - s) / 2
SLOPE, ACT_SLOPE = 0.1, 0.2  # different slopes, so that mixing them up fails
SMALL = ConvTile(block_o=16, block_i=16, block_t=16, num_warps=4, num_stages=2)


def upsampler(c_in, c_out, kernel, stride, dtype=torch.float32, device="cpu", seed=0):
    torch.manual_seed(seed)
    conv = torch.nn.ConvTranspose1d(c_in, c_out, kernel, stride=stride, padding=(kernel - stride) // 2)
    return conv.to(device, dtype)


def inputs(groups, batch, c, t_in, dtype, channels_last, device="cpu", seed=1):
    """(G, B, C, T) block results; channels-last: each group's (B, C, T) a view of (B, T, C) memory."""
    torch.manual_seed(seed)
    if channels_last:
        return torch.randn(groups, batch, t_in, c, dtype=dtype, device=device).transpose(2, 3)
    return torch.randn(groups, batch, c, t_in, dtype=dtype, device=device)


def _as_float(up: TransposedConv) -> TransposedConv:
    return TransposedConv(up.weight.float(), up.bias.float(), up.kernel, up.stride, up.padding)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("groups", [1, 3])
@pytest.mark.parametrize("kernel,stride", SEAMLESS)
@pytest.mark.parametrize("x_channels_last,channels_last,store",
                         [(True, True, "both"), (False, False, "out"), (True, False, "out"), (False, True, "both")])
def test_kernel_equals_reference(dtype, groups, kernel, stride, x_channels_last, channels_last, store):
    """C_in 20 -> C_out 10 (not multiples of the tiles), 21 input frames (two time tiles per phase), a real length
    inside the output that is no multiple of the stride (zeros beyond it). fp16 against the fp32 reference of the
    same values (the 16-bit roundings of the mean are within the tolerance; their bits are tested below)."""
    batch, c_in, c_out, t_in = 2, 20, 10, 21
    up = TransposedConv.from_conv(upsampler(c_in, c_out, kernel, stride, dtype))
    x = inputs(groups, batch, c_in, t_in, dtype, x_channels_last)
    t_out = up.output_length(t_in)
    length = torch.tensor(t_out - 2 * stride - 1)
    got = masked_leaky_upsample(x, up, length, slope=SLOPE, act_slope=ACT_SLOPE, store=store,
                                channels_last=channels_last, tile=SMALL)
    want = masked_leaky_upsample_reference(x.float(), _as_float(up), length, slope=SLOPE, act_slope=ACT_SLOPE,
                                           store=store)
    got, want = (got, want) if store == "both" else ((got,), (want,))
    for g, w in zip(got, want):
        assert g.shape == (batch, c_out, t_out) and g.dtype == dtype
        assert g.stride(1) == (1 if channels_last else t_out)
        torch.testing.assert_close(g.float(), w, **TOL[dtype])
        assert (g[..., int(length):] == 0).all() and (g[..., int(length) - 1] != 0).any()
    if store == "both":  # act is the output activated after rounding: exactly, in every dtype
        assert torch.equal(got[1], F.leaky_relu(got[0], ACT_SLOPE))


def test_default_tile_and_shared_input():
    """The default tile, and G = 3 views of one input (group stride 0): stock's ((x + x) + x) / 3."""
    up = TransposedConv.from_conv(upsampler(20, 10, 8, 4))
    x = inputs(1, 1, 20, 9, torch.float32, channels_last=True).expand(3, -1, -1, -1)
    length = torch.tensor(30)
    got = masked_leaky_upsample(x, up, length, slope=SLOPE)
    want = masked_leaky_upsample_reference(x, up, length, slope=SLOPE)
    torch.testing.assert_close(got, want, **TOL[torch.float32])


# bf16 on the GPU only: the interpreter's tl.dot reads bf16 operands as integers (triton 3.9)
@pytest.mark.parametrize("dtype", [torch.float16, pytest.param(torch.bfloat16, marks=pytest.mark.gpu)])
def test_kernel_reads_stocks_rounded_activation(dtype, device):
    """The convolution's input is stock's activated mean bit for bit: with weight 1 on the diagonal at tap p
    only (zero elsewhere, zero bias), out[..., n s] = a[..., n] exactly, and a must equal stock's eager
    leaky_relu(((x0 + x1) + x2) / 3) in the same 16-bit dtype. Control: the mean taken in fp32 and rounded once
    differs somewhere, so the comparison can tell the two apart."""
    c, kernel, stride, t_in = 20, 4, 2, 33
    conv = upsampler(c, c, kernel, stride, dtype, device)
    with torch.no_grad():
        conv.weight.zero_()
        conv.weight[:, :, conv.padding[0]] = torch.eye(c, dtype=dtype)
        conv.bias.zero_()
    x = inputs(3, 2, c, t_in, dtype, channels_last=True, device=device) * 4
    up = TransposedConv.from_conv(conv)
    out = masked_leaky_upsample(x, up, torch.tensor(t_in * stride, device=device), slope=SLOPE, tile=SMALL)
    stock = F.leaky_relu(((x[0] + x[1]) + x[2]) / 3, SLOPE)
    assert torch.equal(out[..., ::stride], stock)
    rounded_once = F.leaky_relu((x.float().sum(0) / 3).to(dtype), SLOPE)
    assert not torch.equal(rounded_once, stock)


@pytest.mark.parametrize("kernel,stride", SEAMLESS)
def test_reference_is_stocks_eager_sequence(kernel, stride):
    """The reference itself in fp16, G = 3: equal (not close) to stock's eager ops with the module's own
    ConvTranspose1d and the zoo's mask, and (fp32) to the module on the mean at full length."""
    conv = upsampler(12, 6, kernel, stride, torch.float16)
    x = inputs(3, 2, 12, 10, torch.float16, channels_last=False)
    length = torch.tensor(10 * stride - 3)
    with torch.no_grad():
        stock = conv(F.leaky_relu((((x[0] + x[1]) + x[2]) / 3), SLOPE))
        stock = stock.masked_fill(torch.arange(stock.shape[-1]) >= length, 0.0)
    got = masked_leaky_upsample_reference(x, TransposedConv.from_conv(conv), length, slope=SLOPE)
    assert got.is_contiguous() and torch.equal(got, stock)
    conv = conv.float()
    with torch.no_grad():
        stock = conv(F.leaky_relu(x[0].float(), SLOPE))
    got = masked_leaky_upsample_reference(x[:1].float(), TransposedConv.from_conv(conv), torch.tensor(10**6),
                                          slope=SLOPE)
    torch.testing.assert_close(got, stock, rtol=1e-5, atol=1e-6)


def test_refresh_follows_in_place_updates():
    """from_conv copies (the kernel does not see later writes); refresh copies them in, at the same addresses."""
    conv = upsampler(20, 10, 8, 4)
    up = TransposedConv.from_conv(conv)
    pointers = up.weight.data_ptr(), up.bias.data_ptr()
    assert up.weight.is_contiguous() and up.weight.shape == (8, 20, 10)
    x = inputs(1, 1, 20, 9, torch.float32, channels_last=True)
    length = torch.tensor(36)
    before = masked_leaky_upsample(x, up, length, slope=SLOPE, tile=SMALL)
    with torch.no_grad():
        conv.weight.mul_(-2.0)
        conv.bias.add_(1.0)
    assert torch.equal(masked_leaky_upsample(x, up, length, slope=SLOPE, tile=SMALL), before)
    up.refresh(conv)
    assert (up.weight.data_ptr(), up.bias.data_ptr()) == pointers
    with torch.no_grad():
        want = conv(F.leaky_relu(x[0], SLOPE))
    torch.testing.assert_close(masked_leaky_upsample(x, up, length, slope=SLOPE, tile=SMALL), want,
                               **TOL[torch.float32])


def test_covered_transposed_convolutions():
    for kernel, stride in SEAMLESS:
        assert covered_transposed(torch.nn.ConvTranspose1d(32, 16, kernel, stride, padding=(kernel - stride) // 2))
    assert not covered_transposed(torch.nn.ConvTranspose1d(32, 16, 4, 2, padding=1, output_padding=1))
    assert not covered_transposed(torch.nn.ConvTranspose1d(32, 16, 4, 2, padding=1, groups=2))
    assert not covered_transposed(torch.nn.ConvTranspose1d(32, 16, 4, 2, padding=1, bias=False))
    assert not covered_transposed(torch.nn.ConvTranspose1d(32, 16, 4, 2, padding=1, dilation=2))
    assert not covered_transposed(torch.nn.Conv1d(32, 16, 4, 2, padding=1))


@pytest.mark.parametrize("kernel,padding", [(7, 3), (3, 1), (4, 0)])
def test_conv1d_runs_as_its_transposed_convolution(kernel, padding):
    """A stride-1 Conv1d (the vocoder's conv_post) through the kernel, G = 3: stock's block mean, leaky ReLU and
    the Conv1d itself, masked; refresh follows in-place writes to the Conv1d."""
    torch.manual_seed(0)
    conv = torch.nn.Conv1d(20, 3, kernel, padding=padding)
    up = TransposedConv.from_conv(conv)
    x = inputs(3, 2, 20, 19, torch.float32, channels_last=True)
    length = torch.tensor(15)

    def stock():
        with torch.no_grad():
            y = conv(F.leaky_relu(((x[0] + x[1]) + x[2]) / 3, SLOPE))
        return y.masked_fill(torch.arange(y.shape[-1]) >= length, 0.0)

    got = masked_leaky_upsample(x, up, length, slope=SLOPE, channels_last=True, tile=SMALL)
    assert got.shape == stock().shape
    torch.testing.assert_close(got, stock(), **TOL[torch.float32])
    torch.testing.assert_close(masked_leaky_upsample_reference(x, up, length, slope=SLOPE), stock(),
                               **TOL[torch.float32])
    with torch.no_grad():
        conv.weight.mul_(-2.0)
    up.refresh(conv)
    torch.testing.assert_close(masked_leaky_upsample(x, up, length, slope=SLOPE, channels_last=True, tile=SMALL),
                               stock(), **TOL[torch.float32])


def test_conv1d_covered_as_transposed():
    assert covered_as_transposed(torch.nn.Conv1d(32, 1, 7, padding=3))
    assert covered_as_transposed(torch.nn.Conv1d(32, 1, 7, padding=6))
    assert not covered_as_transposed(torch.nn.Conv1d(32, 1, 7, padding=7))  # beyond K - 1: not a transposed conv
    assert not covered_as_transposed(torch.nn.Conv1d(32, 1, 7, padding="same"))
    assert not covered_as_transposed(torch.nn.Conv1d(32, 1, 7, stride=2, padding=3))
    assert not covered_as_transposed(torch.nn.Conv1d(32, 1, 7, dilation=2, padding=6))
    assert not covered_as_transposed(torch.nn.Conv1d(32, 2, 7, padding=3, groups=2))
    assert not covered_as_transposed(torch.nn.Conv1d(32, 1, 7, padding=3, bias=False))
    assert not covered_as_transposed(torch.nn.ConvTranspose1d(32, 1, 7, padding=3))


@pytest.mark.parametrize("function", [masked_leaky_upsample, masked_leaky_upsample_reference])
def test_store_errors(function):
    up = TransposedConv.from_conv(upsampler(4, 2, 4, 2))
    x, length = torch.randn(1, 1, 4, 5), torch.tensor(10)
    with pytest.raises(ValueError, match="store='act' is not one of out, both"):
        function(x, up, length, slope=SLOPE, store="act")
    with pytest.raises(ValueError, match="store='both' needs act_slope"):
        function(x, up, length, slope=SLOPE, store="both")


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_gpu_kernel_at_seamless_shapes(dtype):
    """Every upsampling stage of SeamlessM4T-v2's vocoder (512 -> 256 ... 32 -> 16 channels, 112 frames in),
    G = 3 channels-last block results in, channels-last out, a real length inside the bucket."""
    torch.backends.cudnn.allow_tf32 = False
    t_in, c = 112, 512
    for kernel, stride in [(11, 5), (8, 4), (8, 4), (4, 2), (4, 2)]:
        up = TransposedConv.from_conv(upsampler(c, c // 2, kernel, stride, dtype, device="cuda"))
        x = inputs(3, 1, c, t_in, dtype, channels_last=True, device="cuda")
        t_out = up.output_length(t_in)
        length = torch.tensor(t_out - 37, device="cuda")
        got = masked_leaky_upsample(x, up, length, slope=SLOPE, channels_last=True)
        want = masked_leaky_upsample_reference(x.float(), _as_float(up), length, slope=SLOPE)
        err = ((got.float() - want).norm() / want.norm()).item()
        assert err < {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype], (c, err)
        assert (got[..., t_out - 37:] == 0).all()
        t_in, c = t_out, c // 2
    torch.backends.cudnn.allow_tf32 = True
