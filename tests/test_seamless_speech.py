"""The zoo SeamlessM4T-v2 with speech input (patchzoo.models.seamless_speech) against stock on tiny checkpoints.

What is checked: the public loader, patch() and stock-compatible save_pretrained for SeamlessM4Tv2ForSpeechToText,
...ForSpeechToSpeech and SeamlessM4Tv2Model; the bucketed speech encoder (the path CUDA captures in a graph, run
eagerly here with zoo_bucket_eager) against stock's encoder for frame counts in one bucket and in different
buckets, with and without a padding mask, hidden states included, and a control (without zeroing the adaptor's
convolution inputs beyond the caller's frames it does not match); that it reads no tensor on the host (what
capture needs); the CUDA-graph branch's plumbing (with a CPU stand-in for the graph); its stock fallbacks;
generated text tokens (greedy and 3 beams) equal to stock's for several input lengths, on the static cache
and through the bucketed encoder; the big generation_config tables shared, not copied; speech-to-speech and
SeamlessM4Tv2Model end to end (tokens, units, waveform); training-mode loss and gradients; and a real speech
clip through the stock feature extractor. GPU: the CUDA-graph encoder and speech-to-text generation against stock (fp32), graphs reused
within a bucket, and fp16 encoder outputs to rounding.

tests/data/hello_how_are_you_16k.wav: "Hello, how are you?" spoken by espeak-ng 1.51
(`espeak-ng -s 160 -w clip.wav "Hello, how are you?"`, 22.05 kHz), resampled to 16 kHz mono 16-bit
(scipy.signal.resample_poly(x, 320, 441)); 1.54 s.
"""

import logging
import wave
from pathlib import Path

import numpy as np
import pytest
import torch
import transformers
from torch.utils._pytree import tree_flatten, tree_unflatten
from test_seamless import speech_generation_config, varied_model

import patchzoo
from patchzoo.models import seamless_speech as zoo
from patchzoo.patches.shape_graphs import ShapeGraphs
from patchzoo.patches.static_cache import StaticSeq2SeqCache

CLIP = Path(__file__).parent / "data" / "hello_how_are_you_16k.wav"
NEW_TOKENS = 10
# Frame counts: 37 and 50 share the 64-frame bucket, 130 pads to 192. The adaptor's last window reaches past
# the frames for 50 and 130 (frames mod stride 8 < 4), not for 37.
LENGTHS = (37, 50, 130)


def features(config, batch: int, frames: int, seed: int = 0, short: int | None = None) -> dict:
    """Random input_features (batch, frames, feature dim) and, with `short`, a mask whose second row is that long."""
    g = torch.Generator().manual_seed(seed)
    inputs = {"input_features": torch.randn(batch, frames, config.feature_projection_input_dim, generator=g)}
    if short is not None:
        mask = torch.ones(batch, frames, dtype=torch.long)
        mask[1, short:] = 0
        inputs["attention_mask"] = mask
    return inputs


def load_pair(path, architecture: str):
    stock = getattr(transformers, architecture).from_pretrained(path).eval()
    patched = patchzoo.AutoModel.from_pretrained(path).eval()
    for model in (stock, patched):
        speech_generation_config(model)
    patched.speech_encoder.zoo_bucket_eager = True  # the bucketed path CUDA compiles, eagerly
    if hasattr(patched, "vocoder"):
        patched.vocoder.hifi_gan.zoo_bucket_eager = True
    return stock, patched


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory):
    paths = {}
    for architecture in ("SeamlessM4Tv2ForSpeechToText", "SeamlessM4Tv2ForSpeechToSpeech", "SeamlessM4Tv2Model"):
        paths[architecture] = tmp_path_factory.mktemp(architecture)
        # vocoder_offset 0: every unit the tiny text-to-unit model may pick is a valid vocoder id (with stock's
        # offset of 4, units 0-3 other than pad/eos would index the unit embedding at -4..-1 and fail in stock too).
        varied_model(architecture, config_overrides={"vocoder_offset": 0}).save_pretrained(paths[architecture])
    return paths


