"""parallelize(model, mesh, config): FSDP2 per decoder block, activation checkpointing, compile.

Model code stays single-device; this function applies parallelism from the outside, in torchtitan's
order, block by block:

    0. float8 linears             optional (`float8=True`, torchao): patchzoo/patches/float8.py
    1. activation checkpointing   every `ac_every`-th block's forward (off by default), so FSDP's module hooks
                                  (all-gather, reshard) stay outside the recomputed region, as with a wrapper module
    2. torch.compile per block    the (checkpointed) forward; dynamo traces checkpoint as one region
    3. fully_shard per block      bf16 compute, fp32 gradient reduction; blocks stay gathered from forward to
                                  backward when their gathered copy is small beside the GPU's memory (below)
    4. fully_shard the root       embeddings, final norm and head share one all-gather
    5. explicit prefetch          each block's forward/backward issues the next blocks' all-gathers (`prefetch`)

One GPU: there is nothing to shard. When the parameters are already in the compute dtype (a bf16 model),
fully_shard is skipped altogether (no copy-in/copy-out of parameters, no gradient "reduce" of one rank);
with fp32 master weights FSDP stays, as the bf16 cast of mixed precision, but keeps every block gathered
after forward (no second all-gather in backward).

Nothing here renames a parameter: state-dict keys stay the stock Hugging Face ones, so distributed
checkpoints convert to HF format with an identity key map (patchzoo/conversion/dcp_to_hf.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
from torch.distributed.device_mesh import DeviceMesh
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
from torch.utils.checkpoint import CheckpointPolicy, checkpoint, create_selective_checkpoint_contexts

logger = logging.getLogger(__name__)

# `reshard_after_forward=None` keeps every block gathered from its forward to its backward (no second all-gather in
# backward: ZeRO-2's traffic, not ZeRO-3's) when the gathered copy of all blocks in the compute dtype takes at most
# this share of one GPU's memory: Llama-8B's blocks (14 GB in bf16) on a 141 GB H200, not on an 80 GB H100, where its
# sharded fp32 weights and AdamW moments already take most of the memory. benchmarks/RESULTS.md, Llama training.
KEEP_GATHERED_MAX_MEMORY_SHARE = 0.125

# Ops whose outputs are kept under the "save_matmuls" policy: the expensive ones to recompute.
# Everything else in a block (norms, activations, residual adds, rotary) is recomputed in backward.
_SAVED_OPS = {
    torch.ops.aten.mm.default,
    torch.ops.aten.addmm.default,
    torch.ops.aten.bmm.default,
    torch.ops.aten._scaled_dot_product_flash_attention.default,
    torch.ops.aten._scaled_dot_product_efficient_attention.default,
    torch.ops.aten._scaled_dot_product_cudnn_attention.default,
}


@dataclass(frozen=True)
class ParallelConfig:
    # checkpoint every n-th block; 0 (default) turns activation checkpointing off: recomputing blocks costs ~1/3 of
    # their forward, and the zoo's training kernels keep little for backward (benchmarks/RESULTS.md, Llama training)
    ac_every: int = 0
    ac_policy: str = "full"  # "full": recompute the whole block; "save_matmuls": keep matmul/attention outputs
    compile: bool = True
    compile_backend: str = "inductor"
    param_dtype: torch.dtype = torch.bfloat16  # compute dtype of the all-gathered parameters
    # gradient reduce-scatter dtype; bf16 halves its bytes but measured no faster at 3B or 8B (benchmarks/RESULTS.md)
    reduce_dtype: torch.dtype = torch.float32
    # True: free each gathered block after its forward (ZeRO-3, least memory); False: keep it gathered until its
    # backward; None: False when the gathered blocks are small beside the GPU's memory (KEEP_GATHERED_MAX_MEMORY_SHARE)
    reshard_after_forward: bool | None = None
    prefetch: int = 1  # blocks whose all-gather is issued ahead, in forward and in backward (0: FSDP2's implicit)
    # the blocks' linear layers train in float8 (torchao; patchzoo/patches/float8.py), all-gathered in float8 under
    # FSDP2; the training loop then calls patchzoo.patches.float8.after_optimizer_step(model) after each step
    float8: bool = False

    def __post_init__(self):
        if self.ac_every < 0:
            raise ValueError(f"ac_every must be >= 0, got {self.ac_every}")
        if self.prefetch < 0:
            raise ValueError(f"prefetch must be >= 0, got {self.prefetch}")
        if self.ac_policy not in ("full", "save_matmuls"):
            raise ValueError(f"ac_policy must be 'full' or 'save_matmuls', got {self.ac_policy!r}")


def decoder_blocks(model: nn.Module) -> list[nn.Module]:
    """The repeated blocks of an HF model: modules whose class is in `_no_split_modules`."""
    names = set(getattr(model, "_no_split_modules", None) or ())
    blocks = [m for m in model.modules() if type(m).__name__ in names]
    if not blocks:
        raise ValueError(
            f"{type(model).__name__} declares no decoder block class (_no_split_modules={sorted(names)}); "
            "cannot shard it block by block"
        )
    return blocks


def _save_matmuls_policy(ctx, op, *args, **kwargs):
    return CheckpointPolicy.MUST_SAVE if op in _SAVED_OPS else CheckpointPolicy.PREFER_RECOMPUTE


def checkpoint_block_forward(block: nn.Module, policy: str) -> None:
    """Rebind the block's forward to a checkpointed one (instance attribute; class and keys untouched)."""
    forward = block.forward
    context_fn = None
    if policy == "save_matmuls":
        context_fn = partial(create_selective_checkpoint_contexts, _save_matmuls_policy)

    def checkpointed_forward(*args, **kwargs):
        if context_fn is None:
            return checkpoint(forward, *args, use_reentrant=False, **kwargs)
        return checkpoint(forward, *args, use_reentrant=False, context_fn=context_fn, **kwargs)

    block.forward = checkpointed_forward


