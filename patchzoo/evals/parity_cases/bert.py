"""BERT: padding stripped after the embeddings; logits must match stock on real tokens."""

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import logits, real_tokens, right_padded_tokens, tolerance_by_dtype

CASE = ParityCase(
    arch="bert",
    model_type="bert",
    feature="variable tensor shape (padding stripped)",
    metric="max|Δ logits| real tokens",
    make_inputs=right_padded_tokens,
    forward=logits,
    valid=real_tokens,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
)
