"""SeamlessM4T-v2's HiFi-GAN with every convolution a fused Triton launch, on a bucket of frames padded past the
real length (models/seamless_vocoder.py runs it inside its waveform graph).

    (B, C_in, T_b) frames -> conv_pre (one launch)
      per stage: block mean + leaky ReLU + transposed convolution + mask (kernels/hifigan/upsample.py, one launch)
                 per dilation step, all parallel residual blocks at once: both convolutions, activations, masks,
                 residual (kernels/hifigan/residual_step.py, one launch at 65-128 channels in 16-bit dtypes; else
                 kernels/hifigan/masked_conv.py, two)
      last block mean + leaky ReLU + conv_post (the upsampling kernel, conv_post as a stride-1 transposed
      convolution) -> tanh -> (B, samples of T_b)

Every convolution's output is zeroed from its valid length on (frames * scale + shift per stage), so each layer
sees the zeros stock pads with. The convolutions' weights are stacked once per HiFi-GAN (fused_hifigan) and
written in place when the module's parameters change, so CUDA graphs captured on them stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn
from transformers.utils import logging

from patchzoo.kernels.hifigan.masked_conv import GroupedConv, covered, masked_leaky_conv
from patchzoo.kernels.hifigan.residual_step import default_step_tile, fusable, masked_leaky_step
from patchzoo.kernels.hifigan.upsample import (TransposedConv, covered_as_transposed, covered_transposed,
                                                masked_leaky_upsample)

logger = logging.get_logger(__name__)


def fused_forward(fused: FusedHifiGan, inputs_embeds: torch.Tensor, frames: torch.Tensor) -> torch.Tensor:
    """The HiFi-GAN on inputs_embeds (B, C, T_b), zero from `frames` (0-dim) on -> (B, samples of T_b): the
    launches of the module docstring. The stages keep (B, T, C) memory where CHANNELS_LAST_STAGES says so."""
    channels_last = CHANNELS_LAST_STAGES
    # Every stage's valid length at once (an affine function of the frame count): two small kernels, not four
    # scalar ones per stage. Each stage reads its 0-dim view.
    lengths = frames * fused.length_scale + fused.length_shift
    # (1, B, C, T): one "block". conv_pre has no activation before it (its slope is 1, leaky_relu the identity),
    # so its input counts as activated: the main loop feeds the tensor cores straight from memory.
    state = masked_leaky_conv(inputs_embeds.unsqueeze(0), fused.pre, frames, x_activated=True,
                              channels_last=channels_last)
    for up, steps, length in zip(fused.ups, fused.stages, lengths):
        hidden, act = masked_leaky_upsample(state, up, length, slope=fused.up_slope, act_slope=steps[0][0].slope,
                                            store="both", channels_last=channels_last)
        state = _fused_resblock_stage(steps, hidden, act, length, channels_last)
    # the blocks' mean as stock takes it (((r0 + r1) + r2) / G), then leaky_relu with F.leaky_relu's default slope
    hidden = masked_leaky_upsample(state, fused.post, lengths[-1], slope=_POST_SLOPE, channels_last=channels_last)
    return torch.tanh(hidden).squeeze(1)


def _fused_resblock_stage(steps: list[tuple[GroupedConv, GroupedConv]], hidden: torch.Tensor, act: torch.Tensor,
                          length: torch.Tensor, channels_last: bool) -> torch.Tensor:
    """One stage's G parallel residual blocks on hidden (B, C, T) (act: its leaky ReLU with the blocks' slope),
    one or two fused launches per dilation step (all blocks at once); returns the blocks' outputs (G, B, C, T)."""
    groups = len(steps[0][0].taps_host)
    state = hidden.expand(groups, *hidden.shape)  # (G, B, C, T), one input for all blocks
    # Each launch hands the next its input already activated (kernels/hifigan/masked_conv.py: the main loop then
    # feeds the tensor cores straight from memory); the activation is stock's leaky_relu of the rounded value.
    act = act.expand(groups, *hidden.shape)
    # Stages of 65-128 channels run each dilation step as one launch (kernels/hifigan/residual_step.py), the others as
    # two, mid going through memory.
    step_tile = default_step_tile(hidden.shape[1], hidden.dtype) if channels_last else None
    for i, (conv1, conv2) in enumerate(steps):
        store = "both" if i + 1 < len(steps) else "out"  # the last step's activation has no reader
        if step_tile is not None and fusable(conv1, conv2):
            result = masked_leaky_step(act, state, conv1, conv2, length, store=store, tile=step_tile)
        else:
            mid = masked_leaky_conv(act, conv1, length, x_activated=True, store="act", channels_last=channels_last)
            result = masked_leaky_conv(mid, conv2, length, residual=state, x_activated=True, store=store,
                                       channels_last=channels_last)
        state, act = result if store == "both" else (result, None)
    return state


