"""The one hook every zoo class shares.

A zoo class is ``class BertModel(ZooModel, transformers.BertModel)``: it keeps the stock name, config
and state-dict keys, and overrides ``_zoo_patch()`` to adjust its submodules (swap a layer's class,
set an attention function, ...). The hook runs in both ways a zoo model comes to be:

- built by ``from_pretrained``/``__init__``: at the end of ``post_init()``, before weights load;
- converted by ``patchzoo.patch(model)``: right after the class swap, with weights already loaded.

So ``_zoo_patch`` must only re-class or re-wire modules, never re-create parameters.
"""

from __future__ import annotations

import importlib
import inspect
from functools import wraps
from typing import Callable, ClassVar

import torch.nn as nn
import transformers
from transformers.modeling_outputs import Seq2SeqLMOutput

# The name of the KV cache's argument, generate()'s model_kwargs key and the outputs' field: `cache` from
# transformers 5.24 on (which still takes `past_key_values` as an argument, with a deprecation warning per call),
# `past_key_values` before. Zoo forwards accept both and pass this one on.
CACHE_NAME = "cache" if "cache" in Seq2SeqLMOutput.__dataclass_fields__ else "past_key_values"


def with_stock_signature(stock_forward: Callable) -> Callable:
    """Decorator: a zoo forward ``(self, named, extra)`` shown and called with ``stock_forward``'s signature.

    The wrapper carries stock's signature, annotations (``**kwargs: Unpack[TransformersKwargs]``) and
    docstring (``functools.wraps``), as transformers inspects them, in every transformers version (e.g.
    ``cache`` from 5.24 on, ``past_key_values`` before). It binds a call's arguments by stock's parameter
    names into ``named`` (only those passed) and hands the rest of the keywords over as ``extra``: plain
    dict work, which torch.compile traces without a graph break (``inspect.Signature.bind`` it would not).
    """
    parameters = list(inspect.signature(stock_forward).parameters.values())[1:]  # without self
    names = tuple(p.name for p in parameters if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)

    def decorate(function: Callable) -> Callable:
        @wraps(stock_forward)
        def forward(self, *args, **kwargs):
            if len(args) > len(names):
                raise TypeError(f"forward() takes {len(names)} positional arguments but {len(args)} were given")
            named = dict(zip(names, args))
            for name in names[len(args):]:
                if name in kwargs:
                    named[name] = kwargs.pop(name)
            for name in names[: len(args)]:
                if name in kwargs:
                    raise TypeError(f"forward() got multiple values for argument {name!r}")
            return function(self, named, kwargs)

        return forward

    return decorate


class ZooModel:
    """Mixin placed before the stock transformers class in a zoo class's bases."""

    # One line for the parity table and the README: what this zoo class changes.
    zoo_feature: ClassVar[str] = ""

    def post_init(self):
        super().post_init()
        self._zoo_patch()

    @classmethod
    def is_custom_code(cls) -> bool:
        # transformers skips its checkpoint conversions (e.g. Mixtral's per-expert w1/w2/w3 -> fused experts) and
        # changes weight init for classes defined outside transformers; a zoo class loads stock checkpoints as its
        # stock class does (a zoo MixtralModel would otherwise keep random experts, silently).
        return False

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
            register_output_recording(module)
            changed += 1
    return changed


def _output_recording_registry() -> dict | None:
    for where in ("transformers.utils.output_capturing", "transformers.utils.generic"):
        try:
            registry = getattr(importlib.import_module(where), "_CAN_RECORD_REGISTRY", None)
        except ImportError:
            continue
        if registry is not None:
            return registry
    return None


def register_output_recording(model: nn.Module) -> None:
    """Let transformers record hidden states / attentions of class-swapped models.

    transformers 5.x looks up a model's ``_can_record_outputs`` in a registry keyed by ``str(model.__class__)``,
    filled in ``PreTrainedModel.__init__``; a module whose class was swapped afterwards would record nothing
    (``output_hidden_states=True`` would return None). The key is written with ``dict.__setitem__`` because
    5.17 keeps a plain dict and 5.23 a dict subclass whose ``__setitem__`` takes the model instead.
    """
    registry = _output_recording_registry()
    if registry is None:
        return
    for module in model.modules():
        if isinstance(module, transformers.PreTrainedModel):
            dict.__setitem__(registry, str(module.__class__), module._can_record_outputs)
