"""The zoo LlamaForCausalLM's training fast path (fused LM head + loss): stock's loss and every gradient, through
from_pretrained and patch(); stock's exact outputs wherever the fast path does not apply; HF Trainer trains alike."""

import math

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models.llama import use_training_kernels
from patchzoo.testing import tiny_model

IDS = torch.randint(4, 512, (2, 11), generator=torch.Generator().manual_seed(0))


def pair():
    """Stock and zoo twins holding the same weights, in train mode."""
    stock = tiny_model("llama").train()
    zoo = patchzoo.patch(tiny_model("llama")).train()
    assert type(zoo) is patchzoo.LlamaForCausalLM
    # the fused loss alone: the block's training kernels (equal to rounding) have tests/test_llama_training_kernels.py
    use_training_kernels(zoo, rms_norm=False, swiglu=False, rope=False)
    zoo.fused_training_loss = True
    return stock, zoo


def assert_same_loss_and_grads(stock, zoo, **kwargs):
    expected = stock(**kwargs)
    got = zoo(**kwargs)
    assert got.logits is None  # the fast path ran: no (tokens x vocab) logits
    torch.testing.assert_close(got.loss, expected.loss, rtol=1e-6, atol=1e-6)
    (expected.loss * 2).backward()
    (got.loss * 2).backward()
    for (name, p), (_, q) in zip(stock.named_parameters(), zoo.named_parameters(), strict=True):
        torch.testing.assert_close(q.grad, p.grad, rtol=1e-5, atol=1e-7, msg=lambda m, name=name: f"{name}: {m}")


def test_training_loss_and_every_gradient_equal_stock():
    stock, zoo = pair()
    labels = IDS.clone()
    labels[0, :3] = -100  # prompt tokens masked out
    mask = torch.ones_like(IDS)
    mask[1, -2:] = 0  # right padding
    labels[1, -2:] = -100
    assert_same_loss_and_grads(stock, zoo, input_ids=IDS, attention_mask=mask, labels=labels)


def test_gradient_accumulation_arguments_equal_stock():
    """HF Trainer passes num_items_in_batch (sum / count over the accumulated batches); shift_labels too."""
    stock, zoo = pair()
    assert_same_loss_and_grads(stock, zoo, input_ids=IDS, labels=IDS, num_items_in_batch=torch.tensor(37))
    stock, zoo = pair()
    shifted = torch.roll(IDS, -1, dims=1)
    shifted[:, -1] = -100
    assert_same_loss_and_grads(stock, zoo, input_ids=IDS, shift_labels=shifted, labels=IDS)


def test_stock_outputs_where_the_fast_path_does_not_apply():
    stock, zoo = pair()
    cases = [
        ("eval", dict(input_ids=IDS, labels=IDS)),
        ("train", dict(input_ids=IDS)),  # no labels
        ("no_grad", dict(input_ids=IDS, labels=IDS)),
        ("default", dict(input_ids=IDS, labels=IDS)),  # off unless asked for: stock's logits
    ]
    for mode, kwargs in cases:
        for model in (stock, zoo):
            model.train(mode != "eval")
        zoo.fused_training_loss = mode != "default"
        with torch.set_grad_enabled(mode != "no_grad"):
            expected, got = stock(**kwargs), zoo(**kwargs)
        assert torch.equal(got.logits, expected.logits), mode
        assert (got.loss is None) == (expected.loss is None), mode
        if expected.loss is not None:
            assert torch.equal(got.loss, expected.loss), mode
    assert "fused_training_loss" not in zoo.config.to_dict()


def test_from_pretrained_and_forward_signature(tiny_checkpoints):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama")).train()
    assert zoo(input_ids=IDS, labels=IDS).logits is not None  # opt-in only
    zoo.fused_training_loss = True
    assert zoo(input_ids=IDS, labels=IDS).logits is None
    assert zoo(IDS, labels=IDS).logits is None  # input_ids by position
    import inspect

    assert inspect.signature(zoo.forward) == inspect.signature(transformers.LlamaForCausalLM.from_pretrained(
        tiny_checkpoints("llama")).forward)


