"""`patchzoo push`: the model card, the dry run, refusal on failed parity, and the upload calls (fake API)."""

import shutil

import pytest
import torch

from patchzoo import cli
from patchzoo.conversion.hub import model_card, parity_row, push
from patchzoo.evals.parity import ParityRow


class RecordingApi:
    """Stands in for huggingface_hub.HfApi: records the calls instead of going to the network."""

    def __init__(self):
        self.calls = []

    def create_repo(self, repo_id, **kwargs):
        self.calls.append(("create_repo", repo_id, kwargs))

    def upload_folder(self, **kwargs):
        self.calls.append(("upload_folder", kwargs["repo_id"], kwargs))


def test_card_names_the_zoo_class_and_both_loading_paths(tiny_checkpoints):
    card = model_card(tiny_checkpoints("t5"), "me/tiny-t5")
    assert card.startswith("---\nlibrary_name: transformers\ntags:\n- patchzoo\n- t5\n---")
    assert "from patchzoo import T5ForConditionalGeneration" in card
    assert 'transformers.T5ForConditionalGeneration.from_pretrained("me/tiny-t5")' in card
    assert "fp16-safe" in card


def test_card_claims_only_what_was_checked(tiny_checkpoints, tmp_path):
    """Without --parity: no parity table, "nothing" checked, stock loading not called checked; no PyPI link."""
    card = model_card(tiny_checkpoints("t5"), "me/tiny-t5")
    assert "| pass |" not in card and "Nothing: this upload ran without `patchzoo push --parity`" in card
    assert "loading them with stock transformers was not checked" in card
    assert "pypi.org" not in card and "not published on PyPI" in card
    assert "pip install -e <your checkout of patchzoo>" in card
    with_url = model_card(tiny_checkpoints("t5"), "me/tiny-t5", source_url="https://example.org/patchzoo.git")
    assert 'pip install "git+https://example.org/patchzoo.git"' in with_url

    row = parity_row(tiny_checkpoints("t5"), "cpu", torch.float32)
    checked = model_card(tiny_checkpoints("t5"), "me/tiny-t5", parity=row)
    assert "| pass |" in checked and "the parity check below loaded them with `transformers.T5ForConditionalGeneration`" in checked


def test_gptq_card_does_not_call_the_files_stock_loadable(tmp_path):
    from patchzoo.tiny.build import tiny_gptq_checkpoint

    card = model_card(tiny_gptq_checkpoint(tmp_path / "gptq"), "me/tiny-gptq")
    assert "Hugging Face GPTQ format, 4 bits, group size 32" in card
    assert "transformers.LlamaForCausalLM.from_pretrained" not in card and "was not checked" in card


def test_push_uploads_the_folder_with_its_card(tiny_checkpoints, tmp_path):
    checkpoint = shutil.copytree(tiny_checkpoints("bert"), tmp_path / "bert")
    api = RecordingApi()
    row = parity_row(checkpoint, "cpu", torch.float32)
    files = push(checkpoint, "me/tiny-bert", private=True, parity=row, api=api)
    assert "README.md" in files and "config.json" in files and "model.safetensors" in files
    assert [c[0] for c in api.calls] == ["create_repo", "upload_folder"]
    assert api.calls[0][2] == {"private": True, "exist_ok": True}
    assert api.calls[1][2]["folder_path"] == str(checkpoint)
    card = (checkpoint / "README.md").read_text()
    assert "## What was checked" in card and "| pass |" in card


def test_failed_parity_stops_the_upload(tiny_checkpoints, tmp_path):
    api = RecordingApi()
    failed = ParityRow("bert", "x", "FAIL", metric="m", value=3.0, tolerance=1.0, dtype="float32", stock_dtype="float32")
    with pytest.raises(RuntimeError, match="refusing to upload"):
        push(tiny_checkpoints("bert"), "me/x", parity=failed, api=api)
    assert api.calls == []


def test_bad_arguments_get_clear_errors(tmp_path, tiny_checkpoints):
    with pytest.raises(ValueError, match="no config.json"):
        push(tmp_path, "me/x", dry_run=True)
    with pytest.raises(ValueError, match="owner/name"):
        push(tiny_checkpoints("bert"), "no-owner", dry_run=True)
    pickled = shutil.copytree(tiny_checkpoints("bert"), tmp_path / "pickled")
    (pickled / "pytorch_model.bin").write_bytes(b"")
    with pytest.raises(ValueError, match=r"pickle files \(pytorch_model.bin\)"):
        push(pickled, "me/x", dry_run=True)


def test_cli_dry_run_touches_no_network(tiny_checkpoints, tmp_path, capsys):
    checkpoint = shutil.copytree(tiny_checkpoints("llama"), tmp_path / "llama")
    assert cli.main(["push", "--model", str(checkpoint), "--repo", "me/tiny-llama", "--dry-run"]) == 0
    assert "would upload" in capsys.readouterr().out
    assert (checkpoint / "README.md").is_file()
