"""sentence-transformers `encode()` on stock and zoo encoders: sentences/s, side by side in one process.

    PYTHONPATH=. python benchmarks/bench_sentence_encode.py [--sentences 10000] [--batch-sizes 32 128]

For a MiniLM-shape, a bert-base-shape and an XLM-R-base-shape model (random weights, fp16, the tiny tokenizer:
no network), the same SentenceTransformer (mean pooling, normalised) encodes the same sentences four ways:
stock, `patchzoo.patch(model)` (its default PackingRule), the zoo with bounds 0 and 0 set explicitly
(`use_packing(model, True, 0, 0)`: every padded batch packed, which the default does too, so the two zoo columns
are twins whose spread shows the noise), and that with `use_cuda_graphs`. `encode()` runs as users call it, with
its own length sorting and batching. Sentence lengths are drawn like MS MARCO passages (log-normal, median ~60 tokens,
tail cut at 512). "ideal" is the padded tokens over the real tokens of the very batches encode() builds (its
sort by character length, then chunks): the speed-up if time followed real tokens alone. Each provider is a model
of its own; each encodes the whole set once to warm up (graphs captured, kernels tuned), then the providers take
turns, one timed pass each per round (so a drift of the machine's load hits them alike), and each one's best of
``--repeats`` rounds counts. "host floor"
is encode()'s host work alone (sort, tokenizer, copies to the GPU): no encoder makes encode() faster than that,
so "ideal whole" scales only the rest of stock's time by the ideal. ``--sweep`` adds a forward-only table by batch
size and padding share (where packing starts to pay: PackingRule's bounds); ``--no-padding-case`` adds bert-base
64 x 512 without padding (stock, zoo, zoo with CUDA graphs). ``--profile`` adds, per row, where an encode() batch's
time goes for stock and the zoo: host ms inside the encoder's forward (launches and waits; no device sync added),
the host-device syncs per batch (all of encode()'s: its blocking copies of the tokenizer's tensors too; and those
inside the forward), the kernel launches per forward, and the GPU's kernel ms per batch (torch.profiler, one pass
over the first ``--profile-sentences`` sentences).
"""

from __future__ import annotations

import argparse
import bisect
import copy
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


def packed_copy(model):
    """A zoo copy of the SentenceTransformer `model` that packs every padded batch (PackingRule bounds 0 and 0)."""
    return use_packing(patchzoo.patch(copy.deepcopy(model)), True, 0, 0)


def encode_seconds(model, texts: list[str], batch_size: int) -> float:
    torch.cuda.synchronize()
    start = time.perf_counter()
    model.encode(texts, batch_size=batch_size, convert_to_tensor=True)
    torch.cuda.synchronize()
    return time.perf_counter() - start


def interleaved_best_seconds(models: dict, texts: list[str], batch_size: int, repeats: int) -> tuple[dict, dict]:
    """({provider: best seconds of `repeats` rounds}, {provider: warm-up embeddings}): every provider warms up once
    (graphs captured, kernels tuned), then each round times every provider once, in turn, the order reversed every
    other round: a provider timed right after stock's padded shapes ran slower in a fixed order (allocator, caches), so
    no provider always follows the same one."""
    embeddings = {name: model.encode(texts, batch_size=batch_size, convert_to_tensor=True)
                  for name, model in models.items()}
    times = {name: [] for name in models}
    for round_ in range(repeats):
        for name in list(models)[::-1 if round_ % 2 else 1]:
            times[name].append(encode_seconds(models[name], texts, batch_size))
    return {name: min(t) for name, t in times.items()}, embeddings


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


# CUDA runtime calls as torch.profiler names them: those that block the host until the GPU catches up (a blocking
# copy is cudaMemcpyAsync + cudaStreamSynchronize; .item() too), and those that queue work on the GPU.
SYNC_CALLS = {"cudaStreamSynchronize", "cudaEventSynchronize", "cudaDeviceSynchronize", "cudaMemcpy"}
LAUNCH_CALLS = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "cudaMemcpyAsync",
                "cudaMemsetAsync", "cudaGraphLaunch"}
FORWARD_RANGE = "bench_encoder_forward"


def timed_encoder_forward(model, host_ms: list, profiled: bool) -> None:
    """Wrap the encoder's forward (sentence-transformers calls it directly, so module hooks would not run): its host
    time per call into `host_ms` (no device sync: launches plus whatever waits the forward itself does), and a
    profiler range around it when `profiled`."""
    encoder = model[0].auto_model
    forward = type(encoder).forward.__get__(encoder)

    def wrapped(*args, **kwargs):
        start = time.perf_counter()
        if profiled:
            with torch.profiler.record_function(FORWARD_RANGE):
                out = forward(*args, **kwargs)
        else:
            out = forward(*args, **kwargs)
        host_ms.append((time.perf_counter() - start) * 1e3)
        return out

    encoder.forward = wrapped


