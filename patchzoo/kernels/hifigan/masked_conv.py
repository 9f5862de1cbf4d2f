"""HiFi-GAN convolutions as one Triton kernel each: leaky ReLU, dilated conv, bias, padding mask and residual
add fused, for all the parallel residual blocks of a stage in one launch (conv_pre and conv_post: one group).

A HiFi-GAN stage (SeamlessM4T-v2's vocoder: 5 stages, 3 residual blocks of kernel 3 / 7 / 11, 3 dilation steps
each) runs, per block and step, stock's

    mid = conv1(leaky_relu(x)); out = conv2(leaky_relu(mid)) + x

On a bucket padded past the real length (seamless_vocoder.py), each convolution's output is also zeroed from
the real length on. Eagerly that is 5-8 kernels per convolution (leaky ReLU, cuDNN's layout transposes and
convolution, the mask, the add), ~2-3 µs each on these short sequences: ~800 kernels per waveform, whose
fixed costs, not FLOPs, set the time. Here one launch computes, for every group g (a residual block) and row b,

    out[g, b, o, t] = [t < length] * (bias[g, o] + sum_{j < taps[g], i} W[g, j, o, i]
                                       * leaky_relu(x[g, b, i, t + dil[g] * (j - (taps[g] - 1) / 2)]))
                      + residual[g, b, o, t]

with x read as zero outside [0, T) ("same" zero padding, as stock's Conv1d). The groups' kernel sizes differ
(taps[g] of at most KMAX; the weights are zero-padded to KMAX but only taps[g] are read); x may be one tensor
shared by all groups (group stride 0). Accumulation in fp32; the leaky ReLU is rounded to the input dtype
before the product, as stock's separate leaky_relu kernel rounds it.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from patchzoo.kernels.launch import launch


@triton.jit
def leaky_relu_rounded(x, SLOPE: tl.constexpr):
    """leaky_relu(x) for x in a 16-bit or fp32 dtype, computed in fp32 and rounded back to x's dtype: what
    stock's separate leaky_relu kernel returns for the same x (x > 0 ? x : x * slope; at +-0 both give x)."""
    xf = x.to(tl.float32)
    return tl.where(xf >= 0, xf, xf * SLOPE).to(x.dtype)


