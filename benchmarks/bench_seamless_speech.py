"""SeamlessM4T-v2 with speech input at batch 1, end to end: speech-to-text (S2TT) and speech-to-speech (S2ST).

    python -m benchmarks.bench_seamless_speech            # CUDA, large config, fp16: about 3-4 minutes on an H100
    python -m benchmarks.bench_seamless_speech --quick    # tiny config, small shapes: a smoke test (CPU works)

Large config (transformers' SeamlessM4Tv2Config defaults: conformer speech encoder 24 layers, text decoder
24 layers, text-to-unit model, HiFi-GAN vocoder), random weights at transformers' init, float16 on CUDA.
Input: one utterance of --seconds (default 8 s: 400 frames of 160 features, the feature extractor's 50 frames
a second), random features, attention mask of ones. Text: exactly --tokens new tokens (min = max), greedy.
generation_config carries the tables a released checkpoint ships (id_to_text: one subword per text token,
256k entries); stock's generate() deep-copies them on every call (host time, printed), the zoo shares them.
The text-to-unit model's unit logits for ids the vocoder cannot take (no unit) are zeroed, so that random
weights pick vocoder units only (a trained model does so by itself).

Providers, same weights (the zoo model is patchzoo.patch(copy.deepcopy(stock))):
  stock   transformers SeamlessM4Tv2ForSpeechToText / ...ForSpeechToSpeech .generate()
  zoo     patchzoo: bucketed CUDA-graph speech encoder; static-cache CUDA-graph text decoder; zoo vocoder
Each: one warm-up call (captures the graphs; the zoo vocoder compiles), then the median of --repeats calls
(CUDA events around generate()). Per-module breakdown of the median call: CUDA events recorded by forward hooks
around the speech encoder, the text-to-unit model and the vocoder (CodeHifiGan: duration prediction +
HiFi-GAN); the text decoder row is the rest (generate()'s decoding loop, and S2ST's second decoder pass for the unit model).
Stock's S2ST runs the speech encoder twice (text generation, then again for the unit model); both count.
Before timing, the zoo's text tokens (and S2ST units) are compared with stock's: fp16 may flip a near-tie.
"""

from __future__ import annotations

import argparse
import copy
import time
from collections import defaultdict

import torch
import transformers

import patchzoo
from patchzoo.tiny.presets import get_preset

MODULES = ("speech_encoder", "t2u_model", "vocoder")  # hooked; "text_decoder" is the rest of the call
LABELS = {"speech_encoder": "speech encoder", "text_decoder": "text decoder", "t2u_model": "text-to-unit",
          "vocoder": "vocoder"}


def speech_tables(model) -> None:
    """The language and subword tables speech generation reads (a released checkpoint ships them)."""
    gc = model.generation_config
    gc.text_decoder_lang_to_code_id = {"eng": 5}
    gc.t2u_lang_code_to_id = {"eng": 4}
    gc.vocoder_lang_code_to_id = {"eng": 1}
    gc.id_to_text = {str(i): "".join(chr(97 + (i * 7 + k) % 26) for k in range(1 + i % 3))
                     for i in range(model.config.vocab_size)}
    gc.char_to_id = {chr(97 + j): 4 + j for j in range(26)}


def units_only(model) -> None:
    """Zero the unit-logit rows of ids that are no vocoder unit (bos, and beyond the vocoder's vocabulary)."""
    config = model.config
    head = model.t2u_model.lm_head.weight  # (t2u_vocab, hidden)
    keep = torch.zeros(head.shape[0], dtype=torch.bool, device=head.device)
    keep[config.vocoder_offset: config.vocoder_offset + config.unit_hifi_gan_vocab_size] = True
    keep[[config.t2u_pad_token_id, config.t2u_eos_token_id]] = True
    with torch.no_grad():
        head[~keep] = 0


