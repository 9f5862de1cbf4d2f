"""`patchzoo push`: upload a checkpoint to the Hub with a model card (and a parity check first)."""

from __future__ import annotations

from patchzoo.cli import DTYPES


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "push",
        help="upload a checkpoint to the Hugging Face Hub with a patchzoo model card",
        description=(
            "Write README.md (model card: architecture, what patchzoo changes, how to load it with patchzoo and with "
            "stock transformers, quantization settings, and the parity result with --parity) into the checkpoint "
            "directory and upload the folder to the Hub. With --parity a failing parity check stops the upload. "
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
    p.add_argument("--message", default="Upload with patchzoo", help="commit message")
    p.add_argument("--eval-json", metavar="FILE", help="put this `patchzoo eval --json` report into the card")
    p.add_argument("--dry-run", action="store_true", help="write the card and list the files; upload nothing")
    p.set_defaults(func=run)


def run(args) -> int:
    import torch

    from patchzoo.conversion.eval_card import eval_section_for_option
    from patchzoo.conversion.hub import parity_row, push

    card_extra = eval_section_for_option(args.eval_json) if args.eval_json else ""
    row = parity_row(args.model, args.device, getattr(torch, DTYPES[args.dtype])) if args.parity else None
    files = push(args.model, args.repo, private=args.private, token=args.token, parity=row,
                 commit_message=args.message, dry_run=args.dry_run, card_extra=card_extra)
    verb = "would upload" if args.dry_run else f"uploaded to https://huggingface.co/{args.repo}:"
    print(verb, ", ".join(files))
    return 0
