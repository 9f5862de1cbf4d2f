"""SeamlessM4T-v2 with a static-cache, CUDA-graph text decoder and a bucketed, compiled HiFi-GAN vocoder.

Text generation (generate(), greedy / sampling / beam search; transformers runs the loop, logits
processors and beam bookkeeping unchanged):

    encoder (once; text: patchzoo/models/seamless_text_encoder.py, one CUDA graph per token bucket)
            -> encoder_hidden (B*beams, S, H)
    first step: cross K/V of every layer from encoder_hidden padded to a power-of-two S_b,
                once, into StaticSeq2SeqCache.cross_kv (patchzoo/patches/static_cache.py)
    every step: token ids (B*beams, 1) -> embed + sinusoidal position (from the device position)
                -> per layer: self-attn (K/V written at the device position, SDPA over all capacity
                   slots with a causal mask), cross-attn over S_b with the encoder mask, FFN
                -> final LayerNorm -> lm_head -> logits (B*beams, 1, V)
                On CUDA the one-token step is one captured CUDA graph, replayed every step;
                beam search reorders the cache in place, so the graph stays valid. In fp16 / bf16
                at <= 4 rows the attention projections run as kernels/decode_linear.py launches
                (LayerNorm + q / k / v; out + residual; LayerNorm + cross q; cross out + residual),
                the SDPA masks additive, made once per step.

The encoder call of a static-cache forward without encoder_outputs and the cross-attention mask it derives
are two small methods (_zoo_encode, _zoo_encoder_mask): the speech-input classes (SeamlessM4Tv2ForSpeechToText,
...ForSpeechToSpeech, SeamlessM4Tv2Model in patchzoo/models/seamless_speech.py) override them.

The zoo takes over generate()'s cache (overriding `_prepare_cache_for_generation`) only where the
static cache gives the same result: greedy, sampling, beam search and beam sampling, no attention
outputs requested, no cache or cache_implementation passed by the caller, eval mode. Everything
else, and every forward without that cache (training, scoring), is stock.
The buffers and graphs of the last MAX_KEPT_CACHES generate() shapes stay on the model for reuse (a graph is
re-captured when the weights or the position table have moved, e.g. after .to(), or TF32 was switched);
`model.clear_graphs()` frees them. Generated tokens equal stock's; logits agree to rounding (the masked
attention over padded slots sums in another order).

Vocoder (SeamlessM4Tv2CodeHifiGan and its HiFi-GAN, patchzoo/models/seamless_vocoder.py): units to
waveform in two CUDA graphs on bucketed shapes (durations; frame gather + HiFi-GAN), one host sync between.

What the zoo SeamlessM4T-v2 changes, and the switch for each: use_fast_paths(m, ...) below sets them all on the
zoo modules inside m (every call sets every switch; the defaults are the zoo's as built by from_pretrained or
patch()); m.clear_graphs() frees every cache and graph kept for reuse (captured again at their next use).

    change (where)                                              use_fast_paths keyword (default)
    generate() on a static KV cache (text decoder)              static_cache: bool = True (False: stock generation)
    the one-token decoding step as one CUDA graph               decoder_graph: bool = True (False: eager steps)
    decoding-step projections as decode_linear launches         (with the static cache: GPU, fp16 / bf16, <= 4 rows)
    text / speech encoder on bucketed shapes, one CUDA          encoder_graphs: bool = True (False: stock encoders)
      graph per bucket (seamless_text_encoder.py,
      seamless_speech.py)
    vocoder: units to waveform in two CUDA graphs               vocoder_graphs: bool = True (False: stock vocoder)
      (seamless_vocoder.py)
    vocoder convolutions as fused Triton kernels                fused_vocoder_convs: bool = True (False: cuDNN)
      (seamless_hifigan.py)
    vocoder waveform graph holding inductor code                vocoder_inductor: bool = False
    vocoder waveform graph captured with cudnn.benchmark        vocoder_cudnn_benchmark: bool = False
    generation tables shared, not deep-copied per generate()    (always: the tables are only read)

On the CPU every graph path runs stock's code; the modules' `zoo_bucket_eager = True` runs the bucketed paths
eagerly there (what the CPU tests check). No environment variable changes any of this.

State-dict keys are stock's: save_pretrained output loads in stock transformers and back.
"""

