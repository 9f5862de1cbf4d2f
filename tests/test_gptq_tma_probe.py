"""The TMA-load GPTQ probe (benchmarks/gptq_tma_probe.py) against the reference, under Triton's interpreter: its
timings in benchmarks/RESULTS.md are only worth reading if it computes the same product as the shipped kernel."""

import pytest
import torch

from benchmarks.bench_gptq import make_layer
from benchmarks.gptq_tma_probe import parse_configs, reference_weight, tma_matmul


@pytest.mark.parametrize("config", [(16, 64, 1, 4, 2, 0), (32, 64, 2, 4, 2, 1)],
                         ids=["scale-after-dot", "scaled-operand-splitk2"])
@pytest.mark.parametrize("m", [1, 33])
def test_tma_probe_matches_reference(config, m):
    qweight, _, _, _, scale_zero = make_layer(384, 128, False, device="cpu")
    x = torch.randn(m, 384, generator=torch.Generator().manual_seed(m)).half()
    ref = x.float() @ reference_weight(qweight, scale_zero, 384).float()
    y = tma_matmul(x, qweight, scale_zero, 128, config)
    assert y.shape == (m, 128) and y.dtype == torch.float16
    assert float((y.float() - ref).abs().max() / ref.abs().max()) < 2e-3


def test_tma_probe_refuses_what_it_does_not_cover():
    qweight, _, _, _, scale_zero = make_layer(384, 128, False, device="cpu")
    with pytest.raises(ValueError, match="fp16 x"):
        tma_matmul(torch.zeros(1, 384), qweight, scale_zero, 128, (16, 64, 1, 4, 2, 0))
    with pytest.raises(SystemExit, match="block_m,block_n"):
        parse_configs("16,64,1")
