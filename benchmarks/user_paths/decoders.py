"""Llama (Llama 3.2 1B shape) and a small Mixtral (8 experts, hidden 1024, 8 layers), bf16.

Eval forward on right-padded batches; generate() from one prompt and from a left-padded batch; HF Trainer
causal-LM fine-tunes. Llama trains with float32 weights under bf16 autocast (Trainer's bf16=True); Mixtral with
bf16 weights (what fits an MoE fine-tune) and bf16=True.
"""

from __future__ import annotations

import torch
import transformers

from benchmarks.user_paths import data
from benchmarks.user_paths.checkpoints import checkpoint, load
from benchmarks.user_paths.core import Env, UserPath
from benchmarks.user_paths.generation import generate_row
from benchmarks.user_paths.measure import forward_passes, train

SPECIALS = dict(pad_token_id=data.PAD, bos_token_id=1, eos_token_id=2)
CONFIGS = {
    "llama": (transformers.LlamaConfig, "LlamaForCausalLM", dict(
        vocab_size=128256, hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32,
        num_key_value_heads=8, max_position_embeddings=4096, rope_theta=500000.0, tie_word_embeddings=True)),
    "mixtral": (transformers.MixtralConfig, "MixtralForCausalLM", dict(
        vocab_size=32000, hidden_size=1024, intermediate_size=3584, num_hidden_layers=8, num_attention_heads=16,
        num_key_value_heads=4, num_local_experts=8, num_experts_per_tok=2, max_position_embeddings=4096)),
}
TINY = {
    "llama": dict(vocab_size=512, hidden_size=64, intermediate_size=160, num_hidden_layers=2, num_attention_heads=4,
                  num_key_value_heads=2, max_position_embeddings=256),
    "mixtral": dict(vocab_size=512, hidden_size=64, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                    num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2, max_position_embeddings=256),
}
NAMES = {"llama": "llama-1b", "mixtral": "mixtral-8e-h1024"}


def sizes(env: Env) -> dict:
    if env.tiny:
        return dict(median=32, max_len=96, batch=2, batches=2, prompt=16, prompt_batch=2, new_tokens=4,
                    train_batch=2, train_steps=3, repeats=2)
    return dict(median=512, max_len=2048, batch=8, batches=4, prompt=128, prompt_batch=8, new_tokens=64,
                train_batch=8, train_steps=12, repeats=3)


def config(env: Env, arch: str) -> transformers.PretrainedConfig:
    config_class, _, shape = CONFIGS[arch]
    return config_class(**(TINY[arch] if env.tiny else shape), **SPECIALS)


def model_checkpoint(env: Env, arch: str):
    return checkpoint(env, arch, lambda: getattr(transformers, CONFIGS[arch][1])(config(env, arch)))


def load_causal_lm(arch: str, dtype: torch.dtype):
    def load_model(side: str, env: Env):
        return load(env, side, CONFIGS[arch][1], model_checkpoint(env, arch), env.dtype(dtype))

    return load_model


def prompts(env: Env, vocab: int, batch: int) -> dict:
    """`batch` prompts around the prompt length, left-padded as decoder-only batches are for generate()."""
    s = sizes(env)
    if batch == 1:
        ids = torch.randint(data.FIRST_ID, vocab, (1, s["prompt"]), device=env.device)
        return {"input_ids": ids, "attention_mask": torch.ones_like(ids)}
    return data.padded_batches(1, batch, s["prompt"], 4 * s["prompt"], vocab, env.device, left=True)[0]


def eval_forward(arch: str):
    def run(side: str, env: Env):
        s = sizes(env)
        model = load_causal_lm(arch, torch.bfloat16)(side, env)
        batches = data.padded_batches(s["batches"], s["batch"], s["median"], s["max_len"], model.config.vocab_size,
                                      env.device)
        return {"": forward_passes(env, model, batches, s["repeats"])}

    return run


def generate(arch: str, mode: str, batch: int):
    def make_inputs(env):
        return prompts(env, config(env, arch).vocab_size, batch)

    return generate_row(load_causal_lm(arch, torch.bfloat16), make_inputs, lambda env: sizes(env)["new_tokens"], mode,
                        pad_token_id=data.PAD)


def trainer(arch: str, weights: torch.dtype, compile: bool = False, fused_loss: bool = False,
            stock_liger: bool = False):
    """A Trainer row; stock_liger: the stock side runs with use_liger_kernel=True (the peer, not plain stock)."""

    def run(side: str, env: Env):
        s = sizes(env)
        model = load(env, side, CONFIGS[arch][1], model_checkpoint(env, arch), env.dtype(weights))
        if fused_loss and side == "zoo":
            model.fused_training_loss = True  # the zoo Llama's opt-in switch (Trainer reads only .loss)
        dataset = data.TokenDataset(s["train_steps"] * s["train_batch"], s["median"], s["max_len"],
                                    model.config.vocab_size)
        return train(env, model, dataset, data.causal_lm_collate, steps=s["train_steps"], batch_size=s["train_batch"],
                     precision="bf16" if env.cuda else "", compile=compile, liger=stock_liger and side == "stock")

    return run


def paths(arch: str, weights: torch.dtype, precision: str, modes: tuple[str, ...]) -> list[UserPath]:
    name = NAMES[arch]
    rows = [UserPath(f"{name} · eval forward · bf16 · batch 8, lognormal lengths (median 512)", arch, eval_forward(arch))]
    for mode in modes:
        for batch in (1, 8) if mode == "default cache" else (1,):
            setting = "batch 1" if batch == 1 else "batch 8 left-padded"
            rows.append(UserPath(f"{name} · generate, {mode} · bf16 · {setting}, 64 new tokens", arch,
                                 generate(arch, mode, batch), needs_cuda="compiled" in mode))
    rows.append(UserPath(f"{name} · Trainer causal LM · {precision} · batch 8, lognormal lengths (median 512)", arch,
                         trainer(arch, weights), alternate=False))
    return rows


# The zoo Llama's inference is stock's code (its kernels run in training; GPTQ checkpoints are gptq.py's rows), so
# its generate rows time stock against stock: one is kept as the check that nothing slows it. Left out to keep the
# table within minutes on one GPU (a compiled row costs a compilation per side): the Llama's other generate modes,
# Mixtral's static-cache rows and a Llama Trainer with torch_compile=True (trainer(..., compile=True) builds it).
PATHS = [
    *paths("llama", torch.float32, "bf16 mixed", ()),
    UserPath("llama-1b · generate, default cache · bf16 · batch 1, 64 new tokens", "llama",
             generate("llama", "default cache", 1)),
    # The peer: stock Llama with Trainer's use_liger_kernel=True (Liger's RMSNorm, SwiGLU, RoPE, fused linear
    # cross-entropy) against the zoo with its fused loss on: the two fused-loss fine-tunes users choose between.
    UserPath("llama-1b · Trainer causal LM, stock + use_liger_kernel vs zoo fused_training_loss · bf16 mixed · batch 8, "
             "lognormal lengths (median 512)", "llama", trainer("llama", torch.float32, fused_loss=True, stock_liger=True),
             alternate=False),
    *paths("mixtral", torch.bfloat16, "bf16 weights, bf16=True", ("default cache",)),
]
