"""The zoo SeamlessM4T-v2 text encoder (patchzoo.models.seamless_text_encoder) against stock's on tiny checkpoints.

What is checked: which encoders are re-classed (the text encoder, not the text-to-unit model's); the bucketed path
(run eagerly on the CPU) gives stock's outputs and hidden states for token counts inside, at and past a bucket,
with and without a padding mask; generate() tokens equal through it (greedy, beams); the graph branch's plumbing
with a CPU stand-in for the graph (one per bucket, outputs cloned out of its buffers); the stock fallbacks
(silent where documented, logged once otherwise). GPU: the captured graph against stock in fp32 and fp16.
"""

import logging

import pytest
import torch
import transformers
from test_seamless import (  # noqa: F401 (no_tf32, t2t_checkpoint, t2t_pair: fixtures)
    generate_both, no_tf32, t2t_checkpoint, t2t_pair, text_inputs, varied_model,
)
from test_seamless_speech import GraphStandIn

import patchzoo
from patchzoo.models import seamless_text_encoder as zoo
from patchzoo.patches.shape_graphs import ShapeGraphs


@pytest.fixture
def bucketed(t2t_pair, monkeypatch):
    """The bucketed path on the CPU (eagerly); returns the padded lengths it ran."""
    calls = []
    original = zoo.SeamlessM4Tv2TextEncoder.bucketed_forward

    def spy(self, input_ids, mask):
        calls.append(input_ids.shape[1])
        return original(self, input_ids, mask)

    monkeypatch.setattr(zoo.SeamlessM4Tv2TextEncoder, "bucketed_forward", spy)
    monkeypatch.setattr(t2t_pair[1].text_encoder, "zoo_bucket_eager", True)
    return calls


def tokens(config, batch: int, length: int, seed: int = 0, short: int | None = None) -> dict:
    """Random token ids (no pad token) and, with `short`, a mask whose last row is that long."""
    g = torch.Generator().manual_seed(seed)
    inputs = {"input_ids": torch.randint(4, config.vocab_size, (batch, length), generator=g)}
    if short is not None:
        mask = torch.ones(batch, length, dtype=torch.long)
        mask[-1, short:] = 0
        inputs["attention_mask"] = mask
    return inputs


def test_only_the_text_encoder_is_reclassed(t2t_pair):
    assert type(t2t_pair[1].text_encoder) is zoo.SeamlessM4Tv2TextEncoder
    patched = patchzoo.patch(varied_model("SeamlessM4Tv2ForTextToSpeech"))
    assert type(patched.text_encoder) is zoo.SeamlessM4Tv2TextEncoder
    assert type(patched.t2u_model.model.encoder) is zoo.stock.SeamlessM4Tv2Encoder  # fed inputs_embeds: stock's


@pytest.mark.parametrize("length, short", [(5, None), (37, 20), (64, None), (70, 66)])
def test_bucketed_encoder_equals_stock(t2t_pair, bucketed, length, short):
    """Token counts inside a bucket, filling one, and one past it (70 -> 128), with and without padding."""
    stock, patched = t2t_pair
    inputs = tokens(stock.config, 3, length, seed=length, short=short)
    with torch.no_grad():
        expected = stock.text_encoder(**inputs, output_hidden_states=True)
        got = patched.text_encoder(**inputs, output_hidden_states=True)
    assert bucketed == [zoo.source_bucket(length)]
    assert got.last_hidden_state.shape == expected.last_hidden_state.shape
    torch.testing.assert_close(got.last_hidden_state, expected.last_hidden_state, rtol=1e-5, atol=1e-5)
    assert len(got.hidden_states) == len(expected.hidden_states)
    for g, e in zip(got.hidden_states, expected.hidden_states):
        torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("num_beams", [1, 3])
def test_generate_through_the_bucketed_encoder_keeps_stock_tokens(t2t_pair, bucketed, num_beams):
    stock, patched = t2t_pair
    expected, got = generate_both(stock, patched, text_inputs(stock.config, seed=7), num_beams=num_beams)
    assert bucketed, "the bucketed encoder did not run"
    assert torch.equal(got, expected)


