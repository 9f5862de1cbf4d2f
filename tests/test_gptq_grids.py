"""Pieces of the GPTQ quantizer: the MSE-searched clipping of each group's range, static groups, and v_proj's
attention-weighted Hessian."""

import pytest
import torch
import transformers

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


@torch.no_grad()
def test_value_hessian_is_the_attention_weighted_input(tiny_checkpoints):
    """ValueHessianHook under the model's own attention equals 2/n sum xbar xbar^T with xbar = A x from eager
    attention's probabilities: what the attention output reads of v_proj's error."""
    from patchzoo.conversion.gptq_model import ValueHessianHook

    path = tiny_checkpoints("llama")
    model = transformers.LlamaForCausalLM.from_pretrained(path, dtype=torch.float32).eval()
    eager = transformers.LlamaForCausalLM.from_pretrained(path, dtype=torch.float32, attn_implementation="eager")
    ids = torch.randint(4, 500, (2, 12), generator=torch.Generator().manual_seed(0))
    attention = model.model.layers[1].self_attn
    hook = ValueHessianHook(attention, torch.device("cpu"))
    handles = hook.attach()
    inputs = []
    handles.append(attention.v_proj.register_forward_hook(lambda m, args, out: inputs.append(args[0])))
    try:
        for row in ids:
            model(input_ids=row[None], use_cache=False)
    finally:
        for h in handles:
            h.remove()
    expected, count = 0, 0
    for row, x in zip(ids, inputs):
        probs = eager(input_ids=row[None], output_attentions=True, use_cache=False).attentions[1][0]  # (heads, L, L)
        xbar = probs @ x[0]  # (heads, L, in)
        expected = expected + torch.einsum("hli,hlj->ij", xbar, xbar)
        count += xbar.shape[0] * xbar.shape[1]
    expected = 2 * expected / count
    assert torch.allclose(hook.hessian, expected, rtol=1e-4, atol=1e-5 * float(expected.abs().max()))
    plain = sum(x[0].t() @ x[0] for x in inputs) * 2 / sum(x.shape[1] for x in inputs)
    assert not torch.allclose(hook.hessian, plain, rtol=1e-2)  # it weighs tokens differently from x x^T


def test_held_out_perplexity_warns_when_gptq_lost():
    from patchzoo.conversion.gptq_model import HeldOutPerplexity

    won, lost = HeldOutPerplexity(10.0, 12.0, 11.0), HeldOutPerplexity(10.0, 12.0, 12.5)
    assert not won.gptq_lost() and won.warning() is None
    assert lost.gptq_lost() and "GPTQ lost to round-to-nearest" in lost.warning() and "12.500" in lost.warning()
