"""GPTQ against round-to-nearest on a Llama that has learned something: held-out perplexity and quantize time.

    python benchmarks/bench_quantize.py [--recipe bench|wide|smollm|test] [--device cpu|cuda] [--model-dir DIR]
        [--plain] [--calib-tokens N] [--only-bits B] [--only-group G]

A Llama is trained offline on Python standard-library docstrings (patchzoo/tiny/trained_llama.py; saved
to --model-dir and reused from there when it exists), then every configuration below is quantized from the same
float weights: round-to-nearest on GPTQ's grid and `patchzoo quantize`'s GPTQ (calibration: the corpus's calibration
split, --nsamples consecutive windows of --seqlen tokens). Perplexity is measured on the held-out split (other
documents), in windows of --seqlen. --plain adds a plain GPTQ written from the paper's reference code
(tests/gptq_plain.py) on the same windows, for group size 128: the oracle patchzoo must match.
Columns: bits, grid, act-order, group size, perplexity of the float model / RTN / GPTQ (/ plain GPTQ), the share of
RTN's perplexity loss GPTQ keeps ((GPTQ - fp) / (RTN - fp); below 1 is GPTQ losing less), and GPTQ's quantize time.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import platform
import sys
import time
from pathlib import Path

import torch
import transformers

from patchzoo.conversion.gptq import QuantizeConfig
from patchzoo.conversion.gptq_model import calibration_windows, quantize_model, rtn_model_
from patchzoo.conversion.perplexity import perplexity, text_token_ids
from patchzoo.tiny.trained_llama import RECIPES, corpus_documents, split_corpus, train_tiny_llama

CONFIGS = [
    *(dict(bits=4, sym=sym, act_order=act_order, group_size=group_size)
      for sym, act_order, group_size in itertools.product((True, False), (False, True), (32, 64, 128, -1))),
    *(dict(bits=8, sym=sym, act_order=act_order, group_size=128)
      for sym, act_order in itertools.product((True, False), (False, True))),
]


def trained_model(recipe_name: str, model_dir: Path | None, device: torch.device):
    recipe = RECIPES[recipe_name]
    split = split_corpus(corpus_documents(recipe.corpus))
    if model_dir is not None and (model_dir / "config.json").exists():
        model = transformers.LlamaForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
        tokenizer = transformers.AutoTokenizer.from_pretrained(model_dir)
        print(f"model: {model_dir} (reused)")
    else:
        start = time.perf_counter()
        trained = train_tiny_llama(recipe, split, device=device, log_every=max(recipe.steps // 10, 1))
        model, tokenizer = trained.model, trained.tokenizer
        print(f"model: recipe {recipe_name!r} trained in {time.perf_counter() - start:.0f} s on {device}: "
              f"{trained.epochs:.1f} epochs, best validation perplexity {trained.validation_perplexity:.2f} "
              f"(unigram {trained.unigram_perplexity:.1f})")
        if model_dir is not None:
            model.save_pretrained(model_dir)
            tokenizer.save_pretrained(model_dir)
    return model.to(device).eval(), tokenizer, split


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recipe", default="bench", choices=sorted(RECIPES))
    parser.add_argument("--model-dir", type=Path, default=None, help="save the trained model here; reuse it if there")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--nsamples", type=int, default=128)
    parser.add_argument("--calib-tokens", type=int, default=None, help="calibrate on the first N tokens of the "
                        "calibration split only (e.g. 3 x the intermediate size: a short text, as in issue 16)")
    parser.add_argument("--seqlen", type=int, default=None, help="calibration and evaluation window (default: the "
                        "recipe's training length)")
    parser.add_argument("--only-bits", type=int, default=None, help="run the configurations of these bits only")
    parser.add_argument("--only-group", type=int, default=None, help="run the configurations of this group size only")
    parser.add_argument("--plain", action="store_true", help="also a plain reference GPTQ (group size 128 only)")
    args = parser.parse_args()
    device = torch.device(args.device)
    torch.backends.cuda.matmul.allow_tf32 = False  # fp32 means fp32 here: RTN, GPTQ and the float model alike
    seqlen = args.seqlen or RECIPES[args.recipe].seqlen
    print(f"torch {torch.__version__}, transformers {transformers.__version__}, python {platform.python_version()}, "
          f"device {torch.cuda.get_device_name(device) if device.type == 'cuda' else platform.processor() or 'cpu'}, "
          f"threads {torch.get_num_threads()}")
    model, tokenizer, split = trained_model(args.recipe, args.model_dir, device)
    eval_ids = text_token_ids(tokenizer, split.evaluation)
    calib_ids = text_token_ids(tokenizer, split.calibration)[:args.calib_tokens]
    samples = [s.to(device) for s in calibration_windows(calib_ids, args.nsamples, seqlen)]
    print(f"calibration {sum(s.numel() for s in samples)} tokens ({len(samples)} windows of {seqlen}); "
          f"held-out {eval_ids.numel()} tokens; parameters {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M")
    fp = perplexity(model, eval_ids, seqlen)
    if args.plain:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from gptq_plain import plain_gptq_llama

    header = (f"{'bits':>4} {'grid':>5} {'act-order':>9} {'group':>5} {'fp':>8} {'RTN':>8} {'GPTQ':>8} "
              f"{'plain':>8} {'kept':>6} {'time s':>7}")
    print(header)
    print("-" * len(header))
    for config in CONFIGS:
        if args.only_bits and config["bits"] != args.only_bits:
            continue
        if args.only_group and config["group_size"] != args.only_group:
            continue
        qconfig = QuantizeConfig(**config)
        rtn_model = copy.deepcopy(model)
        rtn_model_(rtn_model, qconfig)
        rtn = perplexity(rtn_model, eval_ids, seqlen)
        del rtn_model
        gptq_model = copy.deepcopy(model)
        synchronize(device)
        start = time.perf_counter()
        quantize_model(gptq_model, samples, qconfig, progress=False)
        synchronize(device)
        seconds = time.perf_counter() - start
        gptq = perplexity(gptq_model, eval_ids, seqlen)
        del gptq_model
        plain = float("nan")
        if args.plain and config["group_size"] == 128:
            plain_model = copy.deepcopy(model)
            plain_gptq_llama(plain_model, samples, config["bits"], 128, config["sym"], config["act_order"])
            plain = perplexity(plain_model, eval_ids, seqlen)
            del plain_model
        kept = (gptq - fp) / (rtn - fp) if rtn != fp else float("nan")
        grid, act_order = "sym" if config["sym"] else "asym", "on" if config["act_order"] else "off"
        print(f"{config['bits']:>4} {grid:>5} {act_order:>9} {config['group_size']:>5} {fp:8.3f} {rtn:8.3f} "
              f"{gptq:8.3f} {plain:8.3f} {kept:6.2f} {seconds:7.1f}", flush=True)


if __name__ == "__main__":
    main()
