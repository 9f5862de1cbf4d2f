"""PEFT (LoRA) drop-in: a LoRA fine-tuning script with only the import changed trains the zoo class as stock's.

Each architecture's zoo and stock classes load the same tiny checkpoint, get the same LoRA adapters (same seed,
PEFT's default target modules for the model type, or the attention projections where PEFT has none), train a
few AdamW steps on the same padded batches, and must give stock's losses and adapter weights; merging the
adapters back leaves a zoo model of the zoo class with stock's merged weights.
"""

import pytest
import torch
import transformers

import patchzoo
from test_compat_compile import load_pair
from test_compat_trainer import ARCHS, rows

peft = pytest.importorskip("peft", reason="peft is not installed (pip install -e '.[test]')")

TARGETS = {"seamless_m4t_v2": ["q_proj", "v_proj"], "mixtral": ["q_proj", "v_proj"]}  # PEFT has no default for these
TASKS = {"bert": None, "t5": "SEQ_2_SEQ_LM", "seamless_m4t_v2": "SEQ_2_SEQ_LM"}


@pytest.fixture(autouse=True)
def moe_reference(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "0")  # the fused MoE's PyTorch reference: the kernels have their own tests


def with_lora(model, arch):
    torch.manual_seed(0)  # the same initial adapters for stock and zoo
    config = peft.LoraConfig(r=4, lora_alpha=8, lora_dropout=0.0, target_modules=TARGETS.get(arch),
                             task_type=TASKS.get(arch, "CAUSAL_LM"))
    return peft.get_peft_model(model, config)


def lora_train(model, arch, steps=3):
    """Losses of `steps` AdamW steps on one padded batch (dropout draws from a seeded generator)."""
    model.train()
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    examples = rows(arch, model.config)[:2]
    batch = {key: torch.stack([e[key] for e in examples]) for key in examples[0]}
    torch.manual_seed(1)
    losses = []
    for _ in range(steps):
        loss = model(**batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
    return losses


@pytest.mark.parametrize("arch", ARCHS)
def test_lora_trains_the_zoo_class_as_stock(arch, tiny_checkpoints):
    stock, zoo = load_pair(arch, tiny_checkpoints(arch))
    zoo_class = type(zoo)
    stock, zoo = with_lora(stock, arch), with_lora(zoo, arch)
    trainable = [n for n, p in zoo.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable if "classifier" not in n and "score" not in n)
    stock_losses, zoo_losses = lora_train(stock, arch), lora_train(zoo, arch)
    assert stock_losses[-1] < stock_losses[0], stock_losses
    torch.testing.assert_close(torch.tensor(zoo_losses), torch.tensor(stock_losses), rtol=1e-4, atol=1e-5)
    stock_state = stock.state_dict()
    for name, value in zoo.state_dict().items():
        if "lora_" in name:
            torch.testing.assert_close(value, stock_state[name], rtol=1e-3, atol=1e-4, msg=name)

    merged_stock, merged_zoo = stock.merge_and_unload(), zoo.merge_and_unload()
    assert type(merged_zoo) is zoo_class and isinstance(merged_zoo, patchzoo.registry.all_zoo_classes()[
        type(merged_stock).__name__])
    stock_state = merged_stock.state_dict()
    assert list(merged_zoo.state_dict()) == list(stock_state)
    for name, value in merged_zoo.state_dict().items():
        torch.testing.assert_close(value, stock_state[name], rtol=1e-3, atol=1e-4, msg=name)
    assert isinstance(merged_zoo, transformers.PreTrainedModel)
