"""GPTQ Llama (1B shape, 4 bits, group size 128): what serving the quantized checkpoint costs against the float16
model it came from. Stock transformers cannot load a GPTQ checkpoint without optimum / gptqmodel, so the stock side is
the float16 checkpoint in `transformers.LlamaForCausalLM`; the zoo side the GPTQ checkpoint (its decoder linears
rounded to nearest and written in the HF GPTQ format) in `patchzoo.LlamaForCausalLM`, both with from_pretrained.
"""

from __future__ import annotations

from pathlib import Path

import torch

from benchmarks.user_paths import data, decoders
from benchmarks.user_paths.checkpoints import forget_peak, load
from benchmarks.user_paths.core import Env, UserPath
from benchmarks.user_paths.generation import generate_row
from benchmarks.user_paths.measure import forward_passes


def float16_checkpoint(env: Env) -> Path:
    """The Llama rows' checkpoint (float32), which the stock side loads with dtype=torch.float16."""
    return decoders.model_checkpoint(env, "llama")


def gptq_checkpoint(env: Env) -> Path:
    from patchzoo.tiny.build import write_rounded_gptq_checkpoint

    directory = Path(env.workdir) / "llama-gptq"
    if not (directory / "config.json").exists():
        source = load(env, "stock", "LlamaForCausalLM", float16_checkpoint(env), torch.float16)
        write_rounded_gptq_checkpoint(source, directory, 4, 32 if env.tiny else 128)
        del source
        forget_peak(env)
    return directory


def load_model(side: str, env: Env):
    directory = gptq_checkpoint(env) if side == "zoo" else float16_checkpoint(env)
    return load(env, side, "LlamaForCausalLM", directory, env.dtype(torch.float16))


def prefill(side: str, env: Env):
    s = decoders.sizes(env)
    model = load_model(side, env)
    batches = data.padded_batches(s["batches"], s["batch"], s["median"], s["max_len"], model.config.vocab_size,
                                  env.device)
    return {"": forward_passes(env, model, batches, s["repeats"])}


def generate(mode: str, batch: int):
    def make_inputs(env):
        return decoders.prompts(env, decoders.config(env, "llama").vocab_size, batch)

    return generate_row(load_model, make_inputs, lambda env: decoders.sizes(env)["new_tokens"], mode,
                        pad_token_id=data.PAD)


NAME = "gptq-llama-1b (stock: the fp16 model)"
PATHS = [
    UserPath(f"{NAME} · generate, default cache · fp16 · batch 1, 64 new tokens", "gptq", generate("default cache", 1)),
    UserPath(f"{NAME} · generate, default cache · fp16 · batch 8 left-padded, 64 new tokens", "gptq",
             generate("default cache", 8)),
    UserPath(f"{NAME} · generate, static cache · fp16 · batch 1, 64 new tokens", "gptq", generate("static cache", 1)),
    UserPath(f"{NAME} · generate, static cache, compiled · fp16 · batch 1, 64 new tokens", "gptq",
             generate("static cache, compiled", 1), needs_cuda=True),
    UserPath(f"{NAME} · eval forward · fp16 · batch 8, lognormal lengths (median 512)", "gptq", prefill),
]
