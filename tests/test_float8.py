"""Float8 training (`patchzoo train --fp8`, ParallelConfig(float8=True)) through torchao: which layers convert, that a
float8 step stays near the float32 one, and that FSDP2 with float8 all-gather keeps checkpoints stock and resume exact
(2 CPU ranks, gloo; torch's emulated float8 matmul stands in for the GPU's)."""

import copy
import json
import os
import shutil
import subprocess
import sys

import pytest
import torch
import torch.nn as nn
import transformers

pytest.importorskip("torchao", reason="torchao is not installed (pip install torchao)")

from patchzoo import LlamaForCausalLM  # noqa: E402
from patchzoo.patches import float8  # noqa: E402
from patchzoo.testing import tiny_checkpoint  # noqa: E402

CORPUS = " ".join(f"Sentence {i}: the quick brown fox jumps over {i % 7} lazy dogs in float8." for i in range(60))
TRAIN_ARGS = ["--seq-len", "16", "--batch-size", "2", "--lr", "1e-3", "--warmup-steps", "2", "--log-every", "1",
              "--no-compile", "--param-dtype", "fp32", "--fp8"]


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    return tiny_checkpoint("llama", tmp_path_factory.mktemp("float8") / "tiny-llama")


def test_only_the_blocks_eligible_linears_convert_and_names_stay(checkpoint):
    model = LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32)
    model.model.layers[0].mlp.down_proj = nn.Linear(160, 72, bias=False)  # 72: not a multiple of 16
    keys = list(model.state_dict())
    assert float8.convert_linears_to_float8(copy.deepcopy(model)) == 0  # all below the size where float8 pays
    swapped = float8.convert_linears_to_float8(model, min_elements=0)
    assert swapped == 2 * 7 - 1  # q, k, v, o, gate, up, down per block, less the odd one
    assert type(model.model.layers[0].mlp.down_proj) is nn.Linear
    assert type(model.lm_head) is nn.Linear  # the fused loss reads its weight: stays bf16
    assert all(type(m).__name__ == "Float8Linear" for m in model.model.layers[1].modules()
               if isinstance(m, nn.Linear))
    assert list(model.state_dict()) == keys


def test_a_float8_step_stays_near_the_float32_step(checkpoint):
    torch.manual_seed(0)
    ids = torch.randint(3, 256, (2, 32))
    reference = LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32).train()
    model = LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32).train()
    float8.convert_linears_to_float8(model, min_elements=0)
    losses, grads = [], []
    for m in (reference, model):
        loss = m(input_ids=ids, labels=ids).loss
        loss.backward()
        losses.append(loss.item())
        grads.append(torch.cat([p.grad.flatten() for p in m.parameters()]))
    assert abs(losses[1] - losses[0]) < 0.02 * losses[0]
    cosine = torch.nn.functional.cosine_similarity(grads[0], grads[1], dim=0)
    assert cosine > 0.99, f"float8 gradients point elsewhere (cosine {cosine:.4f})"


def test_devices_without_float8_matmuls_are_refused(monkeypatch):
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda device=None: (8, 0))
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: "NVIDIA A100")
    with pytest.raises(float8.Float8Unavailable, match="compute capability 8.9"):
        float8.check_float8_device(torch.device("cuda", 0))
    float8.check_float8_device(torch.device("cpu"))  # emulated: allowed


def test_fp8_without_torchao_is_one_line(checkpoint, monkeypatch, capsys):
    import importlib.util

    from patchzoo import cli

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torchao" else real(name, *a))
    assert cli.main(["train", "--model", str(checkpoint), "--fp8", "--steps", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["patchzoo train: error: --fp8: needs torchao, which is not installed: pip install torchao"]


def _torchrun(tmp_path, checkpoint, name, *extra):
    logs = tmp_path / f"{name}.jsonl"
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2", "-m",
           "patchzoo.cli", "train", "--model", str(checkpoint), "--data", str(tmp_path / "corpus.txt"), *TRAIN_ARGS,
           "--steps", "4", "--ckpt-dir", str(tmp_path / name), "--json", str(logs), *extra]
    # every linear in float8 (the tiny model's are far below the size where float8 pays on a GPU)
    env = {**os.environ, "OMP_NUM_THREADS": "1", "TRITON_INTERPRET": "1", "PATCHZOO_FLOAT8_MIN_WEIGHTS": "0"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [json.loads(line) for line in logs.read_text().splitlines()]


def test_fsdp_float8_all_gather_resumes_exactly_and_converts_to_stock(checkpoint, tmp_path):
    (tmp_path / "corpus.txt").write_text(CORPUS)
    straight = _torchrun(tmp_path, checkpoint, "straight", "--ckpt-every", "1")
    assert [log["step"] for log in straight] == [1, 2, 3, 4]
    assert straight[-1]["loss"] < straight[0]["loss"]  # it learns

    shutil.copytree(tmp_path / "straight" / "step-0000002", tmp_path / "resumed" / "step-0000002")
    resumed = _torchrun(tmp_path, checkpoint, "resumed", "--resume")
    assert [log["step"] for log in resumed] == [3, 4]
    torch.testing.assert_close([log["loss"] for log in resumed], [log["loss"] for log in straight[2:]],
                               rtol=1e-5, atol=1e-5)

    from patchzoo import cli

    out = tmp_path / "hf"
    assert cli.main(["convert", "--dcp", str(tmp_path / "straight" / "step-0000004"), "--config", str(checkpoint),
                     "--out", str(out), "--dtype", "fp32"]) == 0
    converted = transformers.LlamaForCausalLM.from_pretrained(out, dtype=torch.float32)
    start = transformers.LlamaForCausalLM.from_pretrained(checkpoint, dtype=torch.float32)
    assert list(converted.state_dict()) == list(start.state_dict())
    moved = [k for k, v in converted.state_dict().items() if not torch.equal(v, start.state_dict()[k])]
    assert "model.layers.0.mlp.down_proj.weight" in moved  # float8 layers trained and saved as plain weights
