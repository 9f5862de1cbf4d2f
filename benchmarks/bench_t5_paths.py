"""FLAN-T5-base in float16, eager, on the paths users call: stock against the zoo, with the floor beside them.

    PYTHONPATH=. python3 -m benchmarks.bench_t5_paths                # ~1.5 min on an H200; table under $OUT
    PYTHONPATH=. python3 -m benchmarks.bench_t5_paths --budget-s 60  # stop measuring new rows after 60 s

Paths (random weights at transformers' T5 init, flan-t5-base shape; timing does not depend on the values):
  generate   eager greedy generate(), dynamic cache, exactly 32 new tokens (min_new_tokens = max_new_tokens,
             so every provider runs the same steps); 128 source tokens; batch 1, batch 32 unpadded, and
             batch 32 right-padded to 128 (real lengths 32..128, the usual shape of a served batch); and batch 1
             with cache_implementation="static", eager (its attention runs with a mask at every step)
  encoder    encoder forward, inference_mode; 512 tokens per row, batch 1 and 32
Providers, one process, same weights:
  stock_fp16        transformers' default float16 loading (from_pretrained(dtype=float16)): wo kept in float32
  stock_fp16_half   stock, every weight float16 (model.half()): faster than stock_fp16, not fp16-safe either
  zoo_fp16          patchzoo T5, float16 weights (what from_pretrained(dtype=float16) gives)
  floor             max(bytes / measured HBM bandwidth, FLOPs / measured bf16 matmul peak)
Generate rows: CUDA events around whole generate() calls, providers interleaved round by round (drift hits all
alike), median of the rounds. Encoder rows: triton's do_bench median. Every provider's output is checked against
stock float32 first (encoder: max |Δ| / max |fp32|; generate: share of tokens equal to fp32's). One more table
counts the CUDA kernels one generate() launches per provider (torch.profiler), since eager decoding of a small
batch is bound by kernel launches. Ratios: stock_fp16's time over the provider's (> 1: faster than stock).
Writes t5_paths.md and t5_paths.csv under $OUT (default benchmarks/out); exit status 0 when every zoo row is at
least stock_fp16's speed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import copy
import csv
import os
import statistics
import time
from pathlib import Path

import torch
import transformers

import patchzoo
from benchmarks.bench_t5_fp16 import encoder_floor, generate_floor, relative_error
from benchmarks.common import Report

MODEL = dict(d_model=768, d_kv=64, d_ff=2048, num_layers=12, num_decoder_layers=12, num_heads=12, vocab_size=32128,
             feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0,
             eos_token_id=1, decoder_start_token_id=0)
SOURCE, NEW_TOKENS, ENCODER_SEQ, ROUNDS = 128, 32, 512, 5
PROVIDERS = ("stock_fp16", "stock_fp16_half", "zoo_fp16")
DEVICE = "cuda"


def build_models() -> dict:
    """Provider -> float16 model on the GPU, plus "stock_fp32", all from one seeded float32 master."""
    config = transformers.T5Config(**MODEL)
    torch.manual_seed(0)
    with torch.device(DEVICE):
        master = transformers.T5ForConditionalGeneration(config).eval()
    stock = copy.deepcopy(master).half()
    for name, module in stock.named_modules():  # what from_pretrained(dtype=float16) does
        if name.rsplit(".", 1)[-1] in stock._keep_in_fp32_modules:
            module.float()
    return {"stock_fp32": master, "stock_fp16": stock, "stock_fp16_half": copy.deepcopy(master).half(),
            "zoo_fp16": patchzoo.patch(copy.deepcopy(master)).half()}


def source_batch(batch: int, padded: bool) -> dict:
    g = torch.Generator().manual_seed(batch + padded)
    ids = torch.randint(4, MODEL["vocab_size"], (batch, SOURCE), generator=g)
    mask = torch.ones_like(ids)
    if padded:  # right padding, real lengths spread over 32..128
        lengths = torch.linspace(32, SOURCE, batch).round().long()
        mask = (torch.arange(SOURCE)[None] < lengths[:, None]).long()
    return {"input_ids": (ids * mask).to(DEVICE), "attention_mask": mask.to(DEVICE)}


def kernels_launched(fn) -> int:
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return sum(1 for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA)


def bench_generate(report: Report, models: dict, batch: int, padded: bool, kernels: dict, static: bool = False) -> None:
    case = {"path": "generate" + (" padded" if padded else "") + (" static cache" if static else ""), "batch": batch}
    inputs = source_batch(batch, padded)
    kwargs = dict(do_sample=False, max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS)
    if static:
        kwargs["cache_implementation"] = "static"
    with torch.inference_mode():
        reference = models["stock_fp32"].generate(**inputs, **kwargs)
    calls = {p: (lambda m=models[p]: m.generate(**inputs, **kwargs)) for p in PROVIDERS}
    for provider, fn in calls.items():
        with torch.inference_mode():
            same = (fn() == reference).float().mean().item()  # also the warm-up
        print(f"  {case['path']} batch {batch} {provider}: tokens equal to fp32's: {same:.0%}", flush=True)
        if batch == 1 and not padded and not static:
            with torch.inference_mode():
                kernels[provider] = kernels_launched(fn)
    times = {p: [] for p in PROVIDERS}
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    with torch.inference_mode():
        for _ in range(ROUNDS):
            for provider, fn in calls.items():
                start.record()
                fn()
                end.record()
                end.synchronize()
                times[provider].append(start.elapsed_time(end))
    for provider in PROVIDERS:
        report.add(case, provider, statistics.median(times[provider]))
    report.floor(case, **dict(zip(("bytes", "flops"), generate_floor(models["stock_fp32"], batch))))


def bench_encoder(report: Report, models: dict, batch: int) -> None:
    case = {"path": "encoder", "batch": batch}
    g = torch.Generator().manual_seed(batch)
    ids = torch.randint(4, MODEL["vocab_size"], (batch, ENCODER_SEQ), generator=g).to(DEVICE)
    mask = torch.ones_like(ids)
    with torch.inference_mode():
        reference = models["stock_fp32"].encoder(input_ids=ids, attention_mask=mask).last_hidden_state
        for provider in PROVIDERS:
            encoder = models[provider].encoder
            fn = lambda: encoder(input_ids=ids, attention_mask=mask).last_hidden_state  # noqa: E731
            error = relative_error(fn(), reference)
            row = report.time(case, provider, fn)
            print(f"  encoder batch {batch} {provider}: {row.ms:.2f} ms, rel. error vs fp32 {error:.1e}", flush=True)
    report.floor(case, **dict(zip(("bytes", "flops"), encoder_floor(models["stock_fp32"], batch, ENCODER_SEQ))))


def table(report: Report, kernels: dict) -> tuple[str, list[dict], bool]:
    hw = report.hardware
    lines = [f"{hw.gpu}; {hw.versions}; {hw.date}; copy {hw.hbm_gbps:.0f} GB/s, bf16 matmul {hw.bf16_tflops:.0f} TFLOP/s",
             "", "| path | batch | " + " | ".join(f"{p} ms" for p in (*PROVIDERS, "floor"))
             + " | stock_fp16_half vs stock_fp16 | zoo_fp16 vs stock_fp16 |", "|" + "---|" * (len(PROVIDERS) + 5)]
    rows, all_faster = [], True
    for key in report._cases():
        ms = {p: report.lookup(key, p).ms for p in (*PROVIDERS, "floor")}
        ratios = {p: ms["stock_fp16"] / ms[p] for p in ("stock_fp16_half", "zoo_fp16")}
        all_faster &= ratios["zoo_fp16"] >= 1.0
        lines.append(f"| {key[0]} | {key[1]} | " + " | ".join(f"{ms[p]:.2f}" for p in ms)
                     + f" | {ratios['stock_fp16_half']:.2f}x | {ratios['zoo_fp16']:.2f}x |")
        rows.append({"path": key[0], "batch": key[1], **{f"{p}_ms": ms[p] for p in ms},
                     **{f"{p}_vs_stock_fp16": ratios[p] for p in ratios}})
    if kernels:
        lines += ["", "CUDA kernels launched by one generate() (batch 1, 32 new tokens): "
                  + ", ".join(f"{p} {n}" for p, n in kernels.items())]
    return "\n".join(lines), rows, all_faster


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-s", type=float, default=100.0, help="start no new row after this many seconds")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.budget_s
    report = Report("t5_paths", case_keys=("path", "batch"))
    models = build_models()
    kernels: dict = {}
    steps = [lambda: bench_generate(report, models, 1, False, kernels),
             lambda: bench_generate(report, models, 32, False, kernels),
             lambda: bench_generate(report, models, 32, True, kernels),
             lambda: bench_generate(report, models, 1, False, kernels, static=True),
             lambda: bench_encoder(report, models, 1),
             lambda: bench_encoder(report, models, 32)]
    for step in steps:
        if time.monotonic() > deadline:
            print("budget spent: the remaining rows are not measured", flush=True)
            break
        step()
    text, rows, all_faster = table(report, kernels)
    print(text, flush=True)
    out = Path(os.environ.get("OUT", Path(__file__).resolve().parent / "out"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "t5_paths.md").write_text(text + "\n")
    with open(out / "t5_paths.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return 0 if all_faster else 1


if __name__ == "__main__":
    raise SystemExit(main())
