"""generate() with a static KV cache, fp16 Llama: stock (transformers compiles the step, reduce-overhead) against the
zoo class (its decoding step replayed from a CUDA graph, patchzoo/patches/generate_graphs.py) and the zoo class with
the graph switched off (which is stock's compiled step again); eager generate() beside them, and the fp16 floor
(weights + KV read once a token at the measured copy bandwidth). Llama-3.1-8B shapes at --layers depth, random weights.

    python -m benchmarks.bench_generate_graphs --layers 8 --batches 1,4
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import torch
import transformers

from benchmarks.bench_gptq import DEVICE, generate_call, llama31_8b_config, median_ms, serving_floor_ms
from benchmarks.common import Report


def models(layers: int, tmp: Path) -> dict:
    import patchzoo

    torch.manual_seed(0)
    with torch.device(DEVICE):
        transformers.LlamaForCausalLM(llama31_8b_config(layers)).half().save_pretrained(tmp)
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(tmp, dtype=torch.float16, device_map=DEVICE).eval()
    stock = transformers.LlamaForCausalLM.from_pretrained(tmp, dtype=torch.float16, device_map=DEVICE).eval()
    return {"fp16 (stock HF)": (stock, None), "patchzoo fp16": (zoo, True), "patchzoo fp16, graph off": (zoo, False)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--batches", default="1,4")
    parser.add_argument("--new-tokens", type=int, default=64)
    args = parser.parse_args()
    report = Report("generate_graphs", case_keys=("measure", "batch"))
    with tempfile.TemporaryDirectory() as tmp:
        runs = models(args.layers, Path(tmp))
    for name, (model, graph) in runs.items():
        if graph is not None:
            model.decode_cuda_graph = graph
        for mode, kwargs in (("eager", {}), ("static", {"cache_implementation": "static"})):
            if mode == "eager" and graph is False:
                continue  # the switch only acts on the static path
            for batch in map(int, args.batches.split(",")):
                torch._dynamo.reset()  # the models share the forward's code object and its recompile limit
                ms = median_ms(generate_call(model, batch, 32, args.new_tokens, **kwargs))
                report.add({"measure": f"{mode} tokens/s", "batch": batch}, name, ms / (batch * args.new_tokens))
                print(f"{name:26s} {mode:7s} batch {batch}: {batch * args.new_tokens * 1e3 / ms:9.1f} tokens/s",
                      flush=True)
    floor = serving_floor_ms(llama31_8b_config(args.layers), report.hardware.hbm_gbps, int4=False)
    report.add({"measure": "static tokens/s", "batch": 1}, "floor (fp16 bytes / copy bandwidth)", floor)
    report.finish(baseline="fp16 (stock HF)")


if __name__ == "__main__":
    main()
