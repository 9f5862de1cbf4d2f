#!/bin/bash
# FLAN-T5-base float16 eager paths, stock vs zoo (benchmarks/bench_t5_paths.py) on one GPU: ~1.5 min, 150 s hard limit.
# Usage (device): bash benchmarks/run_t5_paths.sh       results: $OUT/t5_paths.md, $OUT/t5_paths.csv, $OUT/t5_paths.log
set -u
OUT=${OUT:-benchmarks/out}; mkdir -p "$OUT"; export OUT
export PYTHONPATH=.${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
timeout 150 python3 -m benchmarks.bench_t5_paths --budget-s 100 2>&1 | tee "$OUT/t5_paths.log"
exit "${PIPESTATUS[0]}"