def test_the_graph_branch_reuses_one_graph_per_bucket(t2t_pair, monkeypatch):
    """The CUDA-graph branch on the CPU: inputs copied into each bucket's buffers, outputs cut and cloned out of
    the graph's (a later replay must not change an earlier result)."""
    stock, patched = t2t_pair
    monkeypatch.setattr(zoo, "CUDAGraphStep", GraphStandIn)
    monkeypatch.setitem(patched.text_encoder.__dict__, "_zoo_graphs", ShapeGraphs(zoo.MAX_KEPT_GRAPHS))
    GraphStandIn.instances.clear()
    results = []
    for i, (length, short) in enumerate([(20, None), (100, 70), (50, 21), (60, None)]):
        inputs = tokens(stock.config, 2, length, seed=i, short=short)
        with torch.no_grad():
            expected = stock.text_encoder(**inputs)
            got = patched.text_encoder(**inputs)
        results.append((expected, got, got.last_hidden_state.clone()))
    for expected, got, snapshot in results:
        torch.testing.assert_close(got.last_hidden_state, snapshot, rtol=0, atol=0)
        torch.testing.assert_close(got.last_hidden_state, expected.last_hidden_state, rtol=1e-5, atol=1e-5)
    graphs = patched.text_encoder._zoo_graphs
    assert [key[0] for key in graphs] == [(2, 128), (2, 64)]  # most recent last
    assert len(GraphStandIn.instances) == 2
    # A graph reads its tensors by address: a replaced buffer (a regrown position table) means a new capture.
    positions = patched.text_encoder.embed_positions
    positions.weights = positions.weights.clone()  # a buffer: registered again under its name, same values
    with torch.no_grad():
        got = patched.text_encoder(**tokens(stock.config, 2, 60, seed=3)).last_hidden_state
    assert len(GraphStandIn.instances) == 3
    torch.testing.assert_close(got, results[-1][1].last_hidden_state, rtol=0, atol=0)


def test_a_failed_capture_runs_stocks_encoder_from_then_on(t2t_pair, monkeypatch, caplog):
    stock, patched = t2t_pair

    class FailingCapture(GraphStandIn):
        def __call__(self):
            raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(zoo, "CUDAGraphStep", FailingCapture)
    monkeypatch.setattr(patched.text_encoder, "zoo_cuda_graph", True)
    inputs = tokens(stock.config, 2, 12)
    with torch.no_grad(), caplog.at_level(logging.WARNING):
        got = patched.text_encoder(**inputs).last_hidden_state
        expected = stock.text_encoder(**inputs).last_hidden_state
    torch.testing.assert_close(got, expected, rtol=0, atol=0)  # stock's modules in stock's order on both sides
    assert "capturing the CUDA graph failed (RuntimeError: operation not permitted" in caplog.text
    assert patched.text_encoder.zoo_cuda_graph is False and "_zoo_graphs" not in vars(patched.text_encoder)


def test_stock_runs_where_the_bucketed_path_does_not_serve(t2t_pair, bucketed, caplog):
    stock, patched = t2t_pair
    inputs = tokens(stock.config, 2, 12)
    with torch.no_grad():
        embeds = stock.text_encoder.embed_tokens(inputs["input_ids"])
        expected = stock.text_encoder(inputs_embeds=embeds).last_hidden_state
        got = patched.text_encoder(inputs_embeds=embeds).last_hidden_state  # silently stock's
        with caplog.at_level(logging.WARNING):
            with_attentions = patched.text_encoder(**inputs, output_attentions=True).last_hidden_state
        stock_with_attentions = stock.text_encoder(**inputs, output_attentions=True).last_hidden_state
    torch.testing.assert_close(got, expected, rtol=0, atol=0)
    torch.testing.assert_close(with_attentions, stock_with_attentions, rtol=0, atol=0)
    got = patched.text_encoder(**inputs).last_hidden_state  # gradients on: stock's, silently
    assert got.requires_grad
    assert bucketed == []
    assert "attention outputs are recorded by stock's hooks; running stock's encoder" in caplog.text


@pytest.mark.gpu
@pytest.mark.parametrize("dtype, tol", [(torch.float32, 1e-4), (torch.float16, 2e-2)])
def test_cuda_graph_encoder_agrees_with_stock(t2t_checkpoint, no_tf32, dtype, tol):
    stock = transformers.SeamlessM4Tv2ForTextToText.from_pretrained(t2t_checkpoint, dtype=dtype).cuda().eval()
    patched = patchzoo.AutoModel.from_pretrained(t2t_checkpoint, dtype=dtype).cuda().eval()
    for length, short in ((37, 20), (64, None), (37, None)):  # the third replays the first's graph
        inputs = {k: v.cuda() for k, v in tokens(stock.config, 2, length, seed=length, short=short).items()}
        with torch.no_grad():
            expected = stock.text_encoder(**inputs, output_hidden_states=True)
            got = patched.text_encoder(**inputs, output_hidden_states=True)
        scale = expected.last_hidden_state.abs().max()
        assert (got.last_hidden_state - expected.last_hidden_state).abs().max() <= tol * scale
        for g, e in zip(got.hidden_states, expected.hidden_states, strict=True):
            assert (g - e).abs().max() <= tol * e.abs().max()
    graphs = patched.text_encoder._zoo_graphs
    assert len(graphs) == 1 and all(g.graph is not None for g in graphs.values())  # 37 and 64 tokens: one bucket
