"""use_cuda_graphs: the packed BERT encoder replayed from CUDA graphs.

CPU: the switch, the bucketing it implies, the cases that must run eagerly (on a CPU every call does,
with the eager outputs). GPU: graphed inference equals the eager zoo and stock, graphed training
(dropout 0) gives eager's loss and gradients (accumulated ones too), outputs survive later replays,
dropout draws fresh masks per replay, stale graphs are dropped.
"""

import copy

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import bert as zoo_bert
from patchzoo.models.bert import use_cuda_graphs, use_static_shapes
from patchzoo.patches import cuda_graphs
from patchzoo.patches.cuda_graphs import AutogradGraph, FlatGradients, LayerGraphs
from patchzoo.patches.padding import Padding
from patchzoo.tiny.presets import get_preset

BUCKET = 256


def make_batch(vocab, lengths, seq, seed=0, device="cpu"):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.tensor(lengths)
    mask = (torch.arange(seq)[None, :] < lengths[:, None]).long()
    input_ids = torch.randint(4, vocab, (len(lengths), seq), generator=g).masked_fill(mask == 0, 0)
    return {"input_ids": input_ids.to(device), "attention_mask": mask.to(device)}


def tiny_model():
    torch.manual_seed(0)
    return zoo_bert.BertForMaskedLM(get_preset("bert").build_config()).eval()


def test_switch_sets_bucketing_and_graphs_and_none_drops_them():
    model = use_cuda_graphs(tiny_model(), 64, max_graphs=3)
    assert model.bert.packed_multiple_of == 64
    graphs = model.bert.layer_graphs
    assert isinstance(graphs, LayerGraphs) and (graphs.multiple_of, graphs.max_graphs, len(graphs)) == (64, 3, 0)
    use_cuda_graphs(model, None)
    assert model.bert.packed_multiple_of is None and model.bert.layer_graphs is None
    with pytest.raises(ValueError, match="multiple_of"):
        use_cuda_graphs(model, 0)
    with pytest.raises(ValueError, match="max_graphs"):
        use_cuda_graphs(model, 64, max_graphs=0)


def test_copies_start_without_graphs():
    model = use_cuda_graphs(tiny_model(), 64, max_graphs=3)
    model.bert.layer_graphs.graphs["stand-in"] = object()
    copied = copy.deepcopy(model).bert.layer_graphs
    assert copied is not model.bert.layer_graphs
    assert (copied.multiple_of, copied.max_graphs, len(copied)) == (64, 3, 0)


def test_only_bucketed_paddings_are_graphed():
    graphs = LayerGraphs(16)
    mask = (torch.arange(24)[None, :] < torch.tensor([24, 13, 0, 19])[:, None]).long()
    assert graphs.bucketed(Padding.from_mask(mask, 16))
    assert not graphs.bucketed(Padding.from_mask(mask))  # exact length: one graph per batch
    assert not graphs.bucketed(Padding.from_mask(mask, 8))  # another multiple
    assert graphs.bucketed(Padding.from_mask(torch.ones(4, 8)))  # a full batch (dense)


def test_cpu_runs_eagerly_with_the_eager_outputs():
    eager = use_static_shapes(tiny_model(), 64)
    graphed = use_cuda_graphs(copy.deepcopy(eager), 64)
    batch = make_batch(eager.config.vocab_size, [24, 13, 0, 19], seq=24)
    with torch.no_grad():
        want = eager.bert(**batch).last_hidden_state
        got = graphed.bert(**batch).last_hidden_state
    torch.testing.assert_close(got, want, rtol=0, atol=0)
    assert len(graphed.bert.layer_graphs) == 0
    padding = Padding.from_mask(batch["attention_mask"], 64)
    hidden = torch.zeros(1, padding.packed_len, eager.config.hidden_size)
    assert graphed.bert.layer_graphs.key(graphed.bert.encoder.layer, hidden, padding, head_dim=16) is None


