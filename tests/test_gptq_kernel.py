"""GPTQ kernel: the packed format against an independent reading of it, and the fused Triton kernel
against the dequantize-then-matmul reference over shapes, group sizes, act-order, dtypes and SplitK.

On CPU the kernel runs under TRITON_INTERPRET=1 (conftest) on small shapes; `pytest -m gpu` runs real sizes.
"""

import copy
import pickle

import pytest
import torch

from patchzoo.kernels.gptq import launch_configs
from patchzoo.kernels.gptq import matmul as G

TOLERANCE = {torch.float16: 2e-3, torch.bfloat16: 1e-2, torch.float32: 1e-5}  # max|error| / max|reference|


def read_qweight_by_hand(qweight: torch.Tensor, bits: int) -> torch.Tensor:
    """The HF GPTQ layout read one word at a time: row i * (32 / bits) + j is bits [j*bits, (j+1)*bits) of word i."""
    per_word, mask = 32 // bits, (1 << bits) - 1
    words, cols = qweight.shape
    out = torch.empty(words * per_word, cols, dtype=torch.int64)
    for i in range(words):
        for n in range(cols):
            word = int(qweight[i, n]) & 0xFFFFFFFF
            for j in range(per_word):
                out[i * per_word + j, n] = (word >> (bits * j)) & mask
    return out


def read_qzeros_by_hand(qzeros: torch.Tensor, bits: int) -> torch.Tensor:
    """qzeros packs along columns: column w * (32 / bits) + j is slot j of word w of its row."""
    return read_qweight_by_hand(qzeros.t().contiguous(), bits).t()


