"""Group grids of the GPTQ quantizer: the MSE-searched clipping of each group's range, and static groups."""

import pytest
import torch

from patchzoo.conversion.gptq import (
    calibration_error,
    group_grid,
    minmax_grid,
    mse_grid,
    quantize_gptq,
    quantize_rtn,
    round_to_grid,
)


def grid_error(w, scale, zero, bits, norm=2.4):
    q = round_to_grid(w, scale[:, None], zero[:, None], bits)
    return ((w - scale[:, None] * (q - zero[:, None])).abs() ** norm).sum(dim=1)


@pytest.mark.parametrize("sym", [True, False], ids=["sym", "asym"])
@pytest.mark.parametrize("bits", [4, 8])
def test_mse_grid_never_worse_than_minmax_and_clips_an_outlier(sym, bits):
    gen = torch.Generator().manual_seed(0)
    w = torch.randn(16, 128, generator=gen)
    w[:, 5] *= 12  # one outlier per row: min/max spends most of the grid on it
    scale, zero = mse_grid(w, bits, sym)
    minmax_scale, minmax_zero = minmax_grid(w, bits, sym)
    assert torch.all(grid_error(w, scale, zero, bits) <= grid_error(w, minmax_scale, minmax_zero, bits))
    assert torch.all(zero >= 1) and torch.all(zero <= 2**bits - 1)
    if bits == 4:  # 16 levels: clipping the outlier is worth it in every row
        assert torch.all(scale < minmax_scale)
    assert torch.equal(scale, scale.half().float())  # stored scales are fp16 values


def test_group_grid_names_the_rule():
    w = torch.randn(4, 32)
    assert all(torch.equal(a, b) for a, b in zip(group_grid(w, 4, True, "minmax"), minmax_grid(w, 4, True)))
    with pytest.raises(ValueError, match="clip must be one of"):
        group_grid(w, 4, True, "percentile")


def test_rtn_with_mse_clipping_lowers_weight_error():
    gen = torch.Generator().manual_seed(2)
    w = torch.randn(32, 256, generator=gen) * torch.rand(32, 256, generator=gen) ** 4 * 3  # heavy-tailed weights
    plain = quantize_rtn(w, 4, 64, sym=False)
    clipped = quantize_rtn(w, 4, 64, sym=False, clip="mse")
    assert float(((w - clipped.dequantize()) ** 2).sum()) < float(((w - plain.dequantize()) ** 2).sum())


@pytest.mark.parametrize("clip", ["minmax", "mse"])
def test_static_groups_with_act_order(clip):
    gen = torch.Generator().manual_seed(3)
    weight = torch.randn(24, 96, generator=gen)
    x = torch.randn(400, 96, generator=gen) * torch.linspace(0.1, 3, 96)[torch.randperm(96, generator=gen)]
    hessian = 2 * x.t() @ x / x.shape[0]
    q = quantize_gptq(weight, hessian, 4, 32, sym=False, act_order=True, clip=clip, static_groups=True)
    assert torch.equal(q.g_idx, torch.arange(96, dtype=torch.int32) // 32)  # groups are runs of stored columns
    for g in range(3):  # each group's grid is the one of its original weights
        scale, zero = group_grid(weight[:, 32 * g:32 * (g + 1)], 4, False, clip)
        assert torch.equal(q.scales[g], scale) and torch.equal(q.zeros[g], zero.int())
    assert q.codes.min() >= 0 and q.codes.max() <= 15
    rtn = quantize_rtn(weight, 4, 32, sym=False, clip=clip)
    assert calibration_error(weight, q, hessian) < 0.9 * calibration_error(weight, rtn, hessian)
