"""Model FLOPs utilisation: achieved training FLOP/s over the GPU's dense bf16 peak.

FLOPs per token follow the PaLM paper (appendix B): 6·N for the matmuls of forward and backward,
N the parameters that take part in matmuls (all but the input embedding lookup), plus 12·L·H·Q·T for
the attention scores and values (L layers, H heads of size Q, T tokens of context). No discount for
causal masking, so MFU is comparable with published figures that use the same formula.
For a mixture of experts (Mixtral), N counts the experts' weights only in the share a token uses
(top_k of n_experts), as MoE papers report "active parameters".
"""

from __future__ import annotations

import torch.nn as nn

# Dense bf16 tensor-core peak in TFLOP/s (no sparsity), by a substring of torch.cuda.get_device_name().
PEAK_BF16_TFLOPS = {"H200": 989.4, "H100": 989.4, "A100": 312.0, "L40S": 362.1, "A10": 125.0}


def _expert_share(model: nn.Module) -> tuple[set[int], float]:
    """ids of the routed experts' parameters and the share of them one token uses (top_k / n_experts)."""
    config = model.config
    n_experts = getattr(config, "num_local_experts", None) or getattr(config, "num_experts", None)
    top_k = getattr(config, "num_experts_per_tok", None)
    if not n_experts or not top_k:
        return set(), 1.0
    ids = {id(p) for name, module in model.named_modules() if name.endswith(".experts") for p in module.parameters()}
    return ids, top_k / n_experts


def matmul_parameters(model: nn.Module) -> float:
    """Parameters one token multiplies with: all but the input embedding table (a lookup); routed experts
    count with the share a token uses."""
    embedding = model.get_input_embeddings()
    skip = {id(p) for p in embedding.parameters()} if embedding is not None else set()
    experts, share = _expert_share(model)
    output = model.get_output_embeddings()
    total = sum(p.numel() * (share if id(p) in experts else 1) for p in model.parameters() if id(p) not in skip)
    if output is not None and any(id(p) in skip for p in output.parameters()):
        total += sum(p.numel() for p in output.parameters())  # tied head: the table is also a matmul
    return total


def flops_per_token(model: nn.Module, seq_len: int) -> float:
    config = model.config
    layers = config.num_hidden_layers
    heads = config.num_attention_heads
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // heads
    return 6.0 * matmul_parameters(model) + 12.0 * layers * heads * head_dim * seq_len


def model_flops_utilisation(tokens_per_s: float, flops_per_token: float, gpus: int, peak_tflops: float) -> float:
    """Fraction of the per-GPU peak achieved; tokens_per_s counts all `gpus` together."""
    return tokens_per_s * flops_per_token / gpus / (peak_tflops * 1e12)


def peak_tflops(device_name: str) -> float | None:
    for key, value in PEAK_BF16_TFLOPS.items():
        if key in device_name:
            return value
    return None