class ModuleTimer:
    """CUDA events around every call of the hooked modules (forward pre-hook: start, forward hook: end)."""

    def __init__(self, model, names, device):
        self.device, self.events, self.handles = device, defaultdict(list), []
        for name in names:
            module = getattr(model, name, None)
            if module is None:
                continue
            self.handles.append(module.register_forward_pre_hook(lambda m, a, n=name: self._mark(n, "start")))
            self.handles.append(module.register_forward_hook(lambda m, a, o, n=name: self._mark(n, "end")))

    def _mark(self, name, which):
        if self.device.type == "cuda":
            event = torch.cuda.Event(enable_timing=True)
            event.record()
        else:
            event = time.perf_counter()
        self.events[name].append((which, event))

    def reset(self):
        self.events.clear()

    def totals_ms(self) -> dict[str, float]:
        totals = {}
        for name, marks in self.events.items():
            total, start = 0.0, None
            for which, event in marks:
                if which == "start":
                    start = event
                elif self.device.type == "cuda":
                    total += start.elapsed_time(event)
                else:
                    total += (event - start) * 1e3
            totals[name] = total
        return totals

    def remove(self):
        for handle in self.handles:
            handle.remove()


def timed_call(fn, device):
    """(result, ms) of one call: CUDA events on CUDA, the host clock after a sync elsewhere."""
    if device.type == "cuda":
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        out = fn()
        end.record()
        torch.cuda.synchronize()
        return out, start.elapsed_time(end)
    t0 = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - t0) * 1e3


