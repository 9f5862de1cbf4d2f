"""patchzoo: patched Hugging Face transformer architectures, drop-in by class name.

    from patchzoo import BertModel            # the zoo twin of transformers.BertModel
    model = BertModel.from_pretrained(path)    # same checkpoints in and out

Zoo classes are resolved lazily through patchzoo.registry, so importing patchzoo does not import
Triton or any architecture that is not used.
"""

from patchzoo.registry import AutoModel, UnsupportedArchitectureError, all_zoo_classes, patch

__version__ = "0.1.0"

# Ops that are public API beside the classes: name -> module.
_PUBLIC_OPS = {
    "strip_padding": "patchzoo.patches.padding",
    "restore_padding": "patchzoo.patches.padding",
}

__all__ = ["AutoModel", "UnsupportedArchitectureError", "patch", "__version__", *_PUBLIC_OPS]


def __getattr__(name: str):
    if name in _PUBLIC_OPS:
        import importlib

        return getattr(importlib.import_module(_PUBLIC_OPS[name]), name)
    zoo = all_zoo_classes()
    if name in zoo:
        return zoo[name]
    raise AttributeError(f"module 'patchzoo' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(all_zoo_classes()) | set(_PUBLIC_OPS))
