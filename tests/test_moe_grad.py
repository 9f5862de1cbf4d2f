"""Backward of the fused MoE op (kernels/moe/backward.py, wired in kernels/moe/torch_ops.py).

The reference backward is checked against autograd of the textbook per-token formula in fp64; the op's
gradients (Triton under TRITON_INTERPRET on CPU, compiled kernels on the GPU) against the reference.
"""

import json

import pytest
import torch
import torch.nn.functional as F

from patchzoo.kernels.moe import backward as moe_backward, forward as moe, routing as moe_routing, torch_ops as moe_op
from test_moe_kernel import make_case, rel_err

# Relative (norm) error. Triton's CPU interpreter rounds fp32 -> bf16 by truncation (seen with triton 3.9:
# half the values differ from torch's round-to-nearest), which doubles bf16 errors there.
GRAD_TOL = {torch.float32: 1e-5, torch.float16: 2e-2, torch.bfloat16: 3e-2}
NAMES = ("hidden", "gate_up_proj", "down_proj", "topk_weights")


def dense_moe(x, w1, w2, weights, ids):
    """out[t] = sum_k w[t,k] * W2[e] @ (silu(g) * u), one token and slot at a time (differentiable)."""
    intermediate = w2.shape[2]
    rows = []
    for t in range(x.shape[0]):
        row = torch.zeros_like(x[t])
        for k in range(ids.shape[1]):
            gate, up = (w1[ids[t, k]] @ x[t]).split(intermediate)
            row = row + weights[t, k] * (w2[ids[t, k]] @ (F.silu(gate) * up))
        rows.append(row)
    return torch.stack(rows)


def op_grads(case, grad_out, fn=moe_op.fused_moe):
    *inputs, ids = case
    leaves = [t.detach().clone().requires_grad_() for t in inputs]
    fn(*leaves, ids).backward(grad_out)
    return [t.grad for t in leaves]


def random_grad(case, seed=1):
    x = case[0]
    g = torch.Generator(device=x.device).manual_seed(seed)
    return torch.randn(x.shape, generator=g, device=x.device).to(x.dtype)


def test_reference_backward_matches_autograd_of_the_dense_formula():
    case = make_case(5, 4, 2, 12, 10, torch.float32, "cpu")
    grad_out = random_grad(case)
    expected = op_grads([t.double() if t.is_floating_point() else t for t in case], grad_out.double(), dense_moe)
    got = moe_backward.moe_backward_reference(grad_out, *case)
    for name, a, b in zip(NAMES, got, expected):
        torch.testing.assert_close(a.double(), b, rtol=1e-5, atol=1e-6, msg=name)


def all_to_one_expert(tokens):
    ids = torch.zeros(tokens, 2, dtype=torch.int64)
    ids[:, 1] = 3  # experts 1 and 2 get no tokens
    return ids


# (tokens, experts, top_k, hidden, intermediate, dtype, ids): odd token counts, sizes that are no multiple of a
# block, top-1 and top-2, and "one": experts 0 and 3 only (two experts with no tokens). test_moe_train_op.py too.
ODD_CASES = [
    (1, 8, 2, 48, 40, torch.float32, None),
    (3, 4, 1, 40, 72, torch.float16, None),
    (17, 4, 2, 24, 40, torch.bfloat16, None),
    (64, 4, 2, 40, 24, torch.float32, None),
    (9, 4, 2, 40, 24, torch.bfloat16, "one"),
]


@pytest.mark.parametrize("tokens,experts,top_k,hidden,intermediate,dtype,ids", ODD_CASES)
def test_op_gradients_match_reference(tokens, experts, top_k, hidden, intermediate, dtype, ids):
    ids = all_to_one_expert(tokens) if ids == "one" else None
    case = make_case(tokens, experts, top_k, hidden, intermediate, dtype, "cpu", seed=tokens, ids=ids)
    grad_out = random_grad(case)
    expected = moe_backward.moe_backward_reference(grad_out, *case)
    for name, got, ref, leaf in zip(NAMES, op_grads(case, grad_out), expected, case):
        assert got.shape == leaf.shape and got.dtype == leaf.dtype, name
        assert rel_err(got, ref) < GRAD_TOL[dtype], name


BACKWARD_CONFIGS = {
    "small": moe_backward.default_backward_config(1),
    "large": moe_backward.default_backward_config(4096),
    # one partial per token (top-1, no split): the dx kernel stores rows directly; tiles wider than the shapes
    "unsplit": moe_backward.BackwardConfig(
        32, moe.GemmTile(32, 32, 1, 4, 2), moe.GemmTile(32, 32, 1, 4, 2), moe_backward.WeightGradTile(32, 64, 16, 2, 4, 2)
    ),
    # the tuned tables' tiles (kernels/moe/configs/backward_moe_*.json) that the defaults do not already cover
    **{f"shipped{i}": c for i, c in enumerate(c for c in moe_backward.shipped_backward_configs()
                                              if c not in (moe_backward.default_backward_config(1),
                                                           moe_backward.default_backward_config(4096)))},
}


