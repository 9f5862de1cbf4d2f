"""sentence-transformers `encode()` on stock and zoo encoders: sentences/s, side by side in one process.

    PYTHONPATH=. python benchmarks/bench_sentence_encode.py [--sentences 10000] [--batch-sizes 32 128]

For a MiniLM-shape, a bert-base-shape and an XLM-R-base-shape model (random weights, fp16, the tiny tokenizer:
no network), the same SentenceTransformer (mean pooling, normalised) encodes the same sentences three ways:
stock, `patchzoo.patch(model)`, and patched with `use_cuda_graphs`. `encode()` runs as users call it, with its own
length sorting and batching. Sentence lengths are drawn like MS MARCO passages (log-normal, median ~60 tokens,
tail cut at 512). "ideal" is the padded tokens over the real tokens of the very batches encode() builds (its
sort by character length, then chunks): the speed-up if time followed real tokens alone. Each provider encodes the
whole set once to warm up (graphs captured, kernels tuned), then the best of 3 timed passes counts.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch
import transformers

import patchzoo
from patchzoo.models.packed_encoder import use_cuda_graphs
from patchzoo.tiny.build import tiny_tokenizer

SHAPES = {
    "MiniLM-L6 shape": ("BertConfig", dict(hidden_size=384, num_hidden_layers=6, num_attention_heads=12,
                                           intermediate_size=1536)),
    "bert-base shape": ("BertConfig", dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                                           intermediate_size=3072)),
    "XLM-R-base shape": ("XLMRobertaConfig", dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                                                  intermediate_size=3072, type_vocab_size=1)),
}
MAX_TOKENS = 512


def sentences(count: int, tokenizer, seed: int = 0) -> list[str]:
    """Sentences of log-normal token length (median ~60, sigma 0.7, at most 512), from the tokenizer's own words."""
    rng = np.random.default_rng(seed)
    words = [w for w in (tokenizer.decode([i]).strip() for i in range(4, tokenizer.vocab_size)) if w.isalpha()]
    lengths = np.clip(rng.lognormal(np.log(60), 0.7, count), 4, MAX_TOKENS).astype(int)
    out = []
    for n in lengths:
        text = " ".join(rng.choice(words, size=int(n)))
        ids = tokenizer(text, add_special_tokens=False, truncation=True, max_length=int(n))["input_ids"]
        out.append(tokenizer.decode(ids))
    return out


def padding_ideal(texts: list[str], tokenizer, batch_size: int) -> tuple[float, float]:
    """(padding share, padded/real token ratio) of the batches encode() builds: sorted by character length
    (longest first), then chunked."""
    order = np.argsort([-len(t) for t in texts], kind="stable")
    padded = real = 0
    for start in range(0, len(texts), batch_size):
        batch = [texts[i] for i in order[start:start + batch_size]]
        mask = tokenizer(batch, padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="pt")["attention_mask"]
        padded += mask.numel()
        real += int(mask.sum())
    return 1 - real / padded, padded / real


def build(shape: str, directory) -> None:
    config_class, sizes = SHAPES[shape]
    tokenizer = tiny_tokenizer()
    config = getattr(transformers, config_class)(vocab_size=tokenizer.vocab_size, pad_token_id=tokenizer.pad_token_id,
                                                 max_position_embeddings=MAX_TOKENS + 2, **sizes)
    model_class = transformers.BertModel if config_class == "BertConfig" else transformers.XLMRobertaModel
    torch.manual_seed(0)
    model_class(config).save_pretrained(directory)
    tokenizer.save_pretrained(directory)


def sentence_model(directory):
    import sentence_transformers

    try:
        from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer
    except ImportError:
        from sentence_transformers.models import Normalize, Pooling, Transformer
    transformer = Transformer(str(directory), max_seq_length=MAX_TOKENS)
    dimension = getattr(transformer, "get_embedding_dimension", None) or transformer.get_word_embedding_dimension
    model = sentence_transformers.SentenceTransformer(
        modules=[transformer, Pooling(dimension(), "mean"), Normalize()], device="cuda")
    return model.half().eval()


def encode_seconds(model, texts: list[str], batch_size: int) -> tuple[float, torch.Tensor]:
    embeddings = model.encode(texts, batch_size=batch_size, convert_to_tensor=True)  # warm-up: graphs, tuning
    times = []
    for _ in range(3):
        torch.cuda.synchronize()
        start = time.perf_counter()
        model.encode(texts, batch_size=batch_size, convert_to_tensor=True)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return min(times), embeddings


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=10_000)
    parser.add_argument("--batch-sizes", type=int, nargs="+", default=[32, 128])
    parser.add_argument("--shapes", nargs="+", default=list(SHAPES), choices=list(SHAPES))
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    from benchmarks.common import environment_versions

    tokenizer = tiny_tokenizer()
    texts = sentences(args.sentences, tokenizer)
    lengths = [len(ids) for ids in tokenizer(texts, truncation=True, max_length=MAX_TOKENS)["input_ids"]]
    print(f"# {torch.cuda.get_device_name()}; {environment_versions()}")
    print(f"# {len(texts)} sentences, tokens: median {statistics.median(lengths):.0f}, mean {statistics.mean(lengths):.0f}, "
          f"max {max(lengths)}; fp16, mean pooling + normalise")
    print("| model | batch | padding | ideal | stock sent/s | zoo sent/s (x stock) | zoo + CUDA graphs sent/s (x stock) "
          "| zoo share of ideal | max abs Δ embedding |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as root:
        for shape in args.shapes:
            directory = f"{root}/{shape.replace(' ', '_')}"
            build(shape, directory)
            for batch_size in args.batch_sizes:
                share, ideal = padding_ideal(texts, tokenizer, batch_size)
                model = sentence_model(directory)
                stock_s, stock_emb = encode_seconds(model, texts, batch_size)
                patchzoo.patch(model)
                zoo_s, zoo_emb = encode_seconds(model, texts, batch_size)
                use_cuda_graphs(model, 256)
                graphs_s, graphs_emb = encode_seconds(model, texts, batch_size)
                best = min(zoo_s, graphs_s)
                diff = max(float((zoo_emb - stock_emb).abs().max()), float((graphs_emb - stock_emb).abs().max()))
                n = len(texts)
                print(f"| {shape} | {batch_size} | {share:.0%} | {ideal:.2f}x | {n / stock_s:,.0f} | "
                      f"{n / zoo_s:,.0f} ({stock_s / zoo_s:.2f}x) | {n / graphs_s:,.0f} ({stock_s / graphs_s:.2f}x) | "
                      f"{stock_s / best / ideal:.0%} | {diff:.2g} |", flush=True)
                del model
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
