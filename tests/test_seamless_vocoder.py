"""The zoo SeamlessM4T-v2 vocoder (patchzoo.models.seamless_vocoder) against stock on tiny weights.

What is checked on the CPU (the two stages run eagerly, `zoo_bucket_eager`): waveform and returned lengths
equal stock's for unit counts in the same and in different buckets, batches with padding units and per-row
speaker / language ids, weight norm applied (folded in a runtime copy, rebuilt when the weights change) and
not; the duration stage traces as one graph (no host work, what capture needs); forward's CUDA-graph branch
with graph stand-ins (capture on a shape's second call, replay, buffers shared between the stages, the
waveform stage compiled with fullgraph=True, inference_mode then no_grad); the stock fallbacks (and that
they log); controls showing the masks and the gather boundary matter; a stock checkpoint loaded into the
zoo class and saved back loadable by stock. GPU: the captured graphs against stock (fp32, fp16 with weight
norm, re-capture after the weights move).

The tiny vocoder's duration predictor is rescaled so durations vary (1 to ~4 frames per unit): stock's
random init predicts 1 frame for every unit, which would not exercise the frame gather.
"""

import copy
import logging

import pytest
import torch
import transformers
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock_module
from test_seamless import no_tf32, varied_model  # noqa: F401 (no_tf32 is a fixture used below)

from patchzoo.kernels.hifigan import duration_frames as duration_frames_module
from patchzoo.models import seamless as zoo_models
from patchzoo.models import seamless_vocoder as zoo
from patchzoo.models.base import swap_module_classes
from patchzoo.tiny.presets import get_preset


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    """Tiny convolutions gain nothing from threads, and on a busy machine OpenMP's spinning threads slow them 100x."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


# A shallower HiFi-GAN for the tests that trace it with dynamo (tracing the preset's takes ~30 s on 2 cores).
SHALLOW = dict(upsample_rates=[4, 2], upsample_kernel_sizes=[8, 4], resblock_kernel_sizes=[3, 5],
               resblock_dilation_sizes=[[1, 3], [1, 3]])


def stock_vocoder(weight_norm: bool = False, seed: int = 0, **overrides) -> stock_module.SeamlessM4Tv2CodeHifiGan:
    config = get_preset("seamless_m4t_v2").build_config()
    for key, value in overrides.items():
        setattr(config, key, value)
    torch.manual_seed(seed)
    model = stock_module.SeamlessM4Tv2CodeHifiGan(config).eval()
    with torch.no_grad():  # log-durations about 0.8 +- 0.5: 1 to ~4 frames per unit
        model.dur_predictor.proj.weight.normal_(0.0, 0.06)
        model.dur_predictor.proj.bias.fill_(0.8)
    if weight_norm:
        model.apply_weight_norm()
    return model


def vocoder_pair(weight_norm: bool = False, **overrides):
    stock = stock_vocoder(weight_norm, **overrides)
    patched = stock_vocoder(weight_norm, **overrides)
    patched.load_state_dict(stock.state_dict())
    assert swap_module_classes(patched, zoo.VOCODER_CLASSES) == 2
    patched.zoo_bucket_eager = True  # on the CPU stock would run; check the bucketed path itself
    return stock.config, stock, patched


def unit_batch(config, batch, units, seed=0, short=()):
    """Random units (B, U), rows i >= 1 padded with the pad id from short[i - 1] on, per-row speaker / language."""
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(2, config.unit_hifi_gan_vocab_size, (batch, units), generator=g)
    for row, length in enumerate(short, start=1):
        ids[row, length:] = config.t2u_pad_token_id
    speaker = torch.randint(0, config.vocoder_num_spkrs, (batch, 1), generator=g)
    lang = torch.randint(0, config.vocoder_num_langs, (batch, 1), generator=g)
    return ids, speaker, lang


def run_both(stock, patched, inputs):
    with torch.no_grad():
        return stock(*inputs), patched(*inputs)


def assert_same(got, expected):
    (waveform, lengths), (expected_waveform, expected_lengths) = got, expected
    torch.testing.assert_close(lengths, expected_lengths, rtol=0, atol=0)
    assert waveform.shape == expected_waveform.shape
    torch.testing.assert_close(waveform, expected_waveform, rtol=1e-5, atol=2e-5)


# -- parity -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "batch,units,short",
    [(1, 1, ()), (1, 37, ()), (3, 25, (11, 25)), (2, 16, (1,))],
    ids=["1unit", "37units", "batch3_padded", "batch2_one_real_unit"],
)
def test_vocoder_equals_stock(batch, units, short):
    config, stock, patched = vocoder_pair()
    inputs = unit_batch(config, batch, units, seed=units, short=short)
    expected, got = run_both(stock, patched, inputs)
    assert_same(got, expected)
    frames = expected[0].shape[1] // 320  # the tiny config upsamples 5*4*4*2*2 = 320 samples per frame
    assert units == 1 or frames > units  # durations above one frame: the gather really expands units


def test_units_of_one_bucket_and_of_two_share_and_change_shapes():
    """Two unit counts in one bucket, then one in the next bucket: every call equals stock."""
    config, stock, patched = vocoder_pair()
    assert zoo.unit_bucket(13) == zoo.unit_bucket(14) == 16 and zoo.unit_bucket(17) == 20
    for units in (13, 14, 17):
        assert_same(*reversed(run_both(stock, patched, unit_batch(config, 1, units, seed=units))))


def test_speaker_and_language_ids_per_row_as_in_stock():
    """One unit sequence in three rows with different speaker / language ids: each row is stock's, and differs."""
    config, stock, patched = vocoder_pair()
    ids = unit_batch(config, 1, 9)[0].expand(3, -1)
    inputs = (ids, torch.tensor([[0], [3], [0]]), torch.tensor([[0], [0], [2]]))
    expected, got = run_both(stock, patched, inputs)
    assert_same(got, expected)
    waves = got[0]
    assert not torch.allclose(waves[0], waves[1]) and not torch.allclose(waves[0], waves[2])


