"""Expected failures of the `patchzoo` commands, and the checks that raise them before anything heavy loads.

A command raises ``UsageError("what is wrong; what to do")`` for bad input a user can fix; ``patchzoo.cli.main``
prints it as ``patchzoo <command>: error: <message>`` on stderr and exits 2, with no traceback (``--debug``
shows one). This module imports nothing heavy, so commands can check their arguments before torch loads.
"""

from __future__ import annotations

import os
from pathlib import Path


class UsageError(Exception):
    """Bad input that the user can fix; the message names the problem and what to do, in one line."""


def checkpoint_dir_or_hub_id(name: str, *, what: str = "--model") -> str:
    """Return ``name`` as a checkpoint directory (expanded) or unchanged as a Hub id.

    A value that names a local path is never sent to the Hub: a missing path, a file, or a directory without
    ``config.json`` raises UsageError naming it. Paths are what exists, what starts with '.', '~' or '/', what has
    more than one '/', and 'a/b' whose 'a' is a local directory (a mistyped sub-directory, not a Hub repo).
    Anything else (``owner/name``, ``name``) is a Hub id.
    """
    expanded = os.path.expanduser(name)
    is_path = (
        os.path.exists(expanded)
        or name.startswith((".", "~", os.sep))
        or name.count("/") > 1
        or ("/" in name and os.path.isdir(name.split("/", 1)[0]))
    )
    if not is_path:
        return name
    path = Path(expanded)
    if not path.exists():
        raise UsageError(f"{what} {name}: no such directory (a Hub id is 'owner/name')")
    if not path.is_dir():
        raise UsageError(f"{what} {name}: not a directory; pass the checkpoint directory that holds config.json")
    if not (path / "config.json").is_file():
        raise UsageError(f"{what} {name}: no config.json in this directory; is it a saved checkpoint?")
    return str(path)


def existing_file(name: str, *, what: str) -> Path:
    """``name`` as an existing file, else UsageError naming the option and the path."""
    path = Path(os.path.expanduser(name))
    if not path.is_file():
        raise UsageError(f"{what} {name}: no such file")
    return path
