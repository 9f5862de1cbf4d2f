"""SeamlessM4T-v2 with speech input: the bucketed speech encoder and the speech-input zoo classes.

The classes SeamlessM4Tv2ForSpeechToText, ...ForSpeechToSpeech and SeamlessM4Tv2Model decode text with the
same static-cache / CUDA-graph decoder as the text-input classes (StaticCacheDecoding in
patchzoo/models/seamless.py) and, for speech output, the same text-to-unit model and zoo vocoder.

Speech encoder (SeamlessM4Tv2SpeechEncoder), on CUDA in eval mode without gradients:

    input_features (B, T, F) + attention_mask (B, T) or None
      -> padded to (B, P, F), P = speech_frame_bucket(T); mask (B, P): the caller's (ones if None), 0 beyond T
      -> feature projection, conformer layers, intermediate FFN, adaptor, inner LayerNorm: stock's modules,
         captured in one CUDA graph per bucket (and batch size) at its first call, replayed after that
      -> (B, adaptor_length(T), H): the first positions, which are the ones stock computes for (B, T, F)

Why the first positions equal stock's: the conformer zeroes masked positions before it starts and before
every convolution module (whose depthwise convolution is causal, so it never looks right), and attention
masks padded keys; so no position < T sees a frame >= T. The adaptor's strided convolution is not causal:
its last window reaches up to stride/2 - 1 frames past T (kernel 8, stride 8, padding 4: when T mod 8 < 4),
where stock's own convolution padding supplies zeros (after the adaptor's LayerNorms, which map a zero row
to their bias). The zoo zeroes the LayerNorm outputs from
frame T on, so those windows see the same zeros. The caller's own padding inside T is left as stock
leaves it. Hidden states (output_hidden_states=True, as speech generation asks for) are the same tensors
stock records, cut to T frames. Adaptors of more than one layer (stock feeds every layer the frame-level
mask), attention outputs, a hidden-state selection by index and return_dict=False run stock's encoder for
that call (logged once). Elsewhere (CPU, training, gradients on, inside the caller's torch.compile or
torch.export) stock's encoder runs: a graph of our own buys nothing there; `zoo_bucket_eager = True` runs the
bucketed path eagerly on the CPU too (tests check it there).
A plain CUDA graph of the eager modules, not torch.compile: capture needs no compiler (with
torch.compile(mode="reduce-overhead") the first speech-to-text call of the large model took 78 s on an H100,
and every new bucket would cost a compile). The attention
masks are built inside from device tensors (no host read may happen during capture), as transformers'
create_bidirectional_mask builds them for sdpa and eager attention; other attention implementations run
stock's encoder (logged once).
Switch: use_fast_paths(model, encoder_graphs=False) (patchzoo/models/seamless.py) runs stock's encoder;
`model.speech_encoder.clear_graphs()` frees the graphs.

State-dict keys are stock's: save_pretrained output loads in stock transformers and back.
"""

from __future__ import annotations

import bisect

import torch
import torch.nn.functional as F
import transformers
from transformers import GenerationMixin
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock
from transformers.utils import logging

from patchzoo.models import seamless
from patchzoo.models.base import swap_module_classes, with_stock_signature
from patchzoo.models.seamless import StaticCacheDecoding
from patchzoo.patches.shape_graphs import (GraphedEncoder, attention_mask_for, recorded_outputs_reason, run_graphed,
                                           runs_stock_silently)
from patchzoo.patches.static_cache import CUDAGraphStep

logger = logging.get_logger(__name__)

# Frame-count buckets of the speech encoder (input_features frames: 50 a second after the feature extractor's
# stride-2 stacking, so 64 frames ~ 1.3 s and 1024 ~ 20 s): 64 apart up to 512 frames (at most 63 padded frames),
# then at most 25 % apart; beyond the last, multiples of 512. Multiples of 64: whole adaptor strides.
SPEECH_FRAME_BUCKETS = (64, 128, 192, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048)
MAX_KEPT_GRAPHS = 8  # input shapes (bucket, batch, dtype) whose CUDA graphs stay captured on the encoder
# Keyword arguments the bucketed path serves (inputs_embeds only as None: stock's speech forward passes it on).
_HANDLED_KWARGS = {"output_hidden_states", "output_attentions", "return_dict", "inputs_embeds"}


