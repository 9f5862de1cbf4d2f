"""SeamlessM4T-v2's vocoder from rounded unit durations to the frame bookkeeping of its waveform stage, one launch.

From durations d (B, U) (int64, >= 1) and the units' input_ids (B, U), stock's SeamlessM4Tv2CodeHifiGan (forward
and _get_dur_output_lengths) and the zoo's bucketed vocoder (models/seamless_vocoder.py) need

    ends[b, j]   = d[b, 0] + ... + d[b, j]                                   the frame each unit ends at
    frames[b]    = ends[b, U - 1]                                            the row's frame count
    lengths[b]   = ends[b, clamp(#{j: ids[b, j] != pad}, 0, U - 1)]          stock's returned duration length
                                                                            (the cumsum at the count, as stock)
    total        = max_b frames[b]                                           the batch's frame count
    ids_out      = ids, pad over columns U .. U_b - 1                        padded to the unit bucket U_b
    ends_out     = ends, NO_FRAME over columns U .. U_b - 1

In PyTorch that is ~20 kernels (cumsum, count, clamp, gather, max, pads, the copies into the graph's buffers) of
1-2 µs each, plus the gaps between them in the CUDA graph. Here one program computes all of it, row after row
(batches are small), and writes the outputs where the waveform stage reads them. Integers only: the results are
the reference's exactly.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch, triton_runs_on

NO_FRAME = 2**62  # the frame end of a padding unit: beyond any frame, so every row of ends stays sorted
MAX_UNITS = 8192  # one program holds a row of the unit bucket in registers; longer rows take the reference


@triton.jit
def _duration_frames_kernel(
    dur_ptr, ids_ptr, ids_out_ptr, ends_out_ptr, frames_ptr, lengths_ptr, total_ptr,
    batch, units, padded, pad_id,
    sd_b, si_b, sio_b, se_b,
    NO_FRAME_: tl.constexpr, BLOCK_U: tl.constexpr,
):
    j = tl.arange(0, BLOCK_U)
    real, in_bucket = j < units, j < padded
    total = tl.sum(tl.zeros((BLOCK_U,), dtype=tl.int64), 0)
    for b in range(0, batch):
        d = tl.load(dur_ptr + b * sd_b + j, mask=real, other=0)
        ids = tl.load(ids_ptr + b * si_b + j, mask=real, other=pad_id)
        ends = tl.cumsum(d, 0)
        frames = tl.sum(d, 0)
        count = tl.sum((ids != pad_id).to(tl.int32), 0)
        length = tl.sum(tl.where(j == tl.minimum(count, units - 1), ends, 0), 0)
        tl.store(ids_out_ptr + b * sio_b + j, ids, mask=in_bucket)
        tl.store(ends_out_ptr + b * se_b + j, tl.where(real, ends, NO_FRAME_), mask=in_bucket)
        tl.store(frames_ptr + b, frames)
        tl.store(lengths_ptr + b, length)
        total = tl.maximum(total, frames)
    tl.store(total_ptr, total)


def covers(durations: torch.Tensor, padded_units: int) -> bool:
    """Whether duration_frames runs the kernel for these durations (else its reference runs): a device Triton runs
    on, and a unit bucket of at most MAX_UNITS."""
    return triton_runs_on(durations.device) and padded_units <= MAX_UNITS


def _outputs(durations: torch.Tensor, padded_units: int) -> tuple[torch.Tensor, ...]:
    batch, device = durations.shape[0], durations.device
    new = lambda *shape: torch.empty(shape, dtype=torch.long, device=device)  # noqa: E731
    # stock's lengths come from .squeeze(): (B,), 0-dim for B = 1
    return new(batch, padded_units), new(batch, padded_units), new(batch), new(batch) if batch > 1 else new(), new()


def duration_frames(durations: torch.Tensor, input_ids: torch.Tensor, pad_id: int, padded_units: int,
                    out: tuple[torch.Tensor, ...] | None = None) -> tuple[torch.Tensor, ...]:
    """durations, input_ids (B, U) int64, U <= padded_units -> (ids_out, ends_out (B, padded_units), frames (B,),
    lengths ((B,), 0-dim for B = 1), total (0-dim)) of the module docstring, written into `out` (five tensors of
    those shapes) where given. The kernel where `covers` (and `out` is contiguous), else the reference."""
    batch, units = durations.shape
    if units > padded_units:
        raise ValueError(f"{units} units do not fit a bucket of {padded_units}")
    out = _outputs(durations, padded_units) if out is None else out
    if not (covers(durations, padded_units) and all(t.is_contiguous() for t in out)):
        for buffer, value in zip(out, duration_frames_reference(durations, input_ids, pad_id, padded_units)):
            buffer.copy_(value)
        return out
    ids_out, ends_out, frames, lengths, total = out
    block = max(16, triton.next_power_of_2(padded_units))
    launch(
        _duration_frames_kernel, (1,),
        (durations, input_ids, ids_out, ends_out, frames, lengths, total),
        (batch, units, padded_units, pad_id, durations.stride(0), input_ids.stride(0), ids_out.stride(0),
         ends_out.stride(0)),
        dict(NO_FRAME_=NO_FRAME, BLOCK_U=block),
        num_warps=4 if block <= 1024 else 8,
    )
    return out


def duration_frames_reference(durations: torch.Tensor, input_ids: torch.Tensor, pad_id: int,
                              padded_units: int) -> tuple[torch.Tensor, ...]:
    """duration_frames in PyTorch: stock's cumsum and _get_dur_output_lengths, the pads, the max."""
    ends = torch.cumsum(durations, dim=1)
    count = (input_ids != pad_id).sum(1).clamp(0, durations.shape[1] - 1)
    lengths = ends.gather(dim=1, index=count.unsqueeze(1)).squeeze()
    frames = ends[:, -1]
    pad = padded_units - durations.shape[1]
    ids = torch.nn.functional.pad(input_ids, (0, pad), value=pad_id)
    ends = torch.nn.functional.pad(ends, (0, pad), value=NO_FRAME)
    return ids, ends, frames, lengths, frames.max()
