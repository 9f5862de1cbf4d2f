"""SeamlessM4T-v2's vocoder input frames, one launch: each frame's unit found by binary search, its embedding row
gathered between the language and speaker rows, the padding zeroed.

Stock's SeamlessM4Tv2CodeHifiGan repeats each unit's embedding for its predicted duration (repeat_interleave),
pads the rows to the longest (pad_sequence) and concatenates the language and speaker embeddings over all frames.
On a bucket of T_b frames (models/seamless_vocoder.py), with ends (B, U_b) the units' cumulative frame ends,

    unit[b, t]   = min(#{j: ends[b, j] <= t}, U_b - 1)                 (searchsorted(ends[b], t, right=True))
    out[b, t, :] = [lang[b] | units[ids[b, unit[b, t]]] if t < frames[b] else 0 | speaker[b]]   if t < total
                 = 0                                                                             otherwise

In PyTorch that is ~12 kernels (searchsorted, clamp, two gathers, the embedding, masks, the concatenation and
its copies). Here one program computes BLOCK_T frames of one row: the binary search over the row's ends (the
same number of steps for every frame), then the row copies in BLOCK_C-channel chunks. Copies only: the values
are the reference's bit for bit. The unit embedding's rows are read at ids the duration stage already
looked up with the stock embedding (which is where an out-of-range id fails, as in stock); the language and
speaker rows come in looked up.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch, triton_runs_on

BLOCK_T, BLOCK_C = 16, 256


@triton.jit
def _frames_kernel(
    ids_ptr, ends_ptr, frames_ptr, total_ptr, lang_ptr, unit_ptr, speaker_ptr, out_ptr,
    padded_units, search_steps, t_len, c_lang, c_unit, c_speaker,
    si_b, se_b, sf_b, sl_b, su_v, ss_b, so_b, so_t,
    BLOCK_T_: tl.constexpr, BLOCK_C_: tl.constexpr,
):
    pid_t, b = tl.program_id(0), tl.program_id(1)
    t = pid_t * BLOCK_T_ + tl.arange(0, BLOCK_T_)
    # unit = the number of ends <= t: a binary search over the sorted row, the same steps for every t
    lo = tl.zeros((BLOCK_T_,), dtype=tl.int32)
    hi = tl.zeros((BLOCK_T_,), dtype=tl.int32) + padded_units
    for _ in range(0, search_steps):
        open_ = lo < hi
        mid = (lo + hi) // 2
        end = tl.load(ends_ptr + b * se_b + mid, mask=open_, other=0)
        right = end <= t
        lo = tl.where(open_ & right, mid + 1, lo)
        hi = tl.where(open_ & ~right, mid, hi)
    unit = tl.minimum(lo, padded_units - 1)
    in_bucket = t < t_len
    ids = tl.load(ids_ptr + b * si_b + unit, mask=in_bucket, other=0)
    valid = t < tl.load(total_ptr)
    has_unit = valid & (t < tl.load(frames_ptr + b * sf_b))
    row = out_ptr + b * so_b + t[:, None] * so_t
    for c0 in range(0, c_lang, BLOCK_C_):
        c = c0 + tl.arange(0, BLOCK_C_)
        v = tl.load(lang_ptr + b * sl_b + c, mask=c < c_lang, other=0.0)
        tl.store(row + c[None, :], tl.where(valid[:, None], v[None, :], 0.0),
                 mask=in_bucket[:, None] & (c < c_lang)[None, :])
    for c0 in range(0, c_unit, BLOCK_C_):
        c = c0 + tl.arange(0, BLOCK_C_)
        keep = has_unit[:, None] & (c < c_unit)[None, :]
        v = tl.load(unit_ptr + ids[:, None] * su_v + c[None, :], mask=keep, other=0.0)
        tl.store(row + c_lang + c[None, :], v, mask=in_bucket[:, None] & (c < c_unit)[None, :])
    for c0 in range(0, c_speaker, BLOCK_C_):
        c = c0 + tl.arange(0, BLOCK_C_)
        v = tl.load(speaker_ptr + b * ss_b + c, mask=c < c_speaker, other=0.0)
        tl.store(row + c_lang + c_unit + c[None, :], tl.where(valid[:, None], v[None, :], 0.0),
                 mask=in_bucket[:, None] & (c < c_speaker)[None, :])


def gather_frames(ids: torch.Tensor, ends: torch.Tensor, frames: torch.Tensor, total: torch.Tensor,
                  lang: torch.Tensor, units: torch.Tensor, speaker: torch.Tensor, t_len: int) -> torch.Tensor:
    """ids, ends (B, U_b) int64 (ends sorted per row), frames (B,), total (0-dim), lang (B, C_l) and speaker
    (B, C_s) embedding rows, units (V, C_u) the unit embedding's weight -> (B, t_len, C_l + C_u + C_s) of the
    module docstring. The kernel on a device Triton runs on, else gather_frames_reference."""
    if not triton_runs_on(ids.device):
        return gather_frames_reference(ids, ends, frames, total, lang, units, speaker, t_len)
    batch, padded_units = ids.shape
    c_lang, c_unit, c_speaker = lang.shape[1], units.shape[1], speaker.shape[1]
    out = torch.empty((batch, t_len, c_lang + c_unit + c_speaker), dtype=units.dtype, device=units.device)
    ids, ends, lang, units, speaker = (t.contiguous() for t in (ids, ends, lang, units, speaker))
    launch(
        _frames_kernel, (triton.cdiv(t_len, BLOCK_T), batch),
        (ids, ends, frames, total, lang, units, speaker, out),
        (padded_units, padded_units.bit_length(), t_len, c_lang, c_unit, c_speaker, ids.stride(0), ends.stride(0),
         frames.stride(0), lang.stride(0), units.stride(0), speaker.stride(0), out.stride(0), out.stride(1)),
        dict(BLOCK_T_=BLOCK_T, BLOCK_C_=BLOCK_C),
        num_warps=4,
    )
    return out


def gather_frames_reference(ids: torch.Tensor, ends: torch.Tensor, frames: torch.Tensor, total: torch.Tensor,
                            lang: torch.Tensor, units: torch.Tensor | torch.nn.Module, speaker: torch.Tensor,
                            t_len: int) -> torch.Tensor:
    """gather_frames in PyTorch: searchsorted, the gathers, the masks, the concatenation. units may also be the
    embedding module itself (called on the ids: any embedding, as stock calls it)."""
    batch = ids.shape[0]
    positions = torch.arange(t_len, device=ids.device)
    unit = torch.searchsorted(ends, positions.expand(batch, t_len).contiguous(), right=True)
    unit = unit.clamp(max=ids.shape[1] - 1)  # (B, T_b)
    frame_ids = ids.gather(1, unit)
    hidden = units(frame_ids) if isinstance(units, torch.nn.Module) else torch.nn.functional.embedding(frame_ids, units)
    hidden = hidden.masked_fill((positions >= frames.unsqueeze(1)).unsqueeze(2), 0.0)  # pad_sequence's zeros
    hidden = torch.cat([lang.unsqueeze(1).expand(-1, t_len, -1), hidden,
                        speaker.unsqueeze(1).expand(-1, t_len, -1)], dim=2)
    return hidden.masked_fill((positions >= total).unsqueeze(1), 0.0)
