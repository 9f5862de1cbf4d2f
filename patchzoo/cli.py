"""The `patchzoo` command: the parser, and what every command shares (one-line errors, Ctrl-C, --debug).

Each command is one module of patchzoo.commands; `patchzoo parity` is the main job. Exit status of every
command: 0 done, 1 the check it runs failed (parity, eval, push --parity), 2 bad input (one line on stderr),
130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import sys

from patchzoo.commands.checks import UsageError

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


class _OneLineErrors(argparse.ArgumentParser):
    """A malformed command line is one line on stderr, as every other bad input: `patchzoo <command>: error: ...`
    and where to look, exit 2 (argparse prints its whole usage block first)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class _CommandParser(_OneLineErrors):
    """Every subcommand's parser shows option defaults in --help."""

    def __init__(self, **kwargs):
        kwargs.setdefault("formatter_class", _DefaultsHelpFormatter)
        super().__init__(**kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineErrors(
        prog="patchzoo",
        description="Patched Hugging Face transformer architectures: check them against stock, and more.",
    )
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error instead of one line")
    sub = parser.add_subparsers(dest="command", required=True, metavar="<command>", parser_class=_CommandParser)
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).add_command(sub)
    return parser


# Modules that contribute one subcommand each through add_command(subparsers); the parser they add
# sets `func(args) -> exit status`. They keep torch/transformers imports inside `func` so --help is fast.
COMMAND_MODULES: tuple[str, ...] = (
    "patchzoo.commands.parity",
    "patchzoo.commands.eval",
    "patchzoo.commands.train",
    "patchzoo.commands.convert",
    "patchzoo.commands.quantize",
    "patchzoo.commands.push",
)
INTERRUPTED = 130  # the shell's status for a process stopped by SIGINT


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # --debug is read anywhere on the line (argparse would take it only before the command's name).
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a malformed line (printed as one line by _OneLineErrors)
        return stop.code
    try:
        return args.func(args)
    except UsageError as error:  # bad input the user can fix: one line, exit 2 (argparse's own convention)
        if debug:
            raise
        print(f"patchzoo {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if debug:
            raise
        note = getattr(args, "interrupted_note", None)
        print(f"patchzoo {args.command}: interrupted" + (f"; {note()}" if note else ""), file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
