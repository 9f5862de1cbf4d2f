"""One linear layer's training step (forward + backward) in bf16 against torchao's Float8Linear, eager and compiled,
beside the bf16 and float8 matmul peaks: how much of float8's matmul speed a layer keeps after its casts and scales.

    PYTHONPATH=. python3 -m benchmarks.bench_float8_linear [--tokens 4096] [--profile]

--profile prints the ten longest kernels of one compiled float8 step per shape.
"""

from __future__ import annotations

import argparse
import copy

import torch
import torch.nn as nn
from triton.testing import do_bench

SHAPES = {"3b mlp up": (3072, 8192), "3b mlp down": (8192, 3072), "8b mlp up": (4096, 14336),
          "8b mlp down": (14336, 4096), "8b qkv": (4096, 6144)}


def step_ms(layer: nn.Module, x: torch.Tensor) -> float:
    grad = torch.randn(x.shape[0], layer.out_features, device=x.device, dtype=x.dtype)

    def step():
        x.grad = None
        layer(x).backward(grad)

    return do_bench(step, warmup=10, rep=50)


def matmul_peak_ms(m: int, k: int, n: int, dtype) -> float:
    """Forward + the two backward matmuls at this shape as bare matmuls: the floor of a step."""
    if dtype == torch.bfloat16:
        a, b = torch.randn(m, k, device="cuda", dtype=dtype), torch.randn(n, k, device="cuda", dtype=dtype)
        return 3 * do_bench(lambda: a @ b.t(), warmup=10, rep=50)
    a = torch.randn(m, k, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(n, k, device="cuda").to(torch.float8_e4m3fn)
    one = torch.ones((), device="cuda")
    return 3 * do_bench(lambda: torch._scaled_mm(a, b.t(), one, one, out_dtype=torch.bfloat16), warmup=10, rep=50)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokens", type=int, default=4096)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    from torchao.float8 import Float8LinearConfig, convert_to_float8_training

    print(f"{torch.cuda.get_device_name()}, {args.tokens} tokens, forward + backward, ms (median)")
    print("| shape | bf16 eager | bf16 compiled | float8 eager | float8 compiled | bf16 matmuls | float8 matmuls |"
          " float8 compiled vs bf16 compiled |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (k, n) in SHAPES.items():
        torch.manual_seed(0)
        bf16 = nn.Linear(k, n, bias=False, device="cuda", dtype=torch.bfloat16)
        fp8 = convert_to_float8_training(nn.Sequential(copy.deepcopy(bf16)), config=Float8LinearConfig())[0]
        x = torch.randn(args.tokens, k, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        times = [step_ms(bf16, x), step_ms(torch.compile(bf16), x), step_ms(fp8, x), step_ms(torch.compile(fp8), x),
                 matmul_peak_ms(args.tokens, k, n, torch.bfloat16), matmul_peak_ms(args.tokens, k, n, torch.float8_e4m3fn)]
        print(f"| {name} {k}->{n} | " + " | ".join(f"{t:.3f}" for t in times) + f" | {times[1] / times[3]:.2f}x |")
        if args.profile:
            from torch.profiler import ProfilerActivity, profile

            compiled = torch.compile(fp8)
            step_ms(compiled, x)
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                compiled(x).backward(torch.randn(args.tokens, n, device="cuda", dtype=torch.bfloat16))
                torch.cuda.synchronize()
            print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=10))


if __name__ == "__main__":
    main()