def measure(model, fn, device, repeats: int):
    """Median total ms and the per-module ms of that call; the first call is a warm-up."""
    timer = ModuleTimer(model, MODULES, device)
    fn()
    runs = []
    for _ in range(repeats):
        timer.reset()
        _, ms = timed_call(fn, device)
        runs.append((ms, timer.totals_ms()))
    timer.remove()
    runs.sort(key=lambda r: r[0])
    total, modules = runs[len(runs) // 2]
    modules = dict(modules)
    modules["text_decoder"] = total - sum(modules.values())
    return total, modules


def build(architecture: str, config, device, dtype, quick: bool, zoo_vocoder: bool = True):
    torch.manual_seed(0)
    with torch.device(device):
        stock = getattr(transformers, architecture)(config).eval().to(dtype)
    speech_tables(stock)
    if hasattr(stock, "t2u_model"):
        units_only(stock)
    zoo = patchzoo.patch(copy.deepcopy(stock))
    if hasattr(zoo, "vocoder") and not zoo_vocoder:  # the zoo model with stock's vocoder
        zoo.vocoder.zoo_cuda_graphs = False
    if device.type != "cuda" and quick:  # exercise the zoo's bucketed paths where nothing is compiled
        zoo.speech_encoder.zoo_bucket_eager = True
        if hasattr(zoo, "vocoder") and zoo_vocoder:
            zoo.vocoder.zoo_bucket_eager = True
    return stock, zoo


def print_breakdown(task: str, results: dict) -> None:
    print(f"\n{task}: per module, ms (share of the call)")
    order = ("speech_encoder", "text_decoder", "t2u_model", "vocoder")
    print(f"  {'module':16s}" + "".join(f"{p:>22s}" for p in results) + f"{'stock/zoo':>11s}")
    for name in order:
        if all(name not in modules for _, modules in results.values()):
            continue
        cells = []
        for total, modules in results.values():
            ms = modules.get(name, 0.0)
            cells.append(f"{ms:10.1f} ({ms / total:5.1%})")
        stock_ms, zoo_ms = (results[p][1].get(name, 0.0) for p in ("stock", "zoo"))
        ratio = f"{stock_ms / zoo_ms:10.2f}x" if zoo_ms > 0 else ""
        print(f"  {LABELS[name]:16s}" + "".join(f"{c:>22s}" for c in cells) + f" {ratio}")
    stock_total, zoo_total = results["stock"][0], results["zoo"][0]
    print(f"  {'end to end':16s}{stock_total:16.1f} ms{zoo_total:19.1f} ms {stock_total / zoo_total:10.2f}x")


def bench_task(task: str, architecture: str, config, args, device, dtype, frames: int) -> None:
    started = time.monotonic()
    stock, zoo = build(architecture, config, device, dtype, args.quick, args.zoo_vocoder == "zoo")
    print(f"{task}: models built in {time.monotonic() - started:.1f} s", flush=True)
    g = torch.Generator().manual_seed(1)
    features = torch.randn(1, frames, config.feature_projection_input_dim, generator=g).to(device, dtype)
    mask = torch.ones(1, frames, dtype=torch.long, device=device)
    if task == "S2TT":
        kwargs = dict(tgt_lang="eng", max_new_tokens=args.tokens, min_new_tokens=args.tokens, do_sample=False)
    else:
        kwargs = dict(tgt_lang="eng", text_max_new_tokens=args.tokens, text_min_new_tokens=args.tokens,
                      do_sample=False, return_intermediate_token_ids=True)
    calls = {name: (lambda m=model: m.generate(input_features=features, attention_mask=mask, **kwargs))
             for name, model in (("stock", stock), ("zoo", zoo))}
    started = time.monotonic()
    copy.deepcopy(stock.generation_config)
    print(f"{task}: deep copy of generation_config (stock does one per generate() call): "
          f"{(time.monotonic() - started) * 1e3:.0f} ms", flush=True)
    outputs = {}
    for name, fn in calls.items():  # the zoo's first call captures its graphs (and compiles what it compiles)
        started = time.monotonic()
        outputs[name] = fn()
        print(f"{task}: {name} first call {time.monotonic() - started:.1f} s", flush=True)
    if task == "S2TT":
        equal = (outputs["zoo"] == outputs["stock"]).float().mean().item()
        print(f"{task}: text tokens equal to stock: {equal:.0%}", flush=True)
    else:
        same = outputs["zoo"].sequences.shape == outputs["stock"].sequences.shape
        text = (outputs["zoo"].sequences == outputs["stock"].sequences).float().mean().item() if same else 0.0
        units = outputs["zoo"].unit_sequences.shape == outputs["stock"].unit_sequences.shape and torch.equal(
            outputs["zoo"].unit_sequences, outputs["stock"].unit_sequences)
        print(f"{task}: text tokens equal to stock {text:.0%}, units equal {units}, "
              f"units {outputs['stock'].unit_sequences.shape[1]}, samples {outputs['stock'].waveform.shape[1]}",
              flush=True)
        if units:
            error = (outputs["zoo"].waveform.float() - outputs["stock"].waveform.float()).abs().max().item()
            print(f"{task}: max |Δ waveform| vs stock {error:.2e}", flush=True)
    results = {name: measure(model, calls[name], device, args.repeats) for name, model in
               (("stock", stock), ("zoo", zoo))}
    vocoder = f", zoo with {args.zoo_vocoder} vocoder" if task == "S2ST" else ""
    print_breakdown(f"{task} ({frames} frames, {args.tokens} tokens{vocoder})", results)
    print(f"speedup {task} end to end: zoo vs stock {results['stock'][0] / results['zoo'][0]:.2f}x", flush=True)
    del stock, zoo
    if device.type == "cuda":
        torch.cuda.empty_cache()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="tiny config and short input: a smoke test")
    parser.add_argument("--tasks", default="S2TT,S2ST", help="comma-separated: S2TT, S2ST")
    parser.add_argument("--seconds", type=float, default=8.0, help="utterance length (50 frames a second)")
    parser.add_argument("--tokens", type=int, default=32, help="new text tokens (exactly)")
    parser.add_argument("--repeats", type=int, default=3, help="timed calls per provider (median)")
    parser.add_argument("--zoo-vocoder", choices=("zoo", "stock"), default="zoo",
                        help="S2ST: the zoo model's HiFi-GAN (stock: measure the rest of the zoo with stock's vocoder)")
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if args.quick:
        config = get_preset("seamless_m4t_v2").build_config()
        config.vocoder_offset = 0
        dtype, frames, args.tokens = torch.float32, 60, min(args.tokens, 8)
    else:
        if device.type != "cuda":
            raise SystemExit("the large config needs a CUDA GPU; use --quick for a CPU smoke test")
        config = transformers.SeamlessM4Tv2Config()
        dtype, frames = torch.float16, round(50 * args.seconds)
    name = torch.cuda.get_device_name() if device.type == "cuda" else "CPU"
    print(f"{name}; torch {torch.__version__}, transformers {transformers.__version__}; "
          f"{'tiny' if args.quick else 'large'} config, {dtype}, batch 1, {frames} frames", flush=True)
    architectures = {"S2TT": "SeamlessM4Tv2ForSpeechToText", "S2ST": "SeamlessM4Tv2ForSpeechToSpeech"}
    with torch.inference_mode():
        for task in args.tasks.split(","):
            bench_task(task, architectures[task], config, args, device, dtype, frames)


if __name__ == "__main__":
    main()
