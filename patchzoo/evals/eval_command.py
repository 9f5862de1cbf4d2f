"""`patchzoo eval`: lm-eval (e.g. MMLU) on the stock and the zoo model of one checkpoint."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from patchzoo.cli import DTYPES


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "eval",
        help="run lm-eval tasks on the stock and the zoo model and compare them",
        description=(
            "Evaluate one checkpoint with lm-eval twice, with the stock transformers class and with its zoo twin, "
            "and print accuracy for both plus the largest per-sample log-likelihood difference. Tasks are "
            "lm-eval task names (e.g. mmlu; their data sets are downloaded by lm-eval) or paths of YAML/JSON task "
            "configs (e.g. over a local JSON-lines file). Needs `pip install 'patchzoo[eval]'`."
        ),
    )
    p.add_argument("--model", required=True, help="checkpoint directory or Hub id (with its tokenizer)")
    p.add_argument("--tasks", required=True, help="comma-separated task names or task config paths")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda when available")
    p.add_argument("--dtype", default="bfloat16", choices=sorted(DTYPES), help="dtype of the zoo model")
    p.add_argument("--stock-dtype", default=None, choices=sorted(DTYPES),
                   help="dtype of the stock model (default: same as --dtype; e.g. fp32 to hold an fp16 zoo T5 to it)")
    p.add_argument("--limit", type=float, default=None, help="examples per task (a fraction if < 1); for quick runs")
    p.add_argument("--num-fewshot", type=int, default=None, help="few-shot examples (task default if omitted)")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--max-loglik-diff", type=float, default=None,
                   help="exit 1 when the largest per-sample |Δ log-likelihood| exceeds this")
    p.add_argument("--json", metavar="FILE", help="also write metrics and the comparison as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    import torch

    from patchzoo.evals.lm_eval_harness import evaluate_pair

    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    limit = None if args.limit is None else (int(args.limit) if args.limit >= 1 else args.limit)
    comparison = evaluate_pair(
        args.model,
        [t.strip() for t in args.tasks.split(",") if t.strip()],
        device=device,
        dtype=getattr(torch, DTYPES[args.dtype]),
        stock_dtype=getattr(torch, DTYPES[args.stock_dtype]) if args.stock_dtype else None,
        batch_size=args.batch_size,
        limit=limit,
        num_fewshot=args.num_fewshot,
    )
    print(comparison.format())
    if args.json:
        payload = asdict(comparison)
        for side in ("stock", "zoo"):  # tuple keys are not JSON; the per-sample values stay out of the file
            payload[side].pop("loglikelihoods")
        Path(args.json).write_text(json.dumps(payload, indent=2) + "\n")
    if args.max_loglik_diff is not None and not comparison.max_loglikelihood_diff <= args.max_loglik_diff:
        return 1
    return 0
