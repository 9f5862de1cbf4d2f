"""The decoding step's merged kernels (patchzoo/kernels/decode_step.py) against the stock operations they replace.

CPU: Triton's interpreter (conftest). add_rms_norm against stock's add and LlamaRMSNorm; rope_write_kv against stock's
apply_rotary_pos_emb and StaticLayer.update (the written slots, the advanced position, the counter left at 0), and its
rotation against the RoPE kernel's, which computes the same fp32 formula.
"""

import pytest
import torch
from transformers.cache_utils import StaticLayer

from patchzoo.kernels.decode_step import add_rms_norm, add_rms_norm_reference, rope_write_kv, rope_write_kv_reference
from patchzoo.kernels.rope import rope

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.float16: dict(rtol=1e-3, atol=1e-3),
       torch.bfloat16: dict(rtol=2e-2, atol=2e-2)}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("shape", [(2, 1, 40), (1, 3, 64)])
def test_add_rms_norm_is_stocks_add_then_norm(shape, dtype):
    g = torch.Generator().manual_seed(shape[-1])
    residual = (torch.randn(shape, generator=g) * 4).to(dtype)
    update = torch.randn((*shape[:-1], 2 * shape[-1]), generator=g).to(dtype)[..., ::2]  # a strided view
    weight = torch.rand(shape[-1], generator=g).to(dtype) + 0.5
    summed, normed = add_rms_norm(residual, update, weight, 1e-5)
    want_summed, want_normed = add_rms_norm_reference(residual, update, weight, 1e-5)
    assert summed.dtype == normed.dtype == dtype and normed.shape == shape
    torch.testing.assert_close(summed, want_summed, **TOL[dtype])
    torch.testing.assert_close(normed, want_normed, **TOL[dtype])


def test_add_rms_norm_output_dtype_is_stocks_promotion():
    residual, update = torch.randn(2, 8).to(torch.bfloat16), torch.randn(2, 8).to(torch.bfloat16)
    summed, normed = add_rms_norm(residual, update, torch.ones(8), 1e-6)  # fp32 weights on bf16 rows: fp32, as stock
    assert summed.dtype == torch.bfloat16 and normed.dtype == torch.float32
    with pytest.raises(ValueError, match="share shape and dtype"):
        add_rms_norm(residual, update.float(), torch.ones(8), 1e-6)


