"""The fused residual-block step (patchzoo/kernels/hifigan/residual_step.py) against the two chained launches of
masked_conv.py it replaces and against its PyTorch reference; on the CPU under TRITON_INTERPRET=1 (conftest)."""

import pytest
import torch
from test_hifigan_conv import TOL, _as_float

from patchzoo.kernels.hifigan.masked_conv import GroupedConv, masked_leaky_conv
from patchzoo.kernels.hifigan.residual_step import (
    StepTile,
    default_step_tile,
    fusable,
    masked_leaky_step,
    masked_leaky_step_reference,
)

SLOPE = 0.1


def step_convs(c, kernels, dilation, dtype, device="cpu", seed=0):
    torch.manual_seed(seed)
    convs1 = [torch.nn.Conv1d(c, c, k, dilation=dilation, padding=dilation * (k - 1) // 2) for k in kernels]
    convs2 = [torch.nn.Conv1d(c, c, k, padding=(k - 1) // 2) for k in kernels]
    stack = lambda convs: GroupedConv.from_convs([m.to(device, dtype) for m in convs], SLOPE)  # noqa: E731
    return stack(convs1), stack(convs2)


def state_and_act(groups, batch, c, t_len, length, dtype, shared=False, device="cpu"):
    """(G, B, C, T) views of (G, B, T, C) memory, zero from `length` on, and its activation; shared: one input
    for every group (group stride 0), as a stage's first step reads it."""
    state = torch.randn(1 if shared else groups, batch, t_len, c, dtype=dtype, device=device)
    state = state.masked_fill((torch.arange(t_len, device=device) >= length)[:, None], 0).transpose(2, 3)
    state = state.expand(groups, -1, -1, -1)
    return state, torch.nn.functional.leaky_relu(state, SLOPE)


def chained(act, state, conv1, conv2, length, store="both"):
    mid = masked_leaky_conv(act, conv1, length, x_activated=True, store="act", channels_last=True)
    return masked_leaky_conv(mid, conv2, length, residual=state, x_activated=True, store=store, channels_last=True)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize(
    "c,t_len,length,dilation,block_m,shared",
    [
        (16, 70, 63, 3, 32, False),  # tiles of 22 output steps: taps reach across tile edges and past both ends
        (20, 45, 45, 5, 16, True),  # channels not a power of two, no padding, 6-step tiles, one shared input
        (16, 90, 51, 1, 64, False),  # a bucket padded well past the length
    ],
)
def test_step_equals_the_chained_launches(dtype, c, t_len, length, dilation, block_m, shared):
    """Kernels 3 / 5 / 11 (halo 5): the same values as the two launches it replaces (the same products in the
    same order here, where one channel chunk covers C; compared to the last bit of the output dtype, since the
    interpreter's matmuls of other row counts may sum in another order on another CPU), outputs channels-last,
    zeros beyond the length plus the residual; and the reference within rounding."""
    conv1, conv2 = step_convs(c, (3, 5, 11), dilation, dtype)
    state, act = state_and_act(3, 2, c, t_len, length, dtype, shared)
    length = torch.tensor(length)
    out, act_out = masked_leaky_step(act, state, conv1, conv2, length, tile=StepTile(block_m))
    want_out, want_act = chained(act, state, conv1, conv2, length)
    assert out.shape == want_out.shape and out.stride(2) == 1 and act_out.stride(2) == 1
    ulp = dict(rtol=1e-6, atol=1e-6) if dtype == torch.float32 else dict(rtol=1e-3, atol=1e-3)
    torch.testing.assert_close(out, want_out, **ulp)
    torch.testing.assert_close(act_out, want_act, **ulp)
    assert torch.equal(masked_leaky_step(act, state, conv1, conv2, length, store="out", tile=StepTile(block_m)), out)
    reference = masked_leaky_step_reference(act.float(), state.float(), _as_float(conv1), _as_float(conv2), length,
                                            store="out")
    torch.testing.assert_close(out.float(), reference, **TOL[dtype])
    assert torch.equal(out[..., int(length):], state[..., int(length):])


def test_tiles_and_bad_input():
    conv1, conv2 = step_convs(16, (3, 7), 3, torch.float32)
    state, act = state_and_act(2, 1, 16, 40, 33, torch.float32)
    length = torch.tensor(33)
    got = masked_leaky_step(act, state, conv1, conv2, length, store="out", tile=StepTile(64))
    torch.testing.assert_close(got, chained(act, state, conv1, conv2, length, store="out"), rtol=1e-6, atol=1e-6)
    assert default_step_tile(256, torch.float16) is None and default_step_tile(64, torch.float16) is None
    assert default_step_tile(128, torch.float16) is not None and default_step_tile(128, torch.float32) is None
    assert not fusable(conv1, conv1)  # a dilated conv2
    with pytest.raises(ValueError, match="store='act' is not one of out, both"):
        masked_leaky_step(act, state, conv1, conv2, length, store="act")
    with pytest.raises(ValueError, match="do not form a fusable step"):
        masked_leaky_step(act, state, conv1, conv1, length)
    with pytest.raises(ValueError, match="no default tile for 16 channels"):
        masked_leaky_step(act, state, conv1, conv2, length)
    with pytest.raises(ValueError, match="block_m=4 leaves no output rows around a halo of 3"):
        masked_leaky_step(act, state, conv1, conv2, length, tile=StepTile(4))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_gpu_step_at_large_config_shapes(dtype):
    """The large vocoder's stages of at most 128 channels, kernels 3 / 7 / 11, dilation 5 (the 128-channel
    stage's 16-bit default tile, else 128 rows without pipelining, as much as fp32's shared memory allows): the
    chained launches' values within the rounding of another summation order (their channel chunks differ)."""
    saved = torch.backends.cudnn.allow_tf32
    torch.backends.cudnn.allow_tf32 = True  # fp32 runs as TF32 in both, as in the vocoder
    try:
        for c, t_len in ((128, 2240), (64, 8960), (32, 17920), (16, 35840)):
            conv1, conv2 = step_convs(c, (3, 7, 11), 5, dtype, device="cuda")
            state, act = state_and_act(3, 1, c, t_len, t_len - 37, dtype, shared=True, device="cuda")
            length = torch.tensor(t_len - 37, device="cuda")
            out, act_out = masked_leaky_step(act, state, conv1, conv2, length,
                                             tile=default_step_tile(c, dtype) or StepTile(128, 8, 1))
            want_out, _ = chained(act, state, conv1, conv2, length)
            err = ((out.float() - want_out.float()).norm() / want_out.float().norm()).item()
            assert err < {torch.float32: 2e-3, torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype], (c, err)
            assert torch.equal(act_out, torch.nn.functional.leaky_relu(out, SLOPE))
    finally:
        torch.backends.cudnn.allow_tf32 = saved
