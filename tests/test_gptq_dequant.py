"""GPTQ at many tokens: the dequantize kernel against its reference and the format's reading, the routing of
gptq_matmul (dequantize + cuBLAS from DEQUANT_MIN_TOKENS tokens, the fused kernel below and with a pinned config),
and the routed results against the dequantize-then-matmul oracle. CPU: Triton's interpreter (conftest)."""

import pytest
import torch

from patchzoo.kernels.gptq import dequantize as D
from patchzoo.kernels.gptq import matmul as G

TOLERANCE = {torch.float16: 2e-3, torch.bfloat16: 1e-2}  # max|error| / max|reference|, as the kernel tests'


def random_layer(k, n, group_size, act_order, seed=0, bits=4):
    gen = torch.Generator().manual_seed(seed)
    groups = 1 if group_size == -1 else -(-k // group_size)
    codes = torch.randint(0, 2**bits, (k, n), generator=gen)
    qzeros = G.pack_cols(torch.randint(0, 2**bits - 1, (groups, n), generator=gen), bits)
    scales = (torch.rand(groups, n, generator=gen) * 0.02 + 0.002).half()
    g_idx = G.sorted_group_index(k, group_size)
    if act_order:
        g_idx = g_idx[torch.randperm(k, generator=gen)]
    return G.pack_rows(codes, bits), qzeros, scales, g_idx


def kernel_tensors(qweight, qzeros, scales, g_idx, act_order, bits=4):
    """What GPTQLinear.prepare() holds: rows sorted by group (act-order) with perm, and scale_zero."""
    order = torch.argsort(g_idx, stable=True) if act_order else None
    return (G.to_kernel_layout(qweight, bits, order), G.pack_scale_zero(qzeros, scales, bits, 1),
            None if order is None else order.int())


# groups: one per chunk of 128 rows, two per chunk, one spanning two chunks, a single group over rows that are not a
# whole chunk (160), groups that straddle chunks (48); 8-bit codes (chunks of 64 rows) once each way
@pytest.mark.parametrize("k,n,group_size,bits", [(256, 64, 128, 4), (384, 96, 64, 4), (512, 160, 256, 4),
                                                 (160, 32, -1, 4), (192, 48, 48, 4), (192, 64, 64, 8),
                                                 (200, 32, 40, 8)])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
def test_dequantize_kernel_equals_reference_and_format(k, n, group_size, bits, dtype):
    qweight, qzeros, scales, g_idx = random_layer(k, n, group_size, act_order=False, seed=k, bits=bits)
    kernel_qweight, scale_zero, _ = kernel_tensors(qweight, qzeros, scales, g_idx, False, bits)
    args = dict(k=k, bits=bits, group_size=group_size, scale_dtype=scales.dtype, dtype=dtype)
    weight = D.dequantize_kernel_layout(kernel_qweight, scale_zero, **args)
    expected = D.dequantize_kernel_layout_reference(kernel_qweight, scale_zero, **args)
    assert weight.shape == (k, n) and weight.dtype == dtype
    if dtype == torch.float16:
        assert torch.equal(weight, expected)  # one fp32 product, one rounding: bit for bit
    else:  # Triton's interpreter rounds fp32 -> bf16 its own way (the GPU rounds to nearest): within one bf16 step
        torch.testing.assert_close(weight, expected, rtol=2**-7, atol=0)
    oracle = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=bits)  # read from the HF format
    torch.testing.assert_close(weight.float(), oracle, rtol=1e-2 if dtype == torch.bfloat16 else 1e-3, atol=0)


def test_dequantize_per_row_groups():
    k, n = 256, 32
    qweight, qzeros, scales, g_idx = random_layer(k, n, 64, act_order=True, seed=3)
    kernel_qweight, scale_zero, _ = kernel_tensors(qweight, qzeros, scales, g_idx, False)  # rows as stored
    args = dict(k=k, bits=4, group_size=64, scale_dtype=scales.dtype, dtype=torch.float16, g_idx=g_idx)
    assert torch.equal(D.dequantize_kernel_layout(kernel_qweight, scale_zero, **args),
                       D.dequantize_kernel_layout_reference(kernel_qweight, scale_zero, **args))


