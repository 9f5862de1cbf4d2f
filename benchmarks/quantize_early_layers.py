"""Why GPTQ loses to rounding on SmolLM2-135M's first layers: calibration size and damping, measured per layer.

    python benchmarks/quantize_early_layers.py --checkpoint /tmp/smollm2-hf [--layers 0 6] [--seqlen 256]
        [--eval-windows 16] [--windows 8 32] [--damps 0.01 0.1]

Only decoder layers [start, stop) are quantized (4-bit g128 asymmetric), the rest stay float. Hessians come from the
float model (every layer sees float inputs: one pass, so each variant costs one GPTQ of the layers, not a pipeline
run); v_proj uses the attention-weighted Hessian as `patchzoo quantize` does. For each variant (calibration windows
x damping x act-order) it prints, per projection kind, GPTQ's error tr(dW H dW^T) on HELD-OUT inputs as a share of
round-to-nearest's (below 1: GPTQ's fit carries over to text it was not calibrated on), then the held-out perplexity
and `kept` = (GPTQ - float) / (RTN - float). Texts: standard-library docstrings (calibration and held-out documents
are disjoint; tests/test_gptq_real_checkpoint_fast.py's split). CPU: ~1 min per variant on 2 idle cores.
"""

from __future__ import annotations

import argparse
import itertools

import torch
import transformers

from patchzoo.conversion.gptq import HessianHook, quantize_gptq, quantize_rtn
from patchzoo.conversion.gptq_model import (
    ValueHessianHook,
    calibration_windows,
    capture_layer_inputs,
    decoder_layers,
    layer_output,
)
from patchzoo.conversion.perplexity import perplexity, text_token_ids
from patchzoo.tiny.trained_llama import corpus_documents, split_corpus

LINEARS = ["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj",
           "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"]


@torch.no_grad()
def float_hessians(model, windows, layers: range) -> dict[tuple[int, str], torch.Tensor]:
    """{(layer, linear): H} of the float model's inputs; v_proj's H attention-weighted (ValueHessianHook)."""
    hessians = {}
    inputs = capture_layer_inputs(model, decoder_layers(model)[0], windows)
    for index, layer in enumerate(decoder_layers(model)[:layers.stop]):
        if index in layers:
            hooks, handles = {}, []
            for name in LINEARS:
                module = layer.get_submodule(name)
                if name == "self_attn.v_proj":
                    hooks[name] = ValueHessianHook(layer.self_attn, module.weight.device)
                    handles += hooks[name].attach()
                else:
                    hooks[name] = HessianHook(module.in_features, module.weight.device)
                    handles.append(module.register_forward_hook(hooks[name]))
            for hidden, kwargs in inputs:
                layer_output(layer, hidden, kwargs)
            for handle in handles:
                handle.remove()
            hessians.update({(index, name): hook.hessian for name, hook in hooks.items()})
        inputs = [(layer_output(layer, hidden, kwargs), kwargs) for hidden, kwargs in inputs]
    return hessians


def output_error(weight, dequantized, hessian) -> float:
    delta = weight - dequantized
    return float(((delta @ hessian) * delta).sum())


@torch.no_grad()
def held_out_perplexity(model, weights: dict, held_out, seqlen: int) -> float:
    originals = {key: decoder_layers(model)[key[0]].get_submodule(key[1]).weight.data for key in weights}
    for (index, name), w in weights.items():
        decoder_layers(model)[index].get_submodule(name).weight.data = w
    try:
        return perplexity(model, held_out, seqlen)
    finally:
        for (index, name), w in originals.items():
            decoder_layers(model)[index].get_submodule(name).weight.data = w


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--layers", type=int, nargs=2, default=[0, 6])
    p.add_argument("--seqlen", type=int, default=256)
    p.add_argument("--eval-windows", type=int, default=16)
    p.add_argument("--windows", type=int, nargs="+", default=[8, 32])
    p.add_argument("--damps", type=float, nargs="+", default=[0.01, 0.1])
    p.add_argument("--act-order", type=int, nargs="+", default=[0, 1])
    args = p.parse_args()
    torch.manual_seed(0)
    layers = range(*args.layers)
    model = transformers.AutoModelForCausalLM.from_pretrained(args.checkpoint, dtype=torch.float32).eval()
    tokenizer = transformers.AutoTokenizer.from_pretrained(args.checkpoint)
    split = split_corpus(corpus_documents("modules"))
    calibration_ids = text_token_ids(tokenizer, split.calibration)
    held_out = text_token_ids(tokenizer, split.evaluation)[:args.eval_windows * args.seqlen]

    weights = {(i, n): decoder_layers(model)[i].get_submodule(n).weight.data.clone() for i in layers for n in LINEARS}
    held_out_h = float_hessians(model, calibration_windows(held_out, args.eval_windows, args.seqlen), layers)
    rtn = {key: quantize_rtn(w, 4, 128, sym=False).dequantize() for key, w in weights.items()}
    rtn_error = {n: sum(output_error(weights[i, n], rtn[i, n], held_out_h[i, n]) for i in layers) for n in LINEARS}
    fp = perplexity(model, held_out, args.seqlen)
    rtn_ppl = held_out_perplexity(model, rtn, held_out, args.seqlen)
    print(f"layers {layers.start}-{layers.stop - 1}, 4-bit g128 asym, held-out {held_out.numel()} tokens: "
          f"float {fp:.3f}, RTN {rtn_ppl:.3f}")
    print("| windows x seqlen | damp | act-order | held-out error / RTN's: " + " / ".join(n.split(".")[1] for n in LINEARS)
          + " | perplexity | kept |")
    print("|---|---|---|---|---|---|")
    for windows in args.windows:
        calibration_h = float_hessians(model, calibration_windows(calibration_ids, windows, args.seqlen), layers)
        for damp, act_order in itertools.product(args.damps, args.act_order):
            gptq = {key: quantize_gptq(w, calibration_h[key], 4, 128, sym=False, act_order=bool(act_order),
                                       damp=damp).dequantize() for key, w in weights.items()}
            shares = [sum(output_error(weights[i, n], gptq[i, n], held_out_h[i, n]) for i in layers) / rtn_error[n]
                      for n in LINEARS]
            ppl = held_out_perplexity(model, gptq, held_out, args.seqlen)
            print(f"| {windows} x {args.seqlen} | {damp} | {'on' if act_order else 'off'} | "
                  f"{' / '.join(f'{s:.2f}' for s in shares)} | {ppl:.3f} | {(ppl - fp) / (rtn_ppl - fp):.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
