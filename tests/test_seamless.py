"""The zoo SeamlessM4T-v2 (patchzoo.models.seamless) against stock on tiny checkpoints.

What is checked: loading through the public loader and patch(), stock-compatible save_pretrained,
generated tokens equal to stock generate() on the CPU static-cache path (greedy, beam search with
num_return_sequences, length penalty / early stopping, a two-token decoder prompt), scores and
decoder hidden states to rounding, no host work in the decoding step (what
CUDA-graph capture needs), the graph branch's buffer plumbing (with a CPU stand-in for the graph),
in-place beam reorder (and a control: without it beam search diverges), cache reuse across calls,
the stock fallbacks, and text-to-speech end to end (tokens, units, waveform through the zoo vocoder
path). GPU tests: the CUDA graph replay against stock. The vocoder's own tests: test_seamless_vocoder.py.

The checkpoints rescale the tiny preset's random weights (std 1.5/sqrt(fan_in), small embeddings) so
that generation does not emit EOS or one token forever, and beams really reorder.
"""

import logging
import math

import pytest
import torch
import transformers
from transformers.cache_utils import EncoderDecoderCache

import patchzoo
from patchzoo.evals.parity_cases.common import right_padded_tokens
from patchzoo.models import seamless as zoo
from patchzoo.models import seamless_vocoder
from patchzoo.patches.static_cache import StaticSeq2SeqCache, additive_mask, source_bucket
from patchzoo.tiny.presets import get_preset

NEW_TOKENS = 24


def varied_model(architecture: str, seed: int = 1, config_overrides: dict | None = None) -> torch.nn.Module:
    """A stock model of the tiny preset whose text weights give varied (non-degenerate) generations."""
    config = get_preset("seamless_m4t_v2").build_config()
    config.architectures = [architecture]
    for key, value in (config_overrides or {}).items():
        setattr(config, key, value)
    torch.manual_seed(0)
    model = getattr(transformers, architecture)(config).eval()
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() >= 2 and not name.startswith(("t2u_model", "vocoder")):
                p.copy_(torch.randn(p.shape, generator=g) * 1.5 / math.sqrt(p.shape[-1]))
        model.shared.weight.copy_(torch.randn(model.shared.weight.shape, generator=g) * 0.05)
    return model


def speech_generation_config(model) -> None:
    """The language and character tables text-to-speech generate() needs (real checkpoints ship them)."""
    gc = model.generation_config
    gc.text_decoder_lang_to_code_id = {"eng": 5}
    gc.t2u_lang_code_to_id = {"eng": 4}
    gc.vocoder_lang_code_to_id = {"eng": 1}
    gc.id_to_text = {str(i): "".join(chr(97 + (i * 7 + k) % 26) for k in range(1 + i % 3)) for i in range(512)}
    gc.char_to_id = {chr(97 + j): 4 + j for j in range(26)}


@pytest.fixture(scope="module")
def t2t_checkpoint(tmp_path_factory):
    path = tmp_path_factory.mktemp("seamless_t2t")
    varied_model("SeamlessM4Tv2ForTextToText").save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def t2t_pair(t2t_checkpoint):
    stock = transformers.SeamlessM4Tv2ForTextToText.from_pretrained(t2t_checkpoint).eval()
    patched = patchzoo.AutoModel.from_pretrained(t2t_checkpoint).eval()
    return stock, patched


def text_inputs(config, batch=4, seed=0):
    return right_padded_tokens(config, "cpu", torch.Generator().manual_seed(seed), batch=batch)


def generate_both(stock, patched, inputs, **kwargs):
    kwargs = dict(max_new_tokens=NEW_TOKENS, do_sample=False, **kwargs)
    with torch.no_grad():
        return stock.generate(**inputs, **kwargs), patched.generate(**inputs, **kwargs)


# -- loading --------------------------------------------------------------------------------------------


def test_public_loader_gives_the_zoo_class_with_stock_keys(t2t_pair):
    stock, patched = t2t_pair
    assert type(patched) is zoo.SeamlessM4Tv2ForTextToText
    assert isinstance(patched, transformers.SeamlessM4Tv2ForTextToText)
    assert list(patched.state_dict()) == list(stock.state_dict())
    assert patchzoo.SeamlessM4Tv2ForTextToSpeech is zoo.SeamlessM4Tv2ForTextToSpeech


