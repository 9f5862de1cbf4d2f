"""A small Llama that has really learned something, trained offline in minutes on CPU: the model on which a
quantizer is judged (random-weight models have no perplexity to lose).

    docstrings of a fixed list of Python standard-library modules (English prose about code, offline)
    --> documents split by index: train / calibration / held-out evaluation text
    --> a byte-level BPE tokenizer trained on the train text
    --> LlamaForCausalLM from a small config, trained with a plain AdamW loop on random windows of the train text
"""

from __future__ import annotations

import importlib
import inspect
import math
from dataclasses import dataclass

import torch
import transformers

# Modules whose docstrings make the corpus: many, varied, all in every CPython 3.10+ standard library.
CORPUS_MODULES = (
    "argparse", "ast", "asyncio.events", "asyncio.tasks", "base64", "bisect", "calendar", "cmd", "codecs",
    "collections", "configparser", "contextlib", "copy", "csv", "dataclasses", "datetime", "decimal", "difflib",
    "dis", "email.message", "email.utils", "enum", "fileinput", "fnmatch", "fractions", "ftplib", "functools",
    "getopt", "gettext", "glob", "gzip", "hashlib", "heapq", "hmac", "html.parser", "http.client", "http.cookies",
    "http.server", "imaplib", "inspect", "io", "ipaddress", "itertools", "json", "json.decoder", "locale",
    "logging", "logging.handlers", "mailbox", "mimetypes", "netrc", "numbers", "operator", "optparse", "os",
    "pathlib", "pdb", "pickle", "pickletools", "platform", "plistlib", "poplib", "pprint", "pydoc", "queue",
    "random", "re", "reprlib", "sched", "secrets", "selectors", "shelve", "shlex", "shutil", "smtplib",
    "socket", "socketserver", "sqlite3", "ssl", "statistics", "string", "struct", "subprocess", "tarfile",
    "tempfile", "textwrap", "threading", "timeit", "tokenize", "trace", "traceback", "types", "typing",
    "unittest.case", "unittest.mock", "urllib.parse", "urllib.request", "uuid", "warnings", "wave", "weakref",
    "xml.dom.minidom", "xml.etree.ElementTree", "zipfile", "zoneinfo",
)


def docstring_corpus(modules: tuple[str, ...] = CORPUS_MODULES) -> list[str]:
    """Docstrings of the modules and of their public classes, functions and methods, in a fixed order, each once."""
    seen, docs = set(), []

    def add(obj):
        doc = inspect.getdoc(obj)
        if doc and len(doc) > 80 and doc not in seen:
            seen.add(doc)
            docs.append(doc)

    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError:  # a platform without it (e.g. no _ssl): the corpus is a little smaller
            continue
        add(module)
        for attr in sorted(vars(module)):
            obj = getattr(module, attr)
            if attr.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            add(obj)
            if inspect.isclass(obj):
                for member in sorted(vars(obj)):
                    if not member.startswith("_"):
                        add(getattr(obj, member, None))
    return docs


@dataclass(frozen=True)
class CorpusSplit:
    train: str
    calibration: str
    evaluation: str


def split_corpus(docs: list[str]) -> CorpusSplit:
    """Every 10th document is held out for evaluation, every 10th + 5 for calibration; the rest trains."""
    train = [d for i, d in enumerate(docs) if i % 10 not in (0, 5)]
    return CorpusSplit(
        "\n\n".join(train), "\n\n".join(docs[5::10]), "\n\n".join(docs[0::10])
    )


def train_tokenizer(text: str, vocab_size: int) -> transformers.PreTrainedTokenizerFast:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE(unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=["<pad>", "<s>", "</s>", "<unk>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False,
    )
    tokenizer.train_from_iterator([text], trainer=trainer)
    return transformers.PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token="<pad>", bos_token="<s>", eos_token="</s>", unk_token="<unk>"
    )


@dataclass(frozen=True)
class TinyLlamaRecipe:
    """Model size and training budget. hidden 192 is not a multiple of 128: group size 128 has a partial group."""

    hidden: int = 192
    intermediate: int = 512
    layers: int = 4
    heads: int = 6
    kv_heads: int = 2
    vocab: int = 1024
    steps: int = 300
    batch: int = 16
    seqlen: int = 128
    lr: float = 3e-3
    seed: int = 0

    def config(self) -> transformers.LlamaConfig:
        return transformers.LlamaConfig(
            vocab_size=self.vocab, hidden_size=self.hidden, intermediate_size=self.intermediate,
            num_hidden_layers=self.layers, num_attention_heads=self.heads, num_key_value_heads=self.kv_heads,
            max_position_embeddings=4 * self.seqlen, tie_word_embeddings=True, pad_token_id=0, bos_token_id=1,
            eos_token_id=2,
        )


RECIPES = {
    # trains in about a minute on 2 CPU cores: the tests' model
    "test": TinyLlamaRecipe(hidden=128, intermediate=384, layers=2, heads=4, kv_heads=2, vocab=512, batch=16,
                            seqlen=64, steps=400, lr=8e-3),
    # the largest that trains on a shared 2-core CPU in minutes; hidden 192: group size 128 leaves a partial group
    "bench": TinyLlamaRecipe(hidden=192, intermediate=512, layers=4, heads=6, kv_heads=2, vocab=1024, batch=8,
                             steps=800, lr=4e-3),
    # SmolLM-135M's width (K = 576 and 1536: partial groups at 128), for a GPU
    "wide": TinyLlamaRecipe(hidden=576, intermediate=1536, layers=6, heads=9, kv_heads=3, vocab=4096, batch=32,
                            seqlen=256, steps=1500, lr=2e-3),
}


def train_tiny_llama(recipe: TinyLlamaRecipe, split: CorpusSplit | None = None, log_every: int = 0,
                     device: str | torch.device = "cpu"):
    """(model in eval mode, tokenizer, corpus split): a Llama trained by next-token prediction on split.train."""
    split = split or split_corpus(docstring_corpus())
    tokenizer = train_tokenizer(split.train, recipe.vocab)
    ids = tokenizer(split.train, return_tensors="pt", add_special_tokens=False).input_ids[0]  # (T,)
    torch.manual_seed(recipe.seed)
    model = transformers.LlamaForCausalLM(recipe.config()).to(device)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=recipe.lr, weight_decay=0.01, betas=(0.9, 0.95))
    warmup = max(recipe.steps // 20, 1)

    def lr_factor(step):  # linear warm-up, cosine decay to 10 %
        if step < warmup:
            return (step + 1) / warmup
        return 0.1 + 0.45 * (1 + math.cos(math.pi * (step - warmup) / max(recipe.steps - warmup, 1)))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_factor)
    generator = torch.Generator().manual_seed(recipe.seed)
    for step in range(recipe.steps):
        starts = torch.randint(0, ids.numel() - recipe.seqlen - 1, (recipe.batch,), generator=generator)
        batch = torch.stack([ids[s:s + recipe.seqlen] for s in starts.tolist()]).to(device)  # (batch, seqlen)
        loss = model(input_ids=batch, labels=batch).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad(set_to_none=True)
        if log_every and (step % log_every == 0 or step == recipe.steps - 1):
            print(f"step {step:5d}  loss {loss.item():.3f}", flush=True)
    return model.eval(), tokenizer, split
