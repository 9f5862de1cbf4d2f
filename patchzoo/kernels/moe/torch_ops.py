"""The fused MoE as torch ops with autograd: `patchzoo::fused_moe` and `patchzoo::fused_moe_backward`.

    fused_moe(x, gate_up_proj, down_proj, topk_weights, topk_ids) -> out          (kernels/moe/forward.py)
        backward (torch.library.register_autograd): saves x, the weights and the routing (no activations)
    fused_moe_backward(dout, x, gate_up_proj, down_proj, topk_weights, topk_ids)
        -> (dx, d_gate_up_proj, d_down_proj, d_topk_weights)                       (kernels/moe/backward.py)

    moe_train(x, gate_up_proj, down_proj, topk_weights, topk_ids) -> out        (kernels/moe/grouped_train.py)
        the training op: grouped GEMMs with fused Triton kernels between them; saves its activations
        (gu, ys) instead of recomputing, and its backward is `moe_train_backward`

All run the Triton kernels where Triton runs (CUDA, or any device under TRITON_INTERPRET) and the fp32
PyTorch references elsewhere. Each has a fake kernel, so torch.compile traces the pair (fullgraph, forward
and backward) and activation checkpointing re-runs the forward op.

`moe_eager` is what eager callers use: without grad it calls the implementation directly (the custom-op
dispatch costs ~4-8 µs of host time per call, measured on a CPU with torch 2.13, and an eager decoding
step is host-bound); when grad is needed it goes through `fused_moe`, so autograd records the backward.
"""

from __future__ import annotations

import torch

from patchzoo.kernels.moe import backward as moe_backward, forward as moe, grouped_train as moe_train
from patchzoo.kernels.launch import triton_runs_on


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
    """Fused MoE as one opaque op with a backward: hidden (T, H) -> (T, H); see kernels/moe/forward.py."""
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


# ----------------------------------------------------------------------------------------------------
# The training op: grouped GEMMs, activations saved (kernels/moe/grouped_train.py)
# ----------------------------------------------------------------------------------------------------


@torch.library.custom_op("patchzoo::moe_train_forward", mutates_args=())
def _train_forward(
    hidden: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_ids: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """(out, gu, ys, perm, inv, ends): the output and the activations and routing its backward reads."""
    return moe_train.moe_train_forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)


@_train_forward.register_fake
def _train_forward_fake(hidden, gate_up_proj, down_proj, topk_weights, topk_ids):
    slots, (experts, two_i, hidden_size) = topk_ids.numel(), gate_up_proj.shape
    index = topk_ids.new_empty(slots, dtype=torch.int64)
    return (hidden.new_empty(hidden.shape), hidden.new_empty((slots, two_i)), hidden.new_empty((slots, hidden_size)),
            index, torch.empty_like(index), topk_ids.new_empty(experts, dtype=torch.int32))


@torch.library.custom_op("patchzoo::moe_train_backward", mutates_args=("gu",))
def _train_backward(
    grad_out: torch.Tensor,
    hidden: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    topk_weights: torch.Tensor,
    gu: torch.Tensor,
    ys: torch.Tensor,
    perm: torch.Tensor,
    inv: torch.Tensor,
    ends: torch.Tensor,
    weight_grads: bool,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights); without weight_grads the two weight
    gradients come back empty (0,). gu becomes its gradient in place (no second (S, 2I) buffer); the write
    bumps its version, so a second backward over the same graph (retain_graph) raises instead of reading it."""
    grads = moe_train.moe_train_backward(grad_out, hidden, gate_up_proj, down_proj, topk_weights, gu, ys,
                                         perm, inv, ends, weight_grads=weight_grads)
    if weight_grads:
        return grads
    return grads[0], gate_up_proj.new_empty(0), down_proj.new_empty(0), grads[3]


@_train_backward.register_fake
def _train_backward_fake(grad_out, hidden, gate_up_proj, down_proj, topk_weights, gu, ys, perm, inv, ends,
                         weight_grads):
    return _fused_moe_backward_fake(grad_out, hidden, gate_up_proj, down_proj, topk_weights, None, weight_grads)


def moe_train_op(hidden, gate_up_proj, down_proj, topk_weights, topk_ids) -> torch.Tensor:
    """The training MoE (T, H) -> (T, H): autograd records moe_train_backward for it."""
    return _train_forward(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)[0]


def _train_setup_context(ctx, inputs, output) -> None:
    hidden, gate_up_proj, down_proj, topk_weights, _ = inputs
    _, gu, ys, perm, inv, ends = output
    ctx.mark_non_differentiable(gu, ys, perm, inv, ends)
    # Without this autograd hands the backward zero tensors for the five outputs nobody differentiates:
    # an (S, 2I) + (S, H) allocation per layer (0.5 GiB at Mixtral width and 4k tokens) for nothing.
    ctx.set_materialize_grads(False)
    ctx.save_for_backward(hidden, gate_up_proj, down_proj, topk_weights, gu, ys, perm, inv, ends)


def _train_backward_formula(ctx, grad_out, *unused_grads):
    if grad_out is None:  # the output took no part in the loss (grads are not materialized)
        return (None,) * len(ctx.needs_input_grad)
    weight_grads = ctx.needs_input_grad[1] or ctx.needs_input_grad[2]
    grads = _train_backward(grad_out, *ctx.saved_tensors, weight_grads)
    return (*(g if need else None for g, need in zip(grads, ctx.needs_input_grad)), None)


_train_forward.register_autograd(_train_backward_formula, setup_context=_train_setup_context)
