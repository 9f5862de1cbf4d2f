"""The zoo T5 feed-forward in float16: every intermediate held up to its stated bound, forward and backward.

Stress model: the tiny FLAN preset with wi_0 and wi_1 multiplied by 150, so that in float32 the gated
product gelu(wi_0 x) · wi_1 x reaches 1.6e5 (> 2 · 65504, checked below); wi outputs reach ~600. Stock
float16 (default loading, wo in float32) and stock under float16 autocast overflow in the product and
return inf/NaN logits and NaN gradients; the zoo, with float16 weights or under autocast, stays within:

- logits: max |Δ| <= 1e-2 · max |float32 logits| (the bound of tests/test_t5.py; measured ~2e-3);
- gradients, per parameter: ||Δ|| <= 2e-2 · ||float32 gradient|| (measured 8e-3 float16 weights, 1.0e-2
  autocast). A norm, not the largest element: float16 rounds the inputs of the stressed GEMMs, so the
  pre-activations land ~0.05 off, which moves gelu'(a) by up to 0.02 in its transition band |a| < 5 and
  shows in a few elements (largest-element error 4.5e-2 on decoder wi_0; the unstressed model: 3e-3).
  That this is float16 rounding, not the scaling, is test_scaling_does_not_change_the_result: the scaled
  feed-forward gives the unscaled one's values and gradients where neither overflows.
"""

import copy

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import t5 as zoo_t5
from patchzoo.tiny.build import tiny_model

FP16_MAX = torch.finfo(torch.float16).max
LOGIT_TOLERANCE = 1e-2
GRADIENT_TOLERANCE = 2e-2
STRESS = 150.0


def stress_model() -> transformers.T5ForConditionalGeneration:
    model = tiny_model("t5")
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, transformers.models.t5.modeling_t5.T5DenseGatedActDense):
                module.wi_0.weight.mul_(STRESS)
                module.wi_1.weight.mul_(STRESS)
    return model


def stress_batch() -> dict:
    g = torch.Generator().manual_seed(0)
    return dict(input_ids=torch.randint(4, 512, (4, 24), generator=g), labels=torch.randint(4, 512, (4, 8), generator=g))


def stock_fp16(model):
    """What transformers' from_pretrained(dtype=float16) gives: float16, wo kept in float32."""
    model = copy.deepcopy(model).half()
    for name, module in model.named_modules():
        if name.rsplit(".", 1)[-1] in model._keep_in_fp32_modules:
            module.float()
    return model


def variants(model) -> dict:
    """name -> (model, autocast on?) for the float16 ways to run ``model``."""
    return {
        "zoo_fp16": (patchzoo.patch(copy.deepcopy(model)).half(), False),
        "zoo_autocast": (patchzoo.patch(copy.deepcopy(model)), True),
        "stock_fp16": (stock_fp16(model), False),
        "stock_autocast": (copy.deepcopy(model), True),
    }


def run(model, inputs: dict, device, autocast: bool, loss_scale: float | None = None):
    """(logits as float32, {name: gradient / loss_scale as float32} or None)."""
    model = model.to(device).train(loss_scale is not None)
    inputs = {k: v.to(device) for k, v in inputs.items()}
    with torch.autocast(device.type, dtype=torch.float16, enabled=autocast):
        out = model(**inputs)
    grads = None
    if loss_scale is not None:
        (out.loss.float() * loss_scale).backward()
        grads = {n: p.grad.float().cpu() / loss_scale for n, p in model.named_parameters() if p.grad is not None}
    return out.logits.detach().float().cpu(), grads


def relative_error(x: torch.Tensor, reference: torch.Tensor) -> float:
    if not torch.isfinite(x).all():
        return float("inf")
    return ((x - reference).abs().max() / reference.abs().max()).item()


def largest_gated_product(model, inputs: dict) -> float:
    """max |gelu(wi_0 x) · wi_1 x| over every feed-forward, in float32."""
    largest = []

    def hook(module, args, output):
        x = args[0]
        largest.append((module.act(module.wi_0(x)) * module.wi_1(x)).abs().max().item())

    handles = [m.register_forward_hook(hook) for m in model.modules() if isinstance(m, transformers.models.t5.modeling_t5.T5DenseGatedActDense)]
    with torch.no_grad():
        model(**inputs)
    for handle in handles:
        handle.remove()
    return max(largest)


