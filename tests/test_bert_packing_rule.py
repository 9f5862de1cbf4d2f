"""The per-batch choice between packing and stock's padded layers (PackingRule), and the padded route's outputs.

CPU tests, no timing: the decision from the padding share and the count of padded positions; a batch sent to stock's
padded layers gives stock's outputs on real tokens and zeros at pads (as the packed path), without reaching the
varlen attention; a batch without padding runs stock's unmasked layers.
"""

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import packed_encoder
from patchzoo.models.bert import use_cuda_graphs, use_packing
from patchzoo.models.packed_encoder import PACK_MIN_PADDED_POSITIONS, PACK_MIN_PADDING_SHARE, PackingRule
from patchzoo.patches.padding import Padding
from patchzoo.tiny.presets import get_preset


def mask_of(lengths, seq):
    return (torch.arange(seq)[None, :] < torch.tensor(lengths)[:, None]).long()


def test_gpu_defaults_pack_every_padded_batch():
    rule = PackingRule()
    assert (PACK_MIN_PADDING_SHARE, PACK_MIN_PADDED_POSITIONS) == (0, 0)
    # encode() at batch 32: ~17 % padding -> packed (measured faster on an H200)
    assert rule.pays(Padding.from_mask(mask_of([90] * 26 + [40] * 6, 90)), on_gpu=True)
    # a small share (~4 %) packs too: the packed forward launches fewer kernels than stock's padded one
    wide = Padding.from_mask(mask_of([512] * 60 + [512 - 40] * 68, 512))
    assert rule.pays(wide, on_gpu=True)
    # one padded position
    assert rule.pays(Padding.from_mask(mask_of([7, 7, 6], 7)), on_gpu=True)


def test_cpu_default_packs_any_padding_and_no_padding_never_packs():
    rule = PackingRule()
    assert rule.pays(Padding.from_mask(mask_of([5, 4], 5)), on_gpu=False)
    for on_gpu in (False, True):
        assert not rule.pays(Padding.from_mask(torch.ones(4, 7)), on_gpu=on_gpu)
        assert not PackingRule(0, 0).pays(Padding.from_mask(torch.ones(4, 7)), on_gpu=on_gpu)


def test_explicit_bounds_apply_on_every_device():
    padding = Padding.from_mask(mask_of([10, 5], 10))  # 5 of 20 positions padded: 25 %
    for on_gpu in (False, True):
        assert PackingRule(0.25, 5).pays(padding, on_gpu)
        assert not PackingRule(0.26, 0).pays(padding, on_gpu)
        assert not PackingRule(0.0, 6).pays(padding, on_gpu)
        assert PackingRule(0, 0).pays(padding, on_gpu)


@pytest.fixture(scope="module")
def pair():
    config = get_preset("bert").build_config()
    torch.manual_seed(0)
    stock = transformers.BertModel(config).eval()
    zoo = patchzoo.patch(transformers.BertModel(config).eval())
    zoo.load_state_dict(stock.state_dict())
    return stock, zoo


def batch_of(config, lengths, seq, left=False):
    mask = mask_of(lengths, seq)
    if left:
        mask = mask.flip(1)
    ids = torch.randint(4, config.vocab_size, mask.shape, generator=torch.Generator().manual_seed(0))
    return {"input_ids": ids.masked_fill(mask == 0, 0), "attention_mask": mask}


