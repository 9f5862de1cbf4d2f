"""Graphed generate() of the zoo Llama (patchzoo.patches.decode_graphs) against stock generate().

On the CPU the graph step is replaced by EagerStep, which runs the captured function on every call (after the same
warm-up), so the plumbing a graph depends on is what is tested: the static cache, the input buffers, the device-side
position restored after the warm-up, the 4D masks, the cache handed back. On a GPU (`pytest -m gpu`) real CUDA
graphs replay and the tokens are compared with stock's.
"""

import functools
import logging
import pickle

import pytest
import torch
import transformers
from transformers.generation import utils as generation_utils

import patchzoo
from patchzoo.models import llama_decode
from patchzoo.patches import decode_graphs
from patchzoo.testing import tiny_gptq_checkpoint, tiny_model

NEW_TOKENS = 10
GPTQ_NEW_TOKENS = 4  # a GPTQ step takes ~1 s in the Triton interpreter: three graphed steps are enough there


class EagerStep:
    """decode_graphs.GraphStep on the CPU: capture() runs the warm-up, each call runs the function again."""

    captures = 0
    calls = 0
    WARMUP = 2  # CUDAGraphStep's default, which decode_graphs captures with

    def __init__(self, fn, warmup: int = WARMUP):
        self.fn, self.warmup = fn, warmup

    @staticmethod
    def available(device) -> bool:
        return True

    def capture(self) -> None:
        for _ in range(self.warmup):
            self.fn()
        EagerStep.captures += 1

    def __call__(self):
        EagerStep.calls += 1
        return self.fn()


class HostEvent:
    """torch.Event on the CPU, which has none (its work is done when the call returns): for DeferredStopCheck."""

    def __init__(self, device=None, blocking=False):
        pass

    def record(self):
        pass

    def synchronize(self):
        pass


@pytest.fixture
def eager_steps(monkeypatch):
    monkeypatch.setattr(decode_graphs, "GraphStep", EagerStep)
    monkeypatch.setattr(torch, "Event", HostEvent)  # a greedy graphed call's DeferredStopCheck records events
    # the graphs' logic with stock's kernels in them (quick on the CPU); the decode-kernel tests switch them on
    monkeypatch.setattr(patchzoo.LlamaForCausalLM, "decode_kernels", False)
    monkeypatch.setattr(EagerStep, "captures", 0)
    monkeypatch.setattr(EagerStep, "calls", 0)
    return EagerStep


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    directory = tmp_path_factory.mktemp("llama")
    tiny_model("llama").save_pretrained(directory)
    return directory


def _models(checkpoint, **kwargs):
    stock = transformers.LlamaForCausalLM.from_pretrained(checkpoint, **kwargs).eval()
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(checkpoint, **kwargs).eval()
    return stock, zoo


def _prompt(batch: int = 2, length: int = 7, vocab: int = 64):
    generator = torch.Generator().manual_seed(3)
    ids = torch.randint(3, vocab, (batch, length), generator=generator)
    mask = torch.ones_like(ids)
    mask[0, :3] = 0  # left padding on the first row
    return ids, mask


def _generate(model, ids, seed: int = 1, new_tokens: int = NEW_TOKENS, **kwargs):
    torch.manual_seed(seed)
    return model.generate(ids, **{"max_new_tokens": new_tokens, "min_new_tokens": new_tokens, "pad_token_id": 0,
                                  **kwargs})


@pytest.mark.parametrize("mode", [
    dict(),
    dict(padded=True),
    dict(padded=True, do_sample=True, top_k=20, temperature=0.9),
    dict(padded=True, repetition_penalty=1.3),
])
@pytest.mark.parametrize("attention", ["sdpa", "eager"])
def test_graphed_steps_give_stock_tokens(checkpoint, eager_steps, mode, attention):
    stock, zoo = _models(checkpoint, attn_implementation=attention)
    ids, mask = _prompt()
    kwargs = {k: v for k, v in mode.items() if k != "padded"}
    if mode.get("padded"):
        kwargs["attention_mask"] = mask
    expected = _generate(stock, ids, **kwargs)
    for call in range(2):  # the second call reuses the kept cache and its captured step
        assert torch.equal(_generate(zoo, ids, **kwargs), expected)
        assert eager_steps.captures == 1
        assert eager_steps.calls == (call + 1) * (NEW_TOKENS - 1)  # every step after the prefill replays
    # the graph built each step's mask (SDPA's bool mask, eager attention's additive one), checked against stock's
    assert decode_graphs._held[zoo].built_mask_dtype == (torch.bool if attention == "sdpa" else torch.float32)
    assert len(set(expected[:, ids.shape[1]:].flatten().tolist())) > 2  # not degenerate: equality means something


