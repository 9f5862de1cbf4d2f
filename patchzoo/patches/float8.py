"""Float8 training of a model's linear layers through torchao (`pip install torchao`), composed with FSDP2.

    convert_linears_to_float8(model, fsdp_all_gather=True)   # before compile and fully_shard (parallelize does it)
    ... optimizer.step()
    after_optimizer_step(model)                               # FSDP float8 all-gather: one scale pass per step

Every nn.Linear inside the decoder blocks large enough for float8 to pay (FLOAT8_MIN_WEIGHT_ELEMENTS) and whose
two dimensions are multiples of 16 (what the float8 matmul, torch._scaled_mm, accepts) becomes torchao's
Float8Linear: tensorwise dynamic scaling, e4m3 for inputs and weights,
e5m2 for gradients; the matmuls run in float8 on GPUs that have it (compute capability 8.9 and up: Ada, Hopper,
Blackwell) with the master weights, optimizer and everything outside those matmuls unchanged. The LM head stays in
bf16: its fused loss (patchzoo/kernels/linear_cross_entropy.py) reads its weight directly, and float8 logits cost
accuracy where it shows most. Parameter names do not change (Float8Linear keeps `weight` and `bias`), so DCP
checkpoints convert to HF checkpoints as before.

With FSDP2, `fsdp_all_gather=True` all-gathers the float8 weights instead of bf16 ones (half the bytes);
`after_optimizer_step` then computes every weight's scale in one batched pass after the optimizer step instead of
one reduction per layer in forward (torchao's precompute_float8_dynamic_scale_for_fsdp).

Float8 changes results: the loss follows bf16's within a tolerance measured in benchmarks/RESULTS.md (Llama
training, float8), not exactly.
"""

from __future__ import annotations

import logging
import os

import torch
import torch.nn as nn

from patchzoo.patches.fsdp import decoder_blocks

logger = logging.getLogger(__name__)

# torch._scaled_mm needs both matmul dimensions divisible by 16.
_FLOAT8_MULTIPLE = 16
# Below this many weight elements a compiled Float8Linear step (forward + backward, 4,096 tokens) is no faster than
# bf16 on an H200: its amax/cast kernels cost what the float8 matmuls save (benchmarks/bench_float8_linear.py:
# 4096x14336 1.37-1.41x, 4096x6144 0.94x, 3072x8192 0.84-1.01x; benchmarks/RESULTS.md). Those stay in bf16.
# PATCHZOO_FLOAT8_MIN_WEIGHTS overrides it (read at conversion; 0: every eligible linear, as the loss-curve check runs).
FLOAT8_MIN_WEIGHT_ELEMENTS = 4096 * 8192
MIN_COMPUTE_CAPABILITY = (8, 9)  # float8 tensor cores: Ada, Hopper and later


def float8_min_weights() -> int:
    return int(os.environ.get("PATCHZOO_FLOAT8_MIN_WEIGHTS", FLOAT8_MIN_WEIGHT_ELEMENTS))


class Float8Unavailable(RuntimeError):
    """torchao is not installed, or this device has no float8 matmul."""


def _torchao_float8():
    try:
        from torchao import float8
    except ImportError as error:
        raise Float8Unavailable("float8 training needs torchao: pip install torchao") from error
    return float8


def check_float8_device(device: torch.device) -> None:
    """Float8Unavailable unless `device` has float8 matmuls (CUDA compute capability >= 8.9); CPU runs torch's
    emulated float8 matmul (slow: tests only)."""
    if device.type == "cuda" and torch.cuda.get_device_capability(device) < MIN_COMPUTE_CAPABILITY:
        name = torch.cuda.get_device_name(device)
        raise Float8Unavailable(f"float8 training needs compute capability 8.9+ (Ada, Hopper); {name} has "
                                f"{'.'.join(map(str, torch.cuda.get_device_capability(device)))}")


def float8_eligible(module: nn.Module, min_elements: int) -> bool:
    """A plain nn.Linear whose dimensions torch._scaled_mm takes, with at least `min_elements` weights."""
    return (type(module) is nn.Linear and module.in_features % _FLOAT8_MULTIPLE == 0
            and module.out_features % _FLOAT8_MULTIPLE == 0
            and module.in_features * module.out_features >= min_elements)


def convert_linears_to_float8(model: nn.Module, fsdp_all_gather: bool = False, min_elements: int | None = None) -> int:
    """Swap the eligible nn.Linear layers of `model`'s decoder blocks (float8_eligible; min_elements None:
    float8_min_weights()) for torchao Float8Linear, in place; returns how many were swapped. Call before
    torch.compile and fully_shard."""
    float8 = _torchao_float8()
    min_elements = float8_min_weights() if min_elements is None else min_elements
    config = float8.Float8LinearConfig(enable_fsdp_float8_all_gather=fsdp_all_gather)
    swapped = 0
    for block in decoder_blocks(model):
        eligible = {name for name, module in block.named_modules() if float8_eligible(module, min_elements)}
        swapped += len(eligible)
        float8.convert_to_float8_training(block, config=config, module_filter_fn=lambda _, fqn: fqn in eligible)
    kept = sum(1 for block in decoder_blocks(model) for m in block.modules() if type(m) is nn.Linear)
    logger.warning("float8 training: %d linear layers in float8, %d kept in bf16 (fewer than %d weights, where "
                   "float8 does not pay, or a dimension not a multiple of %d)", swapped, kept, min_elements,
                   _FLOAT8_MULTIPLE)
    model.zoo_float8_all_gather = fsdp_all_gather
    return swapped


def after_optimizer_step(model: nn.Module) -> None:
    """With float8 all-gather: every float8 weight's scale for the next forward, in one batched pass."""
    if getattr(model, "zoo_float8_all_gather", False):
        _torchao_float8().precompute_float8_dynamic_scale_for_fsdp(model)
