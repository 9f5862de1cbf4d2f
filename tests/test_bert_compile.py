"""The zoo BERT under torch.compile and torch.export, against stock BERT on the same weights.

- torch.export traces stock's padded encoder (packing needs sizes read on the host), so the exported
  program is right for any padding, not only the traced one.
- torch.compile runs the packed path: the Padding is built outside the graphs (Padding.bucketed, one host
  read), the packed length is a bucket and symbolic, so one graph serves every padding of a batch shape,
  and a new batch shape recompiles as stock's own graph does. CPU runs use dynamo's "eager" backend for
  routing and counts and "aot_eager" for gradients (inductor on 2 CPU cores costs minutes); the GPU tests
  run inductor in default mode and with mode="reduce-overhead".
"""

import pytest
import torch
import transformers
from torch._dynamo.utils import counters

from patchzoo.models import bert as zoo_bert
from patchzoo.patches.padding import Padding
from patchzoo.tiny.presets import get_preset

SEQ = 32


def twins(dtype=torch.float32, device="cpu", name="BertModel", **model_kwargs):
    """(stock, zoo) on the same random weights, eval mode."""
    config = get_preset("bert").build_config()
    torch.manual_seed(0)
    zoo = getattr(zoo_bert, name)(config, **model_kwargs).to(device, dtype).eval()
    stock = getattr(transformers, name)(config, **model_kwargs).to(device, dtype).eval()
    stock.load_state_dict(zoo.state_dict())
    return stock, zoo


def batch(lengths, seq=SEQ, left=False, seed=0, device="cpu"):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.tensor(lengths)
    position = torch.arange(seq)[None, :]
    mask = (position >= seq - lengths[:, None]) if left else (position < lengths[:, None])
    ids = torch.randint(3, 500, (len(lengths), seq), generator=g)
    return {"input_ids": ids.to(device), "attention_mask": mask.long().to(device)}


def max_diff_on_real(got, want, mask) -> float:
    return (got.float() - want.float())[mask.bool()].abs().max().item()


def test_export_serves_other_paddings_than_traced():
    stock, zoo = twins()
    traced = batch([SEQ, 20, 5])
    program = torch.export.export(zoo, (), traced).module()
    holes = batch([SEQ, 20, 5])
    holes["attention_mask"] = torch.randint(0, 2, (3, SEQ), generator=torch.Generator().manual_seed(1))
    for inputs in (traced, batch([3, SEQ, 17]), batch([9, 30, 1], left=True), holes):
        with torch.no_grad():
            got, want = program(**inputs).last_hidden_state, stock(**inputs).last_hidden_state
        assert max_diff_on_real(got, want, inputs["attention_mask"]) <= 1e-5


MASKS = ("right", "left", "holes", "full", "none", "additive")  # additive last: a new mask dtype, a new graph (stock's too)


def masked_batch(kind: str, batch_size=4, seq=SEQ, seed=0, device="cpu") -> dict:
    """A (batch_size, seq) batch whose mask is of one kind: right or left padding, holes, no padding,
    all padding, or stock's additive float form (0 real, -inf pad) of a holes mask."""
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(1, seq + 1, (batch_size,), generator=g).tolist()
    inputs = batch(lengths, seq, left=kind == "left", seed=seed)
    if kind in ("holes", "additive"):
        inputs["attention_mask"] = (torch.rand(batch_size, seq, generator=g) < 0.6).long()
    elif kind in ("full", "none"):
        inputs["attention_mask"] = torch.full((batch_size, seq), int(kind == "full"))
    if kind == "additive":
        inputs["attention_mask"] = torch.zeros(batch_size, seq).masked_fill(inputs["attention_mask"] == 0, float("-inf"))
    return {key: value.to(device) for key, value in inputs.items()}


def real_positions(mask: torch.Tensor) -> torch.Tensor:
    return mask != 0  # as transformers and the zoo read a 2-D mask


class GraphRecorder:
    """A dynamo backend that keeps the op names of every graph it compiles and runs it as traced."""

    def __init__(self):
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.graphs.append({str(n.target) for n in gm.graph.nodes if n.op in ("call_function", "call_method")})
        return gm.forward


