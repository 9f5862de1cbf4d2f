"""A small Llama that has really learned something, trained offline (minutes on CPU, seconds to minutes on a GPU):
the model on which a quantizer is judged (random-weight models have no perplexity to lose).

    docstrings of Python standard-library modules (English prose about code, offline; "stdlib": every standard
    module plus the language reference topics of pydoc_data, about 1.4 MB)
    --> documents split by index: train / calibration / held-out evaluation text
    --> a byte-level BPE tokenizer trained on the train text
    --> LlamaForCausalLM from a small config, trained with a plain AdamW loop on random windows of the first 95 % of
        the train tokens; the last 5 % (never trained on) is the validation stream: every eval_every steps its
        perplexity is measured and the best weights are kept (the corpus is small, a large model memorises it after
        a few epochs and its held-out perplexity then climbs: the old GPU recipe ran 89 epochs and ended at 1077)
"""

from __future__ import annotations

import importlib
import inspect
import math
import sys
import warnings
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


# Not prose, or slow/noisy to import: left out of the "stdlib" corpus.
_SKIPPED_MODULES = ("antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "lib2to3", "ensurepip", "venv",
                    "pydoc_data")


def stdlib_modules() -> tuple[str, ...]:
    """Every public top-level standard-library module of this Python, sorted."""
    return tuple(sorted(m for m in sys.stdlib_module_names if not m.startswith("_") and m not in _SKIPPED_MODULES))


def docstring_corpus(modules: tuple[str, ...] = CORPUS_MODULES, language_reference: bool = False) -> list[str]:
    """Docstrings of the modules and of their public classes, functions and methods, in a fixed order, each once;
    language_reference: also the topics of the Python language reference (pydoc_data, about 460 kB)."""
    seen, docs = set(), []

    def add(obj):
        doc = inspect.getdoc(obj)
        if doc and len(doc) > 80 and doc not in seen:
            seen.add(doc)
            docs.append(doc)

    for name in modules:
        try:
            with warnings.catch_warnings():  # deprecated modules warn on import
                warnings.simplefilter("ignore")
                module = importlib.import_module(name)
        except Exception:  # a platform without it (e.g. no _ssl, no curses): the corpus is a little smaller
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
    if language_reference:
        from pydoc_data.topics import topics

        docs.extend(topics[key] for key in sorted(topics) if len(topics[key]) > 80 and topics[key] not in seen)
    return docs


CORPORA = {"modules": dict(modules=CORPUS_MODULES), "stdlib": dict(modules=None, language_reference=True)}


def corpus_documents(name: str) -> list[str]:
    """The documents of a named corpus: "modules" (CORPUS_MODULES, about 0.5 MB) or "stdlib" (about 1.4 MB)."""
    settings = dict(CORPORA[name])
    if settings["modules"] is None:
        settings["modules"] = stdlib_modules()
    return docstring_corpus(**settings)


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
    """Model size, corpus and training budget. A hidden or intermediate size that is not a multiple of 128 leaves a
    partial last group at group size 128; kv_heads < heads is grouped-query attention; embeddings are tied."""

    hidden: int = 192
    intermediate: int = 320
    layers: int = 4
    heads: int = 6
    kv_heads: int = 2
    vocab: int = 1024
    steps: int = 300
    batch: int = 16
    seqlen: int = 128
    lr: float = 3e-3
    weight_decay: float = 0.1
    eval_every: int = 50  # validation perplexity every this many steps; the best weights are kept
    corpus: str = "modules"
    seed: int = 0

    def config(self) -> transformers.LlamaConfig:
        return transformers.LlamaConfig(
            vocab_size=self.vocab, hidden_size=self.hidden, intermediate_size=self.intermediate,
            num_hidden_layers=self.layers, num_attention_heads=self.heads, num_key_value_heads=self.kv_heads,
            max_position_embeddings=4 * self.seqlen, tie_word_embeddings=True, pad_token_id=0, bos_token_id=1,
            eos_token_id=2,
        )