def test_a_mask_unlike_stocks_is_replaced_by_stocks(checkpoint, eager_steps, monkeypatch, caplog):
    """Where the graph's mask would differ from stock's, every step of the call gets stock's mask, copied in."""
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    expected = _generate(stock, ids, attention_mask=mask)
    monkeypatch.setattr(decode_graphs, "built_step_mask", lambda padding, *args: padding[:, None, None, :])  # no causal part
    with caplog.at_level(logging.INFO, logger="patchzoo"):
        assert torch.equal(_generate(zoo, ids, attention_mask=mask), expected)
    assert decode_graphs._held[zoo].built_mask_dtype is False
    assert eager_steps.calls == NEW_TOKENS - 1 and "built on the host as stock does" in caplog.text


@pytest.fixture
def deferred_stops(monkeypatch):
    """The undone-step count of every DeferredStopCheck a generate() call finished."""
    finished = []
    finish = generation_utils.DeferredStopCheck.finish
    monkeypatch.setattr(generation_utils.DeferredStopCheck, "finish",
                        lambda self: finished.append(finish(self)) or finished[-1])
    return finished


def _eos_every_row_reaches(generated: torch.Tensor) -> int:
    """A token each row makes before its last two steps (so a call with it as end of sequence ends early)."""
    common = set.intersection(*(set(row[:-2].tolist()) for row in generated))
    assert common, "no token that every row makes: pick another prompt"
    return min(common)


def test_greedy_calls_read_the_end_of_rows_a_step_late(checkpoint, eager_steps, deferred_stops):
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    greedy = dict(attention_mask=mask, max_new_tokens=3 * NEW_TOKENS, pad_token_id=0, do_sample=False)
    full = stock.generate(ids, **greedy)
    eos = _eos_every_row_reaches(full[:, ids.shape[1]:])
    expected = stock.generate(ids, eos_token_id=eos, **greedy)
    assert expected.shape[1] < full.shape[1] and deferred_stops == []  # stock on the CPU checks every step
    assert torch.equal(zoo.generate(ids, eos_token_id=eos, **greedy), expected)
    assert deferred_stops == [1]  # the step run past the end was undone
    assert torch.equal(zoo.generate(ids, **greedy), full)  # ended by length: known on the host, nothing to undo
    assert deferred_stops == [1, 0]


@pytest.mark.parametrize("kwargs", [dict(do_sample=True, top_k=20), dict(streamer="streamer"),
                                    dict(return_dict_in_generate=True)])
def test_sampling_streaming_or_a_returned_cache_check_every_step(checkpoint, eager_steps, deferred_stops, kwargs):
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    if kwargs.get("streamer"):
        kwargs = dict(streamer=transformers.generation.streamers.BaseStreamer())
        kwargs["streamer"].put = kwargs["streamer"].end = lambda *args: None
    torch.manual_seed(0)
    expected = stock.generate(ids, attention_mask=mask, max_new_tokens=NEW_TOKENS, pad_token_id=0, **kwargs)
    torch.manual_seed(0)
    got = zoo.generate(ids, attention_mask=mask, max_new_tokens=NEW_TOKENS, pad_token_id=0, **kwargs)
    sequences = (lambda out: out.sequences) if kwargs.get("return_dict_in_generate") else (lambda out: out)
    assert torch.equal(sequences(got), sequences(expected)) and deferred_stops == []
    assert eager_steps.calls == NEW_TOKENS - 1  # graphed all the same


