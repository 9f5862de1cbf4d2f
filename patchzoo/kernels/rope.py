"""Rotary position embedding of q and k (Llama's apply_rotary_pos_emb) in one Triton launch, forward and backward.

Stock computes ``q * cos + rotate_half(q) * sin`` (and the same for k): rotate_half is a slice, a negation and a
concatenation, so each of q and k goes through about six launches and three temporaries in forward, and as many
again in backward. Here one program per (batch, position) rotates every head of q and k at once; with the halves
x1 = x[..., :D/2], x2 = x[..., D/2:] and cos/sin split the same way:

    forward   o1 = x1 * cos1 - x2 * sin1          o2 = x2 * cos2 + x1 * sin2
    backward  g1 = d1 * cos1 + d2 * sin2          g2 = d2 * cos2 - d1 * sin1      (the transpose of the rotation)

in fp32, one rounding to the input dtype. Backward needs only cos and sin (shared by every layer), no activation.
q (B, Hq, S, D) and k (B, Hk, S, D) may be any strided views (Llama's are transposes of (B, S, H, D) projections);
the outputs have that (B, S, H, D) layout. cos/sin (B or 1, S, D) as LlamaRotaryEmbedding returns them.

Layers: kernel, launcher (`rope_forward`), the custom op `patchzoo::rope` (fake + autograd), and `rope_reference`
(stock's apply_rotary_pos_emb), the test oracle.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch

# ----------------------------------------------------------------------------------------------- kernels


@triton.jit
def _rotate_heads(
    src_ptr, dst_ptr, cos1, cos2, sin1, sin2,
    b, s, n_heads, half,
    src_b, src_h, src_s, src_d, dst_b, dst_h, dst_s, dst_d,
    BLOCK_H: tl.constexpr, BLOCK_D: tl.constexpr, BACKWARD: tl.constexpr,
):
    """Rotate (or, BACKWARD, rotate back) every head of one (batch, position) row: a (BLOCK_H, BLOCK_D) tile
    per half."""
    h = tl.arange(0, BLOCK_H)[:, None]
    d = tl.arange(0, BLOCK_D)[None, :]
    mask = (h < n_heads) & (d < half)
    src = src_ptr + b * src_b + s * src_s + h * src_h + d * src_d
    dst = dst_ptr + b * dst_b + s * dst_s + h * dst_h + d * dst_d
    x1 = tl.load(src, mask=mask, other=0.0).to(tl.float32)
    x2 = tl.load(src + half * src_d, mask=mask, other=0.0).to(tl.float32)
    if BACKWARD:
        o1 = x1 * cos1 + x2 * sin2
        o2 = x2 * cos2 - x1 * sin1
    else:
        o1 = x1 * cos1 - x2 * sin1
        o2 = x2 * cos2 + x1 * sin2
    tl.store(dst, o1.to(dst_ptr.dtype.element_ty), mask=mask)
    tl.store(dst + half * dst_d, o2.to(dst_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _cos_sin_halves(cos_ptr, sin_ptr, row, half, BLOCK_D: tl.constexpr):
    """The (1, BLOCK_D) fp32 halves cos1, cos2, sin1, sin2 of one row of cos / sin (starting at offset `row`)."""
    d = tl.arange(0, BLOCK_D)[None, :]
    dmask = d < half
    cos1 = tl.load(cos_ptr + row + d, mask=dmask, other=0.0).to(tl.float32)
    cos2 = tl.load(cos_ptr + row + half + d, mask=dmask, other=0.0).to(tl.float32)
    sin1 = tl.load(sin_ptr + row + d, mask=dmask, other=0.0).to(tl.float32)
    sin2 = tl.load(sin_ptr + row + half + d, mask=dmask, other=0.0).to(tl.float32)
    return cos1, cos2, sin1, sin2


@triton.jit
def _rope_kernel(
    # pointers
    q_ptr, k_ptr, cos_ptr, sin_ptr, qo_ptr, ko_ptr,
    # sizes
    seq_len, n_q_heads, n_k_heads, half,
    # strides: q, k, their outputs (batch, head, position, dim); cos/sin (batch, position; dim contiguous)
    q_b, q_h, q_s, q_d, k_b, k_h, k_s, k_d,
    qo_b, qo_h, qo_s, qo_d, ko_b, ko_h, ko_s, ko_d,
    cs_b, cs_s,
    # meta-parameters
    BLOCK_HQ: tl.constexpr, BLOCK_HK: tl.constexpr, BLOCK_D: tl.constexpr, BACKWARD: tl.constexpr,
    PDL: tl.constexpr,
):
    await_prior_grid(PDL)
    pid = tl.program_id(0).to(tl.int64)
    b = pid // seq_len
    s = pid % seq_len
    cos1, cos2, sin1, sin2 = _cos_sin_halves(cos_ptr, sin_ptr, b * cs_b + s * cs_s, half, BLOCK_D)
    _rotate_heads(q_ptr, qo_ptr, cos1, cos2, sin1, sin2, b, s, n_q_heads, half,
                  q_b, q_h, q_s, q_d, qo_b, qo_h, qo_s, qo_d, BLOCK_HQ, BLOCK_D, BACKWARD)
    _rotate_heads(k_ptr, ko_ptr, cos1, cos2, sin1, sin2, b, s, n_k_heads, half,
                  k_b, k_h, k_s, k_d, ko_b, ko_h, ko_s, ko_d, BLOCK_HK, BLOCK_D, BACKWARD)


# --------------------------------------------------------------------------------------------- launchers


def _heads_last_layout(x: torch.Tensor) -> torch.Tensor:
    """An empty (B, H, S, D) tensor laid out as (B, S, H, D): the layout of Llama's transposed projections."""
    b, h, s, d = x.shape
    return x.new_empty((b, s, h, d)).transpose(1, 2)


