"""`patchzoo parity --train`: one training step of stock and zoo, every parameter's gradient compared."""

import json

import pytest

from patchzoo import cli


def test_every_architecture_trains_like_stock(tmp_path, capsys):
    out_json = tmp_path / "rows.json"
    assert cli.main(["parity", "--train", "--device", "cpu", "--json", str(out_json)]) == 0
    rows = {row["arch"]: row for row in json.loads(out_json.read_text())}
    assert rows["llama_gptq"]["status"] == "n/a" and "do not train" in rows["llama_gptq"]["detail"]
    trained = [row for arch, row in rows.items() if arch != "llama_gptq"]
    assert len(trained) >= 8 and all(row["status"] == "pass" for row in trained), trained
    assert all(row["metric"] == "max rel|Δ grad| over parameters" for row in trained)
    assert "max rel|Δ grad|" in capsys.readouterr().out


def test_a_zoo_that_drops_a_gradient_fails_by_name(llama_zoo_module, capsys):
    """Outputs equal (plain parity passes), one parameter without a gradient: the training row fails."""
    llama_zoo_module("standin_zoo_drops_grad")
    assert cli.main(["parity", "--arch", "llama", "--device", "cpu"]) == 0
    capsys.readouterr()
    assert cli.main(["parity", "--train", "--arch", "llama", "--device", "cpu", "--json", "-"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "no gradient in 1 parameter(s) stock trains, e.g. model.norm.weight" in out


def test_train_and_compile_are_exclusive(capsys):
    assert cli.main(["parity", "--train", "--compile"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err
