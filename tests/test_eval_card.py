"""`patchzoo push --eval-json FILE`: the paired eval report as a model-card section."""

import json
import shutil

import pytest

from patchzoo import cli
from patchzoo.conversion.eval_card import eval_section, read_eval_report
from patchzoo.evals.paired_report import Sample, paired_report


@pytest.fixture
def eval_json(tmp_path):
    """A report as `patchzoo eval --json` writes it: zoo gains 2 and loses 1 of 7 questions."""
    stock = {("mmlu_anatomy", i): Sample(float(c), [-1.0, -2.0]) for i, c in enumerate([1, 0, 0, 1])}
    stock |= {("mmlu_virology", i): Sample(float(c), [-1.0, -2.0]) for i, c in enumerate([1, 1, 0])}
    zoo = {("mmlu_anatomy", i): Sample(float(c), [-1.0, -2.0]) for i, c in enumerate([1, 1, 1, 1])}
    zoo |= {("mmlu_virology", i): Sample(float(c), [-1.0, -2.25]) for i, c in enumerate([0, 1, 0])}
    sides = {side: {"model_class": f"{side}.LlamaForCausalLM", "dtype": "float16", "seconds": 1.0, "metrics": {}}
             for side in ("stock", "zoo")}
    path = tmp_path / "eval.json"
    path.write_text(json.dumps({**sides, **paired_report(stock, zoo).to_dict()}))
    return path


def test_section_shows_the_paired_numbers(eval_json):
    text = eval_section(read_eval_report(eval_json))
    assert "| mmlu_anatomy | 4 | 0.5000 | 1.0000 | +0.5000 | 2 / 0 | 0 |" in text
    assert "| mmlu_virology | 3 | 0.6667 | 0.3333 | -0.3333 | 0 / 1 | 0.25 |" in text
    assert "| **overall** | 7 | 0.5714 | 0.7143 | +0.1429 | 2 / 1 | 0.25 |" in text
    assert "exact McNemar p = 1" in text and "the interval holds 0" in text
    assert "(task mmlu_virology, question 0)" in text


def test_push_dry_run_puts_the_section_in_the_card(eval_json, tiny_checkpoints, tmp_path, capsys):
    checkpoint = shutil.copytree(tiny_checkpoints("llama"), tmp_path / "llama")
    status = cli.main(["push", "--model", str(checkpoint), "--repo", "me/tiny", "--dry-run",
                       "--eval-json", str(eval_json)])
    assert status == 0
    card = (checkpoint / "README.md").read_text()
    assert "\n\n## Evaluation: stock vs patchzoo\n" in card and "| **overall** | 7 |" in card


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("{not json", "is not JSON"),
    ('{"rows": []}', "is not a `patchzoo eval --json` report (no stock, zoo, overall"),
])
def test_bad_eval_json_is_one_line(content, message, tiny_checkpoints, tmp_path, capsys):
    path = tmp_path / "eval.json"
    if content is not None:
        path.write_text(content)
    checkpoint = tiny_checkpoints("llama")
    capsys.readouterr()  # drop what building the checkpoint printed
    status = cli.main(["push", "--model", str(checkpoint), "--repo", "me/tiny", "--dry-run",
                       "--eval-json", str(path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and message in err[0]
    assert err[0].startswith("patchzoo push: error: --eval-json")