@pytest.fixture(scope="module")
def s2t_pair(checkpoints):
    return load_pair(checkpoints["SeamlessM4Tv2ForSpeechToText"], "SeamlessM4Tv2ForSpeechToText")


@pytest.fixture
def bucketed_calls(monkeypatch):
    """Counts the bucketed encoder's calls (so a test knows the zoo path ran, not stock's fallback)."""
    calls = []
    original = zoo.SeamlessM4Tv2SpeechEncoder.bucketed_forward

    def spy(self, padded, mask, frames):
        calls.append(padded.shape[1])
        return original(self, padded, mask, frames)

    monkeypatch.setattr(zoo.SeamlessM4Tv2SpeechEncoder, "bucketed_forward", spy)
    return calls


# -- loading -------------------------------------------------------------------------------------------------


def test_public_loader_and_patch_give_the_zoo_classes(checkpoints):
    for architecture, path in checkpoints.items():
        model = patchzoo.AutoModel.from_pretrained(path)
        assert type(model) is getattr(zoo, architecture) is getattr(patchzoo, architecture)
        assert type(model.speech_encoder) is zoo.SeamlessM4Tv2SpeechEncoder
        stock = getattr(transformers, architecture).from_pretrained(path)
        assert list(model.state_dict()) == list(stock.state_dict())
        patchzoo.patch(stock)
        assert type(stock) is type(model) and type(stock.speech_encoder) is zoo.SeamlessM4Tv2SpeechEncoder
    assert patchzoo.SeamlessM4Tv2ForTextToText is zoo.seamless.SeamlessM4Tv2ForTextToText


@pytest.mark.parametrize("architecture", ["SeamlessM4Tv2ForSpeechToText", "SeamlessM4Tv2ForSpeechToSpeech",
                                          "SeamlessM4Tv2Model"])
def test_save_pretrained_round_trips_through_stock(checkpoints, architecture, tmp_path):
    patched = getattr(zoo, architecture).from_pretrained(checkpoints[architecture]).eval()
    patched.speech_encoder.zoo_bucket_eager = True
    with torch.no_grad():  # run the bucketed encoder once, so any runtime state it builds exists at save time
        patched.speech_encoder(**features(patched.config, 1, 20))
    patched.save_pretrained(tmp_path)
    reloaded = getattr(transformers, architecture).from_pretrained(tmp_path)
    expected = getattr(transformers, architecture).from_pretrained(checkpoints[architecture]).state_dict()
    got = reloaded.state_dict()
    assert list(got) == list(expected)
    for key in expected:
        torch.testing.assert_close(got[key], expected[key], rtol=0, atol=0, msg=key)


# -- the bucketed speech encoder --------------------------------------------------------------------------------


def assert_encoder_matches(stock, patched, inputs, tol=1e-4):
    with torch.no_grad():
        expected = stock.speech_encoder(**inputs, output_hidden_states=True)
        got = patched.speech_encoder(**inputs, output_hidden_states=True)
    torch.testing.assert_close(got.last_hidden_state, expected.last_hidden_state, rtol=tol, atol=tol)
    assert len(got.hidden_states) == len(expected.hidden_states)
    for g, e in zip(got.hidden_states, expected.hidden_states):
        torch.testing.assert_close(g, e, rtol=tol, atol=tol)


@pytest.mark.parametrize("frames,short", [(37, None), (50, None), (64, None), (130, None), (50, 21), (130, 70)])
def test_bucketed_encoder_equals_stock(s2t_pair, bucketed_calls, frames, short):
    stock, patched = s2t_pair
    assert_encoder_matches(stock, patched, features(stock.config, 2, frames, short=short))
    assert bucketed_calls == [zoo.speech_frame_bucket(frames)]


