"""What a zoo class binds on a module instance (the zoo Llama's train-mode forward, and a `train` that rebinds it)
must be bound to that module, and must travel with it: through torch.save(model) / torch.load, and through modules
built from it after loading (the GPTQ Llama's fused q/k/v and gate/up, whose fused layers run only if the old
bindings stay behind; tests/test_llama.py checks their calls). Checked on every zoo architecture loaded with
from_pretrained, in both modes."""

from __future__ import annotations

import io

import pytest
import torch

import patchzoo
from patchzoo.patches.instance_methods import bound_object
from patchzoo.tiny.build import tiny_gptq_checkpoint
from patchzoo.tiny.presets import TINY_PRESETS


def foreign_bindings(model: torch.nn.Module) -> list[str]:
    """'<module>.<attribute>' for each instance attribute bound to a module other than the one that holds it."""
    return [f"{name or 'model'}.{attr}" for name, module in model.named_modules()
            for attr, value in vars(module).items()
            if isinstance(bound_object(value), torch.nn.Module) and bound_object(value) is not module]


def assert_bound_to_themselves(model: torch.nn.Module) -> None:
    for mode in ("eval", "train", "eval"):
        getattr(model, mode)()
        assert {m.training for m in model.modules()} == {mode == "train"}
        assert foreign_bindings(model) == [], mode


def zoo_model(arch: str, tiny_checkpoints) -> torch.nn.Module:
    zoo_class = getattr(patchzoo, TINY_PRESETS[arch].architecture)
    return zoo_class.from_pretrained(tiny_checkpoints(arch), dtype=torch.float32)


def pickled_round_trip(model: torch.nn.Module) -> torch.nn.Module:
    buffer = io.BytesIO()
    torch.save(model, buffer)
    buffer.seek(0)
    return torch.load(buffer, weights_only=False)


def eval_outputs(model: torch.nn.Module) -> torch.Tensor:
    ids = torch.randint(4, 500, (2, 7), generator=torch.Generator().manual_seed(0))
    kwargs = {"decoder_input_ids": ids[:, :3]} if model.config.is_encoder_decoder else {}
    with torch.no_grad():
        return model.eval()(input_ids=ids, **kwargs).logits


@pytest.mark.parametrize("arch", sorted(TINY_PRESETS))
def test_zoo_models_bind_methods_to_their_own_modules(arch, tiny_checkpoints):
    assert_bound_to_themselves(zoo_model(arch, tiny_checkpoints))


def test_gptq_llama_binds_methods_to_its_own_modules_and_pickles(tmp_path):
    model = patchzoo.LlamaForCausalLM.from_pretrained(tiny_gptq_checkpoint(tmp_path), dtype=torch.float32)
    assert_bound_to_themselves(model)
    loaded = pickled_round_trip(model)
    assert_bound_to_themselves(loaded)
    torch.testing.assert_close(eval_outputs(loaded), eval_outputs(model), rtol=0, atol=0)


@pytest.mark.parametrize("mode", ["eval", "train"])
@pytest.mark.parametrize("arch", sorted(TINY_PRESETS))
def test_whole_model_pickles_as_stock_does(arch, mode, tiny_checkpoints):
    """torch.save(model) and torch.load(..., weights_only=False) give the same model back, its bindings its own."""
    model = zoo_model(arch, tiny_checkpoints)
    getattr(model, mode)()
    loaded = pickled_round_trip(model)
    assert type(loaded) is type(model) and loaded.training == (mode == "train")
    assert_bound_to_themselves(loaded)
    torch.testing.assert_close(eval_outputs(loaded), eval_outputs(model), rtol=0, atol=0)
