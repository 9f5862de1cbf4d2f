"""Every command checks its inputs and outputs before any work, refuses what it cannot do in one line, and never
destroys a user's files: exit 2 and `patchzoo <command>: error: ...` on stderr, no traceback, no network, the
user's files byte for byte as they were."""

import hashlib
import json
import shutil
import socket
import struct
from pathlib import Path

import pytest
import torch

from patchzoo import cli

CORPUS = "The quick brown fox jumps over the lazy dog. " * 40


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the network was touched")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)


def checksums(*roots: Path) -> dict[str, str]:
    out = {}
    for root in roots:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        out.update({str(f): hashlib.sha256(f.read_bytes()).hexdigest() for f in files})
    return out


def one_line_error(capsys, argv: list[str], status: int = 2) -> str:
    capsys.readouterr()
    assert cli.main(argv) == status, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"patchzoo {argv[0]}: "), err
    return err


@pytest.fixture
def llama(tiny_checkpoints, tmp_path) -> Path:
    """A private copy of the tiny Llama checkpoint (with tokenizer) that a test may damage."""
    return Path(shutil.copytree(tiny_checkpoints("llama"), tmp_path / "llama"))


@pytest.fixture
def corpus(tmp_path) -> Path:
    path = tmp_path / "corpus.txt"
    path.write_text(CORPUS)
    return path


# ------------------------------------------------------------------------------------------ never overwrite


def test_quantize_refuses_to_write_over_its_input(llama, corpus, tmp_path, capsys):
    before = checksums(llama, corpus)
    for out, expected in [(llama, "is the input"), (llama / "q", "lies inside the input"),
                          (tmp_path, "holds the input")]:
        for extra in ([], ["--overwrite"]):
            err = one_line_error(capsys, ["quantize", "--model", str(llama), "--calib", str(corpus), "--out", str(out),
                                          "--seqlen", "32", *extra])
            assert expected in err
    assert checksums(llama, corpus) == before


def test_outputs_refuse_files_and_non_empty_folders(llama, corpus, tmp_path, capsys):
    full = tmp_path / "full"
    full.mkdir()
    (full / "mine.txt").write_text("keep me")
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    before = checksums(full, a_file)
    quantize = ["quantize", "--model", str(llama), "--calib", str(corpus), "--seqlen", "32", "--out"]
    assert "exists and is not empty" in one_line_error(capsys, [*quantize, str(full)])
    assert "is a file" in one_line_error(capsys, [*quantize, str(a_file)])
    assert "is a file, so no directory" in one_line_error(capsys, [*quantize, str(a_file / "sub")])
    assert "is a directory; name a file" in one_line_error(capsys, ["parity", "--arch", "llama", "--json", str(full)])
    assert "is a directory; name a file" in one_line_error(
        capsys, ["train", "--model", str(llama), "--seq-len", "32", "--json", str(full)])
    assert checksums(full, a_file) == before


def test_push_keeps_a_readme_it_did_not_write(llama, capsys):
    (llama / "README.md").write_text("# my notes\n")
    before = checksums(llama)
    err = one_line_error(capsys, ["push", "--model", str(llama), "--repo", "me/x", "--dry-run"])
    assert "README.md exists and was not written by patchzoo" in err and "--overwrite-card" in err
    assert checksums(llama) == before
    assert cli.main(["push", "--model", str(llama), "--repo", "me/x", "--dry-run", "--overwrite-card"]) == 0
    card = (llama / "README.md").read_text()
    assert "patchzoo" in card
    # A card patchzoo wrote is patchzoo's to refresh.
    assert cli.main(["push", "--model", str(llama), "--repo", "me/x", "--dry-run"]) == 0


def test_unwritable_output_is_refused_up_front(llama, corpus, tmp_path, capsys):
    import os

    if os.geteuid() == 0:
        pytest.skip("root writes anywhere: permission checks cannot fail here")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        err = one_line_error(capsys, ["quantize", "--model", str(llama), "--calib", str(corpus), "--seqlen", "32",
                                      "--out", str(locked / "q")])
        assert "not writable" in err
    finally:
        locked.chmod(0o700)


