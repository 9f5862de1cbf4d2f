"""Backward of the fused MoE (patchzoo/kernels/moe.py): gradients for x, gate_up_proj, down_proj and the
routing weights.

Forward, per slot s = t*K + k routed to expert e (S = T*K slots; I intermediate, H hidden):

    g, u = split(gate_up_proj[e] @ x[t])        (I,) each
    h    = round(silu(g) * u)                   (I,)  rounded to the input dtype, as the forward kernel does
    out[t] = sum_k w[s] * down_proj[e] @ h      (H,)

Backward, with dout = grad of out (T, H):

    dw[s]            = dout[t] . (down_proj[e] @ h)  = (dout[t] @ down_proj[e]) . h
    dy               = w[s] * dout[t]                                                    (H,)
    dh               = dy @ down_proj[e]                                                 (I,)
    dg, du           = dh * u * silu'(g),  dh * silu(g)        silu'(g) = sig(g) * (1 + g * (1 - sig(g)))
    dx[t]           += [dg; du] @ gate_up_proj[e]                                        (H,)
    d_down_proj[e]  += dy^T h                                                            (H, I)
    d_gate_up[e]    += [dg; du]^T x[t]                                                   (2I, H)

The rounding of h is treated as the identity (a straight-through estimate), as autograd does for the
stock path's casts. g and u are recomputed from x (only x, the weights and the routing are saved).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from patchzoo.kernels.moe import check_inputs


def silu_backward(gate: torch.Tensor) -> torch.Tensor:
    """d silu(g) / dg, elementwise."""
    sig = torch.sigmoid(gate)
    return sig * (1 + gate * (1 - sig))


def moe_backward_reference(grad_out, hidden, gate_up_proj, down_proj, topk_weights, topk_ids):
    """(d_hidden, d_gate_up_proj, d_down_proj, d_topk_weights) in fp32 PyTorch, one expert at a time,
    each returned in its input's dtype. The test oracle, and the path where Triton does not run."""
    check_inputs(hidden, gate_up_proj, down_proj, topk_weights, topk_ids)
    intermediate = down_proj.shape[2]
    dout = grad_out.float()  # (T, H)
    d_hidden = torch.zeros(hidden.shape, dtype=torch.float32, device=hidden.device)
    d_gate_up = torch.zeros(gate_up_proj.shape, dtype=torch.float32, device=hidden.device)
    d_down = torch.zeros(down_proj.shape, dtype=torch.float32, device=hidden.device)
    d_weights = torch.zeros(topk_weights.shape, dtype=torch.float32, device=hidden.device)
    for expert in range(gate_up_proj.shape[0]):
        token, k = torch.where(topk_ids == expert)
        x = hidden[token].float()  # (n, H)
        w_gate_up, w_down = gate_up_proj[expert].float(), down_proj[expert].float()  # (2I, H), (H, I)
        gate, up = (x @ w_gate_up.T).split(intermediate, dim=-1)  # (n, I) each
        h = (F.silu(gate) * up).to(hidden.dtype).float()
        d_dot = dout[token] @ w_down  # (n, I): dout[t] @ down_proj[e], before the routing weight
        d_weights[token, k] = (d_dot * h).sum(-1)
        weight = topk_weights[token, k].float()[:, None]  # (n, 1)
        d_down[expert] = (dout[token] * weight).T @ h
        dh = d_dot * weight
        d_gate_up_act = torch.cat([dh * up * silu_backward(gate), dh * F.silu(gate)], dim=-1)  # (n, 2I)
        d_gate_up[expert] = d_gate_up_act.T @ x
        d_hidden.index_add_(0, token, d_gate_up_act @ w_gate_up)
    return (d_hidden.to(hidden.dtype), d_gate_up.to(gate_up_proj.dtype), d_down.to(down_proj.dtype),
            d_weights.to(topk_weights.dtype))
