"""Zoo Mixtral trains exactly like stock: every parameter's gradient equals stock eager's on the same
weights (the router and the norms included), under gradient checkpointing too, and a short training
run follows stock's loss step for step. On CPU the fused op runs its Triton kernels under TRITON_INTERPRET.

On CUDA, training defaults to stock's experts implementation (the fused backward is slower there) and
PATCHZOO_MOE_TRAIN=fused opts in to the fused backward; the CPU tests below fake that decision's device
check to cover both branches.
"""

import logging

import pytest
import torch
import transformers

from patchzoo.kernels import moe_op
from patchzoo.models import mixtral as zoo_mixtral

# One layer, odd sizes (hidden 24 and intermediate 40 are not multiples of any block), 4 experts, top-2.
TINY = dict(
    vocab_size=64, hidden_size=24, intermediate_size=40, num_hidden_layers=1, num_attention_heads=2,
    num_key_value_heads=1, num_local_experts=4, num_experts_per_tok=2, max_position_embeddings=64, pad_token_id=0,
)
GRAD_TOL = {torch.float32: 1e-5, torch.bfloat16: 3e-2}  # relative (norm) error per parameter


def twins(dtype=torch.float32, seed=0, **overrides):
    """(zoo, stock eager) Mixtral on the same random weights, in train mode."""
    torch.manual_seed(seed)
    config = dict(TINY, **overrides)
    stock = transformers.MixtralForCausalLM(transformers.MixtralConfig(**config, experts_implementation="eager"))
    zoo = zoo_mixtral.MixtralForCausalLM(transformers.MixtralConfig(**config))
    zoo.load_state_dict(stock.state_dict())
    return zoo.to(dtype).train(), stock.to(dtype).train()


def batch(seq=9, seed=0):
    return torch.randint(3, TINY["vocab_size"], (2, seq), generator=torch.Generator().manual_seed(seed))


def grad_errors(zoo, stock) -> dict:
    stock_params = dict(stock.named_parameters())
    errors = {}
    for name, param in zoo.named_parameters():
        assert param.grad is not None, f"{name} got no gradient"
        ref = stock_params[name].grad.float()
        errors[name] = float((param.grad.float() - ref).norm() / ref.norm().clamp_min(1e-12))
    return errors


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_every_parameter_gradient_matches_stock_eager(dtype):
    zoo, stock = twins(dtype)
    assert zoo.model.layers[0].mlp.experts.runs_fused()
    ids = batch()
    zoo(ids, labels=ids).loss.backward()
    stock(ids, labels=ids).loss.backward()
    errors = grad_errors(zoo, stock)
    assert any("experts.gate_up_proj" in n for n in errors) and any("mlp.gate.weight" in n for n in errors)
    assert max(errors.values()) < GRAD_TOL[dtype], errors


def test_gradient_checkpointing_and_accumulation_match_stock():
    """Zoo under activation checkpointing (its MoE forward re-runs in the backward) against plain stock,
    each accumulating two backwards into the same .grad."""
    zoo, stock = twins()
    zoo.gradient_checkpointing_enable()
    for model in (zoo, stock):
        for seed in (0, 1):
            ids = batch(seq=3 + seed, seed=seed)
            model(ids, labels=ids).loss.backward()
    errors = grad_errors(zoo, stock)
    assert max(errors.values()) < GRAD_TOL[torch.float32], errors


@pytest.mark.parametrize("kernels", ["reference", pytest.param("triton", marks=pytest.mark.gpu)])
def test_training_run_follows_stock_step_for_step(kernels, monkeypatch):
    """20 AdamW steps. On CPU the op's PyTorch references run (TRITON_INTERPRET off: 20 interpreted steps
    would take minutes; the kernels' gradients are checked against those references in test_moe_grad.py
    and in the one-step tests above); on a GPU the compiled kernels."""
    device = "cuda" if kernels == "triton" else "cpu"
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "fused")  # on the GPU: the Triton backward, not the stock default
    zoo, stock = (model.to(device) for model in twins(seed=1))
    losses = {}
    for name, model in (("zoo", zoo), ("stock", stock)):
        optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
        losses[name] = []
        for step in range(20):
            ids = batch(seq=6, seed=step % 4).to(device)
            loss = model(ids, labels=ids).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            losses[name].append(loss.item())
    assert losses["stock"][-1] < losses["stock"][0]  # it learns, so the comparison means something
    torch.testing.assert_close(torch.tensor(losses["zoo"]), torch.tensor(losses["stock"]), rtol=1e-4, atol=1e-5)