RECIPES = {
    # the tests' model, about a minute on 2 CPU cores: SmolLM's structure scaled down (K = 192 and 320: a partial
    # group of 64 at group size 128; GQA 6/2; tied embeddings; 6 layers)
    "test": TinyLlamaRecipe(hidden=192, intermediate=320, layers=6, heads=6, kv_heads=2, vocab=512, batch=12,
                            seqlen=64, steps=200, lr=8e-3, eval_every=50),
    # the largest that trains on a shared 2-core CPU in minutes
    "bench": TinyLlamaRecipe(hidden=192, intermediate=512, layers=4, heads=6, kv_heads=2, vocab=1024, batch=8,
                             steps=800, lr=4e-3, eval_every=100),
    # SmolLM-135M's width (K = 576 and 1536: partial groups at 128), 6 layers, for a GPU (well under a minute on an
    # H100); about 8 epochs of the "stdlib" corpus (about 280k tokens), the best validation point kept
    "wide": TinyLlamaRecipe(hidden=576, intermediate=1536, layers=6, heads=9, kv_heads=3, vocab=4096, batch=16,
                            seqlen=256, steps=600, lr=1.5e-3, eval_every=50, corpus="stdlib"),
    # SmolLM-135M's shape (30 layers, hidden 576, intermediate 1536, GQA 9/3, tied), a 4096-token vocabulary: about
    # 108M parameters, a few minutes on an H100
    "smollm": TinyLlamaRecipe(hidden=576, intermediate=1536, layers=30, heads=9, kv_heads=3, vocab=4096, batch=16,
                              seqlen=256, steps=600, lr=1e-3, eval_every=50, corpus="stdlib"),
}


@dataclass
class TrainedLlama:
    model: transformers.LlamaForCausalLM  # eval mode, the weights of the best validation perplexity
    tokenizer: transformers.PreTrainedTokenizerFast
    split: CorpusSplit
    validation_perplexity: float  # on the last 5 % of the train tokens, never trained on
    unigram_perplexity: float  # exp(entropy of the train tokens' frequencies): what a model that learned nothing gets
    epochs: float  # tokens trained on / train tokens


def unigram_perplexity(ids: torch.Tensor, vocab: int) -> float:
    p = torch.bincount(ids, minlength=vocab).double()
    p = p[p > 0] / p.sum()
    return math.exp(float(-(p * p.log()).sum()))


@torch.no_grad()
def _stream_perplexity(model, ids: torch.Tensor, seqlen: int, device) -> float:
    """exp(mean NLL) of (T,) in non-overlapping windows (batched: a few calls even on a CPU)."""
    usable = ids.numel() // seqlen * seqlen
    windows = ids[:usable].view(-1, seqlen).to(device)  # (windows, seqlen)
    total = 0.0
    for chunk in windows.split(32):
        total += float(model(input_ids=chunk, labels=chunk).loss) * chunk.shape[0]
    return math.exp(total / windows.shape[0])


def train_tiny_llama(recipe: TinyLlamaRecipe, split: CorpusSplit | None = None, log_every: int = 0,
                     device: str | torch.device = "cpu") -> TrainedLlama:
    """A Llama trained by next-token prediction on split.train (default: the recipe's corpus), early-stopped on
    the validation stream."""
    split = split or split_corpus(corpus_documents(recipe.corpus))
    tokenizer = train_tokenizer(split.train, recipe.vocab)
    all_ids = tokenizer(split.train, return_tensors="pt", add_special_tokens=False).input_ids[0]  # (T,)
    cut = int(all_ids.numel() * 0.95)
    ids, validation = all_ids[:cut], all_ids[cut:]
    torch.manual_seed(recipe.seed)
    model = transformers.LlamaForCausalLM(recipe.config()).to(device)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=recipe.lr, weight_decay=recipe.weight_decay,
                                  betas=(0.9, 0.95))
    warmup = max(recipe.steps // 20, 1)

    def lr_factor(step):  # linear warm-up, cosine decay to 10 %
        if step < warmup:
            return (step + 1) / warmup
        return 0.1 + 0.45 * (1 + math.cos(math.pi * (step - warmup) / max(recipe.steps - warmup, 1)))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_factor)
    generator = torch.Generator().manual_seed(recipe.seed)
    best, best_state = float("inf"), None
    for step in range(1, recipe.steps + 1):
        starts = torch.randint(0, ids.numel() - recipe.seqlen - 1, (recipe.batch,), generator=generator)
        batch = torch.stack([ids[s:s + recipe.seqlen] for s in starts.tolist()]).to(device)  # (batch, seqlen)
        loss = model(input_ids=batch, labels=batch).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad(set_to_none=True)
        if step % recipe.eval_every == 0 or step == recipe.steps:
            model.eval()
            validation_ppl = _stream_perplexity(model, validation, recipe.seqlen, device)
            model.train()
            if validation_ppl < best:
                best = validation_ppl
                best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            if log_every:
                print(f"step {step:5d}  train loss {loss.item():.3f}  validation perplexity {validation_ppl:.2f}  "
                      f"epochs {step * recipe.batch * recipe.seqlen / ids.numel():.2f}", flush=True)
        elif log_every and step % log_every == 0:
            print(f"step {step:5d}  train loss {loss.item():.3f}", flush=True)
    model.load_state_dict(best_state)
    return TrainedLlama(model.eval(), tokenizer, split, best, unigram_perplexity(ids, recipe.vocab),
                        recipe.steps * recipe.batch * recipe.seqlen / ids.numel())