@pytest.mark.parametrize("act_order", [False, True], ids=["in_order", "act_order"])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
def test_routed_matmul_above_threshold_equals_oracle(monkeypatch, act_order, dtype):
    monkeypatch.setattr(D, "DEQUANT_MIN_TOKENS", 24)
    k, n, m = 256, 64, 24
    qweight, qzeros, scales, g_idx = random_layer(k, n, 128, act_order, seed=m)
    kernel_qweight, scale_zero, perm = kernel_tensors(qweight, qzeros, scales, g_idx, act_order)
    x = torch.randn(m, k, dtype=dtype, generator=torch.Generator().manual_seed(1))
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    calls = []
    real = D.dequantized_matmul
    monkeypatch.setattr(D, "dequantized_matmul", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, perm=perm, scale_zero=scale_zero)
    assert calls == [1]
    assert y.shape == (m, n) and y.dtype == dtype
    assert float((y.float() - ref).abs().max() / ref.abs().max()) < TOLERANCE[dtype]


def test_routing_threshold_config_and_dtype(monkeypatch):
    """Below the threshold, with a pinned config (the tuner), with fp32 x or with the threshold at 0: the fused
    kernel; from the threshold up: dequantize + matmul."""
    monkeypatch.setattr(D, "DEQUANT_MIN_TOKENS", 8)
    k, n = 128, 32
    qweight, qzeros, scales, g_idx = random_layer(k, n, 128, act_order=False)
    kernel_qweight, scale_zero, _ = kernel_tensors(qweight, qzeros, scales, g_idx, False)
    calls = []
    monkeypatch.setattr(D, "dequantized_matmul", lambda x, *a, **kw: calls.append(x.shape[0]) or x.new_zeros(x.shape[0], n))

    def run(m, dtype=torch.float16, **kw):
        x = torch.randn(m, k, dtype=dtype)
        G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, scale_zero=scale_zero, **kw)

    run(7)
    run(8)
    run(9, config=G.KernelConfig(block_m=16, block_n=32, split_k=1))
    run(9, dtype=torch.float32)
    assert calls == [8]
    monkeypatch.setattr(D, "DEQUANT_MIN_TOKENS", 0)
    run(64)
    assert calls == [8]


def test_gptq_linear_prefill_equals_decode_path(monkeypatch):
    """A GPTQLinear gives the same outputs (to the tolerance) on the routed path and the fused kernel."""
    from patchzoo.patches.gptq_linear import GPTQLinear, GPTQSpec

    k, n, m = 256, 64, 16
    qweight, qzeros, scales, g_idx = random_layer(k, n, 128, act_order=True, seed=5)
    layer = GPTQLinear(k, n, True, GPTQSpec(bits=4, group_size=128, desc_act=True))
    layer.load_state_dict({"qweight": qweight, "qzeros": qzeros, "scales": scales, "g_idx": g_idx,
                           "bias": torch.randn(n).half()})
    layer.prepare()
    x = torch.randn(2, m // 2, k, dtype=torch.float16)
    monkeypatch.setenv("TRITON_INTERPRET", "1")
    fused = layer(x)
    monkeypatch.setattr(D, "DEQUANT_MIN_TOKENS", m)
    routed = layer(x)
    assert routed.shape == fused.shape == (2, m // 2, n)
    assert float((routed.float() - fused.float()).abs().max() / fused.float().abs().max()) < TOLERANCE[torch.float16]


@pytest.mark.gpu
@pytest.mark.parametrize("k,n", [(4096, 11008), (11008, 4096)])
@pytest.mark.parametrize("act_order", [False, True], ids=["in_order", "act_order"])
def test_dequant_path_real_sizes_gpu(k, n, act_order):
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(k, n, 128, act_order))
    kernel_qweight, scale_zero, perm = kernel_tensors(qweight, qzeros, scales, g_idx, act_order)
    x = torch.randn(1024, k, dtype=torch.float16, device="cuda")
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    routed = D.dequantized_matmul(x, kernel_qweight, scale_zero, bits=4, group_size=128, scale_dtype=scales.dtype,
                                  perm=perm)
    fused = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, perm=perm, scale_zero=scale_zero,
                          config=G.KernelConfig(block_m=64, block_n=128, split_k=1, num_warps=8))
    for y in (routed, fused):
        assert float((y.float() - ref).abs().max() / ref.abs().max()) < TOLERANCE[torch.float16]