@pytest.mark.parametrize("kwargs", [dict(do_sample=True, num_return_sequences=3), dict(max_length=15), dict()])
def test_lengths_and_returned_sequences_as_stock_sets_them(checkpoint, eager_steps, kwargs):
    stock, zoo = _models(checkpoint)
    ids, _ = _prompt()
    torch.manual_seed(0)
    expected = stock.generate(ids, pad_token_id=0, **kwargs)
    torch.manual_seed(0)
    assert torch.equal(zoo.generate(ids, pad_token_id=0, **kwargs), expected)
    assert eager_steps.calls == expected.shape[1] - ids.shape[1] - 1  # graphed: all steps after the prefill


def test_returned_cache_is_stock_type_with_stock_contents(checkpoint, eager_steps):
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    kwargs = dict(attention_mask=mask, return_dict_in_generate=True, output_scores=True, output_logits=True)
    expected, got = _generate(stock, ids, **kwargs), _generate(zoo, ids, **kwargs)
    assert torch.equal(got.sequences, expected.sequences)
    for ours, theirs in zip(got.scores, expected.scores):
        torch.testing.assert_close(ours, theirs)
    name = patchzoo.models.base.CACHE_NAME
    ours, theirs = getattr(got, name), getattr(expected, name)
    assert type(ours) is type(theirs)
    assert ours.get_seq_length() == theirs.get_seq_length() == ids.shape[1] + NEW_TOKENS - 1
    for a, b in zip(ours.layers, theirs.layers):
        torch.testing.assert_close(a.keys, b.keys)
        torch.testing.assert_close(a.values, b.values)
    _generate(zoo, ids, attention_mask=mask)  # a later call rewrites the kept cache, not the one handed back
    torch.testing.assert_close(getattr(got, name).layers[0].keys, theirs.layers[0].keys)


def test_kept_cache_follows_batch_length_and_weights(checkpoint, eager_steps):
    _, zoo = _models(checkpoint)
    ids, _ = _prompt()
    _generate(zoo, ids)
    first = decode_graphs._held[zoo]
    _generate(zoo, ids[:, :5])
    assert decode_graphs._held[zoo] is first and eager_steps.captures == 1  # shorter: same cache, same graph
    _generate(zoo, ids[:1])
    assert decode_graphs._held[zoo] is not first  # another batch size: a new cache
    second = decode_graphs._held[zoo]
    zoo.model.layers[0].mlp.up_proj.weight = torch.nn.Parameter(zoo.model.layers[0].mlp.up_proj.weight * 2)
    _generate(zoo, ids[:1])
    assert decode_graphs._held[zoo] is not second  # a weight tensor replaced: the graphs would read the old one
    stock, _ = _models(checkpoint)
    stock.model.layers[0].mlp.up_proj.weight = torch.nn.Parameter(stock.model.layers[0].mlp.up_proj.weight * 2)
    assert torch.equal(_generate(zoo, ids[:1]), _generate(stock, ids[:1]))
    third = decode_graphs._held[zoo]
    saved = torch.backends.cuda.matmul.allow_tf32
    try:  # the captured kernels were chosen under the TF32 switches: switching one means new graphs
        torch.backends.cuda.matmul.allow_tf32 = not saved
        _generate(zoo, ids[:1])
    finally:
        torch.backends.cuda.matmul.allow_tf32 = saved
    assert decode_graphs._held[zoo] is not third
    decode_graphs.release_decode_graphs(zoo)
    assert zoo not in decode_graphs._held


@pytest.mark.parametrize("kwargs, reason", [
    (dict(num_beams=2), "num_beams=2"),
    (dict(cache_implementation="static", compile_config=transformers.CompileConfig()), "with a compile_config"),
    (dict(cache_implementation="static", disable_compile=True, return_dict_in_generate=True),
     "stock returns its StaticCache"),
    (dict(output_hidden_states=True, return_dict_in_generate=True), "output_hidden_states=True"),
    (dict(prompt_lookup_num_tokens=2), "prompt_lookup_num_tokens=2"),
    (dict(max_new_tokens=1, min_new_tokens=1), "one new token"),
])
def test_other_decoding_modes_run_as_stock_and_say_why(checkpoint, eager_steps, caplog, kwargs, reason):
    decode_graphs._log_fallback_once.cache_clear()
    stock, zoo = _models(checkpoint)
    ids = _prompt()[0][:1]  # prompt lookup takes one row
    with caplog.at_level(logging.INFO, logger="patchzoo"):
        got = _generate(zoo, ids, **kwargs)
    expected = _generate(stock, ids, **kwargs)
    sequences = lambda out: out if isinstance(out, torch.Tensor) else out.sequences  # noqa: E731
    assert torch.equal(sequences(got), sequences(expected))
    assert eager_steps.captures == 0 and zoo not in decode_graphs._held
    assert sum(reason in r.getMessage() for r in caplog.records) == 1