def test_a_failed_capture_runs_that_key_eagerly_and_says_so_once(monkeypatch, caplog):
    cuda_graphs._log_capture_failed_once.cache_clear()
    graphs = LayerGraphs(64)
    captures = []

    def fail(*args):
        captures.append(args)
        raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(LayerGraphs, "key", lambda self, *args, **kwargs: ("a key",))
    monkeypatch.setattr(LayerGraphs, "_capture", fail)
    model = tiny_model()
    hidden = torch.zeros(1, 64, model.config.hidden_size)
    padding = Padding.from_mask(torch.ones(1, 64), 64)
    with caplog.at_level("WARNING", logger="patchzoo"):
        for _ in range(3):  # None: the caller runs the layers eagerly
            assert graphs.run(model.bert.encoder.layer, hidden, padding, head_dim=16, prepared=((), ())) is None
    assert len(captures) == 1 and len(graphs) == 1  # the key's failure is kept: no second try, still bounded
    assert caplog.text.count("capturing its CUDA graph failed (RuntimeError: operation not permitted") == 1


def test_recorded_outputs_keep_the_graphs_out():
    model = use_cuda_graphs(tiny_model(), 64)
    assert model.bert._graphs_apply({})
    assert not model.bert._graphs_apply({"output_hidden_states": True})
    assert not model.bert._graphs_apply({"output_attentions": True})
    assert not model.bert._graphs_apply({"some_attention_kwarg": 1})
    model.config.output_hidden_states = True
    assert not model.bert._graphs_apply({})


class _Recorded:
    """Stands in for a captured CUDA graph on the CPU: replay() runs the recorded Python again."""

    def __init__(self, fn):
        self.replay = fn


def stand_in_graph(fn, args, params):
    """An AutogradGraph whose 'graphs' rerun fn on the CPU, writing into the same buffers a capture would."""
    graph = AutogradGraph.__new__(AutogradGraph)
    graph.args, graph.wants_grad = args, tuple(t.requires_grad for t in args) + (True,) * len(params)
    inputs = tuple(t for t in args if t.requires_grad) + params
    graph.output = torch.empty_like(fn(*args).detach())
    graph.grad_output = torch.empty_like(graph.output)
    buffers = tuple(torch.empty_like(t) for t in inputs)
    graph.input_grads, graph.param_grads = buffers[: len(inputs) - len(params)], FlatGradients(buffers[len(inputs) - len(params):])
    saved = {}

    def forward():
        with torch.enable_grad():
            saved["out"] = fn(*args)
        graph.output.copy_(saved["out"])

    def backward():
        for buffer, grad in zip(buffers, torch.autograd.grad(saved["out"], inputs, graph.grad_output)):
            buffer.copy_(grad)

    graph.forward_graph, graph.backward_graph = _Recorded(forward), _Recorded(backward)
    graph.generation, graph.awaiting = 0, None
    graph.buffers = buffers  # for the tests' aliasing checks
    return graph


def test_replayed_gradients_accumulate_like_eager():
    """The graphs' gradient buffers are reused by every replay: .grad must never become one of them."""
    torch.manual_seed(0)
    layer = torch.nn.Linear(4, 4)
    params = tuple(layer.parameters())
    graph = stand_in_graph(layer, (torch.zeros(3, 4, requires_grad=True),), params)
    xs = [torch.randn(3, 4, requires_grad=True) for _ in range(2)]
    for x in xs:  # no zero_grad between: gradients accumulate
        graph(x, params=params).square().sum().backward()
    got = [p.grad.clone() for p in params] + [x.grad.clone() for x in xs]
    layer.zero_grad(set_to_none=True)
    for x in xs:
        x.grad = None
        layer(x).square().sum().backward()
    for g, want in zip(got, [p.grad for p in params] + [x.grad for x in xs]):
        torch.testing.assert_close(g, want)
    assert all(p.grad.data_ptr() != b.data_ptr() for p in params for b in graph.buffers)


def test_first_backward_adopts_one_flat_copy_of_the_gradients():
    """With .grad unset, autograd takes the views of the fresh flat copy as they are: no clone per gradient."""
    layer = torch.nn.Linear(4, 3)
    params = tuple(layer.parameters())
    graph = stand_in_graph(layer, (torch.zeros(2, 4),), params)
    graph(torch.randn(2, 4), params=params).sum().backward()
    storages = {p.grad.untyped_storage().data_ptr() for p in params}
    assert len(storages) == 1  # weight and bias gradients share the one flat tensor
    assert storages.isdisjoint(b.untyped_storage().data_ptr() for b in graph.buffers)
    assert [p.grad.shape for p in params] == [p.shape for p in params]


