"""FSDP2 training: the real `patchzoo train` entry point under torchrun (2 CPU ranks, gloo) equals plain
single-device training; resume and DCP -> HF conversion round-trip; FLOPs accounting."""

import json
import os
import shutil
import subprocess
import sys

import pytest
import torch
import transformers

from patchzoo.patches.fsdp import ParallelConfig, decoder_blocks
from patchzoo.testing import tiny_checkpoint
from patchzoo.training.flops import flops_per_token, matmul_parameters, model_flops_utilisation
from patchzoo.training.trainer import TokenStream, TrainConfig

CORPUS = " ".join(
    f"Sentence {i}: the quick brown fox jumps over {i % 7} lazy dogs while experts route tokens." for i in range(60)
)
TRAIN_ARGS = ["--seq-len", "16", "--batch-size", "2", "--lr", "1e-3", "--warmup-steps", "2", "--log-every", "1",
              "--ac-every", "1", "--ac-policy", "save_matmuls", "--no-compile", "--param-dtype", "fp32"]


def torchrun_train(tmp_path, checkpoint, *extra, name="run"):
    logs = tmp_path / f"{name}.jsonl"
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
           "-m", "patchzoo.cli", "train", "--model", str(checkpoint), "--data", str(tmp_path / "corpus.txt"),
           *TRAIN_ARGS, "--json", str(logs), *extra]
    env = {**os.environ, "OMP_NUM_THREADS": "1", "TRITON_INTERPRET": "1"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [json.loads(line) for line in logs.read_text().splitlines()]  # JSON Lines, one per log step


def reference_training(checkpoint, corpus, steps):
    """The same optimisation without FSDP: one process, both ranks' batches concatenated."""
    model = transformers.LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32).train()
    config = TrainConfig(model=str(checkpoint), data=str(corpus), seq_len=16, batch_size=2, lr=1e-3, warmup_steps=2)
    stream = TokenStream(config, model.config.vocab_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.1, betas=(0.9, 0.95))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda i: min(1.0, (i + 1) / 2))
    losses = []
    for step in range(steps):
        batch = torch.cat([stream.batch(step, 0, 2), stream.batch(step, 1, 2)])
        loss = model(input_ids=batch, labels=batch, use_cache=False).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        losses.append(loss.item())
    return model, losses


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """4 FSDP steps on 2 ranks with a checkpoint after every step, blocks kept gathered from forward to backward
    (the resume and float8 tests run the default, resharded after forward, on CPU ranks)."""
    tmp_path = tmp_path_factory.mktemp("fsdp")
    (tmp_path / "corpus.txt").write_text(CORPUS)
    checkpoint = tiny_checkpoint("llama", tmp_path / "tiny-llama")
    logs = torchrun_train(tmp_path, checkpoint, "--steps", "4", "--ckpt-dir", str(tmp_path / "ckpt"),
                          "--ckpt-every", "1", "--reshard-after-forward", "no")
    return tmp_path, checkpoint, logs


def test_fsdp_training_equals_single_device_training(trained):
    tmp_path, checkpoint, logs = trained
    reference, ref_losses = reference_training(checkpoint, tmp_path / "corpus.txt", steps=4)
    assert [log["step"] for log in logs] == [1, 2, 3, 4]
    torch.testing.assert_close([log["loss"] for log in logs], ref_losses, rtol=1e-5, atol=1e-5)
    assert all(log["tokens_per_s"] > 0 and log["mfu"] is None for log in logs)  # CPU: no peak, no MFU

    # The step-4 checkpoint, converted to HF, holds the reference model's weights.
    out = tmp_path / "hf"
    from patchzoo import cli

    assert cli.main(["convert", "--dcp", str(tmp_path / "ckpt" / "step-0000004"), "--config", str(checkpoint),
                     "--out", str(out), "--dtype", "fp32"]) == 0
    converted = transformers.LlamaForCausalLM.from_pretrained(out, dtype=torch.float32)
    expected = reference.state_dict()
    for key, value in converted.state_dict().items():
        torch.testing.assert_close(value, expected[key], rtol=1e-4, atol=1e-5, msg=key)
    assert (out / "tokenizer.json").is_file()


def test_resume_inside_warmup_continues_exactly(trained, tmp_path):
    """Resumed after step 1 of a 2-step warm-up: learning rate, optimizer and data continue as if never stopped."""
    run_dir, checkpoint, logs = trained
    shutil.copy(run_dir / "corpus.txt", tmp_path / "corpus.txt")
    shutil.copytree(run_dir / "ckpt" / "step-0000001", tmp_path / "ckpt" / "step-0000001")
    resumed = torchrun_train(tmp_path, checkpoint, "--steps", "4", "--ckpt-dir", str(tmp_path / "ckpt"),
                             "--resume", name="resumed")
    assert [log["step"] for log in resumed] == [2, 3, 4]
    assert [log["lr"] for log in resumed] == [log["lr"] for log in logs[1:]] == [1e-3] * 3
    torch.testing.assert_close([log["loss"] for log in resumed], [log["loss"] for log in logs[1:]],
                               rtol=1e-5, atol=1e-5)


