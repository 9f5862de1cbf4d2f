"""FLAN-T5-base in float16 (the zoo's fp16-safe path) and under Trainer mixed precision.

Stock float16 is what `from_pretrained(dtype=torch.float16)` gives (wo kept in float32 by
_keep_in_fp32_modules); the zoo's loads wo in float16.
"""

from __future__ import annotations

import torch
import transformers

from benchmarks.user_paths import data
from benchmarks.user_paths.checkpoints import checkpoint, load
from benchmarks.user_paths.core import Env, UserPath
from benchmarks.user_paths.generation import generate_row
from benchmarks.user_paths.measure import forward_passes, train

BASE = dict(vocab_size=32128, d_model=768, d_kv=64, d_ff=2048, num_layers=12, num_decoder_layers=12, num_heads=12)
TINY = dict(vocab_size=512, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=2, num_heads=4)
FLAN = dict(feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0,
            eos_token_id=1, decoder_start_token_id=0)


def sizes(env: Env) -> dict:
    if env.tiny:
        return dict(vocab=512, source=24, source_max=64, target=8, target_max=16, batch=4, new_tokens=4,
                    encoder_len=32, train_batch=4, train_steps=3, repeats=2)
    return dict(vocab=32128, source=120, source_max=512, target=32, target_max=128, batch=32, new_tokens=32,
                encoder_len=512, train_batch=16, train_steps=12, repeats=3)


def model_checkpoint(env: Env):
    return checkpoint(env, "t5", lambda: transformers.T5ForConditionalGeneration(
        transformers.T5Config(**(TINY if env.tiny else BASE), **FLAN)))


def source_batch(env: Env, batch: int) -> dict:
    s = sizes(env)
    return data.padded_batches(1, batch, s["source"], s["source_max"], s["vocab"], env.device)[0]


def encoder_forward(side: str, env: Env):
    s = sizes(env)
    model = load(env, side, "T5EncoderModel", model_checkpoint(env), env.dtype(torch.float16))
    ids = torch.randint(data.FIRST_ID, s["vocab"], (1, s["encoder_len"]), device=env.device)
    return {"": forward_passes(env, model, [{"input_ids": ids}] * 8, s["repeats"] + 2)}


def scoring_forward(side: str, env: Env):
    """forward with labels in eval mode (scoring, evaluation loss): encoder + teacher-forced decoder."""
    s = sizes(env)
    model = load(env, side, "T5ForConditionalGeneration", model_checkpoint(env), env.dtype(torch.float16))
    batches = []
    for b in range(4):
        batch = data.padded_batches(1, s["batch"], s["source"], s["source_max"], s["vocab"], env.device, seed=b)[0]
        rows = data.random_rows(data.lognormal_lengths(s["batch"], s["target"], s["target_max"], b), s["vocab"], b)
        labels, label_mask = data.pad(rows)
        batch["labels"] = labels.masked_fill(label_mask == 0, -100).to(env.device)
        batches.append(batch)
    return {"": forward_passes(env, model, batches, s["repeats"])}


def t5_generate(mode: str, batch: int):
    def load_model(side, env):
        return load(env, side, "T5ForConditionalGeneration", model_checkpoint(env), env.dtype(torch.float16))

    return generate_row(load_model, lambda env: source_batch(env, batch if not env.tiny else min(batch, 4)),
                        lambda env: sizes(env)["new_tokens"], mode)


def t5_trainer(precision: str):
    def run(side: str, env: Env):
        s = sizes(env)
        dataset = data.TokenDataset(s["train_steps"] * s["train_batch"], s["source"], s["source_max"], s["vocab"],
                                    target_median=s["target"], target_max=s["target_max"])
        model = load(env, side, "T5ForConditionalGeneration", model_checkpoint(env), torch.float32)
        return train(env, model, dataset, data.seq2seq_collate, steps=s["train_steps"], batch_size=s["train_batch"],
                     precision=precision if env.cuda else "")

    return run


PATHS = [
    UserPath("flan-t5-base · encoder forward · fp16 · batch 1 x 512", "t5", encoder_forward),
    UserPath("flan-t5-base · forward with labels (scoring) · fp16 · batch 32, lognormal lengths (median 120)", "t5",
             scoring_forward),
    UserPath("flan-t5-base · generate, default cache · fp16 · batch 32, 32 new tokens", "t5",
             t5_generate("default cache", 32)),
    UserPath("flan-t5-base · generate, default cache · fp16 · batch 1, 32 new tokens", "t5",
             t5_generate("default cache", 1)),
    UserPath("flan-t5-base · generate, static cache · fp16 · batch 1, 32 new tokens", "t5",
             t5_generate("static cache", 1)),
    UserPath("flan-t5-base · generate, static cache, compiled · fp16 · batch 1, 32 new tokens", "t5",
             t5_generate("static cache, compiled", 1), needs_cuda=True),
    UserPath("flan-t5-base · Trainer seq2seq · fp16 mixed · batch 16", "t5", t5_trainer("fp16"), alternate=False),
    UserPath("flan-t5-base · Trainer seq2seq · bf16 mixed · batch 16", "t5", t5_trainer("bf16"), alternate=False),
]
