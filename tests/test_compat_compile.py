"""torch.compile drop-in: `torch.compile(model)` of every architecture's zoo class trains and infers as stock does.

A training step (loss, then every parameter's gradient) and an eval forward of the compiled zoo model against
the eager stock model, on the same tiny checkpoint and padded batch. Compiled with dynamo's aot_eager backend
(Dynamo's tracing and AOTAutograd's forward/backward graphs, without Inductor's code generation, which takes
minutes per model on 2 CPU cores; transformers' own test_torch_compile_for_training is not run in CI for the
same reason). Inductor on the GPU: test_bert_compile.py, test_moe_training.py, test_t5.py.
"""

import pytest
import torch
import transformers

import patchzoo
from patchzoo.tiny.presets import get_preset
from test_compat_trainer import ARCHS, NO_DROPOUT, rows


@pytest.fixture(autouse=True)
def moe_reference(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "0")  # the fused MoE's PyTorch reference: the kernels have their own tests


def load_pair(arch: str, path):
    stock_cls = getattr(transformers, get_preset(arch).architecture)
    zoo_cls = patchzoo.registry.all_zoo_classes()[stock_cls.__name__]
    overrides = NO_DROPOUT.get(arch, {})
    return stock_cls.from_pretrained(path, **overrides), zoo_cls.from_pretrained(path, **overrides)


@pytest.mark.parametrize("arch", ARCHS)
def test_compiled_zoo_trains_and_infers_as_eager_stock(arch, tiny_checkpoints):
    stock, zoo = load_pair(arch, tiny_checkpoints(arch))
    examples = rows(arch, stock.config)[:2]
    batch = {key: torch.stack([e[key] for e in examples]) for key in examples[0]}
    torch._dynamo.reset()
    compiled = torch.compile(zoo, backend="aot_eager")

    for model in (stock.train(), zoo.train()):
        torch.manual_seed(0)
        (compiled if model is zoo else model)(**batch).loss.backward()
    stock_params = dict(stock.named_parameters())
    for name, param in zoo.named_parameters():
        expected = stock_params[name].grad
        assert (param.grad is None) == (expected is None), name
        if expected is not None:
            torch.testing.assert_close(param.grad, expected, rtol=1e-4, atol=1e-6, msg=name)

    stock.eval(), zoo.eval()
    with torch.no_grad():
        expected, got = stock(**batch), compiled(**batch)
    torch.testing.assert_close(got.loss, expected.loss, rtol=1e-5, atol=1e-6)
    expected_logits = expected.logits
    if arch == "bert":  # with labels the zoo's MLM head returns the labelled positions' logits only (README)
        expected_logits = expected_logits[batch["labels"] != -100]
    torch.testing.assert_close(got.logits, expected_logits, rtol=1e-4, atol=1e-5)
    torch._dynamo.reset()
