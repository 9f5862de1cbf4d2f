"""Bad input to `patchzoo quantize` and broken GPTQ checkpoints get one line naming the problem: exit 2 for the
command (no traceback, no network), a ValueError naming the missing tensor or the bad setting for the loader."""

import ast
import json
import socket
from pathlib import Path

import pytest
import torch
import transformers
from safetensors.torch import load_file, save_file

import patchzoo
from patchzoo.cli import main
from patchzoo.conversion.gptq_twin import dequantized_twin
from patchzoo.tiny.build import tiny_gptq_checkpoint

BROKEN_LAYER = "model.layers.0.self_attn.q_proj"


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the network was touched")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def run_quantize(capsys, *args) -> tuple[int, str]:
    capsys.readouterr()  # what building the fixtures printed
    status = main(["quantize", *args, "--no-progress", "--device", "cpu"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("patchzoo quantize: error: "), err
    return status, err


def test_quantize_missing_model_is_one_line(no_network, tmp_path, capsys):
    calib = tmp_path / "calib.txt"
    calib.write_text("text " * 100)
    status, err = run_quantize(capsys, "--model", str(tmp_path / "nope"), "--calib", str(calib),
                               "--out", str(tmp_path / "q"))
    assert status == 2 and "nope" in err and "no such directory" in err


def test_quantize_missing_calibration_file_is_one_line(no_network, tiny_checkpoints, tmp_path, capsys):
    status, err = run_quantize(capsys, "--model", str(tiny_checkpoints("llama")), "--calib", str(tmp_path / "none.txt"),
                               "--out", str(tmp_path / "q"))
    assert status == 2 and "--calib" in err and "none.txt" in err


def test_quantize_refuses_too_little_calibration_text(no_network, tiny_checkpoints, tmp_path, capsys):
    calib = tmp_path / "calib.txt"
    calib.write_text("Three tokens here")
    status, err = run_quantize(capsys, "--model", str(tiny_checkpoints("llama")), "--calib", str(calib),
                               "--out", str(tmp_path / "q"))
    assert status == 2 and "at least 160" in err  # the tiny Llama's down_proj has 160 inputs
    assert not (tmp_path / "q").exists()


def test_quantize_names_a_bad_group_size(no_network, tiny_checkpoints, tmp_path, capsys):
    status, err = run_quantize(capsys, "--model", str(tiny_checkpoints("llama")), "--calib", "x", "--out",
                               str(tmp_path / "q"), "--group-size", "-5")
    assert status == 2 and "--group-size -5" in err


@pytest.fixture(scope="module")
def gptq_checkpoint(tmp_path_factory):
    return tiny_gptq_checkpoint(tmp_path_factory.mktemp("gptq"))


def broken_copy(source: Path, directory: Path, drop: str | None = None, group_size: int | None = None) -> Path:
    """A copy of the checkpoint without the tensor `drop` of BROKEN_LAYER, or with another config group_size."""
    directory.mkdir()
    for file in source.iterdir():
        (directory / file.name).write_bytes(file.read_bytes())
    if drop:
        tensors = load_file(source / "model.safetensors")
        del tensors[f"{BROKEN_LAYER}.{drop}"]
        save_file(tensors, directory / "model.safetensors", metadata={"format": "pt"})
    if group_size:
        config = json.loads((source / "config.json").read_text())
        config["quantization_config"]["group_size"] = group_size
        (directory / "config.json").write_text(json.dumps(config))
    return directory


@pytest.mark.parametrize("tensor", ["scales", "qzeros", "qweight"])
def test_gptq_checkpoint_missing_tensor_is_named(no_network, gptq_checkpoint, tmp_path, tensor):
    broken = broken_copy(gptq_checkpoint, tmp_path / "broken", drop=tensor)
    for load in (lambda: patchzoo.AutoModel.from_pretrained(broken),
                 lambda: dequantized_twin(transformers.LlamaForCausalLM, broken)):
        with pytest.raises(ValueError) as info:
            load()
        message = str(info.value)
        assert f"lacks {BROKEN_LAYER}.{tensor} " in message and "\n" not in message
        assert "q_proj.weight" not in message


def test_gptq_checkpoint_with_another_group_size_names_it(no_network, gptq_checkpoint, tmp_path):
    broken = broken_copy(gptq_checkpoint, tmp_path / "broken", group_size=100)
    for load in (lambda: patchzoo.AutoModel.from_pretrained(broken),
                 lambda: dequantized_twin(transformers.LlamaForCausalLM, broken)):
        with pytest.raises(ValueError, match=r"group_size=100 makes \d+ group\(s\) of its \d+ inputs, but \S+\.scales ") as info:
            load()
        assert "group_size=32 would" in str(info.value) and "\n" not in str(info.value)


def test_gptq_layer_module_imports_neither_loader_nor_fusion():
    """patches/gptq_linear.py (the layer) is imported by gptq_fusion.py and gptq_loading.py: no import circle."""
    source = Path(patchzoo.__file__).parent / "patches" / "gptq_linear.py"
    imported = {node.module for node in ast.walk(ast.parse(source.read_text())) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"patchzoo.patches.gptq_fusion", "patchzoo.patches.gptq_loading"}


def test_zoo_still_loads_the_intact_checkpoint(gptq_checkpoint):
    model = patchzoo.AutoModel.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    assert model(torch.tensor([[5, 6, 7]])).logits.shape == (1, 3, model.config.vocab_size)
