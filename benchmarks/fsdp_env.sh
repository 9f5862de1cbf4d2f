# Sourced by the Llama training run_*.sh scripts (device machine, repository root): the peers' wheels from .whl/,
# the environment FSDP2 launches need (NVLink multicast off, ../shared/GPU.md), a version line, and:
#   launch GPUS SHAPE PROVIDER [bench_fsdp args...]   one bench_fsdp launch under torchrun on GPUS ("0,1"), its row
#                                                      appended to $OUT/rows_<n>_<shape>.jsonl, its log beside it
#   launch_each GPUS SHAPE PROVIDER...                 one launch per provider, one after another
#   report                                             the markdown table of every rows file
# LAUNCH_TIMEOUT_S (default 240) bounds each launch.
OUT=${OUT:-benchmarks/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=.:/tmp/site PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
python3 -c "import torch, transformers, triton, liger_kernel; print(torch.__version__, transformers.__version__, triton.__version__, torch.cuda.device_count(), torch.cuda.get_device_name())" || exit 1

launch() {
  local gpus=$1 shape=$2 provider=$3; shift 3
  local n=$(( $(tr -cd , <<<"$gpus" | wc -c) + 1 )) start=$SECONDS
  CUDA_VISIBLE_DEVICES=$gpus timeout "${LAUNCH_TIMEOUT_S:-240}" torchrun --standalone --nproc-per-node "$n" \
    -m benchmarks.bench_fsdp --provider "$provider" --shape "$shape" --out "$OUT/rows_${n}_$shape.jsonl" "$@" \
    >>"$OUT/log_${n}_$shape.txt" 2>&1
  echo "$gpus $shape $provider $* rc=$? $((SECONDS - start)) s"
  tail -1 "$OUT/rows_${n}_$shape.jsonl" 2>/dev/null | cut -c1-300
}

launch_each() {
  local gpus=$1 shape=$2 provider; shift 2
  for provider in "$@"; do launch "$gpus" "$shape" "$provider"; done
}

report() {
  local rows
  for rows in "$OUT"/rows_*.jsonl; do python3 -m benchmarks.bench_fsdp --report "$rows"; done
}
