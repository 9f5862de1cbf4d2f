"""FLAN-T5 in float16: is the fp16-safe zoo also fast, for inference and training?

    python -m benchmarks.bench_t5_fp16 --parts train,generate --budget-s 280   # the issue-21 table (~5 min, H100)
    python -m benchmarks.bench_t5_fp16                                         # base: encoder + generate
    python -m benchmarks.bench_t5_fp16 --models xl --parts encoder             # xl encoder only

Cases: flan-t5-base and flan-t5-xl shapes (random weights at transformers' T5 init; timing does not
depend on the values), batch 1 and 32:
  encoder   T5 encoder forward on 512 tokens per row (no padding), inference_mode
  generate  greedy generate(): 128 source tokens, exactly 32 new tokens (min_new_tokens = max_new_tokens)
  train     T5ForConditionalGeneration training steps, batch 32, source 512, target 128 (a copy task:
            labels are the first 128 source tokens, a fresh seeded batch per step, the same batches for
            every provider), AdamW(lr 1e-4, fused), --train-steps steps (30); then the same on the
            "stressed" weights (wi_0, wi_1 × 64: feed-forward products past 65504, as in large or
            fine-tuned checkpoints), --stress-steps steps (10)
Providers, one process, same weights:
  stock_fp32, stock_bf16        transformers, the model cast to that dtype (train: stock_bf16 is
                                autocast(bfloat16) on float32 weights, HF Trainer's bf16=True)
  stock_fp16                    transformers' default float16 loading: wo kept in float32 (_keep_in_fp32_modules);
                                train: autocast(float16) + GradScaler on float32 weights (Trainer's fp16=True)
  zoo_fp16                      patchzoo, eager (generate: dynamic cache, like the stock rows)
  zoo_fp16_compiled             patchzoo; encoder: torch.compile(fullgraph=True, mode="reduce-overhead");
                                generate: static cache, decoder step auto-compiled with
                                CompileConfig(fullgraph=True, mode="reduce-overhead"); the encoder
                                inside generate runs eager. Compile time is excluded (warm-up).
  zoo_fp16_autocast (train)     patchzoo, autocast(float16) + GradScaler on float32 weights
  zoo_fp16_weights (train)      patchzoo, float16 weights, float32 master weights (FP32MasterWeights) + GradScaler
  floor                         max(bytes / measured HBM bandwidth, FLOPs / measured bf16 matmul peak)
Encoder rows are timed with triton's do_bench (median); generate rows with CUDA events (median of 5
after one warm-up); train rows: median CUDA-event time of the steps after the first 3, peak memory
allocated, loss at the last step, steps GradScaler (init_scale 2^10) skipped (inf/NaN gradients), and the largest
distance of the loss curve from stock_fp32's (relative to its first loss). Each zoo provider's output
is checked against stock float32 before it is timed.
"""

from __future__ import annotations

import argparse
import copy
import csv
import math
import time

import torch
import transformers
from transformers.generation.configuration_utils import CompileConfig

import patchzoo
from benchmarks.common import OUT_DIR, Report, time_events_ms
from patchzoo.patches.fp16 import FP32MasterWeights

MODELS = {
    "base": dict(d_model=768, d_kv=64, d_ff=2048, num_layers=12, num_decoder_layers=12, num_heads=12),
    "xl": dict(d_model=2048, d_kv=64, d_ff=5120, num_layers=24, num_decoder_layers=24, num_heads=32),
}
FLAN = dict(vocab_size=32128, feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0,
            pad_token_id=0, eos_token_id=1, decoder_start_token_id=0)
ENCODER_SEQ, SOURCE_SEQ, NEW_TOKENS = 512, 128, 32
PROVIDERS = ("stock_fp32", "stock_bf16", "stock_fp16", "zoo_fp16", "zoo_fp16_compiled")
DEVICE = "cuda"


def build_models(name: str) -> dict:
    """Provider -> model on the GPU, all from one float32 master (built on the GPU, seeded)."""
    config = transformers.T5Config(**MODELS[name], **FLAN)
    torch.manual_seed(0)
    with torch.device(DEVICE):
        master = transformers.T5ForConditionalGeneration(config).eval()
    models = {"stock_fp32": master, "stock_bf16": copy.deepcopy(master).to(torch.bfloat16)}
    stock_fp16 = copy.deepcopy(master).half()
    for module_name, module in stock_fp16.named_modules():  # what from_pretrained(dtype=float16) does
        if module_name.rsplit(".", 1)[-1] in stock_fp16._keep_in_fp32_modules:
            module.float()
    models["stock_fp16"] = stock_fp16
    zoo = patchzoo.patch(copy.deepcopy(master)).half()
    models["zoo_fp16"] = models["zoo_fp16_compiled"] = zoo
    return models


