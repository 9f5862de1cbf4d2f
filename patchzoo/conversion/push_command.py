"""`patchzoo push`: upload a checkpoint to the Hub with a model card (and a parity check first)."""

from __future__ import annotations

import sys

from patchzoo.cli import DTYPES, parse_device
from patchzoo.errors import UsageError


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "push",
        help="upload a checkpoint to the Hugging Face Hub with a patchzoo model card",
        description=(
            "Write README.md (model card: what patchzoo changes, how to install patchzoo and load the model, and what "
            "was checked: the parity result with --parity, else nothing) into the checkpoint directory and upload the "
            "folder to the Hub. Refuses folders without safetensors weights and folders holding pickle files "
            "(*.bin, *.pt, *.pth, *.pkl, *.ckpt). With --parity a failing parity check stops the upload. "
            "--dry-run writes the card and lists the files without any network access."
        ),
    )
    p.add_argument("--model", required=True, help="checkpoint directory to upload")
    p.add_argument("--repo", required=True, help="Hub repo id, owner/name (created if missing)")
    p.add_argument("--private", action="store_true", help="create the repo private")
    p.add_argument("--token", help="Hub token (default: the logged-in token / HF_TOKEN)")
    p.add_argument("--parity", action="store_true", help="run the stock-vs-zoo parity check first and put it in the card")
    p.add_argument("--device", default="cpu", help="device of the parity check")
    p.add_argument("--dtype", default="float32", choices=sorted(DTYPES), help="zoo dtype of the parity check")
    p.add_argument("--source-url", help="git URL of patchzoo's source repository for the card's install line "
                                        "(default: the card says to install from a checkout)")
    p.add_argument("--message", default="Upload with patchzoo", help="commit message")
    p.add_argument("--eval-json", metavar="FILE", help="put this `patchzoo eval --json` report into the card")
    p.add_argument("--dry-run", action="store_true", help="write the card and list the files; upload nothing")
    p.set_defaults(func=run)


def run(args) -> int:
    from patchzoo.conversion.hub import check_uploadable, checkpoint_class

    try:
        check_uploadable(args.model, args.repo)
    except ValueError as error:
        raise UsageError(str(error)) from None
    import torch

    from patchzoo import registry
    from patchzoo.conversion.eval_card import eval_section_for_option
    from patchzoo.conversion.hub import parity_row, push
    from patchzoo.evals.parity import format_table

    model_type, name = checkpoint_class(args.model)
    if registry.zoo_class_for(model_type, name) is None:
        supported = ", ".join(sorted(registry.all_zoo_classes()))
        raise UsageError(f"--model {args.model}: patchzoo has no class for {name or '?'} "
                         f"(model_type={model_type!r}); supported classes: {supported}")
    card_extra = eval_section_for_option(args.eval_json) if args.eval_json else ""
    device = parse_device(args.device) if args.parity else None
    row = parity_row(args.model, device, getattr(torch, DTYPES[args.dtype])) if args.parity else None
    if row is not None and row.failed:
        print(format_table([row], timed=False))
        print(f"patchzoo push: parity {row.status}; nothing uploaded", file=sys.stderr)
        return 1
    files = push(args.model, args.repo, private=args.private, token=args.token, parity=row, source_url=args.source_url,
                 commit_message=args.message, dry_run=args.dry_run, card_extra=card_extra)
    verb = "would upload" if args.dry_run else f"uploaded to https://huggingface.co/{args.repo}:"
    print(verb, ", ".join(files))
    return 0
