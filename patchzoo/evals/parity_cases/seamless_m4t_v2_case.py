"""SeamlessM4T-v2: static-cache text decoder, bucketed speech encoder, vocoder; outputs must equal stock generation.

One case serves every class (a checkpoint passed with --model comes here whatever its class); its inputs hold
both a text batch and a speech batch (random input_features), and each class's head takes the one it reads:
- ForTextToText / ForSpeechToText: greedy and beam-search text tokens (exact);
- ForTextToSpeech: the text tokens and the speech units of one greedy generation (exact);
- ForSpeechToSpeech / SeamlessM4Tv2Model (speech in, speech out, the seed's headline task): text tokens and
  units exact, then the largest waveform difference, within a tolerance (the zoo vocoder sums in another order).
The speech cases below add the speech classes' rows to the main job, each on its own tiny checkpoint.

min_new_tokens keeps EOS out of the first steps: the tiny checkpoint's random weights would otherwise
emit EOS at once and the row would compare two-token sequences. With min = max new tokens every
sequence has the same length, so greedy and beam outputs concatenate into one compared tensor.
"""

from dataclasses import replace
from pathlib import Path

import torch

from patchzoo.evals.parity import ParityCase
from patchzoo.evals.parity_cases.common import Head, right_padded_tokens, tolerance_by_dtype

NEW_TOKENS = 8
# Speech input: two utterances of 70 and 41 frames (50 a second after the feature extractor).
SPEECH_FRAMES = (70, 41)
# generation_config tables that map a target language to ids; speech output needs the language in all three.
_LANGUAGE_TABLES = ("text_decoder_lang_to_code_id", "t2u_lang_code_to_id", "vocoder_lang_code_to_id")
# Waveform samples lie in [-1, 1] (tanh); fp16/bf16 vocoders differ from stock's by summation order and rounding.
WAVEFORM_TOLERANCE = tolerance_by_dtype(fp32=1e-4, fp16=3e-2, bf16=1e-1)


def make_inputs(config, device, generator) -> dict:
    """A right-padded text batch and a right-padded speech batch (feature_attention_mask)."""
    inputs = right_padded_tokens(config, device, generator, batch=2)
    frames = max(SPEECH_FRAMES)
    features = torch.randn(len(SPEECH_FRAMES), frames, config.feature_projection_input_dim, generator=generator)
    mask = (torch.arange(frames)[None, :] < torch.tensor(SPEECH_FRAMES)[:, None]).long()
    inputs.update(input_features=features.to(device), feature_attention_mask=mask.to(device))
    return inputs


def text_input(inputs: dict) -> dict:
    return {"input_ids": inputs["input_ids"], "attention_mask": inputs["attention_mask"]}


def speech_input(inputs: dict) -> dict:
    return {"input_features": inputs["input_features"], "attention_mask": inputs["feature_attention_mask"]}


def greedy_and_beam_tokens(model, inputs) -> torch.Tensor:
    kwargs = dict(max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS, do_sample=False)
    greedy = model.generate(**inputs, num_beams=1, **kwargs)
    beam = model.generate(**inputs, num_beams=3, **kwargs)
    return torch.cat([greedy, beam], dim=1).flatten()


def speech_language(generation_config) -> str:
    """The target language of speech output: English when the checkpoint has it, else the first."""
    tables = [getattr(generation_config, key, None) or {} for key in _LANGUAGE_TABLES]
    shared = sorted(set(tables[0]).intersection(*tables[1:]))
    if not shared:
        raise ValueError(f"generation_config has no target language in all of {', '.join(_LANGUAGE_TABLES)}; "
                         "speech output needs one (a released SeamlessM4T-v2 checkpoint ships them)")
    return "eng" if "eng" in shared else shared[0]


def generate_speech(model, inputs):
    return model.generate(
        **inputs, tgt_lang=speech_language(model.generation_config), return_intermediate_token_ids=True,
        text_max_new_tokens=NEW_TOKENS, text_min_new_tokens=NEW_TOKENS, text_num_beams=1, do_sample=False,
    )


def text_and_unit_tokens(model, inputs) -> torch.Tensor:
    out = generate_speech(model, inputs)
    return torch.cat([out.sequences.flatten(), out.unit_sequences.flatten()])