def encode_profile(model, texts: list[str], batch_size: int) -> dict:
    """Where an encode() batch's time goes: host ms in the encoder's forward (a pass without the profiler), then one
    profiled pass: host-device syncs per batch (all, and inside the forward), launches per forward, GPU kernel ms
    per batch (the union of kernel intervals), encode() ms per batch."""
    from torch.profiler import ProfilerActivity, profile

    encoder = model[0].auto_model
    batches = -(-len(texts) // batch_size)
    host_ms: list[float] = []
    timed_encoder_forward(model, host_ms, profiled=False)
    wall_s = encode_seconds(model, texts, batch_size)
    forward_host_ms = statistics.median(host_ms)
    timed_encoder_forward(model, [], profiled=True)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        encode_seconds(model, texts, batch_size)
    del encoder.forward  # back to the class's forward
    events = prof.events()
    forwards = sorted((e.time_range.start, e.time_range.end) for e in events if e.name == FORWARD_RANGE)
    starts = [start for start, _ in forwards]

    def in_forward(event) -> bool:
        i = bisect.bisect_right(starts, event.time_range.start) - 1
        return i >= 0 and event.time_range.start <= forwards[i][1]

    syncs = [e for e in events if e.name in SYNC_CALLS]
    launches = [e for e in events if e.name in LAUNCH_CALLS and in_forward(e)]
    kernels = sorted((e.time_range.start, e.time_range.end) for e in events
                     if e.device_type == torch.autograd.DeviceType.CUDA)
    busy_us, end = 0.0, float("-inf")
    for start, stop in kernels:  # union of the kernel intervals
        busy_us += max(0.0, stop - max(start, end))
        end = max(end, stop)
    return {
        "encode ms / batch": wall_s * 1e3 / batches,
        "host ms in forward": forward_host_ms,
        "syncs / batch": len(syncs) / batches,
        "syncs in forward": sum(in_forward(e) for e in syncs) / max(len(forwards), 1),
        "launches / forward": len(launches) / max(len(forwards), 1),
        "GPU busy ms / batch": busy_us / 1e3 / batches,
    }


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
    parser.add_argument("--repeats", type=int, default=3, help="rounds of timed passes, providers in turn (the best counts)")
    parser.add_argument("--profile", action="store_true", help="also where a batch's time goes, stock vs zoo (host ms "
                        "in the forward, syncs, launches, GPU ms)")
    parser.add_argument("--profile-sentences", type=int, default=1024, help="sentences of the profiled encode() pass")
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
    profiles = []
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
                # One model per provider (copies of the same weights), so that they can take turns round by round.
                stock_model = sentence_model(directory)
                models = {"stock": stock_model, "zoo": patchzoo.patch(copy.deepcopy(stock_model)),
                          "packed": packed_copy(stock_model)}
                models["graphs"] = use_cuda_graphs(packed_copy(stock_model), 256)
                floor_s = tokenize_seconds(models["stock"], texts, batch_size)
                best, emb = interleaved_best_seconds(models, texts, batch_size, args.repeats)
                stock_s, zoo_s, packed_s, graphs_s = (best[name] for name in ("stock", "zoo", "packed", "graphs"))
                ideal_whole = stock_s / (floor_s + max(stock_s - floor_s, 0) / ideal)
                diff = max(float((emb[name] - emb["stock"]).abs().max()) for name in ("zoo", "packed", "graphs"))
                n = len(texts)
                print(f"| {shape} | {batch_size} | {share:.0%} | {ideal:.2f}x | {floor_s:.2f} | {ideal_whole:.2f}x | "
                      f"{n / stock_s:,.0f} | {n / zoo_s:,.0f} ({stock_s / zoo_s:.2f}x) | "
                      f"{n / packed_s:,.0f} ({stock_s / packed_s:.2f}x) | {n / graphs_s:,.0f} ({stock_s / graphs_s:.2f}x) | "
                      f"{stock_s / zoo_s / ideal_whole:.0%} | {diff:.2g} |", flush=True)
                if args.profile:
                    for name in ("stock", "zoo"):
                        profiles.append((shape, batch_size, name,
                                         encode_profile(models[name], texts[:args.profile_sentences], batch_size)))
                use_cuda_graphs(models["graphs"], None)  # its graphs' memory pools
                del models, stock_model, emb
                torch.cuda.empty_cache()
    if profiles:
        columns = list(profiles[0][3])
        print(f"\n# where an encode() batch's time goes ({args.profile_sentences} sentences; the zoo with its rule): "
              "host ms in the encoder's forward without the profiler, the rest from one torch.profiler pass")
        print("| model | batch | provider | " + " | ".join(columns) + " |")
        print("|---|---|---|" + "---|" * len(columns))
        for shape, batch_size, name, values in profiles:
            print(f"| {shape} | {batch_size} | {name} | " + " | ".join(f"{values[c]:.2f}" for c in columns) + " |")


if __name__ == "__main__":
    main()
