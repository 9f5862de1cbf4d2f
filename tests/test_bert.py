"""Zoo BERT (padding stripped) against stock BERT on the same tiny checkpoints.

Every zoo class is loaded with from_pretrained from a checkpoint saved by the stock class; outputs
must match on real tokens (fp32 max |diff| <= 1e-5), pad positions of last_hidden_state are 0,
losses and every parameter's gradient match.
"""

import copy
import logging
import math
import warnings
from collections import Counter

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import bert as zoo_bert
from patchzoo.models.bert import BertEncoder, BertSelfAttention, use_static_shapes
from patchzoo.patches.bias_grad import MvBiasGradLinear
from patchzoo.patches.padding import Padding
from patchzoo.tiny.presets import get_preset

CLASSES = (
    "BertModel",
    "BertForMaskedLM",
    "BertForPreTraining",
    "BertForSequenceClassification",
    "BertForTokenClassification",
    "BertForQuestionAnswering",
)
FP32_TOL = 1e-5
SEQ = 24
MIXED_LENGTHS = (SEQ, 13, 0, 19, 1)  # a full row, an empty row, a single token
NONEMPTY_LENGTHS = (SEQ, 13, 1, 19)  # for losses over whole rows (stock's empty rows are not comparable)


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    """class name -> a tiny checkpoint saved by that stock class (same seed, so heads are random but shared)."""
    cache = {}

    def get(name):
        if name not in cache:
            config = get_preset("bert").build_config()
            config.architectures = [name]
            torch.manual_seed(0)
            path = tmp_path_factory.mktemp(name)
            getattr(transformers, name)(config).save_pretrained(path)
            cache[name] = path
        return cache[name]

    return get


def load_pair(path, name, **kwargs):
    stock = getattr(transformers, name).from_pretrained(path, **kwargs).eval()
    zoo = patchzoo.AutoModel.from_pretrained(path, **kwargs).eval()
    assert type(zoo) is getattr(zoo_bert, name)
    return stock, zoo


