"""The model card's evaluation section, from the JSON report `patchzoo eval --json FILE` writes.

    eval JSON (stock, zoo, rows per task, overall, 95 % CI, McNemar p, flips, max |Δ log-likelihood|)
        --> "## Evaluation: stock vs patchzoo" markdown: one row per task, the overall row, what the interval says

Light on imports: `patchzoo push` reads and checks the file before anything heavy loads.
"""

from __future__ import annotations

import json
from pathlib import Path

REPORT_KEYS = ("stock", "zoo", "rows", "overall", "ci_low", "ci_high", "mcnemar_p", "compared_samples",
               "max_loglikelihood_diff")
MAX_TASK_ROWS = 60  # MMLU has 57 subjects; longer task lists keep the overall row only


def read_eval_report(path: str | Path) -> dict:
    """The report in `path`; ValueError when it is not JSON or not a `patchzoo eval --json` report."""
    try:
        report = json.loads(Path(path).read_text())
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not JSON ({error.msg}, line {error.lineno})") from None
    missing = [k for k in REPORT_KEYS if not isinstance(report, dict) or k not in report]
    if missing:
        raise ValueError(f"{path} is not a `patchzoo eval --json` report (no {', '.join(missing)}); "
                         "write one with patchzoo eval --json FILE")
    return report


def _row(r: dict) -> str:
    return (f"| {r['task']} | {r['n']} | {r['stock_acc']:.4f} | {r['zoo_acc']:.4f} | {r['diff']:+.4f} | "
            f"{r['zoo_gains']} / {r['zoo_losses']} | {r['max_loglikelihood_diff']:.3g} |")


def eval_section(report: dict) -> str:
    """Markdown for the card: the paired table and the interval's verdict, in the report's own numbers."""
    stock, zoo, overall = report["stock"], report["zoo"], report["overall"]
    low, high = report["ci_low"], report["ci_high"]
    verdict = ("the interval excludes 0: the patched model's accuracy differs from stock's"
               if low > 0 or high < 0 else "the interval holds 0: no accuracy difference shown")
    rows = report["rows"] if 1 < len(report["rows"]) <= MAX_TASK_ROWS else []
    worst = report.get("worst_sample")
    where = f" (task {worst[0]}, question {worst[1]})" if worst else ""
    return "\n".join([
        "",
        "## Evaluation: stock vs patchzoo",
        "",
        f"`patchzoo eval` ran lm-eval on these files twice, with `{stock['model_class']}` ({stock['dtype']}) and with",
        f"`{zoo['model_class']}` ({zoo['dtype']}), and paired the answers question by question.",
        "",
        "| task | questions | stock acc | patchzoo acc | difference | flips (gained / lost) | max abs Δ log-lik |",
        "|---|---|---|---|---|---|---|",
        *(_row(r) for r in rows),
        _row({**overall, "task": "**overall**"}),
        "",
        f"Paired difference (patchzoo - stock): {overall['diff']:+.4f}, 95 % CI [{low:+.4f}, {high:+.4f}] (paired "
        f"bootstrap); exact McNemar p = {report['mcnemar_p']:.3g}; {verdict}. Largest per-question log-likelihood",
        f"difference over {report['compared_samples']} questions: {report['max_loglikelihood_diff']:.3g}{where}.",
        "",
    ])