from __future__ import annotations

from collections.abc import Mapping

import torch
import torch.nn.functional as F
import transformers
from transformers import GenerationMixin
from transformers.generation.configuration_utils import GenerationMode
from transformers.modeling_outputs import BaseModelOutput, Seq2SeqLMOutput
from transformers.models.seamless_m4t_v2 import modeling_seamless_m4t_v2 as stock
from transformers.utils import logging

from patchzoo.kernels.decode_linear import covers, decode_linear
from patchzoo.models.base import CACHE_NAME, ZooModel, swap_module_classes, with_stock_signature
from patchzoo.models.seamless_text_encoder import SeamlessM4Tv2TextEncoder
from patchzoo.models.seamless_vocoder import VOCODER_CLASSES, SeamlessM4Tv2CodeHifiGan
from patchzoo.patches.shape_graphs import GraphedEncoder, weights_tag
from patchzoo.patches.static_cache import (
    SLOT_MULTIPLE,
    CUDAGraphStep,
    StaticSeq2SeqCache,
    additive_mask,
    round_up,
    source_bucket,
)

logger = logging.get_logger(__name__)

_STATIC_MODES = {
    GenerationMode.GREEDY_SEARCH,
    GenerationMode.SAMPLE,
    GenerationMode.BEAM_SEARCH,
    GenerationMode.BEAM_SAMPLE,
}


MAX_KEPT_CACHES = 4  # generate() shapes whose buffers and graphs stay allocated on the model

# generation_config tables of a released checkpoint, read by stock's generate() methods from
# self.generation_config only (id_to_text holds one subword per text token: 256k entries). Stock's
# _prepare_generation_config deep-copies the whole config into each call's copy, these tables included:
# about 0.6 s of host time per generate() call for 256k entries (measured on the CPU).
_SHARED_TABLES = ("id_to_text", "char_to_id", "text_decoder_lang_to_code_id", "t2u_lang_code_to_id",
                  "vocoder_lang_code_to_id")


class _SharedTable(Mapping):
    """A dict seen through a read-only view that (deep)copy returns as is: the copy would equal it, and nothing
    writes it."""

    def __init__(self, table: dict):
        self.table = table

    def __getitem__(self, key):
        return self.table[key]

    def __iter__(self):
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _heads(x: torch.Tensor, head_dim: int) -> torch.Tensor:
    """(B, T, heads * head_dim) -> (B, heads, T, head_dim)."""
    return x.view(*x.shape[:2], -1, head_dim).transpose(1, 2)


def _merge_heads(x: torch.Tensor) -> torch.Tensor:
    """(B, heads, T, head_dim) -> (B, T, heads * head_dim)."""
    return x.transpose(1, 2).reshape(x.shape[0], x.shape[2], -1)


def _decode_kernel_applies(h: torch.Tensor) -> bool:
    """Where a step's projections may take kernels/decode_linear.py: a GPU in fp16 / bf16. fp32 keeps stock's
    modules, whose summation order the fp32 parity tests hold to the bit."""
    return h.is_cuda and h.dtype != torch.float32


def _project(h: torch.Tensor, layers: list[torch.nn.Module], norm: torch.nn.Module | None = None,
             residual: torch.Tensor | None = None) -> list[torch.Tensor]:
    """[residual + layer(norm(h)) for layer in layers] (norm, residual: where given), as stock's modules compute
    it. On a GPU decoding step in fp16 / bf16, one launch of kernels/decode_linear.py (cuBLAS takes ~8 µs a
    1024 x 1024 layer at one row; the kernel ~4 µs for one, ~5 µs for three, the LayerNorm or the add folded in)."""
    if _decode_kernel_applies(h) and covers(h, layers, norm, residual):
        return decode_linear(h, layers, norm, residual)
    if norm is not None:
        h = norm(h)
    outs = [layer(h) for layer in layers]
    return outs if residual is None else [residual + out for out in outs]


