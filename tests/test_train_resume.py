"""`patchzoo train` survives a kill -9: the JSON Lines log keeps the steps before it, `--resume` takes the newest
complete checkpoint, and the losses after a resume (inside the warm-up and after it) equal the uninterrupted
run's step for step. One CPU process (a one-rank gloo group); the 2-rank case is in test_fsdp.py."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
import torch

from patchzoo.testing import tiny_checkpoint
from patchzoo.training.checkpoint import checkpoint_path, latest_checkpoint

WARMUP = 10
STEPS = 16
TRAIN_ARGS = ["--seq-len", "16", "--batch-size", "2", "--lr", "1e-3", "--warmup-steps", str(WARMUP),
              "--log-every", "1", "--no-compile", "--param-dtype", "fp32", "--ckpt-every", "1"]
CORPUS = " ".join(f"Line {i}: a tiny model learns {i % 5} words while the run is killed and resumed." for i in range(40))


def train_command(tmp_path, checkpoint, run_dir, steps, *extra):
    return [sys.executable, "-m", "patchzoo.cli", "train", "--model", str(checkpoint),
            "--data", str(tmp_path / "corpus.txt"), *TRAIN_ARGS, "--steps", str(steps),
            "--ckpt-dir", str(run_dir / "ckpt"), "--json", str(run_dir / "log.jsonl"), *extra]


ENV = {**os.environ, "OMP_NUM_THREADS": "1"}


def read_log(path):
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_until_killed(cmd, log_path, kill_after_step):
    """Start a run meant to go on far longer, SIGKILL it once the log holds `kill_after_step`."""
    proc = subprocess.Popen(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if any(entry["step"] >= kill_after_step for entry in read_log(log_path)):
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    _, stderr = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, f"run ended before the kill ({proc.returncode}): {stderr[-2000:]}"


def run_in_process(argv):
    """cli.main in this process (no interpreter start-up); init_distributed's environment is undone after."""
    from patchzoo import cli

    names = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT")
    saved = {name: os.environ.get(name) for name in names}
    try:
        assert cli.main(argv) == 0
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("resume")
    (tmp_path / "corpus.txt").write_text(CORPUS)
    checkpoint = tiny_checkpoint("llama", tmp_path / "tiny-llama")
    straight = tmp_path / "straight"
    run_in_process(train_command(tmp_path, checkpoint, straight, STEPS)[3:])
    losses = {entry["step"]: entry["loss"] for entry in read_log(straight / "log.jsonl")}
    assert sorted(losses) == list(range(1, STEPS + 1))
    return tmp_path, checkpoint, losses


