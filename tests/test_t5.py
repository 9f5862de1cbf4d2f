"""The zoo FLAN-T5 (patchzoo.models.t5) against stock T5 on tiny checkpoints.

What is checked: loading (wo stays float16, save_pretrained output loads in stock), exact stock
behaviour in float32/bfloat16, an overflow stress checkpoint that stock float16 gets wrong and the zoo
gets right, each of the four fixes made necessary by its own scenario (the zoo passes, the zoo with
that one fix undone fails), greedy generation in float16 equal to float32 (dynamic and static cache),
and zero graph breaks for the encoder and a decoder step.

Tolerance for float16 against float32: max |Δ logits| <= 1e-2 * max |float32 logits|. float16 keeps
11 significant bits (unit roundoff 4.9e-4); a tiny model has ~10 roundings in series per logit, so
its honest error is ~2e-3 relative (measured: 1.6e-3 on the stress checkpoint). Overflow artefacts
are far larger: stock's clamp-to-max gives ~8e-2, inf in a sublayer ~5e-1 or NaN.
"""

import pytest
import torch
import torch.nn as nn
import transformers
from transformers.activations import NewGELUActivation
from transformers.cache_utils import EncoderDecoderCache, StaticCache
from transformers.generation.configuration_utils import CompileConfig
from transformers.models.t5 import modeling_t5

import patchzoo
from patchzoo.models import t5 as zoo_t5
from patchzoo.models.base import swap_module_classes
from patchzoo.patches.fp16 import SafeGELUTanh
from patchzoo.tiny.build import tiny_model

RELATIVE_TOLERANCE = 1e-2


def relative_error(logits: torch.Tensor, reference: torch.Tensor) -> float:
    """max |Δ| / max |reference|; inf or NaN anywhere gives inf."""
    if not torch.isfinite(logits).all():
        return float("inf")
    return ((logits.float() - reference).abs().max() / reference.abs().max()).item()


def batch(vocab: int = 512, seed: int = 0) -> dict:
    """Four right-padded rows (24, 13, 3 and 19 real tokens) and 8 decoder tokens."""
    g = torch.Generator().manual_seed(seed)
    input_ids = torch.randint(4, vocab, (4, 24), generator=g)
    attention_mask = (torch.arange(24)[None] < torch.tensor([24, 13, 3, 19])[:, None]).long()
    decoder_input_ids = torch.randint(4, vocab, (4, 8), generator=g)
    decoder_input_ids[:, 0] = 0
    return dict(input_ids=input_ids * attention_mask, attention_mask=attention_mask, decoder_input_ids=decoder_input_ids)


def logits(model: nn.Module, inputs: dict, device) -> torch.Tensor:
    model = model.to(device).eval()
    with torch.no_grad():
        return model(**{k: v.to(device) for k, v in inputs.items()}).logits.float().cpu()


def undo_fix(model: nn.Module, fix: str) -> nn.Module:
    """The zoo model with one of its fixes reverted to stock (the control of each fix's test).

    "ff" reverts the scaled feed-forward (T5LayerFF and the FF modules: stock's float16 products and wo);
    "gelu" reverts the safe GeLU, which the scaled feed-forward also applies, so it reverts "ff" too.
    """
    if fix == "mask":
        for module in model.modules():
            if isinstance(module, zoo_t5.T5Attention):
                module.config = module.config._config  # the stack's own config: stock dispatch
        swap_module_classes(model, {zoo_t5.T5Attention: modeling_t5.T5Attention})
    elif fix == "residual":
        swap_module_classes(model, {zoo_t5.T5Block: modeling_t5.T5Block})
    elif fix in ("ff", "gelu"):
        swap_module_classes(model, {new: old for old, new in zoo_t5._ZOO_MODULES.items() if old is not modeling_t5.T5Block})
    if fix == "gelu":
        swap_module_classes(model, {SafeGELUTanh: NewGELUActivation})
    return model


def save(model: nn.Module, directory) -> str:
    model.save_pretrained(directory)
    return str(directory)


@pytest.fixture(scope="module")
def stress_checkpoint(tmp_path_factory):
    """The tiny FLAN preset with activations of a large bf16-trained model.

    - every wo scaled so the FF output reaches ~1.6e5 (over float16's max, under 8x it);
    - shared embeddings scaled to ~6e4 (the decoder's final LayerNorm weight divided back, since
      T5 ties lm_head to them) and the block-0 self-attention output projections to ~5e4, so the
      first residual add (embedding + attention) leaves float16's range before any FF runs.
    """
    model = tiny_model("t5")
    with torch.no_grad():
        model.shared.weight.mul_(1.4e4)
        model.decoder.final_layer_norm.weight.div_(1.4e4)
        for stack in (model.encoder, model.decoder):
            stack.block[0].layer[0].SelfAttention.o.weight.mul_(2.1e4)
            for block in stack.block:
                block.layer[-1].DenseReluDense.wo.weight.mul_(5.5e4)
    return save(model, tmp_path_factory.mktemp("t5_stress"))


