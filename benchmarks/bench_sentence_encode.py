"""sentence-transformers `encode()` on stock and zoo encoders: sentences/s, side by side in one process.

    PYTHONPATH=. python benchmarks/bench_sentence_encode.py [--sentences 10000] [--batch-sizes 32 128]

For a MiniLM-shape, a bert-base-shape and an XLM-R-base-shape model (random weights, fp16, the tiny tokenizer:
no network), the same SentenceTransformer (mean pooling, normalised) encodes the same sentences three ways:
stock, `patchzoo.patch(model)` (its PackingRule picks packed or stock's padded layers per batch), the zoo packing
every padded batch (`use_packing(model, True, 0, 0)`), and that with `use_cuda_graphs`. `encode()` runs as users call it, with its own
length sorting and batching. Sentence lengths are drawn like MS MARCO passages (log-normal, median ~60 tokens,
tail cut at 512). "ideal" is the padded tokens over the real tokens of the very batches encode() builds (its
sort by character length, then chunks): the speed-up if time followed real tokens alone. Each provider encodes the
whole set once to warm up (graphs captured, kernels tuned), then the best of 3 timed passes counts. "host floor"
is encode()'s host work alone (sort, tokenizer, copies to the GPU): no encoder makes encode() faster than that,
so "ideal whole" scales only the rest of stock's time by the ideal. ``--sweep`` adds a forward-only table by batch
size and padding share (where packing starts to pay: PackingRule's bounds); ``--no-padding-case`` adds bert-base
64 x 512 without padding (stock, zoo, zoo with CUDA graphs).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch
import transformers

import patchzoo
from patchzoo.models.packed_encoder import use_cuda_graphs, use_packing
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


def encode_seconds(model, texts: list[str], batch_size: int, repeats: int = 3) -> tuple[float, torch.Tensor]:
    embeddings = model.encode(texts, batch_size=batch_size, convert_to_tensor=True)  # warm-up: graphs, tuning
    times = []
    for _ in range(repeats):
        torch.cuda.synchronize()
        start = time.perf_counter()
        model.encode(texts, batch_size=batch_size, convert_to_tensor=True)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return min(times), embeddings


def tokenize_seconds(model, texts: list[str], batch_size: int) -> float:
    """encode()'s host work without the model: its length sort, then each batch tokenized and moved to the GPU (the
    floor under encode(), whatever the encoder)."""
    torch.cuda.synchronize()
    start = time.perf_counter()
    order = np.argsort([-len(t) for t in texts], kind="stable")
    for begin in range(0, len(texts), batch_size):
        tokenize = getattr(model, "preprocess", None) or model.tokenize  # renamed in sentence-transformers 6
        features = tokenize([texts[i] for i in order[begin:begin + batch_size]])
        {k: v.to("cuda") for k, v in features.items() if isinstance(v, torch.Tensor)}
    torch.cuda.synchronize()
    return time.perf_counter() - start


def forward_ms(model, batch: dict) -> float:
    import triton.testing

    with torch.inference_mode():
        return triton.testing.do_bench(lambda: model(**batch), warmup=25, rep=100)


def padded_batch(batch_size: int, seq: int, share: float, vocab: int, seed: int = 0) -> dict:
    """A right-padded (batch, seq) batch with `share` of its positions padded, lengths spread evenly below seq."""
    g = torch.Generator().manual_seed(seed)
    mean = seq * (1 - share)  # lengths uniform in [2*mean - seq, seq] have this mean (clamped at 1)
    lengths = torch.linspace(max(1.0, 2 * mean - seq), seq, batch_size).round().long()
    mask = (torch.arange(seq)[None, :] < lengths[:, None]).long()
    ids = torch.randint(4, vocab, mask.shape, generator=g).masked_fill(mask == 0, 0)
    return {"input_ids": ids.cuda(), "attention_mask": mask.cuda()}


def sweep(directory, shape: str) -> None:
    """Forward alone (fp16, inference) on synthetic padded batches: stock vs the zoo always packed, by batch size and
    padding share, to place PackingRule's bounds (packed_encoder.PACK_MIN_PADDING_SHARE, PACK_MIN_PADDED_POSITIONS)."""
    config_class = SHAPES[shape][0]
    model_class = transformers.BertModel if config_class == "BertConfig" else transformers.XLMRobertaModel
    stock = model_class.from_pretrained(directory, dtype=torch.float16).cuda().eval()
    packed = use_packing(patchzoo.patch(model_class.from_pretrained(directory, dtype=torch.float16).cuda().eval()),
                         True, 0, 0)
    print(f"\n# forward only, {shape}, fp16: stock vs zoo packing every padded batch (PackingRule(0, 0))")
    print("| batch x seq | padding | padded positions | stock ms | packed ms | packed x stock |")
    print("|---|---|---|---|---|---|")
    for batch_size, seq in ((32, 96), (32, 256), (128, 96), (128, 256)):
        for share in (0.05, 0.1, 0.2, 0.3, 0.5):
            batch = padded_batch(batch_size, seq, share, stock.config.vocab_size)
            real_share = 1 - float(batch["attention_mask"].float().mean())
            padded = int((batch["attention_mask"] == 0).sum())
            stock_ms, packed_ms = forward_ms(stock, batch), forward_ms(packed, batch)
            print(f"| {batch_size} x {seq} | {real_share:.0%} | {padded} | {stock_ms:.2f} | {packed_ms:.2f} | "
                  f"{stock_ms / packed_ms:.2f}x |", flush=True)
    del stock, packed
    torch.cuda.empty_cache()


