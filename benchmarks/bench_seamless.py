"""SeamlessM4T-v2 at batch 1: static-cache / CUDA-graph text decoding and the compiled vocoder vs stock.

    python -m benchmarks.bench_seamless                     # both parts, about 2-3 minutes on an H100
    python -m benchmarks.bench_seamless --parts vocoder --units 200,500

Large config (transformers' SeamlessM4Tv2Config defaults: hidden 1024, 24+24 text layers, FFN 8192,
vocabulary 256102), random weights at transformers' init, built on the GPU; timing does not depend on
the values. One process, same weights for every provider.

  decode   SeamlessM4Tv2ForTextToText.generate(), 64 source tokens, exactly 32 new tokens
           (min_new_tokens = max_new_tokens), greedy and 4 beams, float16:
             stock_fp16         transformers (DynamicCache, eager)
             zoo_static_eager   patchzoo static cache, each step eager (model.zoo_cuda_graph = False)
             zoo_cuda_graph     patchzoo static cache, each one-token step one CUDA-graph replay
             floor              the encoder once + per new token the decoder and lm_head weights read once
           CUDA events, median of 3 after one warm-up call (which also captures the graph).
  vocoder  SeamlessM4Tv2CodeHifiGan forward on N random units, float32, TF32 off for convolutions:
             stock_fp32         transformers
             zoo_bucketed_eager patchzoo: frames padded to a bucket, masked, eager
             zoo_compiled       the same, torch.compile(mode="reduce-overhead"); compile time excluded
             floor              convolution FLOPs / measured bf16 matmul peak (a loose bound for fp32)
           triton do_bench (median).
Before timing, every zoo provider's output is checked against stock: decode prints the share of tokens
equal to stock float16 (float16 rounding may flip a near-tie) and whether the graph equals the eager
static steps; vocoder prints max |Δ waveform| on the real samples.
"""

from __future__ import annotations

import argparse
import copy
import time

import torch
import transformers

import patchzoo
from benchmarks.common import Report, time_events_ms
from patchzoo.models.base import swap_module_classes
from patchzoo.models.seamless import SeamlessM4Tv2HifiGan

SOURCE_SEQ, NEW_TOKENS = 64, 32
DEVICE = "cuda"


def linear_params(module: torch.nn.Module) -> int:
    return sum(m.weight.numel() for m in module.modules() if isinstance(m, torch.nn.Linear))


def decode_floor(model, num_beams: int) -> tuple[float, float]:
    """(bytes, FLOPs) in float16: encoder weights once, then per new token decoder + lm_head weights once."""
    encoder, step = linear_params(model.text_encoder), linear_params(model.text_decoder) + model.lm_head.weight.numel()
    bytes_ = 2 * (encoder + NEW_TOKENS * step)
    flops = 2 * encoder * SOURCE_SEQ + NEW_TOKENS * 2 * step * num_beams
    return bytes_, flops


def bench_decode(report: Report, deadline: float) -> None:
    config = transformers.SeamlessM4Tv2Config()
    torch.manual_seed(0)
    with torch.device(DEVICE):
        stock = transformers.SeamlessM4Tv2ForTextToText(config).eval().half()
    zoo = patchzoo.patch(copy.deepcopy(stock))
    g = torch.Generator().manual_seed(0)
    input_ids = torch.randint(4, config.vocab_size, (1, SOURCE_SEQ), generator=g).to(DEVICE)
    for num_beams in (1, 4):
        case = {"part": "decode fp16", "setting": f"{'greedy' if num_beams == 1 else f'{num_beams} beams'}, "
                f"{NEW_TOKENS} tokens"}
        kwargs = dict(attention_mask=torch.ones_like(input_ids), do_sample=False, num_beams=num_beams,
                      max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS)
        reference = stock.generate(input_ids, **kwargs)
        outputs = {}
        for provider in ("stock_fp16", "zoo_static_eager", "zoo_cuda_graph"):
            if time.monotonic() > deadline:
                print(f"  budget spent: {case['setting']} {provider} not measured", flush=True)
                continue
            model = stock if provider == "stock_fp16" else zoo
            zoo.zoo_cuda_graph = provider == "zoo_cuda_graph"
            fn = lambda: model.generate(input_ids, **kwargs)  # noqa: E731
            outputs[provider] = fn()  # also captures the graph
            same = (outputs[provider] == reference).float().mean().item()
            ms = time_events_ms(fn)
            report.add(case, provider, ms)
            print(f"  {case['setting']} {provider}: {ms:.1f} ms ({ms / NEW_TOKENS:.2f} ms/token), "
                  f"tokens equal to stock fp16: {same:.0%}", flush=True)
        if "zoo_static_eager" in outputs and "zoo_cuda_graph" in outputs:
            equal = torch.equal(outputs["zoo_static_eager"], outputs["zoo_cuda_graph"])
            print(f"  {case['setting']}: CUDA graph tokens equal eager static steps: {equal}", flush=True)
        report.floor(case, **dict(zip(("bytes", "flops"), decode_floor(stock, num_beams))))
    del stock, zoo
    torch.cuda.empty_cache()


