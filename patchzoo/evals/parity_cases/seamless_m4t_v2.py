"""SeamlessM4T-v2: static-cache text decoder; greedy and beam-search tokens must equal stock generation.

min_new_tokens keeps EOS out of the first steps: the tiny checkpoint's random weights would otherwise
emit EOS at once and the row would compare two-token sequences. With min = max new tokens every
sequence has the same length, so greedy and beam outputs concatenate into one compared tensor.
"""

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import right_padded_tokens

NEW_TOKENS = 8


def greedy_and_beam_tokens(model, inputs) -> torch.Tensor:
    kwargs = dict(max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS, do_sample=False)
    greedy = model.generate(**inputs, num_beams=1, **kwargs)
    beam = model.generate(**inputs, num_beams=3, **kwargs)
    return torch.cat([greedy, beam], dim=1)


CASE = ParityCase(
    arch="seamless_m4t_v2",
    model_type="seamless_m4t_v2",
    feature="static KV cache + CUDA-graph decoder, compiled vocoder",
    metric="max|Δ token id| (0: equal)",
    make_inputs=lambda config, device, generator: right_padded_tokens(config, device, generator, batch=2),
    forward=greedy_and_beam_tokens,
    tolerance=lambda dtype: 0.0,
)