def test_patch_converts_a_loaded_stock_model(t2t_checkpoint):
    model = transformers.SeamlessM4Tv2ForTextToSpeech.from_pretrained(t2t_checkpoint).eval()
    patchzoo.patch(model)
    assert type(model) is zoo.SeamlessM4Tv2ForTextToSpeech
    assert type(model.vocoder) is seamless_vocoder.SeamlessM4Tv2CodeHifiGan
    assert type(model.vocoder.hifi_gan) is seamless_vocoder.SeamlessM4Tv2HifiGan
    assert model.zoo_static_cache and model.zoo_cuda_graph


@pytest.mark.parametrize("architecture", ["SeamlessM4Tv2ForTextToText", "SeamlessM4Tv2ForTextToSpeech"])
def test_save_pretrained_round_trips_through_stock(architecture, tmp_path):
    original = varied_model(architecture)
    original.save_pretrained(tmp_path / "stock")
    patched = getattr(zoo, architecture).from_pretrained(tmp_path / "stock")
    if architecture == "SeamlessM4Tv2ForTextToSpeech":
        with torch.no_grad():  # run the vocoder once, so any runtime state it builds exists at save time
            patched.vocoder(torch.tensor([[5, 6, 7]]), torch.tensor([[0]]), torch.tensor([[1]]))
    patched.save_pretrained(tmp_path / "zoo")
    reloaded = getattr(transformers, architecture).from_pretrained(tmp_path / "zoo")
    assert type(reloaded) is getattr(transformers, architecture)
    expected, got = original.state_dict(), reloaded.state_dict()
    assert list(got) == list(expected)
    for key in expected:
        torch.testing.assert_close(got[key], expected[key], rtol=0, atol=0, msg=key)


# -- text generation on the CPU static path ---------------------------------------------------------------


def test_greedy_tokens_equal_stock_on_the_static_cache(t2t_pair):
    stock, patched = t2t_pair
    expected, got = generate_both(stock, patched, text_inputs(stock.config))
    assert isinstance(patched._zoo_cache, StaticSeq2SeqCache)
    assert patched._zoo_cache.get_seq_length() == NEW_TOKENS  # every step ran on it
    assert expected.shape == (4, NEW_TOKENS + 1)
    # A varied generation: several tokens, and every row changes token at least once.
    assert len(expected[:, 1:].unique()) >= 5 and (expected[:, 2:] != expected[:, 1:-1]).any(dim=1).all()
    torch.testing.assert_close(got, expected, rtol=0, atol=0)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(num_beams=3),
        dict(num_beams=4, num_return_sequences=2),
        dict(num_beams=2, length_penalty=0.5, early_stopping=True),
    ],
    ids=["beams3", "beams4_return2", "beams2_lp_early"],
)
def test_beam_search_tokens_equal_stock(t2t_pair, kwargs):
    stock, patched = t2t_pair
    expected, got = generate_both(stock, patched, text_inputs(stock.config), **kwargs)
    torch.testing.assert_close(got, expected, rtol=0, atol=0)


def test_beam_search_depends_on_the_in_place_reorder(t2t_pair, monkeypatch):
    """Control: with reorder_cache a no-op the beam tokens differ, so the beam tests can fail."""
    stock, patched = t2t_pair
    expected, _ = generate_both(stock, patched, text_inputs(stock.config), num_beams=3)
    monkeypatch.setattr(StaticSeq2SeqCache, "reorder_cache", lambda self, beam_idx: None)
    _, broken = generate_both(stock, patched, text_inputs(stock.config), num_beams=3)
    assert broken.shape != expected.shape or not torch.equal(broken, expected)


class ReplayedStep:
    """Stands in for CUDAGraphStep on the CPU with a graph's contract: the step function is called with
    no arguments (it may read only the cache's fixed buffers), and every call returns the same output
    tensors, overwritten in place (as a replay overwrites the graph's output buffers)."""

    instances = []

    def __init__(self, fn, tag=None):
        self.fn, self.tag, self.outputs = fn, tag, None
        ReplayedStep.instances.append(self)

    @staticmethod
    def available(device):
        return True

    def __call__(self):
        fresh = self.fn()
        if self.outputs is None:
            self.outputs = tuple(t.clone() for t in fresh)
        for static, new in zip(self.outputs, fresh):
            static.copy_(new)
        return self.outputs


