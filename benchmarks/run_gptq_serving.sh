#!/usr/bin/env bash
# GPTQ serving on ONE GPU (respects CUDA_VISIBLE_DEVICES), <= 7 minutes wall (a TUNE_TOKENS sweep adds its budget):
# the GPU tests of the GPTQ and graphed-generate() paths, then the kernel table on the 7B/8B MLP shapes (fp16,
# patchzoo routed / fused / dequantize + cuBLAS, torchao int4, floor) and the serving table (Llama-3.1-8B shape at
# LAYERS depth through generate(): plain, static cache; time to first token on a 2,048-token prompt). Tables land
# under $OUT (default benchmarks/out).
#
#     bash benchmarks/run_gptq_serving.sh            # from the repository root, with the wheels in .whl/
#     KERNEL_TABLE=0 SERVING_LIMIT_S=330 bash benchmarks/run_gptq_serving.sh   # serving only, more time for compile
#     KERNEL_TABLE=0 LAYERS=32 SERVE_MODES=plain bash benchmarks/run_gptq_serving.sh   # plain generate() at 8B depth
#     GPU_TESTS=0 KERNEL_TABLE=0 SERVE_MODES=compiled SERVE_MODELS='patchzoo GPTQ' TTFT_PROMPT=0 bash ...  # one model
#       per process: torch.compile(reduce-overhead) died of a segmentation fault for every model with torch 2.11
#     GPU_TESTS=0 SERVING=0 TUNE_TOKENS=1,16 bash benchmarks/run_gptq_serving.sh   # sweep those buckets first (stream-K
#       candidates included); the tuned table lands in $OUT/tuned (copy it to patchzoo/kernels/gptq/configs/) and the
#       kernel table runs on it
#     SERVE_MODELS='fp16 (stock HF),patchzoo GPTQ,patchzoo GPTQ (stock step kernels),patchzoo GPTQ (unfused step)' ...
#       # beside the default: graphs recording stock's kernels (model.decode_kernels = False) and the step without
#       # its merged attention and residual adds (model.fused_decode_step = False)
#     SERVE_MODELS='patchzoo GPTQ (plain launches),patchzoo GPTQ' ...   # without / with programmatic dependent launches
set -u
OUT=${OUT:-benchmarks/out}
mkdir -p "$OUT"
LAYERS=${LAYERS:-8}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/torchao-*.whl \
    > "$OUT/pip.log" 2>&1 || echo "torchao wheel not installed (see pip.log): its rows will say why" | tee -a "$OUT/pip.log"
export PYTHONPATH=.:/tmp/site
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"

[ "${GPU_TESTS:-1}" = 1 ] && timeout 170 python3 -m pytest -q -m gpu tests/test_gptq_dequant.py tests/test_gptq_kernel.py tests/test_decode_graphs.py \
    tests/test_graph_capture.py tests/test_decode_step.py tests/test_decode_attention.py tests/test_llama.py -x \
    2>&1 | tail -25 | tee "$OUT/gpu_tests.txt"

TUNE=() KERNEL_LIMIT_S=110
if [ -n "${TUNE_TOKENS:-}" ]; then  # the sweep runs in the kernel table's process, before the table
  TUNE=(--tune "$OUT/tuned" --tune-budget "${TUNE_BUDGET_S:-170}" --tune-tokens "$TUNE_TOKENS")
  KERNEL_LIMIT_S=$(( 140 + ${TUNE_BUDGET_S:-170} ))
fi
[ "${KERNEL_TABLE:-1}" = 1 ] && timeout "$KERNEL_LIMIT_S" python3 -m benchmarks.bench_gptq \
    "${TUNE[@]}" --skip-decode --mlp-shapes --tokens 1,16,64,128,256,512,1024,2048,4096 \
    2>&1 | tee "$OUT/gptq_kernel.txt" | tail -60

[ "${SERVING:-1}" = 1 ] && timeout "${SERVING_LIMIT_S:-200}" python3 -m benchmarks.bench_gptq --serving --layers "$LAYERS" --batches 1,4,16 --compile-batches 1 \
    --serve-modes "${SERVE_MODES:-plain,static}" --serve-models "${SERVE_MODELS:-fp16 (stock HF),torchao int4,patchzoo fp16,patchzoo GPTQ}" \
    --ttft-prompt "${TTFT_PROMPT:-2048}" --new-tokens 32 2>&1 | tee "$OUT/gptq_serving.txt" | tail -60

cp benchmarks/out/gptq*.{csv,md,png} "$OUT"/ 2>/dev/null || true
echo "done: $OUT"
