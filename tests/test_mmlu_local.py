"""MMLU from local files through lm-eval, offline: both file layouts, lm-eval's prompt, tiny Llama and T5.

lm-eval is imported inside the tests: it is a test dependency in CI but absent on the GPU machine,
where `pytest -m gpu` still collects this file.
"""

import csv
import json
import socket
from pathlib import Path

import pytest
import torch

from patchzoo import cli
from patchzoo.evals import mmlu_local, mmlu_scorer

SUBJECTS = ("anatomy", "high_school_physics")


def _rows(subject: str, split: str, n: int) -> list[dict]:
    # short questions: 5-shot prompts stay inside the tiny models' 256 positions
    return [{"question": f"{split} {subject} {i} plus {i}?", "choices": [str(2 * i), str(i), str(i + 1), "none"],
             "answer": (i * 3 + len(subject)) % 4} for i in range(n)]


def _write_original(root: Path, data: dict) -> Path:
    for (subject, split), rows in data.items():
        (root / split).mkdir(parents=True, exist_ok=True)
        with open(root / split / f"{subject}_{split}.csv", "w", newline="") as f:
            csv.writer(f).writerows([r["question"], *r["choices"], "ABCD"[r["answer"]]] for r in rows)
    return root


def _write_cais(root: Path, data: dict) -> Path:
    """cais/mmlu's Hub layout: parquet for the first subject, JSON lines for the second."""
    import pyarrow
    import pyarrow.parquet

    for (subject, split), rows in data.items():
        folder = root / subject
        folder.mkdir(parents=True, exist_ok=True)
        if subject == SUBJECTS[0]:
            pyarrow.parquet.write_table(pyarrow.Table.from_pylist(rows), folder / f"{split}-00000-of-00001.parquet")
        else:
            (folder / f"{split}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (root / "all").mkdir()  # cais/mmlu's folder of every subject together: not a subject
    return root


@pytest.fixture(scope="module")
def mmlu_data():
    return {(s, split): _rows(s, split, n) for s in SUBJECTS for split, n in (("dev", 5), ("test", 4))}


@pytest.fixture(scope="module")
def mmlu_dirs(tmp_path_factory, mmlu_data):
    root = tmp_path_factory.mktemp("mmlu")
    return _write_original(root / "original" / "data", mmlu_data).parent, _write_cais(root / "cais", mmlu_data)


@pytest.fixture
def offline(monkeypatch):
    """HF_HUB_OFFLINE=1, and any socket that tries to connect fails the test."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")

    def refuse(self, address, *args):
        raise AssertionError(f"network access attempted: {address}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)


def test_both_layouts_read_the_same_questions(mmlu_dirs, mmlu_data):
    original, cais = (mmlu_local.find_subjects(d) for d in mmlu_dirs)
    assert list(original) == list(cais) == sorted(SUBJECTS)
    assert original["anatomy"].test.name == "anatomy_test.csv" and original["anatomy"].dev.name == "anatomy_dev.csv"
    for subject in SUBJECTS:
        for split in ("dev", "test"):
            want = mmlu_data[(subject, split)]
            assert mmlu_local.read_split(getattr(original[subject], split)) == want
            assert mmlu_local.read_split(getattr(cais[subject], split)) == want


def test_split_folders_of_jsonl_files(tmp_path, mmlu_data):
    for (subject, split), rows in mmlu_data.items():
        (tmp_path / split).mkdir(exist_ok=True)
        (tmp_path / split / f"{subject}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    found = mmlu_local.find_subjects(tmp_path)
    assert list(found) == sorted(SUBJECTS)
    assert mmlu_local.read_split(found["anatomy"].dev) == mmlu_data[("anatomy", "dev")]


def test_template_is_the_installed_lm_eval_mmlu_task():
    yaml = pytest.importorskip("yaml")
    lm_eval = pytest.importorskip("lm_eval")
    folder = Path(lm_eval.__file__).parent / "tasks" / "mmlu" / "default"
    template = yaml.safe_load((folder / "_default_template_yaml").read_text())
    assert template.pop("dataset_path") == "cais/mmlu"
    assert template == mmlu_local.MMLU_TEMPLATE
    subject = yaml.safe_load((folder / "mmlu_high_school_physics.yaml").read_text())
    assert subject["description"] == mmlu_local.subject_description("high_school_physics")


def test_prompt_is_lm_eval_mmlu_prompt(mmlu_dirs, mmlu_data, offline):
    """Two-shot context of the first test question, as lm-eval builds it from the generated config."""
    pytest.importorskip("lm_eval")
    from lm_eval.tasks import TaskManager, get_task_dict

    config = mmlu_local.task_configs(mmlu_dirs[0], ["anatomy"], num_fewshot=2)[0]
    task = get_task_dict([config], TaskManager(include_defaults=False))["mmlu_anatomy"]
    task.set_config("num_fewshot", 2)
    docs = list(task.test_docs())
    assert len(docs) == 4

    def block(row):
        return f"{row['question']}\nA. {row['choices'][0]}\nB. {row['choices'][1]}\nC. {row['choices'][2]}\n" \
               f"D. {row['choices'][3]}\nAnswer:"

    dev, test = mmlu_data[("anatomy", "dev")], mmlu_data[("anatomy", "test")]
    want = ("The following are multiple choice questions (with answers) about anatomy.\n\n"
            + "".join(f"{block(r)} {'ABCD'[r['answer']]}\n\n" for r in dev[:2]) + block(test[0]))
    assert task.fewshot_context(docs[0], num_fewshot=2) == want
    assert mmlu_scorer.mmlu_prompt("anatomy", dev, test[0], 2) == want  # the lm-eval-free scorer's prompt
    assert task.doc_to_target(docs[0]) == test[0]["answer"]


def _eval(model, data_dir, tmp_path, *extra):
    out = tmp_path / f"eval-{len(list(tmp_path.iterdir()))}.json"
    status = cli.main(["eval", "--model", str(model), "--tasks", "mmlu", "--data-dir", str(data_dir),
                       "--device", "cpu", "--json", str(out), *extra])
    return status, json.loads(out.read_text()) if out.exists() else None


def test_llama_mmlu_offline_both_layouts_zoo_equal_to_stock(mmlu_dirs, mmlu_data, tiny_checkpoints, tmp_path, offline,
                                                            capsys):
    pytest.importorskip("lm_eval")
    llama = tiny_checkpoints("llama")
    status, original = _eval(llama, mmlu_dirs[0], tmp_path, "--dtype", "fp32")  # 5-shot by default
    table = capsys.readouterr().out
    assert status == 0
    assert [r["task"] for r in original["rows"]] == ["mmlu_anatomy", "mmlu_high_school_physics"]
    o = original["overall"]
    assert o["n"] == 8 and o["diff"] == 0 and o["zoo_gains"] == o["zoo_losses"] == 0
    assert (original["ci_low"], original["ci_high"]) == (0, 0) and original["mcnemar_p"] == 1
    assert original["max_loglikelihood_diff"] < 1e-4
    assert original["zoo"]["model_class"] == "patchzoo.models.llama.LlamaForCausalLM"
    assert original["stock"]["metrics"]["mmlu_anatomy"]["acc,none"] == original["rows"][0]["stock_acc"]
    assert max(len(line) for line in table.splitlines()) <= 100 and "McNemar" in table

    # cais layout, through the library: the same questions give the same numbers, and the lm-eval-free scorer
    # (the GPU benchmark's) gives lm-eval's per-question log-likelihoods
    cais = _pair(llama, mmlu_dirs[1], "anatomy", 5, torch.float32)
    assert cais.report.rows[0].stock_acc == original["rows"][0]["stock_acc"]
    _assert_scorer_matches(cais.stock, llama, mmlu_data, "anatomy", 5)


def _pair(checkpoint, data_dir, subject, shots, dtype, stock_dtype=None, limit=None):
    from patchzoo.evals.lm_eval_harness import evaluate_pair

    tasks = mmlu_local.task_configs(data_dir, [subject], num_fewshot=shots)
    return evaluate_pair(str(checkpoint), tasks, device="cpu", dtype=dtype, stock_dtype=stock_dtype,
                         num_fewshot=shots, limit=limit)


def _assert_scorer_matches(side, checkpoint, mmlu_data, subject, shots):
    import transformers

    model = getattr(transformers, side.model_class.rpartition(".")[2]).from_pretrained(checkpoint).eval()
    tests = mmlu_data[(subject, "test")][: len(side.samples)]
    samples = mmlu_scorer.score(model, transformers.AutoTokenizer.from_pretrained(checkpoint),
                                [(subject, mmlu_data[(subject, "dev")], row) for row in tests],
                                num_fewshot=shots, batch_size=2)
    for doc_id, sample in enumerate(samples):
        want = side.samples[(f"mmlu_{subject}", doc_id)]
        assert sample.correct == want.correct
        assert sample.loglikelihoods == pytest.approx(want.loglikelihoods, abs=1e-4)


def test_t5_fp16_zoo_against_fp32_stock(mmlu_dirs, mmlu_data, tiny_checkpoints, offline):
    pytest.importorskip("lm_eval")
    t5 = tiny_checkpoints("t5")
    pair = _pair(t5, mmlu_dirs[1], "high_school_physics", 1, torch.float16, stock_dtype=torch.float32, limit=3)
    assert (pair.stock.dtype, pair.zoo.dtype) == ("float32", "float16")
    assert pair.zoo.model_class == "patchzoo.models.t5.T5ForConditionalGeneration"
    report = pair.report
    assert report.overall.n == 3 and report.compared_samples == 3
    assert 0 < report.max_loglikelihood_diff < 1  # fp16 is not bit-equal to fp32, and not far off
    _assert_scorer_matches(pair.stock, t5, mmlu_data, "high_school_physics", 1)