def test_bucketed_encoder_without_the_adaptor_zeroing_does_not_match(s2t_pair, monkeypatch):
    """Control: the adaptor's strided convolution (kernel 8, stride 8, padding 4) reaches past the caller's 50 frames
    (its last window is frames 44-51); without zeroing its inputs there, the padding changes the last output."""
    stock, patched = s2t_pair
    inputs = features(stock.config, 1, 50)
    monkeypatch.setattr(zoo, "_zero_from", lambda x, length: x)
    with torch.no_grad():
        expected, got = stock.speech_encoder(**inputs)[0], patched.speech_encoder(**inputs)[0]
    assert got.shape == expected.shape and (got - expected).abs().max() > 1e-2


def test_the_bucketed_encoder_reads_nothing_on_the_host(s2t_pair, monkeypatch):
    """What CUDA-graph capture needs: no tensor value read on the host (.item(), a Python branch on a tensor)."""
    stock, patched = s2t_pair
    inputs = features(stock.config, 2, 50, short=21)
    with torch.no_grad():
        expected = stock.speech_encoder(**inputs).last_hidden_state

        def host_read(*args, **kwargs):
            raise AssertionError("a tensor value was read on the host")

        for name in ("__bool__", "item", "tolist", "__int__", "__float__", "__index__"):
            monkeypatch.setattr(torch.Tensor, name, host_read)
        padded = torch.nn.functional.pad(inputs["input_features"], (0, 0, 0, 14))
        mask = torch.nn.functional.pad(inputs["attention_mask"], (0, 14))
        hidden, _ = patched.speech_encoder.bucketed_forward(padded, mask, torch.tensor(50))
        monkeypatch.undo()
    torch.testing.assert_close(hidden[:, : expected.shape[1]], expected, rtol=1e-4, atol=1e-4)


class GraphStandIn:
    """CUDAGraphStep's contract on the CPU: the function takes no arguments (so it may read only the buffers it
    was built over), and every call returns the same output tensors, overwritten in place as a replay does."""

    instances = []

    def __init__(self, fn, tag=None):
        self.fn, self.tag, self.outputs, self.graph = fn, tag, None, None
        GraphStandIn.instances.append(self)

    @staticmethod
    def available(device):
        return True

    def __call__(self):
        fresh, spec = tree_flatten(self.fn())
        if self.outputs is None:
            self.outputs, self.graph = tree_unflatten([t.clone() for t in fresh], spec), "captured"
        for static, new in zip(tree_flatten(self.outputs)[0], fresh):
            static.copy_(new)
        return self.outputs


def test_the_graph_branch_reuses_one_graph_per_bucket(s2t_pair, monkeypatch):
    """The CUDA-graph branch's plumbing on the CPU: inputs copied into each bucket's buffers, outputs cut and cloned
    out of the graph's (a later replay must not change an earlier result)."""
    stock, patched = s2t_pair
    monkeypatch.setattr(zoo, "CUDAGraphStep", GraphStandIn)
    monkeypatch.setattr(patched.speech_encoder, "zoo_bucket_eager", False)
    monkeypatch.setitem(patched.speech_encoder.__dict__, "_zoo_graphs", ShapeGraphs(zoo.MAX_KEPT_GRAPHS))
    GraphStandIn.instances.clear()
    results = []
    for i, (frames, short) in enumerate([(37, None), (130, 70), (50, 21), (60, None)]):
        inputs = features(stock.config, 2, frames, seed=i, short=short)
        with torch.no_grad():
            expected = stock.speech_encoder(**inputs, output_hidden_states=True)
            got = patched.speech_encoder(**inputs, output_hidden_states=True)
        results.append((expected, got, got.last_hidden_state.clone()))
    for expected, got, snapshot in results:
        torch.testing.assert_close(got.last_hidden_state, snapshot, rtol=0, atol=0)
        torch.testing.assert_close(got.last_hidden_state, expected.last_hidden_state, rtol=1e-4, atol=1e-4)
        for g, e in zip(got.hidden_states, expected.hidden_states, strict=True):
            torch.testing.assert_close(g, e, rtol=1e-4, atol=1e-4)
    graphs = patched.speech_encoder._zoo_graphs
    assert [key[0] for key in graphs] == [(2, 192, 32), (2, 64, 32)]  # most recent last
    assert len(GraphStandIn.instances) == 2


