#!/usr/bin/env bash
# Compile warm-up of a bert-base MLM fine-tune (40 varied batch shapes, fp16), stock vs zoo, on ONE GPU (honours
# CUDA_VISIBLE_DEVICES). Writes $OUT/bert_compile.md (default benchmarks/out). Hard limit: 540 s.
set -euo pipefail
OUT="${OUT:-benchmarks/out}"
mkdir -p "$OUT"
export PYTHONPATH=".:${PYTHONPATH:-}"
timeout 540 python3 benchmarks/bench_bert_compile.py --steps 40 --shape bert-base --device cuda | tee "$OUT/bert_compile.md"
