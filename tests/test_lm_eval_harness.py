"""`patchzoo eval` on a local multiple-choice task: stock vs zoo accuracy and log-likelihood gap.

lm-eval is imported inside the tests: it is a test dependency in CI but absent on the GPU machine,
where `pytest -m gpu` still collects this file.
"""

import json

import pytest

from patchzoo import cli


@pytest.fixture
def local_task(tmp_path):
    """A 6-question multiple-choice task over a local JSON-lines file (no download)."""
    data = tmp_path / "arith.jsonl"
    data.write_text("".join(
        json.dumps({"question": f"What is {i} plus {i}?", "choices": [str(2 * i), str(2 * i + 1), str(i + 3)],
                    "answer": 0}) + "\n"
        for i in range(6)
    ))
    task = {
        "task": "tiny_arith", "dataset_path": "json", "dataset_kwargs": {"data_files": {"test": str(data)}},
        "test_split": "test", "output_type": "multiple_choice", "doc_to_text": "Question: {{question}}\nAnswer:",
        "doc_to_choice": "{{choices}}", "doc_to_target": "{{answer}}",
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
    }
    path = tmp_path / "tiny_arith.yaml"
    path.write_text(json.dumps(task))
    return path


def test_faithful_zoo_matches_stock_exactly(llama_zoo_module, local_task, tiny_checkpoints, tmp_path, capsys):
    llama_zoo_module("standin_zoo_faithful")
    out = tmp_path / "eval.json"
    status = cli.main(["eval", "--model", str(tiny_checkpoints("llama")), "--tasks", str(local_task),
                       "--device", "cpu", "--dtype", "fp32", "--max-loglik-diff", "1e-5", "--json", str(out)])
    assert status == 0
    result = json.loads(out.read_text())
    assert result["compared_samples"] == 6
    assert result["max_loglikelihood_diff"] <= 1e-5
    assert result["stock"]["metrics"]["tiny_arith"]["acc,none"] == result["zoo"]["metrics"]["tiny_arith"]["acc,none"]
    assert result["zoo"]["model_class"] == "standin_zoo_faithful.LlamaForCausalLM"
    assert "largest per-sample" in capsys.readouterr().out


def test_broken_zoo_fails_the_loglikelihood_bound(llama_zoo_module, local_task, tiny_checkpoints, capsys):
    llama_zoo_module("standin_zoo_broken")
    status = cli.main(["eval", "--model", str(tiny_checkpoints("llama")), "--tasks", str(local_task),
                       "--device", "cpu", "--dtype", "fp32", "--max-loglik-diff", "1e-3"])
    assert status == 1
    assert "largest per-sample |Δ log-likelihood| over 6 samples" in capsys.readouterr().out


def test_gptq_checkpoint_is_evaluated_against_its_dequantized_twin(local_task, tmp_path):
    from patchzoo.tiny.build import tiny_gptq_checkpoint, tiny_tokenizer

    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq")
    tiny_tokenizer().save_pretrained(checkpoint)
    out = tmp_path / "eval.json"
    status = cli.main(["eval", "--model", str(checkpoint), "--tasks", str(local_task), "--device", "cpu",
                       "--dtype", "fp32", "--max-loglik-diff", "1e-4", "--json", str(out)])
    assert status == 0
    result = json.loads(out.read_text())
    assert result["compared_samples"] == 6 and result["max_loglikelihood_diff"] <= 1e-4
    assert result["stock"]["model_class"] == "transformers.models.llama.modeling_llama.LlamaForCausalLM"
    assert result["zoo"]["model_class"] == "patchzoo.models.llama.LlamaForCausalLM"


def test_task_config_errors_are_clear(tmp_path):
    from patchzoo.evals.lm_eval_harness import load_task_spec

    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_task_spec(str(tmp_path / "missing.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("- just a list\n")
    with pytest.raises(ValueError, match="not an lm-eval task config"):
        load_task_spec(str(bad))
    assert load_task_spec("mmlu") == "mmlu"