def test_a_failed_step_capture_decodes_eagerly_from_then_on(t2t_pair, monkeypatch, caplog):
    stock, patched = t2t_pair

    class FailingCapture(ReplayedStep):
        def __call__(self):
            raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(zoo, "CUDAGraphStep", FailingCapture)
    monkeypatch.setattr(patched, "zoo_cuda_graph", True)
    with caplog.at_level(logging.WARNING):
        expected, got = generate_both(stock, patched, text_inputs(stock.config))
    torch.testing.assert_close(got, expected, rtol=0, atol=0)
    assert "capturing the decoding step's CUDA graph failed (RuntimeError: operation not permitted" in caplog.text
    assert patched.zoo_cuda_graph is False and patched._zoo_cache.step_graph is None


def test_graph_step_reads_only_fixed_buffers(t2t_pair, monkeypatch):
    """The graph branch's plumbing on the CPU: inputs copied into the cache's buffers, outputs reused."""
    stock, patched = t2t_pair
    monkeypatch.setattr(zoo, "CUDAGraphStep", ReplayedStep)
    ReplayedStep.instances.clear()
    for kwargs in (dict(num_beams=1), dict(num_beams=3)):
        expected, got = generate_both(stock, patched, text_inputs(stock.config), **kwargs)
        torch.testing.assert_close(got, expected, rtol=0, atol=0)
    assert len(ReplayedStep.instances) == 2  # one per generate() shape (4 rows, then 12 beams)
    assert patched._zoo_cache.step_graph is ReplayedStep.instances[-1]
    generate_both(stock, patched, text_inputs(stock.config), num_beams=3)
    assert len(ReplayedStep.instances) == 2  # the same shape again: the graph replays
    saved = torch.backends.cuda.matmul.allow_tf32
    try:  # the captured kernels were chosen under the TF32 switches: switching one means a new capture
        torch.backends.cuda.matmul.allow_tf32 = not saved
        generate_both(stock, patched, text_inputs(stock.config), num_beams=3)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = saved
    assert len(ReplayedStep.instances) == 3


def test_the_step_has_no_host_work(t2t_pair):
    """What CUDA-graph capture needs: no .item(), no data-dependent Python branch. Dynamo turns either into a
    graph break, so the step must trace as exactly one graph (checked on the CPU with backend eager). The
    vocoder's stages are checked in tests/test_seamless_vocoder.py."""
    _, patched = t2t_pair
    cache = StaticSeq2SeqCache(16)
    with torch.no_grad():
        patched._bind_static_cache(cache, 2, torch.randn(2, 10, patched.config.hidden_size), torch.ones(2, 10))
        torch._dynamo.reset()
        step = torch._dynamo.explain(lambda: patched._static_step(cache, cache.step_ids))()
    torch._dynamo.reset()
    assert (step.graph_count, step.graph_break_count) == (1, 0), step.break_reasons


def test_steps_through_the_decode_linear_kernel_keep_stock_tokens(t2t_pair, monkeypatch):
    """The GPU's fused projections (kernels/decode_linear.py), run here by Triton's interpreter in fp32: LayerNorm +
    q/k/v, out + residual, LayerNorm + cross q, cross out + residual per layer; greedy tokens are stock's."""
    stock, patched = t2t_pair
    launches = []
    kernel = zoo.decode_linear
    monkeypatch.setattr(zoo, "_decode_kernel_applies", lambda h: True)
    monkeypatch.setattr(zoo, "decode_linear", lambda h, layers, norm, residual: launches.append(
        (len(layers), norm is not None, residual is not None)) or kernel(h, layers, norm, residual))
    inputs = text_inputs(stock.config, batch=2, seed=6)
    expected, got = generate_both(stock, patched, inputs)
    torch.testing.assert_close(got, expected, rtol=0, atol=0)
    layers = stock.config.decoder_layers
    assert launches[: 4 * layers] == [(3, True, False), (1, False, True), (1, True, False), (1, False, True)] * layers


def test_two_token_decoder_prompt_prefills_on_the_static_cache(t2t_pair):
    stock, patched = t2t_pair
    inputs = text_inputs(stock.config, batch=3, seed=2)
    prompt = torch.tensor([[stock.config.decoder_start_token_id, 7]] * 3)
    expected, got = generate_both(stock, patched, inputs, decoder_input_ids=prompt, num_beams=2)
    torch.testing.assert_close(got, expected, rtol=0, atol=0)


