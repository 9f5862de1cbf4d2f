#!/usr/bin/env bash
# One batched GPU run (600 s at most) on a machine of 4 GPUs: the GPU tests split over the GPUs in parallel, the
# encoders' parity and sentence-transformers benchmark beside them, then the Llama training benchmark under
# torchrun on all GPUs. Each step is time-boxed so one slow step cannot starve the rest.
# Usage on the GPU machine: bash benchmarks/run_gpu_batch.sh OUTDIR   (liger-kernel's wheel in .whl/)
set -uo pipefail
out=${1:-benchmarks/out}
mkdir -p "$out"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
# No package index there (pip cannot fetch setuptools for an editable install): import from the tree.
export PYTHONPATH=$PWD:/tmp/site PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
python3 -c "import torch, transformers, triton; print(torch.__version__, transformers.__version__, triton.__version__, torch.cuda.device_count(), torch.cuda.get_device_name())"

step() {  # step GPU NAME SECONDS CMD...
  local gpu=$1 name=$2 secs=$3; shift 3
  CUDA_VISIBLE_DEVICES=$gpu timeout "$secs" "$@" >"$out/$name.log" 2>&1
  echo "=== $name (GPU $gpu) exit $?: $(tail -1 "$out/$name.log")"
}

(step 0 tests_moe 220 python3 -m pytest -q -m gpu -p no:cacheprovider -rs tests/test_moe_kernel.py tests/test_moe_grad.py tests/test_moe_train_op.py tests/test_moe_training.py tests/test_mixtral.py) &
(step 1 tests_encoders_gptq 160 python3 -m pytest -q -m gpu -p no:cacheprovider -rs tests/test_bert.py tests/test_bert_compile.py tests/test_bert_graphs.py tests/test_roberta.py tests/test_padding.py tests/test_bias_grad.py tests/test_gptq_kernel.py tests/test_decode_linear.py tests/test_llama.py
 step 1 parity_encoders 60 python3 -m patchzoo.cli parity --arch bert --arch roberta --arch xlm_roberta --device cuda --dtype float16) &
(step 2 tests_seamless 220 python3 -m pytest -q -m gpu -p no:cacheprovider -rs tests/test_seamless.py tests/test_seamless_speech.py tests/test_seamless_text_encoder.py tests/test_seamless_vocoder.py tests/test_hifigan_conv.py tests/test_hifigan_frames.py tests/test_hifigan_step.py tests/test_hifigan_upsample.py tests/test_duration_frames.py) &
(step 3 tests_t5_llama 120 python3 -m pytest -q -m gpu -p no:cacheprovider -rs tests/test_t5.py tests/test_t5_fp16_training.py tests/test_rms_norm.py tests/test_swiglu.py tests/test_rope.py tests/test_linear_cross_entropy.py tests/test_llama_training_kernels.py tests/test_train_llama_fast_path.py
 step 3 bench_sentence_encode 200 python3 benchmarks/bench_sentence_encode.py ${SENTENCE_ARGS:-}) &
wait

[ "${FSDP:-1}" = 0 ] && exit 0
all=$(seq -s, 0 $(( $(nvidia-smi -L | wc -l) - 1 )))
n=$(nvidia-smi -L | wc -l)
for provider in train_defaults liger; do
  CUDA_VISIBLE_DEVICES=$all timeout 140 torchrun --standalone --nproc-per-node "$n" -m benchmarks.bench_fsdp --provider "$provider" \
    --shape 8b --out "$out/rows_${n}_8b.jsonl" >>"$out/fsdp_${n}_8b.log" 2>&1
  echo "=== fsdp 8b $provider on $n GPUs exit $?"
done
python3 -m benchmarks.bench_fsdp --report "$out/rows_${n}_8b.jsonl"
