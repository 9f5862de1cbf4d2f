"""`patchzoo train`: FSDP2 causal-LM training with tokens/s and MFU; launch under torchrun for several GPUs."""

from __future__ import annotations

import json

from patchzoo.cli import DTYPES


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "train",
        help="train a causal LM with FSDP2 per block, activation checkpointing and compile; reports MFU",
        description=(
            "Train (or continue training) a Hugging Face causal LM with patchzoo.patches.fsdp.parallelize: FSDP2 per "
            "decoder block, activation checkpointing every n blocks, torch.compile per block, bf16 compute. Prints "
            "loss, global tokens/s and MFU (PaLM FLOPs formula over the GPU's dense bf16 peak). Saves distributed "
            "checkpoints (DCP) that `patchzoo convert` turns into HF checkpoints. Several GPUs: "
            "`torchrun --nproc-per-node N -m patchzoo.cli train ...`."
        ),
    )
    p.add_argument("--model", required=True, help="HF checkpoint directory (or a config directory with --from-config)")
    p.add_argument("--from-config", action="store_true", help="random initialisation from config.json, no weights")
    p.add_argument("--data", help="UTF-8 text file, tokenized with the model's tokenizer; omit for random tokens")
    p.add_argument("--seq-len", type=int, default=2048)
    p.add_argument("--batch-size", type=int, default=1, help="sequences per GPU per step")
    p.add_argument("--steps", type=int, default=100, help="total steps (a resumed run continues up to this)")
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--warmup-steps", type=int, default=10)
    p.add_argument("--log-every", type=int, default=10)
    p.add_argument("--ac-every", type=int, default=1, help="checkpoint activations of every n-th block; 0: off")
    p.add_argument("--ac-policy", choices=("full", "save_matmuls"), default="full",
                   help="full: recompute whole blocks; save_matmuls: keep matmul and attention outputs")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile of the blocks")
    p.add_argument("--param-dtype", default="bfloat16", choices=sorted(DTYPES), help="FSDP compute dtype")
    p.add_argument("--ckpt-dir", help="directory for DCP checkpoints step-NNNNNNN")
    p.add_argument("--ckpt-every", type=int, default=0, help="save every n steps (0: only at the end)")
    p.add_argument("--resume", action="store_true", help="continue from the newest checkpoint in --ckpt-dir")
    p.add_argument("--peak-tflops", type=float, help="GPU peak for MFU (default: from the GPU name)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", metavar="FILE", help="write the step logs as JSON (rank 0)")
    p.set_defaults(func=run)


def run(args) -> int:
    from dataclasses import asdict

    import torch
    import torch.distributed as dist

    from patchzoo.patches.fsdp import ParallelConfig
    from patchzoo.training.trainer import TrainConfig, train

    if args.resume and not args.ckpt_dir:
        raise SystemExit("--resume needs --ckpt-dir")
    config = TrainConfig(
        model=args.model, data=args.data, from_config=args.from_config, seq_len=args.seq_len,
        batch_size=args.batch_size, steps=args.steps, lr=args.lr, warmup_steps=args.warmup_steps,
        log_every=args.log_every, ckpt_dir=args.ckpt_dir, ckpt_every=args.ckpt_every, resume=args.resume,
        seed=args.seed, peak_tflops=args.peak_tflops,
        parallel=ParallelConfig(ac_every=args.ac_every, ac_policy=args.ac_policy, compile=not args.no_compile,
                                param_dtype=getattr(torch, DTYPES[args.param_dtype])),
    )
    logs = train(config)
    if dist.get_rank() == 0:
        for log in logs:
            mfu = "n/a" if log.mfu is None else f"{log.mfu:.1%}"
            print(f"step {log.step:6d}  loss {log.loss:.4f}  tokens/s {log.tokens_per_s:,.0f}  MFU {mfu}")
        if args.json:
            with open(args.json, "w") as f:
                json.dump([asdict(log) for log in logs], f, indent=2)
    dist.destroy_process_group()
    return 0