def run_counting_varlen(model, batch, monkeypatch, **kwargs):
    calls = []
    real = packed_encoder.varlen_attention

    def counted(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(packed_encoder, "varlen_attention", counted)
    with torch.no_grad():
        return model(**batch, **kwargs), len(calls)


@pytest.mark.parametrize("left", [False, True])
def test_padded_route_gives_stocks_values_on_real_tokens_and_zeros_at_pads(pair, monkeypatch, left):
    stock, zoo = pair
    batch = batch_of(zoo.config, [12, 7, 3], 12, left=left)
    use_packing(zoo, True, min_padding_share=0.9)  # 40 % padding: below the bound, so stock's padded layers
    try:
        got, varlen_calls = run_counting_varlen(zoo, batch, monkeypatch, output_hidden_states=True)
    finally:
        use_packing(zoo)
    with torch.no_grad():
        want = stock(**batch, output_hidden_states=True)
    assert varlen_calls == 0
    real = batch["attention_mask"].bool()
    # Left padding: the pooler reads a pad, so (as a packed call would) the batch is stock's whole, pads included.
    compared = torch.ones_like(real) if left else real
    assert left or (got.last_hidden_state[~real] == 0).all()
    torch.testing.assert_close(got.last_hidden_state[compared], want.last_hidden_state[compared], rtol=0, atol=0)
    torch.testing.assert_close(got.pooler_output, want.pooler_output, rtol=0, atol=0)
    assert len(got.hidden_states) == len(want.hidden_states)
    for g, w in zip(got.hidden_states, want.hidden_states):
        assert g.shape == w.shape and (left or (g[~real] == 0).all())
        torch.testing.assert_close(g[compared], w[compared], rtol=0, atol=0)


def test_packed_and_padded_routes_agree(pair, monkeypatch):
    _, zoo = pair
    batch = batch_of(zoo.config, [12, 7, 3], 12)
    packed, packed_calls = run_counting_varlen(zoo, batch, monkeypatch)
    use_packing(zoo, True, min_padded_positions=10**6)
    try:
        padded, padded_calls = run_counting_varlen(zoo, batch, monkeypatch)
    finally:
        use_packing(zoo)
    assert packed_calls == zoo.config.num_hidden_layers and padded_calls == 0
    torch.testing.assert_close(padded.last_hidden_state, packed.last_hidden_state, rtol=1e-5, atol=1e-5)


def test_gradients_flow_through_the_padded_route(pair):
    stock, zoo = pair
    batch = batch_of(zoo.config, [12, 7, 3], 12)
    use_packing(zoo, True, min_padding_share=0.9)
    try:
        zoo.train()
        zoo.config.hidden_dropout_prob = 0.0
        out = zoo(**batch).last_hidden_state
        (out * batch["attention_mask"][..., None]).sum().backward()
    finally:
        use_packing(zoo)
        zoo.eval()
    grads = [p.grad for p in zoo.encoder.parameters()]
    assert all(g is not None and torch.isfinite(g).all() for g in grads)
    zoo.zero_grad(set_to_none=True)


def test_unpadded_batch_runs_stocks_unmasked_layers_also_with_cuda_graphs(pair, monkeypatch):
    stock, zoo = pair
    batch = batch_of(zoo.config, [9, 9], 9)
    use_cuda_graphs(zoo, 8)
    try:
        got, varlen_calls = run_counting_varlen(zoo, batch, monkeypatch)
    finally:
        use_cuda_graphs(zoo, None)
    with torch.no_grad():
        want = stock(**batch)
    assert varlen_calls == 0
    torch.testing.assert_close(got.last_hidden_state, want.last_hidden_state, rtol=0, atol=0)


@pytest.mark.gpu
def test_gpu_default_rule_packs_every_padded_batch_and_a_callers_bound_routes_to_stock(monkeypatch):
    config = transformers.BertConfig(hidden_size=256, num_hidden_layers=2, num_attention_heads=4, intermediate_size=1024,
                                     max_position_embeddings=512)
    torch.manual_seed(0)
    stock = transformers.BertModel(config).to("cuda", torch.float16).eval()
    stock.config._attn_implementation = "sdpa"
    zoo = patchzoo.patch(transformers.BertModel(config).to("cuda", torch.float16).eval())
    zoo.load_state_dict(stock.state_dict())
    nearly_full = {k: v.cuda() for k, v in batch_of(config, [40] * 20 + [38], 40).items()}  # 0.2 % padding
    small = {k: v.cuda() for k, v in batch_of(config, [40, 30, 20, 10], 40).items()}  # 50 %, 80 positions
    large = {k: v.cuda() for k, v in batch_of(config, [256] * 32 + [64] * 32, 256).items()}  # 37 %, 6144 positions
    cases = ((nearly_full, None, True), (small, None, True), (large, None, True), (nearly_full, 0.05, False))
    for batch, min_share, packs in cases:
        use_packing(zoo, True, min_share)  # None: the default rule
        got, varlen_calls = run_counting_varlen(zoo, batch, monkeypatch)
        with torch.no_grad():
            want = stock(**batch)
        real = batch["attention_mask"].bool()
        assert varlen_calls == (config.num_hidden_layers if packs else 0)
        assert (got.last_hidden_state[~real] == 0).all()
        # the padded route runs stock's kernels on stock's mask values (its mask is a broadcast view: strides may differ)
        tol = dict(rtol=1e-2, atol=2e-2) if packs else dict(rtol=0, atol=2e-3)
        torch.testing.assert_close(got.last_hidden_state[real], want.last_hidden_state[real], **tol)
    full = {k: v.cuda() for k, v in batch_of(config, [128] * 8, 128).items()}
    use_packing(zoo, True)
    use_cuda_graphs(zoo, 256)
    got, varlen_calls = run_counting_varlen(zoo, full, monkeypatch)
    assert varlen_calls == 0 and len(zoo.layer_graphs) == 0  # no padding: stock's unmasked layers, no graph
    with torch.no_grad():
        torch.testing.assert_close(got.last_hidden_state, stock(**full).last_hidden_state, rtol=0, atol=0)
