"""`patchzoo parity`: every zoo model against its stock twin on the same weights (the main job)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from patchzoo.commands.checkpoint_paths import checked_checkpoint, checkpoint_config
from patchzoo.commands.checks import UsageError, check_tensor_names, config_json, output_file, weight_files
from patchzoo.commands.options import DTYPES, parse_device, torch_dtype
from patchzoo.evals.parity_cases import ARCHITECTURES


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "parity",
        help="compare every zoo model with its stock twin on the same weights (the main job)",
        description=(
            "Load each architecture's checkpoint with the stock transformers class and with the zoo class, "
            "run the same inputs through both and print one table: the compared output of the checkpoint's class "
            "(hidden states or token logits on real tokens, sequence or start/end logits, generated tokens), "
            "max |difference| (or token equality), tolerance, pass/fail and, on a GPU, the stock/zoo time ratio. "
            "With no --model, tiny checkpoints are built locally for every architecture (no network). A Hub id is "
            "read from the local Hub cache when HF_HUB_OFFLINE is set or the Hub cannot be reached. "
            "Exit status: 0 every row passes, 1 a row fails, 2 bad input, 130 interrupted."
        ),
    )
    p.add_argument("--model", help="checkpoint directory or Hub id; its config picks the architecture and the class "
                                   "(config.architectures), whose outputs are compared")
    p.add_argument("--arch", action="append", choices=ARCHITECTURES,
                   help="only these architectures' tiny checkpoints (repeatable); default: all")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda when available")
    p.add_argument("--dtype", default="float32", choices=sorted(DTYPES), help="dtype the zoo model runs in")
    p.add_argument("--seed", type=int, default=0, help="seed of the tiny checkpoints and the inputs")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE ('-': the JSON alone on "
                                                  "stdout, the table on stderr)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--compile", action="store_true", help="instead: torch.compile stock and zoo over 20 varied "
                      "inputs and compare graphs compiled, recompiles and graph breaks (patchzoo/evals/compile_check.py)")
    mode.add_argument("--train", action="store_true", help="instead: one training step (forward + backward through "
                      "the compared outputs) on stock and zoo; every parameter's gradient compared, a missing one "
                      "fails the row (patchzoo/evals/train_parity.py)")
    p.set_defaults(func=run)


def run(args) -> int:
    case = None
    if args.model:
        args.model, _ = checked_checkpoint(args.model, weights=False)
        case = _case_of(args.model)  # what the zoo supports is named before the weights are looked at
        if os.path.isdir(args.model):
            weight_files(args.model, what="--model")
            check_tensor_names(args.model, config_json(args.model, what="--model"), what="--model")
    if args.json and args.json != "-":
        output_file(args.json, what="--json")
    device = parse_device(args.device)
    if args.compile:
        from patchzoo.evals.compile_check import compile_table

        table, failed = compile_table(args.model, args.arch, device, torch_dtype(args.dtype), args.seed)
        print(table)
        return 1 if failed else 0
    import transformers

    from patchzoo.evals import parity, train_parity

    transformers.utils.logging.disable_progress_bar()
    # The table is the output; per-call generation advice (e.g. Seamless's missing tgt_lang on the
    # language-less tiny checkpoint) would bury it. Errors still print.
    transformers.utils.logging.set_verbosity_error()
    dtype = torch_dtype(args.dtype)
    rows = []
    with tempfile.TemporaryDirectory(prefix="patchzoo-parity-") as tmp:
        if args.model:
            jobs = [(case, args.model)]
        else:
            jobs = [(parity.load_case(a), None) for a in (args.arch or list(ARCHITECTURES))]
        for case, checkpoint in jobs:
            try:
                if checkpoint is None:
                    checkpoint = parity.tiny_checkpoint_for(case, Path(tmp) / case.arch, args.seed)
                run_case = train_parity.run_train_case if args.train else parity.run_case
                rows.append(run_case(case, checkpoint, device, dtype, seed=args.seed))
            except Exception as error:  # one broken architecture must not hide the others' rows
                rows.append(parity.ParityRow(case.arch, case.feature, "error", detail=f"{type(error).__name__}: {error}"))
    table_stream = sys.stderr if args.json == "-" else sys.stdout
    timed = device.type != "cpu"
    print(parity.format_table(rows, timed=timed), file=table_stream)
    if not timed:
        print(parity.CPU_TIME_NOTE, file=table_stream)
    if args.json == "-":
        print(parity.rows_to_json(rows))
    elif args.json:
        path = Path(args.json).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(parity.rows_to_json(rows) + "\n")
    return 1 if any(r.failed for r in rows) else 0


def _case_of(model: str):
    """The parity case of a checkpoint, or UsageError naming what the zoo supports."""
    from patchzoo.evals import parity
    from patchzoo.registry import UnsupportedArchitectureError

    try:
        return parity.case_for_config(checkpoint_config(model))
    except UnsupportedArchitectureError as error:
        raise UsageError(f"--model {model}: {error}") from None
