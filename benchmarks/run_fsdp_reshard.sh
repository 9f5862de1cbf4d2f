#!/bin/bash
# FSDP2 Llama training on a 4-GPU machine in one device call (rows and logs under $OUT):
#   8b on GPUs 0,1: train_defaults (blocks kept gathered until backward: ParallelConfig's memory rule on an H200),
#                   the same resharded after forward (the previous default), Liger; then a 2-step profile
#   3b on GPUs 2,3 meanwhile: train_defaults, Liger
#   8b on all 4 GPUs: train_defaults, Liger
# Usage (device): bash benchmarks/run_fsdp_reshard.sh
set -u
source benchmarks/fsdp_env.sh
(
  launch 0,1 8b train_defaults
  launch 0,1 8b train_defaults --reshard-after-forward yes
  launch 0,1 8b liger
) &
(
  launch 2,3 3b train_defaults
  launch 2,3 3b liger
  launch 2,3 3b train_defaults --reshard-after-forward yes
) &
wait
CUDA_VISIBLE_DEVICES=0,1 timeout 200 torchrun --standalone --nproc-per-node 2 -m benchmarks.profile_fsdp \
  --provider train_defaults --shape 8b --trace-dir /tmp/traces > "$OUT/profile_2_8b.txt" 2>&1
tail -12 "$OUT/profile_2_8b.txt"
launch 0,1,2,3 8b train_defaults
launch 0,1,2,3 8b liger
report
