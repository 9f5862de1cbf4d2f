"""MMLU from local files, as lm-eval task configs that reproduce lm-eval's own `mmlu` task with no network.

    DIR (original release: dev/<s>_dev.csv, test/<s>_test.csv)  --+
    DIR (cais/mmlu: <s>/dev-*.parquet|jsonl, <s>/test-*.parquet)  --+--> {question, choices[4], answer 0-3} per row
                                                                          --> one task config per subject
                                                                              (custom_dataset: the rows above)

lm-eval's `mmlu` task reads the Hub data set `cais/mmlu`, so it needs the network. The configs written here
are its `_default_template_yaml` (prompt, choices, target, first-n few-shot from dev, acc) plus the per-subject
description, with only the data source swapped for the local rows; the prompt and scoring therefore are
lm-eval's, and the numbers compare with published lm-eval MMLU numbers. MMLU_TEMPLATE mirrors lm-eval 0.4's
template; tests/test_mmlu_local.py checks it against the installed lm-eval's file.
"""

from __future__ import annotations

import csv
import json
import logging
from dataclasses import dataclass
from pathlib import Path

# lm-eval's tasks/mmlu/default/_default_template_yaml, less dataset_path (the data comes from local files).
MMLU_TEMPLATE = {
    "test_split": "test",
    "fewshot_split": "dev",
    "fewshot_config": {"sampler": "first_n"},
    "output_type": "multiple_choice",
    "doc_to_text": "{{question.strip()}}\nA. {{choices[0]}}\nB. {{choices[1]}}\nC. {{choices[2]}}\nD. {{choices[3]}}\n"
                   "Answer:",
    "doc_to_choice": ["A", "B", "C", "D"],
    "doc_to_target": "answer",
    "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
    "metadata": {"version": 1.0},
}
LETTERS = "ABCD"
DATA_SUFFIXES = (".parquet", ".jsonl", ".json")
# Folders of the cais/mmlu repo that are not subjects: "all" repeats every subject, "auxiliary_train" has no test.
CAIS_NON_SUBJECTS = {"all", "auxiliary_train"}


def subject_description(subject: str) -> str:
    """lm-eval's per-subject description (tasks/mmlu/_generate_configs.py)."""
    return f"The following are multiple choice questions (with answers) about {' '.join(subject.split('_'))}.\n\n"


@dataclass(frozen=True)
class SubjectFiles:
    subject: str
    test: Path
    dev: Path | None


def _split_folders_layout(root: Path) -> dict[str, SubjectFiles]:
    """test/<s>_test.csv and dev/<s>_dev.csv (the original release), or the same folders holding one cais-format
    file per subject: test/<s>.parquet|jsonl|json (a `_test` suffix allowed) and dev/<s>[_dev].<suffix>."""
    subjects = {}
    for test in sorted((root / "test").iterdir()):
        if test.suffix not in (".csv", *DATA_SUFFIXES) or (test.suffix == ".csv" and not test.stem.endswith("_test")):
            continue
        subject = test.stem.removesuffix("_test")
        devs = [root / "dev" / f"{subject}{tail}{test.suffix}" for tail in ("_dev", "")]
        dev = next((d for d in devs if d.is_file()), None)
        subjects[subject] = SubjectFiles(subject, test, dev)
    return subjects


def _split_file(folder: Path, split: str) -> Path | None:
    """The one data file of `split` in a cais/mmlu subject folder (test-00000-of-00001.parquet, test.jsonl, ...)."""
    found = sorted(p for p in folder.iterdir() if p.name.startswith(split) and p.suffix in DATA_SUFFIXES)
    if len(found) > 1:
        raise ValueError(f"{folder}: several {split} files ({', '.join(p.name for p in found)}); keep one")
    return found[0] if found else None


def _cais_layout(root: Path) -> dict[str, SubjectFiles]:
    subjects = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and p.name not in CAIS_NON_SUBJECTS):
        test = _split_file(folder, "test")
        if test is not None:
            subjects[folder.name] = SubjectFiles(folder.name, test, _split_file(folder, "dev"))
    return subjects


def find_subjects(data_dir: str | Path) -> dict[str, SubjectFiles]:
    """Subject -> its test and dev files, from the original release layout or the cais/mmlu layout.

    Original: DIR/test/<subject>_test.csv and DIR/dev/<subject>_dev.csv (DIR may also be the folder holding the
    release's `data/`); the same split folders may hold cais-format files instead (test/<subject>.parquet).
    cais/mmlu's own layout: DIR/<subject>/test*.{parquet,jsonl,json} and DIR/<subject>/dev*.{...}.
    """
    root = Path(data_dir)
    if not root.is_dir():
        raise ValueError(f"MMLU directory {data_dir} does not exist")
    for candidate in (root, root / "data"):
        if (candidate / "test").is_dir():
            subjects = _split_folders_layout(candidate)
            if subjects:
                return subjects
    subjects = _cais_layout(root)
    if not subjects:
        raise ValueError(
            f"{data_dir} holds no MMLU data: expected test/<subject>_test.csv (original release), "
            "<subject>/test*.parquet|jsonl (cais/mmlu) or test/<subject>.parquet|jsonl"
        )
    return subjects


