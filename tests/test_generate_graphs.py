"""generate()'s decoding step from a CUDA graph (patchzoo/patches/generate_graphs.py).

CPU: the wiring (get_compiled_call hands out stock's call where it must), every fallback, and the whole capture /
replay flow with a stand-in graph that runs the captured function eagerly at each replay (the buffers, the cache's
write counters put back after the warm-up, logits copied out): generate() equals stock's token for token.
GPU (`-m gpu`): real graphs on a tiny fp16 and a tiny GPTQ Llama equal the eager static-cache step bit for bit.
"""

import pytest
import torch
import transformers

import patchzoo
from patchzoo.patches import generate_graphs
from patchzoo.patches.generate_graphs import GraphedDecodeStep, cache_tensors, drop_decode_graphs
from patchzoo.tiny.build import tiny_gptq_checkpoint

GENERATE = dict(max_new_tokens=6, min_new_tokens=6, do_sample=False, pad_token_id=0, cache_implementation="static",
                return_dict_in_generate=True, output_logits=True)


def prompt(batch=2, seq=7, seed=0):
    ids = torch.randint(4, 512, (batch, seq), generator=torch.Generator().manual_seed(seed))
    mask = torch.ones_like(ids)
    mask[1:, :2] = 0  # left padding in the second row
    return ids, mask


@pytest.fixture
def zoo_and_stock(tiny_checkpoints):
    path = tiny_checkpoints("llama")
    return (patchzoo.LlamaForCausalLM.from_pretrained(path).eval(),
            transformers.LlamaForCausalLM.from_pretrained(path).eval())


class EagerGraphStep:
    """CUDAGraphStep's contract on the CPU: warm-up runs fn, capture records it, each call runs it (here: again)."""

    made = []

    def __init__(self, fn, warmup=2, **kwargs):
        self.fn, self.warmup, self.replays = fn, warmup, 0
        EagerGraphStep.made.append(self)

    def capture(self):
        for _ in range(self.warmup):
            self.fn()

    def __call__(self):
        self.replays += 1
        return self.fn()


@pytest.fixture
def stand_in_graphs(monkeypatch):
    """The graph path on the CPU: the CPU counts as a capturing device and graphs are EagerGraphStep; generate()
    takes its auto-compile branch (stock checks for a GPU there)."""
    EagerGraphStep.made = []
    monkeypatch.setattr(generate_graphs, "graph_device", lambda device: True)
    monkeypatch.setattr(generate_graphs, "CUDAGraphStep", EagerGraphStep)
    monkeypatch.setattr(patchzoo.LlamaForCausalLM, "_valid_auto_compile_criteria", lambda self, *args: True)
    return EagerGraphStep


def test_get_compiled_call_is_stocks_on_cpu(zoo_and_stock):
    zoo, _ = zoo_and_stock
    call = zoo.get_compiled_call(None)
    assert not isinstance(call, GraphedDecodeStep) and call is zoo._compiled_call


@pytest.mark.parametrize("why", ["switched off", "compile_config"])
def test_get_compiled_call_is_stocks_when_asked(zoo_and_stock, monkeypatch, why):
    zoo, _ = zoo_and_stock
    monkeypatch.setattr(generate_graphs, "graph_device", lambda device: True)
    assert isinstance(zoo.get_compiled_call(None), GraphedDecodeStep)
    compile_config = None
    if why == "switched off":
        zoo.decode_cuda_graph = False
    else:
        compile_config = transformers.CompileConfig(fullgraph=False)
    call = zoo.get_compiled_call(compile_config)
    assert not isinstance(call, GraphedDecodeStep) and call is zoo._compiled_call


def step_inputs(model, batch=2, tokens=1, **extra):
    cache = transformers.StaticCache(config=model.config, max_cache_len=16)
    with torch.no_grad():
        model(input_ids=torch.ones(batch, 3, dtype=torch.long), **{generate_graphs.CACHE_ARGS[0]: cache})
    return {"input_ids": torch.ones(batch, tokens, dtype=torch.long), "cache": cache, "use_cache": True, **extra}


@pytest.mark.parametrize("case, reason", [
    ("cpu", "not on a CUDA device"),
    ("two tokens", "not (batch, 1)"),
    ("attentions", "attentions or hidden states"),
    ("autograd", "autograd"),
])
def test_steps_it_cannot_replay_go_to_stocks_call(zoo_and_stock, case, reason):
    zoo, _ = zoo_and_stock
    calls = []
    step = GraphedDecodeStep(zoo, lambda **inputs: calls.append(inputs) or "stock")
    inputs = step_inputs(zoo, tokens=2 if case == "two tokens" else 1,
                         **({"output_attentions": True} if case == "attentions" else {}))
    with torch.set_grad_enabled(case == "autograd"):
        assert reason in step._why_not(inputs)
        assert step(**inputs) == "stock" and calls == [inputs]


