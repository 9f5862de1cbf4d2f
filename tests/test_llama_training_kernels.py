"""The zoo Llama's training kernels (Triton RMSNorm, SwiGLU, RoPE; patchzoo/models/llama.py TRAINING_KERNELS):
in train mode the loss and every gradient equal stock's on the same weights (fp32, interpreter on CPU), the kernels
really ran, eval mode is stock's code, the switches bind and unbind, and keys stay stock's."""

import copy

import pytest
import torch

import patchzoo
from patchzoo.models import llama as zoo_llama
from patchzoo.testing import tiny_model

IDS = torch.randint(4, 512, (2, 11), generator=torch.Generator().manual_seed(0))


@pytest.fixture
def calls(monkeypatch):
    """How many times each kernel ran."""
    counts = {"rms_norm": 0, "swiglu": 0, "rope": 0}
    for name, key in (("rms_norm", "rms_norm"), ("swiglu", "swiglu"), ("swiglu_down", "swiglu"), ("rope", "rope")):
        kernel = getattr(zoo_llama, name)

        def counted(*args, _kernel=kernel, _key=key):
            counts[_key] += 1
            return _kernel(*args)

        monkeypatch.setattr(zoo_llama, name, counted)
    return counts


def pair():
    stock = tiny_model("llama").train()
    zoo = patchzoo.patch(tiny_model("llama")).train()
    return stock, zoo


def assert_same_loss_and_grads(stock, zoo, **kwargs):
    expected, got = stock(**kwargs), zoo(**kwargs)
    torch.testing.assert_close(got.loss, expected.loss, rtol=1e-5, atol=1e-6)
    expected.loss.backward()
    got.loss.backward()
    for (name, p), (_, q) in zip(stock.named_parameters(), zoo.named_parameters(), strict=True):
        scale = p.grad.abs().max().clamp_min(1e-6)  # relative to the tensor's largest gradient
        torch.testing.assert_close(q.grad / scale, p.grad / scale, rtol=1e-4, atol=1e-5,
                                   msg=lambda m, name=name: f"{name}: {m}")
    return got


@pytest.mark.parametrize("fused_loss", [False, True])
def test_loss_and_every_gradient_equal_stock(calls, fused_loss):
    stock, zoo = pair()
    zoo.fused_training_loss = fused_loss
    labels = IDS.clone()
    labels[0, :3] = -100
    mask = torch.ones_like(IDS)
    mask[1, -2:] = 0  # right padding: stock's causal+padding mask goes to the attention function as it is
    got = assert_same_loss_and_grads(stock, zoo, input_ids=IDS, attention_mask=mask, labels=labels, use_cache=False)
    layers = zoo.config.num_hidden_layers
    assert calls == {"rms_norm": 2 * layers + 1, "swiglu": layers, "rope": layers}
    assert (got.logits is None) == fused_loss


def test_with_a_kv_cache_in_train_mode_attention_is_stock(calls):
    """use_cache=True in train mode (HF Trainer's default config): the cache path runs stock's attention forward."""
    stock, zoo = pair()
    assert_same_loss_and_grads(stock, zoo, input_ids=IDS, labels=IDS)
    assert calls["rope"] == 0 and calls["swiglu"] > 0


def test_eval_mode_is_stock_code(calls):
    stock, zoo = pair()
    stock.eval(), zoo.eval()
    with torch.no_grad():
        assert torch.equal(zoo(IDS).logits, stock(IDS).logits)
    assert sum(calls.values()) == 0


def test_switches_bind_and_unbind_and_keys_stay(calls):
    _, zoo = pair()
    layers = zoo.config.num_hidden_layers
    assert zoo_llama.use_training_kernels(zoo) == 4 * layers + 1  # idempotent: already bound by _zoo_patch
    assert zoo_llama.use_training_kernels(zoo, rms_norm=False, rope=False) == 2 * layers  # MLPs; attention: cuDNN
    zoo(input_ids=IDS, labels=IDS, use_cache=False).loss.backward()
    assert calls == {"rms_norm": 0, "swiglu": layers, "rope": 0}
    assert "forward" not in vars(zoo.model.norm)
    assert zoo.model.layers[0].self_attn.zoo_kernels == {"cudnn_attention"}
    assert zoo_llama.use_training_kernels(zoo, False, False, False, False) == 0
    assert not any("forward" in vars(m) or hasattr(m, "zoo_kernels") for m in zoo.modules())
    assert list(zoo.state_dict()) == list(tiny_model("llama").state_dict())
    twin = copy.deepcopy(zoo)  # bound forwards follow their module
    assert twin.model.layers[0].mlp.forward.__self__ is twin.model.layers[0].mlp


def test_bf16_training_step_close_to_stock():
    stock, zoo = pair()
    stock.to(torch.bfloat16), zoo.to(torch.bfloat16)
    a = stock(input_ids=IDS, labels=IDS, use_cache=False).loss
    b = zoo(input_ids=IDS, labels=IDS, use_cache=False).loss
    assert abs(a.item() - b.item()) < 2e-2 * abs(a.item())


@pytest.mark.gpu
def test_loss_and_every_gradient_equal_stock_on_gpu(calls):
    """Compiled kernels, fp32 (TF32 off): stock's loss and gradients to fp32 rounding."""
    torch.backends.cuda.matmul.allow_tf32 = False
    stock, zoo = pair()
    stock.cuda(), zoo.cuda()
    ids = torch.randint(4, 512, (3, 257), device="cuda", generator=torch.Generator("cuda").manual_seed(0))
    assert_same_loss_and_grads(stock, zoo, input_ids=ids, labels=ids, use_cache=False)
    assert calls["rope"] == zoo.config.num_hidden_layers


@pytest.mark.gpu
def test_bf16_at_head_dim_128_with_cudnn_attention_close_to_stock():
    """bf16, head_dim 128, GQA, causal: the shapes where SDPA takes cuDNN's attention; loss and gradients within
    bf16 rounding of stock (FlashAttention) by relative norm."""
    import transformers

    config = transformers.LlamaConfig(vocab_size=1000, hidden_size=512, intermediate_size=1376, num_hidden_layers=2,
                                      num_attention_heads=4, num_key_value_heads=2, head_dim=128)
    config._attn_implementation = "sdpa"
    torch.manual_seed(0)
    stock = transformers.LlamaForCausalLM(config).to("cuda", torch.bfloat16).train()
    zoo = patchzoo.LlamaForCausalLM(config).to("cuda", torch.bfloat16).train()
    zoo.load_state_dict(stock.state_dict())
    ids = torch.randint(0, 1000, (2, 1024), device="cuda", generator=torch.Generator("cuda").manual_seed(0))
    expected, got = stock(input_ids=ids, labels=ids, use_cache=False), zoo(input_ids=ids, labels=ids, use_cache=False)
    assert abs(got.loss.item() - expected.loss.item()) < 1e-2 * expected.loss.item()
    expected.loss.backward()
    got.loss.backward()
    for (name, p), (_, q) in zip(stock.named_parameters(), zoo.named_parameters(), strict=True):
        error = (q.grad.float() - p.grad.float()).norm() / p.grad.float().norm()
        assert error < 3e-2, f"{name}: relative error {error:.3g}"
