#!/bin/bash
# FSDP2 Llama training, gradient reduce-scatter in fp32 against bf16, on a 4-GPU machine in one device call
# (rows and logs under $OUT):
#   8b on GPUs 0,1: train_defaults; the same resharded after forward with a bf16 reduce-scatter; Liger in fp32 and
#                   in bf16; a 2-step profile of the resharded bf16 run; train_defaults with a bf16 reduce-scatter
#   3b on GPUs 2,3 meanwhile: train_defaults and Liger, fp32 and bf16; then one GPU each (the scaling reference)
# `again`: the 3B pairs once more in alternation, 3B and 8B resharded with bf16, 8B with two blocks of prefetch, on
#   GPUs 2,3 while GPUs 0,1 run the 300-step loss curves of fp32 against bf16 reduce-scatter (benchmarks/loss_curve.py)
# Usage (device): bash benchmarks/run_fsdp_reduce_dtype.sh [again]
set -u
source benchmarks/fsdp_env.sh
LAUNCH_TIMEOUT_S=200
if [ "${1:-}" = again ]; then
  (
    CUDA_VISIBLE_DEVICES=0,1 timeout 300 torchrun --standalone --nproc-per-node 2 -m benchmarks.loss_curve \
      --variant bf16-reduce --steps 300 --out "$OUT/bf16_reduce_curve.jsonl" > "$OUT/loss_curve.txt" 2>&1
    echo "loss curve rc=$?"; grep -v "^\[rank" "$OUT/loss_curve.txt" | tail -40
  ) &
  (
    for dtype in fp32 bf16 fp32 bf16; do launch 2,3 3b train_defaults --reduce-dtype $dtype; done
    launch 2,3 3b liger
    launch 2,3 3b train_defaults --reshard-after-forward yes --reduce-dtype bf16
    launch 2,3 8b train_defaults --reshard-after-forward yes --reduce-dtype bf16 --prefetch 2
    launch 2,3 8b train_defaults --reduce-dtype bf16 --prefetch 2
  ) &
  wait
  report
  exit 0
fi
(
  launch 0,1 8b train_defaults
  launch 0,1 8b train_defaults --reshard-after-forward yes --reduce-dtype bf16
  launch 0,1 8b liger
  launch 0,1 8b liger --reduce-dtype bf16
  CUDA_VISIBLE_DEVICES=0,1 timeout 200 torchrun --standalone --nproc-per-node 2 -m benchmarks.profile_fsdp \
    --provider train_defaults --shape 8b --reshard-after-forward yes --reduce-dtype bf16 --trace-dir /tmp/traces \
    > "$OUT/profile_2_8b.txt" 2>&1
  tail -1 "$OUT/profile_2_8b.txt" | cut -c1-1500
  launch 0,1 8b train_defaults --reduce-dtype bf16
) &
(
  launch 2,3 3b train_defaults
  launch 2,3 3b train_defaults --reduce-dtype bf16
  launch 2,3 3b liger
  launch 2,3 3b liger --reduce-dtype bf16
  launch 2 3b train_defaults
  launch 3 3b liger
) &
wait
report
