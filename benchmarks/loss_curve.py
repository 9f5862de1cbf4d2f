"""A training option against `patchzoo train`'s reference on a small Llama that really learns: both loss curves.

    PYTHONPATH=. python3 -m benchmarks.loss_curve --variant float8 --steps 300
    torchrun --standalone --nproc-per-node 2 -m benchmarks.loss_curve --variant bf16-reduce --steps 300

Variants (the reference run differs from the variant run in that one setting):
  float8       the blocks' linear layers in float8 against bf16
  bf16-reduce  the FSDP2 gradient reduce-scatter in bf16 against fp32 (several GPUs; fp32 master weights)

The corpus is the docstrings of Python's standard library (patchzoo/tiny/trained_llama.py: offline, ~1.4 MB), a
byte-level BPE tokenizer trained on it, and a Llama of --hidden/--layers built from its config (random init, seed 0).
Both runs see the same batches in the same order (TokenStream is a pure function of the step) with the same
initialisation, so the loss gap at each logged step is the variant's doing alone (and the GPU kernels' own run-to-run
spread). Under float8 every linear layer of the blocks runs in float8 (PATCHZOO_FLOAT8_MIN_WEIGHTS=0), including
those `--fp8` keeps in bf16 for speed. Prints a table of the logged steps and the largest relative gap after the
warm-up (rank 0); exit status 1 when it exceeds --tolerance.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import torch

from patchzoo.patches.fsdp import ParallelConfig
from patchzoo.tiny.trained_llama import corpus_documents, split_corpus, train_tokenizer
from patchzoo.training.trainer import TrainConfig, train


def write_run_dir(directory: Path, args) -> Path:
    """A config directory with a tokenizer, and the training text beside it."""
    import transformers

    text = split_corpus(corpus_documents("stdlib")).train
    tokenizer = train_tokenizer(text, args.vocab)
    tokenizer.save_pretrained(directory)
    transformers.LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=args.hidden, intermediate_size=args.intermediate,
        num_hidden_layers=args.layers, num_attention_heads=args.hidden // 64, num_key_value_heads=args.hidden // 256,
        max_position_embeddings=args.seq_len, tie_word_embeddings=True, pad_token_id=0, bos_token_id=1,
        eos_token_id=2, architectures=["LlamaForCausalLM"],
    ).save_pretrained(directory)
    (directory / "train.txt").write_text(text, encoding="utf-8")
    return directory


# --variant -> (column names, the reference's ParallelConfig, the variant's); masters: fp32 for bf16-reduce (the
# several-GPU default, where the reduce-scatter dtype matters), default_master_dtype otherwise
VARIANTS = {
    "float8": (("bf16", "float8"), ParallelConfig(), ParallelConfig(float8=True)),
    "bf16-reduce": (("fp32 reduce", "bf16 reduce"), ParallelConfig(reduce_dtype=torch.float32),
                    ParallelConfig(reduce_dtype=torch.bfloat16)),
}


def run(directory: Path, args, parallel: ParallelConfig) -> tuple[list, float]:
    master = torch.float32 if args.variant == "bf16-reduce" else None
    config = TrainConfig(model=str(directory), data=str(directory / "train.txt"), from_config=True,
                         seq_len=args.seq_len, batch_size=args.batch_size, steps=args.steps, lr=args.lr,
                         warmup_steps=args.warmup, log_every=args.log_every, master_dtype=master, seed=0,
                         parallel=parallel)
    start = time.perf_counter()
    logs = train(config)
    return logs, time.perf_counter() - start


def main() -> int:
    # Every linear layer in float8, also those below the size where it pays for speed: the strictest numerics check.
    os.environ["PATCHZOO_FLOAT8_MIN_WEIGHTS"] = "0"
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="float8")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--hidden", type=int, default=1024)
    parser.add_argument("--intermediate", type=int, default=2816)
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--vocab", type=int, default=8192)
    parser.add_argument("--seq-len", type=int, default=512)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--tolerance", type=float, default=0.02, help="largest relative loss gap allowed after warm-up")
    parser.add_argument("--out", help="JSON lines of the logged steps (default benchmarks/out/<variant>_curve.jsonl)")
    args = parser.parse_args()
    args.out = args.out or f"benchmarks/out/{args.variant}_curve.jsonl"

    (name_a, name_b), reference, variant = VARIANTS[args.variant]
    # every rank writes the same run directory (the tokenizer is deterministic); rank 0 reports
    with tempfile.TemporaryDirectory() as tmp:
        directory = write_run_dir(Path(tmp), args)
        logs_a, seconds_a = run(directory, args, reference)
        logs_b, seconds_b = run(directory, args, variant)
    if int(os.environ.get("RANK", "0")) != 0:
        return 0
    gaps = [(a.step, a.loss, b.loss, abs(b.loss - a.loss) / a.loss) for a, b in zip(logs_a, logs_b)]
    after_warmup = [g for g in gaps if g[0] > args.warmup]
    worst = max(after_warmup, key=lambda g: g[3])
    last = gaps[-1]
    gpus = int(os.environ.get("WORLD_SIZE", "1"))
    print(f"{torch.cuda.get_device_name() if torch.cuda.is_available() else 'cpu'} x {gpus}; {args.layers} layers, "
          f"hidden {args.hidden}, seq {args.seq_len} x batch {args.batch_size} per GPU, {args.steps} steps, "
          f"lr {args.lr}")
    print(f"| step | {name_a} loss | {name_b} loss | relative gap |\n|---|---|---|---|")
    for step, a, b, gap in gaps:
        print(f"| {step} | {a:.4f} | {b:.4f} | {gap:.2%} |")
    print(f"\nlargest gap after warm-up: {worst[3]:.2%} at step {worst[0]}; last step {last[1]:.4f} vs {last[2]:.4f}; "
          f"wall {name_a} {seconds_a:.0f} s, {name_b} {seconds_b:.0f} s (including compile)")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w") as f:
        for step, a, b, gap in gaps:
            f.write(json.dumps({"step": step, name_a: a, name_b: b, "gap": gap}) + "\n")
    return 0 if worst[3] <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
