"""XLM-RoBERTa: BERT's variable tensor shape on the stock XLM-RoBERTa classes; outputs must match stock on real tokens."""

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import right_padded_tokens, tolerance_by_dtype

CASE = ParityCase(
    arch="xlm_roberta",
    model_type="xlm-roberta",
    feature="variable tensor shape (padding stripped)",
    make_inputs=right_padded_tokens,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
)