def test_stress_overflows_stock_fp16_not_the_zoo(device):
    model, inputs = stress_model(), stress_batch()
    assert largest_gated_product(model, inputs) > 2 * FP16_MAX  # the stress is real
    reference, _ = run(copy.deepcopy(model), inputs, device, autocast=False)
    errors = {name: relative_error(run(m, inputs, device, autocast)[0], reference) for name, (m, autocast) in variants(model).items()}
    assert errors["zoo_fp16"] < LOGIT_TOLERANCE and errors["zoo_autocast"] < LOGIT_TOLERANCE, errors
    assert errors["stock_fp16"] == float("inf") and errors["stock_autocast"] == float("inf"), errors


def test_stress_gradients_finite_and_close_to_fp32(device):
    model, inputs = stress_model(), stress_batch()
    _, reference = run(copy.deepcopy(model), inputs, device, autocast=False, loss_scale=1.0)
    for name, (m, autocast) in variants(model).items():
        # A static loss scale, as GradScaler would settle on: float16 gradients of this loss underflow without one.
        _, grads = run(m, inputs, device, autocast, loss_scale=1024.0)
        assert grads.keys() == reference.keys()
        finite = all(torch.isfinite(g).all() for g in grads.values())
        if name.startswith("stock"):
            assert not finite, name
            continue
        assert finite, name
        errors = {n: ((grads[n] - reference[n]).norm() / reference[n].norm()).item() for n in reference if reference[n].norm() > 0}
        worst = max(errors, key=errors.get)
        assert errors[worst] < GRADIENT_TOLERANCE, (name, worst, errors[worst])


def gated_ff(scale: int, autocast: bool) -> zoo_t5.T5DenseGatedActDense:
    config = transformers.T5Config(d_model=64, d_ff=128, feed_forward_proj="gated-gelu", dropout_rate=0.0)
    torch.manual_seed(0)
    ff = zoo_t5.T5DenseGatedActDense(config)
    ff.fp16_scale = scale
    return ff if autocast else ff.half()


@pytest.mark.parametrize("autocast", [False, True])
def test_scaling_does_not_change_the_result(autocast, device):
    """Where nothing overflows, scale 8 gives scale 1's values and gradients: powers of two scale exactly
    (up to the few inputs / 8 that fall into float16's subnormal range)."""
    x = torch.randn(2, 16, 64, device=device)
    outs = {}
    for scale in (1, 8):
        ff = gated_ff(scale, autocast).to(device)
        xs = (x if autocast else x.half()).clone().requires_grad_()
        with torch.autocast(device.type, dtype=torch.float16, enabled=autocast):
            y = ff(xs)
        assert y.dtype == torch.float32
        y.backward(torch.ones_like(y))
        outs[scale] = (y.detach(), xs.grad.float(), ff.wi_0.weight.grad.float(), ff.wo.weight.grad.float())
    for a, b in zip(outs[1], outs[8]):
        torch.testing.assert_close(a, b, rtol=2e-3, atol=1e-3 * b.abs().max().item())


def one_path_ff(pre_activations: tuple[float, float]) -> zoo_t5.T5DenseGatedActDense:
    """A float16 gated feed-forward whose input of ones gives (wi_0 x, wi_1 x) = ``pre_activations`` at
    position 0 of d_ff (0 elsewhere) and wo output = that position's product (wo[:, 0] = 1)."""
    ff = gated_ff(8, autocast=False)
    with torch.no_grad():
        for linear in (ff.wi_0, ff.wi_1, ff.wo):
            linear.weight.zero_()
        d_model = ff.wi_0.in_features
        ff.wi_0.weight[0] = pre_activations[0] / d_model
        ff.wi_1.weight[0] = pre_activations[1] / d_model
        ff.wo.weight[:, 0] = 1.0
    return ff


