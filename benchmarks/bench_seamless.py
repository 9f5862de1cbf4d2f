"""SeamlessM4T-v2 at batch 1: static-cache / CUDA-graph text decoding and the CUDA-graph vocoder vs stock.

    python -m benchmarks.bench_seamless --parts vocoder     # the vocoder at 100/200/400 units, fp32, fp16, fp32+TF32
    python -m benchmarks.bench_seamless --parts decode      # text decoding
    python -m benchmarks.bench_seamless --profile --units 200 --vocoder-settings fp32,fp16   # profiler tables

Large config (transformers' SeamlessM4Tv2Config defaults: hidden 1024, 24+24 text layers, FFN 8192,
vocabulary 256102; vocoder: unit embedding 1280, HiFi-GAN 512 channels, x320 upsampling), random weights at
transformers' init, built on the GPU; timing does not depend on the values (except the vocoder's frame
count, printed: the init predicts about one frame per unit). One process, same weights for every provider.

  decode   SeamlessM4Tv2ForTextToText.generate(), 64 source tokens, exactly 32 new tokens
           (min_new_tokens = max_new_tokens), greedy and 4 beams, float16:
             stock_fp16         transformers (DynamicCache, eager)
             zoo_static_eager   patchzoo static cache, each step eager (model.zoo_cuda_graph = False)
             zoo_cuda_graph     patchzoo static cache, each one-token step one CUDA-graph replay
             floor              the encoder once + per new token the decoder and lm_head weights read once
           CUDA events, median of 3 after one warm-up call (which also captures the graph).
  vocoder  SeamlessM4Tv2CodeHifiGan forward (units, speaker, language -> waveform, lengths) on N random
           units, per setting: fp32 with TF32 off for convolutions, fp16, fp32 with TF32 convolutions
           (PyTorch's default, torch.backends.cudnn.allow_tf32):
             stock_<dtype>      transformers
             zoo_cuda_graphs    patchzoo: durations (stock's kernels), then the frame gather + masked HiFi-GAN
                                on bucketed shapes, its convolutions (but the upsampling ones) as fused Triton
                                kernels; two CUDA graphs, one host sync
             zoo_cudnn_convs    the same with cuDNN's convolutions and separate eager kernels around them
                                (zoo_fused_convs = False)
             zoo_inductor_graphs  the same with inductor code in the second graph (--inductor-settings;
                                compile time excluded, printed as the first call)
             floor              max(convolution FLOPs / measured matmul rate of that setting (fp32 with TF32 off:
                                a 4096^3 fp32 matmul; fp16: 8192^3 fp16; TF32: 8192^3 fp32 with TF32),
                                convolution weights + inputs + outputs bytes once / measured copy bandwidth)
                                on the real frames; the FLOPs term binds
           triton do_bench (median).
  --profile  torch.profiler over 5 warm calls of stock and zoo: the top ops by CPU and by CUDA time, and per
           call the wall time beside the GPU kernel time; also written to benchmarks/out/seamless_vocoder_profile.txt.
Before timing, every zoo provider's output is checked against stock: decode prints the share of tokens
equal to stock float16 (float16 rounding may flip a near-tie) and whether the graph equals the eager
static steps; vocoder prints max |Δ waveform| and whether the waveform shape and lengths equal stock's.
"""

from __future__ import annotations

import argparse
import copy
import re
import time

import torch
import transformers
from transformers.models.seamless_m4t_v2.modeling_seamless_m4t_v2 import SeamlessM4Tv2CodeHifiGan

import patchzoo
from benchmarks.common import OUT_DIR, Report, bench_ms, time_events_ms
from patchzoo.models.base import swap_module_classes
from patchzoo.models.seamless_vocoder import VOCODER_CLASSES

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


def vocoder_pair(dtype: torch.dtype):
    """Stock SeamlessM4Tv2CodeHifiGan of the large config (transformers' init) and the zoo copy of it, on the GPU."""
    config = transformers.SeamlessM4Tv2Config()
    torch.manual_seed(0)
    with torch.device(DEVICE):
        stock = SeamlessM4Tv2CodeHifiGan(config).eval().to(dtype)
    zoo = copy.deepcopy(stock)
    swap_module_classes(zoo, VOCODER_CLASSES)
    return config, stock, zoo


