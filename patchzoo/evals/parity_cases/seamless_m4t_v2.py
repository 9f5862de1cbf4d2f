"""SeamlessM4T-v2: static-cache text decoder; greedy tokens must equal stock generation."""

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import right_padded_tokens


def greedy_tokens(model, inputs) -> torch.Tensor:
    out = model.generate(**inputs, max_new_tokens=8, do_sample=False, num_beams=1)
    return out.sequences if hasattr(out, "sequences") else out


CASE = ParityCase(
    arch="seamless_m4t_v2",
    model_type="seamless_m4t_v2",
    feature="static KV cache + CUDA-graph decoder, compiled vocoder",
    metric="max|Δ token id| (0: equal)",
    make_inputs=lambda config, device, generator: right_padded_tokens(config, device, generator, batch=2),
    forward=greedy_tokens,
    tolerance=lambda dtype: 0.0,
)
