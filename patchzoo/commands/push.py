"""`patchzoo push`: upload a checkpoint to the Hub with a model card (and a parity check first)."""

from __future__ import annotations

import sys

from patchzoo.commands.checks import UsageError, check_tensor_names, config_json, existing_file, weight_files
from patchzoo.commands.options import DTYPES, parse_device, torch_dtype


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "push",
        help="upload a checkpoint to the Hugging Face Hub with a patchzoo model card",
        description=(
            "Write README.md (model card: what patchzoo changes, how to install patchzoo and load the model, and what "
            "was checked: the parity result with --parity, else nothing) into the checkpoint directory and upload the "
            "folder to the Hub. Refuses folders without safetensors weights and folders holding pickle files "
            "(*.bin, *.pt, *.pth, *.pkl, *.ckpt). With --parity a failing parity check stops the upload. "
            "--dry-run writes the card and lists the files without any network access. A README.md that patchzoo "
            "did not write is kept: push refuses unless --overwrite-card. Exit status: 0 uploaded (or listed), 1 "
            "parity failed (nothing uploaded), 2 bad input, 130 interrupted."
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
    p.add_argument("--overwrite-card", action="store_true",
                   help="replace a README.md in --model that patchzoo did not write with patchzoo's model card")
    p.set_defaults(func=run)


def eval_section_for_option(name: str) -> str:
    """`--eval-json FILE`: the card section, or a UsageError naming the file and what is wrong."""
    from patchzoo.conversion.eval_card import eval_section, read_eval_report

    path = existing_file(name, what="--eval-json")
    try:
        return eval_section(read_eval_report(path))
    except ValueError as error:
        raise UsageError(f"--eval-json {error}") from None


def run(args) -> int:
    from patchzoo.conversion.hub import check_card_replaceable, check_uploadable, checkpoint_class

    try:
        check_uploadable(args.model, args.repo)
        check_card_replaceable(args.model, args.overwrite_card)
    except ValueError as error:
        raise UsageError(str(error)) from None
    config = config_json(args.model, what="--model")
    weight_files(args.model, what="--model")

    from patchzoo import registry
    from patchzoo.conversion.hub import parity_row, push
    from patchzoo.evals.parity import format_table

    model_type, name = checkpoint_class(args.model)
    if registry.zoo_class_for(model_type, name) is None:
        supported = ", ".join(sorted(registry.all_zoo_classes()))
        raise UsageError(f"--model {args.model}: patchzoo has no class for {name or '?'} "
                         f"(model_type={model_type!r}); supported classes: {supported}")
    check_tensor_names(args.model, config, what="--model")
    card_extra = eval_section_for_option(args.eval_json) if args.eval_json else ""
    device = parse_device(args.device) if args.parity else None
    row = parity_row(args.model, device, torch_dtype(args.dtype)) if args.parity else None
    if row is not None and row.failed:
        print(format_table([row], timed=False))
        print(f"patchzoo push: parity {row.status}; nothing uploaded", file=sys.stderr)
        return 1
    files = push(args.model, args.repo, private=args.private, token=args.token, parity=row, source_url=args.source_url,
                 commit_message=args.message, dry_run=args.dry_run, card_extra=card_extra,
                 overwrite_card=args.overwrite_card)
    verb = "would upload" if args.dry_run else f"uploaded to https://huggingface.co/{args.repo}:"
    print(verb, ", ".join(files))
    return 0