def compile_stream(model, stock, batches, tol, **compile_kwargs):
    """Run the stream through torch.compile(model); every output equals stock's on real tokens, and pad
    positions are 0 (as the eager zoo). Returns (graphs dynamo compiled for the first batch, for the later ones)."""
    torch._dynamo.reset()
    counters.clear()
    compiled = torch.compile(model, **compile_kwargs)
    first = None
    for inputs in batches:
        with torch.no_grad():
            got, want = compiled(**inputs).last_hidden_state, stock(**inputs).last_hidden_state
        real = real_positions(inputs["attention_mask"])
        if real.any():
            assert max_diff_on_real(got, want, real) <= tol
        assert (got[~real] == 0).all()
        first = counters["stats"]["unique_graphs"] if first is None else first
    later = counters["stats"]["unique_graphs"] - first
    torch._dynamo.reset()
    return first, later


def test_compiled_zoo_runs_packed_with_one_graph_for_every_mask():
    """Right/left padding, holes, no padding, all padding: one packed graph for all; an additive float
    mask after them is a new input dtype, one recompile (as for stock's graph). No pooler: with one, a
    left-padded batch runs stock's padded path (test_left_padding_with_a_pooler_compiles_to_stocks_path)."""
    stock, zoo = twins(add_pooling_layer=False)
    recorder = GraphRecorder()
    batches = [masked_batch("right", seed=9)] + [masked_batch(kind, seed=i) for i, kind in enumerate(MASKS)]
    graphs, recompiles = compile_stream(zoo, stock, batches, 1e-5, backend=recorder)
    assert (graphs, recompiles) == (1, 1), (graphs, recompiles)
    # The packed path is in the graph: the restore's scatter of the packed rows, no (B, 1, S, S) mask.
    assert "index_copy_" in recorder.graphs[0], sorted(recorder.graphs[0])


def test_left_padding_with_a_pooler_compiles_to_stocks_path():
    """The pooler reads the first position, a pad in a left-padded row: stock's pooler_output needs stock's
    padded encoder, under torch.compile too; right padding stays packed."""
    stock, zoo = twins()
    compiled = torch.compile(zoo, backend="eager")
    for inputs, packed in ((batch([9, 30, 1], left=True), False), (batch([SEQ, 20, 5]), True)):
        with torch.no_grad():
            got, want = compiled(**inputs), stock(**inputs)
        torch.testing.assert_close(got.pooler_output, want.pooler_output, rtol=1e-5, atol=1e-5)
        real = inputs["attention_mask"].bool()
        assert bool((got.last_hidden_state[~real] == 0).all()) == packed  # the zoo's pads are 0 when packed
    torch._dynamo.reset()


def test_compiled_zoo_packs_where_dynamo_folds_is_exporting_to_true(monkeypatch):
    """Dynamo before torch 2.13 answers torch.compiler.is_exporting() with True under torch.compile as well
    (pytorch/pytorch#176347); the zoo's export check must not take that for an export."""
    # As those versions behave: True wherever dynamo traces, the real flag (False) in eager code.
    monkeypatch.setattr(torch.compiler, "is_exporting", lambda: torch.compiler.is_compiling())
    stock, zoo = twins()
    recorder = GraphRecorder()
    compile_stream(zoo, stock, [masked_batch("right", seed=3)], 1e-5, backend=recorder)
    assert "index_copy_" in recorder.graphs[0], sorted(recorder.graphs[0])


def test_strict_export_traces_stocks_padded_path():
    stock, zoo = twins()
    program = torch.export.export(zoo, (), batch([SEQ, 20, 5]), strict=True).module()
    inputs = batch([3, SEQ, 17])
    with torch.no_grad():
        got, want = program(**inputs).last_hidden_state, stock(**inputs).last_hidden_state
    assert max_diff_on_real(got, want, inputs["attention_mask"]) <= 1e-5


def test_fullgraph_compile_traces_stocks_padded_path():
    """fullgraph=True allows no graph break, which packing needs (a host read): stock's padded path, as stock compiles."""
    stock, zoo = twins()
    inputs = masked_batch("holes", seed=1)
    with torch.no_grad():
        got = torch.compile(zoo, backend="eager", fullgraph=True)(**inputs).last_hidden_state
        want = stock(**inputs).last_hidden_state
    assert max_diff_on_real(got, want, real_positions(inputs["attention_mask"])) <= 1e-5
    torch._dynamo.reset()