def linear_params(stack) -> int:
    return sum(m.weight.numel() for m in stack.modules() if isinstance(m, torch.nn.Linear))


def encoder_floor(model, batch: int, seq: int) -> tuple[float, float]:
    """(bytes, FLOPs) of the encoder in 16-bit: weights read once; linear layers + QKᵀ and PV."""
    config = model.config
    inner = config.num_heads * config.d_kv
    flops = 2 * linear_params(model.encoder) * batch * seq + 4 * batch * seq * seq * inner * config.num_layers
    bytes_ = 2 * (linear_params(model.encoder) + 2 * batch * seq * config.d_model)
    return bytes_, flops


def generate_floor(model, batch: int) -> tuple[float, float]:
    """Encoder floor + per new token: decoder and lm_head weights read once, their FLOPs for the batch."""
    enc_bytes, enc_flops = encoder_floor(model, batch, SOURCE_SEQ)
    step_params = linear_params(model.decoder) + model.lm_head.weight.numel()
    return enc_bytes + NEW_TOKENS * 2 * step_params, enc_flops + NEW_TOKENS * 2 * step_params * batch


def relative_error(out: torch.Tensor, reference: torch.Tensor) -> float:
    out = out.float()
    if not torch.isfinite(out).all():
        return float("inf")
    return ((out - reference).abs().max() / reference.abs().max()).item()


def bench_encoder(report: Report, name: str, models: dict, batch: int, deadline: float) -> None:
    case = {"model": name, "part": "encoder", "batch": batch}
    g = torch.Generator().manual_seed(batch)
    input_ids = torch.randint(4, FLAN["vocab_size"], (batch, ENCODER_SEQ), generator=g).to(DEVICE)
    attention_mask = torch.ones_like(input_ids)
    reference = models["stock_fp32"].encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
    for provider in PROVIDERS:
        if time.monotonic() > deadline:
            print(f"  budget spent: {name} encoder batch {batch} {provider} not measured", flush=True)
            continue
        encoder = models[provider].encoder
        if provider == "zoo_fp16_compiled":
            encoder = torch.compile(encoder, fullgraph=True, mode="reduce-overhead")
        fn = lambda: encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state  # noqa: E731
        error = relative_error(fn().clone(), reference)  # also the compile warm-up
        row = report.time(case, provider, fn)
        print(f"  {name} encoder batch {batch} {provider}: {row.ms:.2f} ms, rel. error vs fp32 {error:.1e}", flush=True)
    report.floor(case, **dict(zip(("bytes", "flops"), encoder_floor(models["stock_fp32"], batch, ENCODER_SEQ))))


def bench_generate(report: Report, name: str, models: dict, batch: int, deadline: float) -> None:
    case = {"model": name, "part": "generate", "batch": batch}
    g = torch.Generator().manual_seed(100 + batch)
    input_ids = torch.randint(4, FLAN["vocab_size"], (batch, SOURCE_SEQ), generator=g).to(DEVICE)
    kwargs = dict(attention_mask=torch.ones_like(input_ids), do_sample=False,
                  max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS)
    reference = models["stock_fp32"].generate(input_ids, **kwargs)
    for provider in PROVIDERS:
        if time.monotonic() > deadline:
            print(f"  budget spent: {name} generate batch {batch} {provider} not measured", flush=True)
            continue
        model, extra = models[provider], {}
        if provider == "zoo_fp16_compiled":
            extra = dict(cache_implementation="static",
                         compile_config=CompileConfig(fullgraph=True, mode="reduce-overhead"))
        fn = lambda: model.generate(input_ids, **kwargs, **extra)  # noqa: E731
        tokens = fn()  # also the compile warm-up
        same = (tokens == reference).float().mean().item()
        ms = time_events_ms(fn, repeats=5)
        report.add(case, provider, ms)
        print(f"  {name} generate batch {batch} {provider}: {ms:.1f} ms, tokens equal to fp32: {same:.0%}", flush=True)
    report.floor(case, **dict(zip(("bytes", "flops"), generate_floor(models["stock_fp32"], batch))))


# Training ------------------------------------------------------------------------------------------

TRAIN_BATCH, TRAIN_SOURCE, TRAIN_TARGET = 32, 512, 128
TRAIN_PROVIDERS = ("stock_fp32", "stock_bf16", "stock_fp16", "zoo_fp16_autocast", "zoo_fp16_weights")
STRESS_PROVIDERS = ("stock_fp32", "stock_fp16", "zoo_fp16_autocast", "zoo_fp16_weights")
STRESS = 64.0  # a power of two: the stressed weights are exact in float16 too