@pytest.mark.parametrize("request_in", ["generate", "generation_config"])
@pytest.mark.parametrize("asked", [dict(cache_implementation="static", disable_compile=True),
                                   dict(cache_implementation="static"), dict(cache_implementation="dynamic")])
def test_a_static_or_dynamic_cache_request_is_graphed(checkpoint, eager_steps, asked, request_in, caplog):
    """Stock's static cache runs the steps the graphs replay (transformers would compile them on a GPU: the graphs
    take that place, said once), and a dynamic one is stock's default: all graph, asked for in the call or in the
    model's generation config, and give stock's tokens for the same request."""
    decode_graphs._log_compile_replaced_once.cache_clear()
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    for model in (stock, zoo):
        if request_in == "generation_config":
            for name, value in asked.items():
                setattr(model.generation_config, name, value)
    kwargs = asked if request_in == "generate" else {}
    expected = _generate(stock, ids, attention_mask=mask, **kwargs)
    with caplog.at_level(logging.INFO, logger="patchzoo"):
        for _ in range(2):
            assert torch.equal(_generate(zoo, ids, attention_mask=mask, **kwargs), expected)
    assert eager_steps.calls == 2 * (NEW_TOKENS - 1) and zoo in decode_graphs._held
    replaced = sum("in place of transformers' torch.compile" in r.getMessage() for r in caplog.records)
    assert replaced == (asked == dict(cache_implementation="static"))
    assert getattr(zoo.generation_config, "cache_implementation") == (asked["cache_implementation"]
                                                                      if request_in == "generation_config" else None)


def test_switched_off_and_cpu_run_as_stock(checkpoint, caplog):
    decode_graphs._log_fallback_once.cache_clear()
    stock, zoo = _models(checkpoint)
    assert zoo.decode_graphs is True and zoo.decode_kernels is True  # the defaults (on a CUDA device)
    assert zoo.fused_decode_step is True
    ids, mask = _prompt()
    with caplog.at_level(logging.INFO, logger="patchzoo"):
        assert torch.equal(_generate(zoo, ids, attention_mask=mask), _generate(stock, ids, attention_mask=mask))
    assert zoo not in decode_graphs._held and "not on a CUDA device" in caplog.text
    zoo.decode_graphs = False
    assert torch.equal(_generate(zoo, ids), _generate(stock, ids))


def test_a_step_that_cannot_be_captured_decodes_eagerly(checkpoint, eager_steps, monkeypatch, caplog):
    decode_graphs._log_fallback_once.cache_clear()

    def fail(self):
        raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(EagerStep, "capture", fail)
    stock, zoo = _models(checkpoint)
    ids, mask = _prompt()
    with caplog.at_level(logging.WARNING, logger="patchzoo"):
        got = _generate(zoo, ids, attention_mask=mask)
    assert torch.equal(got, _generate(stock, ids, attention_mask=mask))
    assert "capturing the decoding step failed" in caplog.text and eager_steps.calls == 0


def test_graphed_model_pickles_without_its_graphs(checkpoint, eager_steps):
    _, zoo = _models(checkpoint)
    ids, _ = _prompt()
    expected = _generate(zoo, ids)
    copy = pickle.loads(pickle.dumps(zoo))
    assert copy not in decode_graphs._held
    assert torch.equal(_generate(copy, ids), expected)


def test_gptq_model_graphed_equals_ungraphed(tmp_path, eager_steps):
    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq")
    model = patchzoo.LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32).eval()
    ids, mask = _prompt()
    graphed = _generate(model, ids, attention_mask=mask, new_tokens=GPTQ_NEW_TOKENS)
    assert eager_steps.calls == GPTQ_NEW_TOKENS - 1
    model.decode_graphs = False
    assert torch.equal(graphed, _generate(model, ids, attention_mask=mask, new_tokens=GPTQ_NEW_TOKENS))


