"""Drop-in basics for every zoo class: the config object it is given is left as stock leaves it, and its
forward shows stock's signature and annotations.

What transformers' own tests and users rely on: ``config._attn_implementation`` reads the name asked for,
``config.output_attentions = True`` works after an eager build, a stock model built afterwards from the
same config object runs stock code, and ``inspect.signature(model.forward)`` is stock's.
"""

import inspect

import pytest
import torch
import transformers

from patchzoo.tiny.presets import get_preset
from patchzoo.registry import all_zoo_classes

ZOO_CLASSES = sorted(all_zoo_classes().items())


def tiny_config(zoo_cls):
    """The tiny preset config of the zoo class's architecture (presets are keyed by model_type)."""
    return get_preset(getattr(transformers, zoo_cls.__name__).config_class.model_type).build_config()


def config_state(config) -> dict:
    """Everything a config carries, sub-configs and the private implementation names included."""
    state = config.to_dict()
    state["_attn"] = config._attn_implementation
    state["_experts"] = getattr(config, "_experts_implementation", None)
    for key in getattr(config, "sub_configs", {}):
        sub = getattr(config, key, None)
        if sub is not None:
            state[f"_attn.{key}"] = sub._attn_implementation
    return state


@pytest.mark.parametrize("name, zoo_cls", ZOO_CLASSES, ids=[name for name, _ in ZOO_CLASSES])
def test_forward_shows_stocks_signature(name, zoo_cls):
    stock_cls = getattr(transformers, name)
    assert inspect.signature(zoo_cls.forward) == inspect.signature(stock_cls.forward)


@pytest.mark.parametrize("name", ["BertForMaskedLM", "T5ForConditionalGeneration", "T5EncoderModel", "T5Model",
                                  "SeamlessM4Tv2ForTextToText"])
@pytest.mark.parametrize("attn", [None, "eager", "sdpa"])
def test_config_object_is_left_as_stock_leaves_it(name, attn):
    zoo_cls = all_zoo_classes()[name]
    stock_cls = getattr(transformers, name)
    given, twin = tiny_config(zoo_cls), tiny_config(zoo_cls)
    if attn is not None:
        given._attn_implementation, twin._attn_implementation = attn, attn
    torch.manual_seed(0)
    zoo_cls(given)
    stock_cls(twin)
    assert config_state(given) == config_state(twin)
    assert given._attn_implementation == (attn or "sdpa")
    if given._attn_implementation == "eager":
        given.output_attentions = True  # stock raises this for any other implementation name
    # A stock model built from the same object afterwards holds only stock modules.
    later = stock_cls(given)
    zoo_modules = {type(m).__name__ for m in later.modules() if type(m).__module__.startswith("patchzoo")}
    assert not zoo_modules


def test_t5_zoo_attention_follows_set_attn_implementation():
    """The zoo's T5 attention modules read the implementation through the config: switching it switches
    them between the fp16-safe sdpa and eager twins, and the config reads the stock name."""
    zoo_cls = all_zoo_classes()["T5ForConditionalGeneration"]
    model = zoo_cls(tiny_config(zoo_cls))
    attention = model.encoder.block[0].layer[0].SelfAttention
    assert attention.config._attn_implementation == "patchzoo_fp16_sdpa"
    model.set_attn_implementation("eager")
    assert model.config._attn_implementation == model.encoder.config._attn_implementation == "eager"
    assert attention.config._attn_implementation == "patchzoo_fp16_t5_eager"


def test_t5_fp16_wo_scale_is_recorded_in_the_models_config_only():
    zoo_cls = all_zoo_classes()["T5ForConditionalGeneration"]
    given = tiny_config(zoo_cls)
    model = zoo_cls(given, fp16_wo_scale=16)
    assert model.config.fp16_wo_scale == 16 and not hasattr(given, "fp16_wo_scale")
