"""The MoE training op (kernels/moe/grouped_train.py, wired in kernels/moe/torch_ops.py): grouped GEMMs with fused Triton
kernels between them. Each fused kernel against its PyTorch reference, then the op's output and its four
gradients against the fp32 reference backward (kernels/moe/backward.py: moe_backward_reference) over odd
shapes; on CPU the Triton kernels run under TRITON_INTERPRET and torch._grouped_mm on the CPU. Its compile
and Mixtral-shape GPU tests run beside the fused op's, in test_moe_grad.py.
"""

import pytest
import torch

from patchzoo.kernels.moe import backward as moe_backward, forward as moe, grouped_train as moe_train, torch_ops as moe_op
from test_moe_grad import GRAD_TOL, NAMES, ODD_CASES, all_to_one_expert, op_grads, random_grad
from test_moe_kernel import make_case, rel_err

FORWARD_TOL = {torch.float32: 1e-5, torch.float16: 1e-2, torch.bfloat16: 2e-2}


def references(monkeypatch):
    """Run the fused kernels' PyTorch references instead (the path off CUDA without the interpreter)."""
    monkeypatch.setattr(moe_train, "triton_runs_on", lambda device: False)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_fused_kernels_match_their_references(dtype, monkeypatch):
    g = torch.Generator().manual_seed(0)
    rows, intermediate, hidden, top_k = 6, 40, 24, 2
    gu = torch.randn(rows, 2 * intermediate, generator=g).to(dtype)
    dh = torch.randn(rows, intermediate, generator=g).to(dtype)
    w = torch.rand(rows, generator=g)
    perm = torch.randperm(rows, generator=g)
    inv = torch.empty_like(perm)
    inv[perm] = torch.arange(rows)
    ys = torch.randn(rows, hidden, generator=g).to(dtype)
    dout = torch.randn(rows // top_k, hidden, generator=g).to(dtype)

    def run_all():
        gu_, dh_ = gu.clone(), dh.clone()
        out = [moe_train.silu_mul(gu), moe_train.topk_sum(ys, inv, top_k), moe_train.topk_sum(ys, inv, top_k, scale=w),
               *moe_train.gather_dot(dout, ys, perm, top_k)]
        moe_train.silu_mul_backward_(gu_, dh_, w)
        return [*out, gu_, dh_]

    triton_out = run_all()
    references(monkeypatch)
    for got, ref in zip(triton_out, run_all()):
        assert got.dtype == ref.dtype and got.shape == ref.shape
        assert rel_err(got, ref) < FORWARD_TOL[dtype]


def train_grads(case, grad_out):
    return op_grads(case, grad_out, moe_op.moe_train_op)


@pytest.mark.parametrize("tokens,experts,top_k,hidden,intermediate,dtype,ids",
                         ODD_CASES + [(5, 4, 2, 16, 24, torch.float32, "one")])
def test_output_and_gradients_match_reference(tokens, experts, top_k, hidden, intermediate, dtype, ids):
    ids = all_to_one_expert(tokens) if ids == "one" else None
    case = make_case(tokens, experts, top_k, hidden, intermediate, dtype, "cpu", seed=tokens, ids=ids)
    assert moe_train.covers(hidden, intermediate, dtype)
    out = moe_op.moe_train_op(*case)
    assert rel_err(out, moe.moe_reference(*case)) < FORWARD_TOL[dtype]
    grad_out = random_grad(case)
    expected = moe_backward.moe_backward_reference(grad_out, *case)
    for name, got, ref, leaf in zip(NAMES, train_grads(case, grad_out), expected, case):
        assert got.shape == leaf.shape and got.dtype == leaf.dtype, name
        assert rel_err(got, ref) < GRAD_TOL[dtype], name
    if ids is not None:  # experts without tokens get zero weight gradients, not stale memory
        grads = train_grads(case, grad_out)
        assert not grads[1][1:3].any() and not grads[2][1:3].any()


def test_references_path_matches_too(monkeypatch):
    references(monkeypatch)
    case = make_case(7, 4, 2, 24, 40, torch.float32, "cpu", seed=3)
    grad_out = random_grad(case)
    expected = moe_backward.moe_backward_reference(grad_out, *case)
    for name, got, ref in zip(NAMES, train_grads(case, grad_out), expected):
        assert rel_err(got, ref) < GRAD_TOL[torch.float32], name


def test_shapes_grouped_gemms_cannot_take_are_not_covered():
    assert moe_train.covers(24, 40, torch.bfloat16) and moe_train.covers(24, 40, torch.float32)
    assert not moe_train.covers(20, 40, torch.bfloat16)  # 40 bytes a row
    assert moe_train.covers(20, 40, torch.float32) and not moe_train.covers(18, 40, torch.float32)


def test_results_are_bitwise_repeatable():
    case = make_case(17, 4, 2, 24, 40, torch.bfloat16, "cpu", seed=5)
    grad_out = random_grad(case)
    first, second = train_grads(case, grad_out), train_grads(case, grad_out)
    assert all(torch.equal(a, b) for a, b in zip(first, second))


def test_zero_tokens_give_empty_outputs_and_zero_weight_gradients():
    case = make_case(0, 4, 2, 16, 24, torch.float32, "cpu")
    grads = train_grads(case, random_grad(case))
    assert grads[0].shape == (0, 16) and grads[3].shape == (0, 2)
    assert grads[1].shape == case[1].shape and not grads[1].any() and not grads[2].any()


def test_gradients_accumulate_and_frozen_experts_get_none():
    case = make_case(5, 4, 2, 16, 24, torch.float32, "cpu", seed=2)
    *inputs, ids = case
    leaves = [t.clone().requires_grad_() for t in inputs]
    first = random_grad(case)
    moe_op.moe_train_op(*leaves, ids).backward(first)
    moe_op.moe_train_op(*leaves, ids).sum().backward()  # an expanded, stride-0 gradient
    once = moe_backward.moe_backward_reference(first + 1, *case)
    for name, leaf, ref in zip(NAMES, leaves, once):
        assert rel_err(leaf.grad, ref) < GRAD_TOL[torch.float32], name

    x, weights = inputs[0].clone().requires_grad_(), inputs[3].clone().requires_grad_()
    moe_op.moe_train_op(x, inputs[1], inputs[2], weights, ids).backward(first)
    expected = moe_backward.moe_backward_reference(first, *case)
    assert inputs[1].grad is None and rel_err(x.grad, expected[0]) < 1e-5 and rel_err(weights.grad, expected[3]) < 1e-5


def test_a_second_backward_over_the_same_graph_raises_instead_of_reading_a_consumed_activation():
    case = make_case(5, 4, 2, 16, 24, torch.float32, "cpu", seed=2)
    *inputs, ids = case
    leaves = [t.clone().requires_grad_() for t in inputs]
    out = moe_op.moe_train_op(*leaves, ids)
    out.sum().backward(retain_graph=True)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        out.sum().backward()


def test_backward_allocates_no_zero_gradients_for_the_saved_activations():
    """The op returns gu (S, 2I) and ys (S, H) for its backward; autograd must not hand the backward a zero
    gradient of each (a full-size allocation per layer that the backward never reads)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class ZeroFills(TorchDispatchMode):
        shapes = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if func.overloadpacket in (torch.ops.aten.zeros_like, torch.ops.aten.zeros, torch.ops.aten.new_zeros,
                                       torch.ops.aten.zero_, torch.ops.aten.fill_):
                self.shapes.append(tuple(out.shape))
            return out

    *inputs, ids = make_case(12, 4, 2, 16, 24, torch.float32, "cpu", seed=0)
    leaves = [t.clone().requires_grad_() for t in inputs]
    out = moe_op.moe_train_op(*leaves, ids)
    with ZeroFills() as mode:
        out.backward(torch.randn_like(out))
    slots = ids.numel()
    assert (slots, 2 * 24) not in mode.shapes and (slots, 16) not in mode.shapes, mode.shapes
    assert all(t.grad is not None for t in leaves)


def test_ops_pass_opcheck():
    case = make_case(5, 4, 2, 16, 24, torch.float32, "cpu", seed=4)
    inputs = [t.clone().requires_grad_() if t.is_floating_point() else t for t in case]
    torch.library.opcheck(torch.ops.patchzoo.moe_train_forward.default, inputs,
                          test_utils=("test_schema", "test_faketensor", "test_autograd_registration"))
    saved = moe_train.moe_train_forward(*case)[1:]
    for weight_grads in (True, False):
        args = (random_grad(case), *case[:4], saved[0].clone(), *saved[1:], weight_grads)
        torch.library.opcheck(torch.ops.patchzoo.moe_train_backward.default, args,
                              test_utils=("test_schema", "test_faketensor"))


# ---------------------------------------------------------------------------------------------------- GPU


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_odd_routing_on_gpu(dtype):
    """An expert with no tokens, every token to one expert, tokens 3 and 17."""
    for tokens, ids in ((3, None), (17, None), (9, "one")):
        ids = all_to_one_expert(tokens).cuda() if ids == "one" else None
        case = make_case(tokens, 4, 2, 256, 512, dtype, "cuda", seed=tokens, ids=ids)
        grad_out = random_grad(case)
        expected = moe_backward.moe_backward_reference(grad_out, *case)
        grads = train_grads(case, grad_out)
        for name, got, ref in zip(NAMES, grads, expected):
            assert rel_err(got, ref) < GRAD_TOL[dtype], (tokens, name)
        if ids is not None:
            assert not grads[1][1:3].any() and not grads[2][1:3].any()