def test_weight_norm_is_folded_in_a_runtime_copy_rebuilt_when_weights_change():
    config, stock, patched = vocoder_pair(weight_norm=True)
    keys = list(patched.state_dict())
    assert any("parametrizations" in k for k in keys)
    inputs = unit_batch(config, 2, 10, short=(7,))
    expected, got = run_both(stock, patched, inputs)
    assert_same(got, expected)
    runtime = zoo.runtime_hifi_gan(patched.hifi_gan)
    assert runtime is not patched.hifi_gan and not zoo._has_weight_norm(runtime)
    assert zoo._has_weight_norm(patched.hifi_gan) and list(patched.state_dict()) == keys
    # The original stays a working weight-normed module (stock's forward reads its `weight`).
    torch.testing.assert_close(patched.hifi_gan.conv_pre.weight, stock.hifi_gan.conv_pre.weight, rtol=0, atol=0)
    assert zoo.runtime_hifi_gan(patched.hifi_gan) is runtime  # kept while the weights stay
    # New weights (same keys) into both: the folded copy must follow, or the waveform would be stale.
    other = stock_vocoder(weight_norm=True, seed=1).state_dict()
    stock.load_state_dict(other)
    patched.load_state_dict(other)
    expected, got = run_both(stock, patched, inputs)
    assert_same(got, expected)
    refolded = zoo.runtime_hifi_gan(patched.hifi_gan)
    assert refolded is not runtime and "_zoo_folded" not in refolded.__dict__  # no copy of the old copy inside


def test_bucketed_frames_without_masks_do_not_match(monkeypatch):
    """Control: padding the frames without re-zeroing after each convolution changes the real samples."""
    config, stock, patched = vocoder_pair()
    inputs = unit_batch(config, 1, 11)
    monkeypatch.setattr(zoo, "_zero_padding", lambda x, beyond: x)
    expected, got = run_both(stock, patched, inputs)
    assert (got[0] - expected[0]).abs().max() > 1e-3


def test_frames_gathered_one_unit_off_do_not_match(monkeypatch):
    """Control: the gather's boundary (frame t plays the first unit ending after t) matters; the other side of it
    (the first unit ending at or after t: the ends moved one frame later) changes the waveform."""
    config, stock, patched = vocoder_pair()
    inputs = unit_batch(config, 1, 11)
    gather = zoo.gather_frames
    monkeypatch.setattr(zoo, "gather_frames", lambda ids, ends, *rest: gather(ids, ends + 1, *rest))
    expected, got = run_both(stock, patched, inputs)
    assert (got[0] - expected[0]).abs().max() > 1e-3


# -- what CUDA graphs need ---------------------------------------------------------------------------------------


