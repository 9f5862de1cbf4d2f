"""A HiFi-GAN stage's residual blocks, every dilation step of them, as one Triton launch: the block's input read
once and its output written once, the steps in between kept in a per-program slot that stays in cache.

A residual block (SeamlessM4T-v2's vocoder: 3 blocks of kernel 3 / 7 / 11 per stage, dilations 1 / 3 / 5)
runs S dilation steps, each, with the zoo's bucket padding re-zeroed after every convolution,

    mid = mask(conv1(leaky_relu(x)))           # dilated by dil[s]
    x = mask(conv2(leaky_relu(mid))) + x       # undilated

hifigan_step.py / hifigan_conv.py run that as one or two launches per step, each reading and writing whole
(T, C) tensors: at 16-64 channels over 40k-155k time steps (the last three stages at 400 units) those launches
move 20-45 MB each and were measured at about twice that traffic's HBM time. Here one program owns one block,
one batch row and BLOCK_M time rows (an output tile of BLOCK_M - 2 HALO steps, HALO the widest block's reach
through all S steps: 60 for 11 taps and dilations 1 / 3 / 5) and runs every step on them: conv1 from the act
slot to the mid slot, a barrier, conv2 from the mid slot into the state and act slots (in place: a row's update
reads only its own state), a barrier, the next step. Each convolution computes only the rows the later ones
still read (its reach shrinks the tile's margin), BLOCK_R rows per tl.dot chunk. The first step reads the
stage's input (and its activation) from memory, the last writes the block's output; in between nothing
leaves the program's slots. The halo costs extra products (under 12 % at 1024 rows for the 11-tap block);
what it saves is 2 S - 1 launches and 5 S - 2 tensor round trips through memory per block.

Every rounding is stock's as in hifigan_step (each convolution's output rounded to the dtype, its activation
rounded again; the residual added in fp32 to the unrounded conv2 sum, as the one- and two-launch kernels do).
The slots are global memory written and read by the same program within microseconds (Triton has no addressable
shared memory); tl.debug_barrier (bar.sync) orders one convolution's writes before the next one's reads.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import torch
import triton
import triton.language as tl

from patchzoo.kernels.hifigan_conv import GroupedConv, _precision, leaky_relu_rounded, masked_leaky_conv_reference
from patchzoo.kernels.hifigan_step import fusable
from patchzoo.kernels.launch import launch


@triton.jit
def _rows_conv(src_ptr, s_row, s_ch, t_src0, t_len, row_lo, row_hi, FROM_SLOT: tl.constexpr,
               w_ptr, sw_k, sw_o, sw_i, taps, dil, rows, ch, c, acc, PRECISION: tl.constexpr):
    """acc (BLOCK_R, BLOCK_C) += sum_j src[rows + (j - half) dil] @ w[j]. From a slot (FROM_SLOT): rows outside
    [row_lo, row_hi), the rows the previous convolution computed, read as zero (they feed only rows that no later
    convolution reads). From the stage's input: row r is time t_src0 + r, zero outside [0, t_len)."""
    half = (taps - 1) // 2
    in_c = ch < c
    w_mask = in_c[:, None] & in_c[None, :]
    for j in range(0, taps):
        src = rows + (j - half) * dil
        if FROM_SLOT:
            ok = (src >= row_lo) & (src < row_hi)
        else:
            t = t_src0 + src
            ok = (t >= 0) & (t < t_len)
            src = t
        xt = tl.load(src_ptr + src[:, None] * s_row + ch[None, :] * s_ch, mask=ok[:, None] & in_c[None, :], other=0.0)
        wt = tl.load(w_ptr + j * sw_k + ch[:, None] * sw_i + ch[None, :] * sw_o, mask=w_mask, other=0.0)
        acc = tl.dot(xt, wt, acc, input_precision=PRECISION)
    return acc


