"""Llama from a GPTQ checkpoint: the zoo's GPTQLinear model (fused Triton dequant+matmul on the GPU; q/k/v and
gate/up fused, act-order gather folded) against its stock twin, the stock class holding the dequantized weights
(stock transformers itself reads GPTQ only through optimum/gptqmodel). The tiny checkpoint is act-order, group 32."""

from patchzoo.conversion.gptq_twin import dequantized_twin
from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import right_padded_tokens, tolerance_by_dtype
from patchzoo.tiny.build import tiny_gptq_checkpoint

CASE = ParityCase(
    arch="llama_gptq",
    model_type="llama",
    feature="GPTQ W4A16 layers vs stock on the dequantized weights",
    make_inputs=right_padded_tokens,
    tolerance=tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=2e-1),
    gptq=True,
    build_tiny=lambda directory, seed: tiny_gptq_checkpoint(directory, seed),
    load_stock=dequantized_twin,
    no_train_reason="GPTQ's int4 weights do not train (quantize after training)",
)
