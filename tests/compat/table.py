"""The compatibility table: transformers' common model tests per architecture and class, stock vs zoo.

    cd tests && PYTHONPATH=..:. python -m compat.table bert t5 t5_encoder llama mixtral seamless seamless_speech

Runs every test of transformers' ``ModelTesterMixin`` (what ``PATCHZOO_COMPAT=full`` selects in
tests/test_compat_models.py, the same tiny testers and the same exceptions list) once per class, on the
stock class and on its zoo class, and prints one markdown row per class: stock passed/failed/skipped,
zoo passed/failed/skipped, and the tests that pass on stock but not on zoo (each must be empty or in
EXCEPTIONS, shown with its reason). Exit status 1 when a regression is not in EXCEPTIONS.
One class at a time (``all_model_classes`` of one), so a class's row counts its own outcomes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from collections import Counter

os.environ["PATCHZOO_COMPAT"] = "full"  # before test_compat_models reads it

import test_compat_models as suite  # noqa: E402  (tests/ on sys.path, as pytest has it)

OUTCOMES = ("passed", "failed", "skipped")
HEADER = ("| architecture | class | tests | stock passed / failed / skipped | zoo passed / failed / skipped "
          "| passes on stock, not on zoo |\n|---|---|---|---|---|---|")


def class_row(architecture: str, class_name: str, names: list[str]) -> tuple[str, list[str]]:
    """(markdown row, unlisted regressions) of one class over the given upstream tests."""
    counts = {"stock": Counter(), "zoo": Counter()}
    regressions, unlisted = [], []
    for name in names:
        results = {}
        for side in ("stock", "zoo"):
            results[side], detail = suite.outcome(suite.case_class(architecture, side, (class_name,)), name)
            counts[side][results[side]] += 1
        if results["stock"] == "passed" and results["zoo"] != "passed":
            reason = suite.exception_for(architecture, name)
            regressions.append(f"`{name}` ({results['zoo']}{': ' + reason if reason else ''})")
            if reason is None:
                unlisted.append(f"{architecture} {class_name} {name}: {detail.splitlines()[0][:200] if detail else ''}")
    cells = [" / ".join(str(counts[side][o]) for o in OUTCOMES) for side in ("stock", "zoo")]
    row = f"| {architecture} | {class_name} | {len(names)} | {cells[0]} | {cells[1]} | {', '.join(regressions) or 'none'} |"
    return row, unlisted


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("architectures", nargs="*", default=list(suite.ARCHITECTURES), choices=list(suite.ARCHITECTURES))
    parser.add_argument("-k", default="", help="only tests whose name contains this")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore")
    suite.transformers.utils.logging.set_verbosity_error()
    suite.transformers.utils.logging.disable_progress_bar()
    print(HEADER, flush=True)
    unlisted = []
    for architecture in args.architectures:
        names = [n for n in suite.upstream_test_names(architecture) if args.k in n]
        for class_name in suite.ARCHITECTURES[architecture][1]:
            start = time.perf_counter()
            row, missed = class_row(architecture, class_name, names)
            print(row, flush=True)
            print(f"<!-- {architecture} {class_name}: {time.perf_counter() - start:.0f} s -->", file=sys.stderr, flush=True)
            unlisted += missed
    for line in unlisted:
        print(f"regression not in EXCEPTIONS: {line}", file=sys.stderr)
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
