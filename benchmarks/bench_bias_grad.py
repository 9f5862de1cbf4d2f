"""A Linear's bias gradient: torch's column sum against a GEMV with a ones vector (patches/bias_grad.py).

    python -m benchmarks.bench_bias_grad        # ~15 s on an H200

grad_output (T, N) -> (N,), fp16 and bf16, T in 8k/16k/32k packed tokens, N the BERT widths; each time is
triton's do_bench median (L2 flushed), with the largest |error| of each against an fp32 sum.
"""

from __future__ import annotations

import argparse

import torch
import triton.testing


def main(argv=None) -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    print(torch.cuda.get_device_name(), torch.__version__, flush=True)
    print("| dtype | T x N | MB | sum(0) µs | mv µs | max err sum(0) | max err mv |\n|---|---|---|---|---|---|---|")
    torch.manual_seed(0)
    for dtype in (torch.float16, torch.bfloat16):
        for tokens in (8192, 16384, 32768):
            for width in (768, 3072, 1024, 4096):
                grad = torch.randn(tokens, width, device="cuda", dtype=dtype)
                ones = torch.ones(tokens, device="cuda", dtype=dtype)
                exact = grad.float().sum(0)
                fns = {"sum": lambda: grad.sum(0), "mv": lambda: torch.mv(grad.t(), ones)}
                us = {k: 1e3 * triton.testing.do_bench(f, warmup=10, rep=50, return_mode="median") for k, f in fns.items()}
                err = {k: (f().float() - exact).abs().max().item() for k, f in fns.items()}
                print(f"| {str(dtype)[6:]} | {tokens} x {width} | {tokens * width * 2 / 1e6:.0f} | {us['sum']:.1f} | "
                      f"{us['mv']:.1f} | {err['sum']:.3g} | {err['mv']:.3g} |", flush=True)


if __name__ == "__main__":
    main()