# ------------------------------------------------------------------------------------------ what a model can do


def test_train_refuses_what_it_cannot_train(tiny_checkpoints, tmp_path, capsys):
    from patchzoo.testing import tiny_gptq_checkpoint

    cases = [
        (tiny_checkpoints("t5"), "patchzoo train trains causal language models"),
        (tiny_checkpoints("bert"), "patchzoo train trains causal language models"),
        (tiny_gptq_checkpoint(tmp_path / "gptq"), "GPTQ checkpoint"),
    ]
    for model, expected in cases:
        assert expected in one_line_error(capsys, ["train", "--model", str(model), "--seq-len", "16"])


def test_train_refuses_fp16_without_loss_scaling_and_bad_numbers(llama, capsys):
    train = ["train", "--model", str(llama)]
    for dtype_option in ("--master-dtype", "--param-dtype"):
        err = one_line_error(capsys, [*train, dtype_option, "fp16"])
        assert "invalid choice: 'fp16'" in err
    for peak in ("0", "-5"):
        assert f"--peak-tflops {float(peak)}: must be positive" in one_line_error(
            capsys, [*train, "--peak-tflops", peak])


def test_sequences_longer_than_the_model_are_refused(llama, corpus, capsys):
    positions = json.loads((llama / "config.json").read_text())["max_position_embeddings"]
    too_long = str(positions * 4)
    err = one_line_error(capsys, ["train", "--model", str(llama), "--seq-len", too_long])
    assert f"max_position_embeddings={positions}" in err and "--allow-long-seq" in err
    err = one_line_error(capsys, ["quantize", "--model", str(llama), "--calib", str(corpus), "--out", "unused",
                                  "--seqlen", too_long])
    assert f"max_position_embeddings={positions}" in err


def test_quantize_refuses_what_it_cannot_quantize(tiny_checkpoints, llama, corpus, tmp_path, capsys):
    from patchzoo.testing import tiny_gptq_checkpoint

    quantize = ["--calib", str(corpus), "--out", str(tmp_path / "q"), "--seqlen", "16"]
    assert "model_type='bert'" in one_line_error(capsys, ["quantize", "--model", str(tiny_checkpoints("bert")), *quantize])
    gptq = tiny_gptq_checkpoint(tmp_path / "gptq")
    assert "already a GPTQ checkpoint" in one_line_error(capsys, ["quantize", "--model", str(gptq), *quantize])
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.json", "merges.txt",
                 "tokenizer.model"):
        (llama / name).unlink(missing_ok=True)
    assert "holds no tokenizer" in one_line_error(capsys, ["quantize", "--model", str(llama), *quantize])


def test_eval_refuses_unknown_tasks_and_missing_tokenizers(tiny_checkpoints, llama, capsys):
    err = one_line_error(capsys, ["eval", "--model", str(llama), "--tasks", "nosuchtask"])
    assert "nosuchtask: no such lm-eval task" in err
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.json", "merges.txt"):
        (llama / name).unlink(missing_ok=True)
    assert "holds no tokenizer" in one_line_error(capsys, ["eval", "--model", str(llama), "--tasks", "mmlu"])


def test_gptq_config_with_the_wrong_bits_names_bits(tmp_path):
    import patchzoo
    from patchzoo.testing import tiny_gptq_checkpoint

    checkpoint = tiny_gptq_checkpoint(tmp_path / "gptq", bits=4)
    config = json.loads((checkpoint / "config.json").read_text())
    config["quantization_config"]["bits"] = 8
    (checkpoint / "config.json").write_text(json.dumps(config))
    with pytest.raises(ValueError, match=r"bits=8 .* \(as bits=4 would\)"):
        patchzoo.LlamaForCausalLM.from_pretrained(checkpoint)


