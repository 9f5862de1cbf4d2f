#!/usr/bin/env bash
# The encoders on the paths users take, on ONE GPU (respects CUDA_VISIBLE_DEVICES), 6 minutes at most:
#   1. the encoders' GPU tests (packing rule, graphs, compile, export)                          <= 80 s
#   2. sentence-transformers encode(), batch 32 and 128, MiniLM / bert-base / XLM-R-base shapes,
#      with the forward-only sweep (PackingRule's bounds) and bert-base 64 x 512 without padding  <= 140 s
#   3. torch.compile warm-up of a bert-base MLM fine-tune over 40 varied batch shapes             <= 125 s
# Tables go to $OUT (default benchmarks/out): one .md per step, the full log beside it.
# Usage: OUT=/some/dir bash benchmarks/run_encoder_paths.sh
set -uo pipefail
out=${OUT:-benchmarks/out}
mkdir -p "$out"
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
python3 -c "import torch, transformers, triton; print(torch.__version__, transformers.__version__, triton.__version__, torch.cuda.get_device_name())" | tee "$out/versions.txt"

step() {  # step NAME SECONDS CMD...
  local name=$1 secs=$2; shift 2
  local start=$SECONDS
  timeout -k 10 "$secs" "$@" >"$out/$name.log" 2>&1
  local rc=$?
  grep -E '^(\||#)' "$out/$name.log" >"$out/$name.md"
  echo "=== $name exit $rc in $((SECONDS - start)) s: $(tail -1 "$out/$name.log")"
}

step tests_encoders 80 python3 -m pytest -q -m gpu -p no:cacheprovider -rs tests/test_bert_packing_rule.py \
  tests/test_bert_graphs.py tests/test_roberta.py tests/test_bert.py tests/test_bert_compile.py tests/test_bias_grad.py
# 4,000 sentences per row (RESULTS.md's bert-base and XLM-R rows used as many); two timed passes each.
step sentence_encode 140 python3 benchmarks/bench_sentence_encode.py --sentences 4000 --repeats 2 --batch-sizes 32 128 \
  --sweep --no-padding-case
step bert_compile 125 python3 benchmarks/bench_bert_compile.py --steps 40 --shape bert-base
cat "$out"/sentence_encode.md "$out"/bert_compile.md
