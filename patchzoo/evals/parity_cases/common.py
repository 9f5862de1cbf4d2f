"""Inputs and outputs shared by the parity cases."""

from __future__ import annotations

import torch

FIRST_ORDINARY_ID = 4  # ids below this are specials (pad/bos/eos/unk) in the tiny tokenizer


def right_padded_tokens(config, device, generator, batch=4, seq=24, lengths=None) -> dict:
    """input_ids + a right-padded attention_mask of mixed lengths (one full row, one short one)."""
    if lengths is None:
        lengths = [seq, seq // 2 + 1, 3, seq - 5][:batch]
    vocab = config.vocab_size
    input_ids = torch.randint(FIRST_ORDINARY_ID, vocab, (batch, seq), generator=generator)
    attention_mask = (torch.arange(seq)[None, :] < torch.tensor(lengths)[:, None]).long()
    pad = config.pad_token_id if config.pad_token_id is not None else 0
    input_ids = input_ids.masked_fill(attention_mask == 0, pad)
    return {"input_ids": input_ids.to(device), "attention_mask": attention_mask.to(device)}


def logits(model, inputs) -> torch.Tensor:
    return model(**inputs).logits.float()


def real_tokens(inputs) -> torch.Tensor:
    return inputs["attention_mask"].bool()


def tolerance_by_dtype(fp32: float, fp16: float, bf16: float):
    table = {torch.float32: fp32, torch.float16: fp16, torch.bfloat16: bf16}

    def tolerance(dtype: torch.dtype) -> float:
        return table[dtype]

    return tolerance