# ------------------------------------------------------------------------------------------ inputs checked first


def test_binary_and_empty_text_files_are_named(llama, tmp_path, capsys):
    binary = tmp_path / "data.bin"
    binary.write_bytes(bytes(range(256)) * 8)
    blank = tmp_path / "blank.txt"
    blank.write_text("  \n\n")
    for option, command in [("--data", ["train", "--model", str(llama), "--seq-len", "16"]),
                            ("--calib", ["quantize", "--model", str(llama), "--out", str(tmp_path / "q"),
                                         "--seqlen", "16"])]:
        assert "not UTF-8 text" in one_line_error(capsys, [*command, option, str(binary)])
        assert "holds no text" in one_line_error(capsys, [*command, option, str(blank)])
    calib = tmp_path / "calib.txt"
    calib.write_text(CORPUS)
    err = one_line_error(capsys, ["quantize", "--model", str(llama), "--calib", str(calib), "--out",
                                  str(tmp_path / "q"), "--seqlen", "16", "--eval-text", str(blank)])
    assert "--eval-text" in err and "holds no text" in err


def test_devices_are_checked_before_any_work(llama, corpus, tmp_path, capsys):
    import torch

    if torch.cuda.is_available():
        pytest.skip("a GPU is here")
    err = one_line_error(capsys, ["quantize", "--model", str(llama), "--calib", str(corpus), "--out",
                                  str(tmp_path / "q"), "--seqlen", "16", "--device", "cuda"])
    assert "--device cuda: no such CUDA GPU" in err
    assert "not a device" in one_line_error(capsys, ["parity", "--arch", "bert", "--device", "gpu0"])


def test_offline_hub_ids_fail_fast_in_every_command(corpus, tmp_path, capsys, monkeypatch):
    from huggingface_hub import constants

    cache = tmp_path / "hub-cache"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    commands = [
        ["parity", "--model", "someone/absent"],
        ["train", "--model", "someone/absent"],
        ["quantize", "--model", "someone/absent", "--calib", str(corpus), "--out", str(tmp_path / "q")],
        ["eval", "--model", "someone/absent", "--tasks", "mmlu"],
        ["convert", "--dcp", str(tmp_path), "--config", "someone/absent", "--out", str(tmp_path / "o")],
    ]
    for argv in commands:
        err = one_line_error(capsys, argv)
        assert "not in the local Hub cache" in err or "holds no finished checkpoint" in err, err


def test_eval_mmlu_without_local_files_fails_fast_offline(llama, capsys):
    err = one_line_error(capsys, ["eval", "--model", str(llama), "--tasks", "mmlu"])
    assert "--data-dir" in err


# ------------------------------------------------------------------------------------------ corrupt checkpoints


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbage_header(path: Path) -> None:
    path.write_bytes(struct.pack("<Q", 16) + b"{not a header!!}" + b"\0" * 64)


def _huge_header(path: Path) -> None:
    path.write_bytes(struct.pack("<Q", 1 << 40) + b"{}")


def _zero_bytes(path: Path) -> None:
    path.write_bytes(b"")


def _wrong_dtype(path: Path) -> None:
    """A header that declares every tensor twice as wide as its bytes (F32 stored where F64 is claimed)."""
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    for key, info in header.items():
        if key != "__metadata__" and info["dtype"] == "F32":
            info["dtype"] = "F64"
    text = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + data[8 + length:])


def _missing_tensor(path: Path) -> None:
    from safetensors.torch import load_file, save_file

    tensors = load_file(path)
    tensors.pop("model.layers.0.mlp.down_proj.weight")
    save_file(tensors, path, metadata={"format": "pt"})


WEIGHT_DAMAGE = {"missing tensor": _missing_tensor, "truncated": _truncate, "garbage header": _garbage_header, "huge header": _huge_header,
                 "empty file": _zero_bytes, "wrong dtype": _wrong_dtype}