def test_flat_gradients_group_by_dtype_and_keep_missing_ones():
    buffers = (torch.ones(2, 3), None, torch.full((4,), 2.0, dtype=torch.float64), torch.arange(6.0).view(3, 2).t())
    copies = FlatGradients(buffers).fresh_copy()
    assert copies[1] is None
    for got, want in zip(copies, buffers):
        if want is not None:
            assert got.dtype == want.dtype and torch.equal(got, want)
    buffers[0].fill_(5)  # a later replay rewrites the buffers: the copies handed out stay as they were
    assert torch.equal(copies[0], torch.ones(2, 3))


def test_replay_tracks_a_pending_backward_and_rejects_a_stale_one():
    layer = torch.nn.Linear(4, 4)
    params = tuple(layer.parameters())
    graph = stand_in_graph(layer, (torch.zeros(3, 4),), params)
    out = graph(torch.randn(3, 4), params=params)
    assert graph.busy()  # its backward may still come: a replay would overwrite its activations
    del out
    assert not graph.busy()  # dropped without a backward
    first = graph(torch.randn(3, 4), params=params)
    first.sum().backward(retain_graph=True)
    assert not graph.busy()
    graph(torch.randn(3, 4), params=params)
    with pytest.raises(RuntimeError, match="later forward"):
        first.sum().backward()


# --- GPU -----------------------------------------------------------------------------------------


def gpu_config(dropout=0.0, layers=2):
    return transformers.BertConfig(
        hidden_size=256, num_hidden_layers=layers, num_attention_heads=4, intermediate_size=1024,
        max_position_embeddings=256, hidden_dropout_prob=dropout, attention_probs_dropout_prob=dropout,
    )


def gpu_pair(dtype, dropout=0.0, cls="BertForMaskedLM"):
    """(stock, eager zoo bucketed, graphed zoo) on the same weights."""
    torch.manual_seed(0)
    stock = getattr(transformers, cls)(gpu_config(dropout)).to("cuda", dtype)
    stock.config._attn_implementation = "sdpa"
    # Every padded batch packs (the default rule sends these small batches to stock's padded layers).
    eager = use_static_shapes(zoo_bert.use_packing(patchzoo.patch(copy.deepcopy(stock)), True, 0, 0), BUCKET)
    graphed = use_cuda_graphs(copy.deepcopy(eager), BUCKET)
    return stock, eager, graphed


def relative_error(x, exact, where):
    diff, ref = (x.float() - exact.float())[where], exact.float()[where]
    return (diff.norm() / ref.norm()).item()


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_gpu_graphed_inference_matches_eager_and_stock(dtype):
    stock, eager, graphed = gpu_pair(dtype)
    batches = [  # two batches of one bucket (T = 353, 300 -> 512), then a full batch (8 x 64: no padding, no graph)
        make_batch(stock.config.vocab_size, [200, 17, 0, 136], seq=256, seed=0, device="cuda"),
        make_batch(stock.config.vocab_size, [100, 150, 49, 1], seq=256, seed=1, device="cuda"),
        make_batch(stock.config.vocab_size, [64] * 8, seq=64, seed=2, device="cuda"),
    ]
    kept = []
    with torch.inference_mode():
        for batch in batches:
            real = batch["attention_mask"].bool()
            got = graphed.bert(**batch).last_hidden_state
            want = eager.bert(**batch).last_hidden_state
            torch.testing.assert_close(got, want, rtol=1e-2, atol=1e-2)
            assert (got[~real] == 0).all()
            assert relative_error(got, stock.bert(**batch).last_hidden_state, real) < 2e-2
            kept.append((got, got.clone()))
        again = graphed.bert(**batches[0]).last_hidden_state  # replays overwrite the graphs' buffers...
    for got, copy_of in kept:  # ...never what was handed out
        assert torch.equal(got, copy_of)
    torch.testing.assert_close(again, kept[0][1], rtol=0, atol=0)
    assert len(graphed.bert.layer_graphs) == 1  # bucket 512 of (4, 256); the dense (8, 64) runs stock's layers


