#!/usr/bin/env bash
# sentence-transformers encode(), stock vs zoo, on ONE GPU (respects CUDA_VISIBLE_DEVICES), ~5 minutes, 9 at most:
# batch 32 and 128, MiniLM-L6 / bert-base / XLM-R-base shapes, 4,000 sentences; the four providers (stock, zoo with its
# rule, zoo packing every padded batch, + CUDA graphs) are models of their own and take turns, one timed pass each per
# round, best of 4 rounds. Then, per row, where a batch's time goes for stock and the zoo (--profile): host ms in
# the encoder's forward, host-device syncs per batch (encode()'s blocking copies included) and inside the forward,
# launches per forward, GPU kernel ms per batch.
# Usage: OUT=/some/dir [BATCH_SIZES="128"] bash benchmarks/run_sentence_encode.sh   results: $OUT/sentence_encode.md, .log
set -uo pipefail
out=${OUT:-benchmarks/out}
mkdir -p "$out"
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
python3 -c "import torch, transformers, sentence_transformers as st; print(torch.__version__, transformers.__version__, \
'sentence-transformers', st.__version__, torch.cuda.get_device_name())" | tee "$out/versions.txt"
timeout -k 10 540 python3 benchmarks/bench_sentence_encode.py --sentences 4000 --repeats 4 --batch-sizes ${BATCH_SIZES:-32 128} \
  --profile >"$out/sentence_encode.log" 2>&1
rc=$?
grep -E '^(\||#)' "$out/sentence_encode.log" >"$out/sentence_encode.md"
cat "$out/sentence_encode.md"
echo "=== exit $rc: $(tail -1 "$out/sentence_encode.log")"
exit $rc
