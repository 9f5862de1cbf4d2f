"""The main job: table, JSON, exit status — including a deliberately broken zoo model."""

import json

import pytest

from patchzoo import cli, registry
from patchzoo.evals import parity


def test_faithful_zoo_model_passes(llama_zoo_module, tmp_path, capsys):
    llama_zoo_module("standin_zoo_faithful")
    out_json = tmp_path / "rows.json"
    assert cli.main(["parity", "--arch", "llama", "--device", "cpu", "--json", str(out_json)]) == 0
    (row,) = json.loads(out_json.read_text())
    assert row["arch"] == "llama" and row["status"] == "pass"
    assert row["value"] <= row["tolerance"] and row["model_class"] == "LlamaForCausalLM"
    assert row["speedup"] is None  # not timed on a CPU, and the table says why instead of showing noise
    out = capsys.readouterr().out
    table, note = out.rstrip("\n").rsplit("\n", 1)
    assert "llama" in table and "stock/zoo time" not in table and note == parity.CPU_TIME_NOTE


def test_broken_zoo_model_fails_with_nonzero_exit(llama_zoo_module, capsys):
    llama_zoo_module("standin_zoo_broken")
    assert cli.main(["parity", "--arch", "llama", "--device", "cpu"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_unpatched_architecture_says_so_and_passes(llama_zoo_module, capsys):
    llama_zoo_module("patchzoo.models.no_such_module")
    assert cli.main(["parity", "--arch", "llama", "--device", "cpu", "--json", "-"]) == 0
    out = capsys.readouterr().out
    assert "not patched yet" in out and '"status": "not patched yet"' in out


def test_model_flag_picks_the_case_from_the_checkpoint(llama_zoo_module, tiny_checkpoints, capsys):
    llama_zoo_module("standin_zoo_faithful")
    assert cli.main(["parity", "--model", str(tiny_checkpoints("llama")), "--device", "cpu"]) == 0
    assert "pass" in capsys.readouterr().out


def test_gptq_checkpoint_picks_the_gptq_case_against_its_dequantized_twin(tmp_path, capsys):
    """`patchzoo parity --model` on a GPTQ checkpoint compares the zoo's GPTQ model with the stock class holding the
    dequantized weights (stock from_pretrained would need optimum/gptqmodel), and a wrong twin fails."""
    import torch
    import transformers

    from patchzoo.conversion.gptq_twin import dequantized_twin
    from patchzoo.testing import tiny_gptq_checkpoint

    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq")
    assert parity.case_for_config(transformers.AutoConfig.from_pretrained(checkpoint)).arch == "llama_gptq"
    assert cli.main(["parity", "--model", str(checkpoint), "--device", "cpu", "--json", "-"]) == 0
    assert '"arch": "llama_gptq"' in capsys.readouterr().out

    twin = dequantized_twin(transformers.LlamaForCausalLM, checkpoint)
    assert getattr(twin.config, "quantization_config", None) is None
    with torch.no_grad():  # the twin is the checkpoint's numbers: nudging one weight must show in the logits
        twin.model.layers[0].mlp.down_proj.weight[0, 0] += 1.0
    case = parity.load_case("llama_gptq")
    broken = parity.ParityCase(**{**case.__dict__, "load_stock": lambda cls, path, dtype: twin})
    assert parity.run_case(broken, checkpoint, torch.device("cpu"), torch.float32).status == "FAIL"


def test_every_architecture_has_a_case():
    for arch in parity.ARCHITECTURES:
        case = parity.load_case(arch)
        assert case.arch == arch and case.model_type in registry.ZOO_MODULES


def test_nan_and_shape_mismatch_never_pass():
    import torch

    assert not parity.max_abs_diff(torch.tensor([float("nan"), 0.0]), torch.zeros(2)) <= 1.0
    assert not parity.max_abs_diff(torch.zeros(3), torch.zeros(2)) <= 1.0  # e.g. generations of different lengths


def test_table_has_a_time_column_only_when_timed():
    row = parity.ParityRow("bert", "f", "pass", model_class="BertModel", metric="m", value=0.0, tolerance=1.0,
                           dtype="float16", stock_dtype="float16", stock_ms=2.0, zoo_ms=1.0, speedup=2.0)
    assert "2.00x (2.0/1.0 ms)" in parity.format_table([row])
    assert "stock/zoo time" not in parity.format_table([row], timed=False)


@pytest.mark.parametrize("command", [[], ["parity"]])
def test_help_explains(command, capsys):
    assert cli.main([*command, "--help"]) == 0
    assert "usage: patchzoo" in capsys.readouterr().out


def test_main_job_covers_every_architecture_and_exits_zero(capsys):
    """`patchzoo parity` with no arguments: one row per architecture, nothing failing."""
    assert cli.main(["parity", "--device", "cpu"]) == 0
    table = capsys.readouterr().out
    for arch in parity.ARCHITECTURES:
        assert f"\n{arch} " in table