def test_kill_inside_and_after_warmup_then_resume_equals_the_uninterrupted_run(setup):
    tmp_path, checkpoint, straight = setup
    run_dir = tmp_path / "killed"
    log_path = run_dir / "log.jsonl"
    long_run = 10_000  # the killed runs would go on; the schedule does not depend on the total

    # Killed inside the warm-up (maybe while saving: the log line of a step comes before its checkpoint).
    # The log holds every step up to the kill, each equal to the straight run's (checked at the end).
    run_until_killed(train_command(tmp_path, checkpoint, run_dir, long_run), log_path, kill_after_step=2)
    before_kill = read_log(log_path)
    assert [e["step"] for e in before_kill] == list(range(1, len(before_kill) + 1))
    resume_at = int(latest_checkpoint(run_dir / "ckpt").name.removeprefix("step-"))
    assert 1 <= resume_at < WARMUP, f"the first kill should land inside the warm-up, not after step {resume_at}"

    # Resumed, then killed again after the warm-up.
    run_until_killed(train_command(tmp_path, checkpoint, run_dir, long_run, "--resume"), log_path,
                     kill_after_step=WARMUP + 2)
    second_resume = int(latest_checkpoint(run_dir / "ckpt").name.removeprefix("step-"))
    assert WARMUP < second_resume < STEPS - 1

    # Unfinished checkpoints of later steps, as a kill while saving leaves them: a .partial directory, and
    # a step directory without DCP's .metadata (an older patchzoo's half-written save). Both are skipped.
    newer = checkpoint_path(run_dir / "ckpt", second_resume)
    shutil.copytree(newer, checkpoint_path(run_dir / "ckpt", STEPS - 1))
    (checkpoint_path(run_dir / "ckpt", STEPS - 1) / ".metadata").unlink()
    shutil.copytree(newer, checkpoint_path(run_dir / "ckpt", STEPS).with_name(f"step-{STEPS:07d}.partial"))
    assert latest_checkpoint(run_dir / "ckpt") == newer

    # Resumed to the end.
    done = subprocess.run(train_command(tmp_path, checkpoint, run_dir, STEPS, "--resume"), env=ENV,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"resuming from {newer}" in done.stderr

    log = read_log(log_path)
    # Steps after a checkpoint are logged again by the resumed run; every entry equals the straight run's.
    assert {e["step"] for e in log} == set(range(1, STEPS + 1))
    assert log[-1]["step"] == STEPS
    for entry in log:
        torch.testing.assert_close(entry["loss"], straight[entry["step"]], rtol=1e-6, atol=1e-6,
                                   msg=f"step {entry['step']}")
        assert entry["lr"] == pytest.approx(1e-3 * min(1.0, entry["step"] / WARMUP))
    # The unfinished ones were replaced by complete saves of those steps.
    assert latest_checkpoint(run_dir / "ckpt") == checkpoint_path(run_dir / "ckpt", STEPS)
    assert not list((run_dir / "ckpt").glob("*.partial"))


def test_latest_checkpoint_takes_only_finished_ones(tmp_path):
    for name, metadata in (("step-0000002", True), ("step-0000004", True), ("step-0000007", False),
                           ("step-0000009.partial", True), ("step-0000008.old", True), ("notes", True)):
        (tmp_path / name).mkdir()
        if metadata:
            (tmp_path / name / ".metadata").write_bytes(b"x")
    assert latest_checkpoint(tmp_path) == tmp_path / "step-0000004"
    assert latest_checkpoint(tmp_path / "missing") is None


def test_bad_train_and_convert_input_gets_one_line(tmp_path, capsys):
    from patchzoo import cli

    checkpoint = tiny_checkpoint("llama", tmp_path / "tiny", tokenizer=False)
    (tmp_path / "notckpt").mkdir()
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS)
    (tmp_path / "notckpt" / "step-0000003").mkdir()  # unfinished: no .metadata
    cases = [
        (["train", "--model", str(tmp_path / "missing")], "no such directory"),
        (["train", "--model", str(checkpoint), "--data", str(tmp_path / "nope.txt")], "--data"),
        (["train", "--model", str(checkpoint), "--data", str(corpus)], "holds no tokenizer"),  # no tokenizer saved
        (["train", "--model", str(checkpoint), "--steps", "0"], "--steps 0: must be at least 1"),
        (["train", "--model", str(checkpoint), "--grad-accum", "0"], "--grad-accum 0"),
        (["train", "--model", str(checkpoint), "--warmup-steps", "-1"], "--warmup-steps -1"),
        (["train", "--model", str(checkpoint), "--seq-len", "64", "--resume"], "--resume needs --ckpt-dir"),
        (["convert", "--dcp", str(tmp_path / "nodir"), "--config", str(checkpoint), "--out", str(tmp_path / "o")],
         "no such directory"),
        (["convert", "--dcp", str(tmp_path / "notckpt"), "--config", str(checkpoint), "--out", str(tmp_path / "o")],
         "holds no finished checkpoint"),
        (["convert", "--dcp", str(tmp_path / "notckpt" / "step-0000003"), "--config", str(checkpoint),
          "--out", str(tmp_path / "o")], "unfinished checkpoint"),
        (["convert", "--dcp", str(tmp_path / "notckpt"), "--config", str(tmp_path / "nocfg"),
          "--out", str(tmp_path / "o")], "holds no finished checkpoint"),
    ]
    capsys.readouterr()  # the progress bars of building the tiny checkpoint
    for argv, expected in cases:
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"patchzoo {argv[0]}: error:") and expected in err and "\n" not in err, (argv, err)


def test_train_help_shows_defaults():
    from patchzoo import cli

    text = cli.build_parser()._subparsers._group_actions[0].choices["train"].format_help()
    for default in ("(default: 2048)", "(default: 100)", "(default: 0.0003)", "(default: 10)", "(default: full)"):
        assert default in text


def test_gradient_accumulation_equals_the_larger_batch(setup, tmp_path):
    """2 micro-batches of 1 sequence per step train as 1 batch of 2: same data, same losses (every sequence
    holds the same number of predicted tokens, so the mean of the micro-batch means is the batch mean)."""
    source_dir, checkpoint, straight = setup
    argv = train_command(source_dir, checkpoint, tmp_path, 3)[3:]
    argv[argv.index("--batch-size") + 1] = "1"
    run_in_process([*argv, "--grad-accum", "2"])
    accumulated = read_log(tmp_path / "log.jsonl")
    assert [e["step"] for e in accumulated] == [1, 2, 3]
    torch.testing.assert_close([e["loss"] for e in accumulated], [straight[s] for s in (1, 2, 3)], rtol=1e-5, atol=1e-5)
