"""Load-time fusion of the GPTQ projections of a Llama layer that read the same input: q/k/v become one
`qkv_proj` call and gate/up one `gate_up_proj` call.

Why: a decode step is many small launches. On a 7B layer the seven GPTQ matmuls become four, each wider,
so the kernel fills the GPU better (4096 -> 4096 is the shape furthest from the int4 floor) and an eager
step pays four host launches instead of seven.

What a fused layer holds: one GPTQLinear whose tensors are the parts' concatenated along the output
dimension (kernel layout (chunks, N, 16), qzeros, scales, scale_zero, bias). Parts fuse only where the
result is the same computation: same bits, group size, format, input rows and row order (act-order
checkpoints quantize q/k/v, and gate/up, from the same input Hessian, so their g_idx agree; where they do
not, the layer stays as it was).

Checkpoints stay stock: state_dict() splits the fused tensors back into q_proj/k_proj/v_proj (gate_proj/up_proj)
keys, and load_state_dict() accepts those keys and joins them, so save_pretrained writes what was loaded.
The attention and MLP forwards below are stock Llama's with the projections taken from one call. Code that
looks modules up by name (PEFT adapters on q_proj, gate_proj) needs from_pretrained(..., fuse_projections=False).

Before fusing, fold_act_order_gather removes one act-order gather per MLP: an act-order down_proj multiplies its
rows, sorted by group at load, with x's columns gathered through `perm` (inside the kernel at one token, a gather
before it from two tokens up: +10-25 % on the down_proj shapes, benchmarks/RESULTS.md). Its input is
act(gate(x)) * up(x), column by column, so gate and up can compute their output columns in that order instead
(their weight columns are reordered once at load) and down_proj then reads x as it arrives. Each output column
is computed by the same arithmetic as before, so the result is unchanged; state_dict() restores the order.
"""

from __future__ import annotations

import copy
import logging
from typing import Callable

import torch
import torch.nn as nn
from transformers.models.llama import modeling_llama as llama

from patchzoo.patches.gptq_linear import GPTQLinear
from patchzoo.patches.instance_methods import bound_object

logger = logging.getLogger(__name__)


