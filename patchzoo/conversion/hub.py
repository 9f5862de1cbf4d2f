"""Hub upload with a model card that says what patchzoo changes and how the checkpoint was checked.

    checkpoint dir --(model_card: config, zoo class, optional parity row)--> README.md
                   --(HfApi.create_repo + upload_folder)--> Hub repo

The files go up as they are: a patchzoo checkpoint is a stock checkpoint (or an HF-format GPTQ one),
so the card shows both ways of loading it.
"""

from __future__ import annotations

from pathlib import Path

import torch
import transformers

from patchzoo import registry
from patchzoo.evals.parity import ParityRow

CARD_NAME = "README.md"


def _parity_section(row: ParityRow) -> str:
    return "\n".join([
        "## Parity with stock transformers",
        "",
        "Checked with `patchzoo parity --model <this checkpoint>` before upload: the stock class and the patchzoo",
        "class loaded from these files, the same inputs through both.",
        "",
        "| zoo dtype (stock dtype) | metric | value | tolerance | result |",
        "|---|---|---|---|---|",
        f"| {row.dtype} ({row.stock_dtype}) | {row.metric} | {row.value:.3g} | {row.tolerance:.3g} | {row.status} |",
        "",
    ])


def model_card(checkpoint: str | Path, repo_id: str, parity: ParityRow | None = None) -> str:
    """README.md text for a checkpoint directory: front matter, what changes, how to load, parity."""
    config = transformers.AutoConfig.from_pretrained(checkpoint)
    model_cls, is_zoo = registry.AutoModel.resolve(config)
    name = model_cls.__name__
    feature = model_cls.zoo_feature if is_zoo else "none (no patchzoo class for this architecture)"
    quantization = getattr(config, "quantization_config", None)
    if quantization is not None and not isinstance(quantization, dict):
        quantization = quantization.to_dict()
    tags = ["patchzoo", config.model_type] + (["gptq", f"{quantization.get('bits')}bit"] if quantization else [])
    lines = [
        "---",
        "library_name: transformers",
        "tags:",
        *(f"- {tag}" for tag in tags),
        "---",
        "",
        f"# {repo_id.split('/')[-1]}",
        "",
        f"A `{config.model_type}` checkpoint (`{name}`) for [patchzoo](https://pypi.org/project/patchzoo/), the zoo of",
        "patched Hugging Face architectures. The files are stock-compatible: the patch lives in the code, not in",
        "the weights.",
        "",
        f"- patchzoo change: {feature}",
    ]
    if quantization:
        lines.append(
            f"- quantization: GPTQ, {quantization.get('bits')} bits, group size {quantization.get('group_size')}, "
            f"act-order {quantization.get('desc_act', False)} (Hugging Face GPTQ format)"
        )
    lines += [
        "",
        "## Use",
        "",
        "```python",
        f"from patchzoo import {name}          # patched: {feature}",
        f'model = {name}.from_pretrained("{repo_id}")',
        "```",
        "",
    ]
    if not quantization:
        lines += [
            "Stock transformers loads the same files:",
            "",
            "```python",
            "import transformers",
            f'model = transformers.{name}.from_pretrained("{repo_id}")',
            "```",
            "",
        ]
    if parity is not None:
        lines.append(_parity_section(parity))
    return "\n".join(lines)


def push(
    checkpoint: str | Path,
    repo_id: str,
    *,
    private: bool = False,
    token: str | None = None,
    parity: ParityRow | None = None,
    commit_message: str = "Upload with patchzoo",
    dry_run: bool = False,
    api=None,
    card_extra: str = "",
) -> list[str]:
    """Write the model card into `checkpoint` and upload the folder; returns the files that go up.

    With dry_run, nothing leaves the machine: the card is written and the file list returned. `card_extra` is
    markdown appended to the card (e.g. conversion/eval_card.py's evaluation section).
    """
    checkpoint = Path(checkpoint)
    if not (checkpoint / "config.json").is_file():
        raise FileNotFoundError(f"{checkpoint} has no config.json: not a checkpoint directory")
    if repo_id.count("/") != 1:
        raise ValueError(f"repo id must look like 'owner/name', got {repo_id!r}")
    if parity is not None and parity.failed:
        raise RuntimeError(f"parity failed ({parity.status}: {parity.detail or parity.value}); refusing to upload")
    (checkpoint / CARD_NAME).write_text(model_card(checkpoint, repo_id, parity) + card_extra)
    files = sorted(str(p.relative_to(checkpoint)) for p in checkpoint.rglob("*") if p.is_file())
    if dry_run:
        return files
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi(token=token)
    api.create_repo(repo_id, private=private, exist_ok=True)
    api.upload_folder(repo_id=repo_id, folder_path=str(checkpoint), commit_message=commit_message)
    return files


def parity_row(checkpoint: str | Path, device: str, dtype: torch.dtype) -> ParityRow:
    """The parity check of one checkpoint, as `patchzoo parity --model` runs it."""
    from patchzoo.evals import parity

    case = parity.case_for_config(transformers.AutoConfig.from_pretrained(checkpoint))
    return parity.run_case(case, checkpoint, torch.device(device), dtype)