@pytest.fixture
def kernel_calls(monkeypatch):
    """Counts of the Triton ops the captured step's forwards call (patchzoo.models.llama_decode), by op name."""
    calls = {}
    for name in ("rms_norm", "add_rms_norm", "rope", "rope_write_kv", "decode_attention", "swiglu"):
        def counted(*args, _op=getattr(llama_decode, name), _name=name):
            calls[_name] = calls.get(_name, 0) + 1
            return _op(*args)

        monkeypatch.setattr(llama_decode, name, counted)
    return calls


def _instance_forwards(model) -> list[str]:
    return [name for name, module in model.named_modules() if "forward" in module.__dict__]


@pytest.mark.parametrize("fused", [False, True], ids=["kernels", "fused_step"])
@pytest.mark.parametrize("attention", ["sdpa", "eager"])
def test_captured_step_runs_the_decode_kernels_with_stock_tokens(checkpoint, eager_steps, kernel_calls, attention,
                                                                 fused):
    stock, zoo = _models(checkpoint, attn_implementation=attention)
    zoo.decode_kernels, zoo.fused_decode_step = True, fused
    ids, mask = _prompt()
    expected = _generate(stock, ids, attention_mask=mask, output_logits=True, return_dict_in_generate=True)
    got = _generate(zoo, ids, attention_mask=mask, output_logits=True, return_dict_in_generate=True)
    assert torch.equal(got.sequences, expected.sequences)
    for ours, theirs in zip(got.logits, expected.logits):  # the norm's mean sums in another order: not bit-equal
        torch.testing.assert_close(ours, theirs, rtol=1e-4, atol=1e-5)
    layers = zoo.config.num_hidden_layers
    steps = eager_steps.captures * eager_steps.WARMUP + eager_steps.calls  # EagerStep runs the step on every call
    if fused:  # the first input norm alone; every other norm with the residual add before it; RoPE with the write
        assert kernel_calls == {"rms_norm": steps, "add_rms_norm": steps * 2 * layers, "rope_write_kv": steps * layers,
                                "decode_attention": steps * layers, "swiglu": steps * layers}
    else:
        assert kernel_calls == {"rms_norm": steps * (2 * layers + 1), "rope": steps * layers, "swiglu": steps * layers}
    assert _instance_forwards(zoo) == []  # bound for the captured step only: the prompt and any later call are stock's


def test_decode_kernels_switched_off_capture_stocks_kernels(checkpoint, eager_steps, kernel_calls):
    stock, zoo = _models(checkpoint)
    zoo.decode_kernels = False
    ids, _ = _prompt()
    assert torch.equal(_generate(zoo, ids), _generate(stock, ids))
    assert eager_steps.calls == NEW_TOKENS - 1 and kernel_calls == {}


def test_decode_kernels_on_the_gptq_fused_projections(tmp_path, eager_steps, kernel_calls):
    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq")
    model = patchzoo.LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32).eval()
    model.decode_kernels, model.fused_decode_step = True, True
    assert {type(m).__name__ for m in model.modules()} >= {"FusedQKVLlamaAttention", "FusedGateUpLlamaMLP"}
    ids, mask = _prompt(batch=1)  # one row: gate and up are contiguous halves of gate_up_proj's output
    graphed = _generate(model, ids, output_logits=True, return_dict_in_generate=True, new_tokens=GPTQ_NEW_TOKENS)
    assert kernel_calls["rope_write_kv"] > 0 and kernel_calls["swiglu"] == kernel_calls["rope_write_kv"]
    assert kernel_calls["add_rms_norm"] == 2 * kernel_calls["rope_write_kv"]
    model.decode_kernels = False
    # EagerStep runs the captured function on every call, and that function reads the switch: stock's kernels now
    stock_kernels = _generate(model, ids, output_logits=True, return_dict_in_generate=True, new_tokens=GPTQ_NEW_TOKENS)
    assert torch.equal(graphed.sequences, stock_kernels.sequences)
    for ours, theirs in zip(graphed.logits, stock_kernels.logits):
        torch.testing.assert_close(ours, theirs, rtol=1e-4, atol=1e-5)


