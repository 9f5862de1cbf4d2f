"""Tiny checkpoints: every preset builds, saves with save_pretrained and loads back unchanged."""

import pytest
import torch
import transformers

from patchzoo.tiny.presets import TINY_PRESETS, get_preset
from patchzoo.tiny.build import tiny_checkpoint, tiny_model, tiny_tokenizer


@pytest.mark.parametrize("arch", list(TINY_PRESETS))
def test_tiny_checkpoint_round_trip(arch, tmp_path):
    path = tiny_checkpoint(arch, tmp_path / arch, seed=3)
    preset = get_preset(arch)
    config = transformers.AutoConfig.from_pretrained(path)
    assert config.architectures == [preset.architecture]
    loaded = getattr(transformers, preset.architecture).from_pretrained(path)
    original = tiny_model(arch, seed=3).state_dict()
    for key, value in loaded.state_dict().items():
        torch.testing.assert_close(value, original[key], rtol=0, atol=0, msg=key)
    assert transformers.AutoTokenizer.from_pretrained(path).pad_token_id == 0


def test_seed_changes_weights():
    a, b = tiny_model("llama", seed=0), tiny_model("llama", seed=1)
    assert not torch.equal(a.lm_head.weight, b.lm_head.weight)


def test_tiny_tokenizer_ids_fit_the_tiny_vocab():
    tokenizer = tiny_tokenizer()
    ids = tokenizer("The quick brown fox, the capital of France and 4-bit weights.")["input_ids"]
    assert ids and max(ids) < TINY_PRESETS["llama"].config["vocab_size"]
    assert tokenizer.decode(ids) == "The quick brown fox, the capital of France and 4-bit weights."


def test_unknown_preset_names_the_choices():
    with pytest.raises(ValueError, match="unknown architecture .gpt2.; choose from bert, .*t5"):
        get_preset("gpt2")
