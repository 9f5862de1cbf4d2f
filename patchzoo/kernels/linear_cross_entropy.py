"""Fused, chunked LM head + cross-entropy: the (tokens x vocab) fp32 logits are never materialized.

Stock causal-LM training computes ``logits = hidden @ W.T`` (tokens, vocab) in the model dtype, upcasts them to
fp32 and runs cross-entropy; at Llama-3 shapes (4096 tokens x 128,256 vocab) that is 1 GB of bf16 logits, 2.1 GB
of fp32 logits and 2.1 GB of their gradient alive at the peak. Here the tokens go through in chunks of C rows:

    for each chunk (C, H):
        logits  = hidden_c @ W.T                      (C, V) model dtype, as stock's lm_head
        z       = logits.float()                      (C, V) fp32, as stock's ForCausalLMLoss
        loss   += sum(logsumexp(z) - z[label])        valid rows only (label != ignore_index)
        dz      = (softmax(z) - onehot(label)) * valid / divisor      (C, V) gradient of the loss wrt logits
        dhidden_c = dz.to(dtype) @ W                  (C, H)
        dW     += dz.to(dtype).T @ hidden_c           (V, H) in the weight dtype, added in place (addmm_)

(the elementwise middle, chunk_loss_and_grad, is torch.compile'd on a GPU: one fused pass over the chunk; one graph
for the full chunks and one, with dynamic rows, for the last chunk of any length)

so the gradients are computed in the forward (one pass over the head instead of stock's three matmuls over
materialized logits, which is also stock's FLOP count) and backward only scales them by the incoming gradient.
Peak extra memory: one chunk's (C, V) logits and gradient, and the (V, H) weight gradient in the weight dtype (an
fp32 sum of the chunks would cost 4 more bytes per weight, 1.6 GB at Llama-3-3B shapes; each in-place addmm_ adds
in fp32 inside the matmul and rounds once, so a few chunks cost a few bf16 roundings of dW).

``linear_cross_entropy_reference`` is stock's computation (materialized logits) and the test oracle;
``linear_cross_entropy`` is the chunked one with the same contract: reduction "mean" over valid labels, or
"sum" divided by ``num_items_in_batch`` (what transformers' fixed_cross_entropy does for gradient accumulation).
"""

from __future__ import annotations

import functools

import torch
import torch.nn.functional as F

IGNORE_INDEX = -100
# A chunk's fp32 logits would take at most this many bytes: C = 2^27 / V rows (1,046 at V = 128,256, four chunks
# for 4,096 tokens). On a GPU the compiled chunk function never stores them in fp32 (only the model-dtype logits
# and their gradient, 0.27 GB each there); few chunks keep the matmuls large and the in-place (V, H) accumulation
# of the weight gradient (a read and write of 2·V·H bytes in bf16 per chunk) rare.
CHUNK_LOGIT_BYTES = 2**29


