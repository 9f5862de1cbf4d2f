"""The paths users take, stock class against zoo class, in one process on one GPU: one table, one exit status.

    python -m benchmarks.bench_user_paths                          # every row (GPU)
    python -m benchmarks.bench_user_paths --list                   # row names, nothing run
    python -m benchmarks.bench_user_paths --only bert --only t5    # rows whose name contains any of these
    python -m benchmarks.bench_user_paths --device cpu --tiny      # CPU smoke run on tiny configs

Each row loads one random checkpoint with `transformers.<Class>.from_pretrained` and with
`patchzoo.<Class>.from_pretrained` (same weights, same data) and times the call users make:
eval forward over padded batches (lognormal lengths), generate() (default cache, static cache eager, static cache
as transformers compiles it), HF Trainer for a fixed number of steps (plain, fp16/bf16 mixed precision,
torch_compile=True; steady-state step AND the whole trainer.train() run, warm-up included). Columns: time per
call/step/run on each side, zoo / stock speed ratio, warm-up seconds (first use above the steady time:
compilation, graph capture, autotuning), peak allocated GiB, and notes (patchzoo's log lines from the zoo side:
fallbacks to stock's code, each logged once per process). Each side of an eval-forward or generate() row is
measured twice, in the order stock, zoo, zoo, stock, and keeps its faster time (host-bound calls drift and depend
on what ran before them; `--no-alternate`: stock then zoo, once each, half the time); Trainer rows run once a side.
Shapes: bert-base, roberta-base, flan-t5-base, Llama 3.2 1B, Mixtral (8 experts, hidden 1024, 8 layers),
SeamlessM4T-v2 text at its real width, GPTQ 4-bit Llama 1B shape (stock side: the same model in float16).

Exit status: 0 when every measured row's ratio is >= --tolerance (default 0.98: run-to-run noise of these
measurements on one GPU is a few percent); 1 when some row is under it, or the zoo fails where stock runs;
3 when no row is under but some were not measured (--budget-s spent). Rows stock cannot run do not count.
Output: the table on stdout and in $OUT/user_paths.md, one JSON line per row in $OUT/user_paths.jsonl
($OUT defaults to benchmarks/out).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import torch
import transformers

from benchmarks.common import environment_versions
from benchmarks.user_paths import all_paths, select
from benchmarks.user_paths.core import Env, run_path, summarize


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[], metavar="SUBSTRING",
                        help="run the rows whose name contains this, case-insensitive (repeatable: any of them)")
    parser.add_argument("--list", action="store_true", help="print the selected row names and exit")
    parser.add_argument("--device", default="cuda", help="cuda (default) or cpu")
    parser.add_argument("--tiny", action="store_true", help="tiny configs, few steps, float32 (the CPU smoke run)")
    parser.add_argument("--tolerance", type=float, default=0.98,
                        help="a row passes at zoo/stock >= this (default 0.98: measurement noise)")
    parser.add_argument("--budget-s", type=float, default=float("inf"),
                        help="start no row after this many seconds (the rest are listed as not measured)")
    parser.add_argument("--alternate", action=argparse.BooleanOptionalAction, default=True,
                        help="eval-forward and generate() rows: stock, zoo, zoo, stock, each side's faster time "
                             "(default); --no-alternate: stock then zoo, once each")
    parser.add_argument("--out", type=Path, default=Path(os.environ.get("OUT") or Path(__file__).parent / "out"))
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    only = args.only
    paths = select(all_paths(), only)
    if args.list:
        print("\n".join(p.name + ("  [CUDA only]" if p.needs_cuda else "") for p in paths))
        return 0
    if not paths:
        print(f"no row matches {only}", file=sys.stderr)
        return 2
    transformers.logging.set_verbosity_error()  # load reports of heads a row adds: the same on both sides
    transformers.logging.disable_progress_bar()
    device = torch.device(args.device)
    if device.type == "cuda" and not torch.cuda.is_available():
        print("no CUDA device: use --device cpu --tiny for the CPU smoke run", file=sys.stderr)
        return 2
    gpu = torch.cuda.get_device_name(device) if device.type == "cuda" else "CPU"
    versions, date = environment_versions(), dt.date.today().isoformat()
    header = f"{gpu}; {versions}; {date}; tolerance {args.tolerance:.2f}"
    print(header, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    if device.type == "cuda":  # the process's first CUDA work (context, cuBLAS handles) is no row's warm-up
        torch.ones(1024, 1024, device=device).matmul(torch.ones(1024, 1024, device=device))
        torch.cuda.synchronize()
    deadline = time.monotonic() + args.budget_s
    results = []
    with tempfile.TemporaryDirectory(prefix="user_paths_") as workdir, \
            (args.out / "user_paths.jsonl").open("w") as jsonl:
        env = Env(device=device, tiny=args.tiny, workdir=workdir)
        for path in paths:
            start = time.monotonic()
            for result in run_path(path, env, deadline, args.alternate):
                results.append(result)
                jsonl.write(json.dumps({"gpu": gpu, "versions": versions, "date": date, **result.as_json()}) + "\n")
                jsonl.flush()
                ratio = "-" if result.ratio is None else f"{result.ratio:.2f}x"
                print(f"{result.path}: {ratio} {result.error or result.skipped or ''}", flush=True)
            print(f"  ({time.monotonic() - start:.0f} s)", flush=True)
            write_table(args.out, header, results, args.tolerance)  # after every row: a killed run keeps its rows
    text, status = write_table(args.out, header, results, args.tolerance)
    print("\n" + text, flush=True)
    return status


def write_table(out: Path, header: str, results: list, tolerance: float) -> tuple[str, int]:
    table, status = summarize(results, tolerance)
    text = header + "\n\n" + table
    (out / "user_paths.md").write_text(text + "\n")
    return text, status


if __name__ == "__main__":
    sys.exit(main())
