"""strip_padding / restore_padding and varlen attention against boolean indexing and per-row SDPA."""

import pytest
import torch
import torch.nn.functional as F

from patchzoo import restore_padding, strip_padding
from patchzoo.patches.padding import (
    FILL_SEGMENTS,
    Padding,
    PendingPadding,
    bucket_rows,
    varlen_attention,
    varlen_attention_reference,
)


def prefix_mask(lengths, seq, dtype=torch.long):
    lengths = torch.as_tensor(lengths)
    return (torch.arange(seq)[None, :] < lengths[:, None]).to(dtype)


def random_lengths(generator, batch, seq):
    """Lengths with an empty and a full row whenever the batch has room for them."""
    lengths = torch.randint(0, seq + 1, (batch,), generator=generator)
    if batch >= 2:
        lengths[0], lengths[-1] = 0, seq
    return lengths


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_matches_boolean_indexing(seed):
    g = torch.Generator().manual_seed(seed)
    batch, seq = torch.randint(1, 7, (2,), generator=g).tolist()
    trailing = [(), (3,), (2, 5)][seed % 3]
    x = torch.randn(batch, seq, *trailing, generator=g)
    lengths = random_lengths(g, batch, seq)
    mask = prefix_mask(lengths, seq, dtype=[torch.long, torch.bool, torch.float32][seed % 3])
    real = mask.bool()

    packed, padding = strip_padding(x, mask)
    assert torch.equal(packed, x[real])  # row after row, positions in order
    assert padding.num_tokens == int(lengths.sum()) == packed.shape[0]
    assert padding.cu_seqlens.tolist() == [0, *lengths.cumsum(0).tolist()]
    assert padding.max_seqlen == int(lengths.max())

    pad_value = -7.0
    restored = restore_padding(packed, padding, pad_value=pad_value)
    assert restored.shape == x.shape
    assert torch.equal(restored[real], x[real])
    assert (restored[~real] == pad_value).all()


@pytest.mark.parametrize("multiple_of", [1, 4, 16])
def test_bucketed_packing_adds_a_fill_segment(multiple_of):
    g = torch.Generator().manual_seed(multiple_of)
    x = torch.randn(5, 9, 3, generator=g)
    lengths = torch.tensor([0, 9, 4, 1, 7])
    mask = prefix_mask(lengths, 9)
    packed, padding = strip_padding(x, mask, multiple_of=multiple_of)
    total = int(lengths.sum())
    assert packed.shape[0] % multiple_of == 0 and total <= packed.shape[0] < total + multiple_of
    assert torch.equal(packed[:total], x[mask.bool()])
    assert padding.cu_seqlens.tolist() == [0, *lengths.cumsum(0).tolist(), packed.shape[0]]
    assert padding.max_seqlen == max(9, multiple_of)  # static: independent of this batch's lengths
    assert torch.isfinite(packed).all()
    restored = restore_padding(packed, padding)
    assert torch.equal(restored, x * mask[..., None])


def test_full_batch_is_a_view():
    x = torch.randn(3, 4, 2)
    packed, padding = strip_padding(x, torch.ones(3, 4))
    assert padding.dense and packed.data_ptr() == x.data_ptr()
    assert torch.equal(restore_padding(packed, padding), x)


def test_all_rows_empty():
    x = torch.randn(3, 4, 2)
    packed, padding = strip_padding(x, torch.zeros(3, 4))
    assert packed.shape == (0, 2) and padding.max_seqlen == 0
    assert torch.equal(restore_padding(packed, padding, pad_value=1.0), torch.ones(3, 4, 2))


def assert_same_padding(got: Padding, want: Padding):
    for field in ("shape", "max_seqlen", "num_tokens", "packed_len", "dense"):
        assert getattr(got, field) == getattr(want, field), field
    for field in ("lengths", "cu_seqlens", "indices"):
        a, b = getattr(got, field), getattr(want, field)
        assert (a is None and b is None) or torch.equal(a.cpu(), b.cpu()), field