def vocoder_inputs(config, units: int):
    g = torch.Generator().manual_seed(units)
    ids = torch.randint(4, config.unit_hifi_gan_vocab_size, (1, units), generator=g).to(DEVICE)
    zero = torch.zeros(1, 1, dtype=torch.long, device=DEVICE)
    return ids, zero, zero.clone()


def conv_cost(vocoder, inputs) -> tuple[float, float]:
    """(bytes, FLOPs) of every Conv1d / ConvTranspose1d of one stock forward, counted with hooks on the real
    frames (no bucket padding): FLOPs 2 per multiply-add; bytes each convolution's weight, input and output once."""
    total = {"flops": 0.0, "bytes": 0.0}

    def count(module, args, out):
        k = module.kernel_size[0]
        if isinstance(module, torch.nn.ConvTranspose1d):
            total["flops"] += 2 * args[0].numel() * module.out_channels * k
        else:
            total["flops"] += 2 * out.numel() * (module.in_channels // module.groups) * k
        total["bytes"] += (module.weight.numel() + args[0].numel() + out.numel()) * out.element_size()

    handles = [m.register_forward_hook(count) for m in vocoder.modules()
               if isinstance(m, (torch.nn.Conv1d, torch.nn.ConvTranspose1d))]
    vocoder(*inputs)
    for h in handles:
        h.remove()
    return total["bytes"], total["flops"]


def matmul_tflops(dtype: torch.dtype, tf32: bool) -> float:
    """Measured dense matmul rate in `dtype` (fp32 with TF32 off: the FFMA rate cuDNN's fp32 convolutions get)."""
    n = 4096 if dtype == torch.float32 and not tf32 else 8192
    a, b = (torch.randn(n, n, device=DEVICE, dtype=dtype) for _ in range(2))
    saved = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = tf32
    try:
        ms = bench_ms(lambda: a @ b)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = saved
    return 2 * n**3 / ms / 1e9


VOCODER_SETTINGS = {  # name -> (dtype, cuDNN TF32 for fp32 convolutions)
    "fp32": (torch.float32, False),
    "fp16": (torch.float16, False),
    "fp32_tf32": (torch.float32, True),  # PyTorch's default for convolutions (torch.backends.cudnn.allow_tf32)
}


def bench_vocoder(report: Report, units_list: list[int], settings: list[str], inductor: list[str],
                  deadline: float) -> None:
    hw = report.hardware
    for setting in settings:
        dtype, tf32 = VOCODER_SETTINGS[setting]
        # Fresh models per setting: the captured graphs keep the kernels chosen under the setting's TF32 switch.
        torch.backends.cudnn.allow_tf32 = tf32
        config, stock, zoo = vocoder_pair(dtype)
        rate = matmul_tflops(dtype, tf32)
        print(f"  vocoder {setting}: floor rate {rate:.0f} TFLOP/s", flush=True)
        providers = [("stock_" + setting.split("_")[0], stock, {}), ("zoo_cuda_graphs", zoo, {}),
                     ("zoo_cudnn_convs", zoo, {"zoo_fused_convs": False})]
        if setting in inductor:
            providers.append(("zoo_inductor_graphs", zoo, {"zoo_inductor": True}))
        for units in units_list:
            inputs = vocoder_inputs(config, units)
            reference, reference_lengths = stock(*inputs)
            frames = reference.shape[1] // 320
            case = {"part": f"vocoder {setting}", "setting": f"{units} units, {frames} frames"}
            for provider, model, switches in providers:
                if time.monotonic() > deadline:
                    print(f"  budget spent: vocoder {setting} {units} units {provider} not measured", flush=True)
                    continue
                zoo.zoo_inductor, zoo.zoo_fused_convs = False, True
                for name, value in switches.items():
                    setattr(zoo, name, value)
                start = time.monotonic()
                try:
                    waveform, lengths = model(*inputs)  # zoo: captures this shape's graphs (inductor: compiles)
                    torch.cuda.synchronize()
                except Exception as error:  # an optional variant failing must not cost the rest of the run
                    print(f"  {setting} {case['setting']} {provider}: FAILED {type(error).__name__}: {error}",
                          flush=True)
                    continue
                warm_s = time.monotonic() - start
                error = (waveform.float() - reference.float()).abs().max().item()
                same_lengths = torch.equal(lengths, reference_lengths) and waveform.shape == reference.shape
                row = report.time(case, provider, lambda: model(*inputs)[0])
                print(f"  {setting} {case['setting']} {provider}: {row.ms:.2f} ms (first call {warm_s:.1f} s), "
                      f"max |Δ waveform| vs stock {error:.1e}, shape and lengths equal: {same_lengths}", flush=True)
            bytes_, flops = conv_cost(stock, inputs)
            floor_ms = max(bytes_ / (hw.hbm_gbps * 1e6), flops / (rate * 1e9))
            report.add(case, "floor", floor_ms, bytes=bytes_, flops=flops)
        del stock, zoo
        torch.cuda.empty_cache()
    torch.backends.cudnn.allow_tf32 = True


def device_ms(table: str) -> float:
    """The profiler table's own footer "Self CUDA time total: ..." (kernels, each counted once), in ms."""
    found = re.search(r"Self (?:CUDA|device|XPU) time total: ([0-9.]+)(us|ms|s)\b", table)
    if found is None:
        return float("nan")
    return float(found.group(1)) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[found.group(2)]


def profile_vocoder(units: int, settings: list[str], calls: int = 5) -> None:
    """torch.profiler over `calls` warm calls of stock and zoo: top ops by CPU and by CUDA time, and per call the
    wall time beside the GPU kernel time (wall >> GPU means host overhead is left)."""
    from torch.profiler import ProfilerActivity, profile

    out = []
    for setting in settings:
        dtype, tf32 = VOCODER_SETTINGS[setting]
        torch.backends.cudnn.allow_tf32 = tf32
        config, stock, zoo = vocoder_pair(dtype)
        inputs = vocoder_inputs(config, units)
        for provider, model in (("stock", stock), ("zoo_cuda_graphs", zoo)):
            for _ in range(3):
                model(*inputs)
            torch.cuda.synchronize()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
                start.record()
                for _ in range(calls):
                    model(*inputs)
                end.record()
                torch.cuda.synchronize()
            events = prof.key_averages()
            by_cuda = events.table(sort_by="device_time_total", row_limit=20)
            title = (f"===== {provider}, vocoder {setting}, {units} units, batch 1: {calls} calls; per call "
                     f"{start.elapsed_time(end) / calls:.2f} ms wall (profiled), "
                     f"{device_ms(by_cuda) / calls:.2f} ms GPU kernels (wall >> GPU: host overhead left)")
            out += [title, "-- by CPU total --", events.table(sort_by="cpu_time_total", row_limit=20),
                    "-- by CUDA total --", by_cuda]
            print("\n".join(out[-5:]), flush=True)
        del stock, zoo
        torch.cuda.empty_cache()
    torch.backends.cudnn.allow_tf32 = True
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "seamless_vocoder_profile.txt").write_text("\n".join(out) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", default="decode,vocoder", help="comma-separated: decode, vocoder")
    parser.add_argument("--units", default="100,200,400", help="comma-separated unit counts for the vocoder")
    parser.add_argument("--vocoder-settings", default="fp32,fp16,fp32_tf32",
                        help=f"comma-separated, from: {', '.join(VOCODER_SETTINGS)}")
    parser.add_argument("--inductor-settings", default="",
                        help="settings that also time zoo_inductor_graphs (about a minute of compile each)")
    parser.add_argument("--profile", action="store_true",
                        help="instead of timing: profiler tables of the vocoder, stock and zoo, at the first --units")
    parser.add_argument("--budget-s", type=float, default=170, help="skip measurements that start after this")
    args = parser.parse_args()
    deadline = time.monotonic() + args.budget_s
    transformers.utils.logging.set_verbosity_error()
    settings = args.vocoder_settings.split(",")
    units = [int(u) for u in args.units.split(",")]
    if args.profile:
        with torch.inference_mode():
            profile_vocoder(units[0], settings)
        return
    report = Report("seamless", case_keys=("part", "setting"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    parts = args.parts.split(",")
    with torch.inference_mode():
        if "decode" in parts:
            bench_decode(report, deadline)
        if "vocoder" in parts:
            bench_vocoder(report, units, settings, args.inductor_settings.split(","), deadline)
    report.finish()
    for key in report._cases():
        base = report.lookup(key, "stock_fp16") or report.lookup(key, "stock_fp32")
        for provider in report.providers():
            row = report.lookup(key, provider)
            if base is not None and row is not None and row is not base:
                print(f"speedup {' / '.join(key)}: {provider} vs {base.provider} {base.ms / row.ms:.2f}x")


if __name__ == "__main__":
    main()
