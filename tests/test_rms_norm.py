"""RMSNorm Triton kernels (patchzoo/kernels/rms_norm.py) against stock LlamaRMSNorm's code, forward and backward.

On the CPU the kernels run under TRITON_INTERPRET=1 (set by conftest) on small odd shapes; the `gpu` test runs a
Llama-3 shape compiled. fp32 within float32 rounding; bf16 within TOL (one bf16 rounding of the output apart:
stock rounds x * rstd, then the product with the weight, as the kernel does, but sums in another order).
"""

import pytest
import torch

from patchzoo.kernels.rms_norm import rms_norm, rms_norm_reference

TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.bfloat16: dict(rtol=2e-2, atol=2e-2)}


def grads(fn, x, w, dy):
    x, w = x.detach().requires_grad_(), w.detach().requires_grad_()
    y = fn(x, w, 1e-6)
    y.backward(dy)
    return y, x.grad, w.grad


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("shape", [(3, 7, 40), (1, 5, 33), (13, 96)])
def test_forward_and_backward_equal_stock(shape, dtype):
    g = torch.Generator().manual_seed(sum(shape))
    x = (torch.randn(shape, generator=g) * 3).to(dtype)
    w = (1 + 0.1 * torch.randn(shape[-1], generator=g)).to(dtype)
    dy = torch.randn(shape, generator=g).to(dtype)
    y, dx, dw = grads(rms_norm, x, w, dy)
    # the oracle in fp32 from the same inputs, except the roundings stock does in the model dtype
    y_ref, dx_ref, dw_ref = grads(rms_norm_reference, x, w, dy)
    assert y.dtype == y_ref.dtype and dx.dtype == x.dtype and dw.dtype == w.dtype
    torch.testing.assert_close(y.float(), y_ref.float(), **TOL[dtype])
    torch.testing.assert_close(dx.float(), dx_ref.float(), **TOL[dtype])
    scale = dw_ref.float().abs().max()  # dw sums over rows: compare relative to its size
    torch.testing.assert_close(dw.float() / scale, dw_ref.float() / scale, **TOL[dtype])


def test_fp32_weight_on_bf16_rows_gives_stock_dtype():
    x = torch.randn(4, 24).to(torch.bfloat16)
    w = torch.rand(24) + 0.5
    y = rms_norm(x, w, 1e-5)
    assert y.dtype == torch.float32
    # both round x * rstd to bf16 before the fp32 product: at most one bf16 step apart
    torch.testing.assert_close(y, rms_norm_reference(x, w, 1e-5), rtol=1e-2, atol=1e-2)


def test_non_contiguous_rows_and_bad_weight():
    x = torch.randn(6, 2, 40)[:, 0]  # rows with a stride of 80
    w = torch.rand(40)
    torch.testing.assert_close(rms_norm(x, w, 1e-6), rms_norm_reference(x, w, 1e-6), rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="weight"):
        rms_norm(x, torch.rand(39), 1e-6)


def test_compiles_without_graph_breaks():
    x = torch.randn(3, 5, 24, requires_grad=True)
    w = torch.rand(24, requires_grad=True)
    compiled = torch.compile(lambda x, w: rms_norm(x, w, 1e-6) * 2, backend="eager", fullgraph=True)
    compiled(x, w).sum().backward()
    assert x.grad is not None and w.grad is not None


@pytest.mark.gpu
def test_llama3_shape_on_gpu():
    x = torch.randn(4096, 3072, device="cuda", dtype=torch.bfloat16)
    w = torch.rand(3072, device="cuda", dtype=torch.bfloat16) + 0.5
    dy = torch.randn_like(x)
    y, dx, dw = grads(rms_norm, x, w, dy)
    y_ref, dx_ref, dw_ref = grads(rms_norm_reference, x, w, dy)
    torch.testing.assert_close(y, y_ref, **TOL[torch.bfloat16])
    torch.testing.assert_close(dx, dx_ref, **TOL[torch.bfloat16])
    assert ((dw.float() - dw_ref.float()).norm() / dw_ref.float().norm()) < 1e-2