@pytest.mark.parametrize("multiple_of", [None, 8])
def test_pending_padding_resolves_once_to_the_same_handle(multiple_of):
    mask = prefix_mask([5, 0, 9, 3], 9)
    pending = PendingPadding(mask, multiple_of)
    padding = pending.resolve()
    assert pending.resolve() is padding and padding.resolve() is padding
    assert_same_padding(padding, Padding.from_mask(mask, multiple_of))
    assert isinstance(Padding.start(mask, multiple_of), Padding)  # a CPU mask: nothing to overlap, built at once


def test_dense_padding_builds_no_indices():
    padding = Padding.from_mask(torch.ones(3, 5))
    assert padding.dense and padding.indices is None and padding.packed_len == 15
    assert padding.to("cpu").indices is None
    assert not Padding.from_mask(torch.ones(3, 5), multiple_of=4).dense  # 15 -> 16: one fill row


@pytest.mark.parametrize(
    "mask",
    [
        [[1, 0, 1, 0]],  # a hole
        [[0, 0, 1, 1]],  # left padding
        [[1, 1, 0, 0], [0, 1, 1, 1], [0, 0, 0, 0], [1, 1, 1, 1]],  # mixed, an empty and a full row
        [[0.0, float("-inf"), 0.0, float("-inf")]],  # additive: nonzero (-inf) is real, as stock reads a 2-D mask
    ],
)
@pytest.mark.parametrize("multiple_of", [None, 4])
def test_any_mask_pattern_round_trips_like_boolean_indexing(mask, multiple_of):
    mask = torch.tensor(mask)
    real = mask != 0
    x = torch.randn(*mask.shape, 3)
    packed, padding = strip_padding(x, mask, multiple_of=multiple_of)
    assert torch.equal(packed[: padding.num_tokens], x[real])  # each row's real tokens, in order
    assert padding.cu_seqlens[: mask.shape[0] + 1].tolist() == [0, *real.sum(1).cumsum(0).tolist()]
    assert torch.equal(restore_padding(packed, padding, pad_value=-1.0), torch.where(real[..., None], x, -1.0))


def test_bucket_rows_are_few_and_close_above_the_tokens():
    sizes = [bucket_rows(t) for t in range(0, 40000)]
    assert all(s >= max(t, 1) for t, s in enumerate(sizes))
    assert all(s - t <= max(64, t / 8) for t, s in enumerate(sizes))  # fill below 1/8 of the tokens past 512
    assert sizes == sorted(sizes)
    assert len({s for s in sizes if 16384 < s <= 32768}) == 8  # 8 buckets per doubling
    assert bucket_rows(32768) == 32768 and bucket_rows(18022) == 18432 and bucket_rows(0) == 64
    with pytest.raises(ValueError, match="power of two"):
        bucket_rows(100, per_octave=6)


@pytest.mark.parametrize(
    "mask",
    [[[1, 0, 1, 0, 1, 1]] * 3, [[0, 0, 0, 1, 1, 1], [1] * 6], [[0] * 6] * 2, [[1] * 6] * 4, [[0.0, float("-inf")] * 3]],
    ids=["holes", "left", "all-padding", "full", "additive"],
)
def test_bucketed_padding_for_compile(mask):
    """Padding.bucketed: packed length bucket_rows(T), the real tokens first, fill rows in FILL_SEGMENTS
    short segments after them, attention within rows equal to per-row SDPA, restore exact."""
    mask = torch.tensor(mask)
    real = mask != 0
    batch, seq = mask.shape
    padding = Padding.bucketed(mask, max_seqlen=32)
    tokens = int(real.sum())
    assert (padding.num_tokens, padding.packed_len, padding.max_seqlen) == (tokens, bucket_rows(tokens), 32)
    assert not padding.dense
    cu = padding.cu_seqlens.tolist()
    assert len(cu) == batch + 1 + FILL_SEGMENTS and cu[: batch + 1] == [0, *real.sum(1).cumsum(0).tolist()]
    assert cu[-1] == padding.packed_len and max(b - a for a, b in zip(cu, cu[1:])) <= padding.max_seqlen
    x = torch.randn(batch, seq, 2, 8)  # (B, S, heads, D)
    packed = padding.strip(x)
    assert torch.equal(packed[:tokens], x[real]) and torch.isfinite(packed).all()
    out = varlen_attention(packed, packed, packed, padding.cu_seqlens, padding.max_seqlen)
    assert torch.isfinite(out).all()
    for b in range(batch):
        rows = x[b][real[b]].transpose(0, 1)  # (heads, L, D)
        if rows.shape[1]:
            want = F.scaled_dot_product_attention(rows, rows, rows).transpose(0, 1)
            assert torch.allclose(out[cu[b] : cu[b + 1]], want, atol=1e-5)
    assert torch.equal(padding.restore(packed, pad_value=-1.0), torch.where(real[..., None, None], x, -1.0))


