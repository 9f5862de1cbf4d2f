"""Plain `generate()` of a zoo decoder against stock's, alternating, with the host and GPU work of one call counted.

    PYTHONPATH=. python3 benchmarks/bench_generate_host.py [--arch llama|mixtral]   # GPU machine (CPU works, slowly)

The zoo Llama runs stock's module forwards at inference (its Triton kernels are bound only in train mode), so its
`generate()` must take stock's time; the zoo Mixtral runs its fused MoE kernel. Two models from one checkpoint (the
user-path table's shape, bf16, random weights): stock and zoo. Calls alternate between them, each round starting
with the other model, so drift of the host and the place in the cycle fall on both alike; then one profiled call
each: GPU kernels, their summed time (GPU-bound work), host operators and host time per operator (host-bound work).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import torch
import transformers

import patchzoo
from benchmarks.user_paths.decoders import CONFIGS


def load_models(directory: Path, class_name: str, device: torch.device) -> dict[str, torch.nn.Module]:
    kwargs = dict(dtype=torch.bfloat16 if device.type == "cuda" else torch.float32, device_map={"": device})
    models = {"stock": getattr(transformers, class_name).from_pretrained(directory, **kwargs),
              "zoo": getattr(patchzoo, class_name).from_pretrained(directory, **kwargs)}
    return {name: model.eval() for name, model in models.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arch", choices=sorted(CONFIGS), default="llama", help="the user-path table's shape")
    parser.add_argument("--rounds", type=int, default=5, help="timed calls per model, alternating")
    parser.add_argument("--new-tokens", type=int, default=64)
    parser.add_argument("--prompt", type=int, default=128, help="prompt tokens")
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        config_class, class_name, shape = CONFIGS[args.arch]
        getattr(transformers, class_name)(config_class(**shape)).save_pretrained(tmp)
        models = load_models(Path(tmp), class_name, device)
    ids = torch.randint(4, shape["vocab_size"], (1, args.prompt), device=device)
    kwargs = dict(max_new_tokens=args.new_tokens, min_new_tokens=args.new_tokens, do_sample=False, pad_token_id=0)

    def call(model) -> float:
        start = time.perf_counter()
        with torch.inference_mode():
            model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), **kwargs)
        if device.type == "cuda":
            torch.cuda.synchronize()
        return time.perf_counter() - start

    for model in models.values():
        call(model)  # warm-up: cuDNN plans per KV length, allocator
    times = {name: [] for name in models}
    names = list(models)
    for round_ in range(args.rounds):  # each round starts with the next model: no model always runs first
        for name in names[round_ % len(names):] + names[:round_ % len(names)]:
            times[name].append(call(models[name]))
    name0 = next(iter(models))
    print(f"{torch.cuda.get_device_name() if device.type == 'cuda' else 'CPU'}; torch {torch.__version__}, "
          f"transformers {transformers.__version__}; {args.arch}, batch 1, prompt {args.prompt}, "
          f"{args.new_tokens} new tokens")
    from torch.profiler import ProfilerActivity, profile

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device.type == "cuda" else [])
    for name, model in models.items():
        median = statistics.median(times[name])
        with profile(activities=activities) as prof:
            call(model)
        events = prof.key_averages()
        kernels = sum(e.count for e in events if e.device_type == torch.autograd.DeviceType.CUDA)
        gpu_ms = sum(e.self_device_time_total for e in events if e.device_type == torch.autograd.DeviceType.CUDA) / 1e3
        host_ops = sum(e.count for e in events if e.device_type == torch.autograd.DeviceType.CPU)
        host_us = sum(e.self_cpu_time_total for e in events if e.device_type == torch.autograd.DeviceType.CPU)
        print(f"{name:32s} median {median * 1e3:7.1f} ms ({statistics.median(times[name0]) / median:.2f}x stock) "
              f"calls {[round(t * 1e3) for t in times[name]]} ms; kernels {kernels} ({gpu_ms:.1f} ms), "
              f"host ops {host_ops}, host µs per op {host_us / max(host_ops, 1):.2f}")


if __name__ == "__main__":
    main()
