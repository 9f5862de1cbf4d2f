"""Llama from a plain checkpoint: the zoo class computes exactly as stock (its FSDP2 training is applied from
outside by parallelize); hidden states or logits must match stock on real tokens. GPTQ checkpoints: llama_gptq.py."""

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import right_padded_tokens, tolerance_by_dtype

CASE = ParityCase(
    arch="llama",
    model_type="llama",
    feature="plain checkpoint: stock compute (FSDP2 via parallelize)",
    make_inputs=right_padded_tokens,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
)