def make_batch(config, lengths=MIXED_LENGTHS, seq=SEQ, seed=0):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.tensor(lengths)
    mask = (torch.arange(seq)[None, :] < lengths[:, None]).long()
    input_ids = torch.randint(4, config.vocab_size, (len(lengths), seq), generator=g).masked_fill(mask == 0, 0)
    token_type_ids = (torch.arange(seq)[None, :] >= (lengths[:, None] // 2)).long() * mask
    return {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": token_type_ids}


def assert_close_on_real(zoo_out, stock_out, mask, tol=FP32_TOL):
    """Per-token tensors on real tokens; per-row tensors on rows with at least one token."""
    batch, seq = mask.shape
    real, rows = mask.bool(), mask.bool().any(dim=1)
    compared = 0
    for key, value in stock_out.items():
        if not isinstance(value, torch.Tensor) or key == "loss":
            continue
        got = zoo_out[key]
        where = real if value.shape[:2] == (batch, seq) else rows
        diff = (got.double() - value.double())[where].abs().max().item()
        assert diff <= tol, f"{key}: max |zoo - stock| = {diff:.3g} on real tokens"
        compared += 1
    assert compared > 0


@pytest.mark.parametrize("name", CLASSES)
def test_outputs_match_stock_on_real_tokens(checkpoint, name):
    stock, zoo = load_pair(checkpoint(name), name)
    assert zoo.config._attn_implementation == "sdpa"  # the config reads what stock's does
    assert isinstance(zoo.base_model.encoder, BertEncoder)
    assert isinstance(zoo.base_model.encoder.layer[0].attention.self, BertSelfAttention)
    batch = make_batch(stock.config)
    with torch.no_grad():
        assert_close_on_real(zoo(**batch), stock(**batch), batch["attention_mask"])


def test_last_hidden_state_pads_are_zero_and_hidden_states_restored(checkpoint):
    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel")
    batch = make_batch(stock.config)
    real = batch["attention_mask"].bool()
    with torch.no_grad():
        got = zoo(**batch, output_hidden_states=True)
        want = stock(**batch, output_hidden_states=True)
    assert (got.last_hidden_state[~real] == 0).all()
    assert len(got.hidden_states) == len(want.hidden_states) == stock.config.num_hidden_layers + 1
    for g, w in zip(got.hidden_states, want.hidden_states):
        assert g.shape == w.shape
        assert (g - w)[real].abs().max() <= FP32_TOL
        assert (g[~real] == 0).all()


def test_full_batch_matches_stock(checkpoint):
    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel")
    batch = make_batch(stock.config, (SEQ, SEQ, SEQ))  # all-ones mask: stock's path, nothing packed
    with torch.no_grad():
        got, want = zoo(**batch, output_hidden_states=True), stock(**batch, output_hidden_states=True)
    assert_close_on_real(got, want, batch["attention_mask"])
    assert len(got.hidden_states) == len(want.hidden_states)
    for g, w in zip(got.hidden_states, want.hidden_states):
        assert g.shape == w.shape and (g - w).abs().max() <= FP32_TOL


def test_padding_built_ahead_gives_the_same_outputs(checkpoint):
    stock, zoo = load_pair(checkpoint("BertForMaskedLM"), "BertForMaskedLM")
    batch = make_batch(stock.config)
    padding = Padding.from_mask(batch["attention_mask"]).to("cpu")
    with torch.no_grad():
        assert_close_on_real(zoo(**batch, padding=padding), stock(**batch), batch["attention_mask"])
        with pytest.raises(ValueError, match="padding was built for"):
            zoo(**batch, padding=Padding.from_mask(batch["attention_mask"][:, :-1]))


def test_full_batch_runs_exactly_stocks_ops(checkpoint):
    """No padding: the zoo forward + backward runs stock's ops on every (B, S, H)-sized tensor, no more.

    Only the Padding's few (B,)-sized reductions are added; no packing views, index or copy.
    """
    from torch.profiler import ProfilerActivity, profile

    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel")
    batch = make_batch(stock.config, (SEQ, SEQ, SEQ))
    full = batch["input_ids"].numel() * stock.config.hidden_size
    counts = {}
    for name, model in (("stock", stock), ("zoo", zoo)):
        with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
            model(**batch).last_hidden_state.square().sum().backward()
        counts[name] = Counter(
            event.name for event in prof.events()
            if event.name.startswith("aten::") and any(math.prod(s) >= full for s in event.input_shapes if s)
        )
    assert counts["stock"] and counts["zoo"] == counts["stock"], (counts["zoo"] - counts["stock"], counts["stock"] - counts["zoo"])


def test_tuple_output_and_no_mask(checkpoint):
    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel")
    batch = make_batch(stock.config)
    real = batch["attention_mask"].bool()
    with torch.no_grad():
        got = zoo(**batch, return_dict=False)
        want = stock(**batch, return_dict=False)
        assert isinstance(got, tuple) and (got[0] - want[0])[real].abs().max() <= FP32_TOL
        del batch["attention_mask"]  # no padding: the stock path, unchanged
        assert torch.equal(zoo(**batch).last_hidden_state, stock(**batch).last_hidden_state)


def labels_for(name, batch, seed=1):
    """Loss inputs for each head: labels only on real tokens, as a data collator makes them."""
    g = torch.Generator().manual_seed(seed)
    mask = batch["attention_mask"].bool()
    rows, seq = mask.shape
    lengths = mask.sum(dim=1)
    mlm = batch["input_ids"].masked_fill(~mask | (torch.rand(rows, seq, generator=g) > 0.3), -100)
    if name == "BertForMaskedLM":
        return {"labels": mlm}
    if name == "BertForPreTraining":
        return {"labels": mlm, "next_sentence_label": torch.randint(0, 2, (rows,), generator=g)}
    if name == "BertForSequenceClassification":
        return {"labels": torch.randint(0, 2, (rows,), generator=g)}
    if name == "BertForTokenClassification":
        return {"labels": torch.randint(0, 2, (rows, seq), generator=g).masked_fill(~mask, -100)}
    if name == "BertForQuestionAnswering":
        start = (torch.rand(rows, generator=g) * lengths).long()
        return {"start_positions": start, "end_positions": torch.minimum(start + 2, lengths - 1)}
    return {}


def loss_of(name, model, batch, targets):
    out = model(**batch, **targets)
    mask = batch["attention_mask"]
    if name == "BertModel":  # no head: a loss over real tokens of the last hidden state
        weights = torch.linspace(-1, 1, out.last_hidden_state.shape[-1])
        return ((out.last_hidden_state * weights).sum(-1) * mask).pow(2).mean()
    return out.loss


@pytest.mark.parametrize("name", CLASSES)
def test_loss_and_gradients_match_stock(checkpoint, name):
    stock, zoo = load_pair(checkpoint(name), name)
    batch = make_batch(stock.config, NONEMPTY_LENGTHS, seed=3)
    targets = labels_for(name, batch)
    stock_loss, zoo_loss = loss_of(name, stock, batch, targets), loss_of(name, zoo, batch, targets)
    assert abs(zoo_loss.item() - stock_loss.item()) <= FP32_TOL
    stock_loss.backward()
    zoo_loss.backward()
    zoo_params = dict(zoo.named_parameters())
    checked = 0
    for key, param in stock.named_parameters():
        if param.grad is None:
            assert zoo_params[key].grad is None or not zoo_params[key].grad.any(), key
            continue
        diff = (zoo_params[key].grad - param.grad).abs().max().item()
        assert diff <= FP32_TOL, f"grad of {key}: max |zoo - stock| = {diff:.3g}"
        checked += 1
    assert checked >= 20


@pytest.fixture
def fallback_log(caplog):
    """caplog with transformers' once-per-message cache cleared: an earlier test may have logged the line."""
    logging.Logger.warning_once.cache_clear()
    return caplog


def packed_calls(zoo) -> list:
    """Whether each forward of zoo.bert ran packed (the zoo's pad positions are exactly 0, stock's are not)."""
    calls = []

    def hook(module, args, kwargs, out):
        mask = kwargs.get("attention_mask")
        calls.append(bool((out.last_hidden_state[mask == 0] == 0).all()) and bool((mask == 0).any()))

    zoo.bert.register_forward_hook(hook, with_kwargs=True)
    return calls


def test_question_answering_span_loss_on_padded_batches_runs_stocks_padded_encoder(checkpoint, fallback_log):
    """Stock's span loss is a softmax over all S positions, pads included: with padding and start/end positions
    the call runs stock's padded encoder (same loss); without positions, or without padding, it packs."""
    stock, zoo = load_pair(checkpoint("BertForQuestionAnswering"), "BertForQuestionAnswering")
    calls = packed_calls(zoo)
    for lengths in ((SEQ, SEQ, SEQ), NONEMPTY_LENGTHS):
        batch = make_batch(stock.config, lengths)
        targets = labels_for("BertForQuestionAnswering", batch)
        with torch.no_grad():
            assert abs(zoo(**batch, **targets).loss.item() - stock(**batch, **targets).loss.item()) <= FP32_TOL
            zoo(**batch)  # inference: packed
    # A full batch has no pad to see (False, False); padded with positions: the packed run, then the padded
    # rerun (True, False); padded inference packs (True).
    assert calls == [False, False, True, False, True]
    assert "span loss" in fallback_log.text


def test_token_labels_on_pads_run_stocks_padded_encoder(checkpoint, fallback_log):
    stock, zoo = load_pair(checkpoint("BertForTokenClassification"), "BertForTokenClassification")
    batch = make_batch(stock.config, NONEMPTY_LENGTHS)
    targets = labels_for("BertForTokenClassification", batch)
    calls = packed_calls(zoo)
    with torch.no_grad():
        zoo(**batch, **targets)  # labels -100 on pads: packed
        assert calls == [True]
        targets["labels"] = targets["labels"].masked_fill(batch["attention_mask"] == 0, 1)
        got, want = zoo(**batch, **targets), stock(**batch, **targets)
    assert abs(got.loss.item() - want.loss.item()) <= FP32_TOL
    assert (got.logits - want.logits).abs().max() <= FP32_TOL  # pad logits too: stock's padded encoder ran
    assert calls[1:] == [True, False]  # the packed run, then the padded rerun
    assert "labels at padded positions" in fallback_log.text


def test_labels_on_pads_without_packing_run_once(checkpoint):
    """attn_implementation="eager" never packs: the call is stock's already, with no second run."""
    stock, zoo = load_pair(checkpoint("BertForTokenClassification"), "BertForTokenClassification",
                           attn_implementation="eager")
    batch = make_batch(stock.config, NONEMPTY_LENGTHS)
    labels = torch.ones_like(batch["input_ids"])  # pads labelled too
    calls = packed_calls(zoo)
    with torch.no_grad():
        got, want = zoo(**batch, labels=labels), stock(**batch, labels=labels)
    assert calls == [False] and abs(got.loss.item() - want.loss.item()) <= FP32_TOL


@pytest.mark.parametrize("name", ["BertModel", "BertForSequenceClassification", "BertForPreTraining"])
def test_left_padding_gives_stocks_pooled_output(checkpoint, name, fallback_log):
    """The pooler reads position 0, a pad in a left-padded row: such batches run stock's padded encoder, so
    pooler_output and the heads on it equal stock's; right padding stays packed."""
    stock, zoo = load_pair(checkpoint(name), name)
    batch = make_batch(stock.config)
    batch["attention_mask"] = mask_pattern("left")
    key = {"BertModel": "pooler_output", "BertForSequenceClassification": "logits"}.get(name, "seq_relationship_logits")
    with torch.no_grad():
        got, want = zoo(**batch), stock(**batch)
    assert (got[key] - want[key]).abs().max() <= FP32_TOL
    assert "pooler reads that position" in fallback_log.text


@pytest.mark.parametrize("name", ["BertForMaskedLM", "BertForPreTraining"])
def test_mlm_heads_project_only_labelled_positions(checkpoint, name):
    stock, zoo = load_pair(checkpoint(name), name)
    batch = make_batch(stock.config, NONEMPTY_LENGTHS)  # NSP reads every row's pooled output
    targets = labels_for(name, batch)
    selected = targets["labels"] != -100
    calls = []
    zoo.cls.predictions.decoder.register_forward_hook(lambda m, args, out: calls.append(args[0].shape))
    with torch.no_grad():
        got, want = zoo(**batch, **targets), stock(**batch, **targets)
    key = "logits" if name == "BertForMaskedLM" else "prediction_logits"
    assert calls == [torch.Size([int(selected.sum()), stock.config.hidden_size])]
    assert got[key].shape == (int(selected.sum()), stock.config.vocab_size)
    assert (got[key] - want[key][selected]).abs().max() <= FP32_TOL
    assert abs(got.loss.item() - want.loss.item()) <= FP32_TOL


@pytest.mark.parametrize("name", ["BertForMaskedLM", "BertForPreTraining", "BertForTokenClassification"])
def test_labels_on_pads_give_stocks_loss_and_logits(checkpoint, name):
    """Collators may label pad positions: stock's padded path for that call, so stock's loss, logits and gradients."""
    stock, zoo = load_pair(checkpoint(name), name)
    batch = make_batch(stock.config, NONEMPTY_LENGTHS)
    targets = labels_for(name, batch)
    targets["labels"] = targets["labels"].masked_fill(batch["attention_mask"] == 0, 1)
    got, want = zoo(**batch, **targets), stock(**batch, **targets)
    key = "prediction_logits" if name == "BertForPreTraining" else "logits"
    assert got[key].shape == want[key].shape
    assert (got[key] - want[key]).abs().max() <= FP32_TOL
    assert abs(got.loss.item() - want.loss.item()) <= FP32_TOL
    got.loss.backward()
    want.loss.backward()
    for (key, param), zoo_param in zip(stock.named_parameters(), zoo.parameters()):
        assert (param.grad is None) == (zoo_param.grad is None), key
        if param.grad is not None:
            assert (param.grad - zoo_param.grad).abs().max() <= FP32_TOL, key


def test_pretraining_without_nsp_label_has_no_loss_like_stock(checkpoint):
    stock, zoo = load_pair(checkpoint("BertForPreTraining"), "BertForPreTraining")
    batch = make_batch(stock.config)
    labels = labels_for("BertForMaskedLM", batch)["labels"]
    with torch.no_grad():
        assert zoo(**batch, labels=labels).loss is None and stock(**batch, labels=labels).loss is None


def mask_pattern(kind, seq=SEQ, seed=0):
    """(5, seq) 0/1 masks of a kind stock accepts: left padding, holes (random, as transformers' tests make
    them), a row with no real token."""
    g = torch.Generator().manual_seed(seed)
    if kind == "left":
        lengths = torch.tensor(MIXED_LENGTHS)
        return (torch.arange(seq)[None, :] >= seq - lengths[:, None]).long()
    mask = torch.randint(0, 2, (5, seq), generator=g)
    if kind == "empty_row":
        mask[2] = 0
    return mask


@pytest.mark.parametrize("kind", ["left", "holes", "empty_row"])
@pytest.mark.parametrize("name", ["BertModel", "BertForTokenClassification", "BertForMaskedLM"])
def test_any_mask_pattern_matches_stock_on_real_tokens(checkpoint, name, kind):
    """Left padding and holes: real positions gathered by index; position ids are those of the padded
    batch (the embeddings run before stripping), so real-token outputs equal stock's."""
    stock, zoo = load_pair(checkpoint(name), name)
    batch = make_batch(stock.config)
    batch["attention_mask"] = mask_pattern(kind)
    with torch.no_grad():
        got, want = zoo(**batch), stock(**batch)
    real = batch["attention_mask"].bool()
    key = "last_hidden_state" if name == "BertModel" else "logits"
    assert (got[key] - want[key])[real].abs().max() <= FP32_TOL


@pytest.mark.parametrize("fill", [float("-inf"), torch.finfo(torch.float32).min])
def test_additive_float_mask_is_read_as_stock_reads_it(checkpoint, fill):
    """transformers casts a 2-D mask to bool (nonzero = attend); the zoo reads it the same way."""
    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel")
    batch = make_batch(stock.config)
    batch["attention_mask"] = torch.zeros(batch["attention_mask"].shape).masked_fill(batch["attention_mask"] == 0, fill)
    with torch.no_grad():
        got, want = zoo(**batch).last_hidden_state, stock(**batch).last_hidden_state
    real = batch["attention_mask"] != 0
    assert (got - want)[real].abs().max() <= FP32_TOL


def test_all_padding_batch(checkpoint):
    stock, zoo = load_pair(checkpoint("BertForSequenceClassification"), "BertForSequenceClassification")
    batch = make_batch(stock.config)
    batch["attention_mask"] = torch.zeros_like(batch["attention_mask"])
    with torch.no_grad():
        got, want = zoo(**batch, output_hidden_states=True), stock(**batch)
    assert got.logits.shape == want.logits.shape and torch.isfinite(got.logits).all()
    assert all((h == 0).all() for h in got.hidden_states)


def test_training_on_holes_and_left_padding_reaches_every_parameter(checkpoint):
    stock, zoo = load_pair(checkpoint("BertForTokenClassification"), "BertForTokenClassification")
    batch = make_batch(stock.config)
    batch["attention_mask"] = torch.cat([mask_pattern("holes")[:3], mask_pattern("left")[:2]])
    real = batch["attention_mask"].bool()
    for model in (stock, zoo):
        model.train()
        for module in model.modules():  # dropout off: the two models' draws differ
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
        (model(**batch).logits[real].pow(2).mean()).backward()
    zoo_params = dict(zoo.named_parameters())
    for key, param in stock.named_parameters():
        if key.startswith("bert.pooler"):
            continue  # the token classifier does not read the pooled output
        assert zoo_params[key].grad is not None and zoo_params[key].grad.abs().sum() > 0, key
        assert (zoo_params[key].grad - param.grad).abs().max() <= FP32_TOL, key


def test_config_object_is_left_as_stock_leaves_it(checkpoint):
    """The zoo writes nothing into the config it is given: a stock model built from it afterwards runs
    stock code, and output_attentions can be switched on after an eager build."""
    config = transformers.AutoConfig.from_pretrained(checkpoint("BertModel"))
    stock_config = copy.deepcopy(config)
    zoo_bert.BertModel(config)
    transformers.BertModel(stock_config)
    assert config.to_dict() == stock_config.to_dict() and config._attn_implementation == stock_config._attn_implementation == "sdpa"
    plain = transformers.BertModel(config)
    assert type(plain.encoder.layer[0].attention.self) is transformers.models.bert.modeling_bert.BertSelfAttention
    eager = transformers.AutoConfig.from_pretrained(checkpoint("BertModel"), attn_implementation="eager")
    zoo_bert.BertModel(eager)
    assert eager._attn_implementation == "eager"
    eager.output_attentions = True  # stock raises this for any other implementation name


def test_eager_opt_out_keeps_stock_attentions(checkpoint):
    stock, zoo = load_pair(checkpoint("BertModel"), "BertModel", attn_implementation="eager")
    assert zoo.config._attn_implementation == "eager"
    batch = make_batch(stock.config)
    with torch.no_grad():
        got, want = zoo(**batch, output_attentions=True), stock(**batch, output_attentions=True)
    assert len(got.attentions) == stock.config.num_hidden_layers
    for g, w in zip(got.attentions, want.attentions):
        assert torch.equal(g, w)


def test_patch_and_save_round_trip(checkpoint, tmp_path):
    path = checkpoint("BertForSequenceClassification")
    stock = transformers.BertForSequenceClassification.from_pretrained(path).eval()
    reference = transformers.BertForSequenceClassification.from_pretrained(path).eval()
    patched = patchzoo.patch(stock)
    assert type(patched) is zoo_bert.BertForSequenceClassification
    assert type(patched.bert) is zoo_bert.BertModel and patched.config._attn_implementation == "sdpa"
    batch = make_batch(reference.config)
    with torch.no_grad():
        assert_close_on_real(patched(**batch, output_hidden_states=True), reference(**batch), batch["attention_mask"])
    patched.save_pretrained(tmp_path)
    assert "patchzoo" not in (tmp_path / "config.json").read_text()
    reloaded = transformers.BertForSequenceClassification.from_pretrained(tmp_path).eval()
    assert reloaded.config._attn_implementation == "sdpa"
    with torch.no_grad():
        assert torch.equal(reloaded(**batch).logits, reference(**batch).logits)


def test_static_shapes_give_the_same_outputs(checkpoint):
    stock, zoo = load_pair(checkpoint("BertForTokenClassification"), "BertForTokenClassification")
    batch = make_batch(stock.config)
    with torch.no_grad():
        want = stock(**batch)
        use_static_shapes(zoo, 32)
        assert zoo.bert.packed_multiple_of == 32
        assert_close_on_real(zoo(**batch), want, batch["attention_mask"])


def count_encoder_compilations(model, batches) -> int:
    """Graphs torch.compile builds for the encoder over a stream of batches (fixed shapes: dynamic=False)."""
    torch._dynamo.reset()
    graphs = []

    def counting_backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    model.bert.encoder.compile(backend=counting_backend, dynamic=False)
    with torch.no_grad():
        for batch in batches:
            model(**batch)
    torch._dynamo.reset()
    return len(graphs)


def test_bucketed_packing_bounds_compilations(checkpoint):
    """A stream of random-length batches: one compilation per bucket instead of one per batch."""
    path = checkpoint("BertForTokenClassification")
    config = transformers.AutoConfig.from_pretrained(path)
    g = torch.Generator().manual_seed(0)
    batch_size, stream = 4, 10
    lengths = torch.randint(1, SEQ + 1, (stream, batch_size), generator=g)
    batches = [make_batch(config, row.tolist(), seed=i) for i, row in enumerate(lengths)]
    multiple_of = 32
    buckets = {-(-int(row.sum()) // multiple_of) for row in lengths}
    exact = zoo_bert.BertForTokenClassification.from_pretrained(path).eval()
    bucketed = use_static_shapes(zoo_bert.BertForTokenClassification.from_pretrained(path).eval(), multiple_of)
    exact_count = count_encoder_compilations(exact, batches)
    bucketed_count = count_encoder_compilations(bucketed, batches)
    print(
        f"\nencoder compilations over {stream} batches with {len({int(r.sum()) for r in lengths})} distinct "
        f"token counts: exact {exact_count}, multiple_of={multiple_of} {bucketed_count} ({len(buckets)} buckets)"
    )
    assert 1 <= bucketed_count <= len(buckets) < exact_count


def test_training_mode_with_dropout_runs(checkpoint):
    _, zoo = load_pair(checkpoint("BertForMaskedLM"), "BertForMaskedLM")
    zoo.train()
    batch = make_batch(zoo.config, NONEMPTY_LENGTHS)
    torch.manual_seed(0)
    loss = zoo(**batch, **labels_for("BertForMaskedLM", batch)).loss
    loss.backward()
    assert torch.isfinite(loss)
    assert all(torch.isfinite(p.grad).all() for p in zoo.parameters() if p.grad is not None)


# --- GPU: real widths, half precision, the flash varlen kernel --------------------------------------


def bert_base_width(layers=2):
    return transformers.BertConfig(
        hidden_size=768, num_hidden_layers=layers, num_attention_heads=12, intermediate_size=3072,
        max_position_embeddings=512, architectures=["BertForMaskedLM"],
    )


def relative_error(x, exact, where=None):
    diff, ref = x.float() - exact.float(), exact.float()
    if where is not None:
        diff, ref = diff[where], ref[where]
    return (diff.norm() / ref.norm().clamp_min(1e-12)).item()


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("multiple_of", [None, 256])
def test_gpu_half_precision_parity(tmp_path, dtype, multiple_of):
    """Zoo (varlen flash) and stock (padded SDPA) in half precision, both held to stock in float32.

    Half-precision gradients of near-uniform attention are mostly rounding noise, so zoo and stock are
    not compared with each other but with the float32 oracle: the zoo may be at most 2x as far from it.
    """
    torch.manual_seed(0)
    transformers.BertForMaskedLM(bert_base_width()).save_pretrained(tmp_path)
    stock = transformers.BertForMaskedLM.from_pretrained(tmp_path, dtype=dtype).cuda().eval()
    exact = copy.deepcopy(stock).float()  # the same rounded weights, computed in float32
    zoo = use_static_shapes(zoo_bert.BertForMaskedLM.from_pretrained(tmp_path, dtype=dtype).cuda().eval(), multiple_of)
    g = torch.Generator().manual_seed(0)
    lengths = torch.randint(1, 257, (16,), generator=g)
    lengths[0] = 256
    cpu_batch = make_batch(stock.config, lengths.tolist(), seq=256)
    batch = {k: v.cuda() for k, v in cpu_batch.items()}
    labels = labels_for("BertForMaskedLM", cpu_batch)["labels"].cuda()
    real = batch["attention_mask"].bool()
    with torch.no_grad():
        hidden = {name: m.bert(**batch).last_hidden_state for name, m in (("zoo", zoo), ("stock", stock), ("exact", exact))}
    assert (hidden["zoo"][~real] == 0).all()
    zoo_err = relative_error(hidden["zoo"], hidden["exact"], real)
    stock_err = relative_error(hidden["stock"], hidden["exact"], real)
    assert zoo_err <= 2 * stock_err + 1e-3, f"hidden states: zoo {zoo_err:.3g} vs stock {stock_err:.3g}"

    losses = {name: m(**batch, labels=labels).loss for name, m in (("zoo", zoo), ("stock", stock), ("exact", exact))}
    for loss in losses.values():
        loss.backward()
    assert abs(losses["zoo"].item() - losses["exact"].item()) <= 2 * abs(losses["stock"].item() - losses["exact"].item()) + 1e-3 * losses["exact"].item()
    params = {name: dict(m.named_parameters()) for name, m in (("zoo", zoo), ("stock", stock))}
    for key, param in exact.named_parameters():
        if param.grad is None or key.endswith("attention.self.key.bias"):
            continue  # a key bias shifts a whole score row: softmax cancels it, its gradient is 0 + noise
        zoo_err = relative_error(params["zoo"][key].grad, param.grad)
        stock_err = relative_error(params["stock"][key].grad, param.grad)
        assert zoo_err <= 2 * stock_err + 5e-3, f"grad of {key}: zoo {zoo_err:.3g} vs stock {stock_err:.3g} from fp32"


@pytest.mark.gpu
def test_gpu_training_step_with_dropout():
    torch.manual_seed(0)
    zoo = zoo_bert.BertForMaskedLM(bert_base_width()).to("cuda", torch.bfloat16).train()
    batch = {k: v.cuda() for k, v in make_batch(zoo.config, [200, 17, 0, 128], seq=256).items()}
    targets = labels_for("BertForMaskedLM", {k: v.cpu() for k, v in batch.items()})
    loss = zoo(**batch, labels=targets["labels"].cuda()).loss
    loss.backward()
    assert torch.isfinite(loss)
    assert all(torch.isfinite(p.grad).all() for p in zoo.parameters() if p.grad is not None)


@pytest.mark.gpu
def test_gpu_mlm_step_waits_on_the_host_at_most_once():
    """A padded MLM forward with labels: one host wait (the Padding's sizes), none in the head.

    CUDA's sync debug mode warns at every op that blocks the host; stock waits once too (its check
    whether the mask can be dropped). Before the deferred reads the zoo waited three times.
    """
    torch.manual_seed(0)
    zoo = zoo_bert.BertForMaskedLM(bert_base_width()).to("cuda", torch.bfloat16).train()
    cpu_batch = make_batch(zoo.config, [200, 17, 0, 128], seq=256)
    batch = {k: v.cuda() for k, v in cpu_batch.items()}
    labels = labels_for("BertForMaskedLM", cpu_batch)["labels"].cuda()
    zoo(**batch, labels=labels)  # warm-up: lazy inits outside the count
    torch.cuda.synchronize()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.cuda.set_sync_debug_mode("warn")
        try:
            loss = zoo(**batch, labels=labels).loss
        finally:
            torch.cuda.set_sync_debug_mode("default")
    syncs = [str(w.message)[:120] for w in caught if "synchroniz" in str(w.message)]
    assert len(syncs) <= 1, syncs
    assert torch.isfinite(loss)


def test_the_switches_turn_packing_and_the_bias_gemv_off_and_on(checkpoint):
    """use_packing(m, False) runs stock's padded encoder and full MLM logits; use_bias_grad_gemv swaps the Linears."""
    stock, zoo = load_pair(checkpoint("BertForMaskedLM"), "BertForMaskedLM")
    batch = make_batch(zoo.config)
    batch["labels"] = batch["input_ids"].masked_fill(batch["attention_mask"] == 0, -100)
    zoo_bert.use_packing(zoo, False)
    calls = []
    hook = zoo.bert.encoder.register_forward_pre_hook(lambda module, args, kwargs: calls.append(kwargs.get("padding")),
                                                      with_kwargs=True)
    with torch.no_grad():
        out, ref = zoo(**batch), stock(**batch)
    hook.remove()
    assert calls == [None] and out.logits.shape == ref.logits.shape
    torch.testing.assert_close(out.loss, ref.loss, rtol=FP32_TOL, atol=FP32_TOL)
    zoo_bert.use_packing(zoo, True)
    with torch.no_grad():
        assert zoo(**batch).logits.shape[0] == int((batch["labels"] != -100).sum())
    linears = [m for m in zoo.bert.encoder.modules() if isinstance(m, torch.nn.Linear)]
    zoo_bert.use_bias_grad_gemv(zoo, False)
    assert {type(m) for m in linears} == {torch.nn.Linear}
    zoo_bert.use_bias_grad_gemv(zoo)
    assert {type(m) for m in linears} == {MvBiasGradLinear}