def test_scores_and_decoder_hidden_states_match_stock_to_rounding(t2t_pair):
    stock, patched = t2t_pair
    kwargs = dict(return_dict_in_generate=True, output_scores=True, output_hidden_states=True)
    expected, got = generate_both(stock, patched, text_inputs(stock.config), **kwargs)
    assert isinstance(getattr(got, zoo.CACHE_NAME), StaticSeq2SeqCache)
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    for got_step, expected_step in zip(got.scores, expected.scores, strict=True):
        torch.testing.assert_close(got_step, expected_step, rtol=1e-5, atol=1e-4)
    for got_step, expected_step in zip(got.decoder_hidden_states, expected.decoder_hidden_states, strict=True):
        assert len(got_step) == len(expected_step) == stock.config.decoder_layers + 1
        for g, e in zip(got_step, expected_step):
            torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-4)


def test_the_cache_and_its_buffers_are_reused_across_calls(t2t_pair):
    stock, patched = t2t_pair
    inputs = text_inputs(stock.config)
    _, first = generate_both(stock, patched, inputs)
    cache = patched._zoo_cache
    address = cache.self_kv.data_ptr()
    generate_both(stock, patched, inputs, num_beams=3)  # another shape in between: its own cache
    assert patched._zoo_cache is not cache
    _, second = generate_both(stock, patched, inputs)
    assert patched._zoo_cache is cache and cache.self_kv.data_ptr() == address
    torch.testing.assert_close(second, first, rtol=0, atol=0)
    assert len(patched._zoo_caches) <= zoo.MAX_KEPT_CACHES


def test_attention_outputs_and_the_switch_fall_back_to_stock(t2t_pair, monkeypatch):
    stock, patched = t2t_pair
    inputs = text_inputs(stock.config, batch=2)
    seen = []
    original = zoo.SeamlessM4Tv2ForTextToText.forward

    def spy(self, *args, **kwargs):
        seen.append(type(kwargs.get(zoo.CACHE_NAME)))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(zoo.SeamlessM4Tv2ForTextToText, "forward", spy)
    expected, got = generate_both(stock, patched, inputs, return_dict_in_generate=True, output_attentions=True)
    assert set(seen) == {EncoderDecoderCache}
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    seen.clear()
    monkeypatch.setattr(patched, "zoo_static_cache", False)
    expected, got = generate_both(stock, patched, inputs)
    assert set(seen) == {EncoderDecoderCache}
    torch.testing.assert_close(got, expected, rtol=0, atol=0)


def test_use_fast_paths_sets_every_switch_and_clear_graphs_frees_what_is_kept(t2t_checkpoint):
    model = patchzoo.AutoModel.from_pretrained(t2t_checkpoint, architecture="SeamlessM4Tv2ForTextToSpeech").eval()
    encoder, vocoder = model.text_encoder, model.vocoder
    assert zoo.use_fast_paths(model, static_cache=False, encoder_graphs=False, fused_vocoder_convs=False) is model
    assert (model.zoo_static_cache, model.zoo_cuda_graph, encoder.zoo_cuda_graph) == (False, True, False)
    assert (vocoder.zoo_cuda_graphs, vocoder.zoo_fused_convs, vocoder.zoo_inductor) == (True, False, False)
    zoo.use_fast_paths(model)
    assert model.zoo_static_cache and encoder.zoo_cuda_graph and vocoder.zoo_fused_convs
    model._zoo_caches[(2, 64)] = object()  # stand-ins of what generate() and the CUDA captures keep
    encoder.__dict__["_zoo_graphs"] = object()
    vocoder.__dict__["_zoo_vocoder_graphs"] = object()
    model.clear_graphs()
    assert not model._zoo_caches and model._zoo_cache is None
    assert "_zoo_graphs" not in vars(encoder) and "_zoo_vocoder_graphs" not in vars(vocoder)


def test_forward_with_labels_on_the_static_cache_is_refused(t2t_pair):
    _, patched = t2t_pair
    inputs = text_inputs(patched.config, batch=2)
    with pytest.raises(ValueError, match="static cache serves decoding"):
        patched(**inputs, labels=inputs["input_ids"][:, :3], past_key_values=StaticSeq2SeqCache(8))


# -- the cache itself -----------------------------------------------------------------------------------------


