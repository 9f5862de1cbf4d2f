"""Llama training on one GPU: stock HF loop, stock + torch.compile, patchzoo, side by side in one process.

    PYTHONPATH=. python3 -m benchmarks.bench_fsdp [--shapes 1b,3b] [--steps 5] [--warmup 3] [--seq-len 4096]
    torchrun --standalone --nproc-per-node N -m benchmarks.bench_fsdp --providers patchzoo-fsdp   # several GPUs

Shapes: Llama-3.2-1B (hidden 2048, 16 layers, 1.24 B parameters) and Llama-3.2-3B (hidden 3072, 28 layers,
3.21 B), vocab 128,256, tied embeddings, random weights and tokens, batch 1 x seq-len per GPU, AdamW (fused).
Providers (every one trains all parameters with labels = inputs):
  hf_eager           stock LlamaForCausalLM, bf16 weights, no activation checkpointing (AC), no compile
  hf_compile         the same, each decoder layer torch.compile'd (regional compilation: one layer's compile
                     time, the graph reused by every layer); the loss stays stock (logits materialized)
  patchzoo           zoo LlamaForCausalLM (fused LM head + loss: no logits), bf16 weights, parallelize() with
                     compile, no AC; on one GPU parallelize skips FSDP (nothing to shard)
  patchzoo-fsdp      what `patchzoo train` runs: fp32 master weights, FSDP2 bf16 compute and fp32 gradient
                     reduction, AC on every 2nd block, compile, fused loss
tokens/s is global (all ranks); MFU uses the PaLM FLOPs formula (patchzoo/training/flops.py) over the dense
bf16 peak (989 TFLOP/s for H100/H200 SXM) and, beside it, over the measured bf16 matmul rate. Peak memory is
torch.cuda.max_memory_allocated over the provider's whole run (weights, optimizer state, activations).
"""

from __future__ import annotations

import argparse
import gc
import time

import torch
import torch.distributed as dist
import transformers
from torch.distributed.device_mesh import init_device_mesh

from benchmarks.common import OUT_DIR, environment_versions
from patchzoo.patches.fsdp import ParallelConfig, parallelize
from patchzoo.training.flops import flops_per_token, model_flops_utilisation, peak_tflops
from patchzoo.training.trainer import init_distributed

COMMON = dict(vocab_size=128256, max_position_embeddings=8192, rope_theta=500000.0, tie_word_embeddings=True,
              num_key_value_heads=8)
SHAPES = {
    "1b": dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32, head_dim=64),
    "3b": dict(hidden_size=3072, intermediate_size=8192, num_hidden_layers=28, num_attention_heads=24, head_dim=128),
}
PROVIDERS = ("hf_eager", "hf_compile", "patchzoo", "patchzoo-fsdp")


def build(provider: str, config: transformers.LlamaConfig, device: torch.device, world: int):
    """(model, optimizer, GPUs it runs on) for one provider, built on the GPU with seed 0."""
    torch.manual_seed(0)
    if provider.startswith("hf"):
        with device:
            model = transformers.LlamaForCausalLM(config).to(torch.bfloat16).train()
        if provider == "hf_compile":
            for layer in model.model.layers:
                layer.compile()
        return model, torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True), 1
    from patchzoo import LlamaForCausalLM

    fsdp = provider == "patchzoo-fsdp"
    with device:
        model = LlamaForCausalLM(config).train()
    model.fused_training_loss = True  # opt-in (forward returns no logits), as `patchzoo train` sets it
    if not fsdp:
        model.to(torch.bfloat16)
    parallel = ParallelConfig(ac_every=2 if fsdp else 0, compile=True)
    parallelize(model, init_device_mesh("cuda", (world,)), parallel)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True), world


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
    parser.add_argument("--steps", type=int, default=5, help="timed steps (median)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps first (compile, allocator)")
    parser.add_argument("--seq-len", type=int, default=4096)
    parser.add_argument("--shapes", default="1b,3b", help="comma-separated, from: " + ", ".join(SHAPES))
    parser.add_argument("--providers", default=",".join(PROVIDERS), help="comma-separated, from: " + ", ".join(PROVIDERS))
    args = parser.parse_args()

    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    gpu = torch.cuda.get_device_name(device)
    peak = peak_tflops(gpu) or float("nan")  # unknown GPU: the measured-matmul column still holds
    import triton.testing

    mm = torch.randn(8192, 8192, device=device, dtype=torch.bfloat16)
    measured_tflops = 2 * 8192**3 / triton.testing.do_bench(lambda: mm @ mm, return_mode="median") / 1e9
    del mm
    rows = []
    for shape in args.shapes.split(","):
        config = transformers.LlamaConfig(**COMMON, **SHAPES[shape])
        config._attn_implementation = "sdpa"
        for provider in args.providers.split(","):
            if world > 1 and provider != "patchzoo-fsdp":
                continue  # the one-GPU providers run in a one-GPU launch
            torch._dynamo.reset()
            gc.collect()  # FSDP and compiled modules hold reference cycles: free the last provider's memory
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats(device)
            try:
                model, optimizer, n_gpus = build(provider, config, device, world)
                seconds = run_steps(model, optimizer, device, args.seq_len, args.steps, args.warmup)
            except torch.OutOfMemoryError:
                rows.append((shape, provider, None, None, None, None, None, None))
            else:
                tokens_per_s = n_gpus * args.seq_len / seconds
                per_token = flops_per_token(model, args.seq_len)
                rows.append((shape, provider, n_gpus, seconds * 1e3, tokens_per_s,
                             model_flops_utilisation(tokens_per_s, per_token, n_gpus, peak),
                             model_flops_utilisation(tokens_per_s, per_token, n_gpus, measured_tflops),
                             torch.cuda.max_memory_allocated(device) / 2**30))
            model = optimizer = None
            if rank == 0:
                print(rows[-1], flush=True)

    if rank == 0:
        lines = [
            f"{gpu} x{world}; {environment_versions()}; {time.strftime('%Y-%m-%d')}; seq {args.seq_len}, batch 1 per "
            f"GPU, median of {args.steps} steps after {args.warmup}; measured bf16 matmul {measured_tflops:.0f} TFLOP/s",
            "",
            "| shape | provider | GPUs | ms/step | tokens/s (global) | vs hf_eager | MFU of 989 | MFU of measured | peak mem GiB |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        base = {r[0]: r[4] for r in rows if r[1] == "hf_eager" and r[4]}
        for shape, provider, n, ms, tps, mfu, mfu_measured, mem in rows:
            if tps is None:
                lines.append(f"| {shape} | {provider} | | out of memory | | | | | |")
                continue
            ratio = f"{tps / base[shape]:.2f}x" if shape in base else ""
            lines.append(f"| {shape} | {provider} | {n} | {ms:.0f} | {tps:,.0f} | {ratio} | {mfu:.1%} | "
                         f"{mfu_measured:.1%} | {mem:.1f} |")
        table = "\n".join(lines)
        print(table, flush=True)
        OUT_DIR.mkdir(exist_ok=True)
        (OUT_DIR / f"fsdp_x{world}.md").write_text(table + "\n")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