def test_a_module_with_a_forward_of_its_own_keeps_it(checkpoint, eager_steps, kernel_calls):
    _, zoo = _models(checkpoint)
    zoo.decode_kernels, zoo.fused_decode_step = True, True
    norm = zoo.model.norm
    norm.forward = functools.partial(type(norm).forward, norm)  # e.g. a wrapper a user installed
    _generate(zoo, _prompt()[0])
    layers = zoo.config.num_hidden_layers
    steps = eager_steps.captures * eager_steps.WARMUP + eager_steps.calls
    # every norm but the final one, none joined to its residual add: the layers hand the final norm a plain tensor
    assert kernel_calls["rms_norm"] == steps * 2 * layers and "add_rms_norm" not in kernel_calls
    assert kernel_calls["rope_write_kv"] == steps * layers
    assert _instance_forwards(zoo) == ["model.norm"]


STEP_MODES = {"stock_kernels": (False, False), "decode_kernels": (True, False), "fused_step": (True, True)}


@pytest.mark.gpu
@pytest.mark.parametrize("step", list(STEP_MODES))
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_cuda_graphs_give_stock_tokens_on_gpu(checkpoint, dtype, step, monkeypatch):
    replays = []
    replay = decode_graphs.CUDAGraphStep.__call__
    monkeypatch.setattr(decode_graphs.CUDAGraphStep, "__call__", lambda self: replays.append(1) or replay(self))
    stock, zoo = _models(checkpoint, dtype=dtype, device_map="cuda")
    zoo.decode_kernels, zoo.fused_decode_step = STEP_MODES[step]
    ids, mask = (t.cuda() for t in _prompt())
    static = dict(cache_implementation="static", disable_compile=True)
    for kwargs in (dict(), dict(attention_mask=mask), dict(attention_mask=mask, do_sample=True, top_k=20)):
        expected = _generate(stock, ids, **static, **kwargs)
        assert torch.equal(_generate(zoo, ids, **kwargs), expected)
        if dtype == torch.float32:  # the dynamic cache differs from the static one only in summation order
            assert torch.equal(_generate(stock, ids, **kwargs), expected)
    expected = _generate(stock, ids, attention_mask=mask, **static)
    assert torch.equal(_generate(zoo, ids, attention_mask=mask, **static), expected)
    # transformers would compile this one's step: the graphs take its place, stock's eager tokens
    assert torch.equal(_generate(zoo, ids, attention_mask=mask, cache_implementation="static"), expected)
    assert len(replays) == 5 * (NEW_TOKENS - 1)  # the static-cache requests graphed too
    # greedy, ended by an end-of-sequence token: the stop check runs a step late, and that step is undone
    greedy = dict(attention_mask=mask, max_new_tokens=3 * NEW_TOKENS, pad_token_id=0)
    full = stock.generate(ids, cache_implementation="static", disable_compile=True, **greedy)
    eos = _eos_every_row_reaches(full[:, ids.shape[1]:])
    expected = stock.generate(ids, eos_token_id=eos, cache_implementation="static", disable_compile=True, **greedy)
    assert expected.shape[1] < full.shape[1] and torch.equal(zoo.generate(ids, eos_token_id=eos, **greedy), expected)


@pytest.mark.gpu
@pytest.mark.parametrize("step", list(STEP_MODES))
def test_cuda_graphs_on_a_gptq_checkpoint(tmp_path, step):
    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq")
    model = patchzoo.LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float16, device_map="cuda").eval()
    model.decode_kernels, model.fused_decode_step = STEP_MODES[step]
    ids, mask = (t.cuda() for t in _prompt())
    graphed = [_generate(model, ids, attention_mask=mask) for _ in range(2)]
    assert model in decode_graphs._held
    model.decode_graphs = False
    eager = _generate(model, ids, attention_mask=mask, cache_implementation="static", disable_compile=True)
    assert torch.equal(graphed[0], eager) and torch.equal(graphed[1], eager)
