"""SeamlessM4T-v2's text encoder on token counts padded to a bucket, one CUDA graph per bucket.

On CUDA in eval mode without gradients (the encoder call of text-input generate()):

    input_ids (B, S) + attention_mask (B, S) or None
      -> padded with the pad token to (B, P), P = source_bucket(S) (64, 128, 256, ...: the buckets the decoder's
         cross-attention pads to); mask (B, P): the caller's (ones if None), 0 beyond S
      -> token and sinusoidal position embeddings, the encoder layers, the final LayerNorm: stock's modules,
         captured in one CUDA graph per (B, P, dtype) at its first call, replayed after that
      -> (B, S, H): the first S positions, the ones stock computes for (B, S)

Why the first S positions are stock's: positions count the non-pad tokens before each one (fairseq's
make_positions), so pad tokens appended at the right leave earlier positions as they were; attention masks the
appended keys; everything else works per position. The values agree to rounding, not to the bit: stock runs
attention without a mask where the caller's mask is all ones, the graph always with one, and the attention
kernels sum in another order. Hidden states (output_hidden_states=True, as text-to-speech generation asks for)
are the tensors stock records, cut to S.

Why: eager, the large encoder is ~480 kernel launches from Python (6.6 ms on an H200 host, 20 ms on a loaded
H100 host, for a 64-token input); the graph replays them in 1.7 ms of GPU time.

Stock's encoder runs, silently, where a graph buys nothing or cannot serve: the CPU, training, gradients on,
inside the caller's torch.compile or torch.export, inputs_embeds instead of input_ids; and, said once in the
log: attention outputs, a hidden-state selection by index, return_dict=False, attention implementations other
than sdpa and eager, arguments it does not know. A capture that fails runs stock's encoder from then on (said once).
Switch: use_fast_paths(model, encoder_graphs=False) (patchzoo/models/seamless.py) runs stock's encoder;
`model.text_encoder.clear_graphs()` frees the graphs. `zoo_bucket_eager = True` runs the bucketed path eagerly on
the CPU too (tests check it there).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from transformers.modeling_outputs import BaseModelOutput
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock
from transformers.utils import logging

from patchzoo.models.base import with_stock_signature
from patchzoo.patches.shape_graphs import (GraphedEncoder, attention_mask_for, recorded_outputs_reason, run_graphed,
                                           runs_stock_silently)
from patchzoo.patches.static_cache import CUDAGraphStep, source_bucket

logger = logging.get_logger(__name__)

MAX_KEPT_GRAPHS = 8  # input shapes (batch, bucket, dtype) whose graphs stay captured on the encoder
# Keyword arguments the bucketed path serves.
_HANDLED_KWARGS = {"output_hidden_states", "output_attentions", "return_dict"}


class SeamlessM4Tv2TextEncoder(GraphedEncoder, stock.SeamlessM4Tv2Encoder):
    """Stock text encoder run on tokens padded to a bucket, one CUDA graph per bucket (see the module docstring)."""

    @with_stock_signature(stock.SeamlessM4Tv2Encoder.forward)
    def forward(self, named: dict, extra: dict):
        input_ids = named.get("input_ids")
        graphed = input_ids is not None and CUDAGraphStep.available(input_ids.device) and self.zoo_cuda_graph
        if (input_ids is None or named.get("inputs_embeds") is not None or self.is_t2u_encoder
                or runs_stock_silently(self, graphed)):
            return super().forward(**named, **extra)  # nothing to gain (documented): stock, silently
        reason = self._stock_reason(named, extra)
        if reason is not None:
            logger.warning_once(f"patchzoo SeamlessM4T-v2 text encoder: {reason}; running stock's encoder")
            return super().forward(**named, **extra)
        states = bool(extra.get("output_hidden_states", self.config.output_hidden_states))
        return self._bucketed(input_ids, named.get("attention_mask"), graphed, states)

    def _stock_reason(self, named: dict, extra: dict) -> str | None:
        """Why this call cannot take the bucketed path (None: it can)."""
        input_ids, mask = named["input_ids"], named.get("attention_mask")
        if input_ids.dim() != 2 or (mask is not None and mask.shape != input_ids.shape):
            return "input_ids not (batch, tokens) with a (batch, tokens) mask"
        return recorded_outputs_reason(self.config, extra, _HANDLED_KWARGS)

    def _bucketed(self, input_ids: torch.Tensor, mask: torch.Tensor | None, graphed: bool, with_states: bool):
        batch, tokens = input_ids.shape
        bucket = source_bucket(tokens)
        padded = F.pad(input_ids, (0, bucket - tokens), value=self.padding_idx)  # (B, P)
        full_mask = torch.zeros(batch, bucket, dtype=torch.long, device=input_ids.device)  # (B, P)
        full_mask[:, :tokens] = 1 if mask is None else mask
        if graphed:
            outputs = run_graphed(self, self.bucketed_forward, (padded, full_mask), MAX_KEPT_GRAPHS, CUDAGraphStep)
            if outputs is None:  # the capture failed (logged)
                return super().forward(input_ids, attention_mask=mask, output_hidden_states=with_states)
            hidden, states = outputs
        else:
            hidden, states = self.bucketed_forward(padded, full_mask)
        # Cut to stock's length; clone out of the graph's output buffers (the next replay overwrites them).
        last = hidden[:, :tokens].clone()
        hidden_states = None
        if with_states:  # stock records the input of layer 0 and each layer's output, the last one replaced by `last`
            hidden_states = (*(s[:, :tokens].clone() for s in states[:-1]), last)
        return BaseModelOutput(last_hidden_state=last, hidden_states=hidden_states)

    def bucketed_forward(self, input_ids: torch.Tensor, mask: torch.Tensor):
        """Stock's encoder on input_ids (B, P) padded with the pad token, mask (B, P) 0 on padding. Returns the
        last hidden state (B, P, H) and the layers' inputs and outputs (layers + 1 tensors (B, P, H)), as stock
        records them. No host reads (what CUDA-graph capture needs): the attention mask is built here from the
        device mask, as stock's create_bidirectional_mask builds it, without its all-real shortcut (a host read)."""
        hidden = self.embed_tokens(input_ids) + self.embed_positions(input_ids)  # dropout: eval only
        allowed = mask.bool()[:, None, None, :]  # (B, 1, 1, P)
        attention_mask = attention_mask_for(allowed, hidden.dtype, self.config._attn_implementation)
        states = [hidden]
        for layer in self.layers:
            hidden = layer(hidden, attention_mask)
            states.append(hidden)
        return self.layer_norm(hidden), tuple(states)
