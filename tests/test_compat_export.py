"""torch.export drop-in: every architecture's zoo class exports where its stock class does, and the exported
program gives stock's logits on real tokens, also for a padding other than the traced one (same shapes).
The zoo BERT's own export tests (dynamic shapes, strict mode, CUDA) are in test_bert_compile.py.
"""

import pytest
import torch
import transformers

import patchzoo
from patchzoo.tiny.presets import get_preset

ARCHS = ("bert", "t5", "llama", "mixtral", "seamless_m4t_v2")


def inputs(arch: str, pad_from: int) -> dict:
    g = torch.Generator().manual_seed(pad_from)
    ids = torch.randint(4, 500, (2, 9), generator=g)
    mask = torch.ones_like(ids)
    mask[1, pad_from:] = 0
    kwargs = {"input_ids": ids, "attention_mask": mask}
    if arch != "bert":
        kwargs["use_cache"] = False  # a cache object in the output needs a pytree registration (stock too)
    if arch in ("t5", "seamless_m4t_v2"):
        kwargs["decoder_input_ids"] = torch.randint(4, 500, (2, 4), generator=g)
    return kwargs


def real_tokens(logits: torch.Tensor, kwargs: dict) -> torch.Tensor:
    """Logits where the model reads a real token (the zoo BERT returns 0 at pads, stock does not)."""
    if logits.shape[1] == kwargs["attention_mask"].shape[1]:
        return logits[kwargs["attention_mask"].bool()]
    return logits


@pytest.fixture(autouse=True)
def moe_reference(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "0")  # the fused MoE's PyTorch reference: the kernels have their own tests


@pytest.mark.parametrize("arch", ARCHS)
def test_zoo_exports_where_stock_does_with_stocks_logits(arch, tiny_checkpoints):
    path = tiny_checkpoints(arch)
    stock_cls = getattr(transformers, get_preset(arch).architecture)
    stock = stock_cls.from_pretrained(path).eval()
    zoo = patchzoo.registry.all_zoo_classes()[stock_cls.__name__].from_pretrained(path).eval()
    traced = inputs(arch, pad_from=6)
    torch.export.export(stock, (), traced)  # stock exports: so must the zoo
    program = torch.export.export(zoo, (), traced).module()
    for kwargs in (traced, inputs(arch, pad_from=3)):
        with torch.no_grad():
            expected = stock(**kwargs).logits
        got = program(**kwargs)["logits"]
        # the exported graph may order fp32 sums differently from eager (1.2e-5 on one T5 logit of ~0.24 on one CPU)
        torch.testing.assert_close(real_tokens(got, kwargs), real_tokens(expected, kwargs), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("pattern", ["right", "left", "holes"])
def test_exported_bert_model_gives_the_eager_zoos_values_at_every_position(pattern, tiny_checkpoints):
    """The exported program traces stock's padded encoder; its pad positions hold what the eager zoo returns
    there (0 after packing; stock's own states where eager runs stock's padded path: a left-padded batch whose
    pooler reads a pad), its real positions stock's."""
    path = tiny_checkpoints("bert")
    zoo = patchzoo.registry.all_zoo_classes()["BertModel"].from_pretrained(path).eval()
    traced = inputs("bert", pad_from=6)
    program = torch.export.export(zoo, (), traced).module()
    kwargs = inputs("bert", pad_from=4)
    mask = kwargs["attention_mask"]
    if pattern == "left":
        mask[1] = mask[1].flip(0)
    elif pattern == "holes":
        mask[1] = 1
        mask[1, 2:4] = 0
    with torch.no_grad():
        eager = zoo(**kwargs)
        got = program(**kwargs)
    torch.testing.assert_close(got["last_hidden_state"], eager.last_hidden_state, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(got["pooler_output"], eager.pooler_output, rtol=1e-5, atol=1e-5)
    pads_zero = bool((eager.last_hidden_state[mask == 0] == 0).all())
    assert pads_zero == (pattern != "left")  # the case is the one it names