@triton.jit
def _masked_leaky_block_kernel(
    x_ptr, act_ptr, w1_ptr, b1_ptr, w2_ptr, b2_ptr, taps_ptr, dil_ptr, length_ptr, out_ptr, scratch_ptr,
    groups, batch, c, t_len, t_tiles,
    sx_b, sx_c, sx_t,
    sw_s, sw_g, sw_k, sw_o, sw_i,
    sb_s, sb_g,
    so_g, so_b, so_c, so_t,
    SLOPE: tl.constexpr, STEPS: tl.constexpr, HALO: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr,
    BLOCK_C: tl.constexpr, PRECISION: tl.constexpr,
):
    pid_t, pid_gb = tl.program_id(0), tl.program_id(1)
    # Last group first: the later blocks have the wider kernels, and the GPU starts programs in grid order.
    g, b = groups - 1 - pid_gb // batch, pid_gb % batch
    taps = tl.load(taps_ptr + g)
    half = (taps - 1) // 2
    length = tl.load(length_ptr)
    t_row0 = pid_t * (BLOCK_M - 2 * HALO) - HALO  # the time of slot row 0
    ch = tl.arange(0, BLOCK_C)
    in_c = ch < c
    dtype = out_ptr.dtype.element_ty
    slot_state = scratch_ptr + (pid_gb * t_tiles + pid_t).to(tl.int64) * (3 * BLOCK_M * BLOCK_C)
    slot_act = slot_state + BLOCK_M * BLOCK_C
    slot_mid = slot_act + BLOCK_M * BLOCK_C
    x_base = x_ptr + b * sx_b
    act_base = act_ptr + b * sx_b

    # reach: how far (in rows, each side) the convolutions not yet run still read; the output tile is rows
    # [HALO, BLOCK_M - HALO), so a convolution computes [HALO - reach, BLOCK_M - HALO + reach) after it ran.
    reach = 0
    for s in tl.static_range(STEPS):
        reach += half * (tl.load(dil_ptr + s * groups + g) + 1)
    lo, hi = HALO - reach, BLOCK_M - HALO + reach  # what the first convolution reads (from memory)

    for s in tl.static_range(STEPS):
        dil = tl.load(dil_ptr + s * groups + g)
        w1 = w1_ptr + s * sw_s + g * sw_g
        w2 = w2_ptr + s * sw_s + g * sw_g
        b1 = tl.load(b1_ptr + s * sb_s + g * sb_g + ch, mask=in_c, other=0.0).to(tl.float32)
        b2 = tl.load(b2_ptr + s * sb_s + g * sb_g + ch, mask=in_c, other=0.0).to(tl.float32)

        # conv1: act -> mid, on the rows conv2 and the later steps read
        reach -= half * dil
        mid_lo, mid_hi = HALO - reach, BLOCK_M - HALO + reach
        for r0 in range(mid_lo, mid_hi, BLOCK_R):
            rows = r0 + tl.arange(0, BLOCK_R)
            acc = tl.zeros((BLOCK_R, BLOCK_C), dtype=tl.float32)
            if s == 0:
                acc = _rows_conv(act_base, sx_t, sx_c, t_row0, t_len, lo, hi, False, w1, sw_k, sw_o, sw_i, taps, dil,
                                 rows, ch, c, acc, PRECISION)
            else:
                acc = _rows_conv(slot_act, BLOCK_C, 1, t_row0, t_len, lo, hi, True, w1, sw_k, sw_o, sw_i, taps, dil,
                                 rows, ch, c, acc, PRECISION)
            t = t_row0 + rows
            # zero outside [0, length): the bucket's padding, and before 0 conv2's own zero padding
            acc = tl.where(((t >= 0) & (t < length))[:, None], acc + b1[None, :], 0.0)
            mid = leaky_relu_rounded(acc.to(dtype), SLOPE)
            tl.store(slot_mid + rows[:, None] * BLOCK_C + ch[None, :], mid, mask=(rows < mid_hi)[:, None])
        tl.debug_barrier()

        # conv2: mid -> state + residual, in place
        reach -= half
        lo, hi = HALO - reach, BLOCK_M - HALO + reach
        for r0 in range(lo, hi, BLOCK_R):
            rows = r0 + tl.arange(0, BLOCK_R)
            acc = tl.zeros((BLOCK_R, BLOCK_C), dtype=tl.float32)
            acc = _rows_conv(slot_mid, BLOCK_C, 1, t_row0, t_len, mid_lo, mid_hi, True, w2, sw_k, sw_o, sw_i, taps,
                             1, rows, ch, c, acc, PRECISION)
            t = t_row0 + rows
            acc = tl.where(((t >= 0) & (t < length))[:, None], acc + b2[None, :], 0.0)
            if s == 0:
                residual = tl.load(x_base + t[:, None] * sx_t + ch[None, :] * sx_c,
                                   mask=((t >= 0) & (t < t_len))[:, None] & in_c[None, :], other=0.0)
            else:
                residual = tl.load(slot_state + rows[:, None] * BLOCK_C + ch[None, :], mask=(rows < hi)[:, None],
                                   other=0.0)
            new = (acc + residual.to(tl.float32)).to(dtype)
            if s + 1 < STEPS:
                at = rows[:, None] * BLOCK_C + ch[None, :]
                keep = (rows < hi)[:, None]
                tl.store(slot_state + at, new, mask=keep)
                tl.store(slot_act + at, leaky_relu_rounded(new, SLOPE), mask=keep)
            else:
                keep = ((rows < hi) & (t < t_len))[:, None] & in_c[None, :]
                tl.store(out_ptr + g * so_g + b * so_b + t[:, None] * so_t + ch[None, :] * so_c, new, mask=keep)
        if s + 1 < STEPS:
            tl.debug_barrier()


