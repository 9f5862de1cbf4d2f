"""The vocoder's frame gathering kernel (patchzoo/kernels/hifigan/gather_frames.py) against its PyTorch reference:
copies only, so compared exactly. On the CPU the kernel runs under TRITON_INTERPRET=1 (set by conftest)."""

import pytest
import torch

from patchzoo.kernels.hifigan import gather_frames as hf
from patchzoo.kernels.hifigan.duration_frames import duration_frames_reference

PAD = 1


def frame_inputs(rows, units, padded_units, widths=(20, 300, 12), pads=(), dtype=torch.float32, device="cpu",
                 seed=0):
    """What the vocoder's duration stage hands over (ids, ends, frames, total padded to the bucket), embedding rows
    and the unit table; row i >= 1 padded with PAD from pads[i - 1] on."""
    g = torch.Generator().manual_seed(seed)
    durations = torch.randint(1, 5, (rows, units), generator=g)
    ids = torch.randint(2, 50, (rows, units), generator=g)
    for row, start in enumerate(pads, start=1):
        ids[row, start:] = PAD
    ids, ends, frames, _, total = duration_frames_reference(durations, ids, PAD, padded_units)
    c_lang, c_unit, c_speaker = widths
    lang, speaker = torch.randn(rows, c_lang, generator=g), torch.randn(rows, c_speaker, generator=g)
    table = torch.randn(50, c_unit, generator=g)
    move = lambda t: t.to(device)  # noqa: E731
    return (*map(move, (ids, ends, frames, total)), move(lang.to(dtype)), move(table.to(dtype)),
            move(speaker.to(dtype)))


@pytest.mark.parametrize("rows,units,padded_units,pads,extra", [
    (1, 9, 16, (), 5), (3, 13, 16, (6, 2), 0), (2, 16, 16, (16,), 17), (1, 1, 16, (), 3),
], ids=["one_row", "rows_of_different_length", "full_unit_bucket", "one_unit"])
def test_kernel_equals_reference(rows, units, padded_units, pads, extra):
    """Every frame of a bucket `extra` frames past the longest row: units gathered, zeros past each row's frames
    and, in every channel, past the batch's; channel counts that are no multiple of the chunk."""
    inputs = frame_inputs(rows, units, padded_units, pads=pads)
    t_len = int(inputs[3]) + extra
    want = hf.gather_frames_reference(*inputs, t_len)
    got = hf.gather_frames(*inputs, t_len)
    assert got.shape == want.shape == (rows, t_len, 332) and torch.equal(got, want)
    assert want[:, int(inputs[3]):].eq(0).all() and want[:, : int(inputs[3]), :20].ne(0).all()


def test_reference_takes_the_embedding_module():
    inputs = frame_inputs(2, 9, 16, pads=(4,))
    embedding = torch.nn.Embedding.from_pretrained(inputs[5])
    t_len = int(inputs[3]) + 4
    module_rows = hf.gather_frames_reference(*inputs[:5], embedding, inputs[6], t_len)
    assert torch.equal(module_rows, hf.gather_frames_reference(*inputs, t_len))


def test_one_unit_off_is_caught():
    """Control: moving every unit's end one frame later changes the gathered frames."""
    ids, ends, *rest = frame_inputs(1, 9, 16)
    t_len = int(rest[1]) + 2
    assert not torch.equal(hf.gather_frames(ids, ends + 1, *rest, t_len), hf.gather_frames(ids, ends, *rest, t_len))


@pytest.mark.gpu
@pytest.mark.parametrize("rows", [1, 3])
def test_gpu_kernel_at_seamless_shapes(rows):
    """The large config's widths (256 + 1280 + 256), fp16, 400 units in a bucket of 448, 8192 frames at most."""
    inputs = frame_inputs(rows, 400, 448, widths=(256, 1280, 256), pads=(300, 17)[: rows - 1],
                          dtype=torch.float16, device="cuda")
    t_len = 2048 if int(inputs[3]) <= 2048 else 4096
    assert torch.equal(hf.gather_frames(*inputs, t_len), hf.gather_frames_reference(*inputs, t_len))
