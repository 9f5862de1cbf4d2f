"""generate() drop-in: each generative zoo class against its stock class on the same tiny checkpoint, loaded
through the real from_pretrained path, in the decoding modes users pass to generate().

transformers' GenerationTesterMixin is not in its PyPI sdist (tests/compat/upstream.py), so the ground it
covers is checked here the drop-in way: the same call on stock and zoo gives the same sequences (greedy,
sampling from the same seed, beam search with several returned sequences, beam sampling, a static cache,
prompt-lookup decoding, repetition and n-gram penalties, a left-padded batch), and the same scores, logits,
beam scores and per-step hidden states where they are asked for. fp32 on CPU, where every zoo class computes
what stock does up to summation order; each case checks that its generations are not degenerate (several
distinct tokens), so that equality means something.
"""

import math

import pytest
import torch
import transformers

import patchzoo
from patchzoo.tiny.build import tiny_model
from test_seamless import varied_model

NEW_TOKENS = 8
DECODER_ONLY = ("llama", "mixtral")

MODES = {
    "greedy": dict(do_sample=False),
    "sample": dict(do_sample=True, top_k=50, top_p=0.95, temperature=0.9),
    "beams": dict(do_sample=False, num_beams=3, num_return_sequences=2, length_penalty=0.8),
    "beam_sample": dict(do_sample=True, num_beams=2, temperature=0.9),
    "static_cache": dict(do_sample=False, cache_implementation="static"),
    "prompt_lookup": dict(do_sample=False, prompt_lookup_num_tokens=2),
    "penalties": dict(do_sample=False, repetition_penalty=1.5, no_repeat_ngram_size=2),
}
# Modes a model family does not take in stock transformers either (the zoo is not asked for more).
STOCK_LACKS = {
    ("seamless_m4t_v2", "prompt_lookup"): "stock SeamlessM4T-v2 does not support assisted decoding",
}


def stock_weights(arch: str) -> torch.nn.Module:
    """Weights whose generations vary (the presets' random init emits one token forever for the
    encoder-decoders), sharp enough that near-ties between tokens are rare."""
    if arch == "seamless_m4t_v2":
        return varied_model("SeamlessM4Tv2ForTextToText")
    model = tiny_model(arch, seed=3)
    g = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if arch == "t5" and param.dim() >= 2:
                std = 0.05 if name == "shared.weight" else 2.0 / math.sqrt(param.shape[-1])
                param.copy_(torch.randn(param.shape, generator=g) * std)
            elif name.endswith("embed_tokens.weight"):
                param.mul_(4.0)
    return model


@pytest.fixture(scope="module", params=["llama", "mixtral", "t5", "seamless_m4t_v2"])
def pair(request, tmp_path_factory):
    arch = request.param
    path = tmp_path_factory.mktemp(f"generate_{arch}")
    stock_model = stock_weights(arch)
    stock_model.save_pretrained(path)
    stock = type(stock_model).from_pretrained(path).eval()
    zoo = patchzoo.AutoModel.from_pretrained(path).eval()
    assert type(zoo) is not type(stock) and isinstance(zoo, type(stock))
    if arch == "seamless_m4t_v2":  # the target-language table tgt_lang="eng" needs (released checkpoints ship it)
        for model in (stock, zoo):
            model.generation_config.text_decoder_lang_to_code_id = {"eng": 5}
    return arch, stock, zoo


@pytest.fixture(autouse=True)
def moe_reference(monkeypatch):
    """The fused MoE's PyTorch reference rather than interpreted Triton (minutes per generate() on a CPU);
    the kernels have their own tests."""
    monkeypatch.setenv("TRITON_INTERPRET", "0")


def prompts(arch: str, config) -> dict:
    """A batch of two prompts of different lengths: left-padded for decoder-only models (what generate()
    expects of them), right-padded for the encoder-decoders."""
    g = torch.Generator().manual_seed(7)
    ids = torch.randint(4, config.vocab_size, (2, 7), generator=g)
    mask = torch.ones_like(ids)
    if arch in DECODER_ONLY:
        mask[1, :3] = 0
    else:
        mask[1, 4:] = 0
    inputs = {"input_ids": ids.masked_fill(mask == 0, config.pad_token_id), "attention_mask": mask}
    if arch == "seamless_m4t_v2":
        inputs["tgt_lang"] = "eng"
    return inputs


def generation_kwargs(arch: str, mode: str) -> dict:
    kwargs = dict(MODES[mode], max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS, pad_token_id=0)
    if arch == "seamless_m4t_v2":
        kwargs.pop("min_new_tokens")  # its generate() checks lengths against its own EOS handling
    return kwargs


def run(model, inputs, kwargs, seed=0, **extra):
    torch.manual_seed(seed)
    with torch.no_grad():
        return model.generate(**inputs, **kwargs, **extra)


def sequences(out) -> torch.Tensor:
    return out if isinstance(out, torch.Tensor) else out.sequences


