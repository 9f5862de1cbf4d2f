#!/usr/bin/env bash
# generate() with the decoding step from a CUDA graph, on ONE GPU (respects CUDA_VISIBLE_DEVICES), <= 4 minutes wall:
# the GPU tests (graph-replayed generate() == eager static-cache generate(), tiny fp16 and GPTQ Llama, batch 1 and 4),
# then fp16 stock vs zoo (graph on / off) with a static cache, then the GPTQ serving table (eager and static rows:
# fp16 stock, torchao int4, patchzoo GPTQ) on the Llama-3.1-8B shape at 8 layers. Output under $OUT.
#
#     bash benchmarks/run_gptq_generate.sh            # from the repository root, with the wheels in .whl/
set -u
OUT=${OUT:-benchmarks/out}
mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/torchao-*.whl \
    > "$OUT/pip.log" 2>&1 || echo "torchao wheel not installed (see pip.log): its rows will say why" | tee -a "$OUT/pip.log"
export PYTHONPATH=.:/tmp/site
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"

timeout 60 python3 -m pytest -q -m gpu tests/test_generate_graphs.py -x -o log_cli=true --log-cli-level=INFO \
    2>&1 | grep -v "^Loading\|^Writing" | tail -30 | tee "$OUT/generate_graphs_tests.txt"

timeout 70 python3 -m benchmarks.bench_generate_graphs --layers 8 --batches 1 --new-tokens 32 \
    2>&1 | tee "$OUT/generate_graphs_fp16.txt" | tail -20

timeout 120 python3 -m benchmarks.bench_gptq --serving --layers 8 --batches 1,4 --compile-batches 1,4 \
    --serve-modes eager,static --new-tokens 32 --ttft-prompt 0 2>&1 | tee "$OUT/gptq_generate.txt" | tail -40

cp benchmarks/out/generate_graphs*.{csv,md} benchmarks/out/gptq_serving*.{csv,md} "$OUT"/ 2>/dev/null || true
echo "done: $OUT"
