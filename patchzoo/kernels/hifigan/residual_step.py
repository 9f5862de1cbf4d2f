"""One HiFi-GAN residual-block dilation step as one Triton kernel: both convolutions, the activation between
them, the masks and the residual add, for all the parallel blocks of a stage in one launch.

Per dilation step a HiFi-GAN residual block (SeamlessM4T-v2's vocoder: 3 blocks of kernel 3 / 7 / 11 per
stage, dilations 1 / 3 / 5) computes, with the zoo's bucket padding re-zeroed after each convolution,

    mid = mask(conv1(leaky_relu(x)))           # dilated, taps[g] taps
    out = mask(conv2(leaky_relu(mid))) + x     # undilated, same taps

masked_conv.py runs that as two launches, mid going through memory in between. Here one program computes an
output tile of BLOCK_M - 2 HALO time steps (HALO = the widest conv2's half width, 5 for 11 taps) and every
channel of one block and batch row: conv1 over BLOCK_M rows (the tile and HALO rows on either side), its
activated result to a per-program scratch slot, a barrier, then conv2 reading the slot's rows shifted per tap.
The products and their order are masked_conv's (each tap one tl.dot over all input channels, fp32
accumulation), and every rounding is stock's: mid is rounded to the input dtype, then activated and rounded
again, as stock's separate convolution and leaky_relu kernels round them. The HALO rows cost conv1 2 HALO /
BLOCK_M extra products (8 % at 128 rows); what it saves is a launch per step and mid's round trip through
memory. That pays at 128 channels in 16-bit dtypes (default_step_tile); at 16-64 channels, and in fp32, the two
launches are as fast or faster.

The slot is global memory (Triton has no addressable shared memory), written and read by the same program
within microseconds, so it stays in cache; tl.debug_barrier (bar.sync) orders the writes before the reads
across the program's threads.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from patchzoo.kernels.hifigan.masked_conv import GroupedConv, _precision, leaky_relu_rounded, masked_leaky_conv_reference
from patchzoo.kernels.launch import launch


@triton.jit
def _masked_leaky_step_kernel(
    x_ptr, res_ptr, w1_ptr, b1_ptr, w2_ptr, b2_ptr, taps_ptr, dil_ptr, length_ptr, out_ptr, act_ptr, scratch_ptr,
    groups, batch, c, t_len, t_tiles,
    sx_g, sx_b, sx_c, sx_t,
    sr_g, sr_b, sr_c, sr_t,
    sw_g, sw_k, sw_o, sw_i,
    so_g, so_b, so_c, so_t,
    SLOPE: tl.constexpr, STORE_ACT: tl.constexpr, HALO: tl.constexpr, BLOCK_M: tl.constexpr,
    BLOCK_C: tl.constexpr, PRECISION: tl.constexpr,
):
    pid_t, pid_gb = tl.program_id(0), tl.program_id(1)
    # Last group first: the later blocks have the wider kernels, and the GPU starts programs in grid order.
    g, b = groups - 1 - pid_gb // batch, pid_gb % batch
    taps = tl.load(taps_ptr + g)
    dil = tl.load(dil_ptr + g)
    half = (taps - 1) // 2
    OUT_ROWS: tl.constexpr = BLOCK_M - 2 * HALO
    t0 = pid_t * OUT_ROWS  # the tile's first output step
    r = tl.arange(0, BLOCK_M)
    ch = tl.arange(0, BLOCK_C)
    in_c = ch < c
    w_mask = in_c[:, None] & in_c[None, :]
    length = tl.load(length_ptr)

    # conv1 on rows t0 - HALO ... t0 + OUT_ROWS + HALO - 1: x is pre-activated (x_activated in masked_conv)
    mid_t = t0 - HALO + r
    x_base = x_ptr + g * sx_g + b * sx_b
    acc = tl.zeros((BLOCK_M, BLOCK_C), dtype=tl.float32)
    for j in range(0, taps):
        src = mid_t + (j - half) * dil
        xt = tl.load(x_base + src[:, None] * sx_t + ch[None, :] * sx_c,
                     mask=((src >= 0) & (src < t_len))[:, None] & in_c[None, :], other=0.0)
        wt = tl.load(w1_ptr + g * sw_g + j * sw_k + ch[:, None] * sw_i + ch[None, :] * sw_o, mask=w_mask, other=0.0)
        acc = tl.dot(xt, wt, acc, input_precision=PRECISION)
    acc += tl.load(b1_ptr + g * c + ch, mask=in_c, other=0.0).to(tl.float32)[None, :]
    # Zero outside [0, length): the bucket's padding, and before 0 conv2's own zero padding.
    acc = tl.where(((mid_t >= 0) & (mid_t < length))[:, None], acc, 0.0)
    mid = leaky_relu_rounded(acc.to(out_ptr.dtype.element_ty), SLOPE)
    slot = scratch_ptr + (pid_gb * t_tiles + pid_t) * (BLOCK_M * BLOCK_C)
    tl.store(slot + r[:, None] * BLOCK_C + ch[None, :], mid)
    tl.debug_barrier()

    # conv2 (undilated) for output rows r < OUT_ROWS at t0 + r: tap j reads mid at t0 + r + j - half, slot row
    # r + j - half + HALO (rows past the slot only feed the discarded rows r >= OUT_ROWS).
    acc = tl.zeros((BLOCK_M, BLOCK_C), dtype=tl.float32)
    for j in range(0, taps):
        row = r + (j - half + HALO)
        mt = tl.load(slot + row[:, None] * BLOCK_C + ch[None, :], mask=(row < BLOCK_M)[:, None], other=0.0)
        wt = tl.load(w2_ptr + g * sw_g + j * sw_k + ch[:, None] * sw_i + ch[None, :] * sw_o, mask=w_mask, other=0.0)
        acc = tl.dot(mt, wt, acc, input_precision=PRECISION)
    t = t0 + r
    acc += tl.load(b2_ptr + g * c + ch, mask=in_c, other=0.0).to(tl.float32)[None, :]
    acc = tl.where((t < length)[:, None], acc, 0.0)
    keep = ((r < OUT_ROWS) & (t < t_len))[:, None] & in_c[None, :]
    residual = tl.load(res_ptr + g * sr_g + b * sr_b + t[:, None] * sr_t + ch[None, :] * sr_c, mask=keep, other=0.0)
    out = (acc + residual.to(tl.float32)).to(out_ptr.dtype.element_ty)
    offsets = g * so_g + b * so_b + t[:, None] * so_t + ch[None, :] * so_c
    tl.store(out_ptr + offsets, out, mask=keep)
    if STORE_ACT:  # the next step's input, activated as it would activate the rounded output
        tl.store(act_ptr + offsets, leaky_relu_rounded(out, SLOPE), mask=keep)


@dataclass(frozen=True)
class StepTile:
    block_m: int  # conv1 rows a program computes; it writes block_m - 2 HALO output steps
    num_warps: int = 4
    num_stages: int = 2


# One program holds (block_m, C) fp32 accumulators: wider stages run as two launches. At 64 channels and fewer
# the two launches were as fast or faster (H200 profiles of the vocoder at 400 units, fp16, kernels in the CUDA
# graph: 169 / 154 / 142 µs for the stages of 64 / 32 / 16 channels as two launches a step, 177 / 172 / 142 as
# one), so they stay two.
MIN_CHANNELS, MAX_CHANNELS = 65, 128


def default_step_tile(channels: int, dtype: torch.dtype) -> StepTile | None:
    """The tile for a stage of `channels`, None where the stage runs as two launches a step (outside
    MIN_CHANNELS..MAX_CHANNELS, and fp32). 16-bit: 128 rows, 8 warps, 3 pipeline stages (an H200 sweep at 128
    channels; in the vocoder's graph at 400 units the stage took 124 µs against 160 µs as two launches a step).
    fp32 (TF32) operands take twice the shared memory: the best one-launch tile (128 rows, 8 warps, no
    pipelining: 119 µs a step at 128 channels, 400 units, H200) lost to the two launches (94 µs)."""
    if dtype == torch.float32 or not MIN_CHANNELS <= channels <= MAX_CHANNELS:
        return None
    return StepTile(128, num_warps=8, num_stages=3)


def fusable(conv1: GroupedConv, conv2: GroupedConv) -> bool:
    """Whether the kernel computes this step: square convolutions of the same stacked shape, conv2 undilated."""
    weight1, weight2 = conv1.weight, conv2.weight
    return (weight1.shape == weight2.shape and weight1.stride() == weight2.stride()
            and weight1.shape[2] == weight1.shape[3] and conv1.taps_host == conv2.taps_host
            and all(d == 1 for d in conv2.dilation_host) and conv1.slope == conv2.slope)


def _halo(conv2: GroupedConv) -> int:
    return max((taps - 1) // 2 for taps in conv2.taps_host)


def masked_leaky_step(act: torch.Tensor, state: torch.Tensor, conv1: GroupedConv, conv2: GroupedConv,
                      length: torch.Tensor, *, store: str = "both", tile: StepTile | None = None):
    """act (G, B, C, T): leaky_relu(state) with the blocks' slope, rounded (any strides; a group stride of 0 shares
    one input); state (G, B, C, T) the residual; length 0-dim int on the device -> the step's output (G, B, C, T)
    as (B, T, C)-major views ("out"), or (out, its activation) ("both"): masked_conv's chained launches
    masked_leaky_conv(act, conv1, store="act") then masked_leaky_conv(mid, conv2, residual=state) in one."""
    if store not in ("out", "both"):
        raise ValueError(f"store={store!r} is not one of out, both")
    if not fusable(conv1, conv2):
        raise ValueError("conv1 and conv2 do not form a fusable step (see residual_step.fusable)")
    groups, batch, c, t_len = act.shape
    tile = tile or default_step_tile(c, act.dtype)
    if tile is None:
        raise ValueError(f"no default tile for {c} channels (the vocoder runs {MIN_CHANNELS}-{MAX_CHANNELS} as one "
                         "launch a step): pass tile=StepTile(...)")
    halo = _halo(conv2)
    if tile.block_m <= 2 * halo:
        raise ValueError(f"block_m={tile.block_m} leaves no output rows around a halo of {halo}")
    block_c = max(16, triton.next_power_of_2(c))
    t_tiles = triton.cdiv(t_len, tile.block_m - 2 * halo)

    def new() -> torch.Tensor:
        return torch.empty((groups, batch, t_len, c), dtype=act.dtype, device=act.device).transpose(2, 3)

    out = new()
    act_out = new() if store == "both" else out
    scratch = torch.empty((groups * batch * t_tiles, tile.block_m, block_c), dtype=act.dtype, device=act.device)
    launch(
        _masked_leaky_step_kernel, (t_tiles, groups * batch),
        (act, state, conv1.weight, conv1.bias, conv2.weight, conv2.bias, conv1.taps, conv1.dilation, length,
         out, act_out, scratch),
        (groups, batch, c, t_len, t_tiles, *act.stride(), *state.stride(), *conv1.weight.stride(), *out.stride()),
        dict(SLOPE=conv1.slope, STORE_ACT=store == "both", HALO=halo, BLOCK_M=tile.block_m, BLOCK_C=block_c,
             PRECISION=_precision(act.dtype)),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )
    return (out, act_out) if store == "both" else out


def masked_leaky_step_reference(act: torch.Tensor, state: torch.Tensor, conv1: GroupedConv, conv2: GroupedConv,
                                length: torch.Tensor, *, store: str = "both"):
    """masked_leaky_step in plain PyTorch: masked_conv's reference twice (stock's Conv1d per block)."""
    mid = masked_leaky_conv_reference(act, conv1, length, x_activated=True, store="act")
    return masked_leaky_conv_reference(mid, conv2, length, state, x_activated=True, store=store)
