"""Decoding-step attention over a static cache (patchzoo/kernels/decode_attention.py) against stock's SDPA path.

CPU: Triton's interpreter (conftest); GPU (`pytest -m gpu`): the compiled kernel at Llama-3.1-8B's heads. Masks as a
static cache's: written slots visible but for left padding, unwritten ones hidden; bool (SDPA's) and additive (eager
attention's). Slots from `length` on hold garbage: the kernel must not read them into the result.
"""

import pytest
import torch

from patchzoo.kernels.decode_attention import (decode_attention, decode_attention_fits, decode_attention_reference,
                                               slot_splits)

TOL = {torch.float32: dict(rtol=1e-4, atol=1e-5), torch.float16: dict(rtol=2e-3, atol=2e-3),
       torch.bfloat16: dict(rtol=2e-2, atol=2e-2)}


def _case(batch, heads, kv_heads, slots, length, dim, dtype, device="cpu", seed=0):
    g = torch.Generator().manual_seed(seed)
    query = torch.randn(batch, 1, heads, dim, generator=g).to(dtype).transpose(1, 2)  # as Llama's projections
    keys = torch.randn(batch, kv_heads, slots, dim, generator=g).to(dtype)
    values = torch.randn(batch, kv_heads, slots, dim, generator=g).to(dtype)
    keys[:, :, length:], values[:, :, length:] = 1e4, float("nan")  # unwritten slots: must not count
    visible = torch.zeros(batch, 1, 1, slots, dtype=torch.bool)
    visible[..., :length] = True
    visible[0, ..., :3] = False  # left padding on the first row
    return [t.to(device) for t in (query, keys, values, visible)], torch.tensor(length, device=device)


def _additive(visible: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return torch.zeros(visible.shape, dtype=dtype, device=visible.device).masked_fill_(~visible, torch.finfo(dtype).min)


# bf16 on the GPU only: Triton's interpreter computes bf16 dots wrongly (numpy has no bf16)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16,
                                   pytest.param(torch.bfloat16, marks=pytest.mark.gpu)])
@pytest.mark.parametrize("bool_mask", [True, False], ids=["bool_mask", "additive_mask"])
@pytest.mark.parametrize("batch,heads,kv_heads,slots,length,dim", [(2, 4, 2, 96, 70, 16), (1, 3, 3, 40, 9, 32)])
def test_equals_stock_sdpa_over_the_written_slots(batch, heads, kv_heads, slots, length, dim, dtype, bool_mask):
    device = "cuda" if dtype == torch.bfloat16 else "cpu"
    (query, keys, values, visible), written = _case(batch, heads, kv_heads, slots, length, dim, dtype, device)
    mask = visible if bool_mask else _additive(visible, dtype)
    got = decode_attention(query, keys, values, mask, written, scale=dim ** -0.5)
    clean_keys, clean_values = keys.clone(), values.clone()
    clean_keys[:, :, length:], clean_values[:, :, length:] = 0, 0  # stock reads every slot: give it clean ones
    want = decode_attention_reference(query.float(), clean_keys.float(), clean_values.float(), visible,
                                      scale=dim ** -0.5)
    assert got.shape == (batch, 1, heads, dim) and got.dtype == dtype
    torch.testing.assert_close(got.float(), want, **TOL[dtype])


@pytest.mark.parametrize("length", [1000, 300])  # written slots in both splits; in the first only (the second empty)
def test_a_long_cache_split_among_programs_sums_to_the_same(length):
    (query, keys, values, visible), written = _case(1, 4, 1, 1100, length, 16, torch.float32, seed=length)
    assert slot_splits(1, 1100, query.device) == 2  # one (row, KV head): two programs share its slots
    got = decode_attention(query, keys, values, visible, written, scale=0.25)
    keys[:, :, length:], values[:, :, length:] = 0, 0
    want = decode_attention_reference(query, keys, values, visible, scale=0.25)
    torch.testing.assert_close(got, want, **TOL[torch.float32])


def test_fits_says_what_it_takes():
    (query, keys, values, visible), _ = _case(1, 4, 2, 32, 5, 16, torch.float16)
    assert decode_attention_fits(query, keys, values, visible)
    assert not decode_attention_fits(query, keys, values, None)  # no mask: stock attends to every slot
    assert not decode_attention_fits(query, keys, values, visible.float())  # another dtype than the query's
    assert not decode_attention_fits(torch.cat([query, query], dim=2), keys, values, visible)  # two tokens
    assert not decode_attention_fits(query[..., :8], keys[..., :8], values[..., :8], visible)  # head dim < 16
    with pytest.raises(ValueError, match="do not fit"):
        decode_attention(query, keys, values, None, torch.tensor(5), 0.25)


@pytest.mark.gpu
@pytest.mark.parametrize("batch,length", [(1, 200), (16, 1500)])
def test_on_the_gpu_at_the_8b_heads(batch, length):
    (query, keys, values, visible), written = _case(batch, 32, 8, 2048, length, 128, torch.float16, "cuda")
    got = decode_attention(query, keys, values, visible, written, scale=128 ** -0.5)
    keys[:, :, length:], values[:, :, length:] = 0, 0
    want = decode_attention_reference(query, keys, values, visible, scale=128 ** -0.5)
    torch.testing.assert_close(got, want, **TOL[torch.float16])
