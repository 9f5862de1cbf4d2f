"""bench_user_paths: row selection, the table's verdicts and exit status, and a CPU smoke run of real rows on tiny
configs (stock and zoo classes through from_pretrained). No assertion on measured speed."""

import json
import logging
import time

import pytest
import torch

from benchmarks import bench_user_paths
from benchmarks.user_paths import all_paths, select
from benchmarks.user_paths.core import (
    EXIT_INCOMPLETE, EXIT_OK, EXIT_SLOWER, Env, Measurement, Result, UserPath, run_path, summarize,
)

# Two cheap rows on tiny configs: a padded encoder forward and a default-cache generate().
SMOKE_ROWS = ["bert-base · eval forward · fp16 · batch 64, lognormal", "flan-t5-base · generate, default cache · fp16 · batch 1"]


def timed(seconds: float) -> Measurement:
    return Measurement(seconds, "call")


def test_select_matches_any_substring_case_insensitive():
    paths = all_paths()
    assert len({p.name for p in paths}) == len(paths), "row names must be unique: --only selects by them"
    chosen = select(paths, ["BERT-base", "seamless"])
    assert chosen and all("bert-base" in p.name or "seamless" in p.name for p in chosen)
    assert select(paths, []) == paths
    assert select(paths, ["no such row"]) == []
    for row in SMOKE_ROWS:
        assert len(select(paths, [row])) == 1


@pytest.mark.parametrize("zoo_s, tolerance, want", [(0.5, 0.98, EXIT_OK), (1.0, 0.98, EXIT_OK),
                                                    (1.01, 0.98, EXIT_OK), (1.05, 0.98, EXIT_SLOWER),
                                                    (1.01, 1.0, EXIT_SLOWER)])
def test_exit_status_follows_the_ratio_and_tolerance(zoo_s, tolerance, want):
    results = [Result("fast row", stock=timed(2.0), zoo=timed(1.0)), Result("row", stock=timed(1.0), zoo=timed(zoo_s))]
    table, status = summarize(results, tolerance)
    assert status == want
    assert ("**<**" in table) == (want == EXIT_SLOWER)


def test_zoo_failure_fails_stock_failure_and_cuda_skip_do_not_count():
    ok = Result("ok", stock=timed(1.0), zoo=timed(1.0))
    assert summarize([ok, Result("zoo broke", stock=timed(1.0), error={"zoo": "RuntimeError: x"})], 0.98)[1] == EXIT_SLOWER
    assert summarize([ok, Result("stock broke", error={"stock": "E: x", "zoo": "E: x"})], 0.98)[1] == EXIT_OK
    assert summarize([ok, Result("gpu row", skipped="needs CUDA")], 0.98)[1] == EXIT_OK
    table, status = summarize([ok, Result("late row", skipped="time budget spent")], 0.98)
    assert status == EXIT_INCOMPLETE and "late row" in table.splitlines()[-1]


def test_a_slower_zoo_side_gives_exit_status_1_and_its_log_lines_become_notes(tmp_path):
    """The whole pipeline on a synthetic path: both sides run, the zoo's patchzoo log lines are kept, the verdict."""

    def run(side, env):
        if side == "zoo":
            logging.getLogger("patchzoo.models.example").warning("fell back to stock: reason")
        start = time.perf_counter()
        time.sleep(0.05 if side == "zoo" else 0.0)
        return {"": Measurement(time.perf_counter() - start + 1e-6, "call")}

    env = Env(torch.device("cpu"), tiny=True, workdir=str(tmp_path))
    [result] = run_path(UserPath("synthetic · slower zoo", "none", run), env)
    assert result.ratio < 0.5
    assert result.zoo.notes == ["fell back to stock: reason"] and result.stock.notes == []
    table, status = summarize([result], 0.98)
    assert status == EXIT_SLOWER and "fell back to stock: reason" in table
    assert run_path(UserPath("gpu only", "none", run, needs_cuda=True), env)[0].skipped == "needs CUDA"
    assert run_path(UserPath("late", "none", run), env, deadline=time.monotonic() - 1)[0].skipped == "time budget spent"


def test_graphs_compiled_on_a_side_are_counted(tmp_path):
    """The warm-up column names how many graphs torch.compile built on each side (one per recompiled shape)."""

    def run(side, env):
        double = torch.compile(lambda x: x * 2, backend="eager", dynamic=False)
        for n in range(3 if side == "zoo" else 1):
            double(torch.ones(n + 2))
        return {"": Measurement(1.0, "call")}

    env = Env(torch.device("cpu"), tiny=True, workdir=str(tmp_path))
    [result] = run_path(UserPath("synthetic · compiled", "none", run), env)
    assert (result.stock.graphs, result.zoo.graphs) == (1, 3)
    assert "(graphs 1/3)" in summarize([result], 0.98)[0]


def test_cpu_smoke_run_of_real_rows(tmp_path, capsys):
    """Two real rows end to end on tiny configs: both sides measured, table and JSON lines written; the exit status
    is 0 at tolerance 0 (nothing is timed against anything) and 1 when the tolerance is out of reach."""
    args = ["--device", "cpu", "--tiny", "--out", str(tmp_path)]
    for row in SMOKE_ROWS:
        args += ["--only", row]
    assert bench_user_paths.main(args + ["--tolerance", "0"]) == EXIT_OK
    rows = [json.loads(line) for line in (tmp_path / "user_paths.jsonl").read_text().splitlines()]
    assert len(rows) == len(SMOKE_ROWS)
    for row in rows:
        assert not row["error"] and not row["skipped"], row
        assert row["stock"]["seconds"] > 0 and row["zoo"]["seconds"] > 0 and row["ratio"] > 0
    table = (tmp_path / "user_paths.md").read_text()
    assert all(row["path"] in table for row in rows)
    assert bench_user_paths.main(args[:5] + ["--only", SMOKE_ROWS[0], "--tolerance", "1e9"]) == EXIT_SLOWER


def test_list_runs_nothing(capsys):
    assert bench_user_paths.main(["--list", "--only", "seamless"]) == 0
    listed = capsys.readouterr().out.strip().splitlines()
    assert listed and all("seamless" in line for line in listed)


def test_sides_run_stock_zoo_zoo_stock_and_keep_their_faster_time(tmp_path):
    """Host-bound rows: each side twice, neither always first nor always after the other; the faster steady time
    counts, the warm-up is the first (cold) run's. A row that opts out runs stock then zoo once."""
    order = []
    seconds = {"stock": iter([3.0, 1.0]), "zoo": iter([2.0, 4.0])}

    def run(side, env):
        order.append(side)
        first = len([s for s in order if s == side]) == 1
        return {"": Measurement(next(seconds[side]), "call", warmup_s=5.0 if first else 0.1)}

    env = Env(torch.device("cpu"), tiny=True, workdir=str(tmp_path))
    [result] = run_path(UserPath("synthetic · alternating", "none", run), env)
    assert order == ["stock", "zoo", "zoo", "stock"]
    assert (result.stock.seconds, result.zoo.seconds) == (1.0, 2.0)
    assert (result.stock.warmup_s, result.zoo.warmup_s) == (5.0, 5.0)
    order.clear()
    seconds = {"stock": iter([3.0]), "zoo": iter([2.0])}
    run_path(UserPath("synthetic · trainer", "none", run, alternate=False), env)
    assert order == ["stock", "zoo"]
    order.clear()
    seconds = {"stock": iter([3.0]), "zoo": iter([2.0])}
    run_path(UserPath("synthetic · alternating", "none", run), env, alternate=False)
    assert order == ["stock", "zoo"]
