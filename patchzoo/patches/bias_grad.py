"""nn.Linear whose backward sums the bias gradient as a matrix-vector product on the GPU.

torch's Linear backward takes the bias gradient as grad_output.sum(0), a column reduction that is slow
for these shapes: on an H200, reducing an (8192, 768) fp16 gradient takes 19.8 µs where cuBLAS's GEMV
against a ones vector takes 12.4 µs (32.7 vs 25.1 µs at 8192 x 3072, 47.5 vs 24.3 µs at 32768 x 768;
`python -m benchmarks.bench_bias_grad`). In a bert-base
training step on 8k packed tokens those 73 reductions were 1.26 ms of 16.2 ms of kernels. Same math,
same fp32 accumulation, a different order of additions; the forward is F.linear unchanged, and so are
the weight and input gradients.

    MvBiasGradLinear: forward through _LinearMvBiasGrad when a gradient is wanted on a CUDA tensor outside
    autocast (autocast keeps stock's path: its casts belong to F.linear) and outside torch.compile (inductor
    writes its own reduction), else plain F.linear.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


def bias_grad(grad_output: torch.Tensor) -> torch.Tensor:
    """grad_output (..., N) summed over every leading dim -> (N,): a GEMV with ones on CUDA, sum elsewhere."""
    rows = grad_output.reshape(-1, grad_output.shape[-1])  # (T, N)
    if not rows.is_cuda:
        return rows.sum(0)
    return torch.mv(rows.t(), rows.new_ones(rows.shape[0]))  # a fresh ones vector: safe inside CUDA graphs


class _LinearMvBiasGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, weight)
        return F.linear(x, weight, bias)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        x, weight = ctx.saved_tensors
        need_x, need_weight, need_bias = ctx.needs_input_grad
        grad_x = grad @ weight if need_x else None  # (..., N) @ (N, K) -> (..., K)
        grad_weight = None
        if need_weight:
            grad_weight = grad.reshape(-1, grad.shape[-1]).t() @ x.reshape(-1, x.shape[-1])  # (N, K)
        return grad_x, grad_weight, bias_grad(grad) if need_bias else None


class MvBiasGradLinear(nn.Linear):
    """nn.Linear with the bias gradient of ``bias_grad``; same parameters, so checkpoints are unchanged."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        wants_grad = torch.is_grad_enabled() and (x.requires_grad or self.weight.requires_grad)
        # Under torch.compile stock's F.linear: inductor writes the bias-gradient reduction itself, and dynamo
        # would trace this autograd.Function's forward and backward once per Linear (73 in bert-base), which
        # lengthens every compilation of a training graph.
        if (self.bias is None or not wants_grad or not x.is_cuda or torch.is_autocast_enabled(x.device.type)
                or torch.compiler.is_compiling()):
            return F.linear(x, self.weight, self.bias)
        return _LinearMvBiasGrad.apply(x, self.weight, self.bias)