def apply_activation_checkpointing(blocks: list[nn.Module], every: int, policy: str) -> int:
    """Checkpoint blocks 0, every, 2*every, ...; returns how many were checkpointed."""
    if every == 0:
        return 0
    chosen = blocks[::every]
    for block in chosen:
        checkpoint_block_forward(block, policy)
    return len(chosen)


def compile_block_forward(block: nn.Module, backend: str) -> None:
    """Rebind the block's forward to a compiled one (instance attribute; the class is untouched)."""
    block.forward = torch.compile(block.forward, backend=backend)


def parallelize(model: nn.Module, mesh: DeviceMesh | None = None, config: ParallelConfig = ParallelConfig()) -> nn.Module:
    """Apply AC, per-block compile and FSDP2 to `model` in place (see the module docstring for the order).

    `mesh` is a 1-D data-parallel DeviceMesh; None uses the default process group's world.
    """
    blocks = decoder_blocks(model)
    world = mesh.size() if mesh is not None else torch.distributed.get_world_size()
    shard = world > 1 or any(p.dtype != config.param_dtype for p in model.parameters())
    if config.float8:
        from patchzoo.patches.float8 import convert_linears_to_float8

        convert_linears_to_float8(model, fsdp_all_gather=world > 1)
        if not config.compile:
            logger.warning(
                "float8 without compile: the casts to float8 run unfused and the step is slower than bf16's")
    apply_activation_checkpointing(blocks, config.ac_every, config.ac_policy)
    if config.compile:
        for block in blocks:
            compile_block_forward(block, config.compile_backend)
    if not shard:
        return model  # one rank, compute dtype already: FSDP would only copy
    mp_policy = MixedPrecisionPolicy(param_dtype=config.param_dtype, reduce_dtype=config.reduce_dtype)
    reshard_after_forward = world > 1 and choose_reshard_after_forward(blocks, config)
    for i, block in enumerate(blocks):
        # The last block's parameters are needed again first in backward: keep them gathered.
        reshard = reshard_after_forward and i < len(blocks) - 1
        fully_shard(block, mesh=mesh, mp_policy=mp_policy, reshard_after_forward=reshard)
    fully_shard(model, mesh=mesh, mp_policy=mp_policy, reshard_after_forward=reshard_after_forward)
    if world > 1 and config.prefetch:
        set_prefetch(blocks, config.prefetch)
    return model


def choose_reshard_after_forward(blocks: list[nn.Module], config: ParallelConfig) -> bool:
    """config.reshard_after_forward, or for None the memory rule of KEEP_GATHERED_MAX_MEMORY_SHARE (logged)."""
    if config.reshard_after_forward is not None:
        return config.reshard_after_forward
    total = _device_memory(next(blocks[0].parameters()).device)
    if total is None:
        return True  # no accelerator memory to weigh: the least memory
    gathered = sum(p.numel() for block in blocks for p in block.parameters()) * config.param_dtype.itemsize
    reshard = gathered > KEEP_GATHERED_MAX_MEMORY_SHARE * total
    logger.info("FSDP2: the gathered blocks take %.1f GB, %.0f%% of the GPU's %.0f GB: %s", gathered / 1e9,
                100 * gathered / total, total / 1e9,
                "resharding each block after its forward" if reshard else "keeping blocks gathered until backward")
    return reshard


def _device_memory(device: torch.device) -> int | None:
    """Bytes of memory of a CUDA device; None for any other."""
    return torch.cuda.get_device_properties(device).total_memory if device.type == "cuda" else None


def set_prefetch(blocks: list[nn.Module], depth: int) -> None:
    """Explicit FSDP2 prefetch: block i's forward issues the all-gathers of blocks i+1 .. i+depth, its backward those
    of blocks i-1 .. i-depth, so the collectives are queued before the compute they must hide under even when the
    host is not ahead of the GPU (torchtitan's and the FSDP2 tutorial's pattern)."""
    for i, block in enumerate(blocks):
        block.set_modules_to_forward_prefetch(blocks[i + 1: i + 1 + depth])
        block.set_modules_to_backward_prefetch(blocks[max(0, i - depth): i][::-1])