class FusedProjections:
    """Mixin: `FUSED` names the fused GPTQLinear and, in output order, the stock projections it replaces."""

    FUSED: tuple[str, tuple[str, ...]]
    SPLIT_ALONG_N = ("qweight", "qzeros", "scales", "bias")  # GPTQLinear tensors split/joined along N; g_idx is shared
    part_features: tuple[int, ...]  # out_features of each part, in FUSED order

    def split_fused(self, y: torch.Tensor) -> tuple[torch.Tensor, ...]:
        return y.split(self.part_features, dim=-1)

    def _split_on_save(self, state_dict: dict, prefix: str, local_metadata) -> None:
        """state_dict post-hook: the fused tensors leave as the stock parts' keys and layouts."""
        fused, parts = self.FUSED
        per_word = 32 // getattr(self, fused).spec.bits
        for leaf in (*self.SPLIT_ALONG_N, "g_idx"):
            tensor = state_dict.pop(f"{prefix}{fused}.{leaf}", None)
            if tensor is None:
                continue
            if leaf == "g_idx":  # shared by every part; separate copies (safetensors refuses shared storage)
                pieces = [tensor.clone() for _ in parts]
            else:
                sizes = [n // per_word for n in self.part_features] if leaf == "qzeros" else list(self.part_features)
                pieces = [piece.clone() for piece in tensor.split(sizes, dim=-1)]
            for part, piece in zip(parts, pieces):
                state_dict[f"{prefix}{part}.{leaf}"] = piece

    def _join_on_load(self, state_dict: dict, prefix: str, *args) -> None:
        """load_state_dict pre-hook: the stock parts' keys (a saved checkpoint) join into the fused layer's."""
        fused, parts = self.FUSED
        if not all(f"{prefix}{part}.qweight" in state_dict for part in parts):
            return  # fused keys, or a partial dict: load_state_dict reports what is missing
        g_idx = [state_dict.get(f"{prefix}{part}.g_idx") for part in parts]
        if any(g is not None for g in g_idx) and not all(g is not None and torch.equal(g, g_idx[0]) for g in g_idx):
            raise ValueError(
                f"{prefix}{'/'.join(parts)} have different g_idx; this model fused them into {prefix}{fused} at "
                f"load time, which needs one row order. Load this state dict into a model loaded with "
                f"from_pretrained(..., fuse_projections=False)"
            )
        for leaf in self.SPLIT_ALONG_N:
            keys = [f"{prefix}{part}.{leaf}" for part in parts]
            if all(key in state_dict for key in keys):
                state_dict[f"{prefix}{fused}.{leaf}"] = torch.cat([state_dict.pop(key) for key in keys], dim=-1)
        if g_idx[0] is not None:
            state_dict[f"{prefix}{fused}.g_idx"] = g_idx[0]
            for part in parts:
                state_dict.pop(f"{prefix}{part}.g_idx")


class FusedQKVLlamaAttention(FusedProjections, llama.LlamaAttention):
    FUSED = ("qkv_proj", ("q_proj", "k_proj", "v_proj"))

    def forward(self, hidden_states, position_embeddings=None, attention_mask=None, cache=None, **kwargs):
        cache = kwargs.pop("past_key_values", cache)  # the KV cache's argument name before transformers 5.24
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)

        query, key, value = self.split_fused(self.qkv_proj(hidden_states))  # the only change from stock
        query_states = query.view(hidden_shape).transpose(1, 2)
        key_states = key.view(hidden_shape).transpose(1, 2)
        value_states = value.view(hidden_shape).transpose(1, 2)

        cos, sin = position_embeddings
        query_states, key_states = llama.apply_rotary_pos_emb(query_states, key_states, cos, sin)
        if cache is not None:
            key_states, value_states = cache.update(key_states, value_states, self.layer_idx)
        attention_interface: Callable = llama.ALL_ATTENTION_FUNCTIONS.get_interface(
            self.config._attn_implementation, llama.eager_attention_forward
        )
        attn_output, attn_weights = attention_interface(
            self, query_states, key_states, value_states, attention_mask,
            dropout=0.0 if not self.training else self.attention_dropout, scaling=self.scaling, **kwargs,
        )
        attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        return self.o_proj(attn_output), attn_weights


class FusedGateUpLlamaMLP(FusedProjections, llama.LlamaMLP):
    FUSED = ("gate_up_proj", ("gate_proj", "up_proj"))

    def forward(self, x):
        gate, up = self.split_fused(self.gate_up_proj(x))
        return self.down_proj(self.act_fn(gate) * up)


FUSIONS = {llama.LlamaAttention: FusedQKVLlamaAttention, llama.LlamaMLP: FusedGateUpLlamaMLP}


def fold_act_order_gather(model: nn.Module) -> int:
    """In every stock Llama MLP whose GPTQ down_proj has act-order rows, have gate_proj and up_proj write their
    outputs in down_proj's row order, so down_proj gathers nothing (see the module docstring); returns how many
    MLPs were rewired. Run it before fuse_gptq_projections (it rewires the separate layers)."""
    count = 0
    for module in model.modules():
        if type(module) is not llama.LlamaMLP:  # exact type: the fold relies on the stock forward's elementwise product
            continue
        down, gate, up = module.down_proj, module.gate_proj, module.up_proj
        if not all(isinstance(m, GPTQLinear) and m.prepared for m in (down, gate, up)) or down.perm is None:
            continue
        if gate.out_order is not None or up.out_order is not None or down.input_order is not None:
            continue  # wired already
        order = down.perm  # kernel row r of down_proj multiplies its input column perm[r]
        gate.set_wiring(out_order=order)
        up.set_wiring(out_order=order)
        down.set_wiring(input_order=order)
        count += 1
    return count


def fusion_blocker(parts: list[nn.Module]) -> str | None:
    """Why these layers cannot be one GPTQLinear (None: they can)."""
    if not all(isinstance(p, GPTQLinear) for p in parts):
        return "not all GPTQLinear"
    first = parts[0]
    if not all(p.prepared for p in parts):
        return "not prepared (tensors not loaded)"
    if any(p.row_groups is not None for p in parts):
        return "groups that no row order makes contiguous"
    for p in parts[1:]:
        if (p.spec, p.in_features, p.qweight.device, p.scales.dtype) != (first.spec, first.in_features,
                                                                         first.qweight.device, first.scales.dtype):
            return "different bits, group size, format, input size, device or scale dtype"
        if (p.bias is None) != (first.bias is None):
            return "bias on some only"
        if not _same_order(p.perm, first.perm):
            return "different act-order row orders"
        if not _same_order(p.input_order, first.input_order):
            return "inputs wired in different orders"
    return None


