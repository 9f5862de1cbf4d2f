"""The zoo BERT under torch.compile and torch.export, against stock BERT on the same weights.

- torch.export traces stock's padded encoder (packing needs sizes read on the host), so the exported
  program is right for any padding, not only the traced one.
- torch.compile: the Padding is built outside the graphs and the packed length is bucketed, so a stream
  of batches with varying padding compiles a bounded number of graphs (dynamo makes the packed length
  dynamic after its first change). CPU runs use the aot_eager backend (inductor on 2 CPU cores costs
  minutes); the GPU tests run inductor in default mode and with mode="reduce-overhead".
"""

import pytest
import torch
import transformers
from torch._dynamo.utils import counters

from patchzoo.models import bert as zoo_bert
from patchzoo.presets import get_preset

SEQ = 32


def twins(dtype=torch.float32, device="cpu", name="BertModel"):
    """(stock, zoo) on the same random weights, eval mode."""
    config = get_preset("bert").build_config()
    torch.manual_seed(0)
    zoo = getattr(zoo_bert, name)(config).to(device, dtype).eval()
    stock = getattr(transformers, name)(config).to(device, dtype).eval()
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


def stream(count, batch_size=4, seed=0, device="cpu"):
    """Batches of one shape whose padding varies from none to most of the batch."""
    g = torch.Generator().manual_seed(seed)
    for i in range(count):
        lengths = torch.randint(1, SEQ + 1, (batch_size,), generator=g).tolist()
        yield batch(lengths, seed=i, device=device)


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


def compile_stream(model, stock, batches, tol, **compile_kwargs):
    """Run the stream through torch.compile(model); every output equals stock's on real tokens.
    Returns (graphs dynamo compiled for the first batch, graphs compiled for the later ones: recompiles)."""
    torch._dynamo.reset()
    counters.clear()
    compiled = torch.compile(model, **compile_kwargs)
    first = None
    for inputs in batches:
        with torch.no_grad():
            got, want = compiled(**inputs).last_hidden_state, stock(**inputs).last_hidden_state
        assert max_diff_on_real(got, want, inputs["attention_mask"]) <= tol
        first = counters["stats"]["unique_graphs"] if first is None else first
    later = counters["stats"]["unique_graphs"] - first
    torch._dynamo.reset()
    return first, later


def test_compile_over_varying_padding_keeps_graphs_bounded():
    stock, zoo = twins()
    batches = list(stream(6))
    assert len({int(b["attention_mask"].sum()) for b in batches}) == 6  # six different packed lengths
    graphs, recompiles = compile_stream(zoo, stock, batches, 1e-5, backend="aot_eager")
    # Graphs: the embeddings, the packed layers + pooler (the Padding is built between them, outside);
    # the packed length turns dynamic at its first change: at most one recompile of the packed region.
    assert graphs <= 4 and recompiles <= 2, (graphs, recompiles)


def test_compiled_training_gradients_match_stock():
    stock, zoo = twins(name="BertForTokenClassification")
    compiled = torch.compile(zoo, backend="aot_eager")
    inputs = batch([SEQ, 11, 3, 25])
    labels = torch.randint(0, 2, (4, SEQ)).masked_fill(inputs["attention_mask"] == 0, -100)
    for model in (stock, compiled):
        model.train()
        for module in model.modules():  # no dropout: the two draw different masks
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
        model(**inputs, labels=labels).loss.backward()
    zoo_grads = dict(zoo.named_parameters())
    for key, param in stock.named_parameters():
        if param.grad is not None:
            assert (zoo_grads[key].grad - param.grad).abs().max() <= 1e-5, key
    torch._dynamo.reset()


@pytest.mark.gpu
@pytest.mark.parametrize("mode", ["default", "reduce-overhead"])
def test_gpu_compile_fp16_matches_stock_with_few_recompiles(mode):
    stock, zoo = twins(torch.float16, "cuda")
    graphs, recompiles = compile_stream(zoo, stock, list(stream(12, batch_size=8, device="cuda")), 2e-2, mode=mode)
    assert recompiles <= 4, (graphs, recompiles)


@pytest.mark.gpu
def test_gpu_export_fp16():
    stock, zoo = twins(torch.float16, "cuda")
    program = torch.export.export(zoo, (), batch([SEQ, 7, 19], device="cuda")).module()
    inputs = batch([2, SEQ, 30], device="cuda")
    with torch.no_grad():
        assert max_diff_on_real(program(**inputs).last_hidden_state, stock(**inputs).last_hidden_state,
                                inputs["attention_mask"]) <= 2e-2


def test_compile_check_counts_recompiles_per_new_shape():
    """`patchzoo parity --compile`'s counter: no recompile for a repeated shape, one per new static shape."""
    from patchzoo.evals.compile_check import count_compiles

    stock, _ = twins()
    same = [batch([SEQ, 5, 9], seed=i) for i in range(3)]
    assert count_compiles(stock, same, "eager").later == 0
    grown = same + [batch([SEQ, 5, 9, 1], seed=3)]  # a new batch size
    assert count_compiles(stock, grown, "eager").later >= 1