def test_the_duration_stage_traces_as_one_graph(monkeypatch):
    """No .item(), no data-dependent Python branch: what CUDA-graph capture needs (dynamo would break there). With
    the frame bookkeeping's PyTorch reference: its kernel is one launch of fixed-shape buffers, opaque to dynamo."""
    monkeypatch.setattr(duration_frames_module, "covers", lambda durations, padded_units: False)
    config, _, patched = vocoder_pair()
    torch._dynamo.reset()
    with torch.no_grad():
        explained = torch._dynamo.explain(patched._zoo_durations)(unit_batch(config, 2, 13, short=(6,))[0])
    torch._dynamo.reset()
    assert (explained.graph_count, explained.graph_break_count) == (1, 0), explained.break_reasons


class ReplayedGraph:
    """CPU stand-in for CUDAGraphStep with a graph's contract: fn takes no arguments (it reads fixed buffers),
    and every call returns the same output tensors, overwritten in place."""

    instances = []

    def __init__(self, fn, tag=None, pool=None):
        self.fn, self.outputs, self.replays = fn, None, 0
        ReplayedGraph.instances.append(self)

    def __call__(self):
        fresh = self.fn()
        self.replays += 1
        if fresh is None:  # a graph that only writes buffers
            return None
        if self.outputs is None:  # a graph's output buffers: written by every replay, whatever the grad mode
            with torch.inference_mode(False):
                self.outputs = tuple(t.clone() for t in fresh)
        for static, new in zip(self.outputs, fresh):
            static.copy_(new)
        return self.outputs


@pytest.mark.parametrize("inductor", [False, True], ids=["eager_kernels", "compiled"])
def test_the_graph_branch_of_forward_on_the_cpu(monkeypatch, inductor):
    """forward's CUDA branch run on the CPU, with graph stand-ins that keep a graph's contract: durations eager on
    a shape's first call, captured on its second, replayed after; one waveform graph per (B, U_b, T_b) reading
    the buffers the duration graphs write; the waveform stage compiled with fullgraph=True (a host sync or
    graph break would raise) and dynamic shapes. Every call equals stock."""
    config, stock, patched = vocoder_pair(**SHALLOW)
    # compiled: backend eager here, with fullgraph=True, which proves stage 2 has no host sync or graph break
    patched.zoo_inductor = inductor
    monkeypatch.setattr(zoo, "CUDAGraphStep", ReplayedGraph)
    monkeypatch.setattr(zoo.SeamlessM4Tv2CodeHifiGan, "_zoo_graphs", lambda self, ids: True)
    compiled = []

    def compile_eager(owner, name, fn, mode=None):
        if name not in owner.__dict__:
            owner.__dict__[name] = torch.compile(fn, backend="eager", fullgraph=True, dynamic=True)
            compiled.append(name)
        return owner.__dict__[name]

    monkeypatch.setattr(zoo, "_compiled", compile_eager)
    ReplayedGraph.instances.clear()
    torch._dynamo.reset()
    for units, seed in ((9, 0), (9, 1), (9, 2), (12, 3)):
        inputs = unit_batch(config, 1, units, seed=seed)
        # The first call under inference_mode, the rest under no_grad: the buffers must take both.
        with torch.inference_mode(seed == 0), torch.no_grad():
            expected, got = stock(*inputs), patched(*inputs)
        assert_same(got, expected)
    torch._dynamo.reset()
    graphs = patched.__dict__["_zoo_vocoder_graphs"]
    assert compiled == (["_zoo_compiled_waveform"] if inductor else [])
    assert list(graphs.durations) == [(1, 9), (1, 12)] and isinstance(graphs.durations[(1, 12)], bool)
    durations_graph = graphs.durations[(1, 9)][1]
    assert durations_graph.replays == 2  # captured on the second call, replayed on the third
    assert list(graphs.stage_inputs) == [(1, 16)]  # one buffer set per (B, U_b)
    assert len(ReplayedGraph.instances) == 1 + len(graphs.waveforms)
    assert sum(g.replays for g in graphs.waveforms.values()) == 4


@pytest.mark.parametrize("batch,units", [(1, 9), (2, 13)])
def test_channels_last_duration_predictor_equals_stocks(batch, units):
    """The duration predictor with its convolutions on channels-last memory computes stock's log durations (bit
    for bit where the backend takes the same algorithm for both layouts; within rounding in any case), and
    _channels_last_matches says which of the two it was."""
    config, _, patched = vocoder_pair(**SHALLOW)
    embeds = patched.unit_embedding(unit_batch(config, batch, units)[0])
    with torch.no_grad():
        want, got = patched.dur_predictor(embeds), zoo._channels_last_log_durations(patched.dur_predictor, embeds)
        assert zoo._channels_last_matches(patched.dur_predictor, embeds) == torch.equal(got, want)
    torch.testing.assert_close(got, want)