def train_batches(steps: int, vocab: int) -> list[tuple[torch.Tensor, torch.Tensor]]:
    """Seeded copy-task batches on the GPU, the same for every provider: labels = the first source tokens."""
    g = torch.Generator().manual_seed(0)
    batches = []
    for _ in range(steps):
        input_ids = torch.randint(4, vocab, (TRAIN_BATCH, TRAIN_SOURCE), generator=g)
        batches.append((input_ids.to(DEVICE), input_ids[:, :TRAIN_TARGET].contiguous().to(DEVICE)))
    return batches


def train_model(provider: str, state: dict, config) -> tuple[torch.nn.Module, torch.dtype | None]:
    """(model on the GPU in training mode, autocast dtype or None) for a training provider."""
    with torch.device(DEVICE):
        model = transformers.T5ForConditionalGeneration(config)
    model.load_state_dict(state)
    if provider.startswith("zoo"):
        model = patchzoo.patch(model)
    if provider == "zoo_fp16_weights":
        model.half()
    autocast = {"stock_bf16": torch.bfloat16, "stock_fp16": torch.float16, "zoo_fp16_autocast": torch.float16}
    return model.train(), autocast.get(provider)


def run_training(provider: str, state: dict, config, batches) -> dict:
    """Train ``len(batches)`` steps; step times (CUDA events), peak memory, losses, skipped steps."""
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    model, autocast = train_model(provider, state, config)
    master = FP32MasterWeights(model) if provider == "zoo_fp16_weights" else None
    optimizer = torch.optim.AdamW(master.parameters() if master else model.parameters(), lr=1e-4, fused=True)
    # init_scale 2^10, not 2^16: at 2^16 GradScaler skips the first few steps while its scale falls, which
    # would shift the float16 curves right of float32's by those steps; skips are still counted.
    scaler = torch.amp.GradScaler(DEVICE, init_scale=2.0**10, enabled=autocast == torch.float16 or master is not None)
    losses, times, skipped = [], [], 0
    for input_ids, labels in batches:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        with torch.autocast(DEVICE, dtype=autocast or torch.float32, enabled=autocast is not None):
            loss = model(input_ids=input_ids, labels=labels).loss
        scaler.scale(loss).backward()
        if master:
            master.grads_to_master()
        scale = scaler.get_scale() if scaler.is_enabled() else 1.0
        scaler.step(optimizer)
        scaler.update()
        if master:
            master.master_to_model()
        optimizer.zero_grad(set_to_none=True)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
        losses.append(loss.detach().float())
        skipped += scaler.is_enabled() and scaler.get_scale() < scale
    losses = torch.stack(losses).tolist()
    del model, optimizer, master
    timed = sorted(times[3:] or times)
    return dict(ms=timed[len(timed) // 2], peak_gib=torch.cuda.max_memory_allocated() / 2**30, losses=losses, skipped=skipped)


def bench_train(report: Report, name: str, steps: int, stress_steps: int, deadline: float) -> list[dict]:
    """Training-step rows for the plain and the stressed weights; step times also go into ``report``."""
    config = transformers.T5Config(**MODELS[name], **FLAN)
    torch.manual_seed(0)
    with torch.device(DEVICE):
        state = {k: v.clone() for k, v in transformers.T5ForConditionalGeneration(config).state_dict().items()}
    rows = []
    for weights, providers, n in (("plain", TRAIN_PROVIDERS, steps), ("stressed", STRESS_PROVIDERS, stress_steps)):
        if weights == "stressed":
            state = {k: v * STRESS if ".DenseReluDense.wi_" in k else v for k, v in state.items()}
        batches = train_batches(n, config.vocab_size)
        reference = None
        for provider in providers:
            if time.monotonic() > deadline:
                print(f"  budget spent: {name} train {weights} {provider} not measured", flush=True)
                continue
            result = run_training(provider, state, config, batches)
            losses = result["losses"]
            if provider == "stock_fp32":
                reference = losses
            finite = all(math.isfinite(x) for x in losses)
            deviation = (max(abs(a - b) for a, b in zip(losses, reference)) / reference[0]
                         if reference and finite else float("nan"))
            row = dict(model=name, weights=weights, provider=provider, steps=n, ms=result["ms"],
                       peak_gib=result["peak_gib"], first_loss=losses[0], last_loss=losses[-1],
                       nonfinite_losses=sum(not math.isfinite(x) for x in losses), skipped=result["skipped"],
                       curve_deviation=deviation)
            rows.append(row)
            if weights == "plain":
                report.add({"model": name, "part": "train", "batch": TRAIN_BATCH}, provider, result["ms"])
            print(f"  {name} train {weights} {provider}: {result['ms']:.1f} ms/step, {result['peak_gib']:.1f} GiB, "
                  f"loss {losses[0]:.3f} -> {losses[-1]:.3f}, skipped {result['skipped']}, "
                  f"non-finite losses {row['nonfinite_losses']}, curve vs fp32 {deviation:.1e}", flush=True)
    return rows


def print_train_table(rows: list[dict]) -> None:
    """Markdown table on stdout and benchmarks/out/t5_fp16_train.{md,csv}."""
    if not rows:
        return
    cols = ["model", "weights", "provider", "steps", "ms", "peak_gib", "first_loss", "last_loss",
            "nonfinite_losses", "skipped", "curve_deviation"]
    fmt = {"ms": "{:.1f}", "peak_gib": "{:.1f}", "first_loss": "{:.4f}", "last_loss": "{:.4f}", "curve_deviation": "{:.1e}"}
    fp32 = {(r["model"], r["weights"]): r["ms"] for r in rows if r["provider"] == "stock_fp32"}
    lines = ["| " + " | ".join(cols + ["stock_fp32 / provider step time"]) + " |", "|" + "---|" * (len(cols) + 1)]
    for r in rows:
        ref = fp32.get((r["model"], r["weights"]))
        cells = [fmt.get(c, "{}").format(r[c]) for c in cols] + [f"{ref / r['ms']:.2f}x" if ref else "n/a"]
        lines.append("| " + " | ".join(cells) + " |")
    table = "\n".join(lines)
    print(table, flush=True)
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "t5_fp16_train.md").write_text(table + "\n")
    with open(OUT_DIR / "t5_fp16_train.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=cols)
        writer.writeheader()
        writer.writerows(rows)


def print_goals(report: Report) -> None:
    """The issue's goals, as ratios of the measured medians (a missing row prints as n/a)."""

    def ratio(key: tuple, slow: str, fast: str) -> str:
        a, b = report.lookup(key, slow), report.lookup(key, fast)
        return "n/a" if a is None or b is None else f"{a.ms / b.ms:.2f}x"

    for key in report._cases():
        model, part, batch = key
        if part == "encoder":
            for zoo in ("zoo_fp16", "zoo_fp16_compiled"):
                print(f"goal {model} encoder batch {batch} {zoo}: vs stock_fp16 {ratio(key, 'stock_fp16', zoo)} "
                      f"(>= 1.2x), vs stock_fp32 {ratio(key, 'stock_fp32', zoo)} (>= 1.8x)")
        elif part == "train":
            for zoo in ("zoo_fp16_autocast", "zoo_fp16_weights"):
                print(f"goal {model} train batch {batch} {zoo} vs stock_fp32 step time: "
                      f"{ratio(key, 'stock_fp32', zoo)} (>= 1.3x, same loss curve: see the train table)")
        else:
            print(f"goal {model} generate batch {batch} zoo_fp16 eager vs stock_fp16 eager: "
                  f"{ratio(key, 'stock_fp16', 'zoo_fp16')} (>= 1.0x)")
            if batch == 1:
                print(f"goal {model} generate batch 1 zoo_fp16_compiled vs stock_fp16 eager: "
                      f"{ratio(key, 'stock_fp16', 'zoo_fp16_compiled')} (>= 2x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="base", help="comma-separated: base, xl")
    parser.add_argument("--parts", default="encoder,generate", help="comma-separated: encoder, generate, train")
    parser.add_argument("--train-steps", type=int, default=30)
    parser.add_argument("--stress-steps", type=int, default=10)
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--budget-s", type=float, default=1e9, help="skip measurements that start after this")
    args = parser.parse_args()
    deadline = time.monotonic() + args.budget_s
    transformers.utils.logging.set_verbosity_error()
    report = Report("t5_fp16", case_keys=("model", "part", "batch"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    parts = args.parts.split(",")
    train_rows = []
    for name in args.models.split(","):
        if "train" in parts:  # first, and outside inference_mode: it needs the most memory
            train_rows += bench_train(report, name, args.train_steps, args.stress_steps, deadline)
            torch.cuda.empty_cache()
        with torch.inference_mode():
            models = build_models(name)
            for part in (p for p in parts if p != "train"):
                for batch in (int(b) for b in args.batches.split(",")):
                    {"encoder": bench_encoder, "generate": bench_generate}[part](report, name, models, batch, deadline)
            del models
            torch.cuda.empty_cache()
    report.finish(baseline="stock_fp16")
    print_train_table(train_rows)
    print_goals(report)


if __name__ == "__main__":
    main()