def train_step(model, batch, labels, zero=True):
    if zero:
        model.zero_grad(set_to_none=True)
    out = model(**batch, labels=labels)
    out.loss.backward()
    return out.loss.detach()


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_gpu_graphed_training_matches_eager(dtype):
    """Dropout 0: the graphed step's loss and gradients are eager's, also accumulated over two steps."""
    _, eager, graphed = gpu_pair(dtype)
    eager.train()
    graphed.train()
    steps = []
    for seed, lengths in enumerate(([200, 17, 0, 136], [100, 150, 49, 1])):  # one bucket: capture, then replay
        batch = make_batch(eager.config.vocab_size, lengths, seq=256, seed=seed, device="cuda")
        labels = batch["input_ids"].masked_fill(batch["attention_mask"] == 0, -100)
        steps.append((batch, labels))
    for zero in (True, False):  # False: gradients accumulate across the two steps
        eager.zero_grad(set_to_none=True)
        graphed.zero_grad(set_to_none=True)
        for batch, labels in steps:
            want, got = train_step(eager, batch, labels, zero), train_step(graphed, batch, labels, zero)
            torch.testing.assert_close(got, want, rtol=1e-3, atol=1e-3)
            for (name, p), q in zip(eager.named_parameters(), graphed.parameters()):
                if p.grad is not None:
                    torch.testing.assert_close(q.grad.float(), p.grad.float(), rtol=2e-2, atol=2e-3, msg=name)
    assert len(graphed.bert.layer_graphs) == 1


@pytest.mark.gpu
def test_gpu_second_forward_before_backward_runs_eagerly():
    """A replay would overwrite the saved activations of the first forward: the second runs eagerly."""
    _, eager, graphed = gpu_pair(torch.bfloat16)
    batches = [make_batch(eager.config.vocab_size, lengths, seq=256, seed=s, device="cuda")
               for s, lengths in enumerate(([200, 17, 0, 136], [100, 150, 49, 1]))]
    for model in (eager, graphed):
        model.train().zero_grad(set_to_none=True)
        losses = [model.bert(**b).last_hidden_state.float().square().mean() for b in batches]
        sum(losses).backward()
    for (name, p), q in zip(eager.named_parameters(), graphed.parameters()):
        if p.grad is not None:
            torch.testing.assert_close(q.grad.float(), p.grad.float(), rtol=2e-2, atol=2e-3, msg=name)


@pytest.mark.gpu
def test_gpu_dropout_draws_fresh_masks_per_replay():
    _, _, graphed = gpu_pair(torch.float16, dropout=0.1)
    graphed.train()
    batch = make_batch(graphed.config.vocab_size, [200, 17, 0, 136], seq=256, device="cuda")
    with torch.no_grad():
        outs = [graphed.bert(**batch).last_hidden_state for _ in range(3)]
    assert not torch.equal(outs[1], outs[2])
    outs = []
    for _ in range(3):  # autograd graphs; each backward frees the graph for the next replay
        out = graphed.bert(**batch).last_hidden_state
        out.float().square().mean().backward()
        outs.append(out.detach())
    assert not torch.equal(outs[1], outs[2])
    assert len(graphed.bert.layer_graphs) == 2


@pytest.mark.gpu
def test_gpu_what_graphs_cannot_do_runs_eagerly():
    stock, eager, graphed = gpu_pair(torch.float16)
    batch = make_batch(stock.config.vocab_size, [200, 17, 0, 136], seq=256, device="cuda")
    graphs = graphed.bert.layer_graphs
    with torch.no_grad():
        out = graphed.bert(**batch, output_hidden_states=True)  # recorded per layer: no graph can give them
        want = eager.bert(**batch, output_hidden_states=True)
        assert len(graphs) == 0
        assert (out.hidden_states is None) == (want.hidden_states is None)
        for got, expected in zip(out.hidden_states or (), want.hidden_states or ()):
            torch.testing.assert_close(got, expected, rtol=0, atol=0)
        graphed.bert(**batch, padding=Padding.from_mask(batch["attention_mask"].cpu()).to("cuda"))  # not bucketed
        with torch.autocast("cuda", dtype=torch.float16):
            graphed.bert(**batch)
        assert len(graphs) == 0
        graphed.bert(**batch)
        assert len(graphs) == 1
        graphed.bfloat16()
        eager.bfloat16()  # moved parameters: the old graph would read freed memory
        torch.testing.assert_close(graphed.bert(**batch).last_hidden_state, eager.bert(**batch).last_hidden_state,
                                   rtol=1e-2, atol=1e-2)
        assert len(graphs) == 1 and next(iter(graphs.graphs))[2] == torch.bfloat16
        graphed.float()
        graphed.bert(**batch)  # float32: no varlen kernel, eager
        assert len(graphs) == 0