def test_channels_last_weights_are_kept_and_follow_the_parameters():
    """The duration convolutions' channels-last weights are copied once, rewritten at the same address after an
    in-place write (what a graph reading them needs), made anew when the parameter is replaced."""
    _, _, patched = vocoder_pair(**SHALLOW)
    conv = patched.dur_predictor.conv1
    kept = zoo._nhwc_weight(conv)
    assert kept.is_contiguous(memory_format=torch.channels_last)
    assert torch.equal(kept, conv.weight.unsqueeze(2)) and zoo._nhwc_weight(conv) is kept
    with torch.no_grad():
        conv.weight.mul_(-2.0)
    again = zoo._nhwc_weight(conv)
    assert again.data_ptr() == kept.data_ptr() and torch.equal(again, conv.weight.unsqueeze(2))
    conv.weight = torch.nn.Parameter(conv.weight * 3)
    remade = zoo._nhwc_weight(conv)
    assert remade is not kept and torch.equal(remade, conv.weight.unsqueeze(2))
    assert "_zoo_nhwc_weight" not in str(list(patched.state_dict()))


def test_stage_lengths_are_the_upsamplers_chain():
    """The fused path's per-stage valid lengths (one affine evaluation) equal the upsamplers' length chain."""
    _, _, patched = vocoder_pair()
    fused = zoo.fused_hifigan(patched.hifi_gan)
    for frames in (0, 1, 7, 100, 4096):
        length, chain = frames, []
        for up in patched.hifi_gan.upsampler:
            length = zoo._transposed_length(length, up)
            chain.append(length)
        assert (torch.tensor(frames) * fused.length_scale + fused.length_shift).tolist() == chain


def test_a_failed_capture_runs_stock_from_then_on(monkeypatch, caplog):
    config, stock, patched = vocoder_pair(**SHALLOW)

    class FailingCapture(ReplayedGraph):
        def __call__(self):
            raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(zoo, "CUDAGraphStep", FailingCapture)
    monkeypatch.setattr(zoo.SeamlessM4Tv2CodeHifiGan, "_zoo_graphs", lambda self, ids: self.zoo_cuda_graphs)
    for seed in range(3):  # a shape's second call captures its duration graph
        inputs = unit_batch(config, 1, 9, seed=seed)
        with torch.no_grad(), caplog.at_level("WARNING"):
            assert_same(patched(*inputs), stock(*inputs))
    assert "the CUDA-graph vocoder failed (RuntimeError: operation not permitted" in caplog.text
    assert patched.zoo_cuda_graphs is False and "_zoo_vocoder_graphs" not in patched.__dict__


@pytest.mark.parametrize("matches", [False, True])
def test_duration_graphs_take_the_layout_that_matched(monkeypatch, matches):
    """A shape's first call records whether the channels-last duration convolutions gave stock's bits; its
    duration graph (captured on the second call) runs them only if they did; every call equals stock."""
    config, stock, patched = vocoder_pair(**SHALLOW)
    monkeypatch.setattr(zoo, "CUDAGraphStep", ReplayedGraph)
    monkeypatch.setattr(zoo.SeamlessM4Tv2CodeHifiGan, "_zoo_graphs", lambda self, ids: True)
    monkeypatch.setattr(zoo, "_channels_last_matches", lambda predictor, embeds: matches)
    channels_last_calls = []
    original = zoo._channels_last_log_durations
    monkeypatch.setattr(zoo, "_channels_last_log_durations",
                        lambda *args: channels_last_calls.append(1) or original(*args))
    for seed in range(3):
        inputs = unit_batch(config, 1, 9, seed=seed)
        with torch.no_grad():
            assert_same(patched(*inputs), stock(*inputs))
    graphs = patched.__dict__["_zoo_vocoder_graphs"]
    assert graphs.durations[(1, 9)][1].replays == 2
    assert len(channels_last_calls) == (2 if matches else 0)  # the capture and its replay


# -- stock fallbacks -------------------------------------------------------------------------------------------


@pytest.fixture
def spy_stock(monkeypatch):
    """Counts calls of stock's CodeHifiGan.forward made from the zoo class."""
    calls = []
    original = stock_module.SeamlessM4Tv2CodeHifiGan.forward

    def spy(self, *args, **kwargs):
        calls.append(type(self))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(stock_module.SeamlessM4Tv2CodeHifiGan, "forward", spy)
    return calls