def test_random_masks_with_holes_round_trip():
    g = torch.Generator().manual_seed(3)
    for _ in range(20):
        batch, seq = torch.randint(1, 6, (2,), generator=g).tolist()
        mask = torch.randint(0, 2, (batch, seq), generator=g)
        x = torch.randn(batch, seq, 2, generator=g)
        packed, padding = strip_padding(x, mask)
        assert torch.equal(packed, x[mask.bool()])
        assert torch.equal(restore_padding(packed, padding), x * mask[..., None])


def test_shape_and_axis_errors():
    x = torch.randn(2, 5, 3)
    with pytest.raises(ValueError, match="does not match the input"):
        strip_padding(x, torch.ones(2, 4))
    with pytest.raises(ValueError, match="does not match the input"):
        strip_padding(x, torch.ones(2, 5, 1))
    for axis in (0, 2, -1):
        with pytest.raises(NotImplementedError, match="axis=1"):
            strip_padding(x, torch.ones(2, 5), axis=axis)
    assert strip_padding(x, torch.ones(2, 5), axis=-2)[0].shape == (10, 3)  # -2 is axis 1 of a 3-D input
    packed, padding = strip_padding(x, prefix_mask([2, 3], 5))
    with pytest.raises(ValueError, match="packed tensor has 4 rows"):
        restore_padding(packed[:4], padding)
    with pytest.raises(ValueError, match="does not match the padding"):
        padding.strip(torch.randn(3, 5, 3))


def test_strip_and_restore_are_differentiable():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(3, 6, 2, generator=g, dtype=torch.float64, requires_grad=True)
    padding = Padding.from_mask(prefix_mask([6, 0, 3], 6), multiple_of=4)
    torch.autograd.gradcheck(lambda t: padding.restore(padding.strip(t).sin() * 2), (x,))


def per_row_attention(q, k, v, lengths, scale):
    """The oracle: plain SDPA on each row's own tokens, one row at a time."""
    out, start = [], 0
    for n in lengths:
        rows = [t[start : start + n].transpose(0, 1) for t in (q, k, v)]  # (heads, n, D)
        out.append(F.scaled_dot_product_attention(*rows, scale=scale).transpose(0, 1))
        start += n
    return torch.cat(out) if out else q[:0]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("multiple_of", [None, 8])
def test_varlen_reference_equals_per_row_attention(seed, multiple_of):
    g = torch.Generator().manual_seed(seed)
    lengths = random_lengths(g, 5, 11)
    padding = Padding.from_mask(prefix_mask(lengths, 11), multiple_of)
    heads, dim = 3, 8
    q, k, v = (torch.randn(padding.packed_len, heads, dim, generator=g, requires_grad=True) for _ in range(3))
    scale = 0.3
    out = varlen_attention_reference(q, k, v, padding.cu_seqlens, padding.max_seqlen, scale=scale)
    total = padding.num_tokens
    expected = per_row_attention(q[:total], k[:total], v[:total], lengths.tolist(), scale)
    torch.testing.assert_close(out[:total], expected, atol=1e-6, rtol=1e-5)
    assert torch.isfinite(out).all()  # fill rows attend among themselves
    grad = torch.randn(expected.shape, generator=g)
    got = torch.autograd.grad(out[:total], (q, k, v), grad)
    want = torch.autograd.grad(expected, (q, k, v), grad)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, atol=1e-6, rtol=1e-5)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("multiple_of", [None, 128])
