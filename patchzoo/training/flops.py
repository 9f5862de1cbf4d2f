"""Model FLOPs utilisation: achieved training FLOP/s over the GPU's dense bf16 peak.

FLOPs per token follow the PaLM paper (appendix B): 6·N for the matmuls of forward and backward,
N the parameters that take part in matmuls (all but the input embedding lookup), plus 12·L·H·Q·T for
the attention scores and values (L layers, H heads of size Q, T tokens of context). No discount for
causal masking, so MFU is comparable with published figures that use the same formula.
"""

from __future__ import annotations

import torch.nn as nn

# Dense bf16 tensor-core peak in TFLOP/s (no sparsity), by a substring of torch.cuda.get_device_name().
PEAK_BF16_TFLOPS = {"H200": 989.4, "H100": 989.4, "A100": 312.0, "L40S": 362.1, "A10": 125.0}


def matmul_parameters(model: nn.Module) -> int:
    """Parameters used in matmuls: everything except the input embedding table (a lookup)."""
    embedding = model.get_input_embeddings()
    skip = {id(p) for p in embedding.parameters()} if embedding is not None else set()
    output = model.get_output_embeddings()
    total = sum(p.numel() for p in model.parameters() if id(p) not in skip)
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
