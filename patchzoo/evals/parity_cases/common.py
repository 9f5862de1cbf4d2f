"""Inputs and compared outputs shared by the parity cases.

A Head says what one model class outputs and how parity compares it: which output fields, and which of them
only on real tokens (a per-token field is (batch, seq, ...) over the input; its pad positions are the zoo's
pad_value, not stock's numbers, and do not count). The head of a class comes from its name's suffix, so one
case serves every class of an architecture (BertModel, BertForQuestionAnswering, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import torch

FIRST_ORDINARY_ID = 4  # ids below this are specials (pad/bos/eos/unk) in the tiny tokenizer


@dataclass(frozen=True)
class Head:
    """What parity compares for one model class: run(model, inputs) -> 1-D tensor of compared values."""

    metric: str  # the table's metric column, e.g. "max|Δ start/end logits| real tokens"
    run: Callable[[torch.nn.Module, dict], torch.Tensor]
    # How two runs compare (zoo's, stock's) -> the row's value; None: max |zoo - stock| of the 1-D tensors.
    compare: Callable[[object, object], float] | None = None
    # The row's tolerance by dtype when it is not the case's (e.g. a waveform beside exact tokens).
    tolerance: Callable[[torch.dtype], float] | None = None


def output_fields(name: str, real_tokens: tuple[str, ...] = (), everywhere: tuple[str, ...] = (),
                  inputs: tuple[str, ...] | None = None) -> Head:
    """A head comparing model(**inputs) fields: `real_tokens` ones where attention_mask is 1, `everywhere` ones
    whole (sequence logits (batch, labels), decoder positions). `inputs`: the input names the class takes
    (None: all of them)."""

    def run(model, batch: dict) -> torch.Tensor:
        taken = batch if inputs is None else {k: batch[k] for k in inputs}
        out = model(**taken)
        real = batch["attention_mask"].bool()  # (batch, seq)
        parts = [getattr(out, f)[real] for f in real_tokens] + [getattr(out, f) for f in everywhere]
        return torch.cat([p.float().flatten() for p in parts])

    return Head(f"max|Δ {name}|" + (" real tokens" if real_tokens else ""), run)


# Class-name suffix -> head, for encoders and decoder-only models; first match wins ("Model" last).
HEADS_BY_SUFFIX: tuple[tuple[str, Head], ...] = (
    ("ForCausalLM", output_fields("token logits", real_tokens=("logits",))),
    ("ForMaskedLM", output_fields("token logits", real_tokens=("logits",))),
    ("ForTokenClassification", output_fields("token logits", real_tokens=("logits",))),
    ("ForSequenceClassification", output_fields("sequence logits", everywhere=("logits",))),
    ("ForQuestionAnswering", output_fields("start/end logits", real_tokens=("start_logits", "end_logits"))),
    ("ForPreTraining", output_fields("MLM + next-sentence logits", real_tokens=("prediction_logits",),
                                     everywhere=("seq_relationship_logits",))),
    ("Model", output_fields("hidden states", real_tokens=("last_hidden_state",))),
)


def head_by_suffix(class_name: str, heads: tuple[tuple[str, Head], ...] = HEADS_BY_SUFFIX) -> Head:
    for suffix, head in heads:
        if class_name.endswith(suffix):
            return head
    raise ValueError(f"patchzoo parity does not know what {class_name} outputs")


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


def tolerance_by_dtype(fp32: float, fp16: float, bf16: float):
    table = {torch.float32: fp32, torch.float16: fp16, torch.bfloat16: bf16}

    def tolerance(dtype: torch.dtype) -> float:
        return table[dtype]

    return tolerance