def test_cache_reorder_is_in_place_and_equals_index_select():
    cache = StaticSeq2SeqCache(10)
    cache.bind(2, 3, 2, 4, source_bucket(5), torch.float32, torch.device("cpu"))
    cache.self_kv.copy_(torch.randn(cache.self_kv.shape))
    cache.advance(7)
    before, address = cache.self_kv.clone(), cache.self_kv.data_ptr()
    beam_idx = torch.tensor([2, 0, 0])
    cache.reorder_cache(beam_idx)
    assert cache.self_kv.data_ptr() == address
    torch.testing.assert_close(cache.self_kv[..., :7, :], before.index_select(2, beam_idx)[..., :7, :])
    torch.testing.assert_close(cache.self_kv[..., 7:, :], before[..., 7:, :])  # unwritten slots untouched


def test_cache_shapes_overflow_and_buckets():
    cache = StaticSeq2SeqCache(65)
    assert cache.capacity == 128 and not cache.is_compileable
    assert [source_bucket(n) for n in (1, 64, 65, 200)] == [64, 64, 128, 256]
    cache.bind(1, 1, 1, 2, 64, torch.float32, torch.device("cpu"))
    with pytest.raises(RuntimeError, match="overflow"):
        cache.advance(129)


def test_additive_masks_attend_as_the_boolean_ones():
    """The step passes SDPA its masks as 0 / -inf (made once per step, or once per call for the encoder's)."""
    torch.manual_seed(0)
    mask = torch.rand(3, 1, 1, 12) > 0.4
    mask[..., 0] = True  # every row sees at least one position
    bias = additive_mask(mask, torch.float32)
    assert bias.dtype == torch.float32 and set(bias.unique().tolist()) == {0.0, float("-inf")}
    q, k, v = torch.randn(3, 2, 5, 8), torch.randn(3, 2, 12, 8), torch.randn(3, 2, 12, 8)
    want = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    got = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=bias)
    torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)
    cache = StaticSeq2SeqCache(8)
    cache.bind(1, 3, 2, 8, 64, torch.float16, torch.device("cpu"))
    cache.set_cross_mask(mask[:, 0, 0, :])
    assert cache.cross_bias.dtype == torch.float16
    real = torch.nn.functional.pad(mask, (0, 64 - 12))  # padding past the 12 given positions is -inf
    assert torch.equal(cache.cross_bias == 0, real)


# -- text to speech, end to end ----------------------------------------------------------------------------------


@pytest.mark.parametrize("num_beams", [1, 2])
def test_text_to_speech_equals_stock(tmp_path_factory, num_beams):
    path = tmp_path_factory.mktemp("seamless_t2s")
    varied_model("SeamlessM4Tv2ForTextToSpeech").save_pretrained(path)
    stock = transformers.SeamlessM4Tv2ForTextToSpeech.from_pretrained(path).eval()
    patched = patchzoo.AutoModel.from_pretrained(path).eval()
    for model in (stock, patched):
        speech_generation_config(model)
    patched.vocoder.zoo_bucket_eager = True  # the zoo vocoder path on the CPU (stock would run)
    inputs = text_inputs(stock.config, batch=2)
    kwargs = dict(tgt_lang="eng", return_intermediate_token_ids=True, text_max_new_tokens=12, num_beams=num_beams)
    with torch.no_grad():
        expected, got = stock.generate(**inputs, **kwargs), patched.generate(**inputs, **kwargs)
    assert isinstance(patched._zoo_cache, StaticSeq2SeqCache) and patched._zoo_cache.get_seq_length() > 0
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    torch.testing.assert_close(got.unit_sequences, expected.unit_sequences, rtol=0, atol=0)
    torch.testing.assert_close(got.waveform_lengths, expected.waveform_lengths, rtol=0, atol=0)
    torch.testing.assert_close(got.waveform, expected.waveform, rtol=1e-5, atol=2e-5)


# -- GPU ---------------------------------------------------------------------------------------------------------

# A mid-size decoder for the GPU: 4 layers, 256 wide, 8 heads, a 4096-token vocabulary.
_GPU_CONFIG = dict(
    vocab_size=4096, hidden_size=256, encoder_layers=2, decoder_layers=4, encoder_attention_heads=8,
    decoder_attention_heads=8, encoder_ffn_dim=1024, decoder_ffn_dim=1024, max_position_embeddings=512,
)


@pytest.fixture
def no_tf32():
    saved = torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    yield
    torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = saved


