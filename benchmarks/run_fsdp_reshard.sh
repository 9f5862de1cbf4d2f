#!/bin/bash
# FSDP2 Llama training on a 4-GPU machine in one device call (rows and logs under $OUT):
#   8b on GPUs 0,1: train_defaults (blocks kept gathered until backward: ParallelConfig's memory rule on an H200),
#                   the same resharded after forward (the previous default), Liger; then a 2-step profile
#   3b on GPUs 2,3 meanwhile: train_defaults, Liger
#   8b on all 4 GPUs: train_defaults, Liger
# Usage (device): bash benchmarks/run_fsdp_reshard.sh
set -u
OUT=${OUT:-benchmarks/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=.:/tmp/site PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
python3 -c "import torch, transformers, liger_kernel; print(torch.__version__, transformers.__version__, torch.cuda.device_count(), torch.cuda.get_device_name())" || exit 1
launch() {  # gpu-list shape provider [bench_fsdp args...]
  local gpus=$1 shape=$2 provider=$3; shift 3
  local n=$(( $(tr -cd , <<<"$gpus" | wc -c) + 1 ))
  CUDA_VISIBLE_DEVICES=$gpus timeout 240 torchrun --standalone --nproc-per-node "$n" \
    -m benchmarks.bench_fsdp --provider "$provider" --shape "$shape" --out "$OUT/rows_${n}_$shape.jsonl" "$@" \
    >>"$OUT/log_${n}_$shape.txt" 2>&1
  echo "$gpus $shape $provider $* rc=$?"; tail -1 "$OUT/rows_${n}_$shape.jsonl" 2>/dev/null | cut -c1-300
}
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
for f in "$OUT"/rows_*.jsonl; do python3 -m benchmarks.bench_fsdp --report "$f"; done
