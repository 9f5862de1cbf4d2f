"""`patchzoo parity --train`: one training step of stock and zoo on the same checkpoint, every gradient compared.

    checkpoint --stock class--> stock --+                                        per parameter p:
               --zoo class----> zoo   --+--> head outputs . fixed noise --> backward --> |g_zoo - g_stock| / |g_stock|

The step backpropagates through the outputs the main job compares (the case's head, or its train_head where
that one generates tokens), weighted by fixed random noise so that every output element gets its own gradient.
Both models run in eval mode (no dropout: its masks are random) with gradients on, which is the path a
training step takes through the zoo (the zoo's training paths key on autograd recording, not on train mode).
The row's value is the largest relative gradient difference over the parameters; a parameter that gets a
gradient in stock and none in the zoo (a path that drops gradients) fails the row by name. On a GPU the row
also times both steps (forward + backward).
"""

from __future__ import annotations

import math
from pathlib import Path

import torch

from patchzoo.evals.parity import ParityCase, ParityRow, load_twins, time_ms
from patchzoo.evals.parity_cases.common import tolerance_by_dtype

# Relative (norm) gradient difference per parameter: fp32 sums in another order; half precision rounds
# activations and gradients differently where the zoo fuses (seen: bf16 MoE experts ~5e-3, fp16 T5 ~1e-2).
GRAD_TOLERANCE = tolerance_by_dtype(fp32=1e-4, fp16=5e-2, bf16=5e-2)


# A gradient below this share of the largest parameter gradient is numerically zero (an attention key bias:
# softmax does not see it, so stock's gradient is rounding noise); it is measured against this floor instead.
ZERO_GRADIENT_SHARE = 1e-6


def gradient_errors(zoo: torch.nn.Module, stock: torch.nn.Module) -> tuple[dict[str, float], list[str]]:
    """({parameter: relative difference of its gradient}, [parameters with a stock gradient and no zoo one])."""
    zoo_params = dict(zoo.named_parameters())
    stock_grads = {name: p.grad.double() for name, p in stock.named_parameters() if p.grad is not None}
    if not stock_grads:
        return {}, []
    floor = ZERO_GRADIENT_SHARE * max(float(g.norm()) for g in stock_grads.values())
    errors, missing = {}, []
    for name, ref in stock_grads.items():
        got = zoo_params[name].grad
        if got is None:
            missing.append(name)
            continue
        errors[name] = float((got.double() - ref).norm()) / max(float(ref.norm()), floor, 1e-30)
    return errors, missing


def run_train_case(case: ParityCase, checkpoint: str | Path, device: torch.device, dtype: torch.dtype,
                   seed: int = 0) -> ParityRow:
    """One forward + backward of stock and zoo on the same inputs; the largest relative gradient difference."""
    if case.no_train_reason:
        return ParityRow(case.arch, case.feature, "n/a", detail=case.no_train_reason)
    row, stock, zoo, config = load_twins(case, checkpoint, device, dtype)
    if zoo is None:
        return row
    head = (case.train_head or case.head)(row.model_class)
    row.metric = "max rel|Δ grad| over parameters"
    generator = torch.Generator().manual_seed(seed)
    inputs = case.make_inputs(config, device, generator)
    noise = {}

    def step(model) -> None:
        model.zero_grad(set_to_none=True)
        out = head.run(model, inputs)
        if "w" not in noise:  # one fixed weighting for both models, drawn once the output size is known
            noise["w"] = torch.randn(out.shape, generator=generator).to(out.device)
        (out.float() * noise["w"]).sum().backward()

    for model in (stock, zoo):
        model.requires_grad_(True)
        step(model)
    errors, missing = gradient_errors(zoo, stock)
    row.tolerance = GRAD_TOLERANCE(dtype)
    if missing:
        row.value = float("inf")
        row.detail = f"no gradient in {len(missing)} parameter(s) stock trains, e.g. {missing[0]}"
    elif not errors:
        raise ValueError(f"{row.model_class}: no parameter got a gradient in stock; nothing to compare")
    else:
        worst = max(errors, key=lambda name: (math.isnan(errors[name]), errors[name]))  # a NaN is the worst
        row.value = errors[worst]
        if row.value > row.tolerance:
            row.detail = f"worst: {worst}"
    row.status = "pass" if row.value <= row.tolerance else "FAIL"
    if device.type != "cpu":
        row.stock_ms = time_ms(lambda: step(stock), device)
        row.zoo_ms = time_ms(lambda: step(zoo), device)
        row.speedup = row.stock_ms / row.zoo_ms if row.zoo_ms else None
    return row