def test_the_callers_torch_compile_traces_stocks_encoder(s2t_pair, bucketed_calls):
    stock, patched = s2t_pair
    inputs = features(stock.config, 2, 50, short=33)
    torch._dynamo.reset()
    with torch.no_grad():
        got = torch.compile(patched.speech_encoder, backend="eager")(**inputs).last_hidden_state
        expected = stock.speech_encoder(**inputs).last_hidden_state
    torch._dynamo.reset()
    assert bucketed_calls == []
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-5)


def test_bucket_boundaries():
    assert [zoo.speech_frame_bucket(n) for n in (1, 64, 65, 500, 2048, 2049)] == [64, 64, 128, 512, 2048, 2560]
    assert all(b % 64 == 0 for b in zoo.SPEECH_FRAME_BUCKETS)


def test_encoder_runs_stock_where_it_should(s2t_pair, bucketed_calls, caplog):
    stock, patched = s2t_pair
    logging.Logger.warning_once.cache_clear()  # transformers' once-per-message cache: an earlier test may have used it
    inputs = features(stock.config, 2, 40)
    with torch.no_grad():
        expected = stock.speech_encoder(**inputs, output_attentions=True)
        got = patched.speech_encoder(**inputs, output_attentions=True)  # attentions: stock's hooks record them
    assert got.attentions is not None and len(got.attentions) == len(expected.attentions)
    torch.testing.assert_close(got.last_hidden_state, expected.last_hidden_state, rtol=0, atol=0)
    assert "attention outputs are recorded by stock's hooks; running stock's encoder" in caplog.text
    patched.speech_encoder(**inputs)  # gradients on: stock, silently
    patched.speech_encoder.zoo_bucket_eager = False
    try:
        with torch.no_grad():
            patched.speech_encoder(**inputs)  # CPU without the flag: stock
    finally:
        patched.speech_encoder.zoo_bucket_eager = True
    assert bucketed_calls == []


# -- speech to text ---------------------------------------------------------------------------------------------


def generate_both(stock, patched, inputs, **kwargs):
    kwargs = dict(tgt_lang="eng", max_new_tokens=NEW_TOKENS, do_sample=False, **kwargs)
    with torch.no_grad():
        return stock.generate(**inputs, **kwargs), patched.generate(**inputs, **kwargs)


@pytest.mark.parametrize("num_beams", [1, 3])
def test_speech_to_text_tokens_equal_stock(s2t_pair, bucketed_calls, num_beams):
    stock, patched = s2t_pair
    for i, frames in enumerate(LENGTHS):
        short = frames // 2 if i == 1 else None  # one padded batch
        expected, got = generate_both(stock, patched, features(stock.config, 2, frames, seed=i, short=short),
                                      num_beams=num_beams)
        assert isinstance(patched._zoo_cache, StaticSeq2SeqCache) and patched._zoo_cache.get_seq_length() > 0
        torch.testing.assert_close(got, expected, rtol=0, atol=0)
    assert bucketed_calls == [zoo.speech_frame_bucket(n) for n in LENGTHS]


def test_generate_shares_the_big_generation_config_tables(s2t_pair):
    """Stock deep-copies generation_config's id_to_text (256k entries in a released checkpoint) per generate() call;
    the zoo's call copy holds the same dicts, equal to what stock's copy holds, and the model's are untouched."""
    stock, patched = s2t_pair
    tables = {name: getattr(patched.generation_config, name) for name in zoo.seamless._SHARED_TABLES}
    expected = stock._prepare_generation_config(None, max_new_tokens=3)
    got = patched._prepare_generation_config(None, max_new_tokens=3)
    expected, got = (p[0] if isinstance(p, tuple) else p for p in (expected, got))
    assert got.to_dict() == expected.to_dict()
    for name, table in tables.items():
        assert type(table) is dict and getattr(patched.generation_config, name) is table
        assert getattr(got, name) is table and getattr(expected, name) is not getattr(stock.generation_config, name)


