#!/usr/bin/env bash
# One batched GPU session: integration checks and the benchmarks not yet measured, each step time-boxed
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

step parity 90 bash -c "python3 -m patchzoo.cli parity --device cuda --dtype float16; python3 -m patchzoo.cli parity --device cuda --dtype bfloat16"
step gpu_tests 150 python3 -m pytest -q -m gpu -rs tests/test_seamless.py tests/test_llama.py tests/test_t5.py tests/test_padding.py
step baseline 30 python3 -m benchmarks.bench_baseline
step seamless 140 python3 -m benchmarks.bench_seamless --budget-s 110
step fsdp 100 python3 -m benchmarks.bench_fsdp --steps 6 --warmup 3 --variants "ac-full+compile,no-ac+compile"
step gptq_decode 80 python3 -m benchmarks.bench_gptq --decode-only --layers 4
cp benchmarks/out/*.md "$out/" 2>/dev/null
tar czf "$out/bench_out.tgz" benchmarks/out 2>/dev/null
