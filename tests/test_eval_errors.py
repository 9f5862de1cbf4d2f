"""`patchzoo eval` on bad input: exit 2 and one line naming the problem, before any model weights load."""

import socket

import pytest
import transformers

from patchzoo import cli


@pytest.fixture
def no_weights_no_network(monkeypatch):
    """Fail the test if a model's weights load or a socket connects."""

    def refuse(*args, **kwargs):
        raise AssertionError("weights or network touched before the error")

    monkeypatch.setattr(transformers.PreTrainedModel, "from_pretrained", classmethod(refuse))
    monkeypatch.setattr(socket.socket, "connect", refuse)


@pytest.fixture
def mmlu_dir(tmp_path):
    for split, n in (("dev", 2), ("test", 2)):
        (tmp_path / "mmlu" / split).mkdir(parents=True)
        (tmp_path / "mmlu" / split / f"virology_{split}.csv").write_text("".join(f"q{i},a,b,c,d,A\n" for i in range(n)))
    return tmp_path / "mmlu"


def _error(capsys, *argv) -> str:
    capsys.readouterr()  # drop what building the tiny checkpoints printed
    status = cli.main(["eval", *argv])
    err = capsys.readouterr().err
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("patchzoo eval: error: "), err
    return lines[0]


def test_bert_is_refused_before_it_loads(tiny_checkpoints, no_weights_no_network, capsys):
    pytest.importorskip("lm_eval")
    line = _error(capsys, "--model", str(tiny_checkpoints("bert")), "--tasks", "mmlu")
    assert "BertForMaskedLM is not a language model" in line and "LlamaForCausalLM" in line


def test_missing_model_directory(tmp_path, no_weights_no_network, capsys):
    line = _error(capsys, "--model", str(tmp_path / "nope"), "--tasks", "mmlu")
    assert "nope: no such directory" in line


@pytest.mark.parametrize("argv, message", [
    (["--tasks", " , "], "--tasks is empty"),
    (["--tasks", "mmlu", "--limit", "0"], "--limit 0: must be > 0"),
    (["--tasks", "mmlu", "--num-fewshot", "-1"], "--num-fewshot -1"),
    (["--tasks", "mmlu", "--batch-size", "0"], "--batch-size 0"),
    (["--tasks", "mmlu", "--device-map", "auto", "--device", "cuda:1"], "leave out --device"),
    (["--tasks", "hellaswag", "--subjects", "virology"], "--subjects picks local MMLU subjects"),
    (["--tasks", "missing_task.yaml"], "missing_task.yaml does not exist"),
    (["--tasks", "mmlu", "--data-dir", "{tmp}/absent"], "does not exist"),
    (["--tasks", "mmlu", "--data-dir", "{tmp}"], "holds no MMLU data"),
    (["--tasks", "mmlu", "--data-dir", "{mmlu}", "--subjects", "anatomy"], "no MMLU subject anatomy"),
    (["--tasks", "mmlu", "--data-dir", "{mmlu}"], "5-shot needs 5 dev questions, found 2"),
    (["--tasks", "hellaswag", "--data-dir", "{mmlu}"], "add mmlu to --tasks"),
])
def test_bad_options(argv, message, tiny_checkpoints, mmlu_dir, tmp_path, no_weights_no_network, capsys):
    pytest.importorskip("lm_eval")
    argv = [a.format(tmp=tmp_path / "empty", mmlu=mmlu_dir) for a in argv]
    (tmp_path / "empty").mkdir()
    assert message in _error(capsys, "--model", str(tiny_checkpoints("llama")), *argv)


def test_bad_mmlu_row_is_named(tiny_checkpoints, mmlu_dir, no_weights_no_network, capsys):
    pytest.importorskip("lm_eval")
    (mmlu_dir / "test" / "virology_test.csv").write_text("q0,a,b,c,d,A\nq1,a,b,c,d,E\n")
    line = _error(capsys, "--model", str(tiny_checkpoints("llama")), "--tasks", "mmlu", "--data-dir", str(mmlu_dir),
                  "--num-fewshot", "1")
    assert "virology_test.csv:2: expected question,A,B,C,D,answer" in line


def test_unreachable_hub_model_is_one_line(no_weights_no_network, monkeypatch, capsys):
    pytest.importorskip("lm_eval")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    line = _error(capsys, "--model", "no-such-owner/no-such-model-xyz", "--tasks", "mmlu")
    assert "no-such-owner/no-such-model-xyz" in line


def test_hub_mmlu_refused_offline(tiny_checkpoints, no_weights_no_network, monkeypatch, capsys):
    pytest.importorskip("lm_eval")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    line = _error(capsys, "--model", str(tiny_checkpoints("llama")), "--tasks", "mmlu")
    assert "pass --data-dir" in line