def test_uncovered_activation_trains_with_stock_experts_and_says_so_once(caplog):
    zoo_mixtral._log_fallback.cache_clear()
    zoo, stock = twins(hidden_act="gelu")
    with caplog.at_level(logging.WARNING, logger=zoo_mixtral.__name__):
        for _ in range(2):
            ids = batch(seq=4)
            zoo(ids, labels=ids).loss.backward()
    stock(ids, labels=ids).loss.backward()
    stock(ids, labels=ids).loss.backward()
    assert [r.message for r in caplog.records].count(
        "patchzoo fused MoE does not cover activation GELUActivation (the kernel fuses SiLU); "
        "running stock's experts implementation") == 1
    assert max(grad_errors(zoo, stock).values()) < 1e-4


def layer_grads(layer, rotary, hidden, run=None):
    """Grads of (input, every parameter) of one decoder layer for sum(out * fixed noise)."""
    layer.zero_grad()
    hidden = hidden.detach().clone().requires_grad_()
    positions = torch.arange(hidden.shape[1], device=hidden.device)[None]
    out = (layer if run is None else run)(hidden, position_embeddings=rotary(hidden, positions), attention_mask=None)
    out = out[0] if isinstance(out, tuple) else out
    noise = torch.randn(out.shape, generator=torch.Generator().manual_seed(0)).to(out)
    (out * noise).sum().backward()
    return [hidden.grad] + [p.grad for p in layer.parameters()]


@pytest.mark.parametrize("train", ["fused", "stock"])
@pytest.mark.parametrize("backend", ["aot_eager", pytest.param("inductor", marks=pytest.mark.gpu)])
def test_decoder_layer_compiles_fullgraph_forward_and_backward(backend, train, monkeypatch):
    """Both training choices trace: the fused op (opted in) and stock's implementation (the CUDA default)."""
    device = "cuda" if backend == "inductor" else "cpu"
    monkeypatch.setattr(zoo_mixtral, "fused_backward_is_slower", lambda device: True)
    if train == "fused":
        monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "fused")
    else:
        monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
        monkeypatch.setattr(zoo_mixtral, "fused_moe", lambda *a: pytest.fail("fused op traced in a stock-trained call"))
    torch._dynamo.reset()  # the env var is read at trace time
    zoo, stock = (model.to(device) for model in twins())
    layer, rotary = zoo.model.layers[0], zoo.model.rotary_emb
    hidden = torch.randn(2, 7, TINY["hidden_size"], generator=torch.Generator().manual_seed(0)).to(device)
    if train == "stock":
        # Stock-trained calls run stock's experts code, so they compile exactly where stock's own layer does
        # (transformers 5.17's fp32 grouped_mm fallback guards on a data-dependent size in its backward).
        _, stock_default = (model.to(device) for model in stock_default_twins())
        torch._dynamo.reset()
        try:
            compile_layer = torch.compile(stock_default.model.layers[0], backend=backend, fullgraph=True)
            layer_grads(stock_default.model.layers[0], stock_default.model.rotary_emb, hidden, compile_layer)
        except Exception as stock_error:  # noqa: BLE001 - whatever stock raises, the zoo must raise alike
            torch._dynamo.reset()
            with pytest.raises(type(stock_error)):
                layer_grads(layer, rotary, hidden, torch.compile(layer, backend=backend, fullgraph=True))
            return
        torch._dynamo.reset()
    compiled = layer_grads(layer, rotary, hidden, torch.compile(layer, backend=backend, fullgraph=True))
    eager = layer_grads(stock.model.layers[0], stock.model.rotary_emb, hidden)
    for got, ref in zip(compiled, eager):
        assert got is not None and float((got - ref).norm() / ref.norm()) < 1e-4