def speech_frame_bucket(frames: int) -> int:
    i = bisect.bisect_left(SPEECH_FRAME_BUCKETS, frames)
    if i < len(SPEECH_FRAME_BUCKETS):
        return SPEECH_FRAME_BUCKETS[i]
    return -(-frames // 512) * 512


def _zero_from(x: torch.Tensor, length: torch.Tensor) -> torch.Tensor:
    """x (B, P, H) with every row from position `length` (a 0-dim device tensor) on set to 0."""
    return x.masked_fill((torch.arange(x.shape[1], device=x.device) >= length)[:, None], 0.0)


def _conv_length(length, conv: torch.nn.Conv1d):
    (stride,), (padding,), (kernel,), (dilation,) = conv.stride, conv.padding, conv.kernel_size, conv.dilation
    return (length + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


def _masked_adapter_layer(layer: stock.SeamlessM4Tv2ConformerAdapterLayer, hidden, mask, frames) -> torch.Tensor:
    """SeamlessM4Tv2ConformerAdapterLayer.forward on (B, P, H) whose frames from `frames` on are padding the
    caller did not send: the inputs of both strided convolutions are zeroed there (see the module docstring)."""
    residual = _zero_from(layer.residual_layer_norm(hidden), frames).transpose(1, 2)  # (B, H, P)
    residual = layer.activation(layer.residual_conv(residual)).transpose(1, 2)  # (B, P / stride + 1, H)
    hidden = _zero_from(layer.self_attn_layer_norm(hidden), frames).transpose(1, 2)
    hidden = layer.activation(layer.self_attn_conv(hidden)).transpose(1, 2)
    lengths = layer._compute_sub_sample_lengths_from_attention_mask(mask)
    allowed = stock._compute_new_attention_mask(hidden_states=hidden, seq_lens=lengths).bool()[:, None, None, :]
    attention_mask = attention_mask_for(allowed, hidden.dtype, layer.config._attn_implementation)
    hidden, _ = layer.self_attn(hidden, attention_mask=attention_mask)
    hidden = layer.self_attn_dropout(hidden) + residual
    return layer.ffn(layer.ffn_layer_norm(hidden)) + hidden


class SeamlessM4Tv2SpeechEncoder(GraphedEncoder, stock.SeamlessM4Tv2SpeechEncoder):
    """Stock speech encoder run on frames padded to a bucket, one CUDA graph per bucket (see the module docstring)."""

    @with_stock_signature(stock.SeamlessM4Tv2SpeechEncoder.forward)
    def forward(self, named: dict, extra: dict):
        features = named.get("input_features")
        graphed = features is not None and CUDAGraphStep.available(features.device) and self.zoo_cuda_graph
        if runs_stock_silently(self, graphed):
            return super().forward(**named, **extra)  # nothing to gain (documented): stock, silently
        reason = self._stock_reason(named, extra)
        if reason is not None:
            logger.warning_once(f"patchzoo SeamlessM4T-v2 speech encoder: {reason}; running stock's encoder")
            return super().forward(**named, **extra)
        states = bool(extra.get("output_hidden_states", self.config.output_hidden_states))
        return self._bucketed(features, named.get("attention_mask"), graphed, states)

    def _stock_reason(self, named: dict, extra: dict) -> str | None:
        """Why this call cannot take the bucketed path (None: it can)."""
        features, mask = named["input_features"], named.get("attention_mask")
        if features.dim() != 3 or (mask is not None and mask.shape != features.shape[:2]):
            return "input_features not (batch, frames, features) with a (batch, frames) mask"
        if self.adapter is not None and len(self.adapter.layers) > 1:
            return "an adaptor of several layers sees the frame-level mask in every layer"
        if extra.get("inputs_embeds") is not None:
            return "the arguments inputs_embeds"
        return recorded_outputs_reason(self.config, extra, _HANDLED_KWARGS)

    def _bucketed(self, features: torch.Tensor, mask: torch.Tensor | None, graphed: bool, with_states: bool):
        batch, frames, _ = features.shape
        bucket = speech_frame_bucket(frames)
        padded = F.pad(features, (0, 0, 0, bucket - frames))  # (B, P, F)
        full_mask = torch.zeros(batch, bucket, dtype=torch.long, device=features.device)  # (B, P)
        full_mask[:, :frames] = 1 if mask is None else mask
        length = torch.full((), frames, dtype=torch.long, device=features.device)
        if graphed:
            inputs = (padded, full_mask, length)
            outputs = run_graphed(self, self.bucketed_forward, inputs, MAX_KEPT_GRAPHS, CUDAGraphStep)
            if outputs is None:  # the capture failed (logged)
                return super().forward(features, attention_mask=mask, output_hidden_states=with_states)
            hidden, states = outputs
        else:
            hidden, states = self.bucketed_forward(padded, full_mask, length)
        out_frames = frames
        if self.adapter is not None:
            out_frames = _conv_length(frames, self.adapter.layers[0].self_attn_conv)
        # Cut to stock's lengths; clone out of the CUDA graph's output buffers (the next replay overwrites them).
        last = hidden[:, :out_frames].clone()
        hidden_states = None
        if with_states:  # stock records the input of layer 0 and each layer's output, the last one replaced by `last`
            hidden_states = (*(s[:, :frames].clone() for s in states[:-1]), last)
        return stock.Wav2Vec2BaseModelOutput(last_hidden_state=last, hidden_states=hidden_states)

    def bucketed_forward(self, features: torch.Tensor, mask: torch.Tensor, frames: torch.Tensor):
        """Stock's encoder on features (B, P, F) padded to a bucket: mask (B, P) is 0 on padding, `frames` (0-dim)
        the caller's frame count. Returns the last hidden state (B, adaptor(P), H) and the conformer layers'
        inputs and outputs (layers + 1 tensors (B, P, H)), as stock records them.

        No host reads (what CUDA-graph capture needs): the attention masks are built here from device tensors,
        as stock's create_bidirectional_mask builds them, without its all-real shortcut (which reads the mask)."""
        hidden = self.feature_projection(features)
        conformer = self.encoder
        hidden = hidden.masked_fill(~mask.bool().unsqueeze(-1), 0.0)  # as stock's conformer starts
        if conformer.config.speech_encoder_chunk_size is not None:
            allowed = conformer._apply_chunk_attention(mask, hidden)  # (B, 1, P, P) bool
        else:
            allowed = mask.bool()[:, None, None, :]  # (B, 1, 1, P)
        attention_mask = attention_mask_for(allowed, hidden.dtype, conformer.config._attn_implementation)
        states = [hidden]
        for layer in conformer.layers:
            hidden = layer(hidden, attention_mask=attention_mask, conv_attention_mask=mask)
            states.append(hidden)
        hidden = conformer.layer_norm(hidden)
        hidden = hidden + 0.5 * self.intermediate_ffn(hidden)
        if self.adapter is not None:
            hidden = _masked_adapter_layer(self.adapter.layers[0], hidden, mask, frames)
        return self.inner_layer_norm(hidden), tuple(states)


# -- zoo classes ------------------------------------------------------------------------------------------


class SpeechInputDecoding(StaticCacheDecoding):
    """StaticCacheDecoding after the speech encoder: the encoder call and the cross-attention mask of stock's
    speech-input forward (the frame-level mask sub-sampled to the encoder output), and the bucketed encoder."""

    def _zoo_patch(self) -> None:
        super()._zoo_patch()
        swap_module_classes(self, {stock.SeamlessM4Tv2SpeechEncoder: SeamlessM4Tv2SpeechEncoder})

    def _zoo_encode(self, named: dict):
        features, mask = named.get("input_features"), named.get("attention_mask")
        return self.speech_encoder(input_features=features, attention_mask=mask)

    def _zoo_encoder_mask(self, named: dict, encoder_hidden: torch.Tensor) -> torch.Tensor | None:
        mask = named.get("attention_mask")
        if mask is None:
            return None
        lengths = self._compute_sub_sample_lengths_from_attention_mask(mask).to(encoder_hidden.device)
        return stock._compute_new_attention_mask(hidden_states=encoder_hidden, seq_lens=lengths)


# GenerationMixin is named among the direct bases, where transformers looks for it (can_generate, its
# test_inherits_generation_mixin); stock's class already has it, so the MRO is unchanged.
class SeamlessM4Tv2ForSpeechToText(SpeechInputDecoding, transformers.SeamlessM4Tv2ForSpeechToText, GenerationMixin):
    """transformers.SeamlessM4Tv2ForSpeechToText: the bucketed speech encoder and static-cache text decoding."""

    forward = with_stock_signature(transformers.SeamlessM4Tv2ForSpeechToText.forward)(StaticCacheDecoding._forward)


class SeamlessM4Tv2ForSpeechToSpeech(SpeechInputDecoding, transformers.SeamlessM4Tv2ForSpeechToSpeech, GenerationMixin):
    """transformers.SeamlessM4Tv2ForSpeechToSpeech: the bucketed speech encoder, static-cache text decoding and
    the zoo vocoder."""

    forward = with_stock_signature(transformers.SeamlessM4Tv2ForSpeechToSpeech.forward)(StaticCacheDecoding._forward)


class SeamlessM4Tv2Model(SpeechInputDecoding, transformers.SeamlessM4Tv2Model, GenerationMixin):
    """transformers.SeamlessM4Tv2Model (text or speech input, text or speech output): the zoo's encoder, decoder and
    vocoder for whichever modality the call uses."""

    forward = with_stock_signature(transformers.SeamlessM4Tv2Model.forward)(StaticCacheDecoding._forward)

    def _zoo_encode(self, named: dict):
        # As stock's forward: speech input wins over text input and sets the modality.
        if named.get("input_features") is not None:
            self.set_modality("speech")
            return super()._zoo_encode(named)
        self.set_modality("text")
        return StaticCacheDecoding._zoo_encode(self, named)

    def _zoo_encoder_mask(self, named: dict, encoder_hidden: torch.Tensor) -> torch.Tensor | None:
        if self.current_modality == "speech":
            return super()._zoo_encoder_mask(named, encoder_hidden)
        return named.get("attention_mask")


ZOO_CLASSES = (
    *seamless.ZOO_CLASSES, SeamlessM4Tv2ForSpeechToText, SeamlessM4Tv2ForSpeechToSpeech, SeamlessM4Tv2Model,
)
