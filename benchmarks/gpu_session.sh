#!/usr/bin/env bash
# One batched GPU run (600 s at most): what is not yet measured, each step time-boxed
# so one slow step cannot starve the rest. Usage on the GPU machine: bash benchmarks/gpu_session.sh OUTDIR
set -uo pipefail
out=${1:-benchmarks/out}
mkdir -p "$out" benchmarks/out
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
python3 -c "import torch, transformers, triton; print(torch.__version__, transformers.__version__, triton.__version__, torch.cuda.get_device_name())"
# No package index there (pip cannot fetch setuptools for an editable install): import from the tree.
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}

step() {  # step NAME SECONDS CMD...
  local name=$1 secs=$2; shift 2
  echo "=== $name ($(date +%T))"
  timeout "$secs" "$@" 2>&1 | tee "$out/$name.log" | tail -60
  echo "=== $name exit ${PIPESTATUS[0]}"
}

# GPU tests of the MoE training paths and the vocoder kernels; Mixtral training: the
# layer table (stock eager / grouped_mm, patchzoo grouped, patchzoo fused backward, floor) and the 4-layer step.
step gpu_tests 150 python3 -m pytest -q -m gpu -rs tests/test_moe_train_op.py tests/test_moe_grad.py tests/test_moe_training.py tests/test_hifigan_conv.py tests/test_hifigan_step.py tests/test_hifigan_upsample.py tests/test_seamless_vocoder.py
step moe_train_layer 120 python3 -m benchmarks.bench_moe --train
step moe_train_e2e 60 python3 -m benchmarks.bench_moe --train-e2e
# Every architecture's training step against stock's, every gradient.
step parity_train 60 python3 -m patchzoo.cli parity --train --device cuda --dtype bfloat16
cp benchmarks/out/*.md "$out/" 2>/dev/null
tar czf "$out/bench_out.tgz" benchmarks/out 2>/dev/null
