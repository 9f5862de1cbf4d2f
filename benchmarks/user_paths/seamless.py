"""SeamlessM4T-v2 text to text at its real width (hidden 1024, FFN 8192, vocabulary 256102; 24 + 24 layers), fp16.

generate() only: the zoo changes generation (static cache, CUDA-graph decoding step, bucketed encoder graphs)
and runs stock's code for every other forward (training, scoring), where a row would time stock against itself.
The zoo takes over the default cache; a caller's cache_implementation runs stock's generation, so the only rows
are the default call, greedy and beam search.
"""

from __future__ import annotations

import torch
import transformers

from benchmarks.user_paths import data
from benchmarks.user_paths.checkpoints import checkpoint, load
from benchmarks.user_paths.core import Env, UserPath
from benchmarks.user_paths.generation import generate_row


def config(env: Env) -> transformers.SeamlessM4Tv2Config:
    if env.tiny:
        from patchzoo.tiny.presets import get_preset

        return get_preset("seamless_m4t_v2").build_config()
    return transformers.SeamlessM4Tv2Config()


def sizes(env: Env) -> dict:
    return dict(source=16, new_tokens=4) if env.tiny else dict(source=64, new_tokens=32)


def load_model(side: str, env: Env):
    directory = checkpoint(env, "seamless", lambda: transformers.SeamlessM4Tv2ForTextToText(config(env)), torch.float16)
    return load(env, side, "SeamlessM4Tv2ForTextToText", directory, env.dtype(torch.float16))


def source(batch: int):
    def make_inputs(env: Env) -> dict:
        s, vocab = sizes(env), config(env).vocab_size
        if batch == 1:
            ids = torch.randint(data.FIRST_ID, vocab, (1, s["source"]), device=env.device)
            return {"input_ids": ids, "attention_mask": torch.ones_like(ids)}
        return data.padded_batches(1, batch, s["source"], 4 * s["source"], vocab, env.device)[0]

    return make_inputs


def generate(batch: int, num_beams: int = 1):
    return generate_row(load_model, source(batch), lambda env: sizes(env)["new_tokens"], "default cache",
                        num_beams=num_beams)


NAME = "seamless-m4t-v2 text"
PATHS = [
    UserPath(f"{NAME} · generate greedy · fp16 · batch 1, 64 source tokens, 32 new", "seamless", generate(1)),
    UserPath(f"{NAME} · generate 4 beams · fp16 · batch 1, 64 source tokens, 32 new", "seamless", generate(1, 4)),
    UserPath(f"{NAME} · generate greedy · fp16 · batch 8, lognormal source lengths (median 64), 32 new", "seamless",
             generate(8)),
]