class StaticCacheDecoding(ZooModel):
    """What the zoo text-decoding classes add: generate() on a StaticSeq2SeqCache (see the module docstring)."""

    zoo_feature = "static KV cache + CUDA-graph decoder, CUDA-graph vocoder"

    def _zoo_patch(self) -> None:
        self.zoo_static_cache = True
        self.zoo_cuda_graph = True
        # Caches (and their captured graphs) kept across generate() calls, by (rows, capacity), most recent
        # last; _zoo_cache is the one of the latest call.
        self._zoo_caches: dict[tuple[int, int], StaticSeq2SeqCache] = {}
        self._zoo_cache = None
        swap_module_classes(self, VOCODER_CLASSES)  # the vocoder of patchzoo.models.seamless_vocoder
        if getattr(self, "text_encoder", None) is not None:  # not the text-to-unit model's encoder (inputs_embeds)
            swap_module_classes(self.text_encoder, {stock.SeamlessM4Tv2Encoder: SeamlessM4Tv2TextEncoder})

    def clear_graphs(self) -> None:
        """Free what generate() keeps for reuse: the static caches with the decoding step's graphs, and the graphs
        of the encoders and the vocoder inside this model. Each is captured again at its next use."""
        self._zoo_caches.clear()
        self._zoo_cache = None
        for module in self.modules():
            if isinstance(module, (GraphedEncoder, SeamlessM4Tv2CodeHifiGan)):
                module.clear_graphs()

    # -- generate(): the call's generation config, without copying the big tables -------------------------
    def _prepare_generation_config(self, generation_config, *args, **kwargs):
        """Stock's, with the tables of _SHARED_TABLES shared with the call's copy instead of deep-copied."""
        swapped = []
        for config in {id(c): c for c in (self.generation_config, generation_config) if c is not None}.values():
            for name in _SHARED_TABLES:
                table = vars(config).get(name)
                if type(table) is dict:
                    setattr(config, name, _SharedTable(table))
                    swapped.append((config, name, table))
        try:
            prepared = super()._prepare_generation_config(generation_config, *args, **kwargs)
        finally:
            for config, name, table in swapped:
                setattr(config, name, table)
        call_config = prepared[0] if isinstance(prepared, tuple) else prepared
        for name in _SHARED_TABLES:  # the call's copy gets the dicts themselves, as stock's would (equal ones)
            table = vars(call_config).get(name)
            if isinstance(table, _SharedTable):
                setattr(call_config, name, table.table)
        return prepared

    # -- generate(): which cache --------------------------------------------------------------------
    # transformers' generate() builds its caches (its own StaticCache included) in this method; the
    # signature is the same in 5.17 and 5.24 (5.24 files the cache under CACHE_NAME). Everything not covered
    # falls through to stock.
    def _prepare_cache_for_generation(
        self, generation_config, model_kwargs, generation_mode, batch_size, max_cache_length
    ):
        if not self._static_cache_applies(generation_config, model_kwargs, generation_mode):
            return super()._prepare_cache_for_generation(
                generation_config, model_kwargs, generation_mode, batch_size, max_cache_length
            )
        # Rows the decoder will see: generate() expands the batch by beams / returned sequences (as for
        # transformers' own StaticCache). A wrong guess only costs a re-allocation in bind().
        rows = batch_size * max(generation_config.num_beams or 1, generation_config.num_return_sequences or 1)
        key = (rows, round_up(max_cache_length, SLOT_MULTIPLE))
        cache = self._zoo_caches.pop(key, None) or StaticSeq2SeqCache(max_cache_length)
        self._zoo_caches[key] = cache
        while len(self._zoo_caches) > MAX_KEPT_CACHES:
            self._zoo_caches.pop(next(iter(self._zoo_caches)))
        cache.reset()
        self._zoo_cache = model_kwargs[CACHE_NAME] = cache

    def _static_cache_applies(self, generation_config, model_kwargs, generation_mode) -> bool:
        return (
            getattr(self, "zoo_static_cache", False)
            and not self.training
            and generation_mode in _STATIC_MODES
            and generation_config.use_cache is not False
            and generation_config.cache_implementation is None
            and model_kwargs.get(CACHE_NAME) is None
            and not generation_config.output_attentions
            # transformers >= 5.23 also takes a list of layer indices here; the static step returns all or none.
            and isinstance(generation_config.output_hidden_states, (bool, type(None)))
            and model_kwargs.get("decoder_inputs_embeds") is None
        )

    # -- forward: the static path, or stock -------------------------------------------------------------
    def _forward(self, named: dict, extra: dict):
        """The zoo classes' forward (with stock's signature, see the classes below): the static step, or stock."""
        cache = named.get(CACHE_NAME, extra.get("past_key_values"))
        decoder_input_ids = named.get("decoder_input_ids")
        static = (
            isinstance(cache, StaticSeq2SeqCache)
            and decoder_input_ids is not None
            and named.get("decoder_attention_mask") is None
            and named.get("labels") is None
            and not extra.get("output_attentions")
        )
        if not static:
            if isinstance(cache, StaticSeq2SeqCache):
                raise ValueError(
                    "the static cache serves decoding from decoder_input_ids only (no labels, decoder masks or "
                    "attention outputs); set model.zoo_static_cache = False for these"
                )
            return super().forward(**named, **extra)
        encoder_outputs = named.get("encoder_outputs")
        if encoder_outputs is None:
            encoder_outputs = self._zoo_encode(named)
        elif not isinstance(encoder_outputs, BaseModelOutput):
            encoder_outputs = BaseModelOutput(last_hidden_state=encoder_outputs[0])
        if cache.get_seq_length() == 0:
            encoder_mask = self._zoo_encoder_mask(named, encoder_outputs[0])
            self._bind_static_cache(cache, decoder_input_ids.shape[0], encoder_outputs[0], encoder_mask)
        logits, states = self._run_static_step(cache, decoder_input_ids)
        hidden_states = tuple(s.clone() for s in states) if extra.get("output_hidden_states") else None
        return Seq2SeqLMOutput(
            logits=logits,
            **{CACHE_NAME: cache},
            decoder_hidden_states=hidden_states,
            encoder_last_hidden_state=encoder_outputs.last_hidden_state,
            encoder_hidden_states=encoder_outputs.hidden_states,
            encoder_attentions=encoder_outputs.attentions,
        )

    def _zoo_encode(self, named: dict):
        """The encoder of a static-cache call without encoder_outputs (text input; the speech classes override)."""
        return self.text_encoder(
            input_ids=named.get("input_ids"), attention_mask=named.get("attention_mask"),
            inputs_embeds=named.get("inputs_embeds"),
        )

    def _zoo_encoder_mask(self, named: dict, encoder_hidden: torch.Tensor) -> torch.Tensor | None:
        """The cross-attention mask over the encoder output (B, S) as stock's forward derives it (None: all real)."""
        return named.get("attention_mask")

    def _bind_static_cache(self, cache, batch, encoder_hidden, encoder_mask) -> None:
        """Size the buffers for this call and fill what stays fixed: cross K/V, cross mask, position table."""
        decoder = self.text_decoder
        attn = decoder.layers[0].self_attn
        source = encoder_hidden.shape[1]
        if encoder_hidden.shape[0] != batch:
            raise ValueError(f"encoder output has batch {encoder_hidden.shape[0]}, decoder input {batch}")
        cache.bind(
            len(decoder.layers), batch, attn.num_heads, attn.head_dim, source_bucket(source),
            encoder_hidden.dtype, encoder_hidden.device,
        )
        for i, layer in enumerate(decoder.layers):
            cross = layer.cross_attention
            key = _heads(cross.k_proj(encoder_hidden), cross.head_dim)  # (B, heads, S, head_dim)
            cache.set_cross(i, key, _heads(cross.v_proj(encoder_hidden), cross.head_dim))
        if encoder_mask is None:
            encoder_mask = torch.ones(batch, source, dtype=torch.bool, device=encoder_hidden.device)
        cache.set_cross_mask(encoder_mask)
        # Grow the sinusoidal table now, as stock would while decoding: inside the graph it cannot.
        positions = decoder.embed_positions
        needed = positions.padding_idx + 1 + cache.capacity
        if needed > positions.weights.size(0):
            positions.make_weights(needed + positions.offset, positions.embedding_dim, positions.padding_idx)
        # A captured step reads the weights and the position table by address, its kernels chosen under the TF32
        # switches: checked once per generate() call, here, not every step; a change means a new capture.
        tag = weights_tag(decoder, self.lm_head)
        if cache.step_graph is not None and cache.step_graph.tag != tag:
            cache.step_graph = None
        cache.weights_tag = tag

    def _run_static_step(self, cache, input_ids):
        """One decoding step of `input_ids` (B, q): the CUDA graph for q == 1 on CUDA, eager otherwise."""
        cache.position.fill_(cache.get_seq_length())  # host int -> device, no sync
        use_graph = input_ids.shape[1] == 1 and self.zoo_cuda_graph and CUDAGraphStep.available(input_ids.device)
        if use_graph:
            if cache.step_graph is None:  # (dropped by _bind_static_cache when the weights moved)
                step = lambda: self._static_step(cache, cache.step_ids)  # noqa: E731
                cache.step_graph = CUDAGraphStep(step, tag=cache.weights_tag)
            cache.step_ids.copy_(input_ids)
            logits, states = self._replay_or_none(cache)
            use_graph = logits is not None
        if not use_graph:
            logits, states = self._static_step(cache, input_ids)
        cache.advance(input_ids.shape[1])
        return logits, states

    def _replay_or_none(self, cache):
        """The step graph's (logits, states), or (None, None) where it failed (its capture, most likely): then said
        once in the log and zoo_cuda_graph switched off, so this step and every later one run eagerly on the static
        cache (a failed capture was undone, patchzoo/patches/graph_capture.py; the step rewrites the same slot), as
        the encoders' graphs fall back (patchzoo/patches/shape_graphs.py run_graphed)."""
        try:
            return cache.step_graph()
        except Exception as error:  # noqa: BLE001 - any failure of the graph: eager steps from now on, said once
            logger.warning_once(f"patchzoo {type(self).__name__}: capturing the decoding step's CUDA graph failed "
                                f"({type(error).__name__}: {error}); decoding without it from now on")
            self.zoo_cuda_graph = False
            cache.step_graph = None
            return None, None

    def _static_step(self, cache: StaticSeq2SeqCache, input_ids: torch.Tensor):
        """The decoder on fixed-shape buffers: stock's layers, dropout off (inference only).

        Returns logits (B, q, V) and the stacked decoder hidden states (layers + 1, B, q, H): the input of
        layer 0, each layer's output, the last replaced by the final LayerNorm's output, as stock records them.
        """
        decoder = self.text_decoder
        batch, q = input_ids.shape
        slots = cache.slots(q)  # (q,)
        positions = decoder.embed_positions
        position_ids = positions.create_position_ids_from_input_ids(input_ids, positions.padding_idx, cache.position)
        hidden = decoder.embed_tokens(input_ids) + positions.weights.index_select(0, position_ids.view(-1)).view(
            batch, q, -1
        )  # (B, q, H)
        # (q, capacity) 0 / -inf: the float mask SDPA would make of the boolean one in every layer, made once
        self_bias = additive_mask(cache.self_mask(slots), hidden.dtype)
        states = [hidden]
        for i, layer in enumerate(decoder.layers):
            attn = layer.self_attn
            query, key, value = _project(hidden, [attn.q_proj, attn.k_proj, attn.v_proj], layer.self_attn_layer_norm)
            keys, values = cache.write_self(
                i, _heads(key, attn.head_dim), _heads(value, attn.head_dim), slots
            )  # (B, heads, capacity, head_dim) each
            h = F.scaled_dot_product_attention(
                _heads(query, attn.head_dim), keys, values, attn_mask=self_bias, scale=attn.scaling
            )
            hidden = _project(_merge_heads(h), [attn.out_proj], residual=hidden)[0]

            cross = layer.cross_attention
            (query,) = _project(hidden, [cross.q_proj], layer.cross_attention_layer_norm)
            h = F.scaled_dot_product_attention(
                _heads(query, cross.head_dim), cache.cross_kv[i, 0], cache.cross_kv[i, 1],
                attn_mask=cache.cross_bias, scale=cross.scaling,
            )
            hidden = _project(_merge_heads(h), [cross.out_proj], residual=hidden)[0]

            hidden = hidden + layer.ffn(layer.ffn_layer_norm(hidden))
            states.append(hidden)
        states[-1] = decoder.layer_norm(hidden)
        return self.lm_head(states[-1]), torch.stack(states)


