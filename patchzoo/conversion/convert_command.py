"""`patchzoo convert`: a `patchzoo train` distributed checkpoint -> a Hugging Face checkpoint."""

from __future__ import annotations

from patchzoo.cli import DTYPES


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "convert",
        help="turn a training checkpoint (DCP directory) into a Hugging Face checkpoint",
        description=(
            "Read a torch.distributed.checkpoint directory written by `patchzoo train` (e.g. ckpt/step-0000100), "
            "check its keys and shapes against the model config, and write config + safetensors (+ tokenizer "
            "files from --config) loadable by stock transformers and patchzoo alike."
        ),
    )
    p.add_argument("--dcp", required=True, help="checkpoint directory step-NNNNNNN")
    p.add_argument("--config", required=True, help="directory with the config.json the run trained (and tokenizer)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--dtype", default="bfloat16", choices=sorted(DTYPES), help="dtype of the saved weights")
    p.set_defaults(func=run)


def run(args) -> int:
    import torch

    from patchzoo.conversion.dcp_to_hf import convert_dcp_to_hf

    out = convert_dcp_to_hf(args.dcp, args.config, args.out, dtype=getattr(torch, DTYPES[args.dtype]))
    print(f"wrote {out}")
    return 0