@pytest.mark.parametrize("factor, holds", [(0.9, True), (1.1, False)])
@pytest.mark.parametrize("bound", ["pre-activation", "product"])
def test_feed_forward_holds_up_to_its_stated_range(bound, factor, holds):
    """The stated range at s = 8: wi_0 x, wi_1 x up to s · 65504 (5.2e5); the gated product and wo's output
    up to s² · 65504 (4.2e6). 0.9 of the bound comes out finite and right; 1.1 of it overflows (the bound is
    tight, not a margin). Stock float16 overflows at 65504 in both cases."""
    scale = 8
    if bound == "pre-activation":
        pre = (factor * scale * FP16_MAX, 1.0)  # product = wo output = the pre-activation itself
    else:
        root = (factor * scale * scale * FP16_MAX) ** 0.5
        pre = (root, root)  # each within the pre-activation bound, their product at factor · s² · 65504
    ff = one_path_ff(pre)
    x = torch.ones(1, 1, ff.wi_0.in_features, dtype=torch.float16)
    with torch.no_grad():
        y = ff(x).reshape(-1)  # float32, stock's values
        w0, w1 = ff.wi_0.weight[0].float(), ff.wi_1.weight[0].float()  # float16-rounded weights, in float32
        expected = torch.nn.functional.relu(w0.sum()) * w1.sum()  # GeLU == ReLU at these sizes
        stock = transformers.models.t5.modeling_t5.T5DenseGatedActDense.forward(ff, x).float().reshape(-1)
    assert expected > FP16_MAX and not torch.isfinite(stock).all()
    assert bool(torch.isfinite(y).all()) is holds
    if holds:
        torch.testing.assert_close(y, expected.expand_as(y), rtol=2e-3, atol=0)


def test_patched_stock_fp16_model_keeps_its_fp32_wo_and_the_range(device):
    """patchzoo.patch() on a model stock loaded in float16 (wo left in float32): the scaled feed-forward
    casts its product to wo's dtype as stock does, and still holds the stress."""
    model, inputs = stress_model(), stress_batch()
    reference, _ = run(copy.deepcopy(model), inputs, device, autocast=False)
    patched = patchzoo.patch(stock_fp16(model))
    assert patched.encoder.block[0].layer[1].DenseReluDense.wo.weight.dtype == torch.float32
    assert relative_error(run(patched, inputs, device, autocast=False)[0], reference) < LOGIT_TOLERANCE


def test_ungated_relu_feed_forward_holds_past_fp16_max(device):
    """T5 v1.0's ungated ReLU feed-forward (wi -> relu -> wo): wi x and wo's output may reach s · 65504.
    wi multiplied by 4e4 takes wi x past 65504 in float32 (checked); stock float16 overflows, the zoo does not;
    float32 is still stock's computation exactly."""
    config = transformers.T5Config(
        vocab_size=512, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=2, num_heads=4,
        feed_forward_proj="relu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0, eos_token_id=1,
        decoder_start_token_id=0,
    )
    torch.manual_seed(0)
    model = transformers.T5ForConditionalGeneration(config).eval()
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, transformers.models.t5.modeling_t5.T5DenseActDense):
                module.wi.weight.mul_(4e4)
    inputs = stress_batch()
    largest = []
    handles = [m.wi.register_forward_hook(lambda mod, args, out: largest.append(out.abs().max().item()))
               for m in model.modules() if isinstance(m, transformers.models.t5.modeling_t5.T5DenseActDense)]
    reference, _ = run(model, inputs, device, autocast=False)
    for handle in handles:
        handle.remove()
    assert FP16_MAX < max(largest) < 8 * FP16_MAX
    zoo = patchzoo.patch(copy.deepcopy(model))
    assert type(zoo.encoder.block[0].layer[1].DenseReluDense) is zoo_t5.T5DenseActDense
    assert torch.equal(run(copy.deepcopy(zoo), inputs, device, autocast=False)[0], reference)
    assert relative_error(run(zoo.half(), inputs, device, autocast=False)[0], reference) < LOGIT_TOLERANCE
    assert relative_error(run(stock_fp16(model), inputs, device, autocast=False)[0], reference) > 3 * LOGIT_TOLERANCE