@pytest.mark.gpu
@pytest.mark.parametrize("num_beams", [1, 4])
def test_cuda_graph_tokens_equal_stock_fp32(tmp_path, no_tf32, num_beams):
    varied_model("SeamlessM4Tv2ForTextToText", config_overrides=_GPU_CONFIG).save_pretrained(tmp_path)
    stock = transformers.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path).cuda().eval()
    patched = zoo.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path).cuda().eval()
    inputs = {k: v.cuda() for k, v in text_inputs(stock.config, seed=3).items()}
    kwargs = dict(max_new_tokens=48, min_new_tokens=48, do_sample=False, num_beams=num_beams)
    with torch.no_grad():
        expected = stock.generate(**inputs, **kwargs)
        got = patched.generate(**inputs, **kwargs)
        again = patched.generate(**inputs, **kwargs)  # replays the graph captured by the first call
    graph = patched._zoo_cache.step_graph
    assert graph is not None and graph.graph is not None
    torch.testing.assert_close(got, expected, rtol=0, atol=0)
    torch.testing.assert_close(again, expected, rtol=0, atol=0)


@pytest.mark.gpu
def test_cuda_graph_replay_equals_eager_static_steps_fp16(tmp_path):
    """fp16: the graph replays exactly the eager static steps; first-step logits agree with stock to fp16 rounding."""
    varied_model("SeamlessM4Tv2ForTextToText", config_overrides=_GPU_CONFIG).save_pretrained(tmp_path)
    stock = transformers.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path, dtype=torch.float16).cuda().eval()
    patched = zoo.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path, dtype=torch.float16).cuda().eval()
    inputs = {k: v.cuda() for k, v in text_inputs(stock.config, seed=4).items()}
    kwargs = dict(max_new_tokens=32, do_sample=False, num_beams=3, return_dict_in_generate=True, output_logits=True)
    with torch.no_grad():
        graphed = patched.generate(**inputs, **kwargs)
        patched.zoo_cuda_graph = False
        eager = patched.generate(**inputs, **kwargs)
        expected = stock.generate(**inputs, **kwargs)
    torch.testing.assert_close(graphed.sequences, eager.sequences, rtol=0, atol=0)
    first, reference = graphed.logits[0].float(), expected.logits[0].float()  # (beams * batch, vocab) raw logits
    assert (first - reference).abs().max() <= 1e-2 * reference.abs().max()


@pytest.mark.gpu
@pytest.mark.parametrize("num_beams", [1, 4])
def test_fp16_steps_project_with_the_decode_kernel_and_keep_stock_tokens(tmp_path, monkeypatch, num_beams):
    """fp16 on the GPU: every attention projection of a decoding step goes through kernels/decode_linear.py
    (q / k / v in one launch, with the LayerNorms and residual adds around them); the tokens are stock's and the
    first step's logits agree to fp16 rounding."""
    launches = []
    kernel = zoo.decode_linear
    monkeypatch.setattr(zoo, "decode_linear", lambda h, layers, norm, residual: launches.append(
        (len(layers), norm is not None, residual is not None)) or kernel(h, layers, norm, residual))
    varied_model("SeamlessM4Tv2ForTextToText", config_overrides=_GPU_CONFIG).save_pretrained(tmp_path)
    stock = transformers.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path, dtype=torch.float16).cuda().eval()
    patched = zoo.SeamlessM4Tv2ForTextToText.from_pretrained(tmp_path, dtype=torch.float16).cuda().eval()
    inputs = {k: v.cuda() for k, v in text_inputs(stock.config, batch=1, seed=5).items()}  # 1 x beams rows
    kwargs = dict(max_new_tokens=24, min_new_tokens=24, do_sample=False, num_beams=num_beams,
                  return_dict_in_generate=True, output_logits=True)
    with torch.no_grad():
        expected = stock.generate(**inputs, **kwargs)
        got = patched.generate(**inputs, **kwargs)
    layers = stock.config.decoder_layers
    # per layer: LayerNorm + self q/k/v, self out + residual, LayerNorm + cross q, cross out + residual
    assert launches[: 4 * layers] == [(3, True, False), (1, False, True), (1, True, False), (1, False, True)] * layers
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    first, reference = got.logits[0].float(), expected.logits[0].float()
    assert (first - reference).abs().max() <= 1e-2 * reference.abs().max()