def _check(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> None:
    if q.dim() != 4 or k.dim() != 4 or q.shape[0] != k.shape[0] or q.shape[2:] != k.shape[2:]:
        raise ValueError(f"q (B, Hq, S, D) and k (B, Hk, S, D) expected, got {tuple(q.shape)} and {tuple(k.shape)}")
    b, _, s, d = q.shape
    if d % 2:
        raise ValueError(f"head_dim must be even, got {d}")
    if cos.shape != sin.shape or cos.dim() != 3 or cos.shape[1:] != (s, d) or cos.shape[0] not in (1, b):
        raise ValueError(f"cos and sin must be ({b} or 1, {s}, {d}), got {tuple(cos.shape)} and {tuple(sin.shape)}")


def rope_forward(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor,
                 backward: bool = False) -> tuple[torch.Tensor, torch.Tensor]:
    """(q, k) rotated by (cos, sin); with backward=True, rotated back (the gradient of the rotation)."""
    _check(q, k, cos, sin)
    cos, sin = cos.contiguous(), sin.contiguous()
    if cos.dtype != sin.dtype:
        sin = sin.to(cos.dtype)
    qo, ko = _heads_last_layout(q), _heads_last_layout(k)
    b, hq, s, d = q.shape
    hk = k.shape[1]
    if q.numel() and k.numel():
        half = d // 2
        cs_b = 0 if cos.shape[0] == 1 else cos.stride(0)
        pdl = dependent_launch(q.device)
        _rope_kernel[(b * s,)](
            q, k, cos, sin, qo, ko, s, hq, hk, half,
            *q.stride(), *k.stride(), *qo.stride(), *ko.stride(), cs_b, cos.stride(1),
            BLOCK_HQ=triton.next_power_of_2(hq), BLOCK_HK=triton.next_power_of_2(hk),
            BLOCK_D=triton.next_power_of_2(half), BACKWARD=backward, PDL=pdl, num_warps=4, launch_pdl=pdl,
        )
    return qo, ko


# ------------------------------------------------------------------------------------------ torch op


@torch.library.custom_op("patchzoo::rope", mutates_args=())
def _rope_op(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor,
             backward: bool) -> tuple[torch.Tensor, torch.Tensor]:
    return rope_forward(q, k, cos, sin, backward)


@_rope_op.register_fake
def _(q, k, cos, sin, backward):
    _check(q, k, cos, sin)
    return _heads_last_layout(q), _heads_last_layout(k)


def _setup_context(ctx, inputs, output):
    q, k, cos, sin, backward = inputs
    ctx.save_for_backward(cos, sin)
    ctx.backward, ctx.shapes = backward, (q.shape, k.shape)


def _backward(ctx, dq, dk):
    cos, sin = ctx.saved_tensors
    # an output that took no part in the loss comes back as None: its gradient is zero
    dq = dq if dq is not None else cos.new_zeros(ctx.shapes[0])
    dk = dk if dk is not None else cos.new_zeros(ctx.shapes[1])
    dq_in, dk_in = _rope_op(dq, dk, cos, sin, not ctx.backward)
    return dq_in, dk_in, None, None, None


_rope_op.register_autograd(_backward, setup_context=_setup_context)


def rope(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """apply_rotary_pos_emb(q, k, cos, sin) (unsqueeze_dim=1) through the Triton kernel: q (B, Hq, S, D),
    k (B, Hk, S, D), cos/sin (B or 1, S, D). CUDA, or any device under TRITON_INTERPRET=1."""
    return _rope_op(q, k, cos, sin, False)


# ------------------------------------------------------------------------------------------ reference


def _rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rope_reference(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor,
                   sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Stock apply_rotary_pos_emb with unsqueeze_dim=1."""
    cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
    return q * cos + _rotate_half(q) * sin, k * cos + _rotate_half(k) * sin
