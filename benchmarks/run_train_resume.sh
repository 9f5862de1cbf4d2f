#!/bin/bash
# `patchzoo train` on every GPU of the machine, killed with SIGKILL mid-way and resumed: the resumed losses against the
# uninterrupted run's, then the last checkpoint converted to HF and checked with `patchzoo parity --model`.
# A small Llama (hidden 1024, 8 layers) on the standard library's docstrings, seq 512, batch 8 per GPU, 60 steps,
# a checkpoint every 10; the kill lands after step 35 (so steps 31-35 are trained twice).
#   Usage (GPU machine): bash benchmarks/run_train_resume.sh [extra train args, e.g. --fp8]
set -u
OUT=${OUT:-benchmarks/out}; W=$OUT/resume; mkdir -p "$W"
export PYTHONPATH=.:/tmp/site${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
gpus=$(nvidia-smi -L | wc -l)
python3 -c "
import sys, types
from pathlib import Path
from benchmarks.loss_curve import write_run_dir
Path('$W/model').mkdir(parents=True, exist_ok=True)
write_run_dir(Path('$W/model'), types.SimpleNamespace(vocab=8192, hidden=1024, intermediate=2816, layers=8, seq_len=512))
" || exit 1
train() {  # ckpt-dir json [extra...]
  local dir=$1 json=$2; shift 2
  torchrun --standalone --nproc-per-node "$gpus" -m patchzoo.cli train --model "$W/model" --from-config \
    --data "$W/model/train.txt" --seq-len 512 --batch-size 8 --steps 60 --warmup-steps 10 --lr 1e-3 --log-every 1 \
    --ckpt-dir "$dir" --ckpt-every 10 --json "$json" "$@"
}
train "$W/straight" "$W/straight.jsonl" "$@" > "$W/straight.log" 2>&1 || { tail -20 "$W/straight.log"; exit 1; }
train "$W/killed" "$W/killed.jsonl" "$@" > "$W/killed.log" 2>&1 &
for _ in $(seq 600); do
  [ -f "$W/killed.jsonl" ] && [ "$(wc -l < "$W/killed.jsonl")" -ge 35 ] && break
  sleep 0.2
done
# SIGKILL to torchrun and every rank (torchrun starts each rank in a session of its own: killing its group is not enough)
pkill -9 -f -- "--ckpt-dir $W/killed"; wait
echo "killed after step $(wc -l < "$W/killed.jsonl"); complete checkpoints: $(ls "$W/killed" | tr '\n' ' ')"
train "$W/killed" "$W/resumed.jsonl" --resume "$@" > "$W/resumed.log" 2>&1 || { tail -20 "$W/resumed.log"; exit 1; }
head -1 "$W/resumed.log"
python3 - "$W" <<'EOF'
import json, sys
from pathlib import Path
w = Path(sys.argv[1])
read = lambda name: {r["step"]: r["loss"] for r in map(json.loads, (w / name).read_text().splitlines())}
straight, resumed = read("straight.jsonl"), read("resumed.jsonl")
diffs = [abs(resumed[s] - straight[s]) for s in sorted(resumed)]
print(f"resumed steps {min(resumed)}-{max(resumed)}; max |loss - uninterrupted loss| = {max(diffs):.3g}; "
      f"bit-identical steps: {sum(d == 0 for d in diffs)}/{len(diffs)}; "
      f"loss step 1 {straight[1]:.4f} -> step 60 {straight[60]:.4f}")
EOF
python3 -m patchzoo.cli convert --dcp "$W/killed" --config "$W/model" --out "$W/hf" --dtype bf16 || exit 1
python3 -m patchzoo.cli parity --model "$W/hf" --dtype bf16
