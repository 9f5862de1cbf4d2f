"""SeamlessM4T-v2: static-cache text decoder; generated tokens must equal stock generation.

Text to text: greedy and beam-search text tokens. Text to speech: the text tokens and the speech units of one
greedy generation into the checkpoint's target language (the waveform is checked to rounding by the tests).

min_new_tokens keeps EOS out of the first steps: the tiny checkpoint's random weights would otherwise
emit EOS at once and the row would compare two-token sequences. With min = max new tokens every
sequence has the same length, so greedy and beam outputs concatenate into one compared tensor.
"""

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import Head, right_padded_tokens

NEW_TOKENS = 8
# generation_config tables that map a target language to ids; text to speech needs the language in all three.
_LANGUAGE_TABLES = ("text_decoder_lang_to_code_id", "t2u_lang_code_to_id", "vocoder_lang_code_to_id")


def greedy_and_beam_tokens(model, inputs) -> torch.Tensor:
    kwargs = dict(max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS, do_sample=False)
    greedy = model.generate(**inputs, num_beams=1, **kwargs)
    beam = model.generate(**inputs, num_beams=3, **kwargs)
    return torch.cat([greedy, beam], dim=1).flatten()


def speech_language(generation_config) -> str:
    """The target language text to speech generates into: English when the checkpoint has it, else the first."""
    tables = [getattr(generation_config, key, None) or {} for key in _LANGUAGE_TABLES]
    shared = sorted(set(tables[0]).intersection(*tables[1:]))
    if not shared:
        raise ValueError(f"generation_config has no target language in all of {', '.join(_LANGUAGE_TABLES)}; "
                         "text to speech needs one (a released SeamlessM4T-v2 checkpoint ships them)")
    return "eng" if "eng" in shared else shared[0]


def text_and_unit_tokens(model, inputs) -> torch.Tensor:
    out = model.generate(
        **inputs, tgt_lang=speech_language(model.generation_config), return_intermediate_token_ids=True,
        text_max_new_tokens=NEW_TOKENS, text_min_new_tokens=NEW_TOKENS, text_num_beams=1, do_sample=False,
    )
    return torch.cat([out.sequences.flatten(), out.unit_sequences.flatten()])


def head(class_name: str) -> Head:
    if class_name.endswith("TextToSpeech"):
        return Head("max|Δ text and unit token id| (0: equal)", text_and_unit_tokens)
    return Head("max|Δ token id| (0: equal)", greedy_and_beam_tokens)


CASE = ParityCase(
    arch="seamless_m4t_v2",
    model_type="seamless_m4t_v2",
    feature="static KV cache + CUDA-graph decoder, compiled vocoder",
    make_inputs=lambda config, device, generator: right_padded_tokens(config, device, generator, batch=2),
    head=head,
    tolerance=lambda dtype: 0.0,
)