def default_chunk_rows(vocab_size: int) -> int:
    return max(1, CHUNK_LOGIT_BYTES // (4 * vocab_size))


def linear_cross_entropy_reference(hidden: torch.Tensor, weight: torch.Tensor, labels: torch.Tensor,
                                   ignore_index: int = IGNORE_INDEX,
                                   num_items_in_batch: torch.Tensor | int | None = None) -> torch.Tensor:
    """Stock's loss: hidden (N, H), weight (V, H), labels (N,) -> scalar; logits materialized and upcast."""
    logits = F.linear(hidden, weight).float()  # (N, V)
    if num_items_in_batch is None:
        return F.cross_entropy(logits, labels, ignore_index=ignore_index, reduction="mean")
    return F.cross_entropy(logits, labels, ignore_index=ignore_index, reduction="sum") / num_items_in_batch


def chunk_loss_and_grad(logits: torch.Tensor, labels: torch.Tensor, divisor: torch.Tensor,
                        ignore_index: int) -> tuple[torch.Tensor, torch.Tensor]:
    """One chunk: logits (C, V) model dtype -> (sum of its valid rows' losses (fp32), d(loss)/d(logits) (C, V)).

    Elementwise over the chunk; on a GPU torch.compile fuses it into a pass or two over the bf16 logits instead
    of materializing each fp32 step.
    """
    z = logits.float()  # (C, V) as stock's ForCausalLMLoss upcasts
    valid = labels != ignore_index  # (C,)
    target = torch.where(valid, labels, 0)
    lse = torch.logsumexp(z, dim=-1)  # (C,)
    picked = z.gather(1, target[:, None]).squeeze(1)
    loss = torch.where(valid, lse - picked, 0.0).sum()
    onehot = torch.arange(z.shape[1], device=z.device)[None, :] == target[:, None]  # (C, V)
    grad = (torch.exp(z - lse[:, None]) - onehot.to(z.dtype)) * (valid.to(z.dtype) / divisor)[:, None]
    return loss, grad.to(logits.dtype)


def _last_chunk_loss_and_grad(logits, labels, divisor, ignore_index):
    """chunk_loss_and_grad under a code object of its own: compiled apart, with dynamic rows (_chunk_functions)."""
    return chunk_loss_and_grad(logits, labels, divisor, ignore_index)


@functools.cache
def _compiled_chunk_functions(backend: str = "inductor"):
    """(full chunks, last chunk), torch.compile'd. A full chunk's shape never changes: compiled once, static. The last
    chunk's row count is the batch's token count modulo C, new with nearly every batch of a variable-length fine-tune:
    compiled once with dynamic rows (marked at the call), where a static compile would recompile for each length
    (seconds each) until dynamo's recompile limit sends the rest to eager."""
    return (torch.compile(chunk_loss_and_grad, dynamic=False, backend=backend),
            torch.compile(_last_chunk_loss_and_grad, dynamic=False, backend=backend))


def _chunk_functions(device: torch.device):
    """(full chunks, last chunk): compiled on a GPU, where the fused pass pays; plain PyTorch elsewhere."""
    if device.type == "cuda":
        return _compiled_chunk_functions()
    return chunk_loss_and_grad, chunk_loss_and_grad


class _LinearCrossEntropy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, hidden, weight, labels, divisor, ignore_index, chunk_rows):
        # hidden (N, H), weight (V, H), labels (N,) int64, divisor: 0-dim fp32 tensor
        n = hidden.shape[0]
        want_hidden, want_weight = ctx.needs_input_grad[0], ctx.needs_input_grad[1]
        total = torch.zeros((), dtype=torch.float32, device=hidden.device)
        grad_hidden = torch.empty_like(hidden) if want_hidden else None
        grad_weight = None
        full_chunk_fn, last_chunk_fn = _chunk_functions(hidden.device)
        for start in range(0, n, chunk_rows):
            rows = slice(start, min(start + chunk_rows, n))
            hidden_c, labels_c = hidden[rows], labels[rows]
            logits = F.linear(hidden_c, weight)  # (C, V) in the model dtype, as stock's lm_head
            if logits.shape[0] == chunk_rows:
                loss_c, grad_logits = full_chunk_fn(logits, labels_c, divisor, ignore_index)
            else:  # the last, shorter chunk: one compiled graph for every length
                if not torch.compiler.is_compiling():  # inside a caller's compiled graph its shapes are the caller's
                    torch._dynamo.mark_dynamic(logits, 0)
                    torch._dynamo.mark_dynamic(labels_c, 0)
                loss_c, grad_logits = last_chunk_fn(logits, labels_c, divisor, ignore_index)
            total += loss_c
            if want_hidden:
                grad_hidden[rows] = grad_logits @ weight  # (C, H)
            if want_weight:
                part = grad_logits.t() @ hidden_c if grad_weight is None else None  # (V, H) model dtype
                if grad_weight is None:
                    grad_weight = part  # one chunk: stock's single matmul and rounding
                else:  # several: added in place, in the matmul's fp32 accumulator (one rounding per chunk)
                    grad_weight.addmm_(grad_logits.t(), hidden_c)
        ctx.save_for_backward(grad_hidden, grad_weight if want_weight else None)
        return total / divisor

    @staticmethod
    def backward(ctx, grad_loss):
        grad_hidden, grad_weight = ctx.saved_tensors
        scale = grad_loss.to(torch.float32)
        dh = (grad_hidden * scale).to(grad_hidden.dtype) if grad_hidden is not None else None
        dw = (grad_weight * scale).to(grad_weight.dtype) if grad_weight is not None else None
        return dh, dw, None, None, None, None


def linear_cross_entropy(hidden: torch.Tensor, weight: torch.Tensor, labels: torch.Tensor,
                         ignore_index: int = IGNORE_INDEX, num_items_in_batch: torch.Tensor | int | None = None,
                         chunk_rows: int | None = None) -> torch.Tensor:
    """Same value and gradients as linear_cross_entropy_reference without the (N, V) fp32 logits.

    hidden (N, H) float, weight (V, H) of the same dtype, labels (N,) int64 with ignore_index where no loss is
    taken. Mean over valid labels, or sum / num_items_in_batch when that is given (an all-ignored batch gives
    nan under "mean", as stock's cross_entropy does).
    """
    if hidden.dim() != 2 or weight.dim() != 2 or hidden.shape[1] != weight.shape[1]:
        raise ValueError(f"hidden (N, H) and weight (V, H) expected, got {tuple(hidden.shape)} and {tuple(weight.shape)}")
    if labels.shape != hidden.shape[:1]:
        raise ValueError(f"labels must be (N,) = ({hidden.shape[0]},), got {tuple(labels.shape)}")
    if hidden.dtype != weight.dtype:
        raise TypeError(f"hidden and weight dtypes differ: {hidden.dtype} vs {weight.dtype}")
    labels = labels.to(device=hidden.device, dtype=torch.long)
    if num_items_in_batch is None:
        divisor = (labels != ignore_index).sum().to(torch.float32)
    else:
        divisor = torch.as_tensor(num_items_in_batch, device=hidden.device).to(torch.float32)
    rows = chunk_rows or default_chunk_rows(weight.shape[0])
    return _LinearCrossEntropy.apply(hidden, weight, labels, divisor, ignore_index, rows)