def test_speech_to_text_training_gradients_equal_stock(s2t_pair):
    check_training_gradients(*s2t_pair)


def check_training_gradients(stock, patched, **inputs):
    """Training mode (dropout and layer drop on, the same seed for both): loss and every gradient equal stock's."""
    config = stock.config
    inputs = inputs or features(config, 2, 45, short=30)
    labels = torch.randint(4, config.vocab_size, (2, 6), generator=torch.Generator().manual_seed(1))
    results = []
    for model in (stock, patched):
        model.train()
        model.zero_grad()
        torch.manual_seed(0)
        loss = model(**inputs, labels=labels).loss
        loss.backward()
        results.append((loss.detach(), {n: p.grad for n, p in model.named_parameters() if p.grad is not None}))
        model.eval()
    (expected_loss, expected), (got_loss, got) = results
    torch.testing.assert_close(got_loss, expected_loss, rtol=0, atol=0)
    assert got.keys() == expected.keys() and any("speech_encoder" in n for n in got)
    for name in expected:
        torch.testing.assert_close(got[name], expected[name], rtol=0, atol=0, msg=name)


# -- speech to speech and SeamlessM4Tv2Model ------------------------------------------------------------------------


def assert_speech_equal(got, expected):
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    torch.testing.assert_close(got.unit_sequences, expected.unit_sequences, rtol=0, atol=0)
    torch.testing.assert_close(got.waveform_lengths, expected.waveform_lengths, rtol=0, atol=0)
    torch.testing.assert_close(got.waveform, expected.waveform, rtol=1e-5, atol=2e-5)


@pytest.mark.parametrize("num_beams", [1, 2])
def test_speech_to_speech_equals_stock(checkpoints, bucketed_calls, num_beams):
    stock, patched = load_pair(checkpoints["SeamlessM4Tv2ForSpeechToSpeech"], "SeamlessM4Tv2ForSpeechToSpeech")
    inputs = features(stock.config, 2, 50, seed=3, short=31)
    kwargs = dict(return_intermediate_token_ids=True, text_num_beams=num_beams, speech_do_sample=False)
    expected, got = generate_both(stock, patched, inputs, **kwargs)
    assert isinstance(patched._zoo_cache, StaticSeq2SeqCache) and patched._zoo_cache.get_seq_length() > 0
    assert bucketed_calls == [64, 64]  # the text generation's encoder call, and stock's second one for the units
    assert_speech_equal(got, expected)
    check_training_gradients(stock, patched)


def test_model_with_speech_and_text_input_equals_stock(checkpoints, bucketed_calls):
    stock, patched = load_pair(checkpoints["SeamlessM4Tv2Model"], "SeamlessM4Tv2Model")
    speech = features(stock.config, 2, 130, seed=4, short=90)
    expected, got = generate_both(stock, patched, speech, generate_speech=False, num_beams=3)
    torch.testing.assert_close(got.sequences, expected.sequences, rtol=0, atol=0)
    assert len(got.encoder_hidden_states) == len(expected.encoder_hidden_states)
    for g, e in zip(got.encoder_hidden_states, expected.encoder_hidden_states):
        torch.testing.assert_close(g, e, rtol=1e-4, atol=1e-4)
    expected, got = generate_both(stock, patched, speech, return_intermediate_token_ids=True)
    assert_speech_equal(got, expected)
    assert bucketed_calls == [192] * 3
    text = {"input_ids": torch.randint(4, stock.config.vocab_size, (2, 9), generator=torch.Generator().manual_seed(5))}
    expected, got = generate_both(stock, patched, text, return_intermediate_token_ids=True)
    assert_speech_equal(got, expected)
    assert patched.current_modality == "text" and patched._zoo_cache.get_seq_length() > 0
    check_training_gradients(stock, patched)


# -- a real speech clip -------------------------------------------------------------------------------------------


def read_clip() -> np.ndarray:
    with wave.open(str(CLIP)) as clip:
        assert (clip.getframerate(), clip.getnchannels(), clip.getsampwidth()) == (16000, 1, 2)
        return np.frombuffer(clip.readframes(clip.getnframes()), dtype=np.int16).astype(np.float32) / 32768


