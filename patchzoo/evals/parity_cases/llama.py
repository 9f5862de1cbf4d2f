"""Llama: FSDP-ready blocks / GPTQ layers; logits must match stock on real tokens."""

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import logits, real_tokens, right_padded_tokens, tolerance_by_dtype

CASE = ParityCase(
    arch="llama",
    model_type="llama",
    feature="FSDP-ready blocks, GPTQ W4A16 layers",
    metric="max|Δ logits| real tokens",
    make_inputs=right_padded_tokens,
    forward=logits,
    valid=real_tokens,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
)
