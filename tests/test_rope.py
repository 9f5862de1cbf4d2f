"""RoPE Triton kernel (patchzoo/kernels/rope.py) against stock apply_rotary_pos_emb, forward and backward.

CPU: interpreter (conftest) on odd head counts, head_dim 12 / 64, q and k as the transposed (B, S, H, D)
projections Llama gives; fp32 within float32 rounding, bf16 within TOL (stock rounds each product in bf16).
"""

import pytest
import torch
from transformers.models.llama.modeling_llama import apply_rotary_pos_emb

from patchzoo.kernels.rope import rope, rope_reference

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.bfloat16: dict(rtol=2e-2, atol=2e-2)}


def cos_sin(batch, seq, dim, dtype, g):
    angles = torch.rand(batch, seq, dim // 2, generator=g) * 6
    emb = torch.cat((angles, angles), dim=-1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


def run(fn, q, k, cos, sin, dq, dk):
    q, k = q.detach().requires_grad_(), k.detach().requires_grad_()
    qo, ko = fn(q, k, cos, sin)
    torch.autograd.backward((qo, ko), (dq, dk))
    return qo, ko, q.grad, k.grad


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("batch,hq,hk,seq,dim,cos_batch",
                         [(2, 5, 1, 7, 12, 2), (1, 4, 2, 9, 64, 1), (3, 3, 3, 1, 8, 1)])
def test_forward_and_backward_equal_stock(batch, hq, hk, seq, dim, cos_batch, dtype):
    g = torch.Generator().manual_seed(batch * 100 + seq)
    # as Llama's projections: (B, S, H, D) contiguous, viewed as (B, H, S, D)
    q = torch.randn(batch, seq, hq, dim, generator=g).to(dtype).transpose(1, 2)
    k = torch.randn(batch, seq, hk, dim, generator=g).to(dtype).transpose(1, 2)
    cos, sin = cos_sin(cos_batch, seq, dim, dtype, g)
    dq, dk = torch.randn(q.shape, generator=g).to(dtype), torch.randn(k.shape, generator=g).to(dtype)
    got = run(rope, q, k, cos, sin, dq, dk)
    want = run(rope_reference, q, k, cos, sin, dq, dk)
    for x, y in zip(got, want):
        assert x.dtype == dtype and x.shape == y.shape
        torch.testing.assert_close(x.float(), y.float(), **TOL[dtype])


def test_reference_is_transformers_function():
    g = torch.Generator().manual_seed(0)
    q, k = torch.randn(2, 3, 5, 8, generator=g), torch.randn(2, 1, 5, 8, generator=g)
    cos, sin = cos_sin(2, 5, 8, torch.float32, g)
    for x, y in zip(rope_reference(q, k, cos, sin), apply_rotary_pos_emb(q, k, cos, sin)):
        torch.testing.assert_close(x, y)


def test_only_q_used_and_bad_shapes():
    q = torch.randn(1, 2, 3, 8, requires_grad=True)
    k = torch.randn(1, 1, 3, 8, requires_grad=True)
    cos, sin = cos_sin(1, 3, 8, torch.float32, torch.Generator().manual_seed(1))
    qo, _ = rope(q, k, cos, sin)
    qo.sum().backward()
    assert k.grad is not None and not k.grad.any()
    with pytest.raises(ValueError, match="head_dim must be even"):
        rope(torch.randn(1, 2, 3, 7), torch.randn(1, 1, 3, 7), torch.randn(1, 3, 7), torch.randn(1, 3, 7))
    with pytest.raises(ValueError, match="cos and sin"):
        rope(q, k, cos[:, :2], sin[:, :2])


def test_compiles_without_graph_breaks():
    q = torch.randn(1, 2, 3, 8, requires_grad=True)
    k = torch.randn(1, 1, 3, 8, requires_grad=True)
    cos, sin = cos_sin(1, 3, 8, torch.float32, torch.Generator().manual_seed(2))
    qo, ko = torch.compile(rope, backend="eager", fullgraph=True)(q, k, cos, sin)
    (qo.sum() + ko.sum()).backward()
    assert q.grad is not None and k.grad is not None


@pytest.mark.gpu
def test_llama3_shape_on_gpu():
    g = torch.Generator().manual_seed(0)
    q = torch.randn(1, 4096, 24, 128, generator=g).cuda().bfloat16().transpose(1, 2)
    k = torch.randn(1, 4096, 8, 128, generator=g).cuda().bfloat16().transpose(1, 2)
    cos, sin = (t.cuda() for t in cos_sin(1, 4096, 128, torch.bfloat16, g))
    dq, dk = torch.randn_like(q), torch.randn_like(k)
    for x, y in zip(run(rope, q, k, cos, sin, dq, dk), run(rope_reference, q, k, cos, sin, dq, dk)):
        torch.testing.assert_close(x, y, **TOL[torch.bfloat16])