@triton.jit
def _masked_leaky_conv_kernel(
    x_ptr, w_ptr, bias_ptr, taps_ptr, dil_ptr, length_ptr, res_ptr, out_ptr, act_ptr,
    groups, batch, c_in, c_out, t_len,
    sx_g, sx_b, sx_c, sx_t,
    sw_g, sw_k, sw_o, sw_i,
    sr_g, sr_b, sr_c, sr_t,
    so_g, so_b, so_c, so_t,
    SLOPE: tl.constexpr, HAS_RES: tl.constexpr, ACTIVATE_INPUT: tl.constexpr, STORE_OUT: tl.constexpr,
    STORE_ACT: tl.constexpr, TIME_MAJOR: tl.constexpr, BLOCK_O: tl.constexpr, BLOCK_I: tl.constexpr,
    BLOCK_T: tl.constexpr, PRECISION: tl.constexpr,
):
    pid_t, pid_o, pid_gb = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    # Last group first: HiFi-GAN's later blocks have the wider kernels (3 / 7 / 11 taps), and the GPU starts
    # programs in grid order, so the longest ones start first instead of forming the tail.
    g, b = groups - 1 - pid_gb // batch, pid_gb % batch
    taps = tl.load(taps_ptr + g)
    dil = tl.load(dil_ptr + g)
    offs_t = pid_t * BLOCK_T + tl.arange(0, BLOCK_T)
    offs_o = pid_o * BLOCK_O + tl.arange(0, BLOCK_O)
    # The output tile is (time, out channel) when TIME_MAJOR, else (out channel, time): t_ and o_ are its
    # positions broadcast to that orientation.
    if TIME_MAJOR:
        t_, o_ = offs_t[:, None], offs_o[None, :]
        acc = tl.zeros((BLOCK_T, BLOCK_O), dtype=tl.float32)
    else:
        t_, o_ = offs_t[None, :], offs_o[:, None]
        acc = tl.zeros((BLOCK_O, BLOCK_T), dtype=tl.float32)
    x_base = x_ptr + g * sx_g + b * sx_b
    w_base = w_ptr + g * sw_g
    chunks = tl.cdiv(c_in, BLOCK_I)
    # One loop over (tap, input-channel chunk), not two nested: the software pipeline then prefetches across
    # taps too (the channel chunks alone are 1-8 iterations here).
    for step in range(0, taps * chunks):
        j = step // chunks
        offs_i = (step - j * chunks) * BLOCK_I + tl.arange(0, BLOCK_I)
        src = offs_t + (j - (taps - 1) // 2) * dil  # (BLOCK_T,) input positions of tap j
        in_range = (src >= 0) & (src < t_len)
        if TIME_MAJOR:  # x (BLOCK_T, BLOCK_I) @ w (BLOCK_I, BLOCK_O)
            xt = tl.load(x_base + src[:, None] * sx_t + offs_i[None, :] * sx_c,
                         mask=in_range[:, None] & (offs_i[None, :] < c_in), other=0.0)
            wt = tl.load(w_base + j * sw_k + offs_i[:, None] * sw_i + offs_o[None, :] * sw_o,
                         mask=(offs_i[:, None] < c_in) & (offs_o[None, :] < c_out), other=0.0)
        else:  # w (BLOCK_O, BLOCK_I) @ x (BLOCK_I, BLOCK_T)
            xt = tl.load(x_base + offs_i[:, None] * sx_c + src[None, :] * sx_t,
                         mask=(offs_i[:, None] < c_in) & in_range[None, :], other=0.0)
            wt = tl.load(w_base + j * sw_k + offs_o[:, None] * sw_o + offs_i[None, :] * sw_i,
                         mask=(offs_o[:, None] < c_out) & (offs_i[None, :] < c_in), other=0.0)
        if ACTIVATE_INPUT:  # a register round trip before the dot: the pipeline cannot feed it from shared memory
            xt = leaky_relu_rounded(xt, SLOPE)
        if TIME_MAJOR:
            acc = tl.dot(xt, wt, acc, input_precision=PRECISION)
        else:
            acc = tl.dot(wt, xt, acc, input_precision=PRECISION)
    acc += tl.load(bias_ptr + g * c_out + o_, mask=o_ < c_out, other=0.0).to(tl.float32)
    length = tl.load(length_ptr)
    acc = tl.where(t_ < length, acc, 0.0)
    keep = (o_ < c_out) & (t_ < t_len)
    if HAS_RES:
        residual = tl.load(res_ptr + g * sr_g + b * sr_b + o_ * sr_c + t_ * sr_t, mask=keep, other=0.0)
        acc += residual.to(tl.float32)
    out = acc.to(out_ptr.dtype.element_ty)
    out_offsets = g * so_g + b * so_b + o_ * so_c + t_ * so_t
    if STORE_OUT:
        tl.store(out_ptr + out_offsets, out, mask=keep)
    if STORE_ACT:  # the next convolution's input, activated as it would activate the rounded output
        tl.store(act_ptr + out_offsets, leaky_relu_rounded(out, SLOPE), mask=keep)


@dataclass
class GroupedConv:
    """The convolutions of one residual-block step across a stage's G parallel blocks (or one convolution, G = 1).

    weight (G, KMAX, C_out, C_in): block g's kernel at [g, :taps[g]], zeros beyond; bias (G, C_out);
    taps / dilation (G,) int32 on the device for the kernel, and as tuples for the reference.
    """

    weight: torch.Tensor
    bias: torch.Tensor
    taps: torch.Tensor
    dilation: torch.Tensor
    taps_host: tuple[int, ...]
    dilation_host: tuple[int, ...]
    slope: float

    @classmethod
    def from_convs(cls, convs: list[torch.nn.Conv1d], slope: float) -> GroupedConv:
        kmax = max(c.kernel_size[0] for c in convs)
        weight = torch.stack([F.pad(c.weight.detach().permute(2, 0, 1), (0, 0, 0, 0, 0, kmax - c.kernel_size[0]))
                              for c in convs]).contiguous()
        bias = torch.stack([c.bias.detach() for c in convs]).contiguous()
        taps, dilation = tuple(c.kernel_size[0] for c in convs), tuple(c.dilation[0] for c in convs)
        as_tensor = lambda values: torch.tensor(values, dtype=torch.int32, device=weight.device)  # noqa: E731
        return cls(weight, bias, as_tensor(taps), as_tensor(dilation), taps, dilation, slope)

    def refresh(self, convs: list[torch.nn.Conv1d]) -> None:
        """Copy the convolutions' current values in place (graphs captured on these buffers stay valid)."""
        for g, conv in enumerate(convs):
            self.weight[g, : conv.kernel_size[0]].copy_(conv.weight.detach().permute(2, 0, 1))
            self.bias[g].copy_(conv.bias.detach())


def covered(conv: torch.nn.Module) -> bool:
    """Whether `conv` is a convolution the kernel computes: Conv1d, stride 1, one group, biased, odd kernel with
    "same" zero padding (HiFi-GAN's get_padding)."""
    return (
        type(conv) is torch.nn.Conv1d and conv.stride == (1,) and conv.groups == 1 and conv.bias is not None
        and conv.padding_mode == "zeros" and conv.kernel_size[0] % 2 == 1
        and conv.padding == (conv.dilation[0] * (conv.kernel_size[0] - 1) // 2,)
    )


@dataclass(frozen=True)
class ConvTile:
    block_o: int
    block_i: int
    block_t: int
    num_warps: int = 4
    num_stages: int = 3


def _blocks(size: int, cap: int) -> int:
    return max(16, min(cap, triton.next_power_of_2(size)))


def default_tile(c_out: int, c_in: int, t_len: int, dtype: torch.dtype, x_activated: bool = False,
                 channels_last: bool = False) -> ConvTile:
    """Tiles measured best for SeamlessM4T-v2's stage shapes (C 256 ... 16, T 560 ... 164k; benchmarks/RESULTS.md,
    vocoder). Channel-major, activating in the main loop (H100): short reduction tiles (16-32 input channels:
    more independent products in flight per tap); fp32 (TF32) narrower output tiles than fp16. Channel-major,
    pre-activated 16-bit input (an H200 sweep over the 400-unit shapes): wide tiles where the channels allow.
    Channels-last, 16-bit (H200 sweeps, then end to end): whole 128-channel reduction chunks at C >= 128, long
    time tiles at C <= 32 (512 steps at C = 16); the vocoder at 100 / 400 units took 1.22 / 1.66 ms with these
    against 1.30 / 1.74 with 128 x 64 x 64 tiles throughout. At C <= 128, 4 warps and a 3-stage pipeline (an H100
    sweep, then end to end: 0.87 / 1.02 / 1.40 ms at 100 / 200 / 400 units against 0.95 / 1.07 / 1.42 with 8 warps
    or 2-4 stages). Single-launch timings moved by up to 2x between machines of the same model, so only the
    end-to-end comparison decided. At C = 256, 64 x 64 x 64 tiles with a 4-stage pipeline (an H200 sweep, then
    end to end: 0.70 / 0.79 / 1.13 ms at 100 / 200 / 400 units against 0.72 / 0.82 / 1.15 with 64 x 128 x 64,
    8 warps, 2 stages). Channels-last fp32 with TF32 (an H200 sweep over the 400-unit stage shapes,
    then end to end): 0.93 / 1.28 / 2.03 ms at 100 / 200 / 400 units against 1.14 / 1.59 / 2.46 ms with 64 x 64
    x 128 tiles throughout and the one-launch step at 128 channels.

    conv_pre (C_in 1792 -> 512, 7 taps, T = the frame bucket, 112-512 here) is a long reduction over few time
    steps: narrow output tiles and short time tiles give it enough programs (an H200 sweep, fp16: 37 / 51 / 42 µs
    at T = 112 / 256 / 512, from 307-322 µs with the stage tiles)."""
    if channels_last and c_in >= 512:
        wide = 64 if dtype == torch.float32 else 128  # fp32 operands take twice the shared memory
        return ConvTile(_blocks(c_out, 32), wide, 16 if t_len <= 128 else 64, num_stages=5 if t_len <= 128 else 4)
    if channels_last and dtype != torch.float32:
        if c_in >= 256:
            return ConvTile(_blocks(c_out, 64), 64, 64, num_stages=4)
        if c_in >= 128:
            return ConvTile(_blocks(c_out, 128), 128, 128)
        if c_in >= 64:
            return ConvTile(_blocks(c_out, 64), 64, 128)
        return ConvTile(_blocks(c_out, 32), _blocks(c_in, 32), 256 if c_in >= 32 else 512)
    if channels_last:  # fp32 (TF32): short time tiles at C >= 128, 32-channel reduction chunks below C = 256
        if c_in >= 256:
            return ConvTile(_blocks(c_out, 64), 64, 64)
        if c_in >= 128:
            return ConvTile(_blocks(c_out, 128), 32, 64)
        return ConvTile(_blocks(c_out, 64), _blocks(c_in, 32), 128)
    if dtype == torch.float32:
        return ConvTile(_blocks(c_out, 32), 16, 128, num_stages=3 if c_in >= 64 else 2)
    if x_activated:
        if c_in >= 128:
            return ConvTile(_blocks(c_out, 128), 64, 64, num_warps=8 if c_in >= 256 else 4, num_stages=2)
        if c_in >= 64:
            return ConvTile(_blocks(c_out, 64), 32, 128, num_stages=3)
        return ConvTile(_blocks(c_out, 32), 16, 256 if c_in >= 32 else 128, num_stages=4 if c_in >= 32 else 2)
    if c_in >= 64:
        return ConvTile(_blocks(c_out, 64), 32, 64, num_stages=3)
    return ConvTile(_blocks(c_out, 64), 16, 64 if t_len <= 32768 else 128, num_stages=2)


def _precision(dtype: torch.dtype) -> str:
    # fp32 follows PyTorch's switch for cuDNN convolutions (what stock's fp32 Conv1d would use)
    return "tf32" if dtype == torch.float32 and torch.backends.cudnn.allow_tf32 else "ieee"


def fast_on_gpu(dtype: torch.dtype) -> bool:
    """Whether the kernel beats cuDNN on a GPU in this dtype: fp16, bf16, and fp32 where TF32 is allowed. fp32
    without TF32 runs tl.dot on the CUDA cores (measured 2.5-25x slower than cuDNN's fp32 convolutions)."""
    return dtype != torch.float32 or torch.backends.cudnn.allow_tf32


def masked_leaky_conv(x: torch.Tensor, conv: GroupedConv, length: torch.Tensor,
                      residual: torch.Tensor | None = None, tile: ConvTile | None = None, *,
                      x_activated: bool = False, store: str = "out", channels_last: bool = False):
    """x (G, B, C_in, T) (a group stride of 0 shares one input), length 0-dim int on x's device ->
    (G, B, C_out, T): the fused step of the module docstring. residual: (G, B, C_out, T) or None.

    Chained convolutions skip the activation in the kernel's main loop (where it costs a register round
    trip per tile) by passing activations along: x_activated says x already holds leaky_relu(input) with
    conv.slope, rounded to x's dtype; store picks what comes back: "out", "act" (leaky_relu(out) with
    conv.slope, as the next convolution reads it) or "both" (out, act).

    channels_last: the outputs are (G, B, C_out, T) views of (G, B, T, C_out) memory and the kernel computes
    (time, channel) tiles, time as the tensor cores' M dimension (few channels, long sequences). Reading x in
    that layout too, each tap's shifted rows stay 16-byte aligned (the shift moves whole rows of C channels)."""
    if store not in ("out", "act", "both"):
        raise ValueError(f"store={store!r} is not one of out, act, both")
    groups, batch, c_in, t_len = x.shape
    c_out = conv.weight.shape[2]

    def new() -> torch.Tensor:
        if channels_last:
            return torch.empty((groups, batch, t_len, c_out), dtype=x.dtype, device=x.device).transpose(2, 3)
        return torch.empty((groups, batch, c_out, t_len), dtype=x.dtype, device=x.device)

    out = new() if store != "act" else None
    act = new() if store != "out" else None
    tile = tile or default_tile(c_out, c_in, t_len, x.dtype, x_activated, channels_last)
    grid = (triton.cdiv(t_len, tile.block_t), triton.cdiv(c_out, tile.block_o), groups * batch)
    written = out if out is not None else act
    res = written if residual is None else residual
    launch(
        _masked_leaky_conv_kernel, grid,
        (x, conv.weight, conv.bias, conv.taps, conv.dilation, length, res, written, written if act is None else act),
        (groups, batch, c_in, c_out, t_len, *x.stride(), *conv.weight.stride(), *res.stride(), *written.stride()),
        dict(SLOPE=conv.slope, HAS_RES=residual is not None, ACTIVATE_INPUT=not x_activated,
             STORE_OUT=out is not None, STORE_ACT=act is not None, TIME_MAJOR=channels_last,
             BLOCK_O=tile.block_o, BLOCK_I=tile.block_i, BLOCK_T=tile.block_t, PRECISION=_precision(x.dtype)),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )
    return {"out": out, "act": act, "both": (out, act)}[store]


def masked_leaky_conv_reference(x: torch.Tensor, conv: GroupedConv, length: torch.Tensor,
                                residual: torch.Tensor | None = None, *, x_activated: bool = False,
                                store: str = "out"):
    """masked_leaky_conv in plain PyTorch: per group, stock's leaky_relu and Conv1d, then the mask and the add."""
    beyond = torch.arange(x.shape[-1], device=x.device) >= length
    outs = []
    for g, (taps, dilation) in enumerate(zip(conv.taps_host, conv.dilation_host)):
        weight = conv.weight[g, :taps].permute(1, 2, 0)  # (C_out, C_in, taps)
        y = F.conv1d(x[g] if x_activated else F.leaky_relu(x[g], conv.slope), weight, conv.bias[g],
                     padding=dilation * (taps - 1) // 2, dilation=dilation).masked_fill(beyond, 0.0)
        outs.append(y if residual is None else y + residual[g])
    out = torch.stack(outs)
    act = F.leaky_relu(out, conv.slope)
    return {"out": out, "act": act, "both": (out, act)}[store]
