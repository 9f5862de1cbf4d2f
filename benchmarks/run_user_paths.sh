#!/usr/bin/env bash
# bench_user_paths on one GPU (CUDA_VISIBLE_DEVICES picks it), with cold compilation caches, under a hard time limit.
#
#   bash benchmarks/run_user_paths.sh                                          # every row
#   LIMIT_S=300 bash benchmarks/run_user_paths.sh --only bert --only roberta --only flan-t5      # half A
#   LIMIT_S=300 bash benchmarks/run_user_paths.sh --only llama --only mixtral --only seamless    # half B
#
# Results: $OUT/user_paths.md (the table, rewritten after every row) and $OUT/user_paths.jsonl ($OUT defaults to
# benchmarks/out); the log in $OUT/user_paths.log. Rows start only while LIMIT_S minus 60 s remain, so the row
# running at the limit is the only one lost; the exit status is the command's (0: every measured row >= 0.98x).
set -u
cd "$(dirname "$0")/.."
OUT="${OUT:-benchmarks/out}"
LIMIT_S="${LIMIT_S:-480}"
mkdir -p "$OUT"
export OUT PYTHONPATH=".:${PYTHONPATH:-}" PYTHONUNBUFFERED=1
# Liger-Kernel (the peer of the Llama Trainer row) from the wheels in .whl/ where they were carried along; without
# it that row's stock side fails and the row does not count.
if ls .whl/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
        && export PYTHONPATH="$PYTHONPATH:/tmp/site"
fi
# Fresh inductor and Triton caches: the warm-up column is what a first run costs (both sides alike).
CACHE="$(mktemp -d)"
export TORCHINDUCTOR_CACHE_DIR="$CACHE/inductor" TRITON_CACHE_DIR="$CACHE/triton"
nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader || true
timeout --signal=TERM --kill-after=10 "$LIMIT_S" \
    python3 -m benchmarks.bench_user_paths --budget-s "$((LIMIT_S - 60))" "$@" 2>&1 | tee "$OUT/user_paths.log"
status=${PIPESTATUS[0]}
rm -rf "$CACHE"
echo "exit status $status (0: every measured row at or above the tolerance; 1: some under; 3: rows left; 124: time limit)"
exit "$status"
