"""patchzoo: patched Hugging Face transformer architectures, drop-in by class name.

    from patchzoo import BertModel            # the zoo twin of transformers.BertModel
    model = BertModel.from_pretrained(path)    # same checkpoints in and out

Everything here is resolved lazily: ``import patchzoo`` imports neither torch nor transformers (so the
``patchzoo`` command's --help is fast), and a zoo class imports only its own architecture's module.
"""

import importlib
import importlib.util

__version__ = "0.1.0"

# Public names other than the zoo classes: name -> module.
_PUBLIC = {
    "AutoModel": "patchzoo.registry",
    "UnsupportedArchitectureError": "patchzoo.registry",
    "patch": "patchzoo.registry",
    "all_zoo_classes": "patchzoo.registry",
    "strip_padding": "patchzoo.patches.padding",
    "restore_padding": "patchzoo.patches.padding",
}

__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(importlib.import_module(_PUBLIC[name]), name)
    if name.startswith("__"):  # e.g. __path__ probes by importlib: no registry import for those
        raise AttributeError(name)
    # `from patchzoo import cli` asks for the attribute before it imports the submodule: give the submodule,
    # not every zoo class (which imports torch and transformers).
    if importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    zoo = importlib.import_module("patchzoo.registry").all_zoo_classes()
    if name in zoo:
        return zoo[name]
    raise AttributeError(f"module 'patchzoo' has no attribute {name!r}")


def __dir__():
    zoo = importlib.import_module("patchzoo.registry").all_zoo_classes()
    return sorted(set(globals()) | set(zoo) | set(_PUBLIC))