def _stage_convs(hifi_gan: nn.Module) -> list[list[tuple[list[nn.Conv1d], list[nn.Conv1d]]]] | None:
    """Per stage, per dilation step: (the G blocks' conv1s, their conv2s); None where the kernel does not cover
    this HiFi-GAN (another block structure, or a convolution it does not compute)."""
    stages = []
    for i in range(len(hifi_gan.upsampler)):
        blocks = list(hifi_gan.resblocks[i * hifi_gan.num_kernels : (i + 1) * hifi_gan.num_kernels])
        steps = len(blocks[0].convs1)
        if any(len(b.convs1) != steps or len(b.convs2) != steps or b.leaky_relu_slope != blocks[0].leaky_relu_slope
               for b in blocks):
            return None
        stage = [([b.convs1[j] for b in blocks], [b.convs2[j] for b in blocks]) for j in range(steps)]
        if not all(covered(conv) for pair in stage for convs in pair for conv in convs):
            return None
        stages.append(stage)
    return stages


@dataclass
class FusedHifiGan:
    """What the fused kernels read: conv_pre (no activation before it: slope 1), per stage the upsampler (the
    HiFi-GAN's slope before it) and per dilation step the blocks' (conv1s, conv2s), conv_post as a transposed
    convolution (stock's default leaky slope before it). Stage i's valid length is
    frames * length_scale[i] + length_shift[i] (int64 on the device)."""

    pre: GroupedConv
    ups: list[TransposedConv]
    up_slope: float
    stages: list[list[tuple[GroupedConv, GroupedConv]]]
    post: TransposedConv
    length_scale: torch.Tensor
    length_shift: torch.Tensor


# The upsampling and residual-block launches write (B, T, C) memory (time-major tiles): measured faster end to
# end on an H200 than channel-major in fp16 (1.33 against 1.54 ms at 100 units, 1.73 / 2.33 at 400) and in
# fp32 with TF32 (1.73 / 2.07, 2.67 / 4.03); benchmarks/RESULTS.md, vocoder.
CHANNELS_LAST_STAGES = True
_IDENTITY_SLOPE = 1.0  # leaky_relu with slope 1 is the identity: conv_pre has no activation before it
_POST_SLOPE = 0.01  # F.leaky_relu's default, which stock's HiFi-GAN applies before conv_post


def _conv_modules(hifi_gan: nn.Module) -> tuple[nn.Module, ...]:
    """conv_pre, the upsamplers, every residual block's convolutions, conv_post: read from _modules directly
    (module attribute access and parameters() cost ~1 ms of host time per call on this tree, more than the
    vocoder's GPU time)."""
    blocks = hifi_gan._modules["resblocks"]._modules.values()
    inner = (conv for block in blocks for name in ("convs1", "convs2") for conv in block._modules[name]._modules.values())
    ups = hifi_gan._modules["upsampler"]._modules.values()
    return (hifi_gan._modules["conv_pre"], *ups, *inner, hifi_gan._modules["conv_post"])


@dataclass
class _FusedCache:
    convs: tuple[nn.Module, ...]  # the modules it was built from
    where: tuple  # their parameters' (address, dtype)
    versions: tuple  # their parameters' version counters
    fused: FusedHifiGan | None


