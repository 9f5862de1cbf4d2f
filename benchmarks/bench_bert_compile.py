"""torch.compile warm-up of an MLM fine-tune over varied batch shapes, stock BERT vs zoo BERT, side by side.

    PYTHONPATH=. python benchmarks/bench_bert_compile.py [--steps 40] [--shape bert-base] [--device cuda]

The loop is what HF Trainer runs with torch_compile=True, fp16 (autocast + GradScaler) and pad-to-longest
batches: torch.compile(model), AdamW, batch 32, lengths log-normal (median 120, at most 512), 15 % of the real
tokens labelled. Each provider runs the same batches twice from a fresh dynamo state: the first pass pays the
compilations, the second (every shape compiled) gives the steady step time. Reported: warm-up seconds (first pass
minus second), graphs and frame compilations (recompiles included) and graph breaks (torch._dynamo counters),
steady ms per step. Random weights and data; the shape names only size the model.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
import transformers

from patchzoo.models import bert as zoo_bert

SHAPES = {
    "tiny": dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=2, intermediate_size=128),
    "bert-base": dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12, intermediate_size=3072),
}
VOCAB = 30522
MAX_TOKENS = 512


def batches(count: int, batch_size: int, seed: int = 0) -> list[dict]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        lengths = np.clip(rng.lognormal(np.log(120), 0.6, batch_size), 8, MAX_TOKENS).astype(int)
        seq = int(lengths.max())
        mask = torch.from_numpy((np.arange(seq)[None, :] < lengths[:, None]).astype(np.int64))
        ids = torch.from_numpy(rng.integers(4, VOCAB, mask.shape)).masked_fill(mask == 0, 0)
        chosen = torch.from_numpy(rng.random(mask.shape) < 0.15) & mask.bool()
        labels = ids.masked_fill(~chosen, -100)
        out.append({"input_ids": ids, "attention_mask": mask, "labels": labels})
    return out


def run_pass(model, optimizer, scaler, data: list[dict], device: str, dtype) -> float:
    """Seconds for one pass of training steps over data, device-synchronised at both ends."""
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    sync()
    start = time.perf_counter()
    for cpu_batch in data:
        batch = {k: v.to(device, non_blocking=True) for k, v in cpu_batch.items()}
        with torch.autocast(device, dtype=dtype, enabled=dtype != torch.float32):
            loss = model(**batch).loss
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
    sync()
    return time.perf_counter() - start


def measure(name: str, build, data: list[dict], device: str, dtype) -> dict:
    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    torch.manual_seed(0)
    model = build().to(device).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
    scaler = torch.amp.GradScaler(device, enabled=dtype == torch.float16)
    compiled = torch.compile(model)
    first = run_pass(compiled, optimizer, scaler, data, device, dtype)
    counters = torch._dynamo.utils.counters
    graphs = int(counters["stats"]["unique_graphs"])
    frames = int(counters["frames"]["ok"])  # frame compilations: first ones plus recompiles (new shapes, failed guards)
    breaks = sum(counters["graph_break"].values())
    second = run_pass(compiled, optimizer, scaler, data, device, dtype)
    new_graphs = int(counters["stats"]["unique_graphs"]) - graphs
    return dict(name=name, first=first, steady=second / len(data), warmup=first - second, graphs=graphs,
                frames=frames, breaks=breaks, late_graphs=new_graphs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--shape", default="bert-base", choices=list(SHAPES))
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    dtype = torch.float16 if args.device == "cuda" else torch.float32
    config = transformers.BertConfig(vocab_size=VOCAB, max_position_embeddings=MAX_TOKENS, **SHAPES[args.shape])
    config._attn_implementation = "sdpa"
    data = batches(args.steps, args.batch_size)
    from benchmarks.common import environment_versions

    device_name = torch.cuda.get_device_name() if args.device == "cuda" else "CPU"
    print(f"# {device_name}; {environment_versions()}")
    print(f"# {args.shape} MLM, {args.steps} steps, batch {args.batch_size}, pad-to-longest, {dtype}, torch.compile(model)")
    print("| model | first pass s | warm-up s | graphs | frames compiled | graph breaks | graphs in 2nd pass | steady ms/step | whole run x stock |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for name, build in (("stock", lambda: transformers.BertForMaskedLM(config)),
                        ("zoo", lambda: zoo_bert.BertForMaskedLM(config))):
        row = measure(name, build, data, args.device, dtype)
        rows.append(row)
        stock_first = rows[0]["first"]
        print(f"| {name} | {row['first']:.1f} | {row['warmup']:.1f} | {row['graphs']} | {row['frames']} | {row['breaks']} | "
              f"{row['late_graphs']} | {row['steady'] * 1e3:.1f} | {stock_first / row['first']:.2f}x |", flush=True)
    stock, zoo = rows
    print(f"# zoo warm-up / stock warm-up: {zoo['warmup'] / max(stock['warmup'], 1e-9):.2f}x (goal <= 1.5x); "
          f"steady zoo / stock speed: {stock['steady'] / zoo['steady']:.2f}x")


if __name__ == "__main__":
    main()