def test_flash_varlen_matches_reference(dtype, multiple_of):
    g = torch.Generator().manual_seed(0)
    lengths = random_lengths(g, 16, 512)
    padding = Padding.from_mask(prefix_mask(lengths, 512).cuda(), multiple_of)
    heads, dim = 12, 64
    q, k, v = (
        torch.randn(padding.packed_len, heads, dim, generator=g).to("cuda", dtype).requires_grad_()
        for _ in range(3)
    )
    args = (padding.cu_seqlens, padding.max_seqlen)
    out = varlen_attention(q, k, v, *args, scale=dim**-0.5)
    grad = torch.randn_like(out)
    got = torch.autograd.grad(out, (q, k, v), grad)
    # The oracle in float32 from the same half inputs.
    q32, k32, v32 = (t.detach().float().requires_grad_() for t in (q, k, v))
    ref = varlen_attention_reference(q32, k32, v32, *args, scale=dim**-0.5)
    want = torch.autograd.grad(ref, (q32, k32, v32), grad.float())
    tol = 2e-2 if dtype == torch.bfloat16 else 4e-3
    total = padding.num_tokens
    torch.testing.assert_close(out[:total].float(), ref[:total], atol=tol, rtol=tol)
    for a, b in zip(got, want):
        torch.testing.assert_close(a[:total].float(), b[:total], atol=5 * tol, rtol=5 * tol)


@pytest.mark.gpu
def test_flash_varlen_with_dropout_keeps_rows_apart():
    """With dropout the output is random, but a token must still see only its own row."""
    lengths = [5, 0, 9, 3]
    padding = Padding.from_mask(prefix_mask(lengths, 9).cuda())
    g = torch.Generator().manual_seed(0)
    q, k = (torch.randn(padding.packed_len, 2, 64, generator=g).to("cuda", torch.float16) for _ in range(2))
    # v is the one-hot of the token's row: out[:, :, c] must vanish for every other row c.
    row = torch.repeat_interleave(torch.arange(len(lengths), device="cuda"), padding.lengths)  # (T,)
    v = F.one_hot(row, 64).to(torch.float16)[:, None, :].expand(-1, 2, -1).contiguous()  # (T, 2, 64)
    out = varlen_attention(q, k, v, padding.cu_seqlens, padding.max_seqlen, dropout_p=0.5)
    other_rows = 1 - F.one_hot(row, 64)[:, None, :].to(out.dtype)
    assert torch.isfinite(out).all()
    assert (out * other_rows).abs().max() == 0
    no_dropout = varlen_attention(q, k, v, padding.cu_seqlens, padding.max_seqlen)
    assert not torch.allclose(out, no_dropout)  # dropout did act


@pytest.mark.gpu
@pytest.mark.parametrize("multiple_of", [None, 128])
def test_gpu_pending_padding_matches_cpu(multiple_of):
    g = torch.Generator().manual_seed(1)
    mask = prefix_mask(random_lengths(g, 16, 300), 300)
    pending = Padding.start(mask.cuda(), multiple_of)
    assert isinstance(pending, PendingPadding)
    assert_same_padding(pending.resolve(), Padding.from_mask(mask, multiple_of))
    holes = mask.clone()
    holes[3, 0] = 0  # a hole: gathered by index on the GPU as on the CPU
    assert_same_padding(Padding.start(holes.cuda(), multiple_of).resolve(), Padding.from_mask(holes, multiple_of))
