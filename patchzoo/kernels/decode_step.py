"""Two inference kernels that merge the small operations around a Llama decoding step's attention and norms.

Why: in a CUDA graph every node costs ~1.5-2 µs on a Hopper GPU whatever it computes (benchmarks/RESULTS.md), and at
one token most of a layer's nodes move a few KB. Per layer, stock's decoder records

    residual + attention output, then post_attention_layernorm      2 nodes -> add_rms_norm: 1
    residual + MLP output, then the next layer's input_layernorm     2 nodes -> add_rms_norm: 1
    RoPE of q and k, then StaticLayer.update: arange, add, in-place add of the write position, index_copy_ of k,
        index_copy_ of v                                             6 nodes -> rope_write_kv: 1

    add_rms_norm   one program per row:  s = round(residual + update)           the new residual, as stock's add
                                         y = w * round(s * rsqrt(mean(s^2) + eps))   stock's RMSNorm of s
    rope_write_kv  one program per (batch row, token):  p = the cache's write position (a device scalar)
                                         q' = rope(q)                           returned
                                         keys[b, :, p + t] = rope(k)[b, :, t]   values[b, :, p + t] = v[b, :, t]
                   the last program to finish advances the write position by the tokens (an arrival counter),
                   so every program reads the position before it moves: what StaticLayer.update leaves behind.

Roundings are stock's: the add computes in fp32 and rounds once, as PyTorch's half/bfloat16 add does; the norm rounds
where LlamaRMSNorm does (its mean sums in another order); RoPE in fp32 with one rounding, as patchzoo/kernels/rope.py.
No autograd: these run only inside the captured decoding step (patchzoo/models/llama_decode.py), where no gradient is
recorded. The references beside them are the stock operations they replace, the tests' oracles.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from patchzoo.kernels.dependent_launch import await_prior_grid, dependent_launch
from patchzoo.kernels.rope import _cos_sin_halves, _rotate_heads, rope_reference

# ----------------------------------------------------------------------------------------------- kernels


@triton.jit
def _add_rms_norm_kernel(
    residual_ptr, update_ptr, w_ptr, normed_ptr, summed_ptr,
    n_cols, eps,
    residual_row_stride, update_row_stride,  # normed and summed are contiguous rows
    BLOCK: tl.constexpr, PDL: tl.constexpr,
):
    await_prior_grid(PDL)
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    residual = tl.load(residual_ptr + row * residual_row_stride + cols, mask=mask, other=0.0)
    update = tl.load(update_ptr + row * update_row_stride + cols, mask=mask, other=0.0)
    summed = (residual.to(tl.float32) + update.to(tl.float32)).to(residual.dtype)
    tl.store(summed_ptr + row * n_cols + cols, summed, mask=mask)
    s = summed.to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(s * s, axis=0) / n_cols + eps)
    normed = (s * rstd).to(residual.dtype).to(tl.float32)  # stock rounds the normalized row to the input dtype
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(normed_ptr + row * n_cols + cols, (w * normed).to(normed_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _rope_write_kv_kernel(
    # pointers: q, k, v (batch, head, token, dim) views; cos/sin (batch or 1, token, dim); the rotated q's output;
    # the cache's keys and values (batch, head, slot, dim); its write position (int64 scalar); the arrival counter
    q_ptr, k_ptr, v_ptr, cos_ptr, sin_ptr, qo_ptr, keys_ptr, values_ptr, position_ptr, arrivals_ptr,
    # sizes
    tokens, n_q_heads, n_kv_heads, half, programs,
    # strides
    q_b, q_h, q_s, q_d, k_b, k_h, k_s, k_d, v_b, v_h, v_s, v_d,
    qo_b, qo_h, qo_s, qo_d, c_b, c_h, c_s, c_d, cs_b, cs_s,
    BLOCK_HQ: tl.constexpr, BLOCK_HK: tl.constexpr, BLOCK_D: tl.constexpr, PDL: tl.constexpr,
):
    await_prior_grid(PDL)
    pid = tl.program_id(0).to(tl.int64)
    b = pid // tokens
    t = pid % tokens
    position = tl.load(position_ptr)
    cos1, cos2, sin1, sin2 = _cos_sin_halves(cos_ptr, sin_ptr, b * cs_b + t * cs_s, half, BLOCK_D)
    _rotate_heads(q_ptr, qo_ptr, cos1, cos2, sin1, sin2, b, t, n_q_heads, half,
                  q_b, q_h, q_s, q_d, qo_b, qo_h, qo_s, qo_d, BLOCK_HQ, BLOCK_D, False)
    # the rotated key straight into its cache slot: the (b, :, t) row of a cache view starting at the position
    _rotate_heads(k_ptr, keys_ptr + position * c_s, cos1, cos2, sin1, sin2, b, t, n_kv_heads, half,
                  k_b, k_h, k_s, k_d, c_b, c_h, c_s, c_d, BLOCK_HK, BLOCK_D, False)
    h = tl.arange(0, BLOCK_HK)[:, None]
    dv = tl.arange(0, 2 * BLOCK_D)[None, :]
    vmask = (h < n_kv_heads) & (dv < 2 * half)
    value = tl.load(v_ptr + b * v_b + t * v_s + h * v_h + dv * v_d, mask=vmask)
    tl.store(values_ptr + b * c_b + (position + t) * c_s + h * c_h + dv * c_d, value, mask=vmask)
    # every thread's reads of the position come before this program's arrival; the last to arrive moves it
    tl.debug_barrier()
    if tl.atomic_add(arrivals_ptr, 1, sem="acq_rel", scope="gpu") == programs - 1:
        tl.store(position_ptr, position + tokens)
        tl.atomic_xchg(arrivals_ptr, 0, sem="relaxed", scope="gpu")


# --------------------------------------------------------------------------------------------- launchers


def add_rms_norm(residual: torch.Tensor, update: torch.Tensor, weight: torch.Tensor,
                 eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    """(summed, normed): summed = residual + update in their dtype, normed = LlamaRMSNorm(weight, eps)(summed), in
    promote_types(weight, residual) as stock's. residual and update (..., N) of one shape and dtype."""
    if residual.shape != update.shape or residual.dtype != update.dtype or weight.shape != residual.shape[-1:]:
        raise ValueError(f"residual and update must share shape and dtype, weight ({residual.shape[-1]},): got "
                         f"{tuple(residual.shape)} {residual.dtype}, {tuple(update.shape)} {update.dtype}, "
                         f"{tuple(weight.shape)}")
    n_cols = residual.shape[-1]
    rows = [t.reshape(-1, n_cols) for t in (residual, update)]
    rows = [r if r.stride(-1) == 1 else r.contiguous() for r in rows]
    summed = torch.empty(residual.shape, dtype=residual.dtype, device=residual.device)
    normed = torch.empty(residual.shape, dtype=torch.promote_types(weight.dtype, residual.dtype),
                         device=residual.device)
    if summed.numel():
        block = triton.next_power_of_2(n_cols)
        pdl = dependent_launch(residual.device)
        _add_rms_norm_kernel[(rows[0].shape[0],)](rows[0], rows[1], weight.contiguous(), normed, summed, n_cols, eps,
                                                  rows[0].stride(0), rows[1].stride(0), BLOCK=block, PDL=pdl,
                                                  num_warps=min(16, max(1, block // 256)), launch_pdl=pdl)
    return summed, normed


def rope_write_kv(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor,
                  keys: torch.Tensor, values: torch.Tensor, position: torch.Tensor,
                  arrivals: torch.Tensor) -> torch.Tensor:
    """The rotated q; rope(k) and v written into keys / values at slots position .. position + tokens - 1, and the
    position advanced by the tokens, on the device (no sync).

    q (B, Hq, T, D), k and v (B, Hkv, T, D), any strides; cos / sin (B or 1, T, D); keys and values (B, Hkv, slots, D)
    of q's dtype; position: the int64 scalar tensor a StaticLayer keeps (cumulative_length); arrivals: an int32
    scalar tensor holding 0, private to one stream of launches (the kernel leaves it at 0).
    """
    b, hq, tokens, dim = q.shape
    hk = k.shape[1]
    if (k.shape != (b, hk, tokens, dim) or v.shape != k.shape or keys.shape[:2] != (b, hk) or keys.shape[3] != dim
            or values.shape != keys.shape or cos.shape != sin.shape or cos.shape[1:] != (tokens, dim)
            or cos.shape[0] not in (1, b) or dim % 2):
        raise ValueError(f"rope_write_kv: q {tuple(q.shape)}, k {tuple(k.shape)}, v {tuple(v.shape)}, cos "
                         f"{tuple(cos.shape)}, cache {tuple(keys.shape)} / {tuple(values.shape)} do not fit together")
    if keys.dtype != k.dtype or values.dtype != v.dtype or position.dtype != torch.int64 or position.numel() != 1:
        raise ValueError("rope_write_kv: the cache must hold k's and v's dtype and the position be an int64 scalar")
    cos, sin = cos.contiguous(), sin.contiguous().to(cos.dtype)
    qo = q.new_empty((b, tokens, hq, dim)).transpose(1, 2)  # the (B, T, H, D) layout of Llama's projections
    programs = b * tokens
    if programs:
        half = dim // 2
        pdl = dependent_launch(q.device)
        _rope_write_kv_kernel[(programs,)](
            q, k, v, cos, sin, qo, keys, values, position, arrivals, tokens, hq, hk, half, programs,
            *q.stride(), *k.stride(), *v.stride(), *qo.stride(), *keys.stride(),
            0 if cos.shape[0] == 1 else cos.stride(0), cos.stride(1),
            BLOCK_HQ=triton.next_power_of_2(hq), BLOCK_HK=triton.next_power_of_2(hk),
            BLOCK_D=triton.next_power_of_2(half), PDL=pdl, num_warps=4, launch_pdl=pdl,
        )
    return qo


# ------------------------------------------------------------------------------------------ references


def add_rms_norm_reference(residual: torch.Tensor, update: torch.Tensor, weight: torch.Tensor,
                           eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    """Stock's `hidden = residual + hidden` and LlamaRMSNorm.forward of it."""
    summed = residual + update
    h = summed.to(torch.float32)
    h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps)
    return summed, weight * h.to(summed.dtype)


def rope_write_kv_reference(q, k, v, cos, sin, keys, values, position, arrivals=None) -> torch.Tensor:
    """Stock's apply_rotary_pos_emb, then StaticLayer.update's writes and position step."""
    q, k = rope_reference(q, k, cos, sin)
    slots = torch.arange(k.shape[2], device=keys.device) + position
    position.add_(k.shape[2])
    keys.index_copy_(2, slots, k)
    values.index_copy_(2, slots, v)
    return q
