"""Training checkpoints that a kill -9 cannot leave half-finished under a finished name.

A checkpoint is a torch.distributed.checkpoint (DCP) directory ``step-NNNNNNN`` holding the model, the
optimizer (AdamW moments and step counts) and the step. It is written in two phases:

    1. every rank writes its shards into ``step-NNNNNNN.partial``; DCP's coordinator (rank 0) writes
       ``.metadata`` last, after all ranks' data files
    2. rank 0 renames ``step-NNNNNNN.partial`` -> ``step-NNNNNNN`` (one atomic rename on a POSIX file system)

So a directory named ``step-NNNNNNN`` is complete by construction; a kill at any moment leaves at most a
``.partial`` directory, which ``latest_checkpoint`` ignores and the next save of that step removes. A
``step-NNNNNNN`` without ``.metadata`` (written by an older patchzoo, or copied half-way) is skipped too.

Nothing else needs saving for an exact resume: the learning rate is a pure function of the step
(trainer.lr_at), the data of (step, rank) (trainer.TokenStream), and the random state is re-seeded from
(seed, step, rank) at the start of every step.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
from torch.distributed.checkpoint.state_dict import get_state_dict, set_state_dict

CHECKPOINT_PREFIX = "step-"
PARTIAL_SUFFIX = ".partial"
METADATA_FILE = ".metadata"  # DCP's global metadata, written by the coordinator after every data file
_COMPLETE_NAME = re.compile(rf"{CHECKPOINT_PREFIX}(\d{{7}})")


def checkpoint_path(ckpt_dir: str | Path, step: int) -> Path:
    return Path(ckpt_dir) / f"{CHECKPOINT_PREFIX}{step:07d}"


def is_complete(path: str | Path) -> bool:
    """A finished checkpoint: final name (not .partial) and DCP's metadata file present."""
    path = Path(path)
    return _COMPLETE_NAME.fullmatch(path.name) is not None and (path / METADATA_FILE).is_file()


def complete_checkpoints(ckpt_dir: str | Path) -> list[Path]:
    """Finished checkpoints in `ckpt_dir`, oldest step first ([] when the directory does not exist)."""
    ckpt_dir = Path(ckpt_dir)
    if not ckpt_dir.is_dir():
        return []
    return sorted(p for p in ckpt_dir.iterdir() if p.is_dir() and is_complete(p))


def latest_checkpoint(ckpt_dir: str | Path) -> Path | None:
    """The newest finished checkpoint; unfinished ones (.partial, no .metadata) are skipped."""
    found = complete_checkpoints(ckpt_dir)
    return found[-1] if found else None


def _replace_directory(source: Path, target: Path) -> None:
    """Rename `source` to `target`; an existing `target` (a re-run of that step) is moved aside first."""
    if target.exists():
        stale = target.with_name(target.name + ".old")
        shutil.rmtree(stale, ignore_errors=True)
        os.replace(target, stale)
        os.replace(source, target)
        shutil.rmtree(stale, ignore_errors=True)
    else:
        os.replace(source, target)
    # The rename is durable once the directory entry is on disk.
    fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def save_checkpoint(model, optimizer, step: int, ckpt_dir: str | Path) -> Path:
    """Write the checkpoint of `step` (all ranks call this); returns its final path."""
    final = checkpoint_path(ckpt_dir, step)
    partial = final.with_name(final.name + PARTIAL_SUFFIX)
    distributed = dist.is_available() and dist.is_initialized()
    rank = dist.get_rank() if distributed else 0
    if rank == 0:
        final.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(partial, ignore_errors=True)  # left by a run killed while saving this step
    if distributed:
        dist.barrier()
    model_sd, optim_sd = get_state_dict(model, optimizer)
    dcp.save({"model": model_sd, "optim": optim_sd, "step": torch.tensor(step)}, checkpoint_id=str(partial))
    if rank == 0:
        _replace_directory(partial, final)
    if distributed:
        dist.barrier()  # nobody goes on (or exits) before the checkpoint carries its final name
    return final


def load_checkpoint(model, optimizer, path: str | Path) -> int:
    """Fill model and optimizer from a checkpoint; returns the step it was taken after."""
    if not is_complete(path):
        raise ValueError(f"{path} is not a finished checkpoint (no {METADATA_FILE}, or a .partial directory)")
    model_sd, optim_sd = get_state_dict(model, optimizer)
    state = {"model": model_sd, "optim": optim_sd, "step": torch.tensor(0)}
    dcp.load(state, checkpoint_id=str(path))
    set_state_dict(model, optimizer, model_state_dict=state["model"], optim_state_dict=state["optim"])
    return int(state["step"])