def test_convert_rejects_a_mismatched_config(trained, tmp_path):
    run_dir, _, _ = trained
    from patchzoo.conversion.dcp_to_hf import convert_dcp_to_hf

    other = tiny_checkpoint("mixtral", tmp_path / "mixtral", tokenizer=False)
    with pytest.raises(ValueError, match="does not match MixtralForCausalLM"):
        convert_dcp_to_hf(run_dir / "ckpt" / "step-0000004", other, tmp_path / "out")


def test_flops_per_token_follows_the_palm_formula():
    from patchzoo.testing import tiny_model

    model = tiny_model("llama")
    c = model.config
    embedding = c.vocab_size * c.hidden_size
    assert matmul_parameters(model) == sum(p.numel() for p in model.parameters()) - embedding
    head_dim = c.hidden_size // c.num_attention_heads
    expected = 6 * matmul_parameters(model) + 12 * c.num_hidden_layers * c.num_attention_heads * head_dim * 128
    assert flops_per_token(model, 128) == expected
    # 2 GPUs at 1000 tokens/s together, 1e12 FLOPs per token, 1000 TFLOP/s peak each: half the peak.
    assert model_flops_utilisation(1000.0, 1e12, gpus=2, peak_tflops=1000.0) == 0.5


def test_parallel_config_and_blocks_validate():
    with pytest.raises(ValueError, match="ac_policy"):
        ParallelConfig(ac_policy="sometimes")
    with pytest.raises(ValueError, match="ac_every"):
        ParallelConfig(ac_every=-1)
    with pytest.raises(ValueError, match="declares no decoder block class"):
        decoder_blocks(torch.nn.Linear(2, 2))


def test_blocks_stay_gathered_only_when_small_beside_the_gpu_memory(monkeypatch, caplog):
    from patchzoo.patches import fsdp
    from patchzoo.testing import tiny_model

    blocks = decoder_blocks(tiny_model("llama"))
    gathered = sum(p.numel() for block in blocks for p in block.parameters()) * 2  # bf16
    auto = ParallelConfig()
    assert fsdp.choose_reshard_after_forward(blocks, auto)  # CPU parameters: no GPU memory to weigh
    monkeypatch.setattr(fsdp, "_device_memory", lambda device: gathered * 8)
    with caplog.at_level("INFO", logger=fsdp.__name__):
        assert not fsdp.choose_reshard_after_forward(blocks, auto)
    assert "keeping blocks gathered until backward" in caplog.text
    monkeypatch.setattr(fsdp, "_device_memory", lambda device: gathered * 8 - 1)
    assert fsdp.choose_reshard_after_forward(blocks, auto)
    assert not fsdp.choose_reshard_after_forward(blocks, ParallelConfig(reshard_after_forward=False))
    monkeypatch.setattr(fsdp, "_device_memory", lambda device: gathered * 100)
    assert fsdp.choose_reshard_after_forward(blocks, ParallelConfig(reshard_after_forward=True))


def test_parallelize_keeps_keys_and_outputs_with_compile_and_ac(monkeypatch):
    """One rank: AC + compiled blocks leave state-dict keys and the loss unchanged; with the parameters already in
    the compute dtype there is nothing for FSDP to do on one rank, so no parameter becomes a DTensor."""
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import DTensor

    from patchzoo.patches.fsdp import parallelize
    from patchzoo.testing import tiny_model
    from patchzoo.training.trainer import init_distributed

    for name in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        monkeypatch.delenv(name, raising=False)  # init_distributed sets them; monkeypatch restores the absence
    init_distributed()
    try:
        stock = tiny_model("llama").train()
        model = tiny_model("llama").train()
        keys = list(model.state_dict())
        config = ParallelConfig(ac_every=2, ac_policy="save_matmuls", compile_backend="eager", param_dtype=torch.float32)
        parallelize(model, init_device_mesh("cpu", (1,)), config)
        assert list(model.state_dict()) == keys
        assert not any(isinstance(p, DTensor) for p in model.parameters())
        ids = torch.randint(4, 500, (2, 12))
        expected = stock(input_ids=ids, labels=ids, use_cache=False).loss
        got = model(input_ids=ids, labels=ids, use_cache=False).loss
        torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-5)
        got.backward()
        assert all(p.grad is not None for p in model.parameters())
    finally:
        dist.destroy_process_group()