def random_layer(k, n, group_size, bits=4, act_order=False, seed=0):
    """Random packed tensors of a layer and the g_idx a GPTQ writer would give it."""
    gen = torch.Generator().manual_seed(seed)
    groups = 1 if group_size == -1 else -(-k // group_size)
    codes = torch.randint(0, 2**bits, (k, n), generator=gen)
    stored_zeros = torch.randint(0, 2**bits - 1, (groups, n), generator=gen)  # v1: zero - 1
    scales = (torch.rand(groups, n, generator=gen) * 0.02 + 0.002).half()
    g_idx = G.sorted_group_index(k, group_size)
    if act_order:
        g_idx = g_idx[torch.randperm(k, generator=gen)]
    return G.pack_rows(codes, bits), G.pack_cols(stored_zeros, bits), scales, g_idx


def relative_error(y: torch.Tensor, ref: torch.Tensor) -> float:
    return float((y.float() - ref.float()).abs().max() / ref.float().abs().max())


@pytest.mark.parametrize("bits", [4, 8])
def test_packing_matches_independent_reading(bits):
    gen = torch.Generator().manual_seed(bits)
    codes = torch.randint(0, 2**bits, (32, 24), generator=gen)  # top slots set: sign bit of the int32 used
    packed = G.pack_rows(codes, bits)
    assert packed.dtype == torch.int32 and packed.shape == (32 * bits // 32, 24)
    assert torch.equal(read_qweight_by_hand(packed, bits), codes)
    assert torch.equal(G.unpack_rows(packed, bits).long(), codes)
    zeros = torch.randint(0, 2**bits, (3, 32), generator=gen)
    packed_zeros = G.pack_cols(zeros, bits)
    assert packed_zeros.shape == (3, 32 * bits // 32)
    assert torch.equal(read_qzeros_by_hand(packed_zeros, bits), zeros)
    assert torch.equal(G.unpack_cols(packed_zeros, bits).long(), zeros)


def test_reference_reads_v1_and_v2_zero_points():
    # one word per column: rows 0..7 hold codes 0..7; qzeros 0x77777777 stores 7 in every slot
    qweight = torch.full((1, 8), 0x76543210, dtype=torch.int32)
    qzeros = torch.full((1, 1), 0x77777777, dtype=torch.int32)
    scales = torch.full((1, 8), 0.5, dtype=torch.float16)
    g_idx = torch.zeros(8, dtype=torch.int32)
    codes = torch.arange(8, dtype=torch.float32)[:, None].expand(8, 8)
    v1 = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4, zero_offset=1)
    v2 = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4, zero_offset=0)
    assert torch.equal(v1, (codes - 8) * 0.5)  # "gptq" (v1) stores zero - 1
    assert torch.equal(v2, (codes - 7) * 0.5)


@pytest.mark.parametrize("scale_dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
@pytest.mark.parametrize("bits", [4, 8])
def test_scale_zero_packs_scale_bits_and_offset_zero(bits, scale_dtype):
    gen = torch.Generator().manual_seed(bits)
    stored = torch.randint(0, 2**bits, (3, 32), generator=gen)  # 8 bits, v1: 255 + 1 = 256 must fit
    scales = (torch.randn(3, 32, generator=gen) * 0.01).to(scale_dtype)  # negative scales: sign bit at bit 31
    for zero_offset in (1, 0):
        words = G.pack_scale_zero(G.pack_cols(stored, bits), scales, bits, zero_offset)
        assert words.dtype == torch.int32 and words.shape == (3, 32)
        low = [[int(w) & 0xFFFF for w in row] for row in words]
        high = torch.tensor([[(int(w) >> 16) & 0xFFFF for w in row] for row in words], dtype=torch.int32)
        assert torch.equal(torch.tensor(low), stored + zero_offset)
        assert torch.equal(high.to(torch.int16).view(scale_dtype), scales)


@pytest.mark.parametrize("bits,k", [(4, 256), (4, 200), (8, 72)])
def test_kernel_layout_round_trip(bits, k):
    gen = torch.Generator().manual_seed(k)
    n = 16
    codes = torch.randint(0, 2**bits, (k, n), generator=gen)
    qweight = G.pack_rows(codes, bits)
    order = torch.randperm(k, generator=gen)
    chunks = G.padded_rows(k, bits) // G.chunk_rows(bits)
    for o in (None, order):
        kernel = G.to_kernel_layout(qweight, bits, o)
        assert kernel.shape == (chunks, n, G.CHUNK_WORDS) and kernel.is_contiguous()
        assert torch.equal(G.from_kernel_layout(kernel, bits, k, o), qweight)
    # chunk c, column n, word w at [c, n, w]. In chunk c logical slot j of word i holds row 16 j + i (rows
    # taken in `order`); physically word p < 8 holds slots j < per_word / 2 of the pair (2p, 2p + 1), word
    # 8 + p the others; in each, 2p's code sits in the low 16 bits and 2p + 1's in the high 16 bits, in
    # slot order
    kernel = G.to_kernel_layout(qweight, bits, order)
    per_word, half, mask = 32 // bits, 16 // bits, (1 << bits) - 1
    rows = 16 * per_word
    for c in range(chunks):
        for i in range(16):
            for j in range(per_word):
                row = c * rows + 16 * j + i
                expected = codes[order[row]] if row < k else torch.zeros(n, dtype=torch.int64)
                word = 8 * (j // half) + i // 2
                position = half * (i % 2) + j % half
                got = [(int(kernel[c, col, word]) >> (bits * position)) & mask for col in range(n)]
                assert got == expected.tolist(), (c, i, j)


# (tokens, K, N, group_size, act_order): K and N small enough for the interpreter, odd token counts,
# K not a multiple of the chunk, groups smaller than, equal to and larger than a chunk, and one group.
CASES = [
    (1, 256, 64, 128, False),
    (3, 256, 96, 32, True),
    (17, 384, 40, 64, True),
    (5, 160, 64, -1, False),
    (2, 512, 32, 256, True),
]


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
@pytest.mark.parametrize("m,k,n,group_size,act_order", CASES)
def test_kernel_matches_reference(m, k, n, group_size, act_order, dtype):
    qweight, qzeros, scales, g_idx = random_layer(k, n, group_size, act_order=act_order, seed=m)
    x = torch.randn(m, k, dtype=dtype, generator=torch.Generator().manual_seed(m))  # fixed: CI stays deterministic
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    config = G.KernelConfig(block_m=16, block_n=32, split_k=3 if m % 2 else 1)
    poisoned = torch.full((m, n), float("nan"), dtype=dtype)  # every element must be written
    if act_order:
        # what GPTQLinear.prepare does: rows sorted by group, x's columns gathered through perm
        order = torch.argsort(g_idx, stable=True)
        y = G.gptq_matmul(x, G.to_kernel_layout(qweight, 4, order), qzeros, scales, bits=4, group_size=group_size,
                          perm=order.int(), config=config, out=poisoned)
        y_gather = G.gptq_matmul(x, G.to_kernel_layout(qweight, 4), qzeros, scales, bits=4, group_size=group_size,
                                 g_idx=g_idx, config=config)
        assert relative_error(y_gather, ref) < TOLERANCE[dtype]
    else:
        y = G.gptq_matmul(x, G.to_kernel_layout(qweight, 4), qzeros, scales, bits=4, group_size=group_size,
                          config=config, out=poisoned)
    assert y.dtype == dtype and y.shape == (m, n)
    assert relative_error(y, ref) < TOLERANCE[dtype]


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
def test_dot_modes_agree(dtype):
    # the config's `dots` (a dot per 16-row slot, per chunk, per chunk with the scale in the operand; the
    # tuner picks per token bucket) against the reference; K = 160 leaves the second chunk mostly padding
    qweight, qzeros, scales, g_idx = random_layer(160, 64, 128, seed=11)
    x = torch.randn(3, 160, dtype=dtype, generator=torch.Generator().manual_seed(11))
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    kernel_qweight = G.to_kernel_layout(qweight, 4)
    for dots in (G.DOT_PER_SLOT.value, G.DOT_PER_CHUNK.value, G.DOT_PER_CHUNK_SCALED.value):
        config = G.KernelConfig(block_m=16, block_n=32, split_k=2, dots=dots)
        y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=config)
        assert relative_error(y, ref) < TOLERANCE[dtype], dots


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32], ids=["fp16", "bf16", "fp32"])
def test_gather_columns_equals_indexing(dtype):
    # K = 1500 spans two programs of 1024 columns, the second partly masked; x a strided view
    gen = torch.Generator().manual_seed(3)
    x = torch.randn(3, 3000, generator=gen).to(dtype)[:, ::2]
    perm = torch.randperm(1500, generator=gen)
    assert torch.equal(G.gather_columns(x, perm.int()), x[:, perm])


