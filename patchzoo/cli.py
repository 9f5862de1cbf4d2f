"""The `patchzoo` command. `patchzoo parity` is the main job; run `patchzoo <command> --help`."""

from __future__ import annotations

import argparse
import copy
import importlib
import sys
import tempfile
from pathlib import Path

from patchzoo.errors import UsageError, checkpoint_config, reachable_checkpoint
from patchzoo.evals.parity_cases import ARCHITECTURES

DTYPES = {"float32": "float32", "fp32": "float32", "float16": "float16", "fp16": "float16",
          "bfloat16": "bfloat16", "bf16": "bfloat16"}


def parse_device(name: str | None, *, what: str = "--device"):
    """torch.device of a --device value (None: cuda when available); UsageError for a malformed or absent one."""
    import torch

    if name is None:
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        device = torch.device(name)
    except RuntimeError:
        raise UsageError(f"{what} {name}: not a device; use cpu or cuda[:N]") from None
    if device.type == "cuda" and (not torch.cuda.is_available() or (device.index or 0) >= torch.cuda.device_count()):
        raise UsageError(f"{what} {name}: no such CUDA GPU here ({torch.cuda.device_count()} visible); use --device cpu")
    return device


def _add_parity(sub) -> None:
    p = sub.add_parser(
        "parity",
        help="compare every zoo model with its stock twin on the same weights (the main job)",
        description=(
            "Load each architecture's checkpoint with the stock transformers class and with the zoo class, "
            "run the same inputs through both and print one table: the compared output of the checkpoint's class "
            "(hidden states or token logits on real tokens, sequence or start/end logits, generated tokens), "
            "max |difference| (or token equality), tolerance, pass/fail and, on a GPU, the stock/zoo time ratio. "
            "With no --model, tiny checkpoints are built locally for every architecture (no network). A Hub id is "
            "read from the local Hub cache when HF_HUB_OFFLINE is set or the Hub cannot be reached. "
            "Exits 1 when any row fails, 2 on bad input."
        ),
    )
    p.add_argument("--model", help="checkpoint directory or Hub id; its config picks the architecture and the class "
                                   "(config.architectures), whose outputs are compared")
    p.add_argument("--arch", action="append", choices=ARCHITECTURES,
                   help="only these architectures' tiny checkpoints (repeatable); default: all")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda when available")
    p.add_argument("--dtype", default="float32", choices=sorted(DTYPES), help="dtype the zoo model runs in")
    p.add_argument("--seed", type=int, default=0, help="seed of the tiny checkpoints and the inputs")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE ('-' for stdout)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--compile", action="store_true", help="instead: torch.compile stock and zoo over 20 varied "
                      "inputs and compare graphs compiled, recompiles and graph breaks (patchzoo/evals/compile_check.py)")
    mode.add_argument("--train", action="store_true", help="instead: one training step (forward + backward through "
                      "the compared outputs) on stock and zoo; every parameter's gradient compared, a missing one "
                      "fails the row (patchzoo/evals/train_parity.py)")
    p.set_defaults(func=_run_parity)


def _run_parity(args) -> int:
    if args.model:
        args.model = reachable_checkpoint(args.model)
    if args.compile:
        return importlib.import_module("patchzoo.evals.compile_check").run(args)
    import torch
    import transformers

    from patchzoo.evals import parity, train_parity
    from patchzoo.registry import UnsupportedArchitectureError

    transformers.utils.logging.disable_progress_bar()
    # The table is the output; per-call generation advice (e.g. Seamless's missing tgt_lang on the
    # language-less tiny checkpoint) would bury it. Errors still print.
    transformers.utils.logging.set_verbosity_error()
    device = parse_device(args.device)
    dtype = getattr(torch, DTYPES[args.dtype])
    rows = []
    with tempfile.TemporaryDirectory(prefix="patchzoo-parity-") as tmp:
        if args.model:
            try:
                case = parity.case_for_config(checkpoint_config(args.model))
            except UnsupportedArchitectureError as error:
                raise UsageError(f"--model {args.model}: {error}") from None
            jobs = [(case, args.model)]
        else:
            archs = args.arch or list(ARCHITECTURES)
            jobs = [(parity.load_case(a), None) for a in archs]
        for case, checkpoint in jobs:
            try:
                if checkpoint is None:
                    checkpoint = parity.tiny_checkpoint_for(case, Path(tmp) / case.arch, args.seed)
                run = train_parity.run_train_case if args.train else parity.run_case
                rows.append(run(case, checkpoint, device, dtype, seed=args.seed))
            except Exception as error:  # one broken architecture must not hide the others' rows
                rows.append(parity.ParityRow(case.arch, case.feature, "error", detail=f"{type(error).__name__}: {error}"))
    timed = device.type != "cpu"
    print(parity.format_table(rows, timed=timed))
    if not timed:
        print(parity.CPU_TIME_NOTE)
    if args.json == "-":
        print(parity.rows_to_json(rows))
    elif args.json:
        Path(args.json).write_text(parity.rows_to_json(rows) + "\n")
    return 1 if any(r.failed for r in rows) else 0


class _DefaultsHelpFormatter(argparse.HelpFormatter):
    """Ends each option's help with its default, unless the help already names it or there is none to name
    (required options, on/off flags, options that are off unless given). Options without help get the default."""

    def _format_action(self, action):
        if action.help is None and self._shows_default(action):
            action = copy.copy(action)
            action.help = "default: %(default)s"
        return super()._format_action(action)

    def _get_help_string(self, action):
        if self._shows_default(action) and "default" not in action.help:
            return f"{action.help} (default: %(default)s)"
        return action.help

    @staticmethod
    def _shows_default(action) -> bool:
        return (
            action.option_strings
            and not action.required
            and action.default not in (None, argparse.SUPPRESS)
            and action.nargs != 0  # store_true / store_false flags
        )


class _CommandParser(argparse.ArgumentParser):
    """Every subcommand's parser shows option defaults in --help."""

    def __init__(self, **kwargs):
        kwargs.setdefault("formatter_class", _DefaultsHelpFormatter)
        super().__init__(**kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="patchzoo",
        description="Patched Hugging Face transformer architectures: check them against stock, and more.",
    )
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error instead of one line")
    sub = parser.add_subparsers(dest="command", required=True, metavar="<command>", parser_class=_CommandParser)
    _add_parity(sub)
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).add_command(sub)
    return parser


# Modules that contribute one subcommand each through add_command(subparsers); the parser they add
# sets `func(args) -> exit status`. They keep torch/transformers imports inside `func` so --help is fast.
COMMAND_MODULES: tuple[str, ...] = (
    "patchzoo.evals.eval_command",
    "patchzoo.training.command",
    "patchzoo.conversion.convert_command",
    "patchzoo.conversion.quantize_command",
    "patchzoo.conversion.push_command",
)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as error:  # bad input the user can fix: one line, exit 2 (argparse's own convention)
        if args.debug:
            raise
        print(f"patchzoo {args.command}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
