"""A method a zoo class binds on a module instance (a train-mode forward, a `train` that rebinds it) must be bound to
that module: one bound to another object runs that object's layers. Modules replaced after the zoo bound them (the
GPTQ Llama's fused q/k/v and gate/up, built from the modules they replace) must not carry the old bindings along
(tests/test_llama.py checks the fused layers' calls). The invariant, on every zoo architecture loaded with
from_pretrained, in both modes."""

from __future__ import annotations

import types

import pytest
import torch

import patchzoo
from patchzoo.tiny.build import tiny_gptq_checkpoint
from patchzoo.tiny.presets import TINY_PRESETS


def foreign_bindings(model: torch.nn.Module) -> list[str]:
    """'<module>.<attribute>' for each instance attribute that is a method bound to some other object."""
    return [f"{name or 'model'}.{attr}" for name, module in model.named_modules()
            for attr, value in vars(module).items()
            if isinstance(value, types.MethodType) and value.__self__ is not module]


def assert_bound_to_themselves(model: torch.nn.Module) -> None:
    for mode in ("eval", "train", "eval"):
        getattr(model, mode)()
        assert foreign_bindings(model) == [], mode


@pytest.mark.parametrize("arch", sorted(TINY_PRESETS))
def test_zoo_models_bind_methods_to_their_own_modules(arch, tiny_checkpoints):
    zoo_class = getattr(patchzoo, TINY_PRESETS[arch].architecture)
    assert_bound_to_themselves(zoo_class.from_pretrained(tiny_checkpoints(arch), dtype=torch.float32))


def test_gptq_llama_binds_methods_to_its_own_modules(tmp_path):
    model = patchzoo.LlamaForCausalLM.from_pretrained(tiny_gptq_checkpoint(tmp_path), dtype=torch.float32)
    assert_bound_to_themselves(model)