def _read_csv(path: Path) -> list[dict]:
    rows = []
    with path.open(newline="", encoding="utf-8") as f:
        for line, fields in enumerate(csv.reader(f), start=1):
            if len(fields) != 6 or fields[5].strip() not in LETTERS:
                raise ValueError(f"{path}:{line}: expected question,A,B,C,D,answer (a letter A-D), no header")
            rows.append({"question": fields[0], "choices": fields[1:5], "answer": LETTERS.index(fields[5].strip())})
    return rows


def _read_records(path: Path) -> list[dict]:
    if path.suffix == ".parquet":
        import pyarrow.parquet  # a dependency of `datasets`, which lm-eval needs

        return pyarrow.parquet.read_table(path).to_pylist()
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json" and text.lstrip().startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _checked(record: dict, where: str) -> dict:
    choices, answer = record.get("choices"), record.get("answer")
    if isinstance(answer, str) and answer.strip() in LETTERS:
        answer = LETTERS.index(answer.strip())
    if not isinstance(record.get("question"), str) or not isinstance(choices, list) or len(choices) != 4 \
            or not isinstance(answer, int) or not 0 <= answer < 4:
        raise ValueError(f"{where}: expected question (text), choices (4 texts), answer (0-3)")
    return {"question": record["question"], "choices": [str(c) for c in choices], "answer": answer}


def read_split(path: str | Path) -> list[dict]:
    """Rows of one subject's split as {question, choices (4), answer (0-3)}, in file order (few-shot takes the
    first n dev rows, as lm-eval does)."""
    path = Path(path)
    if path.suffix == ".csv":
        return _read_csv(path)
    return [_checked(r, f"{path} row {i}") for i, r in enumerate(_read_records(path))]


def select_subjects(available: dict[str, SubjectFiles], wanted: list[str] | None) -> list[SubjectFiles]:
    if not wanted:
        return list(available.values())
    unknown = [s for s in wanted if s not in available]
    if unknown:
        raise ValueError(f"no MMLU subject {', '.join(unknown)} in the data; there are: {', '.join(available)}")
    return [available[s] for s in wanted]


def _subject_dataset(test: Path, dev: Path | None, **_):
    """lm-eval's `custom_dataset` hook: the subject's splits (metadata keyword arguments are not needed)."""
    import datasets

    splits = {"test": datasets.Dataset.from_list(read_split(test))}
    if dev is not None:
        splits["dev"] = datasets.Dataset.from_list(read_split(dev))
    return datasets.DatasetDict(splits)


class _CustomDatasetNotice(logging.Filter):
    """lm-eval logs, per task that has a custom_dataset, how to pass it --metadata; these configs need none, and 57
    copies of the notice would bury the report."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Custom kwargs can be passed to `--metadata`" not in record.getMessage()


def _quiet_custom_dataset_notice() -> None:
    task_logger = logging.getLogger("lm_eval.api.task")
    if not any(isinstance(f, _CustomDatasetNotice) for f in task_logger.filters):
        task_logger.addFilter(_CustomDatasetNotice())


def task_configs(data_dir: str | Path, subjects: list[str] | None = None, num_fewshot: int = 0) -> list[dict]:
    """One lm-eval task config per subject (task names as lm-eval's: mmlu_<subject>). Checks every file up front,
    so a bad row or a dev split too short for `num_fewshot` is named before any model loads."""
    import functools

    _quiet_custom_dataset_notice()
    configs = []
    for files in select_subjects(find_subjects(data_dir), subjects):
        if not read_split(files.test):
            raise ValueError(f"{files.test}: no questions")
        dev_rows = 0 if files.dev is None else len(read_split(files.dev))
        if dev_rows < num_fewshot:
            raise ValueError(
                f"MMLU subject {files.subject}: {num_fewshot}-shot needs {num_fewshot} dev questions, "
                f"found {dev_rows}" + ("" if files.dev else " (no dev file)") + "; lower --num-fewshot"
            )
        config = dict(MMLU_TEMPLATE)
        if files.dev is None:
            config.pop("fewshot_split")
        config.update(
            task=f"mmlu_{files.subject}",
            task_alias=files.subject,
            description=subject_description(files.subject),
            custom_dataset=functools.partial(_subject_dataset, files.test, files.dev),
        )
        configs.append(config)
    return configs
