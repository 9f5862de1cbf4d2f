"""The paired stock-vs-zoo report, on constructed answers whose numbers are worked out by hand."""

import math

import numpy as np
import pytest

from patchzoo.evals.paired_report import (
    Sample, format_report, mcnemar_exact_p, paired_bootstrap_interval, paired_report,
)


def _side(answers: dict[str, list[int]], ll: dict[tuple[str, int], list[float]] | None = None):
    return {(task, i): Sample(float(c), (ll or {}).get((task, i), [-1.0, -2.0, -3.0, -4.0]))
            for task, correct in answers.items() for i, c in enumerate(correct)}


def test_flipped_answers_by_hand():
    # task a: stock 1 0 0 1, zoo 1 1 1 1 -> zoo gains 2; task b: stock 1 1 0, zoo 0 1 0 -> zoo loses 1
    stock = _side({"a": [1, 0, 0, 1], "b": [1, 1, 0]})
    zoo = _side({"a": [1, 1, 1, 1], "b": [0, 1, 0]}, ll={("b", 2): [-1.0, -2.5, -3.0, -4.0]})  # |Δ| 0.5 at b/2
    report = paired_report(stock, zoo)

    a, b = report.rows
    assert (a.task, a.n, a.stock_acc, a.zoo_acc, a.zoo_gains, a.zoo_losses) == ("a", 4, 0.5, 1.0, 2, 0)
    assert (b.task, b.n, b.zoo_gains, b.zoo_losses) == ("b", 3, 0, 1)
    assert b.stock_acc == pytest.approx(2 / 3) and b.zoo_acc == pytest.approx(1 / 3)
    o = report.overall
    assert (o.n, o.zoo_gains, o.zoo_losses) == (7, 2, 1)
    assert o.stock_acc == pytest.approx(4 / 7) and o.zoo_acc == pytest.approx(5 / 7)
    assert o.diff == pytest.approx(1 / 7)
    # exact McNemar, 3 flips split 2:1: p = 2 * P(X <= 1 | Bin(3, 1/2)) = 2 * 4/8, capped at 1
    assert report.mcnemar_p == 1.0
    assert report.max_loglikelihood_diff == pytest.approx(0.5)
    assert report.worst_sample == ("b", 2) and report.compared_samples == 7
    assert report.flipped == [("a", 1, "gain"), ("a", 2, "gain"), ("b", 0, "loss")]
    # 2 gains, 1 loss in 7: the interval holds the point estimate and 0
    assert report.ci_low <= 0 <= report.ci_high and report.ci_low <= 1 / 7 <= report.ci_high
    assert not report.interval_excludes_zero


def test_equal_models_give_zero_difference_and_no_flips():
    stock = _side({"a": [1, 0, 1, 1, 0], "b": [0, 0, 1]})
    report = paired_report(stock, _side({"a": [1, 0, 1, 1, 0], "b": [0, 0, 1]}))
    assert report.overall.diff == 0 and report.overall.zoo_gains == report.overall.zoo_losses == 0
    assert (report.ci_low, report.ci_high) == (0.0, 0.0) and report.mcnemar_p == 1.0
    assert report.max_loglikelihood_diff == 0 and not report.interval_excludes_zero and report.flipped == []


def test_mcnemar_exact_values():
    assert mcnemar_exact_p(5, 0) == pytest.approx(2 / 32)  # 2 * (1/2)^5
    assert mcnemar_exact_p(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar_exact_p(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert mcnemar_exact_p(0, 0) == 1.0


def test_bootstrap_matches_resampling_questions():
    """The multinomial shortcut is the same distribution as resampling the questions themselves."""
    n, gains, losses = 60, 9, 3
    d = np.array([1] * gains + [-1] * losses + [0] * (n - gains - losses))
    rng = np.random.default_rng(7)
    brute = d[rng.integers(0, n, size=(20_000, n))].mean(axis=1)
    low, high = paired_bootstrap_interval(gains, losses, n)
    assert low == pytest.approx(np.percentile(brute, 2.5), abs=1 / n + 1e-9)
    assert high == pytest.approx(np.percentile(brute, 97.5), abs=1 / n + 1e-9)
    assert paired_bootstrap_interval(gains, losses, n) == (low, high)  # fixed seed: the same every run


def test_one_sided_flips_exclude_zero():
    stock = _side({"t": [0] * 30 + [1] * 70})
    zoo = _side({"t": [1] * 100})
    report = paired_report(stock, zoo)
    assert report.overall.diff == pytest.approx(0.3)
    assert 0.15 < report.ci_low < 0.3 < report.ci_high < 0.45 and report.interval_excludes_zero
    assert report.mcnemar_p == pytest.approx(2 * 0.5**30)


def test_mismatched_runs_are_refused():
    with pytest.raises(RuntimeError, match="different questions"):
        paired_report(_side({"a": [1, 0]}), _side({"a": [1]}))
    with pytest.raises(RuntimeError, match="different requests"):
        paired_report(_side({"a": [1]}), {("a", 0): Sample(1.0, [-1.0])})


def test_table_fits_100_columns_and_nan_loglikelihood_is_the_worst():
    name = "mmlu_a_subject_name_far_longer_than_any_real_one_at_all"
    stock = _side({name: [1, 0], "mmlu_anatomy": [1]})
    zoo = _side({name: [1, 0], "mmlu_anatomy": [1]}, ll={("mmlu_anatomy", 0): [math.nan, -2.0, -3.0, -4.0]})
    report = paired_report(stock, zoo)
    assert report.max_loglikelihood_diff == math.inf and report.worst_sample == ("mmlu_anatomy", 0)
    text = format_report(report)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "overall" in text and "McNemar" in text
