"""Programmatic dependent launch (Hopper and later) for the kernels of a decoding step.

Why: in a CUDA graph a kernel node's programs are scheduled only once the kernel before it has finished and flushed,
~1.5-2 µs a node on a Hopper GPU (benchmarks/RESULTS.md), and a graphed one-token Llama step runs ~9 kernels a layer
that each do a few µs of work. A kernel launched as a programmatic dependent (CUDA's launch attribute; Triton's
`launch_pdl`) may have its programs scheduled as soon as every program of the kernel before it has signalled
(`griddepcontrol.launch_dependents`); they then block in `griddepcontrol.wait` until that kernel has completed and
its writes are visible. Only the launch and scheduling overlap the previous kernel's tail, no computation does.

A kernel that takes the PDL constexpr calls `await_prior_grid(PDL)` before its first load or store, so it reads and
writes memory exactly when a plain launch would: after the kernel before it has completed, which itself waited for
its own predecessor before touching memory (a kernel launched the plain way waits for the whole grid before it).
Results are the same bits either way. PATCHZOO_DEPENDENT_LAUNCH=0 launches the plain way (read at each launch; a
captured graph keeps the launches it recorded).
"""

from __future__ import annotations

import functools
import os

import torch
import triton
import triton.language as tl

DEPENDENT_LAUNCH_ENV = "PATCHZOO_DEPENDENT_LAUNCH"  # "0": launch every kernel the plain way


@triton.jit
def await_prior_grid(PDL: tl.constexpr):
    """With PDL: wait until the kernel launched before this one has completed (its memory visible), then let the
    kernel after this one be scheduled. Without: nothing (the plain launch already waited)."""
    if PDL:
        tl.extra.cuda.gdc_wait()
        tl.extra.cuda.gdc_launch_dependents()


@functools.cache
def _capable(device_index: int) -> bool:
    return torch.cuda.get_device_capability(device_index)[0] >= 9  # griddepcontrol is sm_90 PTX


def dependent_launch(device: torch.device) -> bool:
    """Whether kernels on `device` launch as programmatic dependents: a CUDA GPU of compute capability 9.0 or later,
    not under Triton's interpreter, PATCHZOO_DEPENDENT_LAUNCH not "0". Pass it as both the kernel's PDL constexpr
    and its launch_pdl option."""
    if device.type != "cuda" or os.environ.get("TRITON_INTERPRET") == "1":
        return False
    if os.environ.get(DEPENDENT_LAUNCH_ENV) == "0":
        return False
    return _capable(device.index if device.index is not None else torch.cuda.current_device())
