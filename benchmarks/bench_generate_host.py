"""Plain `generate()` of a zoo decoder against stock's, alternating, with the host and GPU work of one call counted.

    PYTHONPATH=. python3 benchmarks/bench_generate_host.py [--arch llama|mixtral|gptq]   # GPU machine (CPU: slowly)
    PYTHONPATH=. python3 benchmarks/bench_generate_host.py --arch gptq --python-profile 20   # + where the host goes

The zoo Llama runs stock's module forwards at inference (its Triton kernels are bound only in train mode), so its
`generate()` must take stock's time; the zoo Mixtral runs its fused MoE kernel. Two models from one checkpoint (the
user-path table's shape, bf16, random weights): stock and zoo. `gptq`: the Llama shape in float16 (stock) against the
same weights rounded to 4 bits (group 128) and written as an HF GPTQ checkpoint (zoo), as the user-path table's GPTQ
rows. Calls alternate between the models, each round starting with the other one, so drift of the host and the
place in the cycle fall on both alike; then one profiled call each: GPU kernels, their summed time (GPU-bound work),
host operators and host time per operator (host-bound work); with --python-profile N, the N Python functions with the
most own time in one call of each (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import tempfile
import time
from pathlib import Path

import torch
import transformers

import patchzoo
from benchmarks.user_paths.decoders import CONFIGS


ARCHES = [*CONFIGS, "gptq"]


def base_config(arch: str) -> tuple:
    """(config class, class name, shape) of the checkpoint --arch starts from: gptq quantizes the Llama one."""
    return CONFIGS["llama" if arch == "gptq" else arch]


def load_models(directory: Path, arch: str, device: torch.device) -> dict[str, torch.nn.Module]:
    class_name = base_config(arch)[1]
    dtype = torch.float16 if arch == "gptq" else torch.bfloat16
    kwargs = dict(dtype=dtype if device.type == "cuda" else torch.float32, device_map={"": device})
    zoo_directory = write_gptq(directory, device) if arch == "gptq" else directory
    models = {"stock": getattr(transformers, class_name).from_pretrained(directory, **kwargs),
              "zoo": getattr(patchzoo, class_name).from_pretrained(zoo_directory, **kwargs)}
    return {name: model.eval() for name, model in models.items()}


def write_gptq(directory: Path, device: torch.device) -> Path:
    """The checkpoint's decoder linears rounded to 4 bits, group 128, as an HF GPTQ checkpoint beside it."""
    from patchzoo.tiny.build import write_rounded_gptq_checkpoint

    source = transformers.LlamaForCausalLM.from_pretrained(directory, dtype=torch.float16, device_map={"": device})
    return write_rounded_gptq_checkpoint(source, directory / "gptq", 4, 128)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arch", choices=ARCHES, default="llama", help="the user-path table's shape")
    parser.add_argument("--rounds", type=int, default=5, help="timed calls per model, alternating")
    parser.add_argument("--new-tokens", type=int, default=64)
    parser.add_argument("--prompt", type=int, default=128, help="prompt tokens")
    parser.add_argument("--python-profile", type=int, default=0, metavar="N",
                        help="print the N Python functions with the most own time in one call of each model")
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        config_class, class_name, shape = base_config(args.arch)
        getattr(transformers, class_name)(config_class(**shape)).save_pretrained(tmp)
        models = load_models(Path(tmp), args.arch, device)
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
    for name, model in models.items() if args.python_profile else ():
        profiler = cProfile.Profile()
        profiler.runcall(call, model)
        print(f"\n{name}: the {args.python_profile} functions with the most own time in one call")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.python_profile)


if __name__ == "__main__":
    main()
