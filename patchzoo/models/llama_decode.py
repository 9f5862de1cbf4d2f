"""Triton kernels inside the zoo Llama's captured decoding step: RMSNorm, RoPE with the KV-cache write, SwiGLU's
middle, and the residual adds joined to the norms after them.

Why: a graphed one-token step (patchzoo/patches/decode_graphs.py) launches no Python, but stock Llama's forward
still records a few dozen small kernels per layer, and each node of a CUDA graph costs ~1.5-2 µs on a Hopper GPU
(benchmarks/RESULTS.md), about what such a kernel does at one token. Per layer stock records:

    LlamaRMSNorm x 2           upcast, pow, mean, add eps, rsqrt, mul, downcast, mul weight      ~7 kernels each
    residual adds x 2          one kernel each                          with the norm after it -> 1 (add_rms_norm)
    apply_rotary_pos_emb       q * cos, neg + cat (rotate_half), * sin, + ; the same for k     ~10 kernels
    StaticLayer.update         arange, add, in-place add of the position, index_copy_ of k and v   5 kernels
                                                                       RoPE and the update -> 1 (rope_write_kv)
    attention (SDPA or eager)  repeat_kv of the whole cache's K and V, then attention over every slot
                                                          -> 1 (decode_attention: the written slots, KV heads once)
    LlamaMLP middle            silu(gate), * up                                                 2 kernels -> 1

so a layer records ~5 small kernels here where stock records ~36 (about 1,000 nodes fewer in a 32-layer step).
The residual adds are joined across layers: each bound decoder layer returns its MLP output with the add still
pending (PendingAdd), and the next layer's input norm, or the final norm, does the add (_residual_adds_fuse says
when every layer and norm takes the bound forwards, which this needs; otherwise the adds stay stock's).

These forwards are bound on the model's modules only while generate() captures a step (`decode_kernels_bound`):
the graph records them, and every other call (the prompt, eager steps, a forward of the user's) runs stock's
forwards. They compute stock's functions (the kernels' own tests: tests/test_decode_step.py,
tests/test_llama_training_kernels.py and the per-op tests) in fp32 inside: the norm with stock's roundings (its
mean sums in another order), the adds as stock's, RoPE and silu(gate) * up with one rounding to the model dtype
where stock rounds after each elementwise op, attention in fp32 with P meeting V in the model dtype (as SDPA's
kernels do). rope_write_kv and decode_attention run only where the cache is the graphed step's own (a
DecodeGraphCache with plain StaticLayers, whose mask hides every slot not yet written); elsewhere RoPE runs alone,
StaticLayer.update writes and stock's attention function attends. A module
someone else gave a forward of its own keeps it; a MLP whose activation is not SiLU, a partial rotary embedding and
row-strided gate/up (a batch of more than one row through the GPTQ-fused gate_up_proj) keep stock's code for that
part.

Switches (class or instance attributes of the zoo LlamaForCausalLM, read when a step is captured;
release_decode_graphs(model) drops those already captured): ``model.decode_kernels``, True by default, records
RMSNorm, RoPE and SwiGLU (False: stock's kernels; benchmarks/RESULTS.md compares the two in the same graphs, the
"(stock step kernels)" rows). ``model.fused_decode_step``, True by default, adds the merged step: the residual adds,
rope_write_kv and decode_attention (False: stock's attention and cache update; the "(unfused step)" rows).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from typing import NamedTuple

import torch
import torch.nn as nn
from transformers.cache_utils import StaticLayer
from transformers.models.llama import modeling_llama

from patchzoo.kernels.decode_attention import decode_attention, decode_attention_fits
from patchzoo.kernels.decode_step import add_rms_norm, rope_write_kv
from patchzoo.kernels.launch import triton_runs_on
from patchzoo.kernels.rms_norm import rms_norm
from patchzoo.kernels.rope import rope
from patchzoo.kernels.swiglu import swiglu
from patchzoo.patches.gptq_fusion import FusedGateUpLlamaMLP, FusedProjections, FusedQKVLlamaAttention
from patchzoo.patches.instance_methods import bind

logger = logging.getLogger(__name__)


def projected_qkv(attention: nn.Module, hidden_states: torch.Tensor):
    """(B, H, T, D) query, key and value of a stock LlamaAttention or the GPTQ-fused one (one qkv_proj call)."""
    hidden_shape = (*hidden_states.shape[:-1], -1, attention.head_dim)
    if isinstance(attention, FusedProjections):
        parts = attention.split_fused(attention.qkv_proj(hidden_states))
    else:
        parts = attention.q_proj(hidden_states), attention.k_proj(hidden_states), attention.v_proj(hidden_states)
    return tuple(part.view(hidden_shape).transpose(1, 2) for part in parts)


def attend(attention: nn.Module, input_shape, query, key, value, attention_mask, **kwargs):
    """The rest of stock LlamaAttention.forward after the rotation and the cache: attention, then o_proj."""
    interface = modeling_llama.ALL_ATTENTION_FUNCTIONS.get_interface(
        attention.config._attn_implementation, modeling_llama.eager_attention_forward)
    attn_output, attn_weights = interface(
        attention, query, key, value, attention_mask,
        dropout=0.0 if not attention.training else attention.attention_dropout, scaling=attention.scaling, **kwargs,
    )
    attn_output = attn_output.reshape(*input_shape, -1).contiguous()
    return attention.o_proj(attn_output), attn_weights


def rope_fits(position_embeddings, head_dim: int) -> bool:
    """The Triton RoPE takes these (cos, sin): (B or 1, T, D) over the whole head (no partial rotary)."""
    return (position_embeddings is not None and position_embeddings[0].dim() == 3
            and position_embeddings[0].shape[-1] == head_dim)


def writable_cache_layer(cache, layer_idx: int, key: torch.Tensor) -> StaticLayer | None:
    """The layer of a graphed step's cache (one that keeps `write_arrivals`) that rope_write_kv may write as
    StaticLayer.update would (a plain StaticLayer, allocated, of k's dtype and device), else None."""
    arrivals = getattr(cache, "write_arrivals", None)
    if arrivals is None or arrivals.device != key.device:
        return None
    layer = cache.layers[layer_idx]
    position = getattr(layer, "cumulative_length", None)
    if (type(layer) is not StaticLayer or not layer.is_initialized or layer.keys.dtype != key.dtype
            or layer.keys.device != key.device or not isinstance(position, torch.Tensor)
            or position.dtype != torch.int64 or position.numel() != 1):
        return None
    return layer


def _attend_through_cache_layer(attention, layer: StaticLayer, arrivals, input_shape, query, key, value,
                                position_embeddings, attention_mask, **kwargs):
    """RoPE with the cache write (rope_write_kv), then attention over the written slots (decode_attention) where it
    takes the mask, else stock's attention function over the cache; then o_proj."""
    query = rope_write_kv(query, key, value, *position_embeddings, layer.keys, layer.values, layer.cumulative_length,
                          arrivals)
    if (attention.config._attn_implementation in ("sdpa", "eager") and not attention.training
            and decode_attention_fits(query, layer.keys, layer.values, attention_mask)):
        attended = decode_attention(query, layer.keys, layer.values, attention_mask, layer.cumulative_length,
                                    attention.scaling)
        return attention.o_proj(attended.reshape(*input_shape, -1)), None
    return attend(attention, input_shape, query, layer.keys, layer.values, attention_mask, **kwargs)


def _attention_forward(self, hidden_states, position_embeddings=None, attention_mask=None, **kwargs):
    return _attention(self, hidden_states, position_embeddings, attention_mask, False, **kwargs)


def _fused_attention_forward(self, hidden_states, position_embeddings=None, attention_mask=None, **kwargs):
    return _attention(self, hidden_states, position_embeddings, attention_mask, True, **kwargs)


def _attention(self, hidden_states, position_embeddings, attention_mask, fused: bool, **kwargs):
    """Stock LlamaAttention.forward with the Triton RoPE; `fused`: RoPE writing the graphed step's cache and attention
    over its written slots, where they take it."""
    cache = kwargs.pop("cache", None)
    cache = kwargs.pop("past_key_values", cache)  # the KV cache's name before transformers 5.24
    query, key, value = projected_qkv(self, hidden_states)
    if rope_fits(position_embeddings, self.head_dim):
        layer = writable_cache_layer(cache, self.layer_idx, key) if fused else None
        if layer is not None:
            return _attend_through_cache_layer(self, layer, cache.write_arrivals, hidden_states.shape[:-1], query,
                                               key, value, position_embeddings, attention_mask, **kwargs)
        query, key = rope(query, key, *position_embeddings)
    else:
        query, key = modeling_llama.apply_rotary_pos_emb(query, key, *position_embeddings)
    if cache is not None:
        key, value = cache.update(key, value, self.layer_idx)
    return attend(self, hidden_states.shape[:-1], query, key, value, attention_mask, **kwargs)


def _mlp_forward(self, x):
    if isinstance(self, FusedProjections):
        gate, up = self.split_fused(self.gate_up_proj(x))
    else:
        gate, up = self.gate_proj(x), self.up_proj(x)
    if gate.is_contiguous() and up.is_contiguous() and gate.dtype == up.dtype:
        return self.down_proj(swiglu(gate, up))
    return self.down_proj(self.act_fn(gate) * up)  # row-strided halves: the kernel would copy them first


class PendingAdd(NamedTuple):
    """A decoder layer's output with its last residual add left to the RMSNorm after it (add_rms_norm): what the
    bound decoder layers hand each other, and the final norm takes, inside a captured step."""

    residual: torch.Tensor
    update: torch.Tensor


def _rms_norm_forward(self, hidden_states):
    if isinstance(hidden_states, PendingAdd):  # the final norm after the last bound decoder layer
        return add_rms_norm(*hidden_states, self.weight, self.variance_epsilon)[1]
    return rms_norm(hidden_states, self.weight, self.variance_epsilon)


def _decoder_layer_forward(self, hidden_states, **kwargs):
    """Stock LlamaDecoderLayer.forward with each residual add joined to the RMSNorm after it: the attention's to
    post_attention_layernorm here, the MLP's to the next layer's input_layernorm (or the final norm) via PendingAdd."""
    if isinstance(hidden_states, PendingAdd):
        residual, normed = add_rms_norm(*hidden_states, self.input_layernorm.weight,
                                        self.input_layernorm.variance_epsilon)
    else:  # the first layer: the embeddings
        residual, normed = hidden_states, self.input_layernorm(hidden_states)
    attended, _ = self.self_attn(hidden_states=normed, **kwargs)
    residual, normed = add_rms_norm(residual, attended, self.post_attention_layernorm.weight,
                                    self.post_attention_layernorm.variance_epsilon)
    return PendingAdd(residual, self.mlp(normed))


# The index of the decode-step changes: module class -> the forward bound on its instances during a capture.
DECODE_KERNELS = {
    modeling_llama.LlamaRMSNorm: _rms_norm_forward,  # patchzoo/kernels/rms_norm.py
    modeling_llama.LlamaAttention: _attention_forward,  # patchzoo/kernels/rope.py
    FusedQKVLlamaAttention: _attention_forward,
    modeling_llama.LlamaMLP: _mlp_forward,  # patchzoo/kernels/swiglu.py
    FusedGateUpLlamaMLP: _mlp_forward,
}
# With fused=True (model.fused_decode_step), in place of DECODE_KERNELS' entries: RoPE writing the cache and the
# attention over its written slots (patchzoo/kernels/decode_step.py, decode_attention.py) ...
FUSED_STEP_KERNELS = {
    modeling_llama.LlamaAttention: _fused_attention_forward,
    FusedQKVLlamaAttention: _fused_attention_forward,
}
# ... and where _residual_adds_fuse(model), the residual adds joined to the norms after them
RESIDUAL_ADD_KERNELS = {modeling_llama.LlamaDecoderLayer: _decoder_layer_forward}


def _residual_adds_fuse(model: nn.Module) -> bool:
    """Whether the decoder layers may hand each other PendingAdd: stock's LlamaModel loop, and every decoder layer and
    norm of stock's classes with no forward of their own (each one of them must take the bound forwards)."""
    decoder = getattr(model, "model", None)
    if (not isinstance(decoder, modeling_llama.LlamaModel) or "forward" in decoder.__dict__
            or type(decoder).forward is not modeling_llama.LlamaModel.forward):
        return False
    norms = [decoder.norm]
    for layer in decoder.layers:
        if type(layer) is not modeling_llama.LlamaDecoderLayer or "forward" in layer.__dict__:
            return False
        norms += [layer.input_layernorm, layer.post_attention_layernorm]
    return all(type(norm) is modeling_llama.LlamaRMSNorm and "forward" not in norm.__dict__ for norm in norms)


def _takes_kernel(module: nn.Module) -> bool:
    if "forward" in module.__dict__:  # someone else's forward on the instance: left as it is
        return False
    if isinstance(module, modeling_llama.LlamaMLP):
        return module.config.hidden_act in ("silu", "swish")
    return True


@functools.cache
def _log_kernels_once(fused: bool) -> None:
    merged = " with the residual adds, the cache write and attention merged in" if fused else ""
    logger.info("patchzoo generate(): the captured decoding step runs Triton RMSNorm, RoPE and SwiGLU%s "
                "(model.decode_kernels = False records stock's kernels instead)", merged)


@contextlib.contextmanager
def decode_kernels_bound(model: nn.Module, device: torch.device, fused: bool = False):
    """Bind DECODE_KERNELS' forwards (with `fused`, FUSED_STEP_KERNELS' and RESIDUAL_ADD_KERNELS' too) on `model`'s
    modules for the duration (where Triton runs on `device`), then give every module back the forward it had."""
    bound = []
    if triton_runs_on(device):
        kernels = dict(DECODE_KERNELS)
        if fused:
            kernels.update(FUSED_STEP_KERNELS)
            if _residual_adds_fuse(model):
                kernels.update(RESIDUAL_ADD_KERNELS)
        for module in model.modules():
            forward = kernels.get(type(module))
            if forward is not None and _takes_kernel(module):
                module.forward = bind(forward, module)
                bound.append(module)
    if bound:
        _log_kernels_once(fused)
    try:
        yield
    finally:
        for module in bound:
            module.__dict__.pop("forward", None)
