"""Where a short plain generate() call's fixed time goes (the prompt, the setup): wall ms of generate() at several
lengths, the prompt's forward alone, and a cProfile of one call.

profile_gptq_decode splits a call into a per-call and a per-token part; this looks inside the per-call part (51.9 ms
of a 64-token call on an H100, benchmarks/RESULTS.md), which at 32 new tokens is about a third of the call.

    PYTHONPATH=. python3 -m benchmarks.gptq_call_split --layers 32 --models "patchzoo GPTQ,fp16 (stock HF)"
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import tempfile
from pathlib import Path

import torch

from benchmarks.bench_gptq import DEVICE, generate_call, median_ms, serving_models


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", type=int, default=32, help="decoder layers of the Llama-3.1-8B shape")
    parser.add_argument("--models", default="patchzoo GPTQ",
                        help="comma-separated serving-table names (benchmarks/bench_gptq.py --serve-models)")
    parser.add_argument("--prompt", type=int, default=32, help="prompt tokens (batch 1)")
    parser.add_argument("--rows", type=int, default=45, help="rows of each cProfile table")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("gptq_call_split: needs a CUDA GPU (the graphed generate() runs only there)")
    names = [name.strip() for name in args.models.split(",") if name.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        models = serving_models(args.layers, Path(tmp), names)
    for name, (model, _) in models.items():
        prompt = torch.randint(4, 32000, (1, args.prompt), device=DEVICE)
        line = [f"{name}: forward of the prompt {median_ms(lambda: model(prompt), 5):.2f} ms"]
        for new in (1, 2, 3, 9, 33):
            line.append(f"generate {new}: {median_ms(generate_call(model, 1, args.prompt, new), 5):.2f}")
        print("; ".join(line), flush=True)
        call = generate_call(model, 1, args.prompt, 3)
        profile = cProfile.Profile()
        with torch.no_grad():
            call()
            torch.cuda.synchronize()
            profile.enable()
            call()
            torch.cuda.synchronize()
            profile.disable()
        for order in ("cumulative", "tottime"):
            text = io.StringIO()
            pstats.Stats(profile, stream=text).sort_stats(order).print_stats(args.rows)
            print(text.getvalue(), flush=True)


if __name__ == "__main__":
    main()
