"""FLAN-T5 in float16: is the fp16-safe zoo also fast?

    python -m benchmarks.bench_t5_fp16                                  # base: encoder + generate
    python -m benchmarks.bench_t5_fp16 --models xl --parts encoder      # xl encoder only
    python -m benchmarks.bench_t5_fp16 --budget-s 300                   # skip what would run past 300 s

Cases: flan-t5-base and flan-t5-xl shapes (random weights at transformers' T5 init; timing does not
depend on the values), batch 1 and 32:
  encoder   T5 encoder forward on 512 tokens per row (no padding), inference_mode
  generate  greedy generate(): 128 source tokens, exactly 32 new tokens (min_new_tokens = max_new_tokens)
Providers, one process, same weights:
  stock_fp32, stock_bf16        transformers, the model cast to that dtype
  stock_fp16                    transformers' default float16 loading: wo kept in float32 (_keep_in_fp32_modules)
  zoo_fp16                      patchzoo, eager (generate: dynamic cache, like the stock rows)
  zoo_fp16_compiled             patchzoo; encoder: torch.compile(fullgraph=True, mode="reduce-overhead");
                                generate: static cache, decoder step auto-compiled with
                                CompileConfig(fullgraph=True, mode="reduce-overhead"); the encoder
                                inside generate runs eager. Compile time is excluded (warm-up).
  floor                         max(bytes / measured HBM bandwidth, FLOPs / measured bf16 matmul peak)
Encoder rows are timed with triton's do_bench (median); generate rows with CUDA events (median of 3
after one warm-up). Each zoo provider's output is checked against stock float32 before it is timed.
"""

from __future__ import annotations

import argparse
import copy
import time

import torch
import transformers
from transformers.generation.configuration_utils import CompileConfig

import patchzoo
from benchmarks.common import Report, time_events_ms

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
        ms = time_events_ms(fn)
        report.add(case, provider, ms)
        print(f"  {name} generate batch {batch} {provider}: {ms:.1f} ms, tokens equal to fp32: {same:.0%}", flush=True)
    report.floor(case, **dict(zip(("bytes", "flops"), generate_floor(models["stock_fp32"], batch))))


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
        elif batch == 1:
            print(f"goal {model} generate batch 1 zoo_fp16_compiled vs stock_fp16 eager: "
                  f"{ratio(key, 'stock_fp16', 'zoo_fp16_compiled')} (>= 2x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="base", help="comma-separated: base, xl")
    parser.add_argument("--parts", default="encoder,generate", help="comma-separated: encoder, generate")
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--budget-s", type=float, default=1e9, help="skip measurements that start after this")
    args = parser.parse_args()
    deadline = time.monotonic() + args.budget_s
    transformers.utils.logging.set_verbosity_error()
    report = Report("t5_fp16", case_keys=("model", "part", "batch"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    with torch.inference_mode():
        for name in args.models.split(","):
            models = build_models(name)
            for part in args.parts.split(","):
                for batch in (int(b) for b in args.batches.split(",")):
                    {"encoder": bench_encoder, "generate": bench_generate}[part](report, name, models, batch, deadline)
            del models
            torch.cuda.empty_cache()
    report.finish(baseline="stock_fp16")
    print_goals(report)


if __name__ == "__main__":
    main()
