"""`patchzoo eval`: lm-eval (e.g. MMLU from local files) on the stock and the zoo model of one checkpoint, paired."""

from __future__ import annotations

import json
import os
from pathlib import Path

from patchzoo.commands.checkpoint_paths import checked_checkpoint, hub_unreachable
from patchzoo.commands.checks import UsageError, output_file, require_tokenizer
from patchzoo.commands.options import DTYPES, parse_device, torch_dtype


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "eval",
        help="run lm-eval tasks (MMLU from local files too) on the stock and the zoo model and pair the answers",
        description=(
            "Evaluate one language-model checkpoint with lm-eval twice, with the stock transformers class and with "
            "its zoo twin, and print a paired report: accuracy of both per task and overall, the paired difference "
            "zoo - stock with a 95 % interval (paired bootstrap, fixed seed) and an exact McNemar p, the answers "
            "that flipped each way, and the largest per-question log-likelihood difference. With --data-dir, task "
            "'mmlu' reads MMLU from local files (no network) with lm-eval's own mmlu prompts and scoring. Exits 1 "
            "when the interval excludes 0 or a --max-* threshold is crossed. Needs `pip install 'patchzoo[eval]'`. "
            "Several GPUs: --device-map auto splits one model over them; `accelerate launch -m patchzoo.cli eval "
            "...` runs data-parallel (one model copy per GPU). Exit status: 0 no difference found, 1 a difference "
            "(above), 2 bad input, 130 interrupted."
        ),
    )
    p.add_argument("--model", required=True, help="checkpoint directory or Hub id (with its tokenizer)")
    p.add_argument("--tasks", required=True,
                   help="comma-separated: mmlu (with --data-dir: local files), lm-eval task names, task config paths")
    p.add_argument("--data-dir", help="MMLU files: test/<s>_test.csv + dev/<s>_dev.csv, or <s>/test*.parquet|jsonl")
    p.add_argument("--subjects", help="comma-separated MMLU subjects (e.g. anatomy,virology); unset: all found")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; unset: cuda when available")
    p.add_argument("--device-map", choices=["auto"], default=None,
                   help="auto: split each model over every visible GPU (lm-eval's parallelize=True)")
    p.add_argument("--dtype", default="bfloat16", choices=sorted(DTYPES), help="dtype of the zoo model")
    p.add_argument("--stock-dtype", default=None, choices=sorted(DTYPES),
                   help="dtype of the stock model; unset: --dtype (e.g. fp32 to hold an fp16 zoo T5 to it)")
    p.add_argument("--limit", type=float, default=None, help="questions per task (a fraction if < 1); unset: all")
    p.add_argument("--num-fewshot", type=int, default=None,
                   help="few-shot examples (first n of dev); unset: 5 for local MMLU, else the task's own")
    p.add_argument("--batch-size", type=int, default=8, help="requests per forward pass")
    p.add_argument("--max-loglik-diff", type=float, default=None,
                   help="exit 1 when the largest per-question |Δ log-likelihood| exceeds this")
    p.add_argument("--max-acc-diff", type=float, default=None,
                   help="exit 1 when |zoo - stock| overall accuracy exceeds this (a fraction, e.g. 0.005)")
    p.add_argument("--json", metavar="FILE", help="also write the report (per task, overall, both models) as JSON")
    p.set_defaults(func=run)


TASK_FILES = (".yaml", ".yml", ".json")  # a --tasks entry with one of these suffixes is a task config file


def _split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _check_numbers(args) -> None:
    if args.limit is not None and not args.limit > 0:
        raise UsageError(f"--limit {args.limit:g}: must be > 0 (a count, or a fraction below 1)")
    if args.num_fewshot is not None and args.num_fewshot < 0:
        raise UsageError(f"--num-fewshot {args.num_fewshot}: must be 0 or more")
    if args.batch_size < 1:
        raise UsageError(f"--batch-size {args.batch_size}: must be 1 or more")
    for option in ("max_loglik_diff", "max_acc_diff"):
        value = getattr(args, option)
        if value is not None and not value >= 0:
            raise UsageError(f"--{option.replace('_', '-')} {value:g}: must be 0 or more")
    if args.device_map and args.device:
        raise UsageError("--device-map auto places each model over the visible GPUs itself; leave out --device")