def tokens_and_waveform(model, inputs) -> tuple[torch.Tensor, torch.Tensor]:
    out = generate_speech(model, inputs)
    tokens = torch.cat([out.sequences.flatten(), out.unit_sequences.flatten(), out.waveform_lengths.flatten()])
    return tokens, out.waveform.float()


def waveform_if_tokens_equal(zoo, stock) -> float:
    """max |Δ waveform| when text tokens, units and waveform lengths are equal; inf when any differs."""
    (zoo_tokens, zoo_wave), (stock_tokens, stock_wave) = zoo, stock
    if zoo_tokens.shape != stock_tokens.shape or not torch.equal(zoo_tokens, stock_tokens):
        return float("inf")
    if zoo_wave.shape != stock_wave.shape:
        return float("inf")
    return float((zoo_wave.double() - stock_wave.double()).abs().max()) if zoo_wave.numel() else 0.0


def reads_speech(class_name: str) -> bool:
    return class_name.endswith(("SpeechToText", "SpeechToSpeech", "Model"))


def head(class_name: str) -> Head:
    pick = speech_input if reads_speech(class_name) else text_input
    if class_name.endswith(("SpeechToSpeech", "Model")):
        return Head("max|Δ waveform| (text, units equal)", lambda model, x: tokens_and_waveform(model, pick(x)),
                    compare=waveform_if_tokens_equal, tolerance=WAVEFORM_TOLERANCE)
    if class_name.endswith("TextToSpeech"):
        return Head("max|Δ text and unit token id| (0: equal)", lambda model, x: text_and_unit_tokens(model, pick(x)))
    return Head("max|Δ token id| (0: equal)", lambda model, x: greedy_and_beam_tokens(model, pick(x)))


def train_head(class_name: str) -> Head:
    """`parity --train`: the text decoder's logits under teacher forcing (what a training step computes its loss
    from), decoder input = the text batch's first tokens after the decoder start token."""
    pick = speech_input if reads_speech(class_name) else text_input

    def run(model, inputs) -> torch.Tensor:
        decoder_ids = inputs["input_ids"][:, :6].clone()
        decoder_ids[:, 0] = model.config.decoder_start_token_id
        return model(**pick(inputs), decoder_input_ids=decoder_ids).logits.float().flatten()

    return Head("max|Δ teacher-forced decoder logits|", run)


CASE = ParityCase(
    arch="seamless_m4t_v2",
    model_type="seamless_m4t_v2",
    feature="static KV cache + CUDA-graph decoder, CUDA-graph vocoder",
    make_inputs=make_inputs,
    head=head,
    tolerance=lambda dtype: 0.0,
    train_head=train_head,
)


def tiny_speech_checkpoint(architecture: str):
    """build_tiny for a speech class: the tiny preset as `architecture`, with the tables speech output needs."""

    def build(directory: Path, seed: int) -> Path:
        import transformers

        from patchzoo.tiny.presets import get_preset

        config = get_preset("seamless_m4t_v2").build_config()
        config.architectures = [architecture]
        config.vocoder_offset = 0  # every unit the random text-to-unit model may pick is then a valid vocoder id
        torch.manual_seed(seed)
        model = getattr(transformers, architecture)(config).eval()
        gc = model.generation_config
        gc.text_decoder_lang_to_code_id = {"eng": 5}
        gc.t2u_lang_code_to_id = {"eng": 4}
        gc.vocoder_lang_code_to_id = {"eng": 1}
        # Subword text per token id and its characters: the text-to-unit model's character input.
        gc.id_to_text = {str(i): "".join(chr(97 + (i * 7 + k) % 26) for k in range(1 + i % 3))
                         for i in range(config.vocab_size)}
        gc.char_to_id = {chr(97 + j): 4 + j for j in range(26)}
        gc._from_model_config = False  # else loading drops every attribute GenerationConfig does not define
        model.save_pretrained(directory)
        return Path(directory)

    return build


SPEECH_CASES = {
    "seamless_m4t_v2_s2t": "SeamlessM4Tv2ForSpeechToText",
    "seamless_m4t_v2_s2st": "SeamlessM4Tv2ForSpeechToSpeech",
    "seamless_m4t_v2_model": "SeamlessM4Tv2Model",
}


def speech_case(arch: str) -> ParityCase:
    return replace(CASE, arch=arch, feature="bucketed speech encoder + static-cache decoder + vocoder",
                   build_tiny=tiny_speech_checkpoint(SPEECH_CASES[arch]))
