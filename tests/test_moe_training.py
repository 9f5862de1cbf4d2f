"""Zoo Mixtral trains exactly like stock: every parameter's gradient equals stock eager's on the same
weights (the router and the norms included), under gradient checkpointing too, and a short training
run follows stock's loss step for step, on each training path: the grouped-GEMM training op
(kernels/moe/grouped_train.py; the default off CUDA) and the fused op's Triton backward (PATCHZOO_MOE_TRAIN=fused);
on CPU their Triton kernels run under TRITON_INTERPRET. PATCHZOO_MOE_TRAIN=stock, CUDA without the variable,
and shapes grouped GEMMs cannot take on CUDA run stock's code.
"""

import logging
import types

import pytest
import torch
import transformers

from patchzoo.kernels.moe import torch_ops as moe_op
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


@pytest.fixture(params=["grouped", "fused"])
def train_path(request, monkeypatch):
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, request.param)
    return request.param


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_every_parameter_gradient_matches_stock_eager(dtype, train_path):
    zoo, stock = twins(dtype)
    assert zoo.model.layers[0].mlp.experts.runs_fused()
    ids = batch()
    zoo(ids, labels=ids).loss.backward()
    stock(ids, labels=ids).loss.backward()
    errors = grad_errors(zoo, stock)
    assert any("experts.gate_up_proj" in n for n in errors) and any("mlp.gate.weight" in n for n in errors)
    assert max(errors.values()) < GRAD_TOL[dtype], errors


def test_gradient_checkpointing_and_accumulation_match_stock(train_path):
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
def test_training_run_follows_stock_step_for_step(kernels, train_path, monkeypatch):
    """20 AdamW steps. On CPU the ops' PyTorch references run (TRITON_INTERPRET off: 20 interpreted steps
    would take minutes; the kernels' gradients are checked against those references in test_moe_grad.py,
    test_moe_train_op.py and in the one-step tests above); on a GPU the compiled kernels."""
    device = "cuda" if kernels == "triton" else "cpu"
    monkeypatch.setenv("TRITON_INTERPRET", "0")
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


@pytest.mark.parametrize("train", ["grouped", "fused", "stock"])
@pytest.mark.parametrize("backend", ["aot_eager", pytest.param("inductor", marks=pytest.mark.gpu)])
def test_decoder_layer_compiles_fullgraph_forward_and_backward(backend, train, monkeypatch):
    """Every training path traces: the two ops, and stock's implementation."""
    device = "cuda" if backend == "inductor" else "cpu"
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, train)
    if train == "stock":
        monkeypatch.setattr(zoo_mixtral, "fused_moe", lambda *a: pytest.fail("fused op traced in a stock-trained call"))
        monkeypatch.setattr(zoo_mixtral, "moe_train_op", lambda *a: pytest.fail("training op traced for stock"))
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


def count_op_calls(monkeypatch) -> dict:
    """Spy on the three ways run_fused runs the MoE: eager inference, the training op, the fused op with grad."""
    calls = {"inference": 0, "grouped": 0, "fused": 0}

    def spy(name, fn):
        def counted(*args):
            calls[name] += 1
            return fn(*args)
        return counted

    monkeypatch.setattr(zoo_mixtral, "moe_eager", spy("inference", moe_op.moe_eager))
    monkeypatch.setattr(zoo_mixtral, "moe_train_op", spy("grouped", moe_op.moe_train_op))
    monkeypatch.setattr(zoo_mixtral, "fused_moe", spy("fused", moe_op.fused_moe))
    return calls


def stock_default_twins(dtype=torch.float32, **overrides):
    """(zoo, stock) where stock keeps its default experts implementation: the one the zoo falls back to."""
    torch.manual_seed(0)
    config = dict(TINY, **overrides)
    stock = transformers.MixtralForCausalLM(transformers.MixtralConfig(**config))
    zoo = zoo_mixtral.MixtralForCausalLM(transformers.MixtralConfig(**config))
    zoo.load_state_dict(stock.state_dict())
    return zoo.to(dtype).train(), stock.to(dtype).train()


@pytest.mark.parametrize("env,expected", [(None, "grouped"), ("grouped", "grouped"), ("fused", "fused")])
def test_each_training_path_runs_its_op_and_inference_stays_fused(env, expected, monkeypatch):
    if env is None:
        monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    else:
        monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, env)
    calls = count_op_calls(monkeypatch)
    zoo, stock = twins()
    ids = batch(seq=5)
    for model in (zoo, stock):
        model(ids, labels=ids).loss.backward()
    assert calls == {"inference": 0, "grouped": 0, "fused": 0, expected: 1}
    assert max(grad_errors(zoo, stock).values()) < GRAD_TOL[torch.float32]
    with torch.no_grad():
        zoo(ids)
    assert calls["inference"] == 1


