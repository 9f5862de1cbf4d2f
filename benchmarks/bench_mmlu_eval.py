"""Time per 1,000 MMLU questions, stock vs zoo, on checkpoints built here (random weights, no download).

    synthetic MMLU subjects (original CSV layout, 5 dev + N test each) --> 5-shot prompts (lm-eval's mmlu format)
    checkpoint (mid-size random Llama, its GPTQ twin, FLAN-T5-base shape) --> stock class, then zoo class
    --> seconds per 1,000 questions for each side + the paired report (flips, max |Δ log-likelihood|)

The GPU machine has no lm-eval, so the questions are scored by patchzoo.evals.mmlu_scorer, which makes lm-eval's
requests and computes them as lm-eval's HFLM does (tests/test_mmlu_local.py checks it equal to lm-eval per
question on CPU); `patchzoo eval` adds lm-eval's own bookkeeping on top. Random weights make the accuracies
meaningless (about 25 %); the times, the flips and the log-likelihood gaps are the measurement.

    python -m benchmarks.bench_mmlu_eval                   # llama fp16, llama GPTQ, t5 fp16-vs-fp32; 1,000 questions
    python -m benchmarks.bench_mmlu_eval --size tiny --device cpu --questions 20     # smoke test
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import tempfile
import time
from pathlib import Path

import torch
import transformers

from patchzoo.tiny.build import _TOKENIZER_CORPUS, tiny_model, tiny_tokenizer

OUT = Path(__file__).resolve().parent / "out"
SUBJECTS = ("anatomy", "college_physics", "high_school_us_history", "machine_learning", "virology")
# TinyLlama-1.1B and FLAN-T5-base shapes, real vocabulary sizes (the tokenizer uses the first 512 ids)
MID_CONFIGS = {
    "llama": lambda: transformers.LlamaConfig(
        vocab_size=32000, hidden_size=2048, intermediate_size=5632, num_hidden_layers=22, num_attention_heads=32,
        num_key_value_heads=4, max_position_embeddings=2048, pad_token_id=0, bos_token_id=1, eos_token_id=2,
        architectures=["LlamaForCausalLM"]),
    "t5": lambda: transformers.T5Config(
        vocab_size=32128, d_model=768, d_kv=64, d_ff=2048, num_layers=12, num_decoder_layers=12, num_heads=12,
        feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0,
        eos_token_id=1, decoder_start_token_id=0, architectures=["T5ForConditionalGeneration"]),
}
# variant -> (architecture, zoo dtype, stock dtype, GPTQ?)
VARIANTS = {
    "llama_fp16": ("llama", torch.float16, torch.float16, False),
    "llama_gptq": ("llama", torch.float16, torch.float16, True),
    "t5_fp16_vs_fp32": ("t5", torch.float16, torch.float32, False),
}


def synthetic_questions(per_subject: int, seed: int = 0) -> list[tuple[str, list[dict], dict]]:
    """(subject, 5 dev rows, test row) with sentences from the tokenizer's corpus, so the tiny BPE tokenizes them
    into about as many tokens as a real tokenizer gives real MMLU text."""
    words = " ".join(_TOKENIZER_CORPUS[:-1]).replace(".", "").replace(":", "").replace("?", "").split()
    rng = random.Random(seed)

    def row():
        question = " ".join(rng.choice(words) for _ in range(rng.randint(12, 60))) + "?"
        choices = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))) for _ in range(4)]
        return {"question": question, "choices": choices, "answer": rng.randrange(4)}

    questions = []
    for subject in SUBJECTS:
        dev = [row() for _ in range(5)]
        questions += [(subject, dev, row()) for _ in range(per_subject)]
    return questions


def build_checkpoint(arch: str, size: str, gptq: bool, directory: Path) -> Path:
    if size == "tiny":
        model = tiny_model(arch)
    else:
        torch.manual_seed(0)
        with torch.device("cuda" if torch.cuda.is_available() else "cpu"):
            model = getattr(transformers, MID_CONFIGS[arch]().architectures[0])(MID_CONFIGS[arch]())
        # Llama ships in half precision (2.2 GB to write, not 4.4); FLAN-T5 in float32, its stock dtype here
        model = (model.half() if arch == "llama" else model).eval()
    if gptq:
        from patchzoo.tiny.build import write_rounded_gptq_checkpoint

        write_rounded_gptq_checkpoint(model, directory, 4, 32 if size == "tiny" else 128, act_order=True)
    else:
        model.save_pretrained(directory)
    tiny_tokenizer().save_pretrained(directory)
    del model
    return directory


def load(side: str, checkpoint: Path, dtype: torch.dtype, device: str):
    from patchzoo.conversion.gptq_twin import dequantized_twin
    from patchzoo.evals.lm_eval_harness import model_classes
    from patchzoo.patches.gptq_linear import is_gptq_config

    config = transformers.AutoConfig.from_pretrained(checkpoint)
    stock_cls, zoo_cls = model_classes(config)
    if side == "stock" and is_gptq_config(config):
        return dequantized_twin(stock_cls, checkpoint, dtype).to(device).eval()
    cls = stock_cls if side == "stock" else zoo_cls
    return cls.from_pretrained(checkpoint, dtype=dtype).to(device).eval()


def run_side(side, checkpoint, dtype, device, questions, batch_size):
    from patchzoo.evals.mmlu_scorer import score

    model = load(side, checkpoint, dtype, device)
    tokenizer = transformers.AutoTokenizer.from_pretrained(checkpoint)
    score(model, tokenizer, questions[:batch_size], batch_size=batch_size)  # warm-up: kernels compiled, memory pooled
    if device.startswith("cuda"):
        torch.cuda.synchronize()
    start = time.perf_counter()
    samples = score(model, tokenizer, questions, batch_size=batch_size)
    if device.startswith("cuda"):
        torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    name = f"{type(model).__module__}.{type(model).__name__}"
    del model
    gc.collect()
    if device.startswith("cuda"):
        torch.cuda.empty_cache()
    return samples, seconds, name


def main() -> None:
    from patchzoo.evals.mmlu_scorer import mmlu_prompt
    from patchzoo.evals.paired_report import format_report, paired_report

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"comma-separated, of {', '.join(VARIANTS)}")
    parser.add_argument("--size", choices=["mid", "tiny"], default="mid")
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()

    questions = synthetic_questions(-(-args.questions // len(SUBJECTS)))[: args.questions]
    tokens = sum(len(tiny_tokenizer().encode(mmlu_prompt(s, d, r, 5))) for s, d, r in questions) / len(questions)
    gpu = torch.cuda.get_device_name() if args.device.startswith("cuda") else "cpu"
    print(f"{gpu}; torch {torch.__version__}, transformers {transformers.__version__}; {len(questions)} questions, "
          f"5-shot, mean prompt {tokens:.0f} tokens, batch {args.batch_size}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-mmlu-") as tmp:
        for variant in args.variants.split(","):
            arch, dtype, stock_dtype, gptq = VARIANTS[variant]
            checkpoint = build_checkpoint(arch, args.size, gptq, Path(tmp) / variant)
            stock, stock_s, stock_name = run_side("stock", checkpoint, stock_dtype, args.device, questions,
                                                  args.batch_size)
            zoo, zoo_s, zoo_name = run_side("zoo", checkpoint, dtype, args.device, questions, args.batch_size)
            keys = [(s, i) for i, (s, _, _) in enumerate(questions)]
            report = paired_report(dict(zip(keys, stock)), dict(zip(keys, zoo)))
            print(f"\n## {variant} ({args.size}): stock {stock_name} {stock_dtype}, zoo {zoo_name} {dtype}")
            print(format_report(report))
            per_k = 1000 / len(questions)
            rows.append({"variant": variant, "stock_s_per_1000": stock_s * per_k, "zoo_s_per_1000": zoo_s * per_k,
                         "stock_over_zoo": stock_s / zoo_s,
                         "flips": report.overall.zoo_gains + report.overall.zoo_losses,
                         "diff": report.overall.diff, "ci": [report.ci_low, report.ci_high],
                         "max_loglik_diff": report.max_loglikelihood_diff})
    print(f"\n| variant ({args.size}, {gpu}) | stock s / 1,000 q | zoo s / 1,000 q | stock/zoo | flips | "
          "zoo-stock acc (95 % CI) | max abs Δ log-lik |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['variant']} | {r['stock_s_per_1000']:.1f} | {r['zoo_s_per_1000']:.1f} | {r['stock_over_zoo']:.2f}x"
              f" | {r['flips']} | {r['diff']:+.4f} [{r['ci'][0]:+.4f}, {r['ci'][1]:+.4f}]"
              f" | {r['max_loglik_diff']:.3g} |")
    OUT.mkdir(exist_ok=True)
    (OUT / f"mmlu_eval_{args.size}.json").write_text(json.dumps({"gpu": gpu, "prompt_tokens": tokens, "rows": rows},
                                                                indent=2) + "\n")


if __name__ == "__main__":
    main()
