"""The package's floors: the library (everything under patchzoo/ but the command line) never imports the commands,
and no two library modules share a file name (a traceback's "bert.py" names one file).

The commands (patchzoo/commands/, patchzoo/cli.py) sit on top and import the library; an arrow back up would make
`import patchzoo.<anything>` pay for argument parsing and could close an import circle.
"""

import ast
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "patchzoo"
COMMAND_MODULES = ("patchzoo.commands", "patchzoo.cli")


def _is_command(name: str) -> bool:
    return any(name == top or name.startswith(top + ".") for top in COMMAND_MODULES)


def library_files() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    return [f for f in files if not _is_command(_module_name(f))]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# One fresh interpreter imports every library module in turn and reports, after each, which command modules
# sys.modules holds: the first module after which one appears is the one that pulled it in.
_IMPORT_ALL = """
import importlib, json, sys
found = {}
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    commands = sorted(m for m in sys.modules if m in ("patchzoo.commands", "patchzoo.cli") or m.startswith("patchzoo.commands."))
    if commands:
        found[name] = commands
        break
print(json.dumps(found))
"""


def test_no_library_module_imports_the_commands():
    names = [_module_name(f) for f in library_files()]
    # TRITON_INTERPRET as conftest set it: the kernel modules import on a CPU as in every other test
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", _IMPORT_ALL, json.dumps(names)], capture_output=True, text=True,
                            env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-4000:]
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found == {}, f"importing a library module imported the commands: {found}"


def test_no_library_module_imports_the_commands_inside_a_function():
    """Imports in function bodies run later than the subprocess above can see; read them from the source."""
    offenders = []
    for path in library_files():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            if any(_is_command(t) for t in targets):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert offenders == []


def test_library_module_file_names_are_unique():
    by_name = collections.defaultdict(list)
    for path in library_files():
        if path.name != "__init__.py":
            by_name[path.name].append(str(path.relative_to(PACKAGE.parent)))
    assert {name: paths for name, paths in by_name.items() if len(paths) > 1} == {}


def test_the_walk_sees_every_floor():
    """The checks above cover the packages they are meant to (a moved tree would otherwise pass silently)."""
    names = {_module_name(f) for f in library_files()}
    for package in ("patchzoo.kernels", "patchzoo.patches", "patchzoo.models", "patchzoo.evals",
                    "patchzoo.conversion", "patchzoo.training", "patchzoo.tiny"):
        assert package in names
    assert "patchzoo.kernels.moe.forward" in names
    assert not any(_is_command(n) for n in names)
