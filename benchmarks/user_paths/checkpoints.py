"""Same weights on both sides, loaded as users load them: one random stock checkpoint per architecture, written
once per process with save_pretrained, then `transformers.<Class>.from_pretrained` against
`patchzoo.<Class>.from_pretrained` of the same directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import torch
import transformers

from benchmarks.user_paths.core import Env


def checkpoint(env: Env, key: str, build: Callable[[], torch.nn.Module], dtype: torch.dtype = torch.float32) -> Path:
    """Directory of the checkpoint `key`, built (seeded, on the device: fast init) and saved at its first use."""
    directory = Path(env.workdir) / key
    if not (directory / "config.json").exists():
        torch.manual_seed(0)
        with env.device:
            model = build()
        model.to(dtype).save_pretrained(directory)
        del model
        forget_peak(env)
    return directory


def forget_peak(env: Env) -> None:
    """Building a checkpoint inside a side's run is not that side's memory: free it and restart the peak counter."""
    if env.cuda:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def load(env: Env, side: str, class_name: str, directory: Path, dtype: torch.dtype, **kwargs) -> torch.nn.Module:
    """`transformers.<class_name>` (stock) or `patchzoo.<class_name>` (zoo) from_pretrained onto the device."""
    if side == "zoo":
        import patchzoo

        cls = getattr(patchzoo, class_name)
    else:
        cls = getattr(transformers, class_name)
    # A GPU as its index: Trainer compares its own device (cuda:0) with the model's map, and "cuda" would read as
    # another device (model parallel: Trainer would leave the placement alone).
    device_map = {"": env.device.index if env.device.index is not None else torch.cuda.current_device()} if env.cuda \
        else "cpu"
    return cls.from_pretrained(directory, dtype=dtype, device_map=device_map, **kwargs)
