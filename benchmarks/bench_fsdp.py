"""Llama training throughput and MFU: stock HF training vs patchzoo.parallelize, side by side.

    torchrun --standalone --nproc-per-node N -m benchmarks.bench_fsdp [--steps 12] [--seq-len 4096]

Model: Llama-3.2-1B shape (hidden 2048, 16 layers, 32 heads / 8 KV heads, intermediate 8192,
vocab 128256: 1.24 B parameters), random weights, random tokens, batch 1 × seq-len per GPU.
Providers:
  hf_eager        stock LlamaForCausalLM in bf16, AdamW, one GPU (rank 0 only), no AC, no compile
  patchzoo:<cfg>  fp32 master weights, FSDP2 per block over all ranks, bf16 compute, AC/compile as named
tokens/s is global (all ranks); MFU uses the PaLM FLOPs formula (patchzoo/training/flops.py) over the
dense bf16 peak of the GPU (989 TFLOP/s for H100/H200 SXM) and, beside it, over the measured matmul rate.
"""

from __future__ import annotations

import argparse
import time

import torch
import torch.distributed as dist
import transformers
from torch.distributed.device_mesh import init_device_mesh

from benchmarks.common import OUT_DIR, environment_versions
from patchzoo.patches.fsdp import ParallelConfig, parallelize
from patchzoo.training.flops import flops_per_token, model_flops_utilisation, peak_tflops
from patchzoo.training.trainer import init_distributed

LLAMA_1B = dict(
    vocab_size=128256, hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32,
    num_key_value_heads=8, max_position_embeddings=8192, rope_theta=500000.0, tie_word_embeddings=True,
)

VARIANTS = {
    "ac-full+compile": ParallelConfig(ac_every=1, ac_policy="full", compile=True),
    "ac-matmuls+compile": ParallelConfig(ac_every=1, ac_policy="save_matmuls", compile=True),
    "no-ac+compile": ParallelConfig(ac_every=0, compile=True),
    "ac-full, eager": ParallelConfig(ac_every=1, compile=False),
}


def run_steps(model, optimizer, device, seq_len: int, steps: int, warmup: int) -> float:
    """Seconds per step, median over the steps after `warmup` (compile and allocator warm-up)."""
    times = []
    vocab = model.config.vocab_size
    for step in range(warmup + steps):
        ids = torch.randint(0, vocab, (1, seq_len), device=device)
        torch.cuda.synchronize(device)
        start = time.perf_counter()
        model(input_ids=ids, labels=ids, use_cache=False).loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        torch.cuda.synchronize(device)
        if step >= warmup:
            times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--seq-len", type=int, default=4096)
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, from: " + ", ".join(VARIANTS))
    args = parser.parse_args()

    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    config = transformers.LlamaConfig(**LLAMA_1B)
    config._attn_implementation = "sdpa"
    gpu = torch.cuda.get_device_name(device)
    peak = peak_tflops(gpu) or float("nan")  # unknown GPU: the measured-matmul column still holds
    mm = torch.randn(8192, 8192, device=device, dtype=torch.bfloat16)
    import triton.testing

    measured_tflops = 2 * 8192**3 / triton.testing.do_bench(lambda: mm @ mm, return_mode="median") / 1e9
    del mm
    rows = []

    def record(provider: str, n_gpus: int, seconds: float, model) -> None:
        tokens_per_s = n_gpus * args.seq_len / seconds
        per_token = flops_per_token(model, args.seq_len)
        rows.append((provider, n_gpus, seconds * 1e3, tokens_per_s,
                     model_flops_utilisation(tokens_per_s, per_token, n_gpus, peak),
                     model_flops_utilisation(tokens_per_s, per_token, n_gpus, measured_tflops),
                     torch.cuda.max_memory_allocated(device) / 2**30))

    if rank == 0:
        torch.manual_seed(0)
        with device:
            model = transformers.LlamaForCausalLM(config).to(torch.bfloat16).train()
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
        torch.cuda.reset_peak_memory_stats(device)
        record("hf_eager (bf16 weights)", 1, run_steps(model, optimizer, device, args.seq_len, args.steps, args.warmup), model)
        del model, optimizer
        torch.cuda.empty_cache()
    dist.barrier()

    for name in args.variants.split(","):
        torch.manual_seed(0)
        torch._dynamo.reset()
        with device:  # fp32 master weights, built on the GPU (fast init), then sharded in place
            model = transformers.LlamaForCausalLM(config).train()
        parallelize(model, init_device_mesh("cuda", (world,)), VARIANTS[name])
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
        torch.cuda.reset_peak_memory_stats(device)
        record(f"patchzoo: {name}", world, run_steps(model, optimizer, device, args.seq_len, args.steps, args.warmup), model)
        del model, optimizer
        torch.cuda.empty_cache()

    if rank == 0:
        lines = [
            f"{gpu} x{world}; {environment_versions()}; {time.strftime('%Y-%m-%d')}; Llama 1.24B shape, "
            f"seq {args.seq_len}, batch 1 per GPU; measured bf16 matmul {measured_tflops:.0f} TFLOP/s",
            "",
            "| provider | GPUs | ms/step | tokens/s (global) | MFU vs 989 peak | MFU vs measured matmul | max mem GiB (rank 0) |",
            "|---|---|---|---|---|---|---|",
        ]
        for provider, n, ms, tps, mfu, mfu_measured, mem in rows:
            lines.append(f"| {provider} | {n} | {ms:.0f} | {tps:,.0f} | {mfu:.1%} | {mfu_measured:.1%} | {mem:.1f} |")
        table = "\n".join(lines)
        print(table, flush=True)
        OUT_DIR.mkdir(exist_ok=True)
        (OUT_DIR / f"fsdp_x{world}.md").write_text(table + "\n")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