def test_stock_training_path_runs_stocks_code_to_the_bit(monkeypatch):
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "stock")
    calls = count_op_calls(monkeypatch)
    zoo, stock = stock_default_twins()
    for model in (zoo, stock):
        for seed in (0, 1):
            ids = batch(seq=5, seed=seed)
            model(ids, labels=ids).loss.backward()
    assert calls == {"inference": 0, "grouped": 0, "fused": 0}
    stock_params = dict(stock.named_parameters())
    for name, param in zoo.named_parameters():
        assert torch.equal(param.grad, stock_params[name].grad), name
    with torch.no_grad():  # inference stays on the fused kernel
        torch.testing.assert_close(zoo(ids).logits, stock(ids).logits, rtol=1e-4, atol=1e-5)
    assert calls["inference"] == 1


def test_unaligned_experts_train_elsewhere_and_say_so_once(monkeypatch, caplog):
    """Rows grouped GEMMs cannot take (hidden 20 in bf16: 40 bytes): stock's code on CUDA, the fused op's
    Triton backward elsewhere."""
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "grouped")
    zoo_mixtral._log_unaligned_training.cache_clear()
    gate_up = torch.empty(4, 80, 20, dtype=torch.bfloat16)
    with caplog.at_level(logging.WARNING, logger=zoo_mixtral.__name__):
        assert zoo_mixtral.train_path(torch.empty(1, 20, device="meta"), gate_up) == "fused"
        assert zoo_mixtral.train_path(torch.empty(1, 20, device="meta"), gate_up) == "fused"
    assert len(caplog.records) == 1 and "not 16-byte aligned" in caplog.records[0].message
    cuda_hidden = types.SimpleNamespace(device=torch.device("cuda"))  # all train_path reads of it
    assert zoo_mixtral.train_path(cuda_hidden, gate_up) == "stock"
    assert zoo_mixtral.train_path(cuda_hidden, gate_up.float()) == "grouped"

    calls = count_op_calls(monkeypatch)
    zoo, stock = twins(torch.bfloat16, hidden_size=20)  # stock's grouped_mm itself refuses these rows on CPU
    ids = batch(seq=5)
    for model in (zoo, stock):
        model(ids, labels=ids).loss.backward()
    assert calls == {"inference": 0, "grouped": 0, "fused": 1}
    assert max(grad_errors(zoo, stock).values()) < GRAD_TOL[torch.bfloat16]


def test_an_unknown_training_path_is_a_one_line_error(monkeypatch):
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "fast")
    zoo, _ = twins()
    ids = batch(seq=3)
    with pytest.raises(ValueError, match="PATCHZOO_MOE_TRAIN='fast' is not one of grouped, fused, stock"):
        zoo(ids, labels=ids)


def test_every_device_defaults_to_the_grouped_training_op_without_a_log_line(monkeypatch, caplog):
    monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    gate_up = torch.empty(4, 80, 24)
    with caplog.at_level(logging.WARNING, logger=zoo_mixtral.__name__):
        assert zoo_mixtral.train_path(types.SimpleNamespace(device=torch.device("cuda")), gate_up) == "grouped"
        assert zoo_mixtral.train_path(torch.empty(1, 24), gate_up) == "grouped"
    assert not caplog.records


@pytest.mark.gpu
@pytest.mark.parametrize("train", [None, "grouped", "fused"])
def test_cuda_training_paths_and_inference_stays_fused(train, monkeypatch):
    if train is None:
        monkeypatch.delenv(zoo_mixtral.TRAIN_ENV, raising=False)
    else:
        monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, train)
    calls = count_op_calls(monkeypatch)
    zoo, stock = (model.cuda() for model in stock_default_twins(torch.bfloat16))
    ids = batch(seq=5).cuda()
    for model in (zoo, stock):
        model(ids, labels=ids).loss.backward()
    expected = {"inference": 0, "grouped": 0, "fused": 0}
    expected[train or zoo_mixtral.DEFAULT_TRAIN_PATH] = 1
    assert calls == expected
    # Not compared bitwise even for stock's code: CUDA's index backward accumulates with atomics.
    assert max(grad_errors(zoo, stock).values()) < GRAD_TOL[torch.bfloat16]
    with torch.no_grad():
        zoo(ids)
    assert calls["inference"] == 1


def test_the_model_switch_picks_the_training_path_over_the_environment(monkeypatch):
    """use_moe_training(model, path) is the switch; PATCHZOO_MOE_TRAIN only serves models never switched."""
    monkeypatch.setenv(zoo_mixtral.TRAIN_ENV, "stock")
    calls = count_op_calls(monkeypatch)
    zoo, _ = twins()
    assert zoo_mixtral.use_moe_training(zoo, "fused") is zoo
    ids = batch(seq=5)
    zoo(ids, labels=ids).loss.backward()
    assert calls == {"inference": 0, "grouped": 0, "fused": 1}
    with pytest.raises(ValueError, match="path='fast' is not one of grouped, fused, stock"):
        zoo_mixtral.use_moe_training(zoo, "fast")