def test_zoo_classes_resolve_and_patch(tiny_checkpoints):
    checkpoint = tiny_checkpoints("t5")
    for name in ("T5Model", "T5ForConditionalGeneration", "T5EncoderModel"):
        assert getattr(patchzoo, name) is getattr(zoo_t5, name)
    model = patchzoo.AutoModel.from_pretrained(checkpoint)
    assert type(model) is zoo_t5.T5ForConditionalGeneration
    stock = transformers.T5EncoderModel.from_pretrained(checkpoint)
    assert patchzoo.patch(stock) is stock and type(stock) is zoo_t5.T5EncoderModel
    for zoo in (model, stock):
        assert all(type(block) is zoo_t5.T5Block for block in zoo.encoder.block)
        assert all(isinstance(m, SafeGELUTanh) for m in zoo.modules() if isinstance(m, NewGELUActivation))
        ffs = [m for m in zoo.modules() if isinstance(m, modeling_t5.T5LayerFF)]
        assert ffs and all(type(ff) is zoo_t5.T5LayerFF for ff in ffs)
        assert all(type(ff.DenseReluDense) is zoo_t5.T5DenseGatedActDense for ff in ffs)
        assert all(ff.DenseReluDense.fp16_scale == 8 and type(ff.DenseReluDense.wo) is nn.Linear for ff in ffs)
        assert zoo.config._attn_implementation == zoo.encoder.config._attn_implementation == "sdpa"  # as given
        attention = zoo.encoder.block[0].layer[0].SelfAttention
        assert type(attention) is zoo_t5.T5Attention and attention.config._attn_implementation == "patchzoo_fp16_sdpa"


def test_fp16_loading_keeps_wo_in_fp16(tiny_checkpoints):
    checkpoint = tiny_checkpoints("t5")
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(checkpoint, dtype=torch.float16)
    stock = transformers.T5ForConditionalGeneration.from_pretrained(checkpoint, dtype=torch.float16)
    assert {p.dtype for p in zoo.parameters()} == {torch.float16}
    assert stock.encoder.block[0].layer[1].DenseReluDense.wo.weight.dtype == torch.float32  # what the zoo avoids


def test_wo_scale_is_configurable(tiny_checkpoints):
    checkpoint = tiny_checkpoints("t5")
    zoo = patchzoo.T5EncoderModel.from_pretrained(checkpoint, dtype=torch.float16, fp16_wo_scale=16)
    assert {m.fp16_scale for m in zoo.modules() if isinstance(m, zoo_t5.ScaledFeedForward)} == {16}
    with pytest.raises(ValueError, match="power of two"):
        patchzoo.T5EncoderModel.from_pretrained(checkpoint, dtype=torch.float16, fp16_wo_scale=12)


def test_save_pretrained_loads_in_stock(tiny_checkpoints, tmp_path):
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16)
    stock = transformers.T5ForConditionalGeneration.from_pretrained(save(zoo, tmp_path), dtype=torch.float16)
    assert type(stock) is transformers.T5ForConditionalGeneration
    zoo_state, stock_state = zoo.state_dict(), stock.state_dict()
    assert zoo_state.keys() == stock_state.keys()
    assert all(torch.equal(zoo_state[k], stock_state[k].half()) for k in zoo_state)
    # ... and back into the zoo, float32 this time: the stock computation exactly.
    zoo32 = patchzoo.T5ForConditionalGeneration.from_pretrained(tmp_path, dtype=torch.float32)
    stock32 = transformers.T5ForConditionalGeneration.from_pretrained(tmp_path, dtype=torch.float32)
    assert torch.equal(logits(zoo32, batch(), "cpu"), logits(stock32, batch(), "cpu"))


@pytest.mark.parametrize("attn", ["sdpa", "eager"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_fp32_and_bf16_are_exactly_stock(stress_checkpoint, dtype, attn, device):
    kwargs = dict(dtype=dtype, attn_implementation=attn)
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, **kwargs)
    stock = transformers.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, **kwargs)
    assert torch.equal(logits(zoo, batch(), device), logits(stock, batch(), device))


