"""The vocoder's frame bookkeeping kernel (patchzoo/kernels/hifigan/duration_frames.py) against its PyTorch reference and
stock's own _get_dur_output_lengths. Integers only: compared exactly. On the CPU the kernel runs under
TRITON_INTERPRET=1 (set by conftest)."""

import pytest
import torch
import transformers
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock_module

from patchzoo.kernels.hifigan import duration_frames as df

PAD = 1


def batch_of(rows: int, units: int, pads: tuple[int, ...] = (), seed: int = 0):
    """durations (1-4 frames) and ids (B, U); row i >= 1 padded with PAD from pads[i - 1] on (0: all padding)."""
    g = torch.Generator().manual_seed(seed)
    durations = torch.randint(1, 5, (rows, units), generator=g)
    ids = torch.randint(2, 100, (rows, units), generator=g)
    for row, start in enumerate(pads, start=1):
        ids[row, start:] = PAD
    return durations, ids


def assert_equal(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype and torch.equal(g, w), (g, w)


@pytest.mark.parametrize("rows,units,padded,pads", [
    (1, 1, 16, ()), (1, 9, 16, ()), (1, 16, 16, ()), (3, 13, 20, (5, 0)), (2, 40, 64, (40,)), (4, 7, 7, (1, 6, 0)),
], ids=["one_unit", "one_row", "full_bucket", "padded_rows", "no_padding_in_row", "odd_bucket"])
def test_kernel_equals_reference(rows, units, padded, pads):
    durations, ids = batch_of(rows, units, pads)
    want = df.duration_frames_reference(durations, ids, PAD, padded)
    assert df.covers(durations, padded)
    assert_equal(df.duration_frames(durations, ids, PAD, padded), want)
    assert want[1][:, units:].eq(df.NO_FRAME).all() and want[0][:, units:].eq(PAD).all()


def test_reference_lengths_are_stocks():
    """The lengths are stock's _get_dur_output_lengths (the cumsum at the clamped count of real units)."""
    config = transformers.SeamlessM4Tv2Config(hidden_size=16, unit_embed_dim=16, vocoder_num_spkrs=2,
                                              vocoder_num_langs=2, unit_hifi_gan_vocab_size=100)
    vocoder = stock_module.SeamlessM4Tv2CodeHifiGan(config)
    durations, ids = batch_of(3, 11, (4, 0))
    ids[ids == PAD] = vocoder.pad_token_id
    lengths = df.duration_frames_reference(durations, ids, vocoder.pad_token_id, 16)[3]
    assert torch.equal(lengths, vocoder._get_dur_output_lengths(ids, durations))
    one = df.duration_frames_reference(durations[:1], ids[:1], vocoder.pad_token_id, 16)[3]
    assert one.dim() == 0 and torch.equal(one, vocoder._get_dur_output_lengths(ids[:1], durations[:1]))


def test_writes_into_given_buffers():
    """out=: the graph's stage buffers are written in place (same addresses), nothing else returned."""
    durations, ids = batch_of(2, 9, (3,))
    out = tuple(torch.full_like(t, -7) for t in df.duration_frames_reference(durations, ids, PAD, 16))
    pointers = [t.data_ptr() for t in out]
    got = df.duration_frames(durations, ids, PAD, 16, out=out)
    assert got is out and [t.data_ptr() for t in got] == pointers
    assert_equal(got, df.duration_frames_reference(durations, ids, PAD, 16))


def test_beyond_the_kernels_bucket_the_reference_runs(monkeypatch):
    monkeypatch.setattr(df, "MAX_UNITS", 8)
    durations, ids = batch_of(2, 9, (3,))
    assert not df.covers(durations, 16)
    assert_equal(df.duration_frames(durations, ids, PAD, 16), df.duration_frames_reference(durations, ids, PAD, 16))


def test_more_units_than_the_bucket_is_an_error():
    durations, ids = batch_of(1, 9)
    with pytest.raises(ValueError, match="9 units do not fit a bucket of 8"):
        df.duration_frames(durations, ids, PAD, 8)


@pytest.mark.gpu
@pytest.mark.parametrize("rows,units,padded", [(1, 400, 448), (3, 257, 320), (2, 3000, 3072)])
def test_gpu_kernel_equals_reference(rows, units, padded):
    durations, ids = batch_of(rows, units, (units // 2, 0)[: rows - 1])
    durations, ids = durations.cuda(), ids.cuda()
    assert_equal(df.duration_frames(durations, ids, PAD, padded),
                 df.duration_frames_reference(durations, ids, PAD, padded))