def test_cpu_without_the_flag_runs_stock(spy_stock):
    config, stock, patched = vocoder_pair()
    patched.zoo_bucket_eager = False
    inputs = unit_batch(config, 1, 9)
    expected, got = run_both(stock, patched, inputs)
    assert spy_stock.count(zoo.SeamlessM4Tv2CodeHifiGan) == 1
    torch.testing.assert_close(got[0], expected[0], rtol=0, atol=0)


def test_gradients_or_training_run_stock_and_say_why(spy_stock, caplog):
    config, stock, patched = vocoder_pair()
    inputs = unit_batch(config, 1, 9)
    with caplog.at_level(logging.WARNING):
        expected = stock(*inputs)
        got = patched(*inputs)  # gradients enabled
    assert spy_stock.count(zoo.SeamlessM4Tv2CodeHifiGan) == 1
    assert "gradients enabled" in caplog.text and "running stock's forward" in caplog.text
    torch.testing.assert_close(got[0], expected[0], rtol=0, atol=0)
    got[0].sum().backward()  # stock's graph: gradients reach the HiFi-GAN
    assert patched.hifi_gan.conv_pre.weight.grad is not None
    patched.train()
    with torch.no_grad():
        patched(*inputs)
    assert spy_stock.count(zoo.SeamlessM4Tv2CodeHifiGan) == 2


def test_unbatched_or_mis_shaped_input_runs_stock_and_fails_as_stock_does(spy_stock):
    config, stock, patched = vocoder_pair()
    ids, speaker, lang = unit_batch(config, 2, 9)
    for inputs in ((ids[0], speaker[0], lang[0]), (ids, speaker, lang[:1])):
        with torch.no_grad(), pytest.raises(Exception) as expected:
            stock(*inputs)
        with torch.no_grad(), pytest.raises(expected.type):
            patched(*inputs)
    assert spy_stock.count(zoo.SeamlessM4Tv2CodeHifiGan) == 2


# -- checkpoints ---------------------------------------------------------------------------------------------


def test_stock_checkpoint_loads_into_the_zoo_class_and_saves_back(tmp_path):
    """The standalone vocoder: a stock checkpoint loads into the zoo class unchanged; its save loads in stock."""
    original = stock_vocoder()
    original.save_pretrained(tmp_path / "stock")
    patched = zoo.SeamlessM4Tv2CodeHifiGan.from_pretrained(tmp_path / "stock").eval()
    assert type(patched.hifi_gan) is zoo.SeamlessM4Tv2HifiGan
    patched.zoo_bucket_eager = True
    inputs = unit_batch(original.config, 2, 12, short=(5,))
    expected, got = run_both(original, patched, inputs)
    assert_same(got, expected)
    patched.save_pretrained(tmp_path / "zoo")
    reloaded = stock_module.SeamlessM4Tv2CodeHifiGan.from_pretrained(tmp_path / "zoo")
    assert type(reloaded) is stock_module.SeamlessM4Tv2CodeHifiGan
    want, have = original.state_dict(), reloaded.state_dict()
    assert list(have) == list(want)
    for key in want:
        torch.testing.assert_close(have[key], want[key], rtol=0, atol=0, msg=key)


def test_text_to_speech_model_gets_the_zoo_vocoder_and_saves_stock_keys(tmp_path):
    original = varied_model("SeamlessM4Tv2ForTextToSpeech")
    original.save_pretrained(tmp_path / "stock")
    patched = zoo_models.SeamlessM4Tv2ForTextToSpeech.from_pretrained(tmp_path / "stock").eval()
    assert type(patched.vocoder) is zoo.SeamlessM4Tv2CodeHifiGan
    patched.vocoder.zoo_bucket_eager = True
    inputs = unit_batch(original.config, 1, 6)
    expected, got = run_both(original.vocoder.eval(), patched.vocoder, inputs)
    assert_same(got, expected)
    patched.save_pretrained(tmp_path / "zoo")
    reloaded = transformers.SeamlessM4Tv2ForTextToSpeech.from_pretrained(tmp_path / "zoo")
    assert list(reloaded.state_dict()) == list(original.state_dict())
    torch.testing.assert_close(
        reloaded.vocoder.state_dict(), original.vocoder.state_dict(), rtol=0, atol=0
    )


# -- GPU ---------------------------------------------------------------------------------------------------------