def test_compiled_training_gradients_match_stock():
    """MLM with labels under compile (aot_eager: AOTAutograd's backward): packed encoder and the
    labelled-positions head give stock's loss and gradients; labels on pads take stock's padded path."""
    stock, zoo = twins(name="BertForMaskedLM")
    for model in (stock, zoo):
        model.train()
        for module in model.modules():  # no dropout: the two draw different masks
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
    compiled = torch.compile(zoo, backend="aot_eager")
    inputs = masked_batch("holes", seed=3)
    picked = torch.rand(inputs["attention_mask"].shape, generator=torch.Generator().manual_seed(0)) < 0.3
    labels = inputs["input_ids"].masked_fill(~picked | (inputs["attention_mask"] == 0), -100)
    want, got = stock(**inputs, labels=labels), compiled(**inputs, labels=labels)
    assert (got.loss - want.loss).abs() <= 1e-5
    assert got.logits.shape == (int(picked.logical_and(inputs["attention_mask"] != 0).sum()), zoo.config.vocab_size)
    want.loss.backward()
    got.loss.backward()
    zoo_grads = dict(zoo.named_parameters())
    for key, param in stock.named_parameters():
        if param.grad is not None:
            assert (zoo_grads[key].grad - param.grad).abs().max() <= 1e-5, key
    labels = inputs["input_ids"].clone()  # every position labelled, pads included: stock's padded path
    with torch.no_grad():
        want, got = stock(**inputs, labels=labels), compiled(**inputs, labels=labels)
    assert (got.loss - want.loss).abs() <= 1e-5 and (got.logits - want.logits).abs().max() <= 1e-5
    torch._dynamo.reset()


@pytest.mark.gpu
@pytest.mark.parametrize("mode", ["default", "reduce-overhead"])
def test_gpu_compile_fp16_runs_packed_and_matches_stock(mode, monkeypatch):
    """Inductor on CUDA fp16 (FlashAttention varlen in the graph): stock's outputs for every 0/1 mask kind
    over 12 batches of one shape, every call packed (Padding.bucketed), one graph for all of them. No pooler
    (with one, left-padded rows take stock's path: test_left_padding_with_a_pooler_compiles_to_stocks_path)."""
    stock, zoo = twins(torch.float16, "cuda", add_pooling_layer=False)
    built = []
    original = Padding.__dict__["bucketed"].__func__

    def bucketed(cls, mask, max_seqlen):  # named as the original: dynamo looks the classmethod up by name
        built.append(mask.shape)
        return original(cls, mask, max_seqlen)

    monkeypatch.setattr(Padding, "bucketed", classmethod(torch.compiler.disable(bucketed)))
    kinds = [kind for kind in MASKS if kind != "additive"]
    batches = [masked_batch(kinds[i % len(kinds)], batch_size=8, seed=i, device="cuda") for i in range(12)]
    graphs, recompiles = compile_stream(zoo, stock, batches, 2e-2, mode=mode)
    assert len(built) == len(batches)
    assert (graphs, recompiles) == (1, 0), (graphs, recompiles)


@pytest.mark.gpu
def test_gpu_compiled_training_step_fp16():
    """Inductor, fp16, training: without dropout stock's MLM loss and gradients (fp16 tolerance); with dropout
    (FlashAttention's own dropout in the packed graph) a finite loss and finite gradients."""
    stock, zoo = twins(torch.float16, "cuda", name="BertForMaskedLM")
    inputs = masked_batch("right", batch_size=8, seed=5, device="cuda")
    picked = torch.rand(inputs["attention_mask"].shape, device="cuda") < 0.3
    labels = inputs["input_ids"].masked_fill(~picked | (inputs["attention_mask"] == 0), -100)
    compiled = torch.compile(zoo)
    for model in (stock, zoo):
        model.train()
        for module in model.modules():
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
    want, got = stock(**inputs, labels=labels), compiled(**inputs, labels=labels)
    assert (got.loss.float() - want.loss.float()).abs() <= 2e-2
    want.loss.backward()
    got.loss.backward()
    zoo_grads = dict(zoo.named_parameters())
    for key, param in stock.named_parameters():
        if param.grad is not None:
            scale = param.grad.float().abs().max().clamp(min=1e-3)
            assert (zoo_grads[key].grad.float() - param.grad.float()).abs().max() <= 5e-2 * scale, key
    torch._dynamo.reset()
    for module in zoo.modules():
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.1
    zoo.zero_grad()
    loss = torch.compile(zoo)(**inputs, labels=labels).loss
    loss.backward()
    assert torch.isfinite(loss) and all(torch.isfinite(p.grad).all() for p in zoo.parameters() if p.grad is not None)
    torch._dynamo.reset()


