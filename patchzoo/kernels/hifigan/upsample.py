"""HiFi-GAN's upsampling step as one Triton kernel: the previous stage's residual-block mean, leaky ReLU,
transposed convolution, bias and padding mask in one launch.

Per upsampling stage SeamlessM4T-v2's vocoder (transformers SeamlessM4Tv2CodeHifiGan) runs

    hidden = ((r0 + r1) + r2) / 3                       # the previous stage's G residual blocks, averaged
    hidden = upsampler(leaky_relu(hidden, 0.1))          # ConvTranspose1d(C, C / 2, K, stride s, padding p)
    hidden = hidden.masked_fill(arange(T_out) >= length, 0)   # the zoo's bucket padding re-zeroed

as 6-8 eager kernels (the mean's adds and division, leaky ReLU, cuDNN's layout transposes and convolution, the
mask). Here x is (G, B, C_in, T_in) and, with a[b, i, n] = leaky_relu(mean_g x[g, b, i, n]) (m = x[0] for G = 1),

    out[b, o, t] = [t < length] * (bias[o] + sum_{i, j, n: n s + j = t + p} a[b, i, n] * W[i, o, j])

with T_out = (T_in - 1) s - 2 p + K (no dilation, no output padding), accumulated in fp32.

Polyphase: write u = t + p = q s + r with phase r in [0, s). Then n s + j = q s + r forces j = r + m s and
n = q - m for m = 0 .. taps_r - 1, taps_r = ceil((K - r) / s) (ceil(K / s) taps for the phases below K mod s,
floor(K / s) for the rest, none where r >= K). So each phase is an ordinary (non-strided) convolution over the
input with the taps r, r + s, ...: outputs t = q s + r - p for consecutive q read inputs q, q - 1, ..., and no
product is wasted on the zeros a strided scatter would insert. One program computes a (time, out channel) tile
of one phase and batch row: q from p // s on, enough tiles that (T_out - 1 + p) // s is reached; per phase
at most one q at either end falls outside [0, T_out) and is masked at the store.

The tile is time-major, acc (BLOCK_Q, BLOCK_O) += a (BLOCK_Q, BLOCK_I) @ W_j (BLOCK_I, BLOCK_O), the
positions on the tensor cores' M dimension as in masked_conv's channels-last path: x's typical layout is
(B, T, C) memory (the residual-block kernels' channels-last outputs), where a tile's rows are contiguous runs of
channels. The mean and the activation are computed on each loaded tile in registers before the dot; each input
element is thus activated once per tap reading it (K times over all phases), which costs ALU time, not memory
traffic, and saves the launch and round trip of a separate activation kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from patchzoo.kernels.hifigan.masked_conv import ConvTile, _blocks, _precision, leaky_relu_rounded
from patchzoo.kernels.launch import launch


@triton.jit
def _activated_mean(ptrs, group_stride, mask, GROUPS: tl.constexpr, SLOPE: tl.constexpr):
    """round(leaky_relu(m)) of the (BLOCK_Q, BLOCK_I) input tile at ptrs, m the mean over the GROUPS groups.

    Each operation is rounded to the input dtype as stock's separate eager kernels round their outputs:
    m = round(round(round(x0 + x1) + x2) * (1 / G)), then the activation, so that in fp16 / bf16 the products
    see the same bits stock's convolution reads (in fp32 the roundings are no-ops). The division is a product
    with 1 / G because that is what PyTorch's CUDA kernel for `tensor / scalar` computes (bit-identical to stock
    on the GPU in fp32); in fp16 / bf16 it also equals the true quotient rounded, since x / G for a 16-bit x is
    never within an fp32 ulp of a 16-bit rounding midpoint.
    """
    first = tl.load(ptrs, mask=mask, other=0.0)
    m = first.to(tl.float32)
    for g in tl.static_range(1, GROUPS):
        xg = tl.load(ptrs + g * group_stride, mask=mask, other=0.0).to(tl.float32)
        m = (m + xg).to(first.dtype).to(tl.float32)
    if GROUPS > 1:
        m = (m * (1.0 / GROUPS)).to(first.dtype).to(tl.float32)
    return leaky_relu_rounded(m.to(first.dtype), SLOPE)  # m holds a value of x's dtype: the cast is exact


@triton.jit
def _masked_leaky_upsample_kernel(
    x_ptr, w_ptr, bias_ptr, length_ptr, out_ptr, act_ptr,
    batch, c_in, c_out, t_in, t_out,
    sx_g, sx_b, sx_c, sx_t,
    sw_k, sw_i, sw_o,
    so_b, so_c, so_t,
    GROUPS: tl.constexpr, KERNEL: tl.constexpr, STRIDE: tl.constexpr, PADDING: tl.constexpr,
    SLOPE: tl.constexpr, ACT_SLOPE: tl.constexpr, STORE_ACT: tl.constexpr,
    BLOCK_Q: tl.constexpr, BLOCK_O: tl.constexpr, BLOCK_I: tl.constexpr, PRECISION: tl.constexpr,
):
    pid_q, pid_o, pid_rb = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    # Phase-major: phase r has ceil((K - r) / s) taps, non-increasing in r, so the GPU (which starts programs in
    # grid order) starts the longest programs first instead of leaving them as the tail.
    r, b = pid_rb // batch, pid_rb % batch
    taps = (KERNEL - r + STRIDE - 1) // STRIDE  # taps j = r, r + s, ... below K (0 where r >= K)
    offs_q = PADDING // STRIDE + pid_q * BLOCK_Q + tl.arange(0, BLOCK_Q)  # (BLOCK_Q,) u // s of the outputs
    offs_o = pid_o * BLOCK_O + tl.arange(0, BLOCK_O)
    acc = tl.zeros((BLOCK_Q, BLOCK_O), dtype=tl.float32)
    x_base = x_ptr + b * sx_b
    chunks = tl.cdiv(c_in, BLOCK_I)
    # One loop over (tap, input-channel chunk), not two nested, as in masked_conv.py: the software pipeline then
    # prefetches across taps too (2-3 taps a phase here).
    for step in range(0, taps * chunks):
        m = step // chunks
        offs_i = (step - m * chunks) * BLOCK_I + tl.arange(0, BLOCK_I)
        src = offs_q - m  # (BLOCK_Q,) input positions n = q - m read by tap j = r + m s
        x_mask = ((src >= 0) & (src < t_in))[:, None] & (offs_i[None, :] < c_in)
        a = _activated_mean(x_base + src[:, None] * sx_t + offs_i[None, :] * sx_c, sx_g, x_mask, GROUPS, SLOPE)
        w = tl.load(w_ptr + (r + m * STRIDE) * sw_k + offs_i[:, None] * sw_i + offs_o[None, :] * sw_o,
                    mask=(offs_i[:, None] < c_in) & (offs_o[None, :] < c_out), other=0.0)
        acc = tl.dot(a, w, acc, input_precision=PRECISION)  # (BLOCK_Q, BLOCK_I) @ (BLOCK_I, BLOCK_O)
    t = offs_q * STRIDE + r - PADDING  # (BLOCK_Q,) output positions of this phase, s apart
    acc += tl.load(bias_ptr + offs_o, mask=offs_o < c_out, other=0.0).to(tl.float32)[None, :]
    length = tl.load(length_ptr)
    acc = tl.where(t[:, None] < length, acc, 0.0)
    keep = ((t >= 0) & (t < t_out))[:, None] & (offs_o[None, :] < c_out)
    out = acc.to(out_ptr.dtype.element_ty)
    offsets = b * so_b + t[:, None] * so_t + offs_o[None, :] * so_c
    tl.store(out_ptr + offsets, out, mask=keep)
    if STORE_ACT:  # the next convolution's input, activated as it would activate the rounded output
        tl.store(act_ptr + offsets, leaky_relu_rounded(out, ACT_SLOPE), mask=keep)


@dataclass
class TransposedConv:
    """One ConvTranspose1d as the kernel reads it: weight (K, C_in, C_out) contiguous (tap j's (C_in, C_out)
    matrix is the dot's right operand), bias (C_out,), and the host ints the kernel is specialised on.

    A stride-1 Conv1d with zero padding p is the transposed convolution of its kernel flipped in time, padding
    K - 1 - p (from_conv takes either): the vocoder's conv_post runs this way, so that the last stage's block mean
    is fused into it as into the upsamplers."""

    weight: torch.Tensor
    bias: torch.Tensor
    kernel: int
    stride: int
    padding: int

    @classmethod
    def from_conv(cls, conv: torch.nn.ConvTranspose1d | torch.nn.Conv1d) -> TransposedConv:
        # clone, not contiguous(): a (K = 1) permuted view can already be contiguous and would alias the parameter
        weight = _kernel_layout(conv).clone(memory_format=torch.contiguous_format)
        (kernel,), (padding,) = conv.kernel_size, conv.padding
        if not conv.transposed:
            padding = kernel - 1 - padding
        return cls(weight, conv.bias.detach().clone(), kernel, conv.stride[0], padding)

    def refresh(self, conv: torch.nn.ConvTranspose1d | torch.nn.Conv1d) -> None:
        """Copy the convolution's current values in place (graphs captured on these buffers stay valid)."""
        self.weight.copy_(_kernel_layout(conv))
        self.bias.copy_(conv.bias.detach())

    def output_length(self, t_in: int) -> int:
        return (t_in - 1) * self.stride - 2 * self.padding + self.kernel


def _kernel_layout(conv: torch.nn.ConvTranspose1d | torch.nn.Conv1d) -> torch.Tensor:
    """(K, C_in, C_out) view of the weight: a ConvTranspose1d's (C_in, C_out, K) permuted, a Conv1d's
    (C_out, C_in, K) flipped in time and permuted."""
    if conv.transposed:
        return conv.weight.detach().permute(2, 0, 1)
    return conv.weight.detach().flip(2).permute(2, 1, 0)


def covered_transposed(conv: torch.nn.Module) -> bool:
    """Whether `conv` is a transposed convolution the kernel computes: exactly ConvTranspose1d, one group, no
    dilation or output padding, biased, zero padding (HiFi-GAN's upsamplers)."""
    return (
        type(conv) is torch.nn.ConvTranspose1d and conv.groups == 1 and conv.dilation == (1,)
        and conv.output_padding == (0,) and conv.bias is not None and conv.padding_mode == "zeros"
    )


def covered_as_transposed(conv: torch.nn.Module) -> bool:
    """Whether `conv` is a Conv1d the kernel computes as a transposed convolution (TransposedConv.from_conv):
    stride 1, no dilation, one group, biased, zero padding of at most K - 1."""
    return (
        type(conv) is torch.nn.Conv1d and conv.stride == (1,) and conv.dilation == (1,) and conv.groups == 1
        and conv.bias is not None and conv.padding_mode == "zeros" and not isinstance(conv.padding, str)
        and conv.padding[0] <= conv.kernel_size[0] - 1
    )


def default_upsample_tile(c_out: int, c_in: int, dtype: torch.dtype, t_in: int) -> ConvTile:
    """Tiles for SeamlessM4T-v2's stages (block_t counts q positions of one phase), from fp16 sweeps on an H200
    (B = 1, channels-last input). The first stage (C_in 512, t_in = the frame bucket, 112-512 here) takes 64 x 64
    tiles, 16 q positions a tile on short inputs (enough programs: 7 x 4 x 5 phases at 112 frames), 64 on longer
    ones (20-22 µs at 112-512 frames, from 44-75 µs with 32 x 64 x 16 tiles); the narrow stages long time tiles
    (14 / 12 / 10 / 10 µs at 112 frames). fp32 with TF32 (an H200 sweep at 400 units, then end to end): 16-32 q
    positions a tile and 2-stage pipelines at 64-256 input channels (the five launches 288 -> 178 µs; the vocoder
    0.93 / 1.27 / 2.01 -> 0.92 / 1.25 / 1.94 ms at 100 / 200 / 400 units)."""
    if dtype == torch.float32 and 64 <= c_in < 512:
        return ConvTile(_blocks(c_out, 128 if c_in >= 256 else 64), 64, 16 if c_in >= 128 else 32, num_stages=2)
    if c_in >= 512:
        return ConvTile(_blocks(c_out, 64), 64, 16 if t_in <= 256 or dtype == torch.float32 else 64, num_stages=3)
    if c_in >= 128:
        return ConvTile(_blocks(c_out, 64), 64, 64, num_stages=3)
    return ConvTile(_blocks(c_out, 32), _blocks(c_in, 32), 64 if c_in >= 64 else 128, num_stages=3)


def _check_store(store: str, act_slope: float | None) -> None:
    if store not in ("out", "both"):
        raise ValueError(f"store={store!r} is not one of out, both")
    if store == "both" and act_slope is None:
        raise ValueError("store='both' needs act_slope, the slope the next convolution activates with")


def masked_leaky_upsample(x: torch.Tensor, up: TransposedConv, length: torch.Tensor, *, slope: float,
                          act_slope: float | None = None, store: str = "out", channels_last: bool = False,
                          tile: ConvTile | None = None):
    """x (G, B, C_in, T_in), any strides (a group stride of 0 repeats one input), length 0-dim int on x's
    device -> out (B, C_out, T_out): the fused step of the module docstring, the G groups averaged as stock
    averages its residual blocks (G = 1: x[0] as it is), leaky ReLU with `slope` before the convolution.

    store "both" also returns act = leaky_relu(out, act_slope) rounded to x's dtype, what the next residual-block
    convolution reads pre-activated (masked_conv's x_activated). channels_last: the outputs are (B, C_out,
    T_out) views of (B, T_out, C_out) memory, whose rows the time-major tiles store whole."""
    _check_store(store, act_slope)
    groups, batch, c_in, t_in = x.shape
    c_out = up.weight.shape[2]
    t_out = up.output_length(t_in)

    def new() -> torch.Tensor:
        if channels_last:
            return torch.empty((batch, t_out, c_out), dtype=x.dtype, device=x.device).transpose(1, 2)
        return torch.empty((batch, c_out, t_out), dtype=x.dtype, device=x.device)

    out = new()
    act = new() if store == "both" else None
    tile = tile or default_upsample_tile(c_out, c_in, x.dtype, t_in)
    q_count = (t_out - 1 + up.padding) // up.stride - up.padding // up.stride + 1  # q of the kernel's first to last
    grid = (triton.cdiv(q_count, tile.block_t), triton.cdiv(c_out, tile.block_o), up.stride * batch)
    launch(
        _masked_leaky_upsample_kernel, grid,
        (x, up.weight, up.bias, length, out, out if act is None else act),
        (batch, c_in, c_out, t_in, t_out, *x.stride(), *up.weight.stride(), *out.stride()),
        dict(GROUPS=groups, KERNEL=up.kernel, STRIDE=up.stride, PADDING=up.padding, SLOPE=slope,
             ACT_SLOPE=0.0 if act_slope is None else act_slope, STORE_ACT=act is not None,
             BLOCK_Q=tile.block_t, BLOCK_O=tile.block_o, BLOCK_I=tile.block_i, PRECISION=_precision(x.dtype)),
        num_warps=tile.num_warps, num_stages=tile.num_stages,
    )
    return out if act is None else (out, act)


def masked_leaky_upsample_reference(x: torch.Tensor, up: TransposedConv, length: torch.Tensor, *, slope: float,
                                    act_slope: float | None = None, store: str = "out", channels_last: bool = False):
    """masked_leaky_upsample in plain PyTorch, as stock runs it: the sum left to right and `/ G` (each op rounded
    to x's dtype by its own kernel), F.leaky_relu, F.conv_transpose1d, the mask. Outputs are contiguous whatever
    channels_last says (it is accepted so that calls can swap the two functions)."""
    _check_store(store, act_slope)
    mean = x[0]
    if x.shape[0] > 1:
        for xg in x[1:]:
            mean = mean + xg
        mean = mean / x.shape[0]
    weight = up.weight.permute(1, 2, 0).contiguous()  # (C_in, C_out, K): the module's own layout
    y = F.conv_transpose1d(F.leaky_relu(mean, slope), weight, up.bias, stride=up.stride, padding=up.padding)
    out = y.masked_fill(torch.arange(y.shape[-1], device=y.device) >= length, 0.0)
    return out if store == "out" else (out, F.leaky_relu(out, act_slope))
