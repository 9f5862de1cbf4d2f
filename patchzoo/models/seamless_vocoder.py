"""SeamlessM4T-v2's unit vocoder, units to waveform, on bucketed shapes that CUDA graphs can replay.

Stock (SeamlessM4Tv2CodeHifiGan.forward) runs eagerly, about 400 kernels launched one by one from
Python, and its frame count is data-dependent (durations predicted per unit, repeat_interleave):

    units (B, U) -> unit embedding (B, U, C_u) -> duration predictor -> durations (B, U) >= 1
        -> repeat_interleave per row, pad_sequence -> (B, C_u, T), T = max row frame count
        -> cat [language (C_l), units, speaker (C_s)] over all T frames -> HiFi-GAN -> (B, 320 T samples)

The zoo runs the same computation in two stages, each one CUDA-graph replay on CUDA:

    1. durations: stock's own ops (unit embedding, duration predictor, rounding) on the exact (B, U) input,
       so the rounded durations are stock's bit for bit (bucketing U would change the convolutions' shapes,
       and in fp16 a rounding could flip), then the frame ends (cumsum), frame counts, stock's returned
       duration lengths and the ids and ends padded to a unit bucket U_b for stage 2, as one launch
       (kernels/hifigan/duration_frames.py, integers: stock's values). Captured as a plain CUDA graph per (B, U) from
       the second call of that shape on (eager the first time, which also checks whether the duration
       predictor's convolutions on channels-last memory give stock's bits for that shape: the graph holds
       them where they do, saving cuDNN's layout transposes).
    -- the one host sync: read T (frames of the longest row), pick a frame bucket T_b >= T --
    2. waveform: captured as a plain CUDA graph per (B, U_b, T_b), all sharing one memory pool and reading
       the buffers stage 1 writes (no copies between the stages; a replay costs a few us of host time);
       eager kernels with the HiFi-GAN's convolutions as fused Triton kernels (kernels/hifigan/masked_conv.py and
       kernels/hifigan/upsample.py, `zoo_fused_convs`), or with `zoo_inductor` torch.compile's code (dynamic
       shapes: one compile). Frame t of
       row b takes unit searchsorted(ends[b], t, right=True) (no repeat_interleave); unit channels are zero
       for t >= frames[b] (stock's pad_sequence), every channel is zero for t >= T: one launch of
       kernels/hifigan/gather_frames.py (copies: stock's values); then the HiFi-GAN on (B, C, T_b), re-zeroed
       beyond the valid length after every
       convolution, so each layer sees exactly the zeros stock pads with; stock's returned lengths come from
       a table of its length function over 0..T_b, made once per bucket (stock launches a few hundred
       scalar kernels per call for them).
       The first 320 T samples are stock's; they and the lengths are copied out of the graphs' memory.

Weight norm, where applied, is folded into a runtime copy of the HiFi-GAN (the model's parameters and its
state dict are untouched; the copy is rebuilt when the parameters change).

What runs stock's forward for the call (logged once per reason): training mode or gradients enabled, an
unbatched or mis-shaped input, a dtype other than fp32/fp16/bf16, a call inside torch.compile/export. On
the CPU the zoo path only adds padded work, so stock runs unless `zoo_bucket_eager` is set (tests set it);
`zoo_cuda_graphs = False` runs stock on CUDA too (a call whose graphs fail, a capture most likely, sets it: said
once, stock's forward for that call and every later one); `zoo_inductor = True` captures inductor-compiled code for
stage 2 instead of the eager kernels (fused elementwise work, about a minute of compile per dtype). The
switches are class attributes, set per instance by use_fast_paths (patchzoo/models/seamless.py: vocoder_graphs,
fused_vocoder_convs, vocoder_inductor, vocoder_cudnn_benchmark); `clear_graphs()` frees the captured graphs.

State-dict keys are stock's: the zoo classes only add methods, so save_pretrained output loads in stock.
"""

from __future__ import annotations

import contextlib
import copy

import torch
import torch.nn.functional as F
from torch import nn
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock
from transformers.utils import logging

from patchzoo.kernels.hifigan.duration_frames import duration_frames
from patchzoo.kernels.hifigan.masked_conv import fast_on_gpu
from patchzoo.kernels.hifigan.gather_frames import gather_frames, gather_frames_reference
from patchzoo.models import seamless_hifigan
from patchzoo.models.base import ZooModel, swap_module_classes
from patchzoo.models.seamless_hifigan import FusedHifiGan, fused_forward, fused_hifigan
from patchzoo.patches.shape_graphs import weights_tag
from patchzoo.patches.static_cache import CUDAGraphStep

