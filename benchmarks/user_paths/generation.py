"""generate() the three ways users call it, as row builders shared by every architecture that generates.

    default   the model's default cache (DynamicCache for stock; the zoo may take over, e.g. Seamless's static cache)
    static    cache_implementation="static" with disable_compile=True: the static cache, eager steps
    compiled  cache_implementation="static": on a GPU transformers compiles the decoding step itself
"""

from __future__ import annotations

from typing import Callable

import torch

from benchmarks.user_paths.core import Env, Measurement
from benchmarks.user_paths.measure import generate_calls

MODES = {
    "default cache": {},
    "static cache": {"cache_implementation": "static", "disable_compile": True},
    "static cache, compiled": {"cache_implementation": "static"},
}


def generate_row(load_model: Callable[[str, Env], torch.nn.Module], make_inputs: Callable[[Env], dict],
                 new_tokens: Callable[[Env], int], mode: str, repeats: int = 3, **kwargs):
    """A UserPath.run: load the side's model, then time generate() in `mode` on the same inputs."""

    def run(side: str, env: Env) -> dict[str, Measurement]:
        model = load_model(side, env)
        inputs = make_inputs(env)
        return {"": generate_calls(env, model, inputs, new_tokens(env), repeats, **MODES[mode], **kwargs)}

    return run