def _step(batch, hq, hk, tokens, dim, dtype, g):
    """q, k, v as Llama's transposed projections, cos / sin, and a cache with 5 slots written."""
    q = torch.randn(batch, tokens, hq, dim, generator=g).to(dtype).transpose(1, 2)
    k = torch.randn(batch, tokens, hk, dim, generator=g).to(dtype).transpose(1, 2)
    v = torch.randn(batch, tokens, hk, dim, generator=g).to(dtype).transpose(1, 2)
    angles = torch.rand(1, tokens, dim // 2, generator=g) * 6
    cos, sin = torch.cat((angles, angles), -1).cos().to(dtype), torch.cat((angles, angles), -1).sin().to(dtype)
    keys = torch.randn(batch, hk, 12, dim, generator=g).to(dtype)
    return q, k, v, cos, sin, keys, torch.randn(keys.shape, generator=g).to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("batch,hq,hk,tokens,dim", [(2, 4, 2, 1, 16), (3, 3, 1, 2, 8)])
def test_rope_write_kv_is_rope_then_static_layer_update(batch, hq, hk, tokens, dim, dtype):
    g = torch.Generator().manual_seed(batch * 10 + tokens)
    q, k, v, cos, sin, keys, values = _step(batch, hq, hk, tokens, dim, dtype, g)
    want_keys, want_values, want_position = keys.clone(), values.clone(), torch.tensor(5)
    position, arrivals = torch.tensor(5), torch.zeros((), dtype=torch.int32)
    for call in range(2):  # the second call writes after the first: the position moved, the counter back at 0
        got_q = rope_write_kv(q, k, v, cos, sin, keys, values, position, arrivals)
        want_q = rope_write_kv_reference(q, k, v, cos, sin, want_keys, want_values, want_position)
        assert int(position) == int(want_position) == 5 + (call + 1) * tokens and int(arrivals) == 0
        torch.testing.assert_close(got_q, want_q, **TOL[dtype])
        torch.testing.assert_close(keys, want_keys, **TOL[dtype])
        assert torch.equal(values, want_values)  # v is copied as it is
        assert torch.equal(got_q, rope(q, k, cos, sin)[0])  # the same fp32 rotation, one rounding
    unwritten = torch.ones(12, dtype=torch.bool)
    unwritten[5: 5 + 2 * tokens] = False
    assert torch.equal(keys[:, :, unwritten], want_keys[:, :, unwritten])


def test_rope_write_kv_writes_a_static_layer_as_its_update_would():
    """On transformers' own StaticLayer: the same cache contents and position as StaticLayer.update after a rope."""
    g = torch.Generator().manual_seed(0)
    q, k, v, cos, sin, _, _ = _step(2, 4, 2, 1, 16, torch.float32, g)
    ours, stock = StaticLayer(max_cache_len=12), StaticLayer(max_cache_len=12)
    prompt_k, prompt_v = torch.randn(2, 2, 3, 16, generator=g), torch.randn(2, 2, 3, 16, generator=g)
    for layer in (ours, stock):
        layer.update(prompt_k, prompt_v)
    got_q = rope_write_kv(q, k, v, cos, sin, ours.keys, ours.values, ours.cumulative_length,
                          torch.zeros((), dtype=torch.int32))
    want_q, want_k = rope(q, k, cos, sin)
    stock.update(want_k, v)
    assert torch.equal(got_q, want_q) and int(ours.cumulative_length) == int(stock.cumulative_length) == 4
    assert torch.equal(ours.keys, stock.keys) and torch.equal(ours.values, stock.values)


def test_rope_write_kv_refuses_a_cache_that_does_not_fit():
    g = torch.Generator().manual_seed(1)
    q, k, v, cos, sin, keys, values = _step(2, 4, 2, 1, 16, torch.float32, g)
    with pytest.raises(ValueError, match="do not fit together"):
        rope_write_kv(q, k, v, cos, sin, keys[:1], values[:1], torch.tensor(0), torch.zeros((), dtype=torch.int32))
    with pytest.raises(ValueError, match="int64 scalar"):
        rope_write_kv(q, k, v, cos, sin, keys.half(), values.half(), torch.tensor(0), torch.zeros((), dtype=torch.int32))


@pytest.mark.gpu
@pytest.mark.parametrize("batch", [1, 16])
def test_both_kernels_on_the_gpu_at_the_8b_shape(batch):
    """Compiled kernels on the GPU (the counter's atomics, the barrier), Llama-3.1-8B's heads, fp16, three steps."""
    g = torch.Generator().manual_seed(batch)
    q, k, v, cos, sin, keys, values = (t.cuda() for t in _step(batch, 32, 8, 1, 128, torch.float16, g))
    want_keys, want_values, want_position = keys.clone(), values.clone(), torch.tensor(5, device="cuda")
    position, arrivals = torch.tensor(5, device="cuda"), torch.zeros((), dtype=torch.int32, device="cuda")
    for _ in range(3):
        got_q = rope_write_kv(q, k, v, cos, sin, keys, values, position, arrivals)
        want_q = rope_write_kv_reference(q, k, v, cos, sin, want_keys, want_values, want_position)
        torch.testing.assert_close(got_q, want_q, **TOL[torch.float16])
    assert int(position) == 8 and int(arrivals) == 0
    torch.testing.assert_close(keys, want_keys, **TOL[torch.float16])
    assert torch.equal(values, want_values)
    residual, update = (torch.randn(batch, 1, 4096, generator=g).half().cuda() for _ in range(2))
    weight = torch.rand(4096, generator=g).half().cuda()
    for got, want in zip(add_rms_norm(residual, update, weight, 1e-5),
                         add_rms_norm_reference(residual, update, weight, 1e-5)):
        torch.testing.assert_close(got, want, **TOL[torch.float16])
