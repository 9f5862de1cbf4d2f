"""The paired stock-vs-zoo report of a multiple-choice eval: both models answered the same questions.

    per question i: stock correct s_i in {0,1}, zoo correct z_i in {0,1}, log-likelihood per choice for both
      --> per task and overall: accuracies, d = mean(z_i - s_i), flips each way (b: zoo gains, c: zoo loses)
      --> 95 % interval of d by paired bootstrap (resample questions, fixed seed)  and  exact McNemar p on (b, c)
      --> the largest |Δ log-likelihood| over every choice of every question, with its (task, doc id)

Two accuracies with overlapping standard errors say little about a patch; the paired difference does: the
questions are the same, so only the flips carry information. z_i - s_i takes three values, so a bootstrap
resample is a multinomial draw of (n_gain, n_same, n_loss) with the observed frequencies; that is exact, not
an approximation, and costs nothing for 14k questions.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 1234
NAME_WIDTH = 32


@dataclass
class Sample:
    """One question as one model answered it."""

    correct: float | None  # lm-eval's per-sample acc (None for tasks without one, e.g. perplexity)
    loglikelihoods: list[float]  # one per request (answer choice)


@dataclass
class TaskRow:
    task: str
    n: int
    stock_acc: float
    zoo_acc: float
    diff: float  # zoo - stock
    zoo_gains: int  # stock wrong, zoo right
    zoo_losses: int  # stock right, zoo wrong
    max_loglikelihood_diff: float
    worst_doc: int | None


@dataclass
class PairedReport:
    rows: list[TaskRow]
    overall: TaskRow
    ci_low: float
    ci_high: float
    mcnemar_p: float
    compared_samples: int  # questions with log-likelihoods on both sides (accuracy or not)
    max_loglikelihood_diff: float
    worst_sample: tuple[str, int] | None
    flipped: list[tuple[str, int, str]] = field(default_factory=list)  # (task, doc id, "gain" or "loss")
    bootstrap: dict = field(default_factory=lambda: {"resamples": BOOTSTRAP_RESAMPLES, "seed": BOOTSTRAP_SEED})

    @property
    def interval_excludes_zero(self) -> bool:
        return self.ci_low > 0 or self.ci_high < 0

    def to_dict(self) -> dict:
        return asdict(self)


def mcnemar_exact_p(gains: int, losses: int) -> float:
    """Two-sided exact McNemar test: under 'no difference' each of the b + c flips goes either way with p = 1/2."""
    flips = gains + losses
    if flips == 0:
        return 1.0
    tail = sum(math.comb(flips, k) for k in range(min(gains, losses) + 1)) / 2**flips
    return min(1.0, 2 * tail)


def paired_bootstrap_interval(gains: int, losses: int, n: int, *, resamples: int = BOOTSTRAP_RESAMPLES,
                              seed: int = BOOTSTRAP_SEED, level: float = 0.95) -> tuple[float, float]:
    """Percentile interval of mean(z - s) over `resamples` resamples of the n questions with replacement."""
    import numpy as np

    if n == 0:
        return math.nan, math.nan
    counts = np.random.default_rng(seed).multinomial(n, [gains / n, losses / n, (n - gains - losses) / n],
                                                     size=resamples)  # (resamples, 3)
    diffs = (counts[:, 0] - counts[:, 1]) / n
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(diffs, [tail, 100 - tail])
    return float(low), float(high)


def _row(task: str, pairs: list[tuple[int, Sample, Sample]]) -> TaskRow:
    scored = [(s.correct, z.correct) for _, s, z in pairs if s.correct is not None and z.correct is not None]
    n = len(scored)
    gains = sum(1 for s, z in scored if z > s)
    losses = sum(1 for s, z in scored if z < s)
    stock_acc = sum(s for s, _ in scored) / n if n else math.nan
    zoo_acc = sum(z for _, z in scored) / n if n else math.nan
    worst, worst_doc = 0.0, None
    for doc_id, s, z in pairs:
        for a, b in zip(s.loglikelihoods, z.loglikelihoods):
            diff = abs(a - b)
            if math.isnan(diff):
                diff = math.inf
            if worst_doc is None or diff > worst:
                worst, worst_doc = diff, doc_id
    return TaskRow(task, n, stock_acc, zoo_acc, zoo_acc - stock_acc, gains, losses, worst, worst_doc)


def _flipped(by_task: dict[str, list[tuple[int, Sample, Sample]]]) -> list[tuple[str, int, str]]:
    return [(task, doc_id, "gain" if z.correct > s.correct else "loss")
            for task, pairs in by_task.items() for doc_id, s, z in pairs
            if s.correct is not None and z.correct is not None and s.correct != z.correct]


def paired_report(stock: dict[tuple[str, int], Sample], zoo: dict[tuple[str, int], Sample]) -> PairedReport:
    """The report over the questions both runs logged; both must hold the same (task, doc id) keys."""
    if stock.keys() != zoo.keys():
        missing = sorted(stock.keys() ^ zoo.keys())[:3]
        raise RuntimeError(f"stock and zoo runs logged different questions (e.g. {missing})")
    by_task: dict[str, list[tuple[int, Sample, Sample]]] = {}
    for (task, doc_id), s in sorted(stock.items()):
        z = zoo[(task, doc_id)]
        if len(s.loglikelihoods) != len(z.loglikelihoods):
            raise RuntimeError(f"stock and zoo runs logged different requests for task {task}, doc {doc_id}")
        by_task.setdefault(task, []).append((doc_id, s, z))
    rows = [_row(task, pairs) for task, pairs in by_task.items()]
    everything = [(i, s, z) for i, (_, s, z) in enumerate(p for pairs in by_task.values() for p in pairs)]
    overall = _row("overall", everything)
    overall.worst_doc = None  # an index into `everything`, not a doc id: worst_sample names the question
    worst_row = max(rows, key=lambda r: r.max_loglikelihood_diff, default=None)
    worst_sample = None if worst_row is None or worst_row.worst_doc is None else (worst_row.task, worst_row.worst_doc)
    low, high = paired_bootstrap_interval(overall.zoo_gains, overall.zoo_losses, overall.n)
    return PairedReport(
        rows=rows, overall=overall, ci_low=low, ci_high=high,
        mcnemar_p=mcnemar_exact_p(overall.zoo_gains, overall.zoo_losses),
        compared_samples=len(everything), max_loglikelihood_diff=overall.max_loglikelihood_diff,
        worst_sample=worst_sample, flipped=_flipped(by_task),
    )


def _name(task: str) -> str:
    return task if len(task) <= NAME_WIDTH else task[: NAME_WIDTH - 1] + "~"


def _format_row(r: TaskRow) -> str:
    return (f"{_name(r.task):<{NAME_WIDTH}} {r.n:>6} {r.stock_acc:>7.4f} {r.zoo_acc:>7.4f} {r.diff:>+8.4f} "
            f"{r.zoo_gains:>6} {r.zoo_losses:>6} {r.max_loglikelihood_diff:>10.3g}")


def format_report(report: PairedReport) -> str:
    """The printed table (at most 100 columns) and the paired statistics under it."""
    header = (f"{'task':<{NAME_WIDTH}} {'n':>6} {'stock':>7} {'zoo':>7} {'zoo-stk':>8} "
              f"{'gains':>6} {'losses':>6} {'max|Δll|':>10}")
    lines = [header, "-" * len(header)]
    lines += [_format_row(r) for r in report.rows]
    if len(report.rows) > 1:
        lines += ["-" * len(header), _format_row(report.overall)]
    o = report.overall
    where = "" if report.worst_sample is None else f" (task {report.worst_sample[0]}, doc {report.worst_sample[1]})"
    lines += [
        "",
        f"paired difference zoo - stock: {o.diff:+.4f} over {o.n} questions, 95 % CI [{report.ci_low:+.4f}, "
        f"{report.ci_high:+.4f}]",
        f"  (paired bootstrap, {BOOTSTRAP_RESAMPLES} resamples, seed {BOOTSTRAP_SEED}); exact McNemar p = "
        f"{report.mcnemar_p:.3g}",
        f"flips: {o.zoo_gains} stock-wrong -> zoo-right, {o.zoo_losses} stock-right -> zoo-wrong",
        f"largest per-sample |Δ log-likelihood| over {report.compared_samples} samples: "
        f"{report.max_loglikelihood_diff:.3g}{where}",
    ]
    return "\n".join(lines)
