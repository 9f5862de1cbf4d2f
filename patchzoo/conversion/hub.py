"""Hub upload with a model card that says what patchzoo changes and what was checked before upload.

    checkpoint dir --check_uploadable (safetensors weights, no pickle files)-->
                   --model_card (config, zoo class, parity row when one was run)--> README.md
                   --HfApi.create_repo + upload_folder--> Hub repo

The files go up as they are: a patchzoo checkpoint is a stock one (or an HF-format GPTQ one). The card claims
only what was checked: that stock transformers loads the files is said as checked only when the parity run
loaded them with the stock class.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch

    from patchzoo.evals.parity import ParityRow

CARD_NAME = "README.md"
# Weights in these formats are Python pickles: loading one can run arbitrary code, so they are never uploaded.
PICKLE_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".ckpt")


def checkpoint_files(checkpoint: str | Path) -> list[str]:
    """Every file under the checkpoint directory, relative to it, sorted (what upload_folder sends)."""
    checkpoint = Path(checkpoint)
    return sorted(str(p.relative_to(checkpoint)) for p in checkpoint.rglob("*") if p.is_file())


def check_uploadable(checkpoint: str | Path, repo_id: str) -> None:
    """ValueError naming the problem when the folder or the repo id must not go to the Hub."""
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    checkpoint = Path(checkpoint)
    if not checkpoint.is_dir():
        raise ValueError(f"{checkpoint}: no such directory")
    if not (checkpoint / "config.json").is_file():
        raise ValueError(f"{checkpoint} has no config.json: not a checkpoint directory (save it with save_pretrained)")
    try:
        if repo_id.count("/") != 1:
            raise HFValidationError("no single '/'")
        validate_repo_id(repo_id)
    except HFValidationError:
        raise ValueError(f"repo id must look like 'owner/name', got {repo_id!r}") from None
    files = checkpoint_files(checkpoint)
    pickles = [f for f in files if f.endswith(PICKLE_SUFFIXES)]
    if pickles:
        raise ValueError(
            f"{checkpoint} holds pickle files ({', '.join(pickles)}): loading them can run arbitrary code, so patchzoo "
            "does not upload them; save the model with save_pretrained (safetensors) and remove them"
        )
    if not any(f.endswith(".safetensors") for f in files):
        raise ValueError(f"{checkpoint} holds no weights (*.safetensors); save the model with save_pretrained")


def check_card_replaceable(checkpoint: str | Path, overwrite_card: bool = False) -> None:
    """CardExistsError when `checkpoint` holds a README.md of the user's own and overwrite_card is off."""
    card = Path(checkpoint) / CARD_NAME
    if overwrite_card or not card.is_file():
        return
    try:
        ours = is_patchzoo_card(card.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        raise CardExistsError(f"{card} exists and was not written by patchzoo; push writes its model card there. "
                              "Move it aside, or pass --overwrite-card to replace it")


def checkpoint_class(checkpoint: str | Path) -> tuple[str, str]:
    """(model_type, class name from config.architectures) read from config.json, without loading transformers."""
    config = json.loads((Path(checkpoint) / "config.json").read_text())
    return config.get("model_type", ""), (config.get("architectures") or [""])[0]


def _install_section(source_url: str | None) -> list[str]:
    command = f'pip install "git+{source_url}"' if source_url else "pip install -e <your checkout of patchzoo>"
    return [
        "## Install patchzoo",
        "",
        "patchzoo is not published on PyPI; install it from its source repository:",
        "",
        "```bash",
        command,
        "```",
        "",
    ]


def _stock_section(name: str, repo_id: str, quantization: dict | None, parity: ParityRow | None) -> list[str]:
    if quantization:
        return [
            "## Stock transformers",
            "",
            "Stock transformers reads Hugging Face GPTQ checkpoints only with a GPTQ backend installed (gptqmodel or",
            "optimum); patchzoo loads them without one. Loading these files with stock transformers was not checked.",
            "",
        ]
    if parity is not None and parity.status == "pass":
        checked = (f"Stock transformers loads the same files: the parity check below loaded them with "
                   f"`transformers.{name}`.")
    else:
        checked = ("The files are in the stock transformers format (config.json and safetensors); loading them with "
                   "stock transformers was not checked before this upload.")
    return [
        "## Stock transformers",
        "",
        checked,
        "",
        "```python",
        "import transformers",
        f'model = transformers.{name}.from_pretrained("{repo_id}")',
        "```",
        "",
    ]


def _checked_section(repo_id: str, parity: ParityRow | None) -> list[str]:
    if parity is None:
        return [
            "## What was checked",
            "",
            "Nothing: this upload ran without `patchzoo push --parity`. To compare the patchzoo class with the stock",
            f"one on these weights, run `patchzoo parity --model {repo_id}`.",
            "",
        ]
    return [
        "## What was checked",
        "",
        "Before upload, `patchzoo parity` loaded these files with the stock class and with the patchzoo class and",
        "ran the same inputs through both:",
        "",
        "| zoo dtype (stock dtype) | metric | value | tolerance | result |",
        "|---|---|---|---|---|",
        f"| {parity.dtype} ({parity.stock_dtype}) | {parity.metric} | {parity.value:.3g} | {parity.tolerance:.3g} "
        f"| {parity.status} |",
        "",
    ]


def model_card(checkpoint: str | Path, repo_id: str, parity: ParityRow | None = None,
               source_url: str | None = None) -> str:
    """README.md text for a checkpoint directory: front matter, what changes, install, use, what was checked.

    UnsupportedArchitectureError when patchzoo has no class for the checkpoint (the card's example would fail).
    """
    import transformers

    from patchzoo import registry

    config = transformers.AutoConfig.from_pretrained(checkpoint)
    model_cls, is_zoo = registry.AutoModel.resolve(config)
    name = model_cls.__name__
    if not is_zoo:
        supported = ", ".join(sorted(registry.all_zoo_classes()))
        raise registry.UnsupportedArchitectureError(
            f"patchzoo has no class for {name} (model_type={config.model_type!r}); supported classes: {supported}"
        )
    quantization = getattr(config, "quantization_config", None)
    if quantization is not None and not isinstance(quantization, dict):
        quantization = quantization.to_dict()
    tags = ["patchzoo", config.model_type] + (["gptq", f"{quantization.get('bits')}bit"] if quantization else [])
    if quantization:
        file_format = (
            f"Hugging Face GPTQ format, {quantization.get('bits')} bits, group size {quantization.get('group_size')}, "
            f"act-order {quantization.get('desc_act', False)}"
        )
    else:
        file_format = "stock transformers format (config.json, safetensors); the patch lives in patchzoo's code"
    lines = [
        "---",
        "library_name: transformers",
        "tags:",
        *(f"- {tag}" for tag in tags),
        "---",
        "",
        f"# {repo_id.split('/')[-1]}",
        "",
        f"A `{config.model_type}` checkpoint (`{name}`) for patchzoo, a zoo of patched Hugging Face architectures:",
        "the stock class names, changed only where that makes them faster or numerically safe on a GPU.",
        "",
        f"- patchzoo change: {model_cls.zoo_feature}",
        f"- files: {file_format}",
        "",
        *_install_section(source_url),
        "## Use",
        "",
        "```python",
        f"from patchzoo import {name}",
        f'model = {name}.from_pretrained("{repo_id}")',
        "```",
        "",
        *_stock_section(name, repo_id, quantization, parity),
        *_checked_section(repo_id, parity),
    ]
    return "\n".join(lines)


class CardExistsError(ValueError):
    """The checkpoint holds a README.md that patchzoo did not write: push would overwrite the user's text."""


def is_patchzoo_card(text: str) -> bool:
    """Whether a README.md is a card model_card wrote (its front matter carries the 'patchzoo' tag)."""
    if not text.startswith("---\n"):
        return False
    front_matter = text[4:].split("\n---", 1)[0]
    return "\n- patchzoo\n" in f"\n{front_matter}\n"


def push(
    checkpoint: str | Path,
    repo_id: str,
    *,
    private: bool = False,
    token: str | None = None,
    parity: ParityRow | None = None,
    source_url: str | None = None,
    commit_message: str = "Upload with patchzoo",
    dry_run: bool = False,
    api=None,
    card_extra: str = "",
    overwrite_card: bool = False,
) -> list[str]:
    """Write the model card into `checkpoint` and upload the folder; returns the files that go up.

    With dry_run, nothing leaves the machine: the card is written and the file list returned. `card_extra` is
    markdown appended to the card (e.g. conversion/eval_card.py's evaluation section). A README.md that patchzoo did
    not write is replaced only with overwrite_card (else CardExistsError, before anything is written).
    """
    check_uploadable(checkpoint, repo_id)
    checkpoint = Path(checkpoint)
    check_card_replaceable(checkpoint, overwrite_card)
    if parity is not None and parity.failed:
        raise RuntimeError(f"parity failed ({parity.status}: {parity.detail or parity.value}); refusing to upload")
    (checkpoint / CARD_NAME).write_text(model_card(checkpoint, repo_id, parity, source_url) + card_extra)
    files = checkpoint_files(checkpoint)
    if dry_run:
        return files
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi(token=token)
    api.create_repo(repo_id, private=private, exist_ok=True)
    api.upload_folder(repo_id=repo_id, folder_path=str(checkpoint), commit_message=commit_message)
    return files


def parity_row(checkpoint: str | Path, device: str | torch.device, dtype: torch.dtype) -> ParityRow:
    """The parity check of one checkpoint, as `patchzoo parity --model` runs it."""
    import torch
    import transformers

    from patchzoo.evals import parity

    case = parity.case_for_config(transformers.AutoConfig.from_pretrained(checkpoint))
    return parity.run_case(case, checkpoint, torch.device(device), dtype)