@pytest.mark.gpu
def test_gpu_export_fp16():
    stock, zoo = twins(torch.float16, "cuda")
    program = torch.export.export(zoo, (), batch([SEQ, 7, 19], device="cuda")).module()
    inputs = batch([2, SEQ, 30], device="cuda")
    with torch.no_grad():
        assert max_diff_on_real(program(**inputs).last_hidden_state, stock(**inputs).last_hidden_state,
                                inputs["attention_mask"]) <= 2e-2


def varied_mlm_batches(count=6, batch_size=4, seed=0) -> list[dict]:
    """Pad-to-longest MLM batches as a Trainer run sees them: a new longest length (so a new shape) each time,
    right padding, 15 % of the real tokens labelled (never a pad)."""
    g = torch.Generator().manual_seed(seed)
    out = []
    for seq in (24, 40, 33, 56, 17, 48, 29, 61)[:count]:
        lengths = torch.randint(4, seq + 1, (batch_size,), generator=g)
        lengths[0] = seq  # the longest row sets the batch's length
        inputs = batch(lengths.tolist(), seq, seed=int(seq))
        chosen = (torch.rand(batch_size, seq, generator=g) < 0.15) & inputs["attention_mask"].bool()
        chosen[:, 0] = True  # at least one label per row
        inputs["labels"] = inputs["input_ids"].masked_fill(~chosen, -100)
        out.append(inputs)
    return out


def compiled_training_counts(model, batches) -> dict:
    """Dynamo's counts over an MLM training step (loss, backward) per batch, from a fresh dynamo state."""
    torch._dynamo.reset()
    counters.clear()
    compiled = torch.compile(model.train(), backend="aot_eager")
    losses = []
    for inputs in batches:
        loss = compiled(**inputs).loss
        loss.backward()
        losses.append(loss.detach())
    result = dict(graphs=int(counters["stats"]["unique_graphs"]), frames=int(counters["frames"]["ok"]),
                  breaks=sum(counters["graph_break"].values()), losses=losses)
    torch._dynamo.reset()
    return result


def test_compiled_mlm_fine_tune_compiles_few_frames():
    """Warm-up of a compiled MLM fine-tune over varied batch shapes (each batch a new length): the zoo compiles
    no more graphs than stock (2: the first shape, then one dynamic graph for every later shape) and at most 13
    frames with 8 graph breaks: one break site per call (the host read of the packed sizes and the label counts,
    before the first op), whose frames on the stack are compiled for the first shape and once more when the
    shapes turn dynamic. It was 22 frames and 14 breaks with the label counts read in a second break. Losses
    equal stock's (dropout off)."""
    config = get_preset("bert").build_config()
    config.hidden_dropout_prob = config.attention_probs_dropout_prob = 0.0
    torch.manual_seed(0)
    zoo = zoo_bert.BertForMaskedLM(config)
    stock = transformers.BertForMaskedLM(config)
    stock.load_state_dict(zoo.state_dict())
    batches = varied_mlm_batches()
    zoo_counts = compiled_training_counts(zoo, batches)
    stock_counts = compiled_training_counts(stock, batches)
    for got, want in zip(zoo_counts["losses"], stock_counts["losses"]):
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
    assert zoo_counts["graphs"] <= stock_counts["graphs"] == 2, (zoo_counts, stock_counts)
    assert zoo_counts["frames"] <= 13, zoo_counts
    assert zoo_counts["breaks"] <= 8, zoo_counts
