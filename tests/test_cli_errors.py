"""Expected failures of `patchzoo parity` and `patchzoo push`: exit 2, one line naming the problem, no traceback,
and no network touched (a Hub id tries the Hub once, without retries, only when it is not offline)."""

import json
import shutil
import socket

import pytest
import transformers

from patchzoo import cli


@pytest.fixture
def network_calls(monkeypatch):
    """Every attempt to resolve a host or open a connection, refused and recorded."""
    calls = []

    def refuse(*args, **kwargs):
        calls.append(args)
        raise OSError("network disabled by the test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    return calls


@pytest.fixture
def empty_hub_cache(monkeypatch, tmp_path):
    from huggingface_hub import constants

    cache = tmp_path / "hub-cache"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    return cache


def one_line_error(capsys, command: str) -> str:
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    assert err.startswith(f"patchzoo {command}: error: "), err
    return err


def test_missing_directory_is_named_and_never_sent_to_the_hub(network_calls, capsys, tmp_path, monkeypatch):
    assert cli.main(["parity", "--model", str(tmp_path / "nope")]) == 2
    assert f"--model {tmp_path / 'nope'}: no such directory" in one_line_error(capsys, "parity")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    assert cli.main(["parity", "--model", "runs/mistyped"]) == 2  # 'a/b' with a local directory 'a': a path
    assert "runs/mistyped: no such directory" in one_line_error(capsys, "parity")
    assert network_calls == []


def test_directory_without_a_readable_config_is_named(network_calls, capsys, tmp_path):
    assert cli.main(["parity", "--model", str(tmp_path)]) == 2
    assert "no config.json in this directory" in one_line_error(capsys, "parity")
    (tmp_path / "config.json").write_text("{not json")
    assert cli.main(["parity", "--model", str(tmp_path)]) == 2
    assert "cannot read its config" in one_line_error(capsys, "parity")
    assert network_calls == []


def test_hub_id_offline_and_not_cached(network_calls, empty_hub_cache, capsys, monkeypatch):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    assert cli.main(["parity", "--model", "someone/not-cached"]) == 2
    err = one_line_error(capsys, "parity")
    assert "someone/not-cached: not in the local Hub cache" in err and "HF_HUB_OFFLINE is set" in err
    assert network_calls == []


def test_hub_id_without_network_asks_once_and_gives_up(network_calls, empty_hub_cache, capsys, monkeypatch):
    """Not offline, no network: one probe of the Hub (the download path would retry for ~25 s), then one line."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    assert cli.main(["parity", "--model", "someone/model"]) == 2
    assert "Hub is out of reach" in one_line_error(capsys, "parity")
    assert len(network_calls) == 1


def test_cached_hub_id_runs_offline_from_the_cache(network_calls, empty_hub_cache, tiny_checkpoints, capsys,
                                                   monkeypatch):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    repo = empty_hub_cache / "models--me--tiny-llama"
    shutil.copytree(tiny_checkpoints("llama"), repo / "snapshots" / "0123abc")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0123abc")
    assert cli.main(["parity", "--model", "me/tiny-llama", "--device", "cpu"]) == 0
    assert "LlamaForCausalLM" in capsys.readouterr().out
    assert network_calls == []


def test_unsupported_model_type_lists_the_supported_ones(network_calls, capsys, tmp_path):
    transformers.GPT2Config(n_layer=1, n_embd=16, n_head=2).save_pretrained(tmp_path)
    assert cli.main(["parity", "--model", str(tmp_path)]) == 2
    err = one_line_error(capsys, "parity")
    assert "model_type='gpt2'" in err and "supported model types: bert, llama, mixtral, roberta, seamless_m4t_v2, t5, xlm-roberta" in err
    assert network_calls == []


def test_unsupported_class_lists_the_zoo_classes_of_its_type(network_calls, capsys, tmp_path):
    config = transformers.BertConfig(hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32)
    config.architectures = ["BertForNextSentencePrediction"]
    config.save_pretrained(tmp_path)
    assert cli.main(["parity", "--model", str(tmp_path)]) == 2
    err = one_line_error(capsys, "parity")
    assert "no zoo class for BertForNextSentencePrediction" in err and "BertForQuestionAnswering" in err
    assert network_calls == []


@pytest.mark.parametrize("pickle_name", ["pytorch_model.bin", "weights.pt", "sub/model.pth", "x.pkl", "last.ckpt"])
def test_push_refuses_pickle_files(pickle_name, network_calls, tiny_checkpoints, capsys, tmp_path):
    checkpoint = shutil.copytree(tiny_checkpoints("bert"), tmp_path / "bert")
    (checkpoint / pickle_name).parent.mkdir(exist_ok=True)
    (checkpoint / pickle_name).write_bytes(b"\x80\x04.")
    capsys.readouterr()  # the progress bars of building the tiny checkpoint
    assert cli.main(["push", "--model", str(checkpoint), "--repo", "me/x", "--dry-run"]) == 2
    assert f"holds pickle files ({pickle_name})" in one_line_error(capsys, "push")
    assert not (checkpoint / "README.md").exists() and network_calls == []


def test_push_refuses_folders_without_weights_and_bad_ids(network_calls, tiny_checkpoints, capsys, tmp_path):
    transformers.BertConfig().save_pretrained(tmp_path / "config-only")
    cases = [
        (tmp_path / "config-only", "me/x", "holds no weights (*.safetensors)"),
        (tmp_path / "empty", "me/x", "no such directory"),
        (tiny_checkpoints("bert"), "no-owner", "repo id must look like 'owner/name'"),
        (tiny_checkpoints("bert"), "me/bad name", "repo id must look like 'owner/name'"),
    ]
    for model, repo, message in cases:
        assert cli.main(["push", "--model", str(model), "--repo", repo, "--dry-run"]) == 2
        assert message in one_line_error(capsys, "push")
    assert network_calls == []


def test_push_refuses_a_class_patchzoo_does_not_have(network_calls, tiny_checkpoints, capsys, tmp_path):
    checkpoint = shutil.copytree(tiny_checkpoints("bert"), tmp_path / "bert")
    config = json.loads((checkpoint / "config.json").read_text())
    (checkpoint / "config.json").write_text(json.dumps({**config, "architectures": ["BertForNextSentencePrediction"]}))
    assert cli.main(["push", "--model", str(checkpoint), "--repo", "me/x", "--dry-run"]) == 2
    assert "no class for BertForNextSentencePrediction" in one_line_error(capsys, "push")
    assert network_calls == []


def test_debug_shows_the_traceback(tmp_path):
    from patchzoo.commands.checks import UsageError

    with pytest.raises(UsageError, match="no such directory"):
        cli.main(["--debug", "parity", "--model", str(tmp_path / "nope")])


@pytest.mark.parametrize(("device", "message"), [("gpu0", "not a device"), ("cuda:7", "no such CUDA GPU here")])
def test_bad_device_is_named(device, message, capsys, tiny_checkpoints):
    if device.startswith("cuda"):
        import torch

        if torch.cuda.device_count() > 7:
            pytest.skip("this machine has a cuda:7")
    assert cli.main(["parity", "--arch", "llama", "--device", device]) == 2
    assert f"--device {device}: {message}" in one_line_error(capsys, "parity")