def test_act_order_gather_in_kernel_equals_pregathered_x():
    # one token: the kernel gathers x's columns through perm (the perm slice loaded a chunk ahead); more
    # tokens: gathered before the launch. Either way bit for bit what the kernel computes on x gathered
    # beforehand, for every dot mode, with SplitK slices starting mid-K and K = 272 ending inside the last
    # chunk (the look-ahead reads past K there): 3 chunks of 128 rows, the third holding 16; split in 2, the
    # second slice starts at chunk 2
    k, n = 272, 64
    qweight, qzeros, scales, g_idx = random_layer(k, n, 128, act_order=True, seed=7)
    order = torch.argsort(g_idx, stable=True)
    kernel_qweight = G.to_kernel_layout(qweight, 4, order)
    weight = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    for m in (1, 3):
        x = torch.randn(m, k, dtype=torch.float16, generator=torch.Generator().manual_seed(m))
        for dots in (G.DOT_PER_SLOT.value, G.DOT_PER_CHUNK.value, G.DOT_PER_CHUNK_SCALED.value):
            for split_k in (1, 2):
                config = G.KernelConfig(block_m=16, block_n=32, split_k=split_k, dots=dots)
                y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, perm=order.int(),
                                  config=config)
                pregathered = G.gptq_matmul(x[:, order].contiguous(), kernel_qweight, qzeros, scales, bits=4,
                                            group_size=128, config=config)
                assert torch.equal(y, pregathered), (m, dots, split_k)
                assert relative_error(y, x.float() @ weight) < TOLERANCE[torch.float16], (m, dots, split_k)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32], ids=["fp16", "bf16", "fp32"])
def test_kernel_8bit_and_v2_zero_points(dtype):
    qweight, qzeros, scales, g_idx = random_layer(256, 64, 64, bits=8, seed=3)
    x = torch.randn(4, 256, dtype=dtype)
    config = G.KernelConfig(block_m=16, block_n=64, split_k=2)
    for zero_offset in (1, 0):
        ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=8, zero_offset=zero_offset)
        y = G.gptq_matmul(x, G.to_kernel_layout(qweight, 8), qzeros, scales, bits=8, group_size=64,
                          zero_offset=zero_offset, config=config)
        assert relative_error(y, ref) < TOLERANCE[dtype]


def test_kernel_bf16_scales():
    # bf16 scales travel as bf16 bits in scale_zero (the kernel's SCALE_DTYPE); group 64: one scale per slot pair
    qweight, qzeros, scales, g_idx = random_layer(256, 64, 64, seed=4)
    scales = scales.bfloat16()
    x = torch.randn(3, 256, dtype=torch.bfloat16, generator=torch.Generator().manual_seed(4))
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    config = G.KernelConfig(block_m=16, block_n=32, split_k=2)
    y = G.gptq_matmul(x, G.to_kernel_layout(qweight, 4), qzeros, scales, bits=4, group_size=64, config=config)
    assert relative_error(y, ref) < TOLERANCE[torch.bfloat16]


