"""`patchzoo convert`: a `patchzoo train` distributed checkpoint -> a Hugging Face checkpoint."""

from __future__ import annotations

from pathlib import Path

from patchzoo.commands.checkpoint_paths import checked_checkpoint
from patchzoo.commands.checks import UsageError, dcp_checkpoint, output_dir
from patchzoo.commands.options import DTYPES, torch_dtype


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "convert",
        help="turn a training checkpoint (DCP directory) into a Hugging Face checkpoint",
        description=(
            "Read a torch.distributed.checkpoint directory written by `patchzoo train` (e.g. ckpt/step-0000100), "
            "check its keys and shapes against the model config, and write config + safetensors (+ tokenizer "
            "files from --config) loadable by stock transformers and patchzoo alike. Exit status: 0 written, 2 bad "
            "input, 130 interrupted."
        ),
    )
    p.add_argument("--dcp", required=True,
                   help="checkpoint directory step-NNNNNNN, or a --ckpt-dir of `patchzoo train` (its newest complete one)")
    p.add_argument("--config", required=True, help="directory with the config.json the run trained (and tokenizer)")
    p.add_argument("--out", required=True, help="output directory: new, or empty (or any, with --overwrite)")
    p.add_argument("--overwrite", action="store_true",
                   help="write into an existing non-empty --out (files of the same names are replaced)")
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
    args.config, _ = checked_checkpoint(args.config, what="--config", weights=False)
    output_dir(args.out, inputs=(args.dcp, args.config), overwrite=args.overwrite)
    dcp_checkpoint(dcp_dir, what="--dcp")

    from patchzoo.conversion.dcp_to_hf import CheckpointMismatchError, convert_dcp_to_hf

    try:
        out = convert_dcp_to_hf(dcp_dir, args.config, args.out, dtype=torch_dtype(args.dtype))
    except CheckpointMismatchError as error:
        raise UsageError(f"{error}; pass the --config the run trained") from error
    print(f"wrote {out} from {dcp_dir}")
    return 0
