"""`patchzoo train`: FSDP2 causal-LM training with tokens/s and MFU; launch under torchrun for several GPUs."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from patchzoo.commands.checkpoint_paths import checked_checkpoint
from patchzoo.commands.checks import (
    UsageError, at_least, dcp_checkpoint, is_causal_lm, is_gptq, max_positions, output_file, positive,
    require_tokenizer, text_file,
)
from patchzoo.commands.options import DTYPES, torch_dtype


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
            "`torchrun --nproc-per-node N -m patchzoo.cli train ...`. A loss or gradient norm that turns inf/NaN "
            "stops the run (nothing from those steps is saved). Exit status: 0 done, 1 the loss diverged, 2 bad input, "
            "130 interrupted (nothing half-saved; --resume continues from the newest complete checkpoint)."
        ),
    )
    p.add_argument("--model", required=True,
                   help="HF checkpoint directory or Hub id (a config directory with --from-config)")
    p.add_argument("--from-config", action="store_true", help="random initialisation from config.json, no weights")
    p.add_argument("--data", help="UTF-8 text file, tokenized with the model's tokenizer; omitted: random tokens")
    p.add_argument("--seq-len", type=int, default=2048,
                   help="tokens per sequence; at most the model's max_position_embeddings")
    p.add_argument("--allow-long-seq", action="store_true",
                   help="allow --seq-len beyond the model's max_position_embeddings (rotary models extrapolate; "
                        "said once in the log)")
    p.add_argument("--batch-size", type=int, default=1, help="sequences per GPU per micro-batch")
    p.add_argument("--grad-accum", type=int, default=1,
                   help="micro-batches per optimizer step (a step trains on batch-size x grad-accum sequences per GPU)")
    p.add_argument("--steps", type=int, default=100, help="total steps (a resumed run continues up to this)")
    p.add_argument("--lr", type=float, default=3e-4, help="peak learning rate (AdamW, betas 0.9/0.95, wd 0.1)")
    p.add_argument("--warmup-steps", type=int, default=10, help="linear warm-up steps, then constant")
    p.add_argument("--log-every", type=int, default=10, help="print (and append to --json) every n steps")
    p.add_argument("--ac-every", type=int, default=0,
                   help="checkpoint activations of every n-th block; 0: off, the fastest where a step fits (measured, "
                        "benchmarks/RESULTS.md); 1 or 2 when a step runs out of memory")
    p.add_argument("--ac-policy", choices=("full", "save_matmuls"), default="full",
                   help="full: recompute whole blocks; save_matmuls: keep matmul and attention outputs")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile of the blocks")
    p.add_argument("--reshard-after-forward", choices=sorted(RESHARD_AFTER_FORWARD), default="auto",
                   help="several GPUs: free each block's gathered weights after its forward (yes: least memory) or "
                        "keep them until its backward (no: one all-gather less per block); auto: no when the "
                        "gathered blocks take at most 1/8 of the GPU's memory (Llama-8B on an H200), else yes")
    p.add_argument("--fp8", action="store_true",
                   help="train the decoder blocks' linear layers in float8 (torchao, `pip install torchao`; GPUs of "
                        "compute capability 8.9+: Ada, Hopper), all-gathered in float8 under FSDP2. Results are not "
                        "bf16's: on a small Llama over 300 steps, every linear in float8, the loss stayed within "
                        f"{FP8_LOSS_TOLERANCE * 100:.0f}%% of bf16's (largest gap measured 1.45%%; benchmarks/RESULTS.md). "
                        "Only layers large enough for float8 to pay convert (e.g. Llama-8B's MLP, not its attention); measured "
                        "gain so far: 1.02x tokens/s at the 8B shape on 2 H200s")
    p.add_argument("--param-dtype", default="bfloat16", choices=sorted(TRAIN_DTYPES),
                   help="compute dtype (FSDP casts to it); float16 is not offered: the loop has no loss scaling")
    p.add_argument("--master-dtype", default=None, choices=sorted(TRAIN_DTYPES),
                   help="dtype of the weights the optimizer updates; default: bfloat16 on one GPU (as a stock bf16 loop: "
                        "the fastest measured there), float32 on several (FSDP2 keeps 1/N of them per GPU); float16 is "
                        "not offered: without loss scaling its updates underflow and overflow")
    p.add_argument("--ckpt-dir", help="directory for checkpoints step-NNNNNNN (none: no checkpoints)")
    p.add_argument("--ckpt-every", type=int, default=0, help="save every n steps (0: only at the end)")
    p.add_argument("--resume", action="store_true",
                   help="continue from the newest complete checkpoint in --ckpt-dir (start fresh if none)")
    p.add_argument("--peak-tflops", type=float, help="GPU peak (dense bf16 TFLOP/s, > 0) for MFU (none: from the GPU name)")
    p.add_argument("--seed", type=int, default=0, help="seed of the initialisation, random tokens and dropout")
    p.add_argument("--json", metavar="FILE", help="append each log step to FILE as one JSON line (rank 0)")
    p.set_defaults(func=run)


# Largest relative gap between float8's and bf16's loss measured over 300 steps of a small Llama that learns
# (benchmarks/loss_curve.py --variant float8, benchmarks/RESULTS.md), rounded up: what --help promises.
FP8_LOSS_TOLERANCE = 0.02

# --param-dtype / --master-dtype: DTYPES without float16, which would need loss scaling the loop does not do.
TRAIN_DTYPES = {name: dtype for name, dtype in DTYPES.items() if dtype != "float16"}

# --reshard-after-forward -> ParallelConfig.reshard_after_forward; "auto"'s 1/8 in --help is
# patchzoo.patches.fsdp.KEEP_GATHERED_MAX_MEMORY_SHARE (not imported here: --help loads no torch)
RESHARD_AFTER_FORWARD = {"auto": None, "yes": True, "no": False}


def check_args(args) -> None:
    """Bad input gets one line before torch loads (patchzoo.commands.checks.UsageError)."""
    for name in ("seq_len", "batch_size", "grad_accum", "steps", "log_every"):
        at_least(getattr(args, name), 1, f"--{name.replace('_', '-')}")
    for name in ("warmup_steps", "ac_every", "ckpt_every"):
        at_least(getattr(args, name), 0, f"--{name.replace('_', '-')}")
    positive(args.lr, "--lr")
    if args.fp8 and importlib.util.find_spec("torchao") is None:
        raise UsageError("--fp8: needs torchao, which is not installed: pip install torchao")
    if args.peak_tflops is not None:
        positive(args.peak_tflops, "--peak-tflops")
    args.model, config = checked_checkpoint(args.model, weights=not args.from_config)
    if not is_causal_lm(config):
        kind = ", ".join(config.get("architectures") or []) or f"model_type={config['model_type']}"
        raise UsageError(f"--model {args.model}: is a {kind}; patchzoo train trains causal language models "
                         "(*ForCausalLM), use HF Trainer for other heads")
    if is_gptq(config):
        raise UsageError(f"--model {args.model}: is a GPTQ checkpoint, whose packed int weights cannot train; train "
                         "the float checkpoint (or add LoRA adapters with PEFT)")
    if args.data is not None:
        args.data = str(text_file(args.data, what="--data"))
        require_tokenizer(args.model, what="--model", why="--data needs to tokenize its text (omit --data for random "
                                                           "tokens)")
    positions = max_positions(config)
    if positions is not None and args.seq_len > positions and not args.allow_long_seq:
        raise UsageError(f"--seq-len {args.seq_len}: longer than the model's max_position_embeddings={positions}; "
                         "lower it, or pass --allow-long-seq")
    if args.resume and not args.ckpt_dir:
        raise UsageError("--resume needs --ckpt-dir (the directory the run saved its checkpoints to)")
    if args.ckpt_dir and Path(args.ckpt_dir).exists() and not Path(args.ckpt_dir).is_dir():
        raise UsageError(f"--ckpt-dir {args.ckpt_dir}: exists and is not a directory")
    if args.json:
        output_file(args.json, what="--json", inputs=(args.data,))


def check_resume(args, model_config) -> None:
    """--resume: the newest checkpoint is readable, complete, and holds this model's tensors at this model's shapes."""
    import torch
    import transformers

    from patchzoo.training.checkpoint import latest_checkpoint

    last = latest_checkpoint(args.ckpt_dir)
    if last is None:
        return
    metadata = dcp_checkpoint(last, what="--resume from")
    saved = {key[len("model."):]: tuple(meta.size) for key, meta in metadata.state_dict_metadata.items()
             if key.startswith("model.") and hasattr(meta, "size")}
    with torch.device("meta"):  # shapes only, no memory
        model = transformers.AutoModelForCausalLM.from_config(model_config)
    wanted = {name: tuple(param.shape) for name, param in model.named_parameters()}  # tied weights named once
    missing = sorted(set(wanted) - set(saved))
    wrong = sorted(k for k in set(wanted) & set(saved) if wanted[k] != saved[k])
    if missing or wrong:
        what = (f"lacks {len(missing)} of the model's tensors (e.g. {missing[0]})" if missing else
                f"holds {wrong[0]} at {saved[wrong[0]]}, the model has {wanted[wrong[0]]}")
        raise UsageError(f"--resume from {last}: {what}; it belongs to another model. Use another --ckpt-dir")


def _memory_advice(args) -> str:
    """What would make a step fit, from the options of this run that cost memory (cheapest in speed first)."""
    several = int(os.environ.get("WORLD_SIZE", "1")) > 1
    tips = []
    if several and args.reshard_after_forward != "yes":
        tips.append("--reshard-after-forward yes")
    if args.ac_every != 1:
        tips.append("--ac-every 1" if args.ac_every > 1 else "--ac-every 2 (1 saves more)")
    if args.batch_size > 1:
        tips.append(f"--batch-size {args.batch_size // 2} --grad-accum {args.grad_accum * 2} (the same tokens per step)")
    tips.append("a smaller --seq-len")
    return ", or ".join(tips)


def _first_sentences(text: str, count: int) -> str:
    return ". ".join(text.strip().split(". ")[:count]).rstrip(".")


def _resume_note(ckpt_dir: str) -> str:
    from patchzoo.training.checkpoint import latest_checkpoint

    last = latest_checkpoint(ckpt_dir)
    return f"--resume would continue from {last}" if last else f"no complete checkpoint in {ckpt_dir} yet"


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
    import logging

    import torch
    import torch.distributed as dist
    import transformers

    from patchzoo.patches.float8 import Float8Unavailable
    from patchzoo.patches.fsdp import ParallelConfig
    from patchzoo.training.checkpoint import latest_checkpoint
    from patchzoo.training.trainer import DataTooShortError, NonFiniteLossError, TrainConfig, train

    if args.resume:
        check_resume(args, transformers.AutoConfig.from_pretrained(args.model))
    if args.allow_long_seq:
        logging.getLogger("patchzoo.train").warning("--allow-long-seq: training on %d-token sequences, beyond the "
                                                    "model's position table", args.seq_len)
    fsdp_log = logging.getLogger("patchzoo.patches.fsdp")
    if os.environ.get("RANK", "0") == "0" and not fsdp_log.handlers:  # rank 0 says how FSDP2 holds the blocks
        fsdp_log.setLevel(logging.INFO)
        fsdp_log.addHandler(logging.StreamHandler(sys.stderr))

    config = TrainConfig(
        model=args.model, data=args.data, from_config=args.from_config, seq_len=args.seq_len,
        batch_size=args.batch_size, grad_accum=args.grad_accum, steps=args.steps, lr=args.lr,
        warmup_steps=args.warmup_steps,
        log_every=args.log_every, ckpt_dir=args.ckpt_dir, ckpt_every=args.ckpt_every, resume=args.resume,
        seed=args.seed, peak_tflops=args.peak_tflops, master_dtype=torch_dtype(args.master_dtype) if args.master_dtype else None,
        parallel=ParallelConfig(ac_every=args.ac_every, ac_policy=args.ac_policy, compile=not args.no_compile,
                                param_dtype=torch_dtype(args.param_dtype), float8=args.fp8,
                                reshard_after_forward=RESHARD_AFTER_FORWARD[args.reshard_after_forward]),
    )
    if args.resume:
        last = latest_checkpoint(args.ckpt_dir)
        print(f"resuming from {last}" if last else f"no complete checkpoint in {args.ckpt_dir}; starting at step 0",
              file=sys.stderr, flush=True)
    if args.ckpt_dir:  # on Ctrl-C, patchzoo.cli says where a --resume would start
        args.interrupted_note = lambda: _resume_note(args.ckpt_dir)
    try:
        train(config, on_log=LogWriter(args.json))
    except Float8Unavailable as error:
        raise UsageError(f"--fp8: {error}; train without --fp8") from error
    except DataTooShortError as error:
        raise UsageError(f"--data {error}; give more text or a smaller --seq-len") from error
    except NonFiniteLossError as error:
        print(f"patchzoo train: diverged: {error}", file=sys.stderr)
        return 1
    except torch.OutOfMemoryError as error:
        print(f"patchzoo train: out of memory on rank {os.environ.get('RANK', '0')} "
              f"({_first_sentences(str(error), 2)}); try {_memory_advice(args)}", file=sys.stderr)
        return 1
    finally:
        if dist.is_initialized():
            dist.destroy_process_group()
    return 0