@pytest.mark.gpu
@pytest.mark.parametrize("batch,units,short", [(1, 60, ()), (1, 200, ()), (3, 90, (40, 90))])
def test_cuda_graph_vocoder_equals_stock_fp32(no_tf32, batch, units, short):
    config, stock, patched = vocoder_pair()
    stock, patched = stock.cuda(), patched.cuda()
    patched.zoo_bucket_eager = False
    for seed in range(3):  # durations: eager, captured, replayed; the waveform graph captured at once, replayed
        inputs = [t.cuda() for t in unit_batch(config, batch, units, seed=seed, short=short)]
        expected, got = run_both(stock, patched, inputs)
        torch.testing.assert_close(got[1], expected[1], rtol=0, atol=0)
        torch.testing.assert_close(got[0], expected[0], rtol=1e-4, atol=1e-4)
    graphs = patched.__dict__["_zoo_vocoder_graphs"]
    assert graphs.waveforms and all(step.graph is not None for step in graphs.waveforms.values())


@pytest.mark.gpu
def test_cuda_graph_vocoder_with_weight_norm_fp16():
    config, stock, patched = vocoder_pair(weight_norm=True)
    stock, patched = stock.cuda().half(), patched.cuda().half()
    for seed in range(2):
        inputs = [t.cuda() for t in unit_batch(config, 2, 50, seed=seed, short=(30,))]
        expected, got = run_both(stock, patched, inputs)
        torch.testing.assert_close(got[1], expected[1], rtol=0, atol=0)  # stock's durations, bit for bit
        assert (got[0].float() - expected[0].float()).abs().max() < 3e-2  # fp16 rounding (a wrong frame: O(1))


@pytest.mark.gpu
def test_moving_the_weights_recaptures_the_graphs(no_tf32):
    config, stock, patched = vocoder_pair()
    stock, patched = stock.cuda(), patched.cuda()
    inputs = [t.cuda() for t in unit_batch(config, 1, 40)]
    run_both(stock, patched, inputs)
    first = patched.__dict__["_zoo_vocoder_graphs"]
    stock, patched = stock.double().float(), patched.double().float()  # every parameter at a new address
    expected, got = run_both(stock, patched, inputs)
    assert patched.__dict__["_zoo_vocoder_graphs"] is not first
    torch.testing.assert_close(got[0], expected[0], rtol=1e-4, atol=1e-4)


@pytest.mark.gpu
def test_in_place_weight_update_reaches_the_captured_graphs(no_tf32):
    """load_state_dict writes in place: the graphs (and the fused blocks' stacked weights) follow the new values."""
    config, stock, patched = vocoder_pair()
    stock, patched = stock.cuda(), patched.cuda()
    patched.zoo_bucket_eager = False
    inputs = [t.cuda() for t in unit_batch(config, 1, 40)]
    for _ in range(2):
        run_both(stock, patched, inputs)
    graphs = patched.__dict__["_zoo_vocoder_graphs"]
    new_weights = stock_vocoder(seed=1).state_dict()
    stock.load_state_dict(new_weights)
    patched.load_state_dict(new_weights)
    expected, got = run_both(stock, patched, inputs)
    assert patched.__dict__["_zoo_vocoder_graphs"] is graphs  # replayed, not re-captured
    torch.testing.assert_close(got[0], expected[0], rtol=1e-4, atol=1e-4)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.float32])
def test_large_config_durations_are_stocks_on_every_call(dtype, monkeypatch):
    """The large config's duration predictor (1280 channels) in fp16 and in fp32 with TF32, on shapes where
    cuDNN's algorithm for channels-last memory did and did not match stock's on an H200: the eager first call,
    the captured second and the replayed third all give stock's lengths and waveform length."""
    monkeypatch.setattr(torch.backends.cudnn, "allow_tf32", True)
    config = transformers.SeamlessM4Tv2Config()
    torch.manual_seed(0)
    with torch.device("cuda"):
        stock = stock_module.SeamlessM4Tv2CodeHifiGan(config).eval().to(dtype)
    patched = copy.deepcopy(stock)
    swap_module_classes(patched, zoo.VOCODER_CLASSES)
    for batch, units in ((1, 7), (3, 257), (1, 400)):
        for seed in range(3):
            inputs = [t.cuda() for t in unit_batch(config, batch, units, seed=seed)]
            (expected, expected_lengths), (got, lengths) = run_both(stock, patched, inputs)
            assert got.shape == expected.shape and torch.equal(lengths, expected_lengths)
            assert (got.float() - expected.float()).abs().max() < 3e-2
    durations = patched.__dict__["_zoo_vocoder_graphs"].durations
    assert all(isinstance(entry, tuple) for entry in durations.values())  # every shape's graph captured
