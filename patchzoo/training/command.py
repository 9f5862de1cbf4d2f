"""`patchzoo train`: FSDP2 causal-LM training with tokens/s and MFU; launch under torchrun for several GPUs."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from patchzoo.cli import DTYPES
from patchzoo.errors import UsageError, checkpoint_dir_or_hub_id, existing_file

# Any of these in a checkpoint directory means AutoTokenizer can load a tokenizer from it.
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model", "vocab.json")


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "train",
        help="train a causal LM with FSDP2 per block, activation checkpointing and compile; reports MFU",
        description=(
            "Train (or continue training) a Hugging Face causal LM with patchzoo.patches.fsdp.parallelize: FSDP2 per "
            "decoder block, activation checkpointing every n blocks, torch.compile per block, bf16 compute. Prints "
            "loss, global tokens/s and MFU (PaLM FLOPs formula over the GPU's dense bf16 peak) as it goes. Saves "
            "distributed checkpoints (DCP) that `patchzoo convert` turns into HF checkpoints; a checkpoint gets its "
            "name step-NNNNNNN only once complete, so after a crash or kill --resume continues exactly (same "
            "learning rate, optimizer state, data and random draws) from the newest complete one. Several GPUs: "
            "`torchrun --nproc-per-node N -m patchzoo.cli train ...`."
        ),
    )
    p.add_argument("--model", required=True,
                   help="HF checkpoint directory or Hub id (a config directory with --from-config)")
    p.add_argument("--from-config", action="store_true", help="random initialisation from config.json, no weights")
    p.add_argument("--data", help="UTF-8 text file, tokenized with the model's tokenizer; omitted: random tokens")
    p.add_argument("--seq-len", type=int, default=2048, help="tokens per sequence")
    p.add_argument("--batch-size", type=int, default=1, help="sequences per GPU per micro-batch")
    p.add_argument("--grad-accum", type=int, default=1,
                   help="micro-batches per optimizer step (a step trains on batch-size x grad-accum sequences per GPU)")
    p.add_argument("--steps", type=int, default=100, help="total steps (a resumed run continues up to this)")
    p.add_argument("--lr", type=float, default=3e-4, help="peak learning rate (AdamW, betas 0.9/0.95, wd 0.1)")
    p.add_argument("--warmup-steps", type=int, default=10, help="linear warm-up steps, then constant")
    p.add_argument("--log-every", type=int, default=10, help="print (and append to --json) every n steps")
    p.add_argument("--ac-every", type=int, default=1, help="checkpoint activations of every n-th block; 0: off")
    p.add_argument("--ac-policy", choices=("full", "save_matmuls"), default="full",
                   help="full: recompute whole blocks; save_matmuls: keep matmul and attention outputs")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile of the blocks")
    p.add_argument("--param-dtype", default="bfloat16", choices=sorted(DTYPES), help="compute dtype (FSDP casts to it)")
    p.add_argument("--master-dtype", default="float32", choices=sorted(DTYPES),
                   help="dtype of the weights the optimizer updates; bfloat16 halves optimizer memory, as a stock "
                        "bf16 loop")
    p.add_argument("--ckpt-dir", help="directory for checkpoints step-NNNNNNN (none: no checkpoints)")
    p.add_argument("--ckpt-every", type=int, default=0, help="save every n steps (0: only at the end)")
    p.add_argument("--resume", action="store_true",
                   help="continue from the newest complete checkpoint in --ckpt-dir (start fresh if none)")
    p.add_argument("--peak-tflops", type=float, help="GPU peak for MFU (none: from the GPU name)")
    p.add_argument("--seed", type=int, default=0, help="seed of the initialisation, random tokens and dropout")
    p.add_argument("--json", metavar="FILE", help="append each log step to FILE as one JSON line (rank 0)")
    p.set_defaults(func=run)


def check_args(args) -> None:
    """Bad input gets one line before torch loads (patchzoo.errors.UsageError)."""
    args.model = checkpoint_dir_or_hub_id(args.model)
    if args.data is not None:
        args.data = str(existing_file(args.data, what="--data"))
        if Path(args.model).is_dir() and not any((Path(args.model) / name).is_file() for name in TOKENIZER_FILES):
            raise UsageError(f"--data needs the model's tokenizer, and {args.model} holds none; save the tokenizer "
                             "there or omit --data for random tokens")
    for name in ("seq_len", "batch_size", "grad_accum", "steps", "log_every"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} {getattr(args, name)}: must be at least 1")
    for name in ("warmup_steps", "ac_every", "ckpt_every"):
        if getattr(args, name) < 0:
            raise UsageError(f"--{name.replace('_', '-')} {getattr(args, name)}: must be 0 or more")
    if args.lr <= 0:
        raise UsageError(f"--lr {args.lr}: must be positive")
    if args.resume and not args.ckpt_dir:
        raise UsageError("--resume needs --ckpt-dir (the directory the run saved its checkpoints to)")
    if args.ckpt_dir and Path(args.ckpt_dir).exists() and not Path(args.ckpt_dir).is_dir():
        raise UsageError(f"--ckpt-dir {args.ckpt_dir}: exists and is not a directory")
    if args.json and Path(args.json).is_dir():
        raise UsageError(f"--json {args.json}: is a directory; name a file")


class LogWriter:
    """Each log step printed and flushed at once, and appended to the JSON Lines file: a crash keeps the history."""

    def __init__(self, json_path: str | None):
        self.json_path = json_path
        if json_path:
            Path(json_path).parent.mkdir(parents=True, exist_ok=True)

    def __call__(self, log) -> None:
        mfu = "n/a" if log.mfu is None else f"{log.mfu:.1%}"
        print(f"step {log.step:6d}  loss {log.loss:.4f}  lr {log.lr:.3g}  tokens/s {log.tokens_per_s:,.0f}  MFU {mfu}",
              flush=True)
        if self.json_path:
            with open(self.json_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(log)) + "\n")
                f.flush()
                os.fsync(f.fileno())


def run(args) -> int:
    check_args(args)
    import torch
    import torch.distributed as dist

    from patchzoo.patches.fsdp import ParallelConfig
    from patchzoo.training.checkpoint import latest_checkpoint
    from patchzoo.training.trainer import DataTooShortError, TrainConfig, train

    config = TrainConfig(
        model=args.model, data=args.data, from_config=args.from_config, seq_len=args.seq_len,
        batch_size=args.batch_size, grad_accum=args.grad_accum, steps=args.steps, lr=args.lr,
        warmup_steps=args.warmup_steps,
        log_every=args.log_every, ckpt_dir=args.ckpt_dir, ckpt_every=args.ckpt_every, resume=args.resume,
        seed=args.seed, peak_tflops=args.peak_tflops, master_dtype=getattr(torch, DTYPES[args.master_dtype]),
        parallel=ParallelConfig(ac_every=args.ac_every, ac_policy=args.ac_policy, compile=not args.no_compile,
                                param_dtype=getattr(torch, DTYPES[args.param_dtype])),
    )
    if args.resume:
        last = latest_checkpoint(args.ckpt_dir)
        print(f"resuming from {last}" if last else f"no complete checkpoint in {args.ckpt_dir}; starting at step 0",
              file=sys.stderr, flush=True)
    try:
        train(config, on_log=LogWriter(args.json))
    except DataTooShortError as error:
        raise UsageError(f"--data {error}; give more text or a smaller --seq-len") from error
    finally:
        if dist.is_initialized():
            dist.destroy_process_group()
    return 0
