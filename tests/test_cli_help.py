"""`patchzoo --help` and every `patchzoo <command> --help`: no torch or transformers import (they take seconds),
and every option that has a default shows it."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patchzoo import cli

REPO = Path(__file__).resolve().parent.parent


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_help_imports_neither_torch_nor_transformers():
    """Every command's help in a fresh interpreter: the heavy modules stay out of sys.modules."""
    script = (
        "import contextlib, io, sys\n"
        "from patchzoo import cli\n"
        "for argv in [['--help']] + [[name, '--help'] for name in sys.argv[1:]]:\n"
        "    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "        cli.main(argv)\n"
        "print(sorted(m for m in ('torch', 'transformers', 'triton', 'huggingface_hub') if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    done = subprocess.run([sys.executable, "-c", script, *command_parsers()], capture_output=True, text=True,
                          env=env, cwd=REPO, check=True)
    assert done.stdout.strip() == "[]", done.stderr


@pytest.mark.parametrize("command", sorted(command_parsers()))
def test_every_option_shows_its_default(command):
    parser = command_parsers()[command]
    text = " ".join(parser.format_help().split())  # one line: defaults wrap across lines
    for action in parser._actions:
        has_default = action.option_strings and action.default not in (None, argparse.SUPPRESS) and action.nargs != 0
        if has_default and not action.required:
            option = max(action.option_strings, key=len)
            shown = " ".join(parser._get_formatter()._format_action(action).split())
            assert "default" in shown, (command, option, shown)
    assert "usage: patchzoo " + command in text
