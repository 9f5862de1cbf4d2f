"""A plain GPTQ written from the paper's reference code (IST-DASLab/gptq: llama.py, gptq.py, quant.py), independent of
patchzoo.conversion: the oracle patchzoo's quantizer is judged against on a trained model.

    windows (1, L) --embed_tokens--> layer-0 inputs; rotary (cos, sin) from the model's rotary_emb at positions 0..L-1;
    no mask (sdpa's causal path)
    for each decoder layer: for q,k,v / o / gate,up / down: H = 2/n sum x x^T over the windows (the reference's
    add_batch), fasterquant (damped Cholesky inverse, lazy blocks of 128, grid from W at each group's start), then
    the layer's outputs with its quantized weights feed the next layer.
"""

from __future__ import annotations

import math

import torch
import torch.nn as nn

SEQUENTIAL = [["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj"], ["self_attn.o_proj"],
              ["mlp.gate_proj", "mlp.up_proj"], ["mlp.down_proj"]]


def find_params(x: torch.Tensor, maxq: int, sym: bool):
    """quant.py Quantizer.find_params(weight=True): per-row scale/zero over [min(x, 0), max(x, 0)]."""
    xmin = torch.minimum(x.min(1).values, torch.zeros(x.shape[0], device=x.device))
    xmax = torch.maximum(x.max(1).values, torch.zeros(x.shape[0], device=x.device))
    if sym:
        xmax = torch.maximum(xmin.abs(), xmax)
        xmin = torch.where(xmin < 0, -xmax, xmin)
    both_zero = (xmin == 0) & (xmax == 0)
    xmin[both_zero], xmax[both_zero] = -1, 1
    scale = (xmax - xmin) / maxq
    zero = torch.full_like(scale, (maxq + 1) / 2) if sym else torch.round(-xmin / scale)
    return scale[:, None], zero[:, None]


def quantize(x, scale, zero, maxq):
    return scale * (torch.clamp(torch.round(x / scale) + zero, 0, maxq) - zero)


def fasterquant(W: torch.Tensor, H: torch.Tensor, bits: int, groupsize: int, sym: bool, actorder: bool,
                percdamp: float = 0.01, blocksize: int = 128) -> torch.Tensor:
    """gptq.py GPTQ.fasterquant: the dequantized weight (static_groups=False)."""
    W, H = W.clone().float(), H.clone()
    maxq = 2**bits - 1
    columns = W.shape[1]
    scale, zero = find_params(W, maxq, sym)
    dead = torch.diag(H) == 0
    H[dead, dead] = 1
    W[:, dead] = 0
    if actorder:
        perm = torch.argsort(torch.diag(H), descending=True)
        W, H = W[:, perm], H[perm][:, perm]
    Q = torch.zeros_like(W)
    H.diagonal()[:] += percdamp * torch.mean(torch.diag(H))
    H = torch.linalg.cholesky(H)
    H = torch.cholesky_inverse(H)
    Hinv = torch.linalg.cholesky(H, upper=True)
    for i1 in range(0, columns, blocksize):
        i2 = min(i1 + blocksize, columns)
        W1 = W[:, i1:i2].clone()
        Q1, Err1 = torch.zeros_like(W1), torch.zeros_like(W1)
        Hinv1 = Hinv[i1:i2, i1:i2]
        for i in range(i2 - i1):
            w, d = W1[:, i], Hinv1[i, i]
            if groupsize != -1 and (i1 + i) % groupsize == 0:
                scale, zero = find_params(W[:, (i1 + i):(i1 + i + groupsize)], maxq, sym)
            q = quantize(w[:, None], scale, zero, maxq).flatten()
            Q1[:, i] = q
            err1 = (w - q) / d
            W1[:, i:] -= err1[:, None] @ Hinv1[i, i:][None, :]
            Err1[:, i] = err1
        Q[:, i1:i2] = Q1
        W[:, i2:] -= Err1 @ Hinv[i1:i2, i2:]
    if actorder:
        Q = Q[:, torch.argsort(perm)]
    return Q


def rtn(W: torch.Tensor, bits: int, groupsize: int, sym: bool) -> torch.Tensor:
    maxq = 2**bits - 1
    width = W.shape[1] if groupsize == -1 else groupsize
    out = torch.empty_like(W)
    for start in range(0, W.shape[1], width):
        scale, zero = find_params(W[:, start:start + width], maxq, sym)
        out[:, start:start + width] = quantize(W[:, start:start + width], scale, zero, maxq)
    return out


@torch.no_grad()
def plain_gptq_llama(model: nn.Module, windows: list[torch.Tensor], bits: int, groupsize: int, sym: bool,
                     actorder: bool) -> None:
    """llama.py llama_sequential: every decoder linear of a LlamaForCausalLM (sdpa attention) replaced in place."""
    inps = [model.model.embed_tokens(ids) for ids in windows]  # (1, L, hidden)
    rotary = [model.model.rotary_emb(x, torch.arange(x.shape[1], device=x.device)[None]) for x in inps]
    for layer in model.model.layers:
        for names in SEQUENTIAL:
            hessians = {name: torch.zeros(layer.get_submodule(name).in_features, layer.get_submodule(name).in_features,
                                          device=layer.get_submodule(name).weight.device) for name in names}
            counts = {name: 0 for name in names}

            def add_batch(name):
                def hook(module, args, output):
                    inp = args[0].reshape(-1, args[0].shape[-1]).float()  # (tokens, in)
                    tmp = inp.shape[0]
                    hessians[name] *= counts[name] / (counts[name] + tmp)
                    counts[name] += tmp
                    inp = math.sqrt(2 / counts[name]) * inp
                    hessians[name] += inp.t() @ inp
                return hook

            handles = [layer.get_submodule(name).register_forward_hook(add_batch(name)) for name in names]
            for x, pe in zip(inps, rotary):
                layer(x, attention_mask=None, position_embeddings=pe)
            for h in handles:
                h.remove()
            for name in names:
                linear = layer.get_submodule(name)
                linear.weight.data = fasterquant(linear.weight.data, hessians[name], bits, groupsize, sym, actorder)
        inps = [layer(x, attention_mask=None, position_embeddings=pe) for x, pe in zip(inps, rotary)]
        inps = [x[0] if isinstance(x, tuple) else x for x in inps]


@torch.no_grad()
def plain_rtn_llama(model: nn.Module, bits: int, groupsize: int, sym: bool) -> None:
    for layer in model.model.layers:
        for names in SEQUENTIAL:
            for name in names:
                linear = layer.get_submodule(name)
                linear.weight.data = rtn(linear.weight.data.float(), bits, groupsize, sym)