def test_cache_tensors_are_static_layers_only(zoo_and_stock):
    zoo, _ = zoo_and_stock
    cache = step_inputs(zoo)["cache"]
    tensors = cache_tensors(cache)
    assert len(tensors) == 3 * zoo.config.num_hidden_layers and tensors[2] is cache.layers[0].cumulative_length
    assert cache_tensors(transformers.StaticCache(config=zoo.config, max_cache_len=16)) is None  # not initialized
    assert cache_tensors(transformers.DynamicCache(config=zoo.config)) is None


def test_stand_in_graphs_generate_as_stock(zoo_and_stock, stand_in_graphs):
    zoo, stock = zoo_and_stock
    ids, mask = prompt()
    plain = {k: v for k, v in GENERATE.items() if k not in ("return_dict_in_generate", "output_logits")}
    with torch.no_grad():
        expected = stock.generate(ids, attention_mask=mask, **GENERATE)
        got = zoo.generate(ids, attention_mask=mask, **GENERATE)  # returns its cache: the next call gets a new one
        again = [zoo.generate(ids, attention_mask=mask, **plain) for _ in range(2)]  # the second reuses the first's
    assert torch.equal(got.sequences, expected.sequences)
    assert all(torch.equal(tokens, expected.sequences) for tokens in again)
    assert all(torch.equal(a, b) for a, b in zip(got.logits, expected.logits))
    steps = GENERATE["max_new_tokens"] - 1  # the first token comes from the prefill
    first, second = stand_in_graphs.made  # warmed up once each, replayed by every step
    assert (first.warmup, first.replays, second.replays) == (1, steps, 2 * steps)
    assert getattr(got, generate_graphs.CACHE_ARGS[0], None) is not zoo.__dict__["_decode_cache"]


def test_new_batch_size_captures_again_and_moved_weights_drop_graphs(zoo_and_stock, stand_in_graphs):
    zoo, stock = zoo_and_stock
    with torch.no_grad():
        for batch in (1, 2):
            ids, mask = prompt(batch=batch)
            assert torch.equal(zoo.generate(ids, attention_mask=mask, **GENERATE).sequences,
                               stock.generate(ids, attention_mask=mask, **GENERATE).sequences)
        assert len(zoo.__dict__["_decode_graphs"]) == 2
        zoo.lm_head.weight.data = zoo.lm_head.weight.data.clone()  # a weight at a new address
        zoo.generate(ids, attention_mask=mask, **GENERATE)
    assert len(zoo.__dict__["_decode_graphs"]) == 1  # the old graphs went, the step was captured again
    drop_decode_graphs(zoo)
    assert "_decode_graphs" not in zoo.__dict__


def test_beam_search_moves_the_cache_and_runs_stocks_step(zoo_and_stock, stand_in_graphs):
    zoo, stock = zoo_and_stock
    ids, mask = prompt()
    kwargs = dict(max_new_tokens=5, num_beams=2, do_sample=False, pad_token_id=0, cache_implementation="static")
    with torch.no_grad():
        expected = stock.generate(ids, attention_mask=mask, **kwargs)
        got = zoo.generate(ids, attention_mask=mask, **kwargs)
    assert torch.equal(got, expected)


def test_switched_off_captures_nothing(zoo_and_stock, stand_in_graphs):
    zoo, stock = zoo_and_stock
    zoo.decode_cuda_graph = False
    zoo.__dict__["_compiled_call"] = zoo.__call__  # stock's compiled call, without compiling on the CPU
    zoo._last_compile_config = zoo._default_compile_config()
    ids, mask = prompt()
    with torch.no_grad():
        got = zoo.generate(ids, attention_mask=mask, **GENERATE)
        expected = stock.generate(ids, attention_mask=mask, **GENERATE)
    assert torch.equal(got.sequences, expected.sequences) and stand_in_graphs.made == []


# -- GPU: real graphs ---------------------------------------------------------------------------------------------


def static_generate(model, ids, mask, graph: bool):
    """generate() with a static cache: from the graph, or with the step eager (same kernels, no torch.compile)."""
    model.decode_cuda_graph = graph
    with torch.no_grad():
        return model.generate(ids, attention_mask=mask, **GENERATE, disable_compile=not graph)


@pytest.mark.gpu
@pytest.mark.parametrize("kind", ["fp16", "gptq"])
@pytest.mark.parametrize("batch", [1, 4])
def test_graph_replayed_generate_equals_eager(tiny_checkpoints, tmp_path, kind, batch):
    if kind == "fp16":
        path = tiny_checkpoints("llama")
    else:
        path = tiny_gptq_checkpoint(tmp_path / "gptq")
    model = patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float16, device_map="cuda").eval()
    ids, mask = (t.cuda() for t in prompt(batch=batch))
    eager = static_generate(model, ids, mask, graph=False)
    for _ in range(2):  # the second call replays the graph captured by the first
        graphed = static_generate(model, ids, mask, graph=True)
        assert torch.equal(graphed.sequences, eager.sequences)
        assert all(torch.equal(a, b) for a, b in zip(graphed.logits, eager.logits))
    assert len(model.__dict__["_decode_graphs"]) == 1
    (entry,) = model.__dict__["_decode_graphs"].values()
    assert entry is not generate_graphs._NOT_CAPTURED
