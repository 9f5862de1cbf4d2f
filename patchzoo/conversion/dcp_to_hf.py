"""A training checkpoint (torch.distributed.checkpoint directory) -> a Hugging Face checkpoint.

parallelize() renames nothing, so the key map is the identity under the "model." prefix that the
trainer saves with. The stock model is built on the meta device and materialised on the CPU, DCP
fills it in one process (no process group needed), and save_pretrained writes safetensors.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import torch
import torch.distributed.checkpoint as dcp
import transformers

class CheckpointMismatchError(ValueError):
    """The checkpoint's tensors do not fit the model that the config describes."""


MODEL_PREFIX = "model."  # training.checkpoint.save_checkpoint stores {"model": ..., "optim": ..., "step": ...}
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.model")


def checkpoint_model_keys(dcp_dir: str | Path) -> dict[str, torch.Size]:
    """Parameter name -> global shape of every model tensor stored in a DCP directory."""
    metadata = dcp.FileSystemReader(str(dcp_dir)).read_metadata()
    return {
        key.removeprefix(MODEL_PREFIX): entry.size
        for key, entry in metadata.state_dict_metadata.items()
        if key.startswith(MODEL_PREFIX) and hasattr(entry, "size")
    }


def convert_dcp_to_hf(dcp_dir: str | Path, config_dir: str | Path, out_dir: str | Path,
                      dtype: torch.dtype = torch.bfloat16) -> Path:
    """Write `out_dir` as an HF checkpoint (config + safetensors + tokenizer) from a trainer DCP directory.

    `config_dir` holds the config.json the run was trained from (its tokenizer files are copied too).
    """
    config = transformers.AutoConfig.from_pretrained(config_dir)
    architecture = (config.architectures or [None])[0]
    model_cls = getattr(transformers, architecture or "", None)
    if model_cls is None:
        raise CheckpointMismatchError(
            f"{config_dir}: config.architectures={config.architectures} names no transformers class"
        )
    with torch.device("meta"):
        model = model_cls(config)
    # Uninitialised CPU storage; DCP overwrites every saved tensor. Non-persistent buffers (rotary
    # inv_freq) stay garbage, which is harmless: save_pretrained does not write them.
    model.to_empty(device="cpu")
    target = model.state_dict()

    stored = checkpoint_model_keys(dcp_dir)
    missing = sorted(set(target) - set(stored))
    unexpected = sorted(set(stored) - set(target))
    if missing or unexpected:
        raise CheckpointMismatchError(
            f"{dcp_dir} does not match {architecture} from {config_dir}: "
            f"{len(missing)} missing keys {missing[:5]}, {len(unexpected)} unexpected keys {unexpected[:5]}"
        )
    wrong_shape = [(k, tuple(stored[k]), tuple(v.shape)) for k, v in target.items() if tuple(stored[k]) != tuple(v.shape)]
    if wrong_shape:
        raise CheckpointMismatchError(
            f"shape mismatch between {dcp_dir} and the config (key, stored, expected): {wrong_shape[:5]}"
        )

    state = {"model": target}
    dcp.load(state, checkpoint_id=str(dcp_dir))  # fills the tensors of `target` in place
    model.tie_weights()
    model.to(dtype).save_pretrained(out_dir)
    for name in TOKENIZER_FILES:
        if (Path(config_dir) / name).is_file():
            shutil.copy(Path(config_dir) / name, Path(out_dir) / name)
    return Path(out_dir)
