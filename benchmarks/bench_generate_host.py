"""Plain `generate()` of the zoo Llama against stock's, alternating, with the host work of one call counted.

    PYTHONPATH=. python3 benchmarks/bench_generate_host.py          # on the GPU machine (CPU works too, slowly)

The zoo Llama runs stock's code at inference (its Triton kernels run only in train mode), so its `generate()` must
take stock's time. Three models from one checkpoint (Llama-3.2-1B shape, bf16, random weights): stock, zoo, and zoo
with every training forward unbound (`use_training_kernels(model, False, False, False, False)`). Calls alternate
between them, each round starting with the next model (stock, zoo, unbound; zoo, unbound, stock; ...), so drift
of the host and the place in the cycle fall on all three alike; then one profiled call each: GPU kernels and
host operators per call (equal counts: the same work), and the host time per operator.
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
from patchzoo.models.llama import use_training_kernels

CONFIG = CONFIGS["llama"][2]  # the user-path table's llama-1b, whose generate() row this explains


def load_models(directory: Path, device: torch.device) -> dict[str, torch.nn.Module]:
    kwargs = dict(dtype=torch.bfloat16 if device.type == "cuda" else torch.float32, device_map={"": device})
    models = {"stock": transformers.LlamaForCausalLM.from_pretrained(directory, **kwargs),
              "zoo": patchzoo.LlamaForCausalLM.from_pretrained(directory, **kwargs),
              "zoo, training forwards unbound": patchzoo.LlamaForCausalLM.from_pretrained(directory, **kwargs)}
    use_training_kernels(models["zoo, training forwards unbound"], False, False, False, False)
    return {name: model.eval() for name, model in models.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="timed calls per model, alternating")
    parser.add_argument("--new-tokens", type=int, default=64)
    parser.add_argument("--prompt", type=int, default=128, help="prompt tokens")
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        transformers.LlamaForCausalLM(transformers.LlamaConfig(**CONFIG)).save_pretrained(tmp)
        models = load_models(Path(tmp), device)
    ids = torch.randint(4, CONFIG["vocab_size"], (1, args.prompt), device=device)
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
          f"transformers {transformers.__version__}; batch 1, prompt {args.prompt}, {args.new_tokens} new tokens")
    from torch.profiler import ProfilerActivity, profile

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device.type == "cuda" else [])
    for name, model in models.items():
        median = statistics.median(times[name])
        with profile(activities=activities) as prof:
            call(model)
        events = prof.key_averages()
        kernels = sum(e.count for e in events if e.device_type == torch.autograd.DeviceType.CUDA)
        host_ops = sum(e.count for e in events if e.device_type == torch.autograd.DeviceType.CPU)
        host_us = sum(e.self_cpu_time_total for e in events if e.device_type == torch.autograd.DeviceType.CPU)
        print(f"{name:32s} median {median * 1e3:7.1f} ms ({statistics.median(times[name0]) / median:.2f}x stock) "
              f"calls {[round(t * 1e3) for t in times[name]]} ms; kernels {kernels}, host ops {host_ops}, "
              f"host µs per op {host_us / max(host_ops, 1):.2f}")


if __name__ == "__main__":
    main()