@pytest.mark.parametrize("config", list(BACKWARD_CONFIGS))
@pytest.mark.parametrize("top_k", [1, 2])
def test_backward_kernels_match_reference_at_every_config(config, top_k):
    ids = torch.tensor([[2, 0], [2, 1], [0, 2], [2, 0], [1, 2]])[:, :top_k]  # expert 3 gets nothing
    case = make_case(5, 4, top_k, 40, 24, torch.float32, "cpu", ids=ids)
    grad_out = random_grad(case)
    got = moe_backward.moe_backward(grad_out, *case, config=BACKWARD_CONFIGS[config])
    for name, a, b in zip(NAMES, got, moe_backward.moe_backward_reference(grad_out, *case)):
        assert rel_err(a, b) < GRAD_TOL[torch.float32], name
    assert torch.equal(got[1][3], torch.zeros_like(got[1][3])) and torch.equal(got[2][3], torch.zeros_like(got[2][3]))


def test_backward_kernels_are_deterministic_and_handle_zero_tokens():
    case = make_case(9, 4, 2, 24, 40, torch.bfloat16, "cpu")
    grad_out = random_grad(case)
    first = moe_backward.moe_backward(grad_out, *case)
    assert all(torch.equal(a, b) for a, b in zip(first, moe_backward.moe_backward(grad_out, *case)))
    empty = make_case(0, 4, 2, 24, 40, torch.bfloat16, "cpu")
    grads = op_grads(empty, random_grad(empty))
    assert [g.shape for g in grads] == [t.shape for t in empty[:4]] and not grads[1].any()


H100 = "NVIDIA H100 80GB HBM3"


@pytest.fixture
def gpu_named(monkeypatch):
    """Makes torch.device("cuda") look like the named GPU to the config lookup (CPU-only CI)."""
    def name(gpu):
        monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: gpu)
        moe.device_key.cache_clear()
    yield name
    moe.device_key.cache_clear()


def test_backward_tiles_come_from_the_gpus_table(gpu_named, monkeypatch):
    monkeypatch.delenv(moe_backward.CONFIG_ENV, raising=False)
    cuda, mixtral = torch.device("cuda"), (8, 14336)
    path = moe_backward.backward_config_path(*mixtral, torch.bfloat16, "NVIDIA_H100_80GB_HBM3")
    table = {int(b): moe_backward.BackwardConfig.from_dict(c) for b, c in json.loads(path.read_text())["configs"].items()}
    gpu_named(H100)
    for tokens, bucket in ((1, 64), (64, 64), (65, 16384), (16384, 16384), (40000, 16384)):
        for dtype in (torch.bfloat16, torch.float16):  # fp16 reads the bf16 table
            assert moe_backward.get_backward_config(tokens, *mixtral, dtype, cuda) == table[bucket]
    assert moe_backward.get_backward_config(16384, *mixtral, torch.float32, cuda) == moe_backward.default_backward_config(16384)
    assert moe_backward.get_backward_config(16384, 8, 1024, torch.bfloat16, cuda) == moe_backward.default_backward_config(16384)
    pinned = BACKWARD_CONFIGS["unsplit"]
    monkeypatch.setenv(moe_backward.CONFIG_ENV, json.dumps(pinned.to_dict()))
    assert moe_backward.get_backward_config(16384, *mixtral, torch.bfloat16, cuda) == pinned
    monkeypatch.delenv(moe_backward.CONFIG_ENV)
    gpu_named("NVIDIA A100-SXM4-80GB")  # another GPU: the defaults (tuned tiles may not fit its shared memory)
    assert moe_backward.get_backward_config(16384, *mixtral, torch.bfloat16, cuda) == moe_backward.default_backward_config(16384)


def test_expert_run_starts_follow_the_routing():
    ids = torch.tensor([[3, 0], [3, 0], [0, 3]])
    routing = moe_routing.align(ids, 5, 16)
    starts = moe_backward.expert_run_starts(routing, 5).tolist()
    assert starts == [0, 16, 16, 16, 32, 32]


def test_eager_path_records_the_backward_only_when_grad_is_needed():
    x, w1, w2, weights, ids = make_case(3, 2, 2, 16, 24, torch.float32, "cpu")
    assert moe_op.moe_eager(x, w1, w2, weights, ids).grad_fn is None
    w1.requires_grad_()
    assert moe_op.moe_eager(x, w1, w2, weights, ids).grad_fn is not None
    with torch.no_grad():
        assert moe_op.moe_eager(x, w1, w2, weights, ids).grad_fn is None