def test_stress_checkpoint_breaks_stock_fp16_not_the_zoo(stress_checkpoint, device):
    inputs = batch()
    reference = logits(transformers.T5ForConditionalGeneration.from_pretrained(stress_checkpoint), inputs, device)
    load = dict(dtype=torch.float16)
    stock_default = transformers.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, **load)
    stock_wo_fp16 = transformers.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, **load).half()
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, **load)
    assert relative_error(logits(stock_default, inputs, device), reference) > 3 * RELATIVE_TOLERANCE
    assert relative_error(logits(stock_wo_fp16, inputs, device), reference) > 3 * RELATIVE_TOLERANCE
    assert relative_error(logits(zoo, inputs, device), reference) < RELATIVE_TOLERANCE


def fully_padded_row_checkpoint(directory) -> str:
    """Encoder position bias of -100 everywhere: with a row that is all padding, every score of that
    row is fill + bias, which stock's float16 fill turns into -inf (softmax: NaN) under eager attention."""
    model = tiny_model("t5")
    with torch.no_grad():
        model.encoder.block[0].layer[0].SelfAttention.relative_attention_bias.weight.fill_(-100.0)
    return save(model, directory)


def fix_scenario(fix: str, stress_checkpoint, tmp_path):
    """(zoo float16 model, inputs, stock float32 reference model) for the scenario that needs ``fix``."""
    if fix == "mask":
        checkpoint = fully_padded_row_checkpoint(tmp_path)
        inputs = batch()
        inputs["attention_mask"][2] = 0
        zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(checkpoint, dtype=torch.float16, attn_implementation="eager")
        reference = transformers.T5ForConditionalGeneration.from_pretrained(checkpoint, attn_implementation="eager")
        return zoo, inputs, reference
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(stress_checkpoint, dtype=torch.float16)
    reference = transformers.T5ForConditionalGeneration.from_pretrained(stress_checkpoint)
    return zoo, batch(), reference


@pytest.mark.parametrize("fix", ["mask", "residual", "ff"])
def test_each_forward_fix_is_needed(fix, stress_checkpoint, tmp_path, device):
    zoo, inputs, reference_model = fix_scenario(fix, stress_checkpoint, tmp_path)
    reference = logits(reference_model, inputs, device)
    assert relative_error(logits(zoo, inputs, device), reference) < RELATIVE_TOLERANCE
    assert relative_error(logits(undo_fix(zoo, fix), inputs, device), reference) > 3 * RELATIVE_TOLERANCE


@pytest.mark.parametrize("undone", [False, True])
def test_gelu_fix_keeps_fp16_gradients_finite(tiny_checkpoints, undone, device):
    """Pre-activations of ±300 (wi_0 scaled): stock NewGELU's backward gives NaN, the safe GeLU does not."""
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16).to(device)
    with torch.no_grad():
        for module in zoo.modules():
            if isinstance(module, modeling_t5.T5DenseGatedActDense):
                module.wi_0.weight.mul_(100.0)
    if undone:
        undo_fix(zoo, "gelu")
    inputs = {k: v.to(device) for k, v in batch().items()}
    zoo(**inputs, labels=inputs["decoder_input_ids"]).loss.backward()
    grads_finite = all(torch.isfinite(p.grad).all() for p in zoo.parameters() if p.grad is not None)
    assert grads_finite is not undone


@pytest.mark.parametrize("cache", ["dynamic", "static"])
def test_greedy_generation_fp16_equals_fp32(tiny_checkpoints, cache, device):
    checkpoint = tiny_checkpoints("t5")
    inputs = batch(seed=1)
    del inputs["decoder_input_ids"]
    inputs = {k: v.to(device) for k, v in inputs.items()}
    # Suppress pad/eos so all 12 steps are real choices, not an early stop.
    kwargs = dict(max_new_tokens=12, do_sample=False, suppress_tokens=[0, 1])
    if cache == "static":
        # Eager decoding steps here; the compiled path is test_static_cache_generate_compiles_fullgraph.
        kwargs.update(cache_implementation="static", disable_compile=True)
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(checkpoint, dtype=torch.float16).to(device)
    stock = transformers.T5ForConditionalGeneration.from_pretrained(checkpoint).to(device)
    tokens = zoo.generate(**inputs, **kwargs)
    assert tokens.shape == (4, 13)
    assert torch.equal(tokens, stock.generate(**inputs, **kwargs))


