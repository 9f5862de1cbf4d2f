"""`patchzoo convert`: a `patchzoo train` distributed checkpoint -> a Hugging Face checkpoint."""

from __future__ import annotations

from pathlib import Path

from patchzoo.cli import DTYPES
from patchzoo.errors import UsageError, checkpoint_dir_or_hub_id


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
    p.add_argument("--dcp", required=True,
                   help="checkpoint directory step-NNNNNNN, or a --ckpt-dir of `patchzoo train` (its newest complete one)")
    p.add_argument("--config", required=True, help="directory with the config.json the run trained (and tokenizer)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--dtype", default="bfloat16", choices=sorted(DTYPES), help="dtype of the saved weights")
    p.set_defaults(func=run)


def checkpoint_to_convert(name: str) -> Path:
    """--dcp as a finished checkpoint directory: itself, or the newest finished one inside a --ckpt-dir."""
    from patchzoo.training.checkpoint import is_complete, latest_checkpoint

    path = Path(name).expanduser()
    if not path.is_dir():
        raise UsageError(f"--dcp {name}: no such directory")
    if is_complete(path):
        return path
    if path.name.startswith("step-"):
        raise UsageError(f"--dcp {name}: unfinished checkpoint (no .metadata: the run stopped while saving it); "
                         "pick an earlier step-NNNNNNN")
    newest = latest_checkpoint(path)
    if newest is None:
        raise UsageError(f"--dcp {name}: holds no finished checkpoint step-NNNNNNN")
    return newest


def run(args) -> int:
    dcp_dir = checkpoint_to_convert(args.dcp)
    args.config = checkpoint_dir_or_hub_id(args.config, what="--config")
    if Path(args.out).exists() and not Path(args.out).is_dir():
        raise UsageError(f"--out {args.out}: exists and is not a directory")
    import torch

    from patchzoo.conversion.dcp_to_hf import CheckpointMismatchError, convert_dcp_to_hf

    try:
        out = convert_dcp_to_hf(dcp_dir, args.config, args.out, dtype=getattr(torch, DTYPES[args.dtype]))
    except CheckpointMismatchError as error:
        raise UsageError(f"{error}; pass the --config the run trained") from error
    print(f"wrote {out} from {dcp_dir}")
    return 0