CONFIG_DAMAGE = {"not JSON": "{not json", "a list": "[1, 2]", "no model_type": "{}", "binary": "\udcff"}


def _commands(model: Path, corpus: Path, out: Path) -> dict[str, list[str]]:
    return {
        "parity": ["parity", "--model", str(model)],
        "train": ["train", "--model", str(model), "--seq-len", "16"],
        "quantize": ["quantize", "--model", str(model), "--calib", str(corpus), "--out", str(out), "--seqlen", "16"],
        "eval": ["eval", "--model", str(model), "--tasks", "mmlu", "--data-dir", str(out)],
        "push": ["push", "--model", str(model), "--repo", "me/x", "--dry-run"],
    }


@pytest.mark.parametrize("damage", sorted(WEIGHT_DAMAGE))
def test_every_command_names_a_damaged_weights_file(damage, llama, corpus, tmp_path, capsys):
    weights = llama / "model.safetensors"
    WEIGHT_DAMAGE[damage](weights)
    before = checksums(llama)
    for name, argv in _commands(llama, corpus, tmp_path / "out").items():
        err = one_line_error(capsys, argv)
        expected = "the checkpoint is incomplete" if damage == "missing tensor" else "model.safetensors is damaged"
        assert expected in err, (name, err)
    assert checksums(llama) == before


@pytest.mark.parametrize("damage", sorted(CONFIG_DAMAGE))
def test_every_command_names_a_damaged_config(damage, llama, corpus, tmp_path, capsys):
    (llama / "config.json").write_text(CONFIG_DAMAGE[damage], errors="surrogateescape")
    before = checksums(llama)
    commands = _commands(llama, corpus, tmp_path / "out")
    commands["convert"] = ["convert", "--dcp", str(tmp_path), "--config", str(llama), "--out", str(tmp_path / "o")]
    for name, argv in commands.items():
        err = one_line_error(capsys, argv)
        expected = "holds no finished checkpoint" if name == "convert" else "config.json"
        assert expected in err, (name, err)
    assert checksums(llama) == before


def test_a_missing_shard_is_named(llama, capsys):
    index = {"metadata": {}, "weight_map": {"model.embed_tokens.weight": "model-00002-of-00002.safetensors"}}
    (llama / "model.safetensors.index.json").write_text(json.dumps(index))
    err = one_line_error(capsys, ["train", "--model", str(llama), "--seq-len", "16"])
    assert "shards that are missing: model-00002-of-00002.safetensors" in err


# ------------------------------------------------------------------------------------------ interrupted, --debug, --json -


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch, llama, tmp_path, capsys):
    from patchzoo.evals import parity
    from patchzoo.training import trainer

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(parity, "run_case", interrupt)
    assert one_line_error(capsys, ["parity", "--arch", "bert"], status=130).strip() == "patchzoo parity: interrupted"
    monkeypatch.setattr(trainer, "train", interrupt)
    err = one_line_error(capsys, ["train", "--model", str(llama), "--seq-len", "16", "--ckpt-dir",
                                  str(tmp_path / "ckpt")], status=130)
    assert err.startswith("patchzoo train: interrupted; no complete checkpoint in")


def test_debug_anywhere_shows_the_traceback(tmp_path):
    from patchzoo.commands.checks import UsageError

    with pytest.raises(UsageError, match="no such directory"):
        cli.main(["parity", "--model", str(tmp_path / "nope"), "--debug"])