def _same_order(a: torch.Tensor | None, b: torch.Tensor | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and torch.equal(a, b))


@torch.no_grad()
def fuse_gptq_linears(parts: list[GPTQLinear]) -> GPTQLinear:
    """One prepared GPTQLinear computing the parts' outputs side by side (check fusion_blocker first)."""
    first = parts[0]
    fused = GPTQLinear(first.in_features, sum(p.out_features for p in parts), first.bias is not None, first.spec,
                       device="meta", dtype=first.bias.dtype if first.bias is not None else torch.float16)
    # (chunks, N, 16) kernel layout, (G, N / per_word) and (G, N) checkpoint layouts: all concatenate along N
    fused.qweight = torch.cat([p.qweight for p in parts], dim=1)
    fused.qzeros = torch.cat([p.qzeros for p in parts], dim=1)
    fused.scales = torch.cat([p.scales for p in parts], dim=1)
    fused.g_idx = first.g_idx
    if first.bias is not None:
        fused.bias = torch.cat([p.bias for p in parts])
        fused.kernel_bias = torch.cat([p.kernel_bias for p in parts])  # each part's columns in its out_order
    fused.perm, fused.x_gather, fused.input_order = first.perm, first.x_gather, first.input_order
    fused.scale_zero = torch.cat([p.scale_zero for p in parts], dim=1)  # the same
    if any(p.out_order is not None for p in parts):  # the parts' output orders, side by side
        offsets = torch.tensor([0, *[p.out_features for p in parts]]).cumsum(0).tolist()
        fused.out_order = torch.cat([
            (p.out_order if p.out_order is not None else torch.arange(p.out_features, device=p.qweight.device)) + offset
            for p, offset in zip(parts, offsets)
        ])
    fused.prepared = True
    return fused


def _fused_module(module: nn.Module, cls: type[FusedProjections]) -> nn.Module | None:
    fused_name, part_names = cls.FUSED
    parts = [getattr(module, name) for name in part_names]
    blocker = fusion_blocker(parts)
    if blocker:
        logger.info("%s: %s not fused (%s)", type(module).__name__, "/".join(part_names), blocker)
        return None
    # an instance of the subclass over the same attributes (config, layer_idx, o_proj, ... whatever this
    # transformers version keeps), with its own module and hook tables. Not the methods bound on the instance (the
    # zoo Llama's train-mode forward and `train`): bound to `module`, they would run the unfused layers and switch
    # the old module's mode, while the fused class's own forward went unused.
    fused = cls.__new__(cls)
    fused.__dict__.update({k: copy.copy(v) if isinstance(v, dict) else v for k, v in module.__dict__.items()
                           if bound_object(v) is not module})
    modules = {}  # the fused layer where its first part was, so printing the model reads as before
    for name, child in fused._modules.items():
        if name == part_names[0]:
            modules[fused_name] = fuse_gptq_linears(parts)
        elif name not in part_names:
            modules[name] = child
    fused._modules = modules
    fused.part_features = tuple(p.out_features for p in parts)
    fused.register_state_dict_post_hook(FusedProjections._split_on_save)
    fused.register_load_state_dict_pre_hook(FusedProjections._join_on_load)
    return fused


def fuse_gptq_projections(model: nn.Module) -> int:
    """Fuse q/k/v and gate/up of every stock Llama attention and MLP whose GPTQ projections allow it (prepared
    GPTQLinear, one row order); returns how many modules were fused."""
    count = 0
    for name, module in list(model.named_modules()):
        cls = FUSIONS.get(type(module))  # exact types: a subclass may compute its projections differently
        fused = _fused_module(module, cls) if cls else None
        if fused is not None:
            model.set_submodule(name, fused)
            count += 1
    return count
