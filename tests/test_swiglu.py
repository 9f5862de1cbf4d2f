"""SwiGLU Triton kernels (patchzoo/kernels/swiglu.py) against stock LlamaMLP's silu(gate) * up, with gradients.

CPU: interpreter (conftest) on odd sizes; fp32 within float32 rounding, bf16 within TOL (stock rounds silu(gate)
to bf16 before the product, the kernel rounds once). The `gpu` test runs a Llama-3 shape compiled.
"""

import pytest
import torch

from patchzoo.kernels.swiglu import swiglu, swiglu_reference

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-6), torch.bfloat16: dict(rtol=2e-2, atol=2e-2)}


def run(fn, a, b, dh):
    a, b = a.detach().requires_grad_(), b.detach().requires_grad_()
    h = fn(a, b)
    h.backward(dh)
    return h, a.grad, b.grad


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("shape", [(3, 7, 40), (1, 1025), (2, 3, 5)])
def test_forward_and_backward_equal_stock(shape, dtype):
    g = torch.Generator().manual_seed(sum(shape))
    a, b, dh = ((torch.randn(shape, generator=g) * 4).to(dtype) for _ in range(3))
    got = run(swiglu, a, b, dh)
    want = run(swiglu_reference, a, b, dh)
    for x, y in zip(got, want):
        assert x.dtype == dtype
        torch.testing.assert_close(x.float(), y.float(), **TOL[dtype])


def test_non_contiguous_inputs_and_mismatch():
    a = torch.randn(6, 40)[:, ::2]
    b = torch.randn(6, 20)
    torch.testing.assert_close(swiglu(a, b), swiglu_reference(a, b), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="one shape"):
        swiglu(a, torch.randn(6, 21))


def test_compiles_without_graph_breaks():
    a, b = torch.randn(3, 24, requires_grad=True), torch.randn(3, 24, requires_grad=True)
    torch.compile(swiglu, backend="eager", fullgraph=True)(a, b).sum().backward()
    assert a.grad is not None and b.grad is not None


@pytest.mark.gpu
def test_llama3_shape_on_gpu():
    a, b, dh = (torch.randn(4096, 8192, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    for x, y in zip(run(swiglu, a, b, dh), run(swiglu_reference, a, b, dh)):
        torch.testing.assert_close(x, y, **TOL[torch.bfloat16])


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_swiglu_down_equals_swiglu_then_linear(dtype):
    """The fused down projection (product recomputed in backward) against swiglu_reference + F.linear."""
    from patchzoo.kernels.swiglu import swiglu_down

    g = torch.Generator().manual_seed(3)
    a, b = ((torch.randn(2, 5, 40, generator=g) * 2).to(dtype) for _ in range(2))
    w = (torch.randn(24, 40, generator=g) / 6).to(dtype)
    dy = torch.randn(2, 5, 24, generator=g).to(dtype)
    results = []
    def stock(a, b, w):
        return torch.nn.functional.linear(swiglu_reference(a, b), w)

    for fn in (swiglu_down, stock):
        leaves = [t.detach().requires_grad_() for t in (a, b, w)]
        y = fn(*leaves)
        y.backward(dy)
        results.append([y, *(t.grad for t in leaves)])
    for got, want in zip(*results):
        assert got.dtype == dtype
        if dtype == torch.float32:
            torch.testing.assert_close(got, want, **TOL[dtype])
        else:  # matmuls over bf16 products rounded in other places: compare by relative norm
            assert (got.float() - want.float()).norm() / want.float().norm() < 1e-2
