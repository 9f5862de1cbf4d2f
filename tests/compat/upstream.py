"""transformers' own common model tests (``ModelTesterMixin``), fetched for the installed version.

They ship in the transformers sdist on PyPI (``tests/test_modeling_common.py``), not in the wheel. The
first use downloads the sdist with pip (``pip download --no-deps --no-binary :all:``), extracts the
top-level ``tests/*.py`` into a cache directory as the package ``transformers_upstream_tests`` and
imports ``test_modeling_common`` from it; later runs reuse the cache. Nothing is vendored.

The sdist holds only the top-level test files: ``tests/generation/test_utils.py`` (GenerationTesterMixin)
and ``tests/exporters/test_export.py`` (ExportTesterMixin), which ``test_modeling_common`` imports, are not
in it. They are supplied as empty mixins, so the generation and export tests of those two mixins are
not run (``generation_mixin_available()`` says whether the real one was found).

Cache: ``$PATCHZOO_TRANSFORMERS_TESTS`` or ``~/.cache/patchzoo/transformers-tests/<version>``.
``load_common_tests()`` returns the module, or None with the reason (no network, no pip, an sdist
without the file); the compat tests then skip with that one line.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tarfile
import tempfile
from functools import cache
from pathlib import Path

import transformers

PACKAGE = "transformers_upstream_tests"
# Imported by test_modeling_common but not shipped in the sdist: module -> the class it must define.
ABSENT_FROM_SDIST = {"exporters/test_export.py": "ExportTesterMixin", "generation/test_utils.py": "GenerationTesterMixin"}


def cache_dir() -> Path:
    default = Path.home() / ".cache" / "patchzoo" / "transformers-tests" / transformers.__version__
    return Path(os.environ.get("PATCHZOO_TRANSFORMERS_TESTS", default))


def _fetch(root: Path) -> None:
    """Download the sdist of the installed transformers and extract its top-level tests/*.py under root."""
    with tempfile.TemporaryDirectory() as download:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "--no-build-isolation",
             "--quiet", "--dest", download, f"transformers=={transformers.__version__}"],
            check=True, capture_output=True, timeout=300,
        )
        (sdist,) = Path(download).glob("transformers-*.tar.gz")
        package = root / PACKAGE
        package.mkdir(parents=True, exist_ok=True)
        with tarfile.open(sdist) as archive:
            for member in archive.getmembers():
                parts = Path(member.name).parts  # ("transformers-X", "tests", "file.py")
                if len(parts) == 3 and parts[1] == "tests" and parts[2].endswith(".py") and member.isfile():
                    (package / parts[2]).write_bytes(archive.extractfile(member).read())
    (package / "__init__.py").touch()
    for relative, class_name in ABSENT_FROM_SDIST.items():
        path = package / relative
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            (path.parent / "__init__.py").touch()
            path.write_text(
                f'"""Not in the transformers sdist: an empty {class_name}, so test_modeling_common imports."""\n\n\n'
                f"class {class_name}:\n    pass\n"
            )


@cache
def load_common_tests():
    """(test_modeling_common module or None, reason when None)."""
    root = cache_dir()
    if not (root / PACKAGE / "test_modeling_common.py").exists():
        try:
            _fetch(root)
        except (OSError, subprocess.SubprocessError, ValueError) as error:
            detail = getattr(error, "stderr", b"") or b""
            return None, f"transformers {transformers.__version__} sdist not available ({type(error).__name__}: {detail.decode()[-200:].strip() or error})"
        if not (root / PACKAGE / "test_modeling_common.py").exists():
            return None, f"the transformers {transformers.__version__} sdist has no tests/test_modeling_common.py"
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        return importlib.import_module(f"{PACKAGE}.test_modeling_common"), ""
    except ImportError as error:
        return None, f"transformers' test_modeling_common does not import here ({error})"


def generation_mixin_available() -> bool:
    """Whether the real GenerationTesterMixin was found (it is not in the PyPI sdist)."""
    path = cache_dir() / PACKAGE / "generation" / "test_utils.py"
    return path.exists() and "Not in the transformers sdist" not in path.read_text()