@pytest.mark.parametrize("mode", list(MODES))
def test_sequences_equal_stock(pair, mode):
    arch, stock, zoo = pair
    if (arch, mode) in STOCK_LACKS:
        pytest.skip(STOCK_LACKS[arch, mode])
    inputs, kwargs = prompts(arch, stock.config), generation_kwargs(arch, mode)
    if mode == "prompt_lookup":  # assisted decoding takes one sequence at a time (stock too)
        inputs = {k: v[:1] if isinstance(v, torch.Tensor) else v for k, v in inputs.items()}
    expected = sequences(run(stock, inputs, kwargs))
    got = sequences(run(zoo, inputs, kwargs))
    new = expected[:, -NEW_TOKENS:]
    assert new.unique().numel() >= 3, f"degenerate generation, the comparison would mean little: {new.tolist()}"
    assert torch.equal(got, expected), f"{arch} {mode}: zoo {got.tolist()} != stock {expected.tolist()}"


@pytest.mark.parametrize("mode", ["greedy", "beams"])
def test_scores_logits_and_hidden_states_equal_stock(pair, mode):
    arch, stock, zoo = pair
    inputs, kwargs = prompts(arch, stock.config), generation_kwargs(arch, mode)
    extra = dict(return_dict_in_generate=True, output_scores=True, output_logits=True, output_hidden_states=True)
    expected, got = run(stock, inputs, kwargs, **extra), run(zoo, inputs, kwargs, **extra)
    assert type(got) is type(expected)
    assert torch.equal(got.sequences, expected.sequences)
    for field in ("scores", "logits"):
        assert len(getattr(got, field)) == len(getattr(expected, field)), field
        for step, (a, b) in enumerate(zip(getattr(got, field), getattr(expected, field))):
            finite = torch.isfinite(b)
            assert torch.equal(torch.isfinite(a), finite), (field, step)
            torch.testing.assert_close(a[finite], b[finite], rtol=1e-4, atol=1e-4, msg=f"{field} step {step}")
    if mode == "beams":
        torch.testing.assert_close(got.sequences_scores, expected.sequences_scores, rtol=1e-4, atol=1e-4)
    hidden = "decoder_hidden_states" if hasattr(expected, "decoder_hidden_states") else "hidden_states"
    for step, (a, b) in enumerate(zip(getattr(got, hidden), getattr(expected, hidden))):
        assert len(a) == len(b), step
        for layer, (x, y) in enumerate(zip(a, b)):  # pad positions differ by design in some zoo classes
            torch.testing.assert_close(x[..., -1:, :], y[..., -1:, :], rtol=1e-4, atol=1e-4, msg=f"{step}/{layer}")


def test_generation_config_and_config_objects_untouched(pair):
    arch, stock, zoo = pair
    before = (zoo.config.to_dict(), zoo.generation_config.to_dict())
    run(zoo, prompts(arch, stock.config), generation_kwargs(arch, "beams"))
    run(zoo, prompts(arch, stock.config), generation_kwargs(arch, "static_cache"))
    assert (zoo.config.to_dict(), zoo.generation_config.to_dict()) == before
    assert zoo.config._attn_implementation == stock.config._attn_implementation


def test_inputs_embeds_prompt_equals_stock(pair):
    arch, stock, zoo = pair
    if arch not in DECODER_ONLY:
        pytest.skip("encoder-decoders take input ids here")
    inputs = prompts(arch, stock.config)
    embeds = stock.get_input_embeddings()(inputs.pop("input_ids"))
    kwargs = generation_kwargs(arch, "greedy")
    expected = run(stock, {**inputs, "inputs_embeds": embeds}, kwargs)
    assert torch.equal(run(zoo, {**inputs, "inputs_embeds": embeds}, kwargs), expected)


def test_zoo_classes_are_what_automodel_loads(pair):
    arch, stock, zoo = pair
    assert type(zoo) is patchzoo.registry.all_zoo_classes()[type(stock).__name__]
    assert isinstance(zoo, transformers.GenerationMixin)


def c3_mro(cls: type, without: type) -> list[type]:
    """The MRO `cls` would have with `without` left out of its direct bases (C3 linearization)."""
    sequences = [list(base.__mro__) for base in cls.__bases__ if base is not without]
    sequences.append([base for base in cls.__bases__ if base is not without])
    mro = [cls]
    while any(sequences):
        sequences = [s for s in sequences if s]
        head = next(s[0] for s in sequences if not any(s[0] in t[1:] for t in sequences))
        mro.append(head)
        sequences = [s[1:] if s[0] is head else s for s in sequences]
    return mro


GENERATIVE = sorted((name, cls) for name, cls in patchzoo.registry.all_zoo_classes().items()
                    if cls.can_generate() and cls.__module__.rsplit(".", 1)[-1] in ("t5", "llama", "mixtral", "seamless",
                                                                                    "seamless_speech"))


@pytest.mark.parametrize("name, zoo_cls", GENERATIVE, ids=[name for name, _ in GENERATIVE])
def test_inherits_generation_mixin_with_stocks_mro(name, zoo_cls):
    """transformers' test_inherits_generation_mixin (GenerationTesterMixin, not in the PyPI sdist): the class
    names GenerationMixin among its direct bases. Naming it there must not change what the class runs."""
    assert "GenerationMixin" in str(zoo_cls.__bases__)
    assert list(zoo_cls.__mro__) == c3_mro(zoo_cls, without=transformers.GenerationMixin)