def test_frozen_experts_skip_their_weight_gradients(monkeypatch):
    case = make_case(3, 2, 2, 16, 24, torch.float32, "cpu")
    x, w1, w2, weights, ids = case
    leaves = [x.clone().requires_grad_(), weights.clone().requires_grad_()]
    launches = []
    monkeypatch.setattr(moe_backward, "launch_expert_weight_grad", lambda *a, **k: launches.append(a))
    grad_out = random_grad(case)
    moe_op.moe_eager(leaves[0], w1, w2, leaves[1], ids).backward(grad_out)
    assert not launches and w1.grad is None
    expected = moe_backward.moe_backward_reference(grad_out, *case)
    assert rel_err(leaves[0].grad, expected[0]) < GRAD_TOL[torch.float32]
    assert rel_err(leaves[1].grad, expected[3]) < GRAD_TOL[torch.float32]


def test_gradients_accumulate_over_two_backwards():
    """The second backward is out.sum()'s: an expanded, stride-0 gradient."""
    case = make_case(3, 2, 2, 16, 24, torch.float32, "cpu")
    *inputs, ids = case
    leaves = [t.clone().requires_grad_() for t in inputs]
    first = random_grad(case)
    moe_op.moe_eager(*leaves, ids).backward(first)
    moe_op.moe_eager(*leaves, ids).sum().backward()
    once = moe_backward.moe_backward_reference(first + 1, *case)
    for name, leaf, ref in zip(NAMES, leaves, once):
        assert rel_err(leaf.grad, ref) < GRAD_TOL[torch.float32], name


def test_backward_op_passes_opcheck():
    case = make_case(3, 2, 2, 16, 24, torch.float32, "cpu")
    for weight_grads in (True, False):
        torch.library.opcheck(torch.ops.patchzoo.fused_moe_backward.default, (random_grad(case), *case, weight_grads))
    inputs = [t.clone().requires_grad_() if t.is_floating_point() else t for t in case]
    torch.library.opcheck(torch.ops.patchzoo.fused_moe.default, inputs, test_utils=("test_autograd_registration",))


# Both ops that autograd records for the MoE: the fused op (Triton backward) and the grouped-GEMM training op
# (kernels/moe/grouped_train.py, whose own tests are in test_moe_train_op.py).
OPS = {"fused": moe_op.fused_moe, "train": moe_op.moe_train_op}


@pytest.mark.parametrize("op", list(OPS))
def test_forward_and_backward_trace_with_fullgraph_compile(op):
    case = make_case(3, 2, 2, 16, 24, torch.float32, "cpu")
    grad_out = random_grad(case)
    compiled = torch.compile(lambda *a: OPS[op](*a) * 2, backend="aot_eager", fullgraph=True)
    expected = moe_backward.moe_backward_reference(2 * grad_out, *case)
    for name, got, ref in zip(NAMES, op_grads(case, grad_out, compiled), expected):
        assert rel_err(got, ref) < GRAD_TOL[torch.float32], name


# ---------------------------------------------------------------------------------------------------- GPU

MIXTRAL = dict(experts=8, top_k=2, hidden=4096, intermediate=14336)


@pytest.mark.gpu
@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("tokens", [1, 37, 1024])
def test_mixtral_shape_gradients_on_gpu(tokens, dtype, op):
    case = make_case(tokens, **MIXTRAL, dtype=dtype, device="cuda", seed=tokens)
    assert rel_err(OPS[op](*case), moe.moe_reference(*case)) < GRAD_TOL[dtype]
    grad_out = random_grad(case)
    expected = moe_backward.moe_backward_reference(grad_out, *case)
    grads = op_grads(case, grad_out, OPS[op])
    for name, got, ref in zip(NAMES, grads, expected):
        assert torch.isfinite(got).all() and rel_err(got, ref) < GRAD_TOL[dtype], name
    assert all(torch.equal(a, b) for a, b in zip(grads, op_grads(case, grad_out, OPS[op]))), "not deterministic"


@pytest.mark.gpu
@pytest.mark.parametrize("op", list(OPS))
def test_backward_compiles_with_inductor_on_gpu(op):
    case = make_case(300, 8, 2, 256, 512, torch.bfloat16, "cuda")
    grad_out = random_grad(case)
    compiled = torch.compile(lambda *a: OPS[op](*a) * 2, fullgraph=True)
    expected = moe_backward.moe_backward_reference(2 * grad_out, *case)
    for name, got, ref in zip(NAMES, op_grads(case, grad_out, compiled), expected):
        assert rel_err(got, ref) < GRAD_TOL[torch.bfloat16], name
