"""Llama training, stock against Liger-Kernel against patchzoo: one launch per (provider, shape), any world size.

    PYTHONPATH=. python3 -m benchmarks.bench_fsdp --provider zoo --shape 3b --out rows.jsonl       # one GPU
    torchrun --standalone --nproc-per-node N -m benchmarks.bench_fsdp --provider zoo --shape 8b --out rows.jsonl
    PYTHONPATH=. python3 -m benchmarks.bench_fsdp --report rows.jsonl                               # the table

One launch per provider because Liger patches transformers' Llama classes for the whole process
(`apply_liger_kernel_to_llama()`); every launch appends one JSON row to --out, --report prints the markdown table.
Shapes: Llama-3.2-1B / 3B (tied embeddings) and Llama-3.1-8B (untied), vocab 128,256, random weights (seed 0) and
random tokens (the same for every provider: the first losses must agree), batch 1 x seq-len per GPU, AdamW fused.

Settings by world size (the same for every provider of a launch):
  1 GPU     bf16 weights and optimizer state, no FSDP (nothing to shard), no activation checkpointing (AC)
  N GPUs    fp32 master weights, FSDP2 `fully_shard` per decoder layer and the root, bf16 compute, fp32 gradient
            reduce-scatter, no AC (--ac-every to add it where a shape does not fit)
Providers:
  hf_eager        stock LlamaForCausalLM (plain fully_shard per layer on N GPUs)
  hf_compile      the same, each decoder layer torch.compile'd
  liger           apply_liger_kernel_to_llama() (RMSNorm, RoPE, SwiGLU, fused linear cross-entropy), then as hf_eager
  liger_compile   the same with each decoder layer compiled
  zoo             patchzoo LlamaForCausalLM: Triton RMSNorm/SwiGLU/RoPE, fused LM head + loss, parallelize() without
                  compile (prefetching FSDP2 on N GPUs)
  zoo_compile     the same through parallelize() with per-block compile
  zoo_fp8         zoo_compile with the blocks' linear layers in float8 (torchao; float8 all-gather on N GPUs)
  train_defaults  the training library's defaults for this world size: default_parallel_config(world) (ParallelConfig())
                  and default_master_dtype(world) (patchzoo/training/trainer.py)
tokens/s is per GPU; MFU uses the PaLM FLOPs formula (patchzoo/training/flops.py) over 989 TFLOP/s (dense bf16
H100/H200 SXM). Peak memory: torch.cuda.max_memory_allocated over the whole run (weights, optimizer, activations).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import time
from pathlib import Path

import torch
import torch.distributed as dist
import transformers
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

from benchmarks.common import environment_versions
from patchzoo.commands.train import RESHARD_AFTER_FORWARD  # the same yes/no/auto as `patchzoo train`
from patchzoo.patches.float8 import after_optimizer_step
from patchzoo.patches.fsdp import ParallelConfig, parallelize
from patchzoo.training.flops import flops_per_token, model_flops_utilisation
from patchzoo.training.trainer import default_master_dtype, default_parallel_config, init_distributed

PEAK_TFLOPS = 989.0
COMMON = dict(vocab_size=128256, max_position_embeddings=8192, rope_theta=500000.0, num_key_value_heads=8)
SHAPES = {
    "1b": dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32, head_dim=64,
               tie_word_embeddings=True),
    "3b": dict(hidden_size=3072, intermediate_size=8192, num_hidden_layers=28, num_attention_heads=24, head_dim=128,
               tie_word_embeddings=True),
    "8b": dict(hidden_size=4096, intermediate_size=14336, num_hidden_layers=32, num_attention_heads=32, head_dim=128,
               tie_word_embeddings=False),
}
REDUCE_DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16}
PROVIDERS = ("hf_eager", "hf_compile", "liger", "liger_compile", "zoo", "zoo_compile", "zoo_fp8", "train_defaults")


def build(provider: str, config: transformers.LlamaConfig, device: torch.device, world: int, ac_every: int,
          reshard: bool | None = None, prefetch: int | None = None, reduce_dtype: torch.dtype | None = None):
    """(model, optimizer) for one provider on this rank, built on the GPU with seed 0."""
    torch.manual_seed(0)
    stock = provider.startswith(("hf", "liger"))
    if provider.startswith("liger"):
        from liger_kernel.transformers import apply_liger_kernel_to_llama

        apply_liger_kernel_to_llama()  # patches transformers' Llama classes: build the model after it
    if stock:
        model_cls = transformers.LlamaForCausalLM
    else:
        from patchzoo import LlamaForCausalLM as model_cls
    master = torch.bfloat16 if world == 1 else torch.float32
    if provider == "train_defaults":
        master = default_master_dtype(world)
    with device:
        model = model_cls(config).to(master).train()
    if not stock:
        model.fused_training_loss = True  # the loop reads only .loss, as `patchzoo train`
        if provider == "train_defaults":
            parallel = default_parallel_config(world)
        else:
            parallel = ParallelConfig(ac_every=ac_every, compile=provider in ("zoo_compile", "zoo_fp8"),
                                      float8=provider == "zoo_fp8")
        if reshard is not None:
            parallel = dataclasses.replace(parallel, reshard_after_forward=reshard)
        if prefetch is not None:
            parallel = dataclasses.replace(parallel, prefetch=prefetch)
        if reduce_dtype is not None:
            parallel = dataclasses.replace(parallel, reduce_dtype=reduce_dtype)
        parallelize(model, init_device_mesh("cuda", (world,)), parallel)
    else:
        layers = list(model.model.layers)
        if ac_every:
            from patchzoo.patches.fsdp import apply_activation_checkpointing

            apply_activation_checkpointing(layers, ac_every, "full")
        if provider.endswith("compile"):
            for layer in layers:
                layer.compile()
        if world > 1:  # plain FSDP2: what a user of stock (+ Liger) writes
            mp = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=reduce_dtype or torch.float32)
            mesh = init_device_mesh("cuda", (world,))
            for layer in layers:
                fully_shard(layer, mesh=mesh, mp_policy=mp)
            fully_shard(model, mesh=mesh, mp_policy=mp)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)


def run_steps(model, optimizer, device, seq_len: int, steps: int, warmup: int, rank: int, world: int):
    """(seconds per step, median over the steps after `warmup`; the losses of every step, mean over ranks)."""
    times, losses = [], []
    vocab = model.config.vocab_size
    for step in range(warmup + steps):
        g = torch.Generator().manual_seed(step * world + rank)  # the same tokens for every provider
        ids = torch.randint(0, vocab, (1, seq_len), generator=g).to(device)
        torch.cuda.synchronize(device)
        start = time.perf_counter()
        loss = model(input_ids=ids, labels=ids, use_cache=False).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        after_optimizer_step(model)  # float8 all-gather: the next step's weight scales (nothing otherwise)
        torch.cuda.synchronize(device)
        if step >= warmup:
            times.append(time.perf_counter() - start)
        loss = loss.detach().float()
        if world > 1:
            dist.all_reduce(loss)
        losses.append(loss.item() / world)
    return sorted(times)[len(times) // 2], losses


def measure(args) -> None:
    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    config = transformers.LlamaConfig(**COMMON, **SHAPES[args.shape])
    config._attn_implementation = "sdpa"
    per_token = flops_per_token(_meta_model(config), args.seq_len)
    reshard = RESHARD_AFTER_FORWARD[args.reshard_after_forward]
    provider = args.provider + ("" if reshard is None else f" (reshard_after_forward={reshard})")
    provider += "" if args.prefetch is None else f" (prefetch={args.prefetch})"
    reduce_dtype = REDUCE_DTYPES.get(args.reduce_dtype)
    provider += "" if reduce_dtype is None else f" (reduce {args.reduce_dtype})"
    row = dict(shape=args.shape, provider=provider, gpus=world, gpu=torch.cuda.get_device_name(device),
               versions=environment_versions(), date=time.strftime("%Y-%m-%d"), seq_len=args.seq_len,
               steps=args.steps, warmup=args.warmup, ac_every=args.ac_every)
    torch.cuda.reset_peak_memory_stats(device)
    try:
        model, optimizer = build(args.provider, config, device, world, args.ac_every, reshard, args.prefetch,
                                 reduce_dtype)
        seconds, losses = run_steps(model, optimizer, device, args.seq_len, args.steps, args.warmup, rank, world)
    except torch.OutOfMemoryError:
        row.update(error="out of memory")
    else:
        tokens_per_s = args.seq_len / seconds  # per GPU
        row.update(ms=seconds * 1e3, tokens_per_s=tokens_per_s,
                   mfu=model_flops_utilisation(tokens_per_s, per_token, 1, PEAK_TFLOPS), losses=losses[:3])
    peak = torch.tensor(torch.cuda.max_memory_allocated(device) / 2**30, device=device)
    if world > 1:
        dist.all_reduce(peak, op=dist.ReduceOp.MAX)
    row.update(peak_gib=peak.item())
    if rank == 0:
        print(json.dumps(row), flush=True)
        with open(args.out, "a") as f:
            f.write(json.dumps(row) + "\n")
    dist.destroy_process_group()


def _meta_model(config):
    with torch.device("meta"):
        return transformers.LlamaForCausalLM(config)


def report(path: str) -> str:
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    lines = []
    for (gpus, shape) in dict.fromkeys((r["gpus"], r["shape"]) for r in rows):
        group = [r for r in rows if r["gpus"] == gpus and r["shape"] == shape]
        first = group[0]
        base = {r["provider"]: r.get("tokens_per_s") for r in group}
        liger = base.get("liger")
        lines += [f"**{shape}, {gpus} GPU{'s' if gpus > 1 else ''}** ({first['gpu']}; {first['versions']}; "
                  f"{first['date']}; seq {first['seq_len']}, batch 1 per GPU, median of {first['steps']} steps after "
                  f"{first['warmup']})", "",
                  "| provider | ms/step | tokens/s per GPU | vs hf_eager | vs liger | MFU of 989 | peak GiB "
                  "| first losses |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in group:
            if "error" in r:
                lines.append(f"| {r['provider']} | {r['error']} | | | | | {r['peak_gib']:.1f} | |")
                continue
            vs = lambda b: f"{r['tokens_per_s'] / b:.2f}x" if b else ""  # noqa: E731
            losses = " ".join(f"{x:.4f}" for x in r["losses"])
            lines.append(f"| {r['provider']} | {r['ms']:.0f} | {r['tokens_per_s']:,.0f} | {vs(base.get('hf_eager'))} | "
                         f"{vs(liger)} | {r['mfu']:.1%} | {r['peak_gib']:.1f} | {losses} |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--provider", choices=PROVIDERS)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="3b")
    parser.add_argument("--steps", type=int, default=5, help="timed steps (median)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps first (compile, allocator)")
    parser.add_argument("--seq-len", type=int, default=4096)
    parser.add_argument("--ac-every", type=int, default=0, help="activation checkpointing every n-th block (0: none)")
    parser.add_argument("--reshard-after-forward", choices=sorted(RESHARD_AFTER_FORWARD), default="auto",
                        help="zoo providers on N GPUs: free each gathered block after its forward (yes), keep it "
                             "gathered until backward (no), or ParallelConfig's memory rule (auto)")
    parser.add_argument("--prefetch", type=int, help="zoo providers on N GPUs: blocks whose all-gather is issued "
                                                     "ahead (ParallelConfig.prefetch; default its own)")
    parser.add_argument("--reduce-dtype", choices=sorted(REDUCE_DTYPES),
                        help="every provider on N GPUs: dtype of the gradient reduce-scatter (default fp32)")
    parser.add_argument("--out", default="benchmarks/out/fsdp_rows.jsonl",
                        help="JSON lines file the row is appended to")
    parser.add_argument("--report", metavar="ROWS", help="print the markdown table of a rows file and exit")
    args = parser.parse_args()
    if args.report:
        print(report(args.report))
        return
    if args.provider is None:
        parser.error("--provider is required (one launch per provider)")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    measure(args)


if __name__ == "__main__":
    main()