def _tasks(args, num_fewshot: int | None) -> list[str | dict]:
    """Task names/config paths as given, with 'mmlu' replaced by local per-subject configs when --data-dir is set."""
    names = _split(args.tasks)
    if not names:
        raise UsageError("--tasks is empty; name at least one task, e.g. --tasks mmlu --data-dir DIR")
    if args.subjects and not (args.data_dir and "mmlu" in names):
        raise UsageError("--subjects picks local MMLU subjects; use it with --tasks mmlu --data-dir DIR")
    if args.data_dir and "mmlu" not in names:
        raise UsageError("--data-dir holds MMLU files; add mmlu to --tasks")
    registry_names = [n for n in names if not (n == "mmlu" and args.data_dir) and Path(n).suffix not in TASK_FILES]
    if registry_names:
        from patchzoo.evals.lm_eval_harness import unknown_task_names

        unknown = unknown_task_names(registry_names)
        if unknown:
            raise UsageError(f"--tasks: {', '.join(unknown)}: no such lm-eval task; `lm-eval ls tasks` lists them, and "
                             "a task config file ends in .yaml")
        why = hub_unreachable()
        if why is not None:
            # lm-eval reads a built-in task's data set from the Hub; offline, only the local datasets cache can serve
            # it, and the download path would retry a dead network for a minute before it says so.
            os.environ["HF_HUB_OFFLINE"] = os.environ["HF_DATASETS_OFFLINE"] = "1"
            if "mmlu" in registry_names:
                raise UsageError(f"lm-eval's mmlu task downloads cais/mmlu and the Hub is out of reach ({why}); "
                                 "pass --data-dir DIR with the MMLU files")
    tasks: list[str | dict] = []
    for name in names:
        if name == "mmlu" and args.data_dir:
            from patchzoo.evals.mmlu_local import task_configs

            try:
                subjects = _split(args.subjects) or None
                tasks += task_configs(os.path.expanduser(args.data_dir), subjects, num_fewshot or 0)
            except ValueError as error:
                raise UsageError(f"--data-dir {args.data_dir}: {error}") from None
        elif Path(name).suffix in TASK_FILES:
            from patchzoo.evals.lm_eval_harness import load_task_spec

            try:
                tasks.append(load_task_spec(name))
            except (OSError, ValueError) as error:
                raise UsageError(f"--tasks: {error}") from None
        else:
            tasks.append(name)
    return tasks


def run(args) -> int:
    _check_numbers(args)
    args.model, _ = checked_checkpoint(args.model)
    require_tokenizer(args.model, what="--model", why="lm-eval needs to tokenize the prompts")
    if args.json:
        output_file(args.json, what="--json")
    if args.device:
        parse_device(args.device)
    try:
        import lm_eval  # noqa: F401  (optional dependency: say so before anything loads)
    except ImportError:
        raise UsageError("eval needs lm-eval; pip install 'patchzoo[eval]'") from None
    import torch
    import transformers

    from patchzoo.evals.lm_eval_harness import evaluate_pair, model_classes
    from patchzoo.patches.gptq_linear import is_gptq_config

    config = transformers.AutoConfig.from_pretrained(args.model)
    try:
        model_classes(config)  # BERT & co. stop here, before any weights load
    except ValueError as error:  # UnsupportedArchitectureError, or a config without architectures
        raise UsageError(f"--model {args.model}: {error}") from None
    if args.device_map and is_gptq_config(config):
        raise UsageError("--device-map auto: a GPTQ checkpoint's stock side is its dequantized twin on one device; "
                         "leave --device-map out")
    num_fewshot = args.num_fewshot if args.num_fewshot is not None else (5 if args.data_dir else None)
    tasks = _tasks(args, num_fewshot)
    if args.device_map and not torch.cuda.is_available():
        raise UsageError("--device-map auto splits a model over GPUs, and torch sees none; leave it out on CPU")
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    limit = None if args.limit is None else (int(args.limit) if args.limit >= 1 else args.limit)
    comparison = evaluate_pair(
        args.model,
        tasks,
        device=device,
        dtype=torch_dtype(args.dtype),
        stock_dtype=torch_dtype(args.stock_dtype) if args.stock_dtype else None,
        batch_size=args.batch_size,
        limit=limit,
        num_fewshot=num_fewshot,
        device_map_auto=args.device_map == "auto",
    )
    if comparison is None:  # a non-main process of `accelerate launch`: process 0 reports
        return 0
    print(comparison.format())
    if args.json:
        path = Path(args.json).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(comparison.to_dict(), indent=2) + "\n")
    report = comparison.report
    failed = report.interval_excludes_zero
    if args.max_loglik_diff is not None and not report.max_loglikelihood_diff <= args.max_loglik_diff:
        failed = True
    if args.max_acc_diff is not None and report.overall.n and not abs(report.overall.diff) <= args.max_acc_diff:
        failed = True
    return 1 if failed else 0
