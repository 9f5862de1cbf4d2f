"""The decoding-step linear kernel (patchzoo/kernels/decode_linear.py) against its reference and nn.Linear; on the
CPU under TRITON_INTERPRET=1 (conftest)."""

import pytest
import torch

from patchzoo.kernels.decode_linear import MAX_ROWS, covers, decode_linear, decode_linear_reference


def linears(count, n_out, k_in, dtype, device="cpu", seed=0):
    torch.manual_seed(seed)
    return [torch.nn.Linear(k_in, n_out).to(device, dtype).requires_grad_(False) for _ in range(count)]


# fp32: another summation order than the reference's; 16-bit: one rounding apart at most (both round fp32 sums).
TOL = {torch.float32: dict(rtol=1e-5, atol=1e-5), torch.float16: dict(rtol=1e-3, atol=1e-3),
       torch.bfloat16: dict(rtol=8e-3, atol=8e-3)}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("rows, count, n_out, k_in", [(1, 3, 40, 96), (3, 1, 17, 600), (4, 2, 8, 1030), (2, 3, 64, 64)])
def test_matches_reference(dtype, rows, count, n_out, k_in):
    layers = linears(count, n_out, k_in, dtype)
    x = torch.randn(rows, 1, k_in).to(dtype)  # (batch x beams, 1 token, K): a decoding step's rows
    got = decode_linear(x, layers)
    want = decode_linear_reference(x, layers)
    assert len(got) == count
    for g, w, layer in zip(got, want, layers):
        assert g.shape == (rows, 1, n_out) and g.dtype == dtype
        torch.testing.assert_close(g, w, **TOL[dtype])
        torch.testing.assert_close(g, layer(x), **TOL[dtype])  # nn.Linear in the same dtype


def layer_norm(k_in, dtype, device="cpu", seed=1):
    torch.manual_seed(seed)
    norm = torch.nn.LayerNorm(k_in, eps=1e-5).to(device, dtype).requires_grad_(False)
    with torch.no_grad():  # not the identity init: scale and shift both matter
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.uniform_(-0.5, 0.5)
    return norm


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("rows, k_in", [(1, 96), (3, 600), (4, 1030)])
def test_layer_norm_prologue(dtype, rows, k_in):
    layers, norm = linears(3, 24, k_in, dtype), layer_norm(k_in, dtype)
    x = (torch.randn(rows, 1, k_in) * 3 + 1).to(dtype)  # off-centre rows of another scale than 1
    got = decode_linear(x, layers, norm=norm)
    for g, w, layer in zip(got, decode_linear_reference(x, layers, norm=norm), layers):
        torch.testing.assert_close(g, w, **TOL[dtype])
        torch.testing.assert_close(g, layer(norm(x)), **TOL[dtype])  # stock's two modules


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_residual_epilogue(dtype):
    layers = linears(1, 40, 200, dtype)
    x, residual = torch.randn(2, 1, 200).to(dtype), torch.randn(2, 1, 40).to(dtype)
    got = decode_linear(x, layers, residual=residual)[0]
    torch.testing.assert_close(got, decode_linear_reference(x, layers, residual=residual)[0], **TOL[dtype])
    torch.testing.assert_close(got, residual + layers[0](x), **TOL[dtype])  # stock's add after the layer


def test_reads_strided_rows():
    layers = linears(1, 24, 48, torch.float32)
    x = torch.randn(2, 96)[:, ::2]  # rows whose k stride is 2: copied to contiguous rows first
    torch.testing.assert_close(decode_linear(x, layers)[0], layers[0](x), **TOL[torch.float32])


def test_covers_only_what_it_computes():
    layers = linears(3, 16, 32, torch.float32)
    x = torch.randn(MAX_ROWS, 32)
    assert covers(x, layers)
    assert not covers(torch.randn(MAX_ROWS + 1, 32), layers)  # too many rows
    assert not covers(x, layers + linears(1, 16, 32, torch.float32))  # four layers
    assert not covers(x, [layers[0], linears(1, 8, 32, torch.float32)[0]])  # two shapes
    assert not covers(x, [torch.nn.Linear(32, 16, bias=False).requires_grad_(False)])
    assert not covers(x, [torch.nn.Identity()]) and not covers(x, [])  # another module, no layer at all
    assert not covers(x.double(), layers)
    trainable = [torch.nn.Linear(32, 16)]
    assert not covers(x, trainable)  # autograd would record nothing: the layers must run
    with torch.no_grad():
        assert covers(x, trainable)
    norm = layer_norm(32, torch.float32)
    assert covers(x, layers, norm=norm) and not covers(x, layers, norm=layer_norm(16, torch.float32))
    assert not covers(x, layers, norm=torch.nn.LayerNorm(32, elementwise_affine=False))
    residual = torch.randn(MAX_ROWS, 16)
    assert covers(x, layers[:1], residual=residual)
    assert not covers(x, layers, residual=residual)  # the epilogue adds to one layer's output
    assert not covers(x, layers[:1], residual=torch.randn(MAX_ROWS, 8))
    with pytest.raises(ValueError, match="on at most 4 rows without gradients; call the layers instead"):
        decode_linear(torch.randn(MAX_ROWS + 1, 32), layers)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("rows", [1, 3, 4])
def test_gpu_attention_projections(dtype, rows):
    """SeamlessM4T-v2's attention projection shape (1024 x 1024, three layers; with the LayerNorm before, the
    residual add after), against the reference and stock's modules on cuBLAS."""
    layers = linears(3, 1024, 1024, dtype, device="cuda")
    x = torch.randn(rows, 1, 1024, device="cuda").to(dtype)
    norm, residual = layer_norm(1024, dtype, device="cuda"), torch.randn(rows, 1, 1024, device="cuda").to(dtype)
    with torch.no_grad():
        for g, w, layer in zip(decode_linear(x, layers), decode_linear_reference(x, layers), layers):
            torch.testing.assert_close(g, w, **TOL[dtype])
            torch.testing.assert_close(g, layer(x), **TOL[dtype])
        for g, layer in zip(decode_linear(x, layers, norm=norm), layers):
            torch.testing.assert_close(g, layer(norm(x)), **TOL[dtype])
        got = decode_linear(x, layers[:1], residual=residual)[0]
        torch.testing.assert_close(got, residual + layers[0](x), **TOL[dtype])