def trainer_losses(model, tmp_path):
    from transformers import Trainer, TrainingArguments

    tokens = torch.randint(4, 512, (8, 12), generator=torch.Generator().manual_seed(1))
    rows = [{"input_ids": row, "labels": row} for row in tokens]
    args = TrainingArguments(output_dir=str(tmp_path), per_device_train_batch_size=2, gradient_accumulation_steps=2,
                             max_steps=2, learning_rate=1e-3, logging_steps=1, report_to=[], save_strategy="no",
                             use_cpu=True, seed=0, data_seed=0, dataloader_num_workers=0)
    trainer = Trainer(model=model, args=args, train_dataset=rows)
    trainer.train()
    return [entry["loss"] for entry in trainer.state.log_history if "loss" in entry]


def test_hf_trainer_trains_the_zoo_model_like_stock(tmp_path):
    pytest.importorskip("accelerate")
    stock, zoo = pair()
    expected = trainer_losses(stock, tmp_path / "stock")
    got = trainer_losses(zoo, tmp_path / "zoo")
    assert len(got) == len(expected) == 2
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.gpu
def test_bf16_training_step_on_gpu_matches_stock():
    """bf16 on the GPU (the compiled chunk path of the fused loss): stock's loss and gradients to bf16 rounding."""
    stock = tiny_model("llama").to("cuda", torch.bfloat16).train()
    zoo = patchzoo.patch(tiny_model("llama")).to("cuda", torch.bfloat16).train()
    zoo.fused_training_loss = True
    ids = torch.randint(4, 512, (4, 300), device="cuda", generator=torch.Generator("cuda").manual_seed(0))
    expected, got = stock(input_ids=ids, labels=ids), zoo(input_ids=ids, labels=ids)
    assert got.logits is None
    torch.testing.assert_close(got.loss, expected.loss, rtol=1e-2, atol=1e-2)
    expected.loss.backward()
    got.loss.backward()
    for (name, p), (_, q) in zip(stock.named_parameters(), zoo.named_parameters(), strict=True):
        error = (q.grad.float() - p.grad.float()).norm() / p.grad.float().norm()
        assert error < 2e-2, f"{name}: relative error {error:.3g}"


@pytest.mark.gpu
@pytest.mark.parametrize("master_dtype", [torch.float32, torch.bfloat16])
def test_train_loop_on_one_gpu(master_dtype, tiny_checkpoints, monkeypatch):
    """`patchzoo train`'s loop on one GPU: fp32 masters go through FSDP (bf16 compute), bf16 masters skip it."""
    import torch.distributed as dist

    for name in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        monkeypatch.delenv(name, raising=False)  # train() starts a one-rank group; monkeypatch restores the absence
    from patchzoo.patches.fsdp import ParallelConfig
    from patchzoo.training.trainer import TrainConfig, train

    config = TrainConfig(model=str(tiny_checkpoints("llama")), seq_len=128, batch_size=2, steps=4, warmup_steps=2,
                         log_every=1, master_dtype=master_dtype, parallel=ParallelConfig(compile=False))
    try:
        logs = train(config)
    finally:
        dist.destroy_process_group()
    assert [log.step for log in logs] == [1, 2, 3, 4]
    assert all(log.mfu is not None and log.max_memory_gib > 0 for log in logs)
    # The synthetic stream is uniform random tokens: 4 steps cannot lower the loss reliably, but an untrained
    # model's loss on it sits at ln(vocab); a broken loop (NaN, wrong labels, no update) does not.
    vocab = transformers.AutoConfig.from_pretrained(config.model).vocab_size
    assert all(abs(log.loss - math.log(vocab)) < 0.5 for log in logs), [log.loss for log in logs]