@dataclass
class StackedSteps:
    """A stage's S dilation steps with their G blocks' weights in one buffer each, for the one-launch block
    kernel: weight1 / weight2 (S, G, KMAX, C, C), bias1 / bias2 (S, G, C), dilation (S, G) int32; `steps` are
    the per-step GroupedConvs as views of those buffers (refreshing them writes the buffers, and the per-step
    kernels run on them unchanged)."""

    steps: list[tuple[GroupedConv, GroupedConv]]
    weight1: torch.Tensor
    bias1: torch.Tensor
    weight2: torch.Tensor
    bias2: torch.Tensor
    dilation: torch.Tensor

    @classmethod
    def from_steps(cls, steps: list[tuple[GroupedConv, GroupedConv]]) -> StackedSteps:
        stacked = {name: torch.stack([getattr(step[i], field) for step in steps]).contiguous()
                   for name, i, field in (("weight1", 0, "weight"), ("bias1", 0, "bias"), ("weight2", 1, "weight"),
                                          ("bias2", 1, "bias"), ("dilation", 0, "dilation"))}
        views = [(replace(c1, weight=stacked["weight1"][s], bias=stacked["bias1"][s], dilation=stacked["dilation"][s]),
                  replace(c2, weight=stacked["weight2"][s], bias=stacked["bias2"][s]))
                 for s, (c1, c2) in enumerate(steps)]
        return cls(views, **stacked)

    @property
    def channels(self) -> int:
        return self.weight1.shape[-1]

    def halo(self) -> int:
        """The widest block's reach through all steps, in time steps each side."""
        conv1s = [c1 for c1, _ in self.steps]
        return max(sum((taps - 1) // 2 * (conv1.dilation_host[g] + 1) for conv1 in conv1s)
                   for g, taps in enumerate(conv1s[0].taps_host))

    def fusable(self) -> bool:
        """Whether the kernel computes these steps: square convolutions, every conv2 undilated, one slope."""
        return all(fusable(c1, c2) for c1, c2 in self.steps) and len({c1.slope for c1, _ in self.steps}) == 1


@dataclass(frozen=True)
class BlockTile:
    block_m: int  # time rows a program owns; it writes block_m - 2 halo output steps
    block_r: int = 128  # rows per tl.dot chunk
    num_warps: int = 4
    num_stages: int = 2


def default_block_tile(channels: int, dtype: torch.dtype) -> BlockTile | None:
    """The tile for a stage of `channels`, None where the stage runs step by step (hifigan_step / hifigan_conv)."""
    if channels > 64:
        return None
    return BlockTile(1024, 128)


def masked_leaky_block(hidden: torch.Tensor, act: torch.Tensor, stacked: StackedSteps, length: torch.Tensor, *,
                       tile: BlockTile | None = None) -> torch.Tensor:
    """hidden (B, C, T), the stage's input, zero from `length` (0-dim int on the device) on; act: leaky_relu(hidden)
    with the blocks' slope, rounded, with hidden's strides -> (G, B, C, T) views of (G, B, T, C) memory: each
    block's output after all its steps (what hifigan_step / hifigan_conv return after the last step)."""
    if not stacked.fusable():
        raise ValueError("the stage's steps do not form fusable blocks (see hifigan_block.StackedSteps.fusable)")
    if act.shape != hidden.shape or act.stride() != hidden.stride():
        raise ValueError(f"act {tuple(act.shape)} strides {act.stride()} differ from hidden's {hidden.stride()}")
    batch, c, t_len = hidden.shape
    tile = tile or default_block_tile(c, hidden.dtype)
    if tile is None:
        raise ValueError(f"no default tile for {c} channels (the vocoder runs stages of at most 64 channels as one "
                         "launch): pass tile=BlockTile(...)")
    halo = stacked.halo()
    if tile.block_m <= 2 * halo:
        raise ValueError(f"block_m={tile.block_m} leaves no output rows around a halo of {halo}")
    conv1 = stacked.steps[0][0]
    groups, block_c = len(conv1.taps_host), max(16, triton.next_power_of_2(c))
    t_tiles = triton.cdiv(t_len, tile.block_m - 2 * halo)
    out = torch.empty((groups, batch, t_len, c), dtype=hidden.dtype, device=hidden.device).transpose(2, 3)
    scratch = torch.empty((groups * batch * t_tiles, 3, tile.block_m, block_c), dtype=hidden.dtype,
                          device=hidden.device)
    w, bias = stacked.weight1, stacked.bias1
    launch(
        _masked_leaky_block_kernel, (t_tiles, groups * batch),
        (hidden, act, w, bias, stacked.weight2, stacked.bias2, conv1.taps, stacked.dilation, length, out, scratch),
        (groups, batch, c, t_len, t_tiles, *hidden.stride(), *w.stride(), *bias.stride()[:2], *out.stride()),
        dict(SLOPE=conv1.slope, STEPS=len(stacked.steps), HALO=halo, BLOCK_M=tile.block_m, BLOCK_R=tile.block_r,
             BLOCK_C=block_c, PRECISION=_precision(hidden.dtype)),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )
    return out


def masked_leaky_block_reference(hidden: torch.Tensor, steps: list[tuple[GroupedConv, GroupedConv]],
                                 length: torch.Tensor) -> torch.Tensor:
    """masked_leaky_block in plain PyTorch on StackedSteps.steps: hifigan_conv's reference for every convolution."""
    state = hidden.expand(len(steps[0][0].taps_host), *hidden.shape)
    for conv1, conv2 in steps:
        mid = masked_leaky_conv_reference(state, conv1, length, store="act")
        state = masked_leaky_conv_reference(mid, conv2, length, state, x_activated=True)
    return state