def test_a_real_speech_clip_through_the_stock_feature_extractor(tmp_path, bucketed_calls):
    audio = read_clip()
    extractor = transformers.SeamlessM4TFeatureExtractor()  # default arguments: 80 mel bins stacked by 2, 16 kHz
    inputs = extractor([audio, audio[: len(audio) // 2]], sampling_rate=16000, padding=True, return_tensors="pt")
    batch, frames, feature_dim = inputs["input_features"].shape
    assert feature_dim == 160 and inputs["attention_mask"][1].sum() < frames
    model = varied_model("SeamlessM4Tv2ForSpeechToText", config_overrides={"feature_projection_input_dim": feature_dim})
    model.save_pretrained(tmp_path)
    stock, patched = load_pair(tmp_path, "SeamlessM4Tv2ForSpeechToText")
    inputs = dict(inputs)
    assert_encoder_matches(stock, patched, inputs)
    for num_beams in (1, 3):
        expected, got = generate_both(stock, patched, inputs, num_beams=num_beams)
        torch.testing.assert_close(got, expected, rtol=0, atol=0)
    assert len(bucketed_calls) == 3


# -- GPU ------------------------------------------------------------------------------------------------------------


@pytest.mark.gpu
def test_cuda_graph_encoder_and_speech_to_text_equal_stock(checkpoints, monkeypatch, caplog):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)  # fp32 on both sides
    monkeypatch.setattr(torch.backends.cudnn, "allow_tf32", False)
    stock, patched = load_pair(checkpoints["SeamlessM4Tv2ForSpeechToText"], "SeamlessM4Tv2ForSpeechToText")
    stock, patched = stock.cuda(), patched.cuda()
    patched.speech_encoder.zoo_bucket_eager = False  # the CUDA graph path
    for i, frames in enumerate((37, 130, 50, 100)):  # 37 and 50 share the 64-frame bucket
        inputs = {k: v.cuda() for k, v in features(stock.config, 2, frames, seed=i, short=20 if i else None).items()}
        # cuDNN picks its fp32 convolution algorithm per shape, and the padded bucket is another shape than
        # stock's: measured 1.4e-4 at one element of 1664 on an H100 (a wrong frame would be O(1)).
        assert_encoder_matches(stock, patched, inputs, tol=1e-3)
        assert "_zoo_graphs" in vars(patched.speech_encoder), f"stock's encoder ran; the log: {caplog.text[-1500:]}"
        for num_beams in (1, 3):
            expected, got = generate_both(stock, patched, inputs, num_beams=num_beams)
            assert torch.equal(got, expected), f"{frames} frames, {num_beams} beams: {got.tolist()} != {expected.tolist()}"
    captured = patched.speech_encoder._zoo_graphs
    shapes = [key[0][:2] for key in captured]
    # 37 and 50 frames share the 64-frame bucket; 100 and 130 fall in 128 and 192: three graphs for four calls.
    assert sorted(shapes) == [(2, 64), (2, 128), (2, 192)], f"one graph per bucket expected, got {list(captured)}"
    assert all(graph.graph is not None for graph in captured.values())


@pytest.mark.gpu
def test_cuda_graph_encoder_in_float16_agrees_with_stock(checkpoints):
    stock, patched = load_pair(checkpoints["SeamlessM4Tv2ForSpeechToText"], "SeamlessM4Tv2ForSpeechToText")
    stock, patched = stock.cuda().half(), patched.cuda().half()
    patched.speech_encoder.zoo_bucket_eager = False
    inputs = {k: v.cuda() for k, v in features(stock.config, 2, 130, short=77).items()}
    with torch.no_grad():
        expected = stock.speech_encoder(**inputs).last_hidden_state.float()
        got = patched.speech_encoder(**inputs).last_hidden_state.float()
    assert got.shape == expected.shape and (got - expected).abs().max() <= 2e-2 * expected.abs().max()