# -- switches ---------------------------------------------------------------------------------------------


def use_fast_paths(
    model: torch.nn.Module,
    static_cache: bool = True,
    decoder_graph: bool = True,
    encoder_graphs: bool = True,
    vocoder_graphs: bool = True,
    fused_vocoder_convs: bool = True,
    vocoder_inductor: bool = False,
    vocoder_cudnn_benchmark: bool = False,
) -> torch.nn.Module:
    """Set every switch of the module docstring's table on the zoo SeamlessM4T-v2 modules inside `model` (text
    decoding, encoders, vocoder); a call sets all of them, the defaults being the zoo's. Returns `model`."""
    for module in model.modules():
        if isinstance(module, StaticCacheDecoding):
            module.zoo_static_cache = static_cache
            module.zoo_cuda_graph = decoder_graph
        elif isinstance(module, GraphedEncoder):
            module.zoo_cuda_graph = encoder_graphs
        elif isinstance(module, SeamlessM4Tv2CodeHifiGan):
            module.zoo_cuda_graphs = vocoder_graphs
            module.zoo_fused_convs = fused_vocoder_convs
            module.zoo_inductor = vocoder_inductor
            module.zoo_cudnn_benchmark = vocoder_cudnn_benchmark
    return model


# -- zoo classes ------------------------------------------------------------------------------------------


# GenerationMixin is named among the direct bases, where transformers looks for it (can_generate, its
# test_inherits_generation_mixin); stock's class already has it, so the MRO is unchanged.
class SeamlessM4Tv2ForTextToText(StaticCacheDecoding, transformers.SeamlessM4Tv2ForTextToText, GenerationMixin):
    """transformers.SeamlessM4Tv2ForTextToText whose generate() decodes on a static cache / CUDA graph."""

    forward = with_stock_signature(transformers.SeamlessM4Tv2ForTextToText.forward)(StaticCacheDecoding._forward)


class SeamlessM4Tv2ForTextToSpeech(StaticCacheDecoding, transformers.SeamlessM4Tv2ForTextToSpeech, GenerationMixin):
    """transformers.SeamlessM4Tv2ForTextToSpeech: static-cache text decoding and the bucketed CUDA-graph vocoder."""

    forward = with_stock_signature(transformers.SeamlessM4Tv2ForTextToSpeech.forward)(StaticCacheDecoding._forward)


ZOO_CLASSES = (SeamlessM4Tv2ForTextToText, SeamlessM4Tv2ForTextToSpeech)
