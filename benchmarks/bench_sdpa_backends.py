"""Causal SDPA forward + backward at the Llama training shapes, per backend (flash, cuDNN, efficient), one GPU.

    PYTHONPATH=. python3 -m benchmarks.bench_sdpa_backends

Whether choosing the attention backend would pay for the zoo's training path: TFLOP/s of causal attention
(4·B·H·T²·D / 2 forward, 2.5x that forward + backward) per backend, with GQA as HF passes it (enable_gqa) and
with k/v repeated to every head.
"""

import torch
import torch.nn.functional as F
import triton.testing
from torch.nn.attention import SDPBackend, sdpa_kernel

SHAPES = {"1b": (32, 8, 64), "3b": (24, 8, 128), "8b": (32, 8, 128)}  # heads, kv heads, head_dim


def main(seq: int = 4096) -> None:
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, seq {seq}, batch 1, bf16, causal")
    print("| shape | backend | GQA | fwd+bwd ms | TFLOP/s |\n|---|---|---|---|---|")
    for name, (h, hk, d) in SHAPES.items():
        q = torch.randn(1, h, seq, d, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        k = torch.randn(1, hk, seq, d, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        v = torch.randn(1, hk, seq, d, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        flops = 2.5 * 4 * h * seq * seq * d / 2
        for backend in (SDPBackend.FLASH_ATTENTION, SDPBackend.CUDNN_ATTENTION, SDPBackend.EFFICIENT_ATTENTION):
            for gqa in (True, False):
                def step():
                    kk, vv = (k, v) if gqa else (k.repeat_interleave(h // hk, 1), v.repeat_interleave(h // hk, 1))
                    with sdpa_kernel([backend]):
                        out = F.scaled_dot_product_attention(q, kk, vv, is_causal=True, enable_gqa=gqa)
                    out.backward(torch.ones_like(out))
                try:
                    ms = triton.testing.do_bench(step, return_mode="median")
                except RuntimeError as error:
                    print(f"| {name} | {backend.name} | {gqa} | {str(error).splitlines()[0][:60]} | |")
                    continue
                print(f"| {name} | {backend.name} | {gqa} | {ms:.2f} | {flops / ms / 1e9:.0f} |", flush=True)


if __name__ == "__main__":
    main()