def test_splitk_reduction_is_deterministic_and_resets_counters():
    qweight, qzeros, scales, _ = random_layer(512, 64, 128)
    qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(2, 512, dtype=torch.float16)
    config = G.KernelConfig(block_m=16, block_n=32, split_k=4)
    first = G.gptq_matmul(x, qweight, qzeros, scales, bits=4, group_size=128, config=config)
    second = G.gptq_matmul(x, qweight, qzeros, scales, bits=4, group_size=128, config=config)
    assert torch.equal(first, second)
    assert int(G._COUNTERS[x.device].abs().sum()) == 0


# (tokens, K, N, group_size, act_order, programs): stream-K grids whose runs end mid-tile, span several tiles, cover
# a tile in one unit each (K of 4 chunks), or are the whole product (one program)
STREAM_K_CASES = [
    (40, 512, 96, 128, False, 5),
    (40, 512, 96, 128, False, 7),
    (17, 384, 40, 64, True, 36),
    (3, 160, 64, 32, False, 3),
    (33, 512, 64, -1, False, 1),
    (1, 512, 96, 128, True, 5),  # decode: one token, x gathered through perm inside the kernel
]


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
@pytest.mark.parametrize("m,k,n,group_size,act_order,programs", STREAM_K_CASES)
def test_stream_k_matches_reference_deterministically(monkeypatch, m, k, n, group_size, act_order, programs, dtype):
    monkeypatch.setattr(launch_configs, "_sm_count", lambda device: programs)  # stream_k=1: one program per "SM"
    qweight, qzeros, scales, g_idx = random_layer(k, n, group_size, act_order=act_order, seed=m)
    order = torch.argsort(g_idx, stable=True) if act_order else None
    kernel_qweight = G.to_kernel_layout(qweight, 4, order)
    perm = order.int() if act_order else None
    x = torch.randn(m, k, dtype=dtype, generator=torch.Generator().manual_seed(m))
    ref = x.float() @ G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    config = G.KernelConfig(block_m=16, block_n=32, split_k=1, stream_k=1)

    def call(out=None):
        return G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=group_size, perm=perm,
                             config=config, out=out)

    first = call(torch.full((m, n), float("nan"), dtype=dtype))  # every element must be written
    assert relative_error(first, ref) < TOLERANCE[dtype]
    assert torch.equal(call(), first)  # the parts of split tiles are summed in a fixed order
    assert int(G._COUNTERS[x.device].abs().sum()) == 0  # and the tile counters are left at zero


def test_bad_inputs_get_clear_errors():
    qweight, qzeros, scales, g_idx = random_layer(256, 64, 128)
    qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(2, 256, dtype=torch.float16)
    with pytest.raises(ValueError, match="bits=3"):
        G.gptq_matmul(x, qweight, qzeros, scales, bits=3, group_size=128)
    with pytest.raises(ValueError, match=r"qweight has shape \(2, 64, 16\).*needs shape \(4, 64, 16\) in the kernel layout"):
        G.gptq_matmul(torch.randn(2, 512, dtype=torch.float16), qweight, qzeros, scales, bits=4, group_size=128)
    with pytest.raises(ValueError, match=r"qweight has shape \(32, 64\).*in the kernel layout \(to_kernel_layout\)"):
        G.gptq_matmul(x, G.from_kernel_layout(qweight, 4, 256), qzeros, scales, bits=4, group_size=128)  # checkpoint layout
    with pytest.raises(ValueError, match="qzeros"):
        G.gptq_matmul(x, qweight, qzeros[:, :4], scales, bits=4, group_size=128)
    with pytest.raises(ValueError, match="2-D"):
        G.gptq_matmul(x[None], qweight, qzeros, scales, bits=4, group_size=128)
    with pytest.raises(ValueError, match="groups"):
        G.gptq_matmul(x, qweight, qzeros, scales, bits=4, group_size=64)


