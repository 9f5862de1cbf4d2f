"""FLAN-T5: the zoo runs float16 and is compared against stock float32 (the numerics it must keep)."""

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import FIRST_ORDINARY_ID, right_padded_tokens, tolerance_by_dtype


def encoder_decoder_inputs(config, device, generator) -> dict:
    inputs = right_padded_tokens(config, device, generator)
    batch = inputs["input_ids"].shape[0]
    decoder_ids = torch.randint(FIRST_ORDINARY_ID, config.vocab_size, (batch, 8), generator=generator)
    decoder_ids[:, 0] = config.decoder_start_token_id
    inputs["decoder_input_ids"] = decoder_ids.to(device)
    return inputs


def logits(model, inputs) -> torch.Tensor:
    return model(**inputs).logits.float()


CASE = ParityCase(
    arch="t5",
    model_type="t5",
    feature="fp16-safe (mask scale, safe GeLU, fp32 residual, scaled wo)",
    metric="max|Δ logits| vs fp32",
    make_inputs=encoder_decoder_inputs,
    forward=logits,
    # Half-precision zoo models are held to the float32 stock model, not to stock half precision.
    stock_dtype=lambda dtype: torch.float32,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
)
