"""The chunked linear + cross-entropy equals stock's materialized loss, value and gradients, on odd shapes."""

import pytest
import torch

from patchzoo.kernels.linear_cross_entropy import (
    IGNORE_INDEX,
    default_chunk_rows,
    linear_cross_entropy,
    linear_cross_entropy_reference,
)

# dtype -> (rtol, atol) of loss and gradients against the reference in the same dtype. bf16: the reference
# rounds its one (V, H) weight gradient once, the chunked path once per chunk before an fp32 sum.
TOLERANCE = {torch.float32: (1e-5, 1e-6), torch.bfloat16: (2e-2, 2e-3)}


def inputs(n, h, v, dtype, ignored=(), seed=0):
    g = torch.Generator().manual_seed(seed)
    hidden = torch.randn(n, h, generator=g).to(dtype)
    weight = (torch.randn(v, h, generator=g) / h**0.5).to(dtype)
    labels = torch.randint(0, v, (n,), generator=g)
    labels[list(ignored)] = IGNORE_INDEX
    return hidden, weight, labels


def loss_and_grads(fn, hidden, weight, labels, **kwargs):
    hidden = hidden.clone().requires_grad_()
    weight = weight.clone().requires_grad_()
    loss = fn(hidden, weight, labels, **kwargs)
    (loss * 3.0).backward()  # a non-unit incoming gradient
    return loss.detach(), hidden.grad, weight.grad


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("n, h, v, chunk, ignored", [
    (17, 24, 101, 4, (0, 5, 16)),  # vocab and tokens not multiples of the chunk; ignored rows in several chunks
    (1, 8, 33, 1, ()),
    (12, 16, 64, 12, (11,)),  # one chunk
    (9, 16, 50, 64, (2, 3)),  # chunk larger than the tokens
])
def test_matches_stock_loss_and_gradients(dtype, n, h, v, chunk, ignored):
    hidden, weight, labels = inputs(n, h, v, dtype, ignored)
    expected = loss_and_grads(linear_cross_entropy_reference, hidden, weight, labels)
    got = loss_and_grads(linear_cross_entropy, hidden, weight, labels, chunk_rows=chunk)
    rtol, atol = TOLERANCE[dtype]
    for name, a, b in zip(("loss", "grad hidden", "grad weight"), got, expected):
        assert a.dtype == b.dtype, name
        torch.testing.assert_close(a.float(), b.float(), rtol=rtol, atol=atol, msg=lambda m, name=name: f"{name}: {m}")


def test_sum_over_num_items_in_batch_and_custom_ignore_index():
    """Gradient accumulation's contract (transformers' fixed_cross_entropy): sum / num_items_in_batch."""
    hidden, weight, labels = inputs(10, 16, 37, torch.float32)
    labels[[1, 7]] = -1
    kwargs = dict(ignore_index=-1, num_items_in_batch=torch.tensor(20))
    expected = loss_and_grads(linear_cross_entropy_reference, hidden, weight, labels, **kwargs)
    got = loss_and_grads(linear_cross_entropy, hidden, weight, labels, chunk_rows=3, **kwargs)
    for a, b in zip(got, expected):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)


def test_frozen_weight_and_no_grad():
    hidden, weight, labels = inputs(7, 8, 21, torch.float32, ignored=(3,))
    expected = linear_cross_entropy_reference(hidden, weight, labels)
    with torch.no_grad():
        torch.testing.assert_close(linear_cross_entropy(hidden, weight, labels, chunk_rows=2), expected)
    h = hidden.clone().requires_grad_()  # weight frozen (e.g. adapters only): only the hidden gradient
    linear_cross_entropy(h, weight, labels, chunk_rows=2).backward()
    h_ref = hidden.clone().requires_grad_()
    linear_cross_entropy_reference(h_ref, weight, labels).backward()
    torch.testing.assert_close(h.grad, h_ref.grad, rtol=1e-5, atol=1e-6)


def test_variable_lengths_compile_two_graphs_not_one_per_length(monkeypatch):
    """A variable-length fine-tune gives every batch a new token count: the full chunks share one static graph and
    the last chunk, whatever its length, one graph with dynamic rows (the GPU path, compiled here on CPU through a
    graph-counting backend), with the eager result."""
    from patchzoo.kernels import linear_cross_entropy as lce

    graphs = []

    def counting_backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    compiled = lce._compiled_chunk_functions.__wrapped__(counting_backend)
    monkeypatch.setattr(lce, "_chunk_functions", lambda device: compiled)
    # 10 token counts, last chunks of 2-7 rows (a 1-row chunk would be a third graph: dynamo specializes size 1)
    for n in (23, 30, 37, 45, 52, 61, 66, 75, 82, 94):
        hidden, weight, labels = inputs(n, 16, 40, torch.float32, ignored=(1,), seed=n)
        got = loss_and_grads(linear_cross_entropy, hidden, weight, labels, chunk_rows=8)
        expected = loss_and_grads(linear_cross_entropy_reference, hidden, weight, labels)
        for g, e in zip(got, expected):
            torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-6)
    assert len(graphs) == 2
    torch._dynamo.reset()


def test_bad_shapes_are_named():
    hidden, weight, labels = inputs(4, 8, 11, torch.float32)
    with pytest.raises(ValueError, match="labels must be"):
        linear_cross_entropy(hidden, weight, labels[:3])
    with pytest.raises(ValueError, match="hidden"):
        linear_cross_entropy(hidden, weight[:, :4], labels)
    with pytest.raises(TypeError, match="dtypes differ"):
        linear_cross_entropy(hidden, weight.double(), labels)
    assert default_chunk_rows(128256) == 1046


@pytest.mark.gpu
def test_llama3_shape_on_gpu_matches_stock_with_less_memory():
    """4096 tokens x 128,256 vocab, bf16, the compiled chunk path: stock's loss and gradients, less peak memory."""
    n, h, v = 4096, 2048, 128256
    hidden, weight, labels = (t.cuda() for t in inputs(n, h, v, torch.bfloat16, ignored=range(0, n, 7)))
    peaks = []
    results = []
    for fn in (linear_cross_entropy_reference, linear_cross_entropy):
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
        results.append(loss_and_grads(fn, hidden, weight, labels))
        peaks.append(torch.cuda.max_memory_allocated() - base)
    for name, got, expected in zip(("loss", "grad hidden", "grad weight"), results[1], results[0]):
        error = (got.float() - expected.float()).norm() / expected.float().norm()
        assert error < 1e-2, f"{name}: relative error {error:.3g}"
    assert peaks[1] < 0.6 * peaks[0], peaks
