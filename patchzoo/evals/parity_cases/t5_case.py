"""FLAN-T5: a float16 zoo is held to stock float32 (the numerics it must keep); in float32 and bfloat16
the zoo runs stock's computation, so there it must equal stock in the same dtype exactly.

Decoder outputs (T5ForConditionalGeneration's logits, T5Model's hidden states) are compared at every decoder
position; T5EncoderModel's hidden states on the real input tokens.
"""

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import (
    FIRST_ORDINARY_ID,
    head_by_suffix,
    output_fields,
    right_padded_tokens,
    tolerance_by_dtype,
)

HEADS = (
    ("ForConditionalGeneration", output_fields("logits", everywhere=("logits",))),
    ("EncoderModel", output_fields("hidden states", real_tokens=("last_hidden_state",),
                                   inputs=("input_ids", "attention_mask"))),
    ("Model", output_fields("decoder hidden states", everywhere=("last_hidden_state",))),
)


def encoder_decoder_inputs(config, device, generator) -> dict:
    inputs = right_padded_tokens(config, device, generator)
    batch = inputs["input_ids"].shape[0]
    decoder_ids = torch.randint(FIRST_ORDINARY_ID, config.vocab_size, (batch, 8), generator=generator)
    decoder_ids[:, 0] = config.decoder_start_token_id
    inputs["decoder_input_ids"] = decoder_ids.to(device)
    return inputs


CASE = ParityCase(
    arch="t5",
    model_type="t5",
    feature="fp16-safe (mask scale, safe GeLU, fp32 residual, scaled feed-forward)",
    make_inputs=encoder_decoder_inputs,
    head=lambda class_name: head_by_suffix(class_name, HEADS),
    # float16 is held to float32, not to stock float16 (which overflows on large activations).
    stock_dtype=lambda dtype: torch.float32 if dtype == torch.float16 else dtype,
    # fp16: ~1.5 ulp of float16 at the tiny model's |logits| of 32-64 (ulp 0.031); measured 0.033.
    tolerance=tolerance_by_dtype(fp32=0.0, fp16=5e-2, bf16=0.0),
)
