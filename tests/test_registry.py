"""The loader, patch(), and the lazy top-level names, exercised through a stand-in zoo module."""

import pytest
import torch
import transformers

import patchzoo
from patchzoo import registry
from patchzoo.tiny.build import tiny_model


def test_auto_model_picks_zoo_class_from_config(llama_zoo_module, tiny_checkpoints):
    llama_zoo_module("standin_zoo_faithful")
    model = patchzoo.AutoModel.from_pretrained(tiny_checkpoints("llama"))
    assert type(model).__module__ == "standin_zoo_faithful"
    assert type(model).__name__ == "LlamaForCausalLM"
    assert model.zoo_patched  # the _zoo_patch hook ran during construction


def test_auto_model_falls_back_to_stock_with_warning(llama_zoo_module, tiny_checkpoints):
    llama_zoo_module("patchzoo.models.no_such_module")
    with pytest.warns(UserWarning, match="no patch for LlamaForCausalLM"):
        model = patchzoo.AutoModel.from_pretrained(tiny_checkpoints("llama"))
    assert type(model) is transformers.LlamaForCausalLM


def test_auto_model_needs_an_architecture(tmp_path):
    config = transformers.LlamaConfig(vocab_size=32, hidden_size=16, intermediate_size=32,
                                      num_hidden_layers=1, num_attention_heads=2)
    config.architectures = None
    with pytest.raises(ValueError, match="config.architectures is empty"):
        patchzoo.AutoModel.resolve(config)


def test_patch_swaps_class_in_place_and_keeps_weights(llama_zoo_module):
    llama_zoo_module("standin_zoo_faithful")
    model = tiny_model("llama")
    before = {k: v.clone() for k, v in model.state_dict().items()}
    ids = torch.randint(4, 500, (2, 7))
    with torch.no_grad():
        expected = model(ids).logits
    assert patchzoo.patch(model) is model
    assert type(model).__module__ == "standin_zoo_faithful" and model.zoo_patched
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())
    with torch.no_grad():
        torch.testing.assert_close(model(ids).logits, expected, rtol=0, atol=0)
    assert patchzoo.patch(model) is model  # patching twice is harmless


def test_patch_rejects_unsupported_architecture():
    config = transformers.GPT2Config(n_layer=1, n_embd=16, n_head=2, vocab_size=32, n_positions=16)
    with pytest.raises(patchzoo.UnsupportedArchitectureError, match="no patched twin for GPT2LMHeadModel"):
        patchzoo.patch(transformers.GPT2LMHeadModel(config))


def test_top_level_names_resolve_lazily(llama_zoo_module):
    llama_zoo_module("standin_zoo_faithful")
    assert patchzoo.LlamaForCausalLM.__module__ == "standin_zoo_faithful"
    with pytest.raises(AttributeError, match="NoSuchModel"):
        patchzoo.NoSuchModel


def test_zoo_class_must_subclass_its_stock_namesake(llama_zoo_module, tmp_path, monkeypatch):
    module = tmp_path / "standin_zoo_wrong_base.py"
    module.write_text(
        "import torch\nclass LlamaForCausalLM(torch.nn.Module):\n    pass\nZOO_CLASSES = (LlamaForCausalLM,)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    llama_zoo_module("standin_zoo_wrong_base")
    with pytest.raises(TypeError, match="must subclass transformers.LlamaForCausalLM"):
        registry.zoo_classes("llama")


@pytest.mark.parametrize("plain_dict", [False, True], ids=["installed_registry", "plain_dict"])
def test_class_swapped_models_keep_output_recording(monkeypatch, plain_dict):
    """transformers keys `_can_record_outputs` by str(model.__class__): a plain dict in 5.17, a dict subclass
    taking the model in 5.23. A swapped class must be findable under its new name in both."""
    from transformers.utils import output_capturing

    from patchzoo.models.base import register_output_recording

    model = tiny_model("bert")
    if plain_dict:
        monkeypatch.setattr(output_capturing, "_CAN_RECORD_REGISTRY", {})
    zoo = patchzoo.patch(model)
    registry = output_capturing._CAN_RECORD_REGISTRY
    for module in (zoo, zoo.bert):
        assert dict.get(registry, str(module.__class__)) == module._can_record_outputs
    assert type(zoo.bert).__module__ == "patchzoo.models.bert"  # the inner BertModel was swapped too
    register_output_recording(zoo)  # idempotent
    if not plain_dict:  # the installed registry: transformers' own lookup finds it, so hidden states come out
        ids = torch.randint(4, zoo.config.vocab_size, (2, 7))
        out = zoo(input_ids=ids, attention_mask=torch.ones_like(ids), output_hidden_states=True)
        assert len(out.hidden_states) == zoo.config.num_hidden_layers + 1