def test_config_choice_and_env_pin(monkeypatch):
    config = G.pick_config(4, 1, 11008, 4096, torch.device("cpu"))
    assert config.block_m == 16 and 1 <= config.split_k <= 32
    monkeypatch.setenv(G.CONFIG_ENV, "block_m=16,block_n=64,split_k=64,num_warps=4,num_stages=2")
    pinned = G.pick_config(4, 1, 11008, 4096, torch.device("cpu"))
    assert (pinned.block_n, pinned.split_k) == (64, 32)  # no more slices than the 32 chunks of K
    assert [G.m_bucket(m) for m in (1, 2, 3, 16, 17, 128, 129, 257, 4096)] == [1, 2, 4, 16, 32, 128, 256, 512, 512]
    monkeypatch.delenv(G.CONFIG_ENV)
    # 257-1,023 tokens have a bucket of their own for tuned tables; with none, the same config as 129-256
    cpu = torch.device("cpu")
    assert G.pick_config(4, 600, 11008, 4096, cpu) == G.pick_config(4, 200, 11008, 4096, cpu)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
@pytest.mark.parametrize("act_order", [False, True], ids=["in_order", "act_order"])
@pytest.mark.parametrize("k,n", [(4096, 11008), (11008, 4096)])
def test_kernel_real_sizes_gpu(k, n, act_order, dtype):
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(k, n, 128, act_order=act_order))
    weight = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    order = torch.argsort(g_idx, stable=True) if act_order else None
    kernel_qweight = G.to_kernel_layout(qweight, 4, order)
    perm = order.int() if act_order else None
    for m in (1, 7, 64, 300):
        x = torch.randn(m, k, dtype=dtype, device="cuda")
        y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, perm=perm)
        assert relative_error(y, x.float() @ weight) < TOLERANCE[dtype], m


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["fp16", "bf16"])
def test_tuner_candidates_real_size_gpu(dtype):
    # every dot mode and tile the tuner may pick for decode sizes, and its prefill tiles, compiled for real (inline
    # PTX pairs, wgmma and mma.sync), against the reference
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(4096, 4096, 128, seed=5))
    weight = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    kernel_qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(5, 4096, dtype=dtype, device="cuda")
    ref = x.float() @ weight
    prefill = {c for c in G.candidate_configs(512) if c.split_k == 1}
    for config in {c for bucket in (1, 32) for c in G.candidate_configs(bucket) if c.split_k == 4} | prefill:
        y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=config)
        assert relative_error(y, ref) < TOLERANCE[dtype], config


@pytest.mark.gpu
@pytest.mark.parametrize("m,config", [(m, c) for bucket, ms in ((1, (1, 3)), (16, (16,)), (256, (300,)))
                                      for c in G.candidate_configs(bucket) if c.stream_k for m in ms], ids=str)
def test_stream_k_real_size_gpu(m, config):
    # every stream-K tile the tuner may pick, with programs running concurrently (the interpreter runs them one
    # after another): split tiles summed once, in a fixed order, whichever program arrives last; token rows
    # past m in a tile are neither written to the partials nor read back
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(4096, 11008, 128, seed=6))
    weight = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    kernel_qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(m, 4096, dtype=torch.float16, device="cuda")
    first = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=config,
                          out=torch.full((m, 11008), float("nan"), dtype=torch.float16, device="cuda"))
    assert relative_error(first, x.float() @ weight) < TOLERANCE[torch.float16]
    for _ in range(3):
        assert torch.equal(G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=config),
                           first)


@pytest.mark.gpu
def test_capture_without_counters_falls_back_to_one_pass_gpu():
    # a SplitK launch first seen inside a CUDA graph capture must not make its tile counters there (they would
    # live on in the graph's pool, which torch.compile's CUDA graphs refuse): it runs without the split instead
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(4096, 4096, 128, seed=8))
    kernel_qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(4, 4096, dtype=torch.float16, device="cuda")
    config = G.KernelConfig(block_m=16, block_n=128, split_k=4)
    for warm_up in (config, G.KernelConfig(block_m=16, block_n=128, split_k=1)):  # Triton compiles outside the capture
        G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=warm_up)
    torch.cuda.synchronize()
    G._COUNTERS.clear()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        y = G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, config=config)
    assert not G._COUNTERS
    graph.replay()
    weight = G.gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=4)
    assert relative_error(y, x.float() @ weight) < TOLERANCE[torch.float16]
    G.reserve_counters(x.device)
    assert G._COUNTERS[x.device].numel() >= G.COUNTERS_RESERVED


@pytest.mark.gpu
def test_op_compiles_fullgraph_gpu():
    qweight, qzeros, scales, _ = (t.cuda() for t in random_layer(4096, 4096, 128))
    qweight = G.to_kernel_layout(qweight, 4)
    x = torch.randn(8, 4096, dtype=torch.float16, device="cuda")

    def f(x):
        return G.gptq_matmul_op(x, qweight, qzeros, scales, None, None, 4, 128, 1) * 2

    compiled = torch.compile(f, fullgraph=True)
    assert torch.equal(compiled(x), f(x))


