#!/bin/bash
# One GPU-machine call of the Llama training work (issue 39): GPU tests, then benchmark launches, rows under $OUT.
#   stage "one":  GPU tests + SDPA backends on GPU 0, then the one-GPU providers, 3b on GPU 0 and 1b on GPU 1
#   stage "two":  FSDP2 on every GPU of the machine (torchrun), 8b and 3b
#   stage "both": a shorter "one" (GPU tests, 1b and 3b side by side) then "two"
# Usage (device): bash benchmarks/run_llama_training.sh one|two [providers...]
set -u
stage=$1; shift
LAUNCH_TIMEOUT_S=300
source benchmarks/fsdp_env.sh
if [ "$stage" = one ]; then
  CUDA_VISIBLE_DEVICES=0 timeout 240 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_rms_norm.py tests/test_swiglu.py tests/test_rope.py tests/test_llama_training_kernels.py tests/test_train_llama_fast_path.py 2>&1 | tail -15
  CUDA_VISIBLE_DEVICES=1 timeout 120 python3 -m benchmarks.bench_sdpa_backends > "$OUT/sdpa.txt" 2>&1 &
  wait
  providers=${*:-hf_eager liger zoo zoo_compile hf_compile liger_compile}
  launch_each 0 3b $providers &
  launch_each 1 1b $providers &
  wait
fi
if [ "$stage" = both ]; then
  CUDA_VISIBLE_DEVICES=0 timeout 240 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_rms_norm.py tests/test_swiglu.py tests/test_rope.py tests/test_llama_training_kernels.py tests/test_train_llama_fast_path.py tests/test_linear_cross_entropy.py 2>&1 | tail -15
  launch_each 0 3b ${ONE_GPU:-zoo zoo_compile liger} &
  launch_each 1 1b ${ONE_GPU:-zoo zoo_compile liger} &
  wait
fi
if [ "$stage" != one ]; then
  all=$(seq -s, 0 $(( $(nvidia-smi -L | wc -l) - 1 )))
  providers=${*:-train_defaults liger hf_eager}
  for shape in ${MULTI_SHAPES:-8b 3b}; do launch_each "$all" "$shape" $providers; done
fi
report
cat "$OUT/sdpa.txt" 2>/dev/null
