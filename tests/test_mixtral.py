"""Zoo Mixtral: the "patchzoo_fused" experts implementation, registration, loading paths, parity with stock."""

import copy
import subprocess
import sys

import pytest
import torch
import transformers
from transformers.integrations import moe as hf_moe

import patchzoo
from patchzoo.evals.parity import load_case, run_case
from patchzoo.models import mixtral as zoo_mixtral
from patchzoo.tiny.presets import get_preset

FUSED = zoo_mixtral.EXPERTS_IMPLEMENTATION


def input_ids(config, batch=2, seq=11, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(4, config.vocab_size, (batch, seq), generator=g)


def test_import_patchzoo_registers_nothing_until_mixtral_is_used():
    code = (
        "import patchzoo\n"
        "from transformers.integrations.moe import ALL_EXPERTS_FUNCTIONS as F\n"
        "assert 'patchzoo_fused' not in F, 'registered at import patchzoo'\n"
        "patchzoo.MixtralForCausalLM\n"
        "assert 'patchzoo_fused' in F, 'not registered by resolving a Mixtral class'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def fused_experts(model):
    """runs_fused() of every experts module (all FusedMixtralExperts)."""
    experts = [m for m in model.modules() if isinstance(m, transformers.models.mixtral.modeling_mixtral.MixtralExperts)]
    assert experts and all(isinstance(m, zoo_mixtral.FusedMixtralExperts) for m in experts)
    return {m.runs_fused() for m in experts}


def test_loader_gives_zoo_class_with_fused_experts(tiny_checkpoints):
    model = patchzoo.AutoModel.from_pretrained(tiny_checkpoints("mixtral"))
    assert type(model) is zoo_mixtral.MixtralForCausalLM
    assert isinstance(model, transformers.MixtralForCausalLM)
    assert fused_experts(model) == {True}


def test_config_object_is_left_as_stock_leaves_it(tiny_checkpoints):
    path = tiny_checkpoints("mixtral")
    config, stock_config = (transformers.AutoConfig.from_pretrained(path) for _ in range(2))
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(path, config=config)
    transformers.MixtralForCausalLM.from_pretrained(path, config=stock_config)
    assert config.to_dict() == stock_config.to_dict()
    assert config._experts_implementation == stock_config._experts_implementation
    assert zoo.config._experts_implementation not in (FUSED, None) and fused_experts(zoo) == {True}
    # Built from the object itself (no copy): it gets stock's resolution, and a stock model built from
    # it afterwards runs stock code.
    zoo = patchzoo.MixtralForCausalLM(config)
    transformers.MixtralForCausalLM(stock_config)
    assert config._experts_implementation == stock_config._experts_implementation != FUSED
    assert fused_experts(zoo) == {True}
    later = transformers.MixtralForCausalLM(config)
    assert type(later.model.layers[0].mlp.experts) is transformers.models.mixtral.modeling_mixtral.MixtralExperts
    assert later.config._experts_implementation == stock_config._experts_implementation


def test_switching_implementations_and_back(tiny_checkpoints):
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(tiny_checkpoints("mixtral"))
    default = zoo.get_experts_implementation()
    zoo.set_experts_implementation("eager")  # asked for: stock eager runs
    assert fused_experts(zoo) == {False} and zoo.config._experts_implementation == "eager"
    zoo.set_experts_implementation(default)  # restored (as transformers' exporters do): fused again
    assert fused_experts(zoo) == {True} and zoo.get_experts_implementation() == default


@pytest.mark.parametrize("dtype,tol", [(torch.float32, 1e-4), (torch.bfloat16, 5e-2)])
def test_zoo_logits_match_stock(tiny_checkpoints, dtype, tol):
    path = tiny_checkpoints("mixtral")
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(path, dtype=dtype).eval()
    stock = transformers.MixtralForCausalLM.from_pretrained(path, dtype=dtype).eval()
    assert stock.config._experts_implementation != FUSED
    ids = input_ids(zoo.config)
    with torch.no_grad():
        diff = (zoo(ids).logits.float() - stock(ids).logits.float()).abs().max().item()
    assert diff <= tol


def test_stock_class_selects_fused_by_name(tiny_checkpoints):
    path = tiny_checkpoints("mixtral")
    fused = transformers.MixtralForCausalLM.from_pretrained(path, experts_implementation=FUSED).eval()
    stock = transformers.MixtralForCausalLM.from_pretrained(path).eval()
    assert type(fused) is transformers.MixtralForCausalLM and fused.config._experts_implementation == FUSED
    ids = input_ids(fused.config)
    with torch.no_grad():
        torch.testing.assert_close(fused(ids).logits, stock(ids).logits, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("requested", ["eager", "grouped_mm"])
def test_zoo_class_honours_an_explicit_implementation(tiny_checkpoints, requested, monkeypatch):
    model = patchzoo.MixtralForCausalLM.from_pretrained(tiny_checkpoints("mixtral"), experts_implementation=requested)
    assert model.config._experts_implementation == requested and fused_experts(model) == {False}
    monkeypatch.setattr(zoo_mixtral, "run_fused", lambda *a: pytest.fail("fused ran though another was asked for"))
    model(input_ids(model.config))
    monkeypatch.undo()
    model.set_experts_implementation(FUSED)
    assert model.config._experts_implementation == FUSED
    model.set_experts_implementation("eager")
    assert model.config._experts_implementation == "eager" and fused_experts(model) == {False}


def test_generate_keeps_the_fused_experts(tiny_checkpoints, monkeypatch):
    """On a GPU, generate() swaps grouped_mm for batched_mm while decoding (set_experts_implementation and
    back); a zoo model keeps its fused experts instead. The device stock checks is faked to a GPU here."""
    path = tiny_checkpoints("mixtral")
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(path)
    stock = transformers.MixtralForCausalLM.from_pretrained(path)
    on_gpu = property(lambda self: torch.device("cuda"))
    monkeypatch.setattr(type(zoo), "device", on_gpu)
    monkeypatch.setattr(type(stock), "device", on_gpu)
    with stock._optimize_model_for_decode():  # what the zoo must not let happen to it
        assert stock.config._experts_implementation == "batched_mm"
    with zoo._optimize_model_for_decode():
        assert fused_experts(zoo) == {True} and zoo.config._experts_implementation == "grouped_mm"
    assert fused_experts(zoo) == {True}


def test_patch_switches_a_loaded_stock_model_in_place(tiny_checkpoints):
    stock = transformers.MixtralForCausalLM.from_pretrained(tiny_checkpoints("mixtral")).eval()
    ids = input_ids(stock.config)
    with torch.no_grad():
        before = stock(ids).logits
    pointers = {name: p.data_ptr() for name, p in stock.named_parameters()}
    resolved = stock.config._experts_implementation
    patched = patchzoo.patch(stock)
    assert patched is stock and type(stock) is zoo_mixtral.MixtralForCausalLM
    assert stock.config._experts_implementation == resolved and fused_experts(stock) == {True}
    assert pointers == {name: p.data_ptr() for name, p in stock.named_parameters()}
    with torch.no_grad():
        torch.testing.assert_close(stock(ids).logits, before, rtol=1e-4, atol=1e-4)


def test_save_pretrained_loads_in_stock(tiny_checkpoints, tmp_path):
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(tiny_checkpoints("mixtral"))
    zoo.save_pretrained(tmp_path)
    stock = transformers.MixtralForCausalLM.from_pretrained(tmp_path)
    assert stock.config.model_type == "mixtral"
    zoo_state, stock_state = zoo.state_dict(), stock.state_dict()
    assert zoo_state.keys() == stock_state.keys()
    assert all(torch.equal(zoo_state[k], stock_state[k]) for k in zoo_state)


def test_greedy_generation_matches_stock(tiny_checkpoints):
    path = tiny_checkpoints("mixtral")
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(path).eval()
    stock = transformers.MixtralForCausalLM.from_pretrained(path).eval()
    prompt = input_ids(zoo.config, batch=1, seq=5)
    # The prefill and two cached decode steps (each step is one more interpreted MoE call per layer on CPU)
    kwargs = dict(max_new_tokens=3, do_sample=False, pad_token_id=0)
    assert torch.equal(zoo.generate(prompt, **kwargs), stock.generate(prompt, **kwargs))


def test_layouts_the_kernel_does_not_cover_go_to_grouped_mm():
    config = transformers.MixtralConfig(hidden_size=16, intermediate_size=24, num_local_experts=4, hidden_act="gelu")
    experts = transformers.models.mixtral.modeling_mixtral.MixtralExperts(config)
    torch.nn.init.normal_(experts.gate_up_proj, std=0.2)
    torch.nn.init.normal_(experts.down_proj, std=0.2)
    assert not zoo_mixtral._kernel_covers(experts)
    hidden = torch.randn(5, 16)
    ids = torch.randint(0, 4, (5, 2))
    weights = torch.rand(5, 2)
    expected = hf_moe.grouped_mm_experts_forward(experts, hidden, ids, weights)
    torch.testing.assert_close(zoo_mixtral.fused_experts_forward(experts, hidden, ids, weights), expected)


def test_parity_row_passes(tiny_checkpoints):
    row = run_case(load_case("mixtral"), tiny_checkpoints("mixtral"), torch.device("cpu"), torch.float32)
    assert row.status == "pass", row


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_parity_row_passes_on_gpu(tiny_checkpoints, dtype):
    row = run_case(load_case("mixtral"), tiny_checkpoints("mixtral"), torch.device("cuda"), dtype)
    assert row.status == "pass", row


@pytest.mark.gpu
def test_generate_on_gpu_stays_fused_and_matches_stock(tiny_checkpoints):
    path = tiny_checkpoints("mixtral")
    zoo = patchzoo.MixtralForCausalLM.from_pretrained(path, dtype=torch.float32).cuda().eval()
    stock = transformers.MixtralForCausalLM.from_pretrained(path, dtype=torch.float32).cuda().eval()
    prompt = input_ids(zoo.config, batch=1, seq=5).cuda()
    kwargs = dict(max_new_tokens=6, do_sample=False, pad_token_id=0)
    assert torch.equal(zoo.generate(prompt, **kwargs), stock.generate(prompt, **kwargs))
    assert fused_experts(zoo) == {True}


def uncovered_config():
    """The tiny preset with GeLU experts: a layout the fused kernel does not cover (stock's code runs)."""
    config = get_preset("mixtral").build_config()
    config.hidden_act = "gelu"
    return config


def test_uncovered_experts_compile_with_fullgraph_as_stock_does():
    """The once-per-reason fallback log must stay out of the traced region: fullgraph=True compiles, and plain
    torch.compile has no graph break (one per MoE layer before)."""
    torch.manual_seed(0)
    zoo = patchzoo.MixtralForCausalLM(uncovered_config()).eval()
    stock = transformers.MixtralForCausalLM(uncovered_config()).eval()
    stock.load_state_dict(zoo.state_dict())
    assert fused_experts(zoo) == {True} and not zoo_mixtral._kernel_covers(zoo.model.layers[0].mlp.experts)
    zoo_mixtral._log_fallback.cache_clear()  # so the compiled forward would reach the log call
    ids = input_ids(zoo.config)
    torch._dynamo.reset()
    try:
        with torch.no_grad():
            expected = stock(ids).logits
            got = torch.compile(zoo, backend="eager", fullgraph=True)(ids).logits
            torch._dynamo.reset()
            assert torch._dynamo.explain(zoo)(ids).graph_break_count == 0
    finally:
        torch._dynamo.reset()
    torch.testing.assert_close(got, expected)


def test_uncovered_experts_log_their_reason_when_built(caplog):
    zoo_mixtral._log_fallback.cache_clear()
    with caplog.at_level("WARNING", logger=zoo_mixtral.__name__):
        patchzoo.MixtralForCausalLM(uncovered_config())
    assert [r.getMessage() for r in caplog.records] == [
        "patchzoo fused MoE does not cover activation GELUActivation (the kernel fuses SiLU); "
        "running stock's experts implementation"]


@pytest.mark.parametrize("first", ["stock", "zoo"])
def test_config_another_model_was_built_from_still_gets_fused_experts(first):
    """Every model built from a config object writes its resolved implementation ("grouped_mm") into it, and a
    deep copy carries it: that is not the caller asking for stock's experts."""
    config = get_preset("mixtral").build_config()
    first_cls = transformers.MixtralForCausalLM if first == "stock" else patchzoo.MixtralModel
    first_cls(config)
    assert config._experts_implementation == "grouped_mm"
    before = config.to_dict(), config._experts_implementation
    for given in (config, copy.deepcopy(config)):
        zoo = patchzoo.MixtralForCausalLM(given)
        assert fused_experts(zoo) == {True}
        assert (given.to_dict(), given._experts_implementation) == before  # left as stock leaves it
    stock = transformers.MixtralForCausalLM(config)  # and a stock model built from it still runs stock code
    assert type(stock.model.layers[0].mlp.experts) is transformers.models.mixtral.modeling_mixtral.MixtralExperts


def test_an_explicit_request_on_a_reused_config_still_wins():
    config = get_preset("mixtral").build_config()
    transformers.MixtralForCausalLM(config)
    config._experts_implementation = "eager"
    assert fused_experts(patchzoo.MixtralForCausalLM(config)) == {False}
    assert fused_experts(patchzoo.MixtralForCausalLM(copy.deepcopy(config))) == {False}
    config._experts_implementation = "grouped_mm"  # stock's default, asked for by argument: stock's grouped_mm
    assert fused_experts(patchzoo.MixtralForCausalLM._from_config(config, experts_implementation="grouped_mm")) == {False}
    zoo = patchzoo.MixtralForCausalLM(config)
    assert fused_experts(zoo) == {True}
    zoo.set_experts_implementation("eager")
    assert fused_experts(zoo) == {False} and zoo.config._experts_implementation == "eager"