logger = logging.get_logger(__name__)


def _geometric_buckets(first: int, per_octave: int, last: int) -> tuple[int, ...]:
    """first, then `per_octave` evenly spaced sizes per doubling, up to `last` (padding costs < 1/per_octave)."""
    sizes, octave = [], first
    while octave < last:
        sizes += [octave + k * octave // per_octave for k in range(per_octave)]
        octave *= 2
    return (*sizes, last)


# Frame and unit buckets: 4 sizes per doubling, so padding adds at most 25 % work (12 % on average). With
# dynamic-shape compilation a new bucket costs one CUDA-graph recording, not a compile. Beyond the last
# bucket, multiples of it.
FRAME_BUCKETS = _geometric_buckets(64, 4, 8192)
UNIT_BUCKETS = _geometric_buckets(16, 4, 4096)
# dtypes and batch sizes 1 / >1 each compile once; allow plenty (dynamo's default stops recompiling at 8).
_RECOMPILE_LIMIT = 64
_DTYPES = (torch.float32, torch.float16, torch.bfloat16)


def _bucket(n: int, buckets: tuple[int, ...]) -> int:
    for bucket in buckets:  # a plain loop, not bisect: torch.compile traces it (bisect is a C builtin)
        if bucket >= n:
            return bucket
    return -(-n // buckets[-1]) * buckets[-1]


def frame_bucket(frames: int) -> int:
    return _bucket(frames, FRAME_BUCKETS)


def unit_bucket(units: int) -> int:
    return _bucket(units, UNIT_BUCKETS)


# -- weight norm ------------------------------------------------------------------------------------------


def _has_weight_norm(module: nn.Module) -> bool:
    return any(
        nn.utils.parametrize.is_parametrized(m, "weight") or hasattr(m, "weight_g") for m in module.modules()
    )


def _fold_weight_norm(module: nn.Module) -> nn.Module:
    """A copy of `module` with every weight norm folded into a plain weight (the original is untouched)."""
    # Not the zoo's runtime state (an earlier folded copy, compiled functions): deepcopy maps them to None.
    runtime_state = [key for key in module.__dict__ if key.startswith("_zoo_")]
    folded = copy.deepcopy(module, {id(module.__dict__[key]): None for key in runtime_state})
    for key in runtime_state:
        folded.__dict__.pop(key, None)
    for m in folded.modules():
        if nn.utils.parametrize.is_parametrized(m):
            # Not remove_parametrizations: it deletes the tensor's property from the injected class, which a
            # deepcopy shares with the original (whose `weight` would then be gone). Restore the base class here.
            values = {name: getattr(m, name).detach() for name in m.parametrizations}
            del m._modules["parametrizations"]
            m.__class__ = type(m).__bases__[0]
            for name, value in values.items():
                m.register_parameter(name, nn.Parameter(value, requires_grad=False))
        elif hasattr(m, "weight_g"):
            nn.utils.remove_weight_norm(m)
    return folded


def runtime_hifi_gan(hifi_gan: nn.Module) -> nn.Module:
    """The HiFi-GAN that runs: `hifi_gan` itself, or (weight norm applied) a folded copy kept beside it.

    The copy is not a submodule (it stays out of the state dict) and is rebuilt when any parameter of
    `hifi_gan` moved or was written in place (load_state_dict, an optimizer step, .to()): its tag is every
    parameter's address and version counter. Checked on conv_pre and conv_post only (apply_weight_norm
    covers every convolution; a HiFi-GAN weight-normed elsewhere only runs unfolded: same result, slower).
    """
    if not (_has_weight_norm(hifi_gan.conv_pre) or _has_weight_norm(hifi_gan.conv_post)):
        return hifi_gan
    tag = tuple((p.data_ptr(), p._version, p.dtype) for p in hifi_gan.parameters())
    kept = hifi_gan.__dict__.get("_zoo_folded")
    if kept is None or kept[0] != tag:
        with torch.no_grad():
            kept = (tag, _fold_weight_norm(hifi_gan))
        hifi_gan.__dict__["_zoo_folded"] = kept
    return kept[1]


# -- the HiFi-GAN stack on a padded bucket -------------------------------------------------------------


def _beyond(length: torch.Tensor, size: int, device) -> torch.Tensor:
    """(size,) bool: True at the frames from `length` (a 0-dim device tensor) on, the padding of a bucket."""
    return torch.arange(size, device=device) >= length


def _zero_padding(x: torch.Tensor, beyond: torch.Tensor) -> torch.Tensor:
    """Zero x (B, C, T) where `beyond` (T,) is True: the zeros stock's convolutions pad with."""
    return x.masked_fill(beyond, 0.0)


def _transposed_length(length, conv: nn.ConvTranspose1d):
    (stride,), (padding,), (kernel,), (dilation,) = conv.stride, conv.padding, conv.kernel_size, conv.dilation
    return (length - 1) * stride - 2 * padding + dilation * (kernel - 1) + 1


def waveform_length(hifi_gan: nn.Module, frames: int) -> int:
    """Samples stock's HiFi-GAN returns for `frames` frames (conv_pre, resblocks, conv_post keep the length)."""
    length = frames
    for up in hifi_gan.upsampler:
        length = _transposed_length(length, up)
    return length


def masked_hifigan(hifi_gan: nn.Module, inputs_embeds: torch.Tensor, frames: torch.Tensor,
                   fused: FusedHifiGan | None = None) -> torch.Tensor:
    """Stock HiFi-GAN forward on (B, C, bucket) input, zero beyond `frames` (0-dim); (B, bucket samples).

    The padding mask is built once per upsampling stage (one masked_fill per convolution after that). With
    `fused` (fused_hifigan(hifi_gan)) every convolution runs as a fused Triton kernel: seamless_hifigan.py.
    """
    if fused is not None:
        return fused_forward(fused, inputs_embeds, frames)
    length = frames
    beyond = _beyond(length, inputs_embeds.shape[-1], inputs_embeds.device)
    hidden = _zero_padding(hifi_gan.conv_pre(inputs_embeds), beyond)
    for i, upsampler in enumerate(hifi_gan.upsampler):
        hidden = F.leaky_relu(hidden, hifi_gan.leaky_relu_slope)
        hidden = upsampler(hidden)
        length = _transposed_length(length, upsampler)
        beyond = _beyond(length, hidden.shape[-1], hidden.device)
        hidden = _zero_padding(hidden, beyond)
        blocks = hifi_gan.resblocks[i * hifi_gan.num_kernels : (i + 1) * hifi_gan.num_kernels]
        res_state = _masked_resblock(blocks[0], hidden, beyond)
        for block in blocks[1:]:
            res_state = res_state + _masked_resblock(block, hidden, beyond)
        hidden = res_state / hifi_gan.num_kernels
    hidden = F.leaky_relu(hidden)  # stock uses the default slope here
    return torch.tanh(hifi_gan.conv_post(hidden)).squeeze(1)


def _masked_resblock(block: stock.HifiGanResidualBlock, hidden: torch.Tensor, beyond: torch.Tensor) -> torch.Tensor:
    """HifiGanResidualBlock.forward with the padding re-zeroed after each convolution."""
    for conv1, conv2 in zip(block.convs1, block.convs2):
        residual = hidden
        hidden = _zero_padding(conv1(F.leaky_relu(hidden, block.leaky_relu_slope)), beyond)
        hidden = _zero_padding(conv2(F.leaky_relu(hidden, block.leaky_relu_slope)), beyond)
        hidden = hidden + residual
    return hidden


def _stock_reason(module: nn.Module, x: torch.Tensor, dims: int, on_cuda: bool) -> str | None:
    """Why this call cannot take the bucketed path ('' = nothing to gain, not worth a log line), or None."""
    if module.training or torch.is_grad_enabled():
        return "training mode or gradients enabled (the bucketed path is inference only)"
    if torch.compiler.is_compiling():
        return "called inside torch.compile / torch.export (the bucketed path reads the frame count on the host)"
    if x.dim() != dims:
        return f"input of {x.dim()} dimensions (the bucketed path takes batched input of {dims})"
    if x.is_cuda:
        return None if on_cuda else ""
    return None if module.zoo_bucket_eager else ""


def _compiled(owner: nn.Module, name: str, fn, mode: str | None = None):
    """torch.compile(fn, mode=mode) with dynamic shapes, made once and kept in owner.__dict__ (not a submodule)."""
    compiled = owner.__dict__.get(name)
    if compiled is None:
        compiled = owner.__dict__[name] = torch.compile(fn, mode=mode, dynamic=True)
    return compiled


def _log_stock(cls_name: str, reason: str) -> None:
    if reason:
        logger.warning_once(f"patchzoo {cls_name}: {reason}; running stock's forward")


class SeamlessM4Tv2HifiGan(stock.SeamlessM4Tv2HifiGan):
    """Stock HiFi-GAN run on frames padded to a bucket, masked after every convolution.

    What SeamlessM4Tv2CodeHifiGan below runs inside its graph; this forward serves direct calls.
    """

    # On CUDA: the bucketed stack under torch.compile(mode="reduce-overhead"). Off by default: it measured 0.98x
    # stock for a minute of compile, and stock's CodeHifiGan.forward (the zoo vocoder's fallback, and what
    # `zoo_cuda_graphs = False` runs) calls this module, which must then be stock too.
    zoo_compile = False
    # Elsewhere bucketing only adds padded work, so stock runs unless this is set (tests and benchmarks).
    zoo_bucket_eager = False

    def forward(self, inputs_embeds: torch.Tensor) -> torch.Tensor:
        reason = _stock_reason(self, inputs_embeds, 3, self.zoo_compile)
        if reason is not None:
            _log_stock(type(self).__name__, reason)
            return super().forward(inputs_embeds)
        frames = inputs_embeds.shape[-1]
        padded = F.pad(inputs_embeds, (0, frame_bucket(frames) - frames))  # (B, C, bucket)
        length = torch.full((), frames, dtype=torch.long, device=inputs_embeds.device)
        runtime = runtime_hifi_gan(self)
        if inputs_embeds.is_cuda:
            with torch._dynamo.config.patch(recompile_limit=_RECOMPILE_LIMIT):
                torch.compiler.cudagraph_mark_step_begin()
                waveform = _compiled(self, "_zoo_compiled", masked_hifigan, "reduce-overhead")(runtime, padded, length)
        else:
            waveform = masked_hifigan(runtime, padded, length)
        # (B, samples of the bucket) -> stock's length; cloned out of the CUDA graph's memory pool.
        return waveform[:, : waveform_length(self, frames)].clone()

    def masked_forward(self, inputs_embeds: torch.Tensor, frames: torch.Tensor) -> torch.Tensor:
        return masked_hifigan(self, inputs_embeds, frames)


class SeamlessM4Tv2CodeHifiGan(ZooModel, stock.SeamlessM4Tv2CodeHifiGan):
    """Stock's units-to-waveform vocoder as two CUDA graphs with one host sync (see the module docstring)."""

    zoo_feature = "units to waveform in CUDA graphs: stock's durations, gathered frames, masked HiFi-GAN"
    zoo_cuda_graphs = True  # on CUDA: both stages replayed from CUDA graphs (False: stock's forward)
    # The waveform stage's graph holds inductor code (fused elementwise work; about a minute of compile per
    # dtype) instead of the eager kernels (captured at once).
    zoo_inductor = False
    zoo_bucket_eager = False  # elsewhere: run the two stages eagerly (tests) instead of stock
    # Capture the waveform stage with torch.backends.cudnn.benchmark on (the fastest measured algorithm per
    # convolution shape, chosen once per bucket; results differ from stock's only by float rounding). Off: on an
    # H100 it changed nothing measurable (within 0.5 %, before the fused convolutions).
    zoo_cudnn_benchmark = False
    # On CUDA: conv_pre, each stage's residual blocks and conv_post as fused Triton kernels
    # (kernels/hifigan/masked_conv.py: leaky ReLU, convolution, bias, mask and residual in one launch, a stage's blocks
    # together), ~10x fewer kernels. fp16, bf16, and fp32 with TF32 allowed (torch.backends.cudnn.allow_tf32,
    # PyTorch's default); not with zoo_inductor (inductor's own code runs there).
    zoo_fused_convs = True

    def forward(
        self, input_ids: torch.LongTensor, speaker_id: torch.Tensor, lang_id: torch.Tensor, **kwargs
    ) -> tuple[torch.Tensor]:
        reason = self._zoo_stock_reason(input_ids, speaker_id, lang_id)
        if reason is not None:
            _log_stock(type(self).__name__, reason)
            return super().forward(input_ids, speaker_id, lang_id, **kwargs)
        hifi_gan = runtime_hifi_gan(self.hifi_gan)
        with torch._dynamo.config.patch(recompile_limit=_RECOMPILE_LIMIT):
            if self._zoo_graphs(input_ids):
                # Graphs are captured on the current device: the input's (the CPU: the tests' graph stand-ins).
                on_device = torch.cuda.device(input_ids.device) if input_ids.is_cuda else contextlib.nullcontext()
                try:
                    with on_device:
                        wave, lengths, total_frames = self._zoo_replay(hifi_gan, input_ids, speaker_id, lang_id)
                except Exception as error:  # noqa: BLE001 - a capture that failed (undone): stock from now on
                    logger.warning_once(f"patchzoo {type(self).__name__}: the CUDA-graph vocoder failed "
                                        f"({type(error).__name__}: {error}); running stock's forward from now on")
                    self.zoo_cuda_graphs = False
                    self.clear_graphs()
                    return super().forward(input_ids, speaker_id, lang_id, **kwargs)
            else:
                stage_inputs = (*self._zoo_durations(input_ids), speaker_id, lang_id)
                total_frames = int(stage_inputs[4])  # the one host sync: the frame count picks the bucket
                table = self._zoo_length_table(frame_bucket(total_frames), input_ids.device)
                wave, lengths = self._zoo_waveform(hifi_gan, *stage_inputs, table, None)
        # (B, samples of the bucket) -> stock's length; copied out of the CUDA graphs' memory pools.
        return wave[:, : waveform_length(hifi_gan, total_frames)].clone(), lengths.clone()

    def _zoo_patch(self) -> None:
        swap_module_classes(self, {stock.SeamlessM4Tv2HifiGan: SeamlessM4Tv2HifiGan})

    def clear_graphs(self) -> None:
        """Free both stages' captured graphs and their memory pool; the next call of a shape captures it again."""
        self.__dict__.pop("_zoo_vocoder_graphs", None)

    def _zoo_graphs(self, input_ids: torch.Tensor) -> bool:
        """Whether this call replays graphs (CUDA) or runs both stages eagerly (zoo_bucket_eager elsewhere)."""
        return input_ids.is_cuda and self.zoo_cuda_graphs

    def _zoo_stock_reason(self, input_ids, speaker_id, lang_id) -> str | None:
        reason = _stock_reason(self, input_ids, 2, self.zoo_cuda_graphs)
        if reason is not None:
            return reason
        batch = input_ids.shape[0]
        if input_ids.shape[1] == 0 or speaker_id.shape != (batch, 1) or lang_id.shape != (batch, 1):
            return "input_ids (B, U > 0) with speaker_id and lang_id (B, 1) only"
        if self.unit_embedding.weight.dtype not in _DTYPES:
            return f"dtype {self.unit_embedding.weight.dtype} (the bucketed path covers fp32, fp16, bf16)"
        return None

    def _zoo_durations(self, input_ids: torch.Tensor, channels_last: bool = False, out: tuple | None = None):
        """Stock's duration ops on the exact (B, U) input (so the rounded durations are stock's bit for bit),
        then ids and frame ends padded to the unit bucket U_b for the waveform stage. channels_last: the duration
        predictor's convolutions on channels-last memory (_channels_last_log_durations), for a shape where they
        were seen to give stock's bits.

        Returns ids (B, U_b) (padded with the pad id), ends (B, U_b) int64 (cumulative frames; 2**62 over the
        padding, so every row stays sorted), frames per row (B,), stock's duration lengths (its
        _get_dur_output_lengths: (B,), 0-dim for B = 1) and the batch's frame count T (0-dim): one launch of
        kernels/hifigan/duration_frames.py from the rounded durations on, written into `out` (tensors of those shapes)
        where given.
        """
        embeds = self.unit_embedding(input_ids)
        if channels_last:
            log_durations = _channels_last_log_durations(self.dur_predictor, embeds)
        else:
            log_durations = self.dur_predictor(embeds)  # (B, U), as stock computes it
        durations = torch.clamp(torch.round(torch.expm1(log_durations)).long(), min=1)
        return duration_frames(durations, input_ids.contiguous(), self.pad_token_id, unit_bucket(input_ids.shape[1]),
                               out)

    def _zoo_replay(self, hifi_gan, input_ids, speaker_id, lang_id):
        """Both stages from CUDA graphs (see _VocoderGraphs); returns (B, T_b samples), lengths, T."""
        graphs = self.__dict__.get("_zoo_vocoder_graphs")
        # Before the tag: refreshes the stacked block weights in place, or rebuilds them (a new tag)
        fused = None
        if self.zoo_fused_convs and not self.zoo_inductor and fast_on_gpu(hifi_gan.conv_pre.weight.dtype):
            fused = fused_hifigan(hifi_gan)
        tag = _weights_tag(self, hifi_gan)
        if graphs is None or graphs.tag != tag:
            graphs = self.__dict__["_zoo_vocoder_graphs"] = _VocoderGraphs(tag)
        shape = tuple(input_ids.shape)
        bucket = (shape[0], unit_bucket(shape[1]))
        stage_inputs = graphs.stage_inputs.get(bucket)
        entry = graphs.durations.pop(shape, _UNSEEN)
        if entry is _UNSEEN or stage_inputs is None:
            # First call of this shape: eagerly (capturing costs more than one eager run).
            outputs = (*self._zoo_durations(input_ids), speaker_id, lang_id)
            if stage_inputs is None:
                stage_inputs = graphs.stage_inputs[bucket] = _buffers(outputs)
            else:
                for buffer, value in zip(stage_inputs, outputs):
                    buffer.copy_(value)
            if entry is _UNSEEN:
                entry = _channels_last_matches(self.dur_predictor, self.unit_embedding(input_ids))
        else:
            if isinstance(entry, bool):  # second call of this shape: capture it
                buffers, channels_last = _buffers((input_ids, speaker_id, lang_id)), entry
                entry = (buffers, CUDAGraphStep(
                    lambda: self._zoo_durations_into(stage_inputs, *buffers, channels_last=channels_last)),
                    channels_last)
            for buffer, value in zip(entry[0], (input_ids, speaker_id, lang_id)):
                buffer.copy_(value)
            if entry[2]:  # the graph reads the kept channels-last weights: current with the parameters
                _nhwc_weight(self.dur_predictor.conv1)
                _nhwc_weight(self.dur_predictor.conv2)
            entry[1]()  # writes stage_inputs
        graphs.durations[shape] = entry
        while len(graphs.durations) > MAX_DURATION_GRAPHS:
            graphs.durations.pop(next(iter(graphs.durations)))

        total_frames = int(stage_inputs[4])  # the one host sync: the frame count picks the bucket
        key = (*bucket, frame_bucket(total_frames), self.zoo_inductor, self.zoo_cudnn_benchmark, fused is not None)
        step = graphs.waveforms.get(key)
        if step is None:
            (table,) = _buffers((self._zoo_length_table(key[2], input_ids.device),))
            waveform = self._zoo_waveform
            if self.zoo_inductor:  # inductor code without graphs of its own: the graph below holds it
                waveform = _compiled(self, "_zoo_compiled_waveform", waveform)
            step = graphs.waveforms[key] = CUDAGraphStep(
                lambda: waveform(hifi_gan, *stage_inputs, table, fused), pool=graphs.pool
            )
            # The capture's warm-up runs pick each convolution's cuDNN algorithm by timing them (cached per
            # shape; the graph keeps the choice). Stage 1 keeps stock's heuristic choice: its durations are exact.
            with _cudnn_benchmark(self.zoo_cudnn_benchmark):
                wave, lengths = step()
        else:
            wave, lengths = step()
        return wave, lengths, total_frames

    def _zoo_durations_into(self, stage_inputs: tuple, input_ids, speaker_id, lang_id, channels_last: bool) -> None:
        """_zoo_durations written into the fixed stage-2 input buffers (the body of a duration graph)."""
        self._zoo_durations(input_ids, channels_last, out=stage_inputs[:5])
        stage_inputs[5].copy_(speaker_id)
        stage_inputs[6].copy_(lang_id)

    def _zoo_length_table(self, bucket: int, device: torch.device) -> torch.Tensor:
        """Stock's returned length for every frame count 0..T_b (T_b = bucket): (T_b + 1,). Its
        _get_output_hifigan_lengths is a few hundred scalar tensor ops (a kernel each, ~0.4 ms of GPU time per call
        in stock): evaluated here once per bucket on all possible inputs, so a call only gathers from it."""
        return self._get_output_hifigan_lengths(torch.arange(bucket + 1, device=device))

    def _zoo_waveform(
        self, hifi_gan, ids, ends, frames, unit_lengths, total, speaker_id, lang_id, length_table, fused
    ):
        """The upsampled frames (B, C, T_b), T_b = the bucket of length_table (T_b + 1,), through the masked
        HiFi-GAN; with stock's returned lengths (length_table at stock's duration lengths, which never exceed T);
        `fused`: see masked_hifigan. Returns (B, T_b samples), lengths."""
        bucket = length_table.shape[0] - 1
        # Frame t of row b plays unit j with ends[b, j-1] <= t < ends[b, j]; zeros beyond the row's frames (stock's
        # pad_sequence) and, in every channel, beyond T (the bucket's padding): (B, T_b, C_l + C_u + C_s)
        lang, speaker = self.language_embedding(lang_id)[:, 0], self.speaker_embedding(speaker_id)[:, 0]
        # One launch (kernels/hifigan/gather_frames.py) where Triton runs; inductor (zoo_inductor) fuses the reference itself
        if _plain_embedding(self.unit_embedding) and not torch.compiler.is_compiling():
            hidden = gather_frames(ids, ends, frames, total, lang, self.unit_embedding.weight, speaker, bucket)
        else:
            hidden = gather_frames_reference(ids, ends, frames, total, lang, self.unit_embedding, speaker, bucket)
        # Frames in (B, T_b, C) memory for the fused kernels' time-major tiles, (B, C, T_b) for cuDNN's
        if fused is not None and seamless_hifigan.CHANNELS_LAST_STAGES:
            hidden = hidden.transpose(1, 2)  # (B, C, T_b) view, 0 beyond T
        else:
            hidden = hidden.transpose(1, 2).contiguous()
        # torch.take, not length_table[unit_lengths]: for B = 1 unit_lengths is 0-dim, and indexing with a 0-dim
        # integer tensor reads it on the host (an int index), which a CUDA-graph capture refuses.
        return masked_hifigan(hifi_gan, hidden, total, fused), torch.take(length_table, unit_lengths)


def _plain_embedding(module: nn.Module) -> bool:
    """Whether a lookup is a plain row gather from module.weight (what gather_frames reads): exactly nn.Embedding,
    no max_norm (which renormalises the weight in place on lookup)."""
    return type(module) is nn.Embedding and module.max_norm is None


def _channels_last_conv(conv: nn.Conv1d, x: torch.Tensor) -> torch.Tensor:
    """conv(x.transpose(1, 2)).transpose(1, 2) for x (B, U, C_in) -> (B, U, C_out), as a 2-D convolution on
    channels-last (NHWC) memory. Stock hands cuDNN (B, C, U) views, and the NHWC kernel cuDNN picks for them first
    transposes its input and weight (the weight's transpose alone is 78 µs per call at 1280 channels on an H200,
    five times the convolution); here both are NHWC already, the weight kept so (_nhwc_weight)."""
    weight = _nhwc_weight(conv)  # (C_out, C_in, 1, K)
    padding = conv.padding if isinstance(conv.padding, str) else (0, conv.padding[0])
    y = F.conv2d(x.transpose(1, 2).unsqueeze(2), weight, conv.bias, stride=(1, conv.stride[0]), padding=padding,
                 dilation=(1, conv.dilation[0]), groups=conv.groups)  # (B, C_out, 1, U) on NHWC memory
    return y.squeeze(2).transpose(1, 2)


def _nhwc_weight(conv: nn.Conv1d) -> torch.Tensor:
    """conv.weight as (C_out, C_in, 1, K) on channels-last memory, kept beside the module (not a parameter: out of
    the state dict): copying it on every call took 13 µs per convolution at 1280 channels, fp16, H200. Written in
    place when the parameter was written in place (a CUDA graph reading the copy stays valid; callers refresh it
    before each replay), made anew when the parameter was replaced or moved (which recaptures the graphs)."""
    weight = conv.weight
    version = 0 if weight.is_inference() else weight._version
    kept = conv.__dict__.get("_zoo_nhwc_weight")
    if kept is None or kept[0] != (weight.data_ptr(), weight.dtype):
        with torch.inference_mode(False), torch.no_grad():  # a normal tensor: later refreshes may write it
            copy_ = weight.detach().unsqueeze(2).contiguous(memory_format=torch.channels_last)
        kept = conv.__dict__["_zoo_nhwc_weight"] = [(weight.data_ptr(), weight.dtype), version, copy_]
    elif kept[1] != version:
        with torch.inference_mode(False), torch.no_grad():
            kept[2].copy_(weight.detach().unsqueeze(2))
        kept[1] = version
    return kept[2]


def _channels_last_log_durations(predictor: stock.SeamlessM4Tv2VariancePredictor, embeds: torch.Tensor) -> torch.Tensor:
    """SeamlessM4Tv2VariancePredictor.forward (no padding mask, eval mode: dropout is the identity) with its
    convolutions as _channels_last_conv: embeds (B, U, C) -> log durations (B, U)."""
    hidden = predictor.ln1(predictor.activation_function(_channels_last_conv(predictor.conv1, embeds)))
    hidden = predictor.ln2(predictor.activation_function(_channels_last_conv(predictor.conv2, hidden)))
    return predictor.proj(hidden).squeeze(2)


def _channels_last_matches(predictor: stock.SeamlessM4Tv2VariancePredictor, embeds: torch.Tensor) -> bool:
    """Whether _channels_last_log_durations gives stock's bits on this input. cuDNN picks its algorithm per shape,
    dtype and memory layout, not per value, so a bitwise match on a whole (B, U) input means it took the same
    algorithm for both layouts (on an H200 it did for most shapes; for some, in fp16 and in fp32 with TF32, it
    did not). Checked on each shape's first call, which runs eagerly anyway; that shape's duration graph then
    holds the channels-last convolutions only where they matched."""
    return torch.equal(_channels_last_log_durations(predictor, embeds), predictor(embeds))


MAX_DURATION_GRAPHS = 32  # (batch, units) shapes whose duration graphs stay captured
_UNSEEN = object()


class _VocoderGraphs:
    """The CUDA graphs of one zoo vocoder (kept in its __dict__, not a submodule: out of the state dict).

    durations    (B, U) -> whether the channels-last duration convolutions matched stock's bits (seen once, ran
                 eagerly) or (input buffers (ids, speaker, lang), graph, whether it reads the channels-last
                 weights); LRU
    stage_inputs (B, U_b) -> fixed buffers that every duration graph of the bucket writes and every waveform graph
                 of it reads: ids, ends, frames, unit_lengths, total, speaker, lang (no copy between the stages)
    waveforms    (B, U_b, T_b) -> graph of the compiled waveform stage; all share one memory pool (they never
                 run at once, and their outputs are copied out before the next replay)
    Rebuilt from scratch when the weights moved (.to(), .half()) or the folded HiFi-GAN was rebuilt: `tag`.
    """

    def __init__(self, tag):
        self.tag = tag
        self.durations: dict = {}
        self.stage_inputs: dict = {}
        self.waveforms: dict = {}
        self.pool = torch.cuda.graph_pool_handle() if torch.cuda.is_available() else None


@contextlib.contextmanager
def _cudnn_benchmark(on: bool):
    saved = torch.backends.cudnn.benchmark
    torch.backends.cudnn.benchmark = on or saved
    try:
        yield
    finally:
        torch.backends.cudnn.benchmark = saved


def _buffers(tensors) -> tuple[torch.Tensor, ...]:
    """Copies to serve as fixed graph buffers: normal tensors even under torch.inference_mode, so that a later
    call outside it may still copy_ into them (an inference tensor refuses in-place writes outside the mode)."""
    with torch.inference_mode(False):
        return tuple(t.clone() for t in tensors)


def _weights_tag(vocoder: nn.Module, hifi_gan: nn.Module) -> tuple:
    """What the captured graphs depend on: the running HiFi-GAN (self or its folded copy), the stacked block weights
    they read, and shape_graphs.weights_tag of a few parts (where the weights are, the TF32 switches). .to() /
    .half() / .cuda() move every parameter, so a few parts are enough (writing new values in place, e.g.
    load_state_dict, keeps the graphs valid: they read the same addresses)."""
    parts = (vocoder.unit_embedding, vocoder.speaker_embedding, vocoder.language_embedding, vocoder.dur_predictor,
             hifi_gan.conv_pre, hifi_gan.conv_post)
    kept = hifi_gan.__dict__.get("_zoo_fused_hifigan")
    fused = id(kept.fused) if kept is not None else None
    return (id(hifi_gan), fused, weights_tag(*parts))


# The zoo model classes swap these in (weights and keys unchanged): swap_module_classes(model, VOCODER_CLASSES).
VOCODER_CLASSES = {
    stock.SeamlessM4Tv2CodeHifiGan: SeamlessM4Tv2CodeHifiGan,
    stock.SeamlessM4Tv2HifiGan: SeamlessM4Tv2HifiGan,
}
