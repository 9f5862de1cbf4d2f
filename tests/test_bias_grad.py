"""MvBiasGradLinear: nn.Linear with the bias gradient as a GEMV on CUDA (patches/bias_grad.py)."""

import pytest
import torch
import transformers
from torch import nn

import patchzoo
from patchzoo.patches.bias_grad import MvBiasGradLinear, _LinearMvBiasGrad, bias_grad


def test_function_gradients_pass_gradcheck():
    torch.manual_seed(0)
    x = torch.randn(2, 3, 5, dtype=torch.float64, requires_grad=True)  # leading dims are flattened
    weight = torch.randn(4, 5, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(_LinearMvBiasGrad.apply, (x, weight, bias))


def test_function_takes_only_the_gradients_asked_for():
    x = torch.randn(3, 5)
    weight, bias = torch.randn(4, 5, requires_grad=True), torch.randn(4)
    _LinearMvBiasGrad.apply(x, weight, bias).sum().backward()
    assert weight.grad is not None and bias.grad is None and x.grad is None


def test_bias_grad_sums_every_leading_dim():
    grad = torch.randn(2, 7, 3)
    torch.testing.assert_close(bias_grad(grad), grad.sum((0, 1)))


def test_module_is_a_linear_with_the_same_state_and_cpu_results():
    torch.manual_seed(0)
    stock = nn.Linear(5, 4)
    zoo = MvBiasGradLinear(5, 4)
    zoo.load_state_dict(stock.state_dict())
    x = torch.randn(3, 5, requires_grad=True)
    y_stock, y_zoo = stock(x), zoo(x)
    torch.testing.assert_close(y_zoo, y_stock, rtol=0, atol=0)
    g_stock = torch.autograd.grad(y_stock.square().sum(), (x, *stock.parameters()))
    g_zoo = torch.autograd.grad(y_zoo.square().sum(), (x, *zoo.parameters()))
    for a, b in zip(g_zoo, g_stock):
        torch.testing.assert_close(a, b, rtol=0, atol=0)


def test_zoo_bert_layers_use_it_and_keep_stock_state_dict_keys():
    config = transformers.BertConfig(
        vocab_size=64, hidden_size=16, num_hidden_layers=2, num_attention_heads=2, intermediate_size=32
    )
    stock = transformers.BertForMaskedLM(config)
    keys = list(stock.state_dict())
    zoo = patchzoo.patch(stock)
    linears = [m for m in zoo.bert.encoder.layer.modules() if isinstance(m, nn.Linear)]
    assert linears and all(type(m) is MvBiasGradLinear for m in linears)
    assert type(zoo.cls.predictions.transform.dense) is nn.Linear  # heads stay stock
    assert list(zoo.state_dict()) == keys


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_cuda_gradients_match_nn_linear(dtype):
    torch.manual_seed(0)
    stock = nn.Linear(768, 3072).to("cuda", dtype)
    zoo = MvBiasGradLinear(768, 3072).to("cuda", dtype)
    zoo.load_state_dict(stock.state_dict())
    x = torch.randn(1, 4096, 768, device="cuda", dtype=dtype, requires_grad=True)
    grad = torch.randn(1, 4096, 3072, device="cuda", dtype=dtype)
    got = torch.autograd.grad(zoo(x), (x, *zoo.parameters()), grad)
    want = torch.autograd.grad(stock(x), (x, *stock.parameters()), grad)
    tol = {torch.float32: 1e-4, torch.float16: 2e-2, torch.bfloat16: 2e-1}[dtype]  # 4096-term sums
    for a, b in zip(got, want):
        torch.testing.assert_close(a.float(), b.float(), rtol=tol, atol=tol)
