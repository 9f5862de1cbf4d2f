"""Training table of `python -m benchmarks.bench_moe --train`: one Mixtral-8x7B MoE layer (hidden 4096,
intermediate 14336, 8 experts, top-2), bf16, forward + backward at 1k-16k tokens.

Providers, all through a stock MixtralExperts module with config._experts_implementation switched (each
pays its own routing): hf_eager (stock's per-expert loop), hf_grouped_mm, patchzoo ("patchzoo_fused",
the Triton forward and backward), and the floor: FLOPs of forward + backward (3 x the forward's
2 * S * 3 * H * I; the recompute patchzoo does is not counted) over the measured bf16 matmul rate.

Per provider and size: µs per step (do_bench median; a step is forward, backward into x, both expert
weights and the routing weights, grads reset to None first), peak memory above the weights and inputs
(the step's activations, scratch and the new weight gradients), and the largest relative error (norm) of
its four gradients against the fp32 PyTorch reference (kernels/moe_backward.moe_backward_reference).
"""

from __future__ import annotations

import torch

import patchzoo.models.mixtral
from benchmarks.common import OUT_DIR, Report
from patchzoo.kernels.moe_backward import moe_backward_reference

TRAIN_TOKENS = (1024, 4096, 8192, 16384)
PROVIDERS = {"hf_eager": "eager", "hf_grouped_mm": "grouped_mm", "patchzoo": patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION}
GRAD_NAMES = ("x", "gate_up_proj", "down_proj", "routing weights")


def train_step(experts, hidden, ids, weights, grad_out):
    """One forward + backward; returns the four gradients (x, gate_up_proj, down_proj, routing weights)."""
    for t in (hidden, weights, experts.gate_up_proj, experts.down_proj):
        t.grad = None
    experts(hidden, ids, weights).backward(grad_out)
    return hidden.grad, experts.gate_up_proj.grad, experts.down_proj.grad, weights.grad


def peak_extra_gib(step) -> float:
    """Peak memory of one step above what was allocated before it (weights, inputs), GiB."""
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    step()
    torch.cuda.synchronize()
    return (torch.cuda.max_memory_allocated() - base) / 2**30


def relative_error(got: torch.Tensor, ref: torch.Tensor) -> float:
    return float((got.float() - ref.float()).norm() / ref.float().norm())


def bench_train(make_experts, make_inputs, hardware, tokens=TRAIN_TOKENS, dtype=torch.bfloat16) -> None:
    """The training table (see the module docstring); make_experts/make_inputs are bench_moe's."""
    report = Report("moe_train", case_keys=("dtype", "tokens"), hardware=hardware)
    extra = ["| tokens | " + " | ".join(f"{p} peak GiB" for p in PROVIDERS) + " | "
             + " | ".join(f"{p} max grad err" for p in PROVIDERS) + " |", "|---" * (1 + 2 * len(PROVIDERS)) + "|"]
    experts = make_experts(dtype)
    shape = experts.gate_up_proj.shape  # (E, 2I, H)
    per_slot_flops = 2 * 3 * shape[2] * shape[1] // 2
    for num_tokens in tokens:
        hidden, ids, weights = make_inputs(num_tokens, dtype, seed=num_tokens)
        hidden.requires_grad_()
        weights.requires_grad_()
        grad_out = torch.randn_like(hidden)
        case = {"dtype": "bf16" if dtype == torch.bfloat16 else str(dtype), "tokens": num_tokens}
        flops = 3 * per_slot_flops * ids.numel()
        with torch.no_grad():
            reference = moe_backward_reference(grad_out, hidden, experts.gate_up_proj, experts.down_proj, weights, ids)
        reference = [r.float() for r in reference]
        peaks, errors = {}, {}
        for provider, impl in PROVIDERS.items():
            experts.config._experts_implementation = impl
            step = lambda: train_step(experts, hidden, ids, weights, grad_out)  # noqa: E731
            grads = [g.detach().clone() for g in step()]
            errors[provider] = max(relative_error(g, r) for g, r in zip(grads, reference))
            del grads
            peaks[provider] = peak_extra_gib(step)
            report.time(case, provider, step, flops=flops)
            torch.cuda.empty_cache()
        report.floor(case, flops=flops)
        del reference
        us = {p: report.lookup(("bf16", num_tokens), p).ms * 1e3 for p in (*PROVIDERS, "floor")}
        print(f"  train T={num_tokens}: " + ", ".join(f"{p} {v:.0f} us" for p, v in us.items())
              + "; peak GiB " + ", ".join(f"{p} {v:.2f}" for p, v in peaks.items())
              + "; max grad rel err " + ", ".join(f"{p} {v:.1e}" for p, v in errors.items()), flush=True)
        extra.append(f"| {num_tokens} | " + " | ".join(f"{peaks[p]:.2f}" for p in PROVIDERS) + " | "
                     + " | ".join(f"{errors[p]:.1e}" for p in PROVIDERS) + " |")
    report.finish(x="tokens", group_by=("dtype",), baseline="hf_grouped_mm")
    floor_share = {n: report.lookup(("bf16", n), "floor").ms / report.lookup(("bf16", n), "patchzoo").ms for n in tokens}
    print("patchzoo share of the compute floor: " + ", ".join(f"T={n} {v:.0%}" for n, v in floor_share.items()))
    table = "\n".join(extra)
    print(table, flush=True)
    (OUT_DIR / "moe_train_memory.md").write_text(table + "\n")