def no_padding_case(directory) -> None:
    """A full batch (64 x 512, no padding): stock, the zoo eager and the zoo with use_cuda_graphs (both take stock's
    unmasked layers: a batch without padding never packs)."""
    stock = transformers.BertModel.from_pretrained(directory, dtype=torch.float16).cuda().eval()
    zoo = patchzoo.patch(transformers.BertModel.from_pretrained(directory, dtype=torch.float16).cuda().eval())
    batch = padded_batch(64, MAX_TOKENS, 0.0, stock.config.vocab_size)
    assert bool(batch["attention_mask"].all())
    stock_ms, zoo_ms = forward_ms(stock, batch), forward_ms(zoo, batch)
    graphed_ms = forward_ms(use_cuda_graphs(zoo, 256), batch)
    print("\n# bert-base shape, 64 x 512 without padding, fp16 forward")
    print("| stock ms | zoo ms (x stock) | zoo + use_cuda_graphs ms (x stock) |")
    print("|---|---|---|")
    print(f"| {stock_ms:.2f} | {zoo_ms:.2f} ({stock_ms / zoo_ms:.2f}x) | {graphed_ms:.2f} ({stock_ms / graphed_ms:.2f}x) |")


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=10_000)
    parser.add_argument("--batch-sizes", type=int, nargs="+", default=[32, 128])
    parser.add_argument("--shapes", nargs="+", default=list(SHAPES), choices=list(SHAPES))
    parser.add_argument("--repeats", type=int, default=3, help="timed passes per provider (the best counts)")
    parser.add_argument("--sweep", action="store_true", help="also the forward-only table that places PackingRule's bounds")
    parser.add_argument("--no-padding-case", action="store_true", help="also bert-base 64 x 512 without padding")
    parser.add_argument("--only-extras", action="store_true", help="skip the encode() table")
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    from benchmarks.common import environment_versions

    tokenizer = tiny_tokenizer()
    texts = sentences(args.sentences, tokenizer)
    lengths = [len(ids) for ids in tokenizer(texts, truncation=True, max_length=MAX_TOKENS)["input_ids"]]
    print(f"# {torch.cuda.get_device_name()}; {environment_versions()}")
    print(f"# {len(texts)} sentences, tokens: median {statistics.median(lengths):.0f}, mean {statistics.mean(lengths):.0f}, "
          f"max {max(lengths)}; fp16, mean pooling + normalise")
    # "ideal": padded / real tokens. "host floor": encode()'s sort, tokenizer and copies alone, no model; "ideal
    # whole": the encode() speed-up if the forward's share of it (stock time minus the floor) shrank by the ideal.
    print("| model | batch | padding | ideal | host floor s | ideal whole | stock sent/s | zoo sent/s (x stock) "
          "| zoo always packed (x stock) | zoo + CUDA graphs (x stock) | zoo / ideal whole | max abs Δ embedding |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as root:
        for shape in args.shapes:
            directory = f"{root}/{shape.replace(' ', '_')}"
            build(shape, directory)
            if args.sweep:
                sweep(directory, shape)
            if args.no_padding_case and SHAPES[shape][0] == "BertConfig" and SHAPES[shape][1]["hidden_size"] == 768:
                no_padding_case(directory)
            for batch_size in () if args.only_extras else args.batch_sizes:
                share, ideal = padding_ideal(texts, tokenizer, batch_size)
                model = sentence_model(directory)
                floor_s = tokenize_seconds(model, texts, batch_size)
                stock_s, stock_emb = encode_seconds(model, texts, batch_size, args.repeats)
                patchzoo.patch(model)
                zoo_s, zoo_emb = encode_seconds(model, texts, batch_size, args.repeats)
                use_packing(model, True, 0, 0)
                packed_s, packed_emb = encode_seconds(model, texts, batch_size, args.repeats)
                use_cuda_graphs(model, 256)
                graphs_s, graphs_emb = encode_seconds(model, texts, batch_size, args.repeats)
                use_cuda_graphs(model, None)
                use_packing(model)
                ideal_whole = stock_s / (floor_s + max(stock_s - floor_s, 0) / ideal)
                diff = max(float((e - stock_emb).abs().max()) for e in (zoo_emb, packed_emb, graphs_emb))
                n = len(texts)
                print(f"| {shape} | {batch_size} | {share:.0%} | {ideal:.2f}x | {floor_s:.2f} | {ideal_whole:.2f}x | "
                      f"{n / stock_s:,.0f} | {n / zoo_s:,.0f} ({stock_s / zoo_s:.2f}x) | "
                      f"{n / packed_s:,.0f} ({stock_s / packed_s:.2f}x) | {n / graphs_s:,.0f} ({stock_s / graphs_s:.2f}x) | "
                      f"{stock_s / zoo_s / ideal_whole:.0%} | {diff:.2g} |", flush=True)
                del model
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