def test_json_to_stdout_is_json_alone(capsys):
    assert cli.main(["parity", "--arch", "bert", "--json", "-"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    assert rows[0]["arch"] == "bert" and captured.err.startswith("architecture")


def test_a_malformed_command_line_is_one_line(capsys):
    err = one_line_error(capsys, ["train", "--model"])
    assert "expected one argument" in err and "see patchzoo train --help" in err


# ------------------------------------------------------------------------------------------ training guards


def test_a_diverged_run_stops_saves_nothing_new_and_exits_1(llama, tmp_path, capsys):
    ckpt = tmp_path / "ckpt"
    argv = ["train", "--model", str(llama), "--seq-len", "16", "--steps", "4", "--log-every", "1",
            "--ckpt-dir", str(ckpt), "--ckpt-every", "1", "--no-compile", "--lr", "1e30", "--warmup-steps", "0"]
    capsys.readouterr()
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert "patchzoo train: diverged: the loss or gradient norm became inf/NaN" in err
    saved = sorted(p.name for p in ckpt.iterdir()) if ckpt.exists() else []
    assert saved == ["step-0000001"], saved  # step 1's update blew the weights up; step 2 onward saved nothing


def test_out_of_memory_is_one_line_with_what_to_change(monkeypatch, llama, capsys):
    from patchzoo.training import trainer

    def out_of_memory(*args, **kwargs):
        raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
                                     "79.19 GiB of which 1.06 GiB is free. Including non-PyTorch memory, ...")

    monkeypatch.setattr(trainer, "train", out_of_memory)
    base = ["train", "--model", str(llama), "--seq-len", "16", "--no-compile"]
    err = one_line_error(capsys, [*base, "--batch-size", "4"], status=1)
    assert err.startswith("patchzoo train: out of memory on rank 0 (CUDA out of memory. Tried to allocate 2.00 GiB)")
    assert "try --ac-every 2 (1 saves more), or --batch-size 2 --grad-accum 2 (the same tokens per step), or a " \
           "smaller --seq-len" in err
    monkeypatch.setenv("WORLD_SIZE", "2")  # several GPUs: resharding after forward is the cheapest change
    err = one_line_error(capsys, [*base, "--ac-every", "2"], status=1)
    assert "try --reshard-after-forward yes, or --ac-every 1, or a smaller --seq-len" in err


def test_resume_from_a_damaged_or_foreign_checkpoint_is_refused(llama, tiny_checkpoints, tmp_path, capsys):
    ckpt = tmp_path / "ckpt"
    base = ["--seq-len", "16", "--steps", "1", "--no-compile", "--ckpt-dir", str(ckpt)]
    assert cli.main(["train", "--model", str(llama), *base]) == 0
    step = ckpt / "step-0000001"
    full = tmp_path / "full"
    full.mkdir()
    (full / "mine.txt").write_text("keep me")
    err = one_line_error(capsys, ["convert", "--dcp", str(step), "--config", str(llama), "--out", str(full)])
    assert "exists and is not empty" in err and (full / "mine.txt").read_text() == "keep me"
    assert "is the input" in one_line_error(capsys, ["convert", "--dcp", str(step), "--config", str(llama), "--out",
                                                     str(llama), "--overwrite"])
    foreign = tiny_checkpoint_with_wider_hidden(tmp_path / "wide", llama)
    err = one_line_error(capsys, ["train", "--model", str(foreign), *base[:-2], "--steps", "2", "--ckpt-dir",
                                  str(ckpt), "--resume"])
    assert "belongs to another model" in err
    data = sorted(step.glob("*.distcp"))[0]
    _truncate(data)
    err = one_line_error(capsys, ["train", "--model", str(llama), *base[:-2], "--steps", "2", "--ckpt-dir", str(ckpt),
                                  "--resume"])
    assert f"data file {data.name} is cut short" in err
    err = one_line_error(capsys, ["convert", "--dcp", str(step), "--config", str(llama), "--out", str(tmp_path / "hf")])
    assert f"data file {data.name} is cut short" in err


def tiny_checkpoint_with_wider_hidden(directory: Path, like: Path) -> Path:
    import transformers

    config = transformers.AutoConfig.from_pretrained(like)
    config.intermediate_size *= 2
    transformers.LlamaForCausalLM(config).save_pretrained(directory)
    return directory