@pytest.mark.gpu
def test_act_order_in_a_cuda_graph_equals_eager_gpu(monkeypatch):
    # from 2 tokens up x is gathered by gather_columns while a graph is captured and by index_select eagerly:
    # the same values, so the same result bit for bit
    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(4096, 4096, 128, act_order=True, seed=9))
    order = torch.argsort(g_idx, stable=True)
    kernel_qweight, perm = G.to_kernel_layout(qweight, 4, order), order.int()
    x = torch.randn(5, 4096, dtype=torch.float16, device="cuda")
    real_gather, gathers = G.gather_columns, []

    def counted_gather(*args):
        gathers.append(args)
        return real_gather(*args)

    monkeypatch.setattr(G, "gather_columns", counted_gather)

    def call():
        return G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128, perm=perm)

    eager = call()
    assert not gathers  # eager: index_select
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        call()  # compile outside the capture
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = call()
    graph.replay()
    torch.cuda.synchronize()
    assert gathers  # captured: the Triton gather
    assert torch.equal(captured, eager)


def test_launch_key_separates_what_triton_specializes_on():
    from patchzoo.kernels.launch import _key

    def key(tensor=torch.zeros(64, dtype=torch.float16), value=7, block=16, warps=4):
        return _key(G.gptq_matmul_kernel, 0, (tensor,), (value,), {"BLOCK": block}, {"num_warps": warps})

    buffer = torch.zeros(64, dtype=torch.float16)
    assert key(buffer) == key(buffer.clone()) != key(buffer[1:])  # 16-byte aligned or not
    assert key(buffer) != key(buffer.float())
    assert len({key(value=v) for v in (1, 16, 17, 2**31, 32, 7)}) == 4  # 16 and 32 alike, 17 and 7 alike
    assert key() != key(block=32) and key() != key(warps=8)


def test_launch_plans_are_not_copied_or_pickled():
    """A layer's launch plans hold compiled kernels: a deep copy or a pickle of the layer starts without them."""
    plans = G.LaunchPlans({"layout": object()})
    assert copy.deepcopy(plans) == {} and isinstance(copy.deepcopy(plans), G.LaunchPlans)
    assert pickle.loads(pickle.dumps(plans)) == {}


def test_launch_takes_the_front_door_while_a_launch_hook_is_installed(monkeypatch):
    import triton

    from patchzoo.kernels import launch as L

    monkeypatch.delenv("TRITON_INTERPRET", raising=False)
    monkeypatch.delenv(L.FAST_LAUNCH_ENV, raising=False)
    assert not L._front_door_only()
    hook = lambda metadata: None  # noqa: E731 - what a profiler installs
    triton.knobs.runtime.launch_enter_hook.add(hook)
    try:
        assert L._front_door_only()
    finally:
        triton.knobs.runtime.launch_enter_hook.remove(hook)
    monkeypatch.setenv(L.FAST_LAUNCH_ENV, "0")
    assert L._front_door_only()


@pytest.mark.gpu
def test_direct_relaunch_equals_front_door_gpu(monkeypatch):
    # token counts that change Triton's specialization (1, a multiple of 16, neither) and an x that is not
    # 16-byte aligned, each launched repeatedly: the direct relaunch must pick the kernel Triton would
    from patchzoo.kernels import launch as L

    qweight, qzeros, scales, g_idx = (t.cuda() for t in random_layer(4096, 4096, 128, seed=11))
    kernel_qweight = G.to_kernel_layout(qweight, 4)
    wide = torch.randn(17, 4096 + 8, dtype=torch.float16, device="cuda")
    inputs = [wide[:m, :4096] for m in (1, 16, 17)] + [wide[:m, 1:4097] for m in (1, 16, 17)]
    L._COMPILED.clear()

    def run_all():
        return [G.gptq_matmul(x, kernel_qweight, qzeros, scales, bits=4, group_size=128) for x in inputs for _ in range(3)]

    direct = run_all()
    assert len(L._COMPILED) >= 2  # at least the aligned and the misaligned x have their own entries
    monkeypatch.setenv(L.FAST_LAUNCH_ENV, "0")
    front_door = run_all()
    for a, b in zip(direct, front_door):
        assert torch.equal(a, b)
