"""BERT-base and RoBERTa-base: eval forward on padded and unpadded batches, HF Trainer fine-tunes.

Eval rows run the bare encoder (BertModel / RobertaModel: feature extraction, what sentence encoders run);
Trainer rows the heads users fine-tune (masked LM, sequence classification), pad-to-longest batches.
"""

from __future__ import annotations

import torch
import transformers

from benchmarks.user_paths import data
from benchmarks.user_paths.checkpoints import checkpoint, load
from benchmarks.user_paths.core import Env, UserPath
from benchmarks.user_paths.measure import forward_passes, train

BASE = dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12, intermediate_size=3072)
TINY = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)


def sizes(env: Env) -> dict:
    """Batch shapes: bert-base fine-tuning and serving on the GPU; a few short rows on the CPU."""
    if env.tiny:
        return dict(vocab=512, max_len=128, eval_batch=4, eval_batches=2, median=24, full_len=64,
                    train_batch=4, train_steps=3, compile_steps=3, repeats=2)
    return dict(vocab=30522, max_len=512, eval_batch=64, eval_batches=8, median=120, full_len=512,
                train_batch=32, train_steps=20, compile_steps=40, repeats=3)


def config(env: Env, arch: str) -> transformers.PretrainedConfig:
    s = sizes(env)
    shape = TINY if env.tiny else BASE
    if arch == "bert":
        return transformers.BertConfig(vocab_size=s["vocab"], max_position_embeddings=s["max_len"], **shape)
    # RoBERTa: positions start after the padding index, so the table is 2 longer than the longest row
    return transformers.RobertaConfig(vocab_size=s["vocab"], max_position_embeddings=s["max_len"] + 2,
                                      type_vocab_size=1, pad_token_id=data.PAD, **shape)


def model_checkpoint(env: Env, arch: str):
    stock_class = {"bert": transformers.BertForMaskedLM, "roberta": transformers.RobertaForMaskedLM}[arch]
    return checkpoint(env, arch, lambda: stock_class(config(env, arch)))


def eval_forward(arch: str, padded: bool, graphs: bool = False):
    def run(side: str, env: Env):
        s = sizes(env)
        dtype = env.dtype(torch.float16)
        model = load(env, side, {"bert": "BertModel", "roberta": "RobertaModel"}[arch], model_checkpoint(env, arch), dtype)
        if graphs and side == "zoo":
            from patchzoo.models.bert import use_cuda_graphs  # the zoo's public switch; stock has no such path

            use_cuda_graphs(model)
        if padded:
            batches = data.padded_batches(s["eval_batches"], s["eval_batch"], s["median"], s["max_len"], s["vocab"],
                                          env.device)
        else:  # every row full length: nothing for padding removal to win
            ids = torch.randint(data.FIRST_ID, s["vocab"], (s["eval_batch"], s["full_len"]), device=env.device)
            batches = [{"input_ids": ids, "attention_mask": torch.ones_like(ids)}] * 4
        return {"": forward_passes(env, model, batches, s["repeats"])}

    return run


def trainer(arch: str, precision: str, compile: bool = False):
    def run(side: str, env: Env):
        s = sizes(env)
        steps = s["compile_steps"] if compile else s["train_steps"]
        dataset = data.TokenDataset(steps * s["train_batch"], s["median"], s["max_len"], s["vocab"])
        if arch == "bert":
            model = load(env, side, "BertForMaskedLM", model_checkpoint(env, arch), torch.float32)
            collate = data.MaskedLMCollator(mask_id=data.FIRST_ID)
        else:
            model = load(env, side, "RobertaForSequenceClassification", model_checkpoint(env, arch), torch.float32,
                         num_labels=2)
            collate = data.ClassificationCollator(num_labels=2)
        return train(env, model, dataset, collate, steps=steps, batch_size=s["train_batch"],
                     precision=precision if env.cuda else "", compile=compile)

    return run


PATHS = [
    UserPath("bert-base · eval forward · fp16 · batch 64, lognormal lengths (median 120)", "bert", eval_forward("bert", True)),
    UserPath("bert-base · eval forward · fp16 · batch 64 x 512, no padding", "bert", eval_forward("bert", False)),
    UserPath("bert-base · eval forward, zoo use_cuda_graphs · fp16 · batch 64 x 512, no padding", "bert",
             eval_forward("bert", False, graphs=True), needs_cuda=True),
    UserPath("bert-base · Trainer masked LM · fp16 mixed · batch 32", "bert", trainer("bert", "fp16"),
             alternate=False),
    UserPath("bert-base · Trainer masked LM · fp16 mixed, torch_compile · batch 32", "bert",
             trainer("bert", "fp16", compile=True), needs_cuda=True, alternate=False),
    UserPath("roberta-base · eval forward · fp16 · batch 64, lognormal lengths (median 120)", "roberta",
             eval_forward("roberta", True)),
    UserPath("roberta-base · Trainer sequence classification · bf16 mixed · batch 32", "roberta",
             trainer("roberta", "bf16"), alternate=False),
]
