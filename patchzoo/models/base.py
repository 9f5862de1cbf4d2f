"""The one hook every zoo class shares.

A zoo class is ``class BertModel(ZooModel, transformers.BertModel)``: it keeps the stock name, config
and state-dict keys, and overrides ``_zoo_patch()`` to adjust its submodules (swap a layer's class,
set an attention function, ...). The hook runs in both ways a zoo model comes to be:

- built by ``from_pretrained``/``__init__``: at the end of ``post_init()``, before weights load;
- converted by ``patchzoo.patch(model)``: right after the class swap, with weights already loaded.

So ``_zoo_patch`` must only re-class or re-wire modules, never re-create parameters.
"""

from __future__ import annotations

from typing import ClassVar

import torch.nn as nn


class ZooModel:
    """Mixin placed before the stock transformers class in a zoo class's bases."""

    # One line for the parity table and the README: what this zoo class changes.
    zoo_feature: ClassVar[str] = ""

    def post_init(self):
        super().post_init()
        self._zoo_patch()

    def _zoo_patch(self) -> None:
        """Adjust submodules of a freshly built or freshly class-swapped model (override)."""


def swap_module_classes(root: nn.Module, mapping: dict[type, type]) -> int:
    """Re-class every submodule whose exact type is a key of ``mapping``; returns how many changed.

    Each value must subclass its key and add no parameters, so the state dict is unchanged.
    """
    changed = 0
    for module in root.modules():
        new_cls = mapping.get(type(module))
        if new_cls is not None:
            module.__class__ = new_cls
            changed += 1
    return changed
