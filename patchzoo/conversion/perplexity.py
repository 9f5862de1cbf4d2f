"""Held-out perplexity of a causal LM on a text: the measure a quantizer has to keep.

    text --tokenizer--> ids (T,) --> non-overlapping windows of `seqlen` tokens (the last, shorter one too)
    --> sum of next-token negative log-likelihoods over every predicted token / their number --> exp
"""

from __future__ import annotations

import math

import torch
import torch.nn as nn


def text_token_ids(tokenizer, text: str) -> torch.Tensor:
    """(T,) token ids of the text, without special tokens (windows are cut from one stream)."""
    return tokenizer(text, return_tensors="pt", add_special_tokens=False).input_ids[0]


@torch.no_grad()
def perplexity(model: nn.Module, ids: torch.Tensor, seqlen: int, max_windows: int | None = None) -> float:
    """exp(mean NLL) of `ids` (T,) under `model`, scored in non-overlapping windows of `seqlen` tokens.

    Each window starts without context, so its first token is not scored; a trailing window of fewer than 2
    tokens is dropped. max_windows: score only the first windows (a quick estimate).
    """
    if ids.dim() != 1:
        raise ValueError(f"ids must be one token stream (T,), got shape {tuple(ids.shape)}")
    device = next(model.parameters()).device
    windows = [ids[i:i + seqlen] for i in range(0, ids.numel(), seqlen)]
    windows = [w for w in windows if w.numel() >= 2][:max_windows]
    if not windows:
        raise ValueError(f"perplexity needs at least 2 tokens, got {ids.numel()}")
    total, count = 0.0, 0
    for window in windows:
        window = window[None, :].to(device)
        logits = model(input_ids=window, use_cache=False).logits.float()  # (1, L, vocab)
        nll = nn.functional.cross_entropy(logits[0, :-1], window[0, 1:], reduction="sum")
        total += float(nll)
        count += window.shape[1] - 1
    return math.exp(total / count)
