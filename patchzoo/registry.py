"""Which zoo class stands in for which stock transformers class.

Each architecture's zoo module (``patchzoo/models/<arch>.py``) declares ``ZOO_CLASSES``: a tuple of
subclasses of stock transformers classes, each with the stock class's ``__name__``. The registry maps
``config.model_type`` to that module and imports it lazily, so ``import patchzoo`` stays cheap and an
architecture whose module has not landed is simply "not patched yet".
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from functools import cache

import torch.nn as nn
import transformers

from patchzoo.models.base import register_output_recording

# config.model_type -> module holding that architecture's zoo classes.
ZOO_MODULES: dict[str, str] = {
    "bert": "patchzoo.models.bert",
    "roberta": "patchzoo.models.roberta",
    "xlm-roberta": "patchzoo.models.xlm_roberta",
    "t5": "patchzoo.models.t5",
    "mixtral": "patchzoo.models.mixtral",
    "llama": "patchzoo.models.llama",
    "seamless_m4t_v2": "patchzoo.models.seamless_speech",  # all five classes (text input in .seamless)
}


class UnsupportedArchitectureError(ValueError):
    """The zoo has no patched twin for this model class."""


@cache
def zoo_classes(model_type: str) -> dict[str, type[nn.Module]]:
    """Stock class name -> zoo class, for one model_type ({} when the zoo has none)."""
    module_name = ZOO_MODULES.get(model_type)
    if module_name is None or importlib.util.find_spec(module_name) is None:
        return {}
    module = importlib.import_module(module_name)
    classes = {}
    for zoo_cls in module.ZOO_CLASSES:
        stock_cls = getattr(transformers, zoo_cls.__name__)
        if not issubclass(zoo_cls, stock_cls):
            raise TypeError(f"{zoo_cls.__qualname__} must subclass transformers.{stock_cls.__name__}")
        classes[zoo_cls.__name__] = zoo_cls
    return classes


def all_zoo_classes() -> dict[str, type[nn.Module]]:
    """Every registered zoo class by its (stock) class name."""
    found = {}
    for model_type in ZOO_MODULES:
        found.update(zoo_classes(model_type))
    return found


def zoo_class_for(model_type: str, architecture: str) -> type[nn.Module] | None:
    return zoo_classes(model_type).get(architecture)


def is_patched(model_type: str) -> bool:
    return bool(zoo_classes(model_type))


def patch(model: nn.Module) -> nn.Module:
    """Turn an already-loaded stock model into its zoo twin, in place.

    The class of ``model`` is swapped for the zoo class of the same name and the zoo class's
    ``_zoo_patch()`` adjusts submodules; parameters and buffers are not copied or touched.
    A sentence-transformers ``SentenceTransformer`` (or CrossEncoder) is patched where it holds its Hugging Face
    model (each module's ``auto_model``); its tokenizer, pooling, normalisation and ``encode()`` batching stay its own.
    Returns the same object for convenience.
    """
    wrapped = _sentence_transformers_models(model)
    if wrapped is not None:
        for inner in wrapped:
            patch(inner)
        return model
    config = getattr(model, "config", None)
    model_type = getattr(config, "model_type", None)
    name = type(model).__name__
    zoo_cls = zoo_class_for(model_type, name) if model_type else None
    if zoo_cls is None:
        supported = ", ".join(sorted(all_zoo_classes())) or "none yet"
        raise UnsupportedArchitectureError(
            f"patchzoo has no patched twin for {name} (model_type={model_type!r}); supported classes: {supported}"
        )
    if type(model) is zoo_cls:
        return model  # already patched
    if type(model) is not getattr(transformers, name):
        raise UnsupportedArchitectureError(
            f"{type(model).__module__}.{name} is not the stock transformers.{name}; patch() only converts stock models"
        )
    model.__class__ = zoo_cls
    register_output_recording(model)
    model._zoo_patch()
    return model


def _sentence_transformers_models(model: nn.Module) -> list[nn.Module] | None:
    """The Hugging Face models a sentence-transformers model wraps, or None when `model` is not one.

    Read by duck typing (the module's package and its ``auto_model`` attributes), so patchzoo needs no import of
    sentence-transformers.
    """
    if not type(model).__module__.startswith("sentence_transformers"):
        return None
    found = [m.auto_model for m in model.modules() if isinstance(getattr(m, "auto_model", None), transformers.PreTrainedModel)]
    if not found:
        raise UnsupportedArchitectureError(
            f"{type(model).__name__} holds no Hugging Face transformers model (no module with an auto_model); "
            "patch() patches the transformers model a sentence-transformers model wraps")
    return found


class AutoModel:
    """Load any checkpoint with its zoo class when the zoo has one, else with the stock class.

    The class is picked from ``config.architectures[0]`` (or ``architecture=``), so a checkpoint saved
    as ``BertForMaskedLM`` comes back as ``patchzoo.BertForMaskedLM``.
    """

    def __init__(self):
        raise TypeError("use AutoModel.from_pretrained(path_or_id, ...)")

    @classmethod
    def resolve(cls, config, architecture: str | None = None) -> tuple[type[nn.Module], bool]:
        """(class to load with, is_zoo) for a config."""
        architecture = architecture or (config.architectures or [None])[0]
        if architecture is None:
            raise ValueError(
                "config.architectures is empty; pass architecture='BertModel' (or another class name) explicitly"
            )
        zoo_cls = zoo_class_for(config.model_type, architecture)
        if zoo_cls is not None:
            return zoo_cls, True
        stock_cls = getattr(transformers, architecture, None)
        if stock_cls is None:
            raise ValueError(f"transformers has no class {architecture!r} (from config.architectures)")
        return stock_cls, False

    @classmethod
    def from_pretrained(cls, path_or_id, *args, architecture: str | None = None, **kwargs):
        config = kwargs.pop("config", None)
        if config is None:
            config_kwargs = {k: kwargs[k] for k in ("revision", "token", "trust_remote_code", "cache_dir") if k in kwargs}
            config = transformers.AutoConfig.from_pretrained(path_or_id, **config_kwargs)
        model_cls, is_zoo = cls.resolve(config, architecture)
        if not is_zoo:
            warnings.warn(
                f"patchzoo has no patch for {model_cls.__name__} (model_type={config.model_type!r}); "
                "loading the stock transformers class",
                stacklevel=2,
            )
        return model_cls.from_pretrained(path_or_id, *args, config=config, **kwargs)
