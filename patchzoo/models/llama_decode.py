"""Triton kernels inside the zoo Llama's captured decoding step: RMSNorm, RoPE and SwiGLU's middle.

Why: a graphed one-token step (patchzoo/patches/decode_graphs.py) launches no Python, but stock Llama's forward
still records a few dozen small kernels per layer, and each node of a CUDA graph costs ~1.5-2 µs on a Hopper GPU
(benchmarks/RESULTS.md), about what such a kernel does at one token. Per layer stock records:

    LlamaRMSNorm x 2       upcast, pow, mean, add eps, rsqrt, mul, downcast, mul weight    ~7 kernels each -> 1
    apply_rotary_pos_emb   q * cos, neg + cat (rotate_half), * sin, + ; the same for k    ~10 kernels -> 1
    LlamaMLP middle        silu(gate), * up                                               2 kernels -> 1

so the kernels here take ~24 nodes out of every layer of the graph (~770 of a 32-layer step).

These forwards are bound on the model's modules only while generate() captures a step (`decode_kernels_bound`):
the graph records them, and every other call (the prompt, eager steps, a forward of the user's) runs stock's
forwards. They compute stock's functions (the kernels' own tests: tests/test_llama_training_kernels.py and the
per-op tests) in fp32 inside: the norm with stock's roundings (its mean sums in another order), RoPE and
silu(gate) * up with one rounding to the model dtype where stock rounds after each elementwise op. A module someone
else gave a forward of its own keeps it; a MLP whose activation is not SiLU, a partial rotary embedding and
row-strided gate/up (a batch of more than one row through the GPTQ-fused gate_up_proj) keep stock's code for that
part.

Switch: ``model.decode_kernels`` (class or instance attribute of the zoo LlamaForCausalLM): True, the default,
records them; False captures stock's kernels. The switch is read when a step is captured
(release_decode_graphs(model) drops those already captured). At the Llama-3.1-8B shape (32 layers) a plain
generate() on an H100 ran 8-31 % more tokens/s with them than with stock's kernels in the same graphs
(benchmarks/RESULTS.md, the "(stock step kernels)" rows).
"""

from __future__ import annotations

import contextlib
import functools
import logging

import torch
import torch.nn as nn
from transformers.models.llama import modeling_llama

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


def _attention_forward(self, hidden_states, position_embeddings=None, attention_mask=None, **kwargs):
    cache = kwargs.pop("cache", None)
    cache = kwargs.pop("past_key_values", cache)  # the KV cache's name before transformers 5.24
    query, key, value = projected_qkv(self, hidden_states)
    if rope_fits(position_embeddings, self.head_dim):
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


def _rms_norm_forward(self, hidden_states):
    return rms_norm(hidden_states, self.weight, self.variance_epsilon)


# The index of the decode-step changes: module class -> the forward bound on its instances during a capture.
DECODE_KERNELS = {
    modeling_llama.LlamaRMSNorm: _rms_norm_forward,  # patchzoo/kernels/rms_norm.py
    modeling_llama.LlamaAttention: _attention_forward,  # patchzoo/kernels/rope.py
    FusedQKVLlamaAttention: _attention_forward,
    modeling_llama.LlamaMLP: _mlp_forward,  # patchzoo/kernels/swiglu.py
    FusedGateUpLlamaMLP: _mlp_forward,
}


def _takes_kernel(module: nn.Module) -> bool:
    if "forward" in module.__dict__:  # someone else's forward on the instance: left as it is
        return False
    if isinstance(module, modeling_llama.LlamaMLP):
        return module.config.hidden_act in ("silu", "swish")
    return True


@functools.cache
def _log_kernels_once() -> None:
    logger.info("patchzoo generate(): the captured decoding step runs Triton RMSNorm, RoPE and SwiGLU "
                "(model.decode_kernels = False records stock's kernels instead)")


@contextlib.contextmanager
def decode_kernels_bound(model: nn.Module, device: torch.device):
    """Bind DECODE_KERNELS' forwards on `model`'s modules for the duration (where Triton runs on `device`), then
    give every module back the forward it had."""
    bound = []
    if triton_runs_on(device):
        for module in model.modules():
            forward = DECODE_KERNELS.get(type(module))
            if forward is not None and _takes_kernel(module):
                module.forward = bind(forward, module)
                bound.append(module)
    if bound:
        _log_kernels_once()
    try:
        yield
    finally:
        for module in bound:
            module.__dict__.pop("forward", None)
