"""Where a plain generate() of the Llama-3.1-8B shape spends its time: GPU busy and idle, and GPU time per kernel.

    PYTHONPATH=. python3 -m benchmarks.profile_gptq_decode --layers 32 --models "patchzoo GPTQ,patchzoo fp16"

The serving table's models (benchmarks/bench_gptq.py: random weights, the GPTQ ones written as an HF checkpoint and
loaded through from_pretrained), one greedy generate() call each under torch.profiler after two warm-up calls. Kernels
replayed from the decoding step's CUDA graph are recorded one by one, so the kernel table shows what the step is made
of: divide its µs by the new tokens for a per-token figure. The profiler adds host time per operation, so the idle
column reads larger than in an unprofiled call: compare models under the same profiler, not with the timed tables.

`--fixed-part` looks inside a call's fixed part instead (the prompt, the set-up: 51.9 ms of a 64-token call of the
GPTQ model on an H100, benchmarks/RESULTS.md, about a third of a 32-token call): the prompt's forward alone,
generate() at 1 / 2 / 3 / 9 / 33 new tokens, and a cProfile of a 3-token call, by cumulative and by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import tempfile
from pathlib import Path

import torch

from benchmarks.bench_gptq import DEVICE, generate_call, median_ms, serving_models, set_step_variant
from benchmarks.timeline import idle_report
from patchzoo.patches import decode_graphs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", type=int, default=32, help="decoder layers of the Llama-3.1-8B shape")
    parser.add_argument("--models", default="patchzoo GPTQ,patchzoo fp16",
                        help="comma-separated serving-table names (benchmarks/bench_gptq.py --serve-models)")
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--prompt", type=int, default=32, help="prompt tokens")
    parser.add_argument("--new-tokens", type=int, default=64)
    parser.add_argument("--rows", type=int, default=24, help="rows per table")
    parser.add_argument("--fixed-part", action="store_true",
                        help="time and cProfile a short call's fixed part (the prompt, the set-up) instead")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("profile_gptq_decode: needs a CUDA GPU (the graphed decoding step runs only there)")

    names = [name.strip() for name in args.models.split(",") if name.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        models = serving_models(args.layers, Path(tmp), names)
    print(f"{torch.cuda.get_device_name()}; torch {torch.__version__}; Llama-3.1-8B shape x{args.layers} layers, "
          f"batch {args.batch}, prompt {args.prompt}, {args.new_tokens} new tokens, one call per model\n", flush=True)
    for name, (model, note) in models.items():
        set_step_variant(model, name)
        call = generate_call(model, args.batch, args.prompt, args.new_tokens)
        with torch.no_grad():
            if args.fixed_part:
                print(f"{name} ({note})\n{fixed_part_report(model, args)}", flush=True)
                continue
            print(token_time_split(model, args), flush=True)
            print(idle_report(f"{name} ({note})", call, steps=1, rows=args.rows), "\n", flush=True)


def token_time_split(model, args) -> str:
    """A generate() call's time as a fixed part (the prompt, setup) plus a per-token part, from two call lengths, and
    the per-token part against one replay of the captured step graph alone: what is left is the host's share."""
    short, long = args.new_tokens, 4 * args.new_tokens
    short_ms = median_ms(generate_call(model, args.batch, args.prompt, short))
    long_ms = median_ms(generate_call(model, args.batch, args.prompt, long))
    per_token = (long_ms - short_ms) / (long - short)
    fixed = short_ms - short * per_token
    line = (f"generate(): {fixed:.2f} ms per call + {per_token * 1e3:.1f} µs per token "
            f"({short} tokens: {short_ms / short * 1e3:.1f} µs a token)")
    cache = decode_graphs._held.get(model)
    steps = [step for step in (cache.graphs.values() if cache is not None else ()) if step is not None]
    if not steps:
        return line + "; no captured step to replay"
    graph, _ = steps[0]
    positions = [layer.cumulative_length.clone() for layer in cache.layers]
    replays = min(long, cache.capacity - args.prompt - 1)  # every replay writes the next slot: stay inside the cache
    for layer in cache.layers:
        layer.cumulative_length.fill_(args.prompt)
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start[0].record()
    for _ in range(replays):
        graph()
    start[1].record()
    torch.cuda.synchronize()
    for layer, position in zip(cache.layers, positions):
        layer.cumulative_length.copy_(position)
    replay = start[0].elapsed_time(start[1]) * 1e3 / replays
    return (line + f"; the step graph alone {replay:.1f} µs a replay ({replays} back to back): "
            f"{per_token * 1e3 - replay:.1f} µs a token outside it")


def fixed_part_report(model, args) -> str:
    """Wall ms of the prompt's forward and of short generate() calls, and a cProfile of a 3-token call (host time:
    with the GPU ahead of a host-bound call, what the host spends is what the call takes)."""
    prompt = torch.randint(4, 32000, (args.batch, args.prompt), device=DEVICE)
    lines = [f"forward of the prompt {median_ms(lambda: model(prompt), 5):.2f} ms"]
    lines += [f"generate() of {new}: {median_ms(generate_call(model, args.batch, args.prompt, new), 5):.2f} ms"
              for new in (1, 2, 3, 9, 33)]
    call = generate_call(model, args.batch, args.prompt, 3)
    call()
    torch.cuda.synchronize()
    profile = cProfile.Profile()
    profile.enable()
    call()
    torch.cuda.synchronize()
    profile.disable()
    for order in ("cumulative", "tottime"):
        text = io.StringIO()
        pstats.Stats(profile, stream=text).sort_stats(order).print_stats(args.rows)
        lines.append(text.getvalue())
    return "\n".join(lines)


if __name__ == "__main__":
    main()
