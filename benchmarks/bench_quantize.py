"""GPTQ against round-to-nearest on a Llama that has learned something: held-out perplexity and quantize time.

    python benchmarks/bench_quantize.py [--recipe bench|wide|test] [--device cpu|cuda] [--model-dir DIR]

A Llama is trained offline on Python standard-library docstrings (patchzoo/conversion/trained_tiny_llama.py; saved
to --model-dir and reused from there when it exists), then every configuration below is quantized from the same
float weights: round-to-nearest on GPTQ's grid and `patchzoo quantize`'s GPTQ (calibration: the corpus's calibration
split, --nsamples windows of --seqlen tokens). Perplexity is measured on the held-out split (other documents).
Columns: bits, grid, act-order, group size, perplexity of the float model / RTN / GPTQ, the share of RTN's
perplexity loss GPTQ keeps ((GPTQ - fp) / (RTN - fp); below 1 is GPTQ losing less), and GPTQ's quantize time.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import platform
import time
from pathlib import Path

import torch
import transformers

from patchzoo.conversion.gptq import QuantizeConfig
from patchzoo.conversion.gptq_model import calibration_windows, quantize_model, rtn_model_
from patchzoo.conversion.perplexity import perplexity, text_token_ids
from patchzoo.conversion.trained_tiny_llama import RECIPES, docstring_corpus, split_corpus, train_tiny_llama

CONFIGS = [
    dict(bits=bits, sym=sym, act_order=act_order, group_size=group_size)
    for bits, sym, act_order, group_size in itertools.product((4, 8), (True, False), (False, True), (32, 64, 128, -1))
]


def trained_model(recipe_name: str, model_dir: Path | None, device: torch.device):
    split = split_corpus(docstring_corpus())
    if model_dir is not None and (model_dir / "config.json").exists():
        model = transformers.LlamaForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
        tokenizer = transformers.AutoTokenizer.from_pretrained(model_dir)
        print(f"model: {model_dir} (reused)")
    else:
        start = time.perf_counter()
        model, tokenizer, split = train_tiny_llama(RECIPES[recipe_name], split, device=device)
        print(f"model: recipe {recipe_name!r} trained in {time.perf_counter() - start:.0f} s on {device}")
        if model_dir is not None:
            model.save_pretrained(model_dir)
            tokenizer.save_pretrained(model_dir)
    return model.to(device).eval(), tokenizer, split


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recipe", default="bench", choices=sorted(RECIPES))
    parser.add_argument("--model-dir", type=Path, default=None, help="save the trained model here; reuse it if there")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--nsamples", type=int, default=64)
    parser.add_argument("--seqlen", type=int, default=128, help="calibration and evaluation window")
    parser.add_argument("--only-bits", type=int, default=None, help="run the configurations of these bits only")
    args = parser.parse_args()
    device = torch.device(args.device)
    print(f"torch {torch.__version__}, transformers {transformers.__version__}, python {platform.python_version()}, "
          f"device {torch.cuda.get_device_name(device) if device.type == 'cuda' else platform.processor() or 'cpu'}, "
          f"threads {torch.get_num_threads()}")
    model, tokenizer, split = trained_model(args.recipe, args.model_dir, device)
    eval_ids = text_token_ids(tokenizer, split.evaluation)
    calib_ids = text_token_ids(tokenizer, split.calibration)
    samples = [s.to(device) for s in calibration_windows(calib_ids, args.nsamples, args.seqlen)]
    print(f"calibration {sum(s.numel() for s in samples)} tokens ({len(samples)} windows of {args.seqlen}); "
          f"held-out {eval_ids.numel()} tokens; parameters {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M")
    fp = perplexity(model, eval_ids, args.seqlen)

    header = (f"{'bits':>4} {'grid':>5} {'act-order':>9} {'group':>5} {'fp':>8} {'RTN':>8} {'GPTQ':>8} {'kept':>6} "
              f"{'time s':>7}")
    print(header)
    print("-" * len(header))
    for config in CONFIGS:
        if args.only_bits and config["bits"] != args.only_bits:
            continue
        qconfig = QuantizeConfig(**config)
        rtn_model = copy.deepcopy(model)
        rtn_model_(rtn_model, qconfig)
        rtn = perplexity(rtn_model, eval_ids, args.seqlen)
        del rtn_model
        gptq_model = copy.deepcopy(model)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        start = time.perf_counter()
        quantize_model(gptq_model, samples, qconfig, progress=False)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        seconds = time.perf_counter() - start
        gptq = perplexity(gptq_model, eval_ids, args.seqlen)
        del gptq_model
        kept = (gptq - fp) / (rtn - fp) if rtn != fp else float("nan")
        print(f"{config['bits']:>4} {'sym' if config['sym'] else 'asym':>5} {'on' if config['act_order'] else 'off':>9} "
              f"{config['group_size']:>5} {fp:8.3f} {rtn:8.3f} {gptq:8.3f} {kept:6.2f} {seconds:7.1f}", flush=True)


if __name__ == "__main__":
    main()
