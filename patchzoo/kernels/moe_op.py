"""The fused MoE as torch ops with autograd: `patchzoo::fused_moe` and `patchzoo::fused_moe_backward`.

    fused_moe(x, gate_up_proj, down_proj, topk_weights, topk_ids) -> out          (kernels/moe.py)
        backward (torch.library.register_autograd): saves x, the weights and the routing (no activations)
    fused_moe_backward(dout, x, gate_up_proj, down_proj, topk_weights, topk_ids)
        -> (dx, d_gate_up_proj, d_down_proj, d_topk_weights)                       (kernels/moe_backward.py)

Both run the Triton kernels where Triton runs (CUDA, or any device under TRITON_INTERPRET) and the fp32
PyTorch references elsewhere. Each has a fake kernel, so torch.compile traces the pair (fullgraph, forward
and backward) and activation checkpointing re-runs the forward op.

`moe_eager` is what eager callers use: without grad it calls the implementation directly (the custom-op
dispatch costs ~4-8 µs of host time per call, measured on a CPU with torch 2.13, and an eager decoding
step is host-bound); when grad is needed it goes through `fused_moe`, so autograd records the backward.
"""

from __future__ import annotations

import os

import torch

from patchzoo.kernels import moe, moe_backward


def triton_runs_on(device: torch.device) -> bool:
    """CUDA, or any device under Triton's interpreter (how CI runs the kernels on CPU)."""
    return device.type == "cuda" or os.environ.get("TRITON_INTERPRET") == "1"


def _forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids) -> torch.Tensor:
    if triton_runs_on(hidden.device):
        return moe.moe_forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    return moe.moe_reference(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)


def needs_grad(*tensors: torch.Tensor) -> bool:
    return torch.is_grad_enabled() and any(t.requires_grad for t in tensors)


def moe_eager(hidden, gate_up_proj, down_proj, topk_weights, topk_ids) -> torch.Tensor:
    """Fused MoE for eager callers (models/mixtral.py outside torch.compile); see the module docstring."""
    if needs_grad(hidden, gate_up_proj, down_proj, topk_weights):
        return fused_moe(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    return _forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)


@torch.library.custom_op("patchzoo::fused_moe", mutates_args=())
def fused_moe(
    hidden: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_ids: torch.Tensor,
) -> torch.Tensor:
    """Fused MoE as one opaque op with a backward: hidden (T, H) -> (T, H); see kernels/moe.py."""
    return _forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)


@fused_moe.register_fake
def _fused_moe_fake(hidden, gate_up_proj, down_proj, topk_weights, topk_ids):
    return hidden.new_empty(hidden.shape)


@torch.library.custom_op("patchzoo::fused_moe_backward", mutates_args=())
def fused_moe_backward(
    grad_out: torch.Tensor,
    hidden: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_ids: torch.Tensor,
    weight_grads: bool,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights), each shaped and typed like its input;
    without weight_grads (frozen experts) the two weight gradients are skipped and come back empty (0,)."""
    if triton_runs_on(hidden.device):
        grads = moe_backward.moe_backward(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids,
                                          weight_grads=weight_grads)
    else:
        grads = moe_backward.moe_backward_reference(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    if weight_grads:
        return grads
    return grads[0], gate_up_proj.new_empty(0), down_proj.new_empty(0), grads[3]


@fused_moe_backward.register_fake
def _fused_moe_backward_fake(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids, weight_grads):
    weight_shape = (lambda t: t.shape) if weight_grads else (lambda t: (0,))
    return (hidden.new_empty(hidden.shape), gate_up_proj.new_empty(weight_shape(gate_up_proj)),
            down_proj.new_empty(weight_shape(down_proj)), topk_weights.new_empty(topk_weights.shape))


def _setup_context(ctx, inputs, output) -> None:
    ctx.save_for_backward(*inputs)  # x (T, H), the two expert weights (parameters: no copy), the routing


def _backward(ctx, grad_out):
    hidden, gate_up_proj, down_proj, topk_weights, topk_ids = ctx.saved_tensors
    weight_grads = ctx.needs_input_grad[1] or ctx.needs_input_grad[2]
    grads = fused_moe_backward(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids, weight_grads)
    return (*(g if need else None for g, need in zip(grads, ctx.needs_input_grad)), None)


fused_moe.register_autograd(_backward, setup_context=_setup_context)
