"""Programmatic dependent launch (patchzoo/kernels/dependent_launch.py): when it is on, and that the kernels launched
that way compute the same bits as plain launches, alone and back to back inside a CUDA graph."""

import pytest
import torch

from patchzoo.kernels import dependent_launch as D
from patchzoo.kernels.decode_attention import decode_attention
from patchzoo.kernels.decode_step import add_rms_norm, rope_write_kv
from patchzoo.kernels.gptq import matmul as G
from patchzoo.kernels.rms_norm import rms_norm_forward
from patchzoo.kernels.rope import rope
from patchzoo.kernels.swiglu import swiglu_forward
from tests.test_gptq_kernel import random_layer


def test_off_on_cpu_under_the_interpreter_and_when_switched_off(monkeypatch):
    monkeypatch.delenv(D.DEPENDENT_LAUNCH_ENV, raising=False)
    assert not D.dependent_launch(torch.device("cpu"))  # the interpreter: no griddepcontrol to run
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    monkeypatch.setattr(D, "_capable", lambda index: True)
    assert D.dependent_launch(torch.device("cuda", 0))
    monkeypatch.setenv(D.DEPENDENT_LAUNCH_ENV, "0")
    assert not D.dependent_launch(torch.device("cuda", 0))
    monkeypatch.delenv(D.DEPENDENT_LAUNCH_ENV)
    monkeypatch.setattr(D, "_capable", lambda index: False)  # before sm_90
    assert not D.dependent_launch(torch.device("cuda", 0))


def _step_kernels(layer, x, cache):
    """One layer's worth of the decode step's kernels, each reading the one before: what a graph chains."""
    qweight, qzeros, scales = layer
    keys, values, position, arrivals, mask, cos, sin = cache
    residual, normed = add_rms_norm(x, x * 0.5, torch.ones_like(x[0]), 1e-5)
    normed = rms_norm_forward(normed, torch.ones_like(x[0]), 1e-5)[0]
    projected = G.gptq_matmul(normed, qweight, qzeros, scales, bits=4, group_size=128)
    b, heads, kv_heads, dim = x.shape[0], 8, 2, 64
    q = projected[:, : heads * dim].view(b, 1, heads, dim).transpose(1, 2)
    k = projected[:, heads * dim: (heads + kv_heads) * dim].view(b, 1, kv_heads, dim).transpose(1, 2)
    v = projected[:, (heads + kv_heads) * dim:].view(b, 1, kv_heads, dim).transpose(1, 2)
    q2, k2 = rope(q, k, cos, sin)
    q = rope_write_kv(q, k, v, cos, sin, keys, values, position, arrivals)
    attended = decode_attention(q, keys, values, mask, position, dim ** -0.5).reshape(b, -1)
    gated = swiglu_forward(attended[:, :256], attended[:, 256:])
    return torch.cat([residual.float().flatten(), gated.float().flatten(), q2.float().flatten(),
                      k2.float().flatten(), keys.float().flatten(), values.float().flatten()])


@pytest.mark.gpu
def test_dependent_launches_compute_plain_launches_bits_gpu(monkeypatch):
    if not D.dependent_launch(torch.device("cuda")):
        pytest.skip("dependent launches need compute capability 9.0")
    b, k, n, slots = 2, 512, (8 + 2 + 2) * 64, 64
    packed, qzeros, scales, _ = random_layer(k, n, 128)
    qweight = G.to_kernel_layout(packed.cuda(), 4)
    layer = (qweight, qzeros.cuda(), scales.cuda())
    x = torch.randn(b, k, dtype=torch.float16, device="cuda")
    angles = torch.randn(b, 1, 64, device="cuda")

    def fresh_cache():
        keys = torch.randn(b, 2, slots, 64, dtype=torch.float16, device="cuda")
        mask = torch.zeros(b, 1, 1, slots, dtype=torch.bool, device="cuda")
        mask[..., :11] = True
        return (keys, keys.clone() * 0.5, torch.tensor(10, device="cuda"), torch.zeros((), dtype=torch.int32,
                device="cuda"), mask, angles.cos().half(), angles.sin().half())

    torch.manual_seed(0)
    cache = fresh_cache()
    dependent = _step_kernels(layer, x, cache)
    torch.manual_seed(0)
    graph_cache = fresh_cache()
    _step_kernels(layer, x, graph_cache)  # compile before the capture
    graph_cache[2].fill_(10)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        graphed = _step_kernels(layer, x, graph_cache)
    graph_cache[2].fill_(10)
    graph.replay()
    monkeypatch.setenv(D.DEPENDENT_LAUNCH_ENV, "0")
    torch.manual_seed(0)
    plain = _step_kernels(layer, x, fresh_cache())
    assert torch.equal(dependent, plain) and torch.equal(graphed, plain)
    assert int(cache[2]) == 11 and int(graph_cache[2]) == 11  # each call advanced the write position once


def test_benchmark_variant_launches_plainly_then_restores(tmp_path, monkeypatch):
    """bench_gptq's "(plain launches)" serving name turns dependent launches off, drops the GPTQ layers' launch plans
    (they keep their first call's launch mode), and the next name turns them back on."""
    import patchzoo
    from benchmarks.bench_gptq import set_step_variant
    from patchzoo.testing import tiny_gptq_checkpoint

    monkeypatch.delenv(D.DEPENDENT_LAUNCH_ENV, raising=False)
    model = patchzoo.LlamaForCausalLM.from_pretrained(tiny_gptq_checkpoint(tmp_path / "gptq"), dtype=torch.float16)
    layers = [module for module in model.modules() if hasattr(module, "launch_plans")]
    assert layers
    for layer in layers:
        layer.launch_plans["stale"] = object()
    set_step_variant(model, "patchzoo GPTQ (plain launches)")
    assert D.os.environ[D.DEPENDENT_LAUNCH_ENV] == "0" and not any(layer.launch_plans for layer in layers)
    assert model.decode_kernels and model.fused_decode_step
    set_step_variant(model, "patchzoo GPTQ (unfused step)")
    assert D.DEPENDENT_LAUNCH_ENV not in D.os.environ and not model.fused_decode_step