def conv_flops(vocoder, inputs) -> float:
    """FLOPs of every Conv1d / ConvTranspose1d in one forward (2 per multiply-add), counted with hooks."""
    total = [0.0]

    def count(module, args, out):
        k = module.kernel_size[0]
        if isinstance(module, torch.nn.ConvTranspose1d):
            total[0] += 2 * args[0].numel() * module.out_channels * k
        else:
            total[0] += 2 * out.numel() * (module.in_channels // module.groups) * k

    handles = [m.register_forward_hook(count) for m in vocoder.modules()
               if isinstance(m, (torch.nn.Conv1d, torch.nn.ConvTranspose1d))]
    vocoder(*inputs)
    for h in handles:
        h.remove()
    return total[0]


def bench_vocoder(report: Report, units_list: list[int], deadline: float) -> None:
    config = transformers.SeamlessM4Tv2Config()
    torch.manual_seed(0)
    with torch.device(DEVICE):
        stock = transformers.models.seamless_m4t_v2.modeling_seamless_m4t_v2.SeamlessM4Tv2CodeHifiGan(config).eval()
    zoo = copy.deepcopy(stock)
    swap_module_classes(zoo, {type(stock.hifi_gan): SeamlessM4Tv2HifiGan})
    torch.backends.cudnn.allow_tf32 = False  # fp32 convolutions, so stock and zoo are compared in fp32
    for units in units_list:
        g = torch.Generator().manual_seed(units)
        ids = torch.randint(4, config.unit_hifi_gan_vocab_size, (1, units), generator=g).to(DEVICE)
        inputs = (ids, torch.zeros(1, 1, dtype=torch.long, device=DEVICE), torch.zeros(1, 1, dtype=torch.long,
                                                                                      device=DEVICE))
        reference, _ = stock(*inputs)
        case = {"part": "vocoder fp32", "setting": f"{units} units, {reference.shape[1]} samples"}
        for provider in ("stock_fp32", "zoo_bucketed_eager", "zoo_compiled"):
            if time.monotonic() > deadline:
                print(f"  budget spent: {case['setting']} {provider} not measured", flush=True)
                continue
            model = stock if provider == "stock_fp32" else zoo
            zoo.hifi_gan.zoo_compile = provider == "zoo_compiled"
            zoo.hifi_gan.zoo_bucket_eager = provider == "zoo_bucketed_eager"
            fn = lambda: model(*inputs)[0]  # noqa: E731
            waveform = fn()  # also the compile warm-up
            error = (waveform - reference).abs().max().item()
            row = report.time(case, provider, fn)
            print(f"  {case['setting']} {provider}: {row.ms:.2f} ms, max |Δ waveform| vs stock {error:.1e}",
                  flush=True)
        report.floor(case, flops=conv_flops(stock, inputs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", default="decode,vocoder", help="comma-separated: decode, vocoder")
    parser.add_argument("--units", default="200", help="comma-separated unit counts for the vocoder")
    parser.add_argument("--budget-s", type=float, default=170, help="skip measurements that start after this")
    args = parser.parse_args()
    deadline = time.monotonic() + args.budget_s
    transformers.utils.logging.set_verbosity_error()
    report = Report("seamless", case_keys=("part", "setting"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    parts = args.parts.split(",")
    with torch.inference_mode():
        if "decode" in parts:
            bench_decode(report, deadline)
        if "vocoder" in parts:
            bench_vocoder(report, [int(u) for u in args.units.split(",")], deadline)
    report.finish()
    for key in report._cases():
        base = report.lookup(key, "stock_fp16") or report.lookup(key, "stock_fp32")
        for provider in report.providers():
            row = report.lookup(key, provider)
            if base is not None and row is not None and row is not base and provider != "floor":
                print(f"speedup {' / '.join(key)}: {provider} vs {base.provider} {base.ms / row.ms:.2f}x")


if __name__ == "__main__":
    main()