def fused_hifigan(hifi_gan: nn.Module) -> FusedHifiGan | None:
    """The HiFi-GAN's convolutions stacked for the fused kernels, kept in hifi_gan.__dict__; values written in
    place when a parameter changed (graphs on them stay valid), rebuilt when a parameter or a convolution was
    replaced or moved. None (logged once) where the kernel does not cover this HiFi-GAN: the eager kernels run."""
    convs = _conv_modules(hifi_gan)
    params = [p for conv in convs for p in conv._parameters.values() if p is not None]
    where = tuple((p.data_ptr(), p.dtype) for p in params)
    # A folded copy made under inference_mode has inference parameters (no version counter); it is rebuilt, at
    # new addresses, whenever the model's own parameters change.
    versions = tuple(0 if p.is_inference() else p._version for p in params)
    kept = hifi_gan.__dict__.get("_zoo_fused_hifigan")
    if kept is not None and kept.convs == convs and kept.where == where:
        if kept.versions != versions and kept.fused is not None:
            _refresh(kept.fused, hifi_gan)
        kept.versions = versions
        return kept.fused
    stage_convs = _stage_convs(hifi_gan)
    fused = None
    if (stage_convs is None or not (covered(hifi_gan.conv_pre) and covered_as_transposed(hifi_gan.conv_post))
            or not all(covered_transposed(up) for up in hifi_gan.upsampler)):
        logger.warning_once("patchzoo vocoder: the fused convolution kernels do not cover this HiFi-GAN's "
                            "layers; running them as separate kernels")
    else:
        slope = hifi_gan.resblocks[0].leaky_relu_slope
        # Normal tensors even under inference_mode: a later refresh outside it writes into them.
        with torch.inference_mode(False), torch.no_grad():
            pre = GroupedConv.from_convs([hifi_gan.conv_pre], _IDENTITY_SLOPE)
            ups = [TransposedConv.from_conv(up) for up in hifi_gan.upsampler]
            post = TransposedConv.from_conv(hifi_gan.conv_post)
            stages = [[(GroupedConv.from_convs(c1, slope), GroupedConv.from_convs(c2, slope)) for c1, c2 in stage]
                      for stage in stage_convs]
            scale, shift = _stage_length_affine(ups)
        fused = FusedHifiGan(pre, ups, hifi_gan.leaky_relu_slope, stages, post, scale, shift)
    hifi_gan.__dict__["_zoo_fused_hifigan"] = _FusedCache(convs, where, versions, fused)
    return fused


def _stage_length_affine(ups: list[TransposedConv]) -> tuple[torch.Tensor, torch.Tensor]:
    """(scale, shift), int64 (S,) on the weights' device: stage i's output length is frames * scale[i] + shift[i]
    (each upsampler maps L to (L - 1) s - 2 p + K, exactly, in integers)."""
    scale, shift, scales, shifts = 1, 0, [], []
    for up in ups:
        scale, shift = scale * up.stride, up.output_length(shift)  # s (a F + b) + c = s a F + output_length(b)
        scales.append(scale)
        shifts.append(shift)
    device = ups[0].weight.device
    return tuple(torch.tensor(values, dtype=torch.long, device=device) for values in (scales, shifts))


def _refresh(fused: FusedHifiGan, hifi_gan: nn.Module) -> None:
    """Write the convolutions' current values into the stacked buffers (same addresses)."""
    with torch.inference_mode(False), torch.no_grad():
        fused.pre.refresh([hifi_gan.conv_pre])
        fused.post.refresh(hifi_gan.conv_post)
        for up, fused_up in zip(hifi_gan.upsampler, fused.ups):
            fused_up.refresh(up)
        for stage, fused_stage in zip(_stage_convs(hifi_gan), fused.stages):
            for (c1, c2), (f1, f2) in zip(stage, fused_stage):
                f1.refresh(c1)
                f2.refresh(c2)