def decoder_step_with_static_cache(model, inputs: dict):
    """(step function, next token) for one cached decoder step after a prefill, the way generate() runs it."""
    with torch.no_grad():
        encoder_outputs = model.encoder(input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"])
    config = model.config.get_text_config(decoder=True)
    batch_size, source_len = inputs["input_ids"].shape
    cache = EncoderDecoderCache(StaticCache(config=config, max_cache_len=16), StaticCache(config=config, max_cache_len=source_len))

    def step(decoder_input_ids):
        return model(
            decoder_input_ids=decoder_input_ids, encoder_outputs=encoder_outputs, attention_mask=inputs["attention_mask"],
            past_key_values=cache, use_cache=True,
        ).logits

    with torch.no_grad():
        first = step(torch.zeros(batch_size, 1, dtype=torch.long, device=inputs["input_ids"].device))
    return step, first[:, -1:].argmax(-1)


def test_encoder_and_decoder_step_have_no_graph_breaks(tiny_checkpoints, device):
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16).to(device).eval()
    inputs = {k: v.to(device) for k, v in batch().items()}
    torch._dynamo.reset()
    with torch.no_grad():
        encoder = torch._dynamo.explain(zoo.encoder)(input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"])
        step, token = decoder_step_with_static_cache(zoo, inputs)
        decoder = torch._dynamo.explain(step)(token)
    assert (encoder.graph_count, encoder.graph_break_count) == (1, 0), encoder.break_reasons
    assert (decoder.graph_count, decoder.graph_break_count) == (1, 0), decoder.break_reasons


def test_encoder_compiles_fullgraph(tiny_checkpoints, device):
    zoo = patchzoo.T5EncoderModel.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16).to(device).eval()
    inputs = {k: v.to(device) for k, v in batch().items() if k != "decoder_input_ids"}
    backend = "inductor" if device.type == "cuda" else "aot_eager"
    torch._dynamo.reset()
    compiled = torch.compile(zoo, fullgraph=True, backend=backend)
    with torch.no_grad():
        eager_out = zoo(**inputs).last_hidden_state.float()
        compiled_out = compiled(**inputs).last_hidden_state.float()
    # Compiled float16 may fuse and round differently; it must stay within float16 noise of eager.
    assert relative_error(compiled_out, eager_out) < RELATIVE_TOLERANCE


FLAN_T5_BASE = dict(
    vocab_size=32128, d_model=768, d_kv=64, d_ff=2048, num_layers=12, num_decoder_layers=12, num_heads=12,
    feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0, eos_token_id=1,
    decoder_start_token_id=0,
)


@pytest.mark.gpu
def test_flan_t5_base_shape_fp16_matches_fp32_on_gpu():
    """Real size, random weights: zoo float16 against stock float32 (the compiled encoder at this size is
    checked by benchmarks/bench_t5_fp16.py, which prints its error before timing it)."""
    config = transformers.T5Config(**FLAN_T5_BASE)
    torch.manual_seed(0)
    with torch.device("cuda"):
        stock = transformers.T5ForConditionalGeneration(config).eval()
    with torch.device("cuda"):
        zoo = zoo_t5.T5ForConditionalGeneration(config).eval()
    zoo.load_state_dict(stock.state_dict())
    zoo.half()
    inputs = batch(vocab=config.vocab_size)
    reference = logits(stock, inputs, "cuda")
    assert relative_error(logits(zoo, inputs, "cuda"), reference) < RELATIVE_TOLERANCE


@pytest.mark.parametrize("batch_size", [1, 4])
def test_static_cache_generate_compiles_fullgraph(tiny_checkpoints, batch_size, device):
    """generate()'s own auto-compile of the decoder step, forced to fullgraph=True (a graph break raises).

    On CUDA: inductor with CUDA graphs, as generate() does by default. On CPU generate() never
    auto-compiles, so the config asks for it, with the eager backend (graph capture only).
    """
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16).to(device)
    inputs = {k: v[:batch_size].to(device) for k, v in batch(seed=2).items() if k != "decoder_input_ids"}
    if device.type == "cuda":
        compile_config = CompileConfig(fullgraph=True, mode="reduce-overhead")
    else:
        compile_config = CompileConfig(fullgraph=True, backend="eager", mode=None)
        compile_config._compile_all_devices = True
    kwargs = dict(max_new_tokens=12, do_sample=False, suppress_tokens=[0, 1], cache_implementation="static")
    torch._dynamo.reset()
    compiled = zoo.generate(**inputs, **kwargs, compile_config=compile_config)
    assert hasattr(zoo, "_compiled_call")  # the compiled decoder step really ran
    assert torch.equal(compiled, zoo.generate(**inputs, **kwargs, disable_compile=True))