def count_fused_calls(monkeypatch) -> list:
    """Spy on the eager entry to the fused op (what run_fused calls outside torch.compile)."""
    calls = []
    monkeypatch.setattr(zoo_mixtral, "moe_eager", lambda *a: calls.append(1) or moe_op.moe_eager(*a))
    return calls


def stock_default_twins():
    """(zoo, stock) where stock keeps its default experts implementation: the one the zoo falls back to."""
    torch.manual_seed(0)
    stock = transformers.MixtralForCausalLM(transformers.MixtralConfig(**TINY))
    zoo = zoo_mixtral.MixtralForCausalLM(transformers.MixtralConfig(**TINY))
    zoo.load_state_dict(stock.state_dict())
    return zoo.train(), stock.train()


def test_training_where_the_fused_backward_is_slower_runs_stock_and_says_so_once(monkeypatch, caplog):
    monkeypatch.setattr(zoo_mixtral, "fused_backward_is_slower", lambda device: True)  # as on CUDA
    monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    zoo_mixtral._log_training_fallback.cache_clear()
    calls = count_fused_calls(monkeypatch)
    zoo, stock = stock_default_twins()
    with caplog.at_level(logging.WARNING, logger=zoo_mixtral.__name__):
        for model in (zoo, stock):
            for seed in (0, 1):
                ids = batch(seq=5, seed=seed)
                model(ids, labels=ids).loss.backward()
    assert calls == []
    # Both ran stock's own code on the same weights: the same result to the bit.
    stock_params = dict(stock.named_parameters())
    for name, param in zoo.named_parameters():
        assert torch.equal(param.grad, stock_params[name].grad), name
    messages = [r.message for r in caplog.records if "training runs stock" in r.message]
    assert len(messages) == 1 and "0.61-0.68x" in messages[0] and f"{zoo_mixtral.TRAIN_ENV}=fused" in messages[0]
    with torch.no_grad():  # inference stays on the fused kernel
        torch.testing.assert_close(zoo(ids).logits, stock(ids).logits, rtol=1e-4, atol=1e-5)
    assert calls == [1]


def test_opt_in_trains_with_the_fused_backward(monkeypatch):
    monkeypatch.setattr(zoo_mixtral, "fused_backward_is_slower", lambda device: True)
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "fused")
    calls = count_fused_calls(monkeypatch)
    zoo, stock = stock_default_twins()
    ids = batch(seq=5)
    for model in (zoo, stock):
        model(ids, labels=ids).loss.backward()
    assert calls == [1]
    assert max(grad_errors(zoo, stock).values()) < GRAD_TOL[torch.float32]


def test_only_grad_recording_cuda_calls_without_the_opt_in_train_with_stock(monkeypatch):
    """The measured slowdown is CUDA's: CPU (the references, or Triton under TRITON_INTERPRET) keeps the op."""
    monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    assert zoo_mixtral.fused_backward_is_slower(torch.device("cuda"))
    assert not zoo_mixtral.fused_backward_is_slower(torch.device("cpu"))
    experts = twins()[0].model.layers[0].mlp.experts
    hidden, weights = torch.randn(3, TINY["hidden_size"]), torch.rand(3, 2)
    assert not zoo_mixtral.trains_with_stock(experts, hidden, weights)  # CPU
    monkeypatch.setattr(zoo_mixtral, "fused_backward_is_slower", lambda device: True)
    assert zoo_mixtral.trains_with_stock(experts, hidden, weights)  # the weights require grad
    with torch.no_grad():
        assert not zoo_mixtral.trains_with_stock(experts, hidden, weights)
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "fused")
    assert not zoo_mixtral.trains_with_stock(experts, hidden, weights)


@pytest.mark.gpu
def test_cuda_training_defaults_to_stock_and_inference_stays_fused(monkeypatch):
    monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    calls = count_fused_calls(monkeypatch)
    zoo, stock = (model.cuda().to(torch.bfloat16) for model in stock_default_twins())
    ids = batch(seq=5).cuda()
    for model in (zoo, stock):
        model(ids, labels=ids).loss.backward()
    assert calls == []
    # Stock's code on both sides; not compared bitwise: CUDA's index backward accumulates with atomics.
    assert max(grad_errors(zoo, stock).values()) < 1e-2
    with torch.no_grad():
        zoo(ids)
    assert calls == [1]
