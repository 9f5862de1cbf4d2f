"""The one-launch residual blocks (patchzoo/kernels/hifigan_block.py) against the per-step launches of
hifigan_conv.py they replace and against their PyTorch reference; on the CPU under TRITON_INTERPRET=1 (conftest)."""

import pytest
import torch
from test_hifigan_conv import TOL, _as_float
from test_hifigan_step import SLOPE, chained, step_convs

from patchzoo.kernels.hifigan_block import (
    BlockTile,
    StackedSteps,
    default_block_tile,
    masked_leaky_block,
    masked_leaky_block_reference,
)


def stacked_steps(c, kernels, dilations, dtype, device="cpu"):
    return StackedSteps.from_steps([step_convs(c, kernels, d, dtype, device, seed=s) for s, d in enumerate(dilations)])


def stage_input(batch, c, t_len, length, dtype, device="cpu"):
    """(B, C, T) views of (B, T, C) memory, zero from `length` on, and its activation."""
    hidden = torch.randn(batch, t_len, c, dtype=dtype, device=device)
    hidden = hidden.masked_fill((torch.arange(t_len, device=device) >= length)[:, None], 0).transpose(1, 2)
    return hidden, torch.nn.functional.leaky_relu(hidden, SLOPE)


def step_by_step(hidden, act, stacked, length):
    """The launches the block kernel replaces: two per step, all blocks at once (the vocoder's 16-64 channel path)."""
    groups = len(stacked.steps[0][0].taps_host)
    state, act = hidden.expand(groups, *hidden.shape), act.expand(groups, *hidden.shape)
    for conv1, conv2 in stacked.steps:
        state, act = chained(act, state, conv1, conv2, length, store="both")
    return state


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize(
    "c,t_len,length,kernels,dilations,tile",
    [
        # halo 12: tiles of 40 output steps, 16-row chunks; taps reach across tile edges and past both ends
        (16, 150, 131, (3, 5), (1, 3), BlockTile(64, 16)),
        # SeamlessM4T-v2's blocks (halo 60), 20 channels (not a power of two), no padding, chunks of 64 rows
        (20, 300, 300, (3, 7, 11), (1, 3, 5), BlockTile(256, 64)),
        # a bucket padded well past the length, one step
        (16, 120, 57, (3, 7), (2,), BlockTile(32, 32)),
    ],
)
def test_block_equals_the_step_launches(dtype, c, t_len, length, kernels, dilations, tile):
    """Every step's values as the per-step launches compute them (the same products in the same order, where one
    channel chunk covers C; compared to the last bit of the output dtype, as the interpreter's matmuls of other
    row counts may sum in another order on another CPU), outputs channels-last, zero beyond the length; and the
    reference within rounding."""
    stacked = stacked_steps(c, kernels, dilations, dtype)
    hidden, act = stage_input(2, c, t_len, length, dtype)
    length = torch.tensor(length)
    out = masked_leaky_block(hidden, act, stacked, length, tile=tile)
    want = step_by_step(hidden, act, stacked, length)
    assert out.shape == want.shape == (len(kernels), 2, c, t_len) and out.stride(2) == 1
    ulp = dict(rtol=1e-6, atol=1e-6) if dtype == torch.float32 else dict(rtol=1e-3, atol=1e-3)
    torch.testing.assert_close(out, want, **ulp)
    as_float = [(_as_float(c1), _as_float(c2)) for c1, c2 in stacked.steps]
    reference = masked_leaky_block_reference(hidden.float(), as_float, length)
    torch.testing.assert_close(out.float(), reference, **TOL[dtype])
    assert not out[..., int(length):].any()


def test_stacked_views_follow_refresh_and_bad_input():
    """The per-step GroupedConvs are views of the stacked buffers (a refresh reaches the block kernel);
    one-line errors for what the kernel does not compute."""
    stacked = stacked_steps(16, (3, 5), (1, 3), torch.float32)
    conv1 = stacked.steps[1][0]
    assert conv1.weight.data_ptr() == stacked.weight1[1].data_ptr() and stacked.halo() == 12
    conv = torch.nn.Conv1d(16, 16, 5, dilation=3, padding=6)
    conv1.refresh([torch.nn.Conv1d(16, 16, 3, dilation=3, padding=3), conv])
    assert torch.equal(stacked.weight1[1, 1], conv.weight.detach().permute(2, 0, 1))
    hidden, act = stage_input(1, 16, 40, 33, torch.float32)
    length = torch.tensor(33)
    assert default_block_tile(16, torch.float16) is not None and default_block_tile(128, torch.float16) is None
    with pytest.raises(ValueError, match="no default tile for 128 channels"):
        big = stacked_steps(128, (3,), (1,), torch.float32)
        masked_leaky_block(*stage_input(1, 128, 40, 33, torch.float32), big, length)
    with pytest.raises(ValueError, match="block_m=24 leaves no output rows around a halo of 12"):
        masked_leaky_block(hidden, act, stacked, length, tile=BlockTile(24, 16))
    with pytest.raises(ValueError, match="differ from hidden's"):
        masked_leaky_block(hidden, act.contiguous(), stacked, length)
    dilated = StackedSteps.from_steps([(conv1, conv1)])
    with pytest.raises(ValueError, match="do not form fusable blocks"):
        masked_leaky_block(hidden, act, dilated, length)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_gpu_block_at_large_config_shapes(dtype):
    """The large vocoder's stages of 16-64 channels (kernels 3 / 7 / 11, dilations 1 / 3 / 5, the default tiles):
    the per-step launches' values within the rounding of another summation order."""
    saved = torch.backends.cudnn.allow_tf32
    torch.backends.cudnn.allow_tf32 = True  # fp32 runs as TF32 in both, as in the vocoder
    try:
        for c, t_len in ((64, 8960), (32, 17920), (16, 35840)):
            stacked = stacked_steps(c, (3, 7, 11), (1, 3, 5), dtype, device="cuda")
            hidden, act = stage_input(1, c, t_len, t_len - 37, dtype, device="cuda")
            length = torch.tensor(t_len - 37, device="cuda")
            out = masked_leaky_block(hidden, act, stacked, length)
            want = step_by_step(hidden, act, stacked, length)
            err = ((out.float() - want.float()).norm() / want.float().norm()).item()
            assert err < {torch.float32: 2e-3, torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype], (c, err)
            assert not out[..., t_len - 37:].any()
    finally:
        torch.backends.cudnn.allow_tf32 = saved
