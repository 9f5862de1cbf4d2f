"""Fused MoE on a Mixtral-8x7B layer (hidden 4096, intermediate 14336, 8 experts, top-2), side by side.

    python -m benchmarks.bench_moe              # the tables + plot + end-to-end decode (benchmarks/out/moe*.*)
    python -m benchmarks.bench_moe --train      # only the training table: forward + backward, 1k-16k tokens
                                                # (benchmarks/bench_moe_train.py; out/moe_train*.*)
    python -m benchmarks.bench_moe --train-sweep  # backward kernels' tiles timed at 4k and 16k tokens
    python -m benchmarks.bench_moe --train-e2e  # a real-width 4-layer Mixtral forward+backward, seq 4096
    python -m benchmarks.bench_moe --tune DIR   # config sweep per token bucket, written as DIR/<config file>.json
                                                # (--tokens 1 2 re-tunes some buckets of a table already in DIR;
                                                # --dtype fp16 tunes the fp16 table)

Tables: `moe` (every token count, eager module calls timed with do_bench: host time included where it
is not hidden), `moe_graph` (tokens <= 64: the same call captured in a CUDA graph and replayed, i.e.
GPU time alone, as in a graph-captured decode step), `moe_host` (host µs to enqueue one call),
`moe_decode` (a real-width 4-layer Mixtral: eager generate, one eager static-cache step, and the same
step replayed from a CUDA graph).

Providers, all through the stock MixtralExperts module with config._experts_implementation switched,
so every one pays its own routing: hf_eager, hf_grouped_mm, hf_batched_mm (while its gathered
per-slot weight copies fit in memory), patchzoo (= "patchzoo_fused"), and the floor:
max(distinct experts hit x bytes per expert / measured copy bandwidth, FLOPs / measured bf16 peak).

The sweep checks every candidate before timing it: outputs are poisoned with NaN, and a candidate
counts only if every element was written and matches the fp32 reference.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import time
from pathlib import Path

import torch
import transformers
import triton
import triton.testing

import patchzoo.models.mixtral  # noqa: F401  (registers "patchzoo_fused")
from benchmarks.common import Report, capture_graph, environment_versions, events_ms, measure_hardware
from patchzoo.kernels.moe import forward as moe
from patchzoo.kernels.moe.routing import route

HIDDEN, INTERMEDIATE, EXPERTS, TOP_K = 4096, 14336, 8, 2
TOKENS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048)
BYTES_PER_EXPERT = 3 * HIDDEN * INTERMEDIATE  # x element size
DEVICE = "cuda"


def mixtral_config(num_layers: int = 1) -> transformers.MixtralConfig:
    return transformers.MixtralConfig(
        vocab_size=32000, hidden_size=HIDDEN, intermediate_size=INTERMEDIATE, num_hidden_layers=num_layers,
        num_attention_heads=32, num_key_value_heads=8, num_local_experts=EXPERTS, num_experts_per_tok=TOP_K,
        max_position_embeddings=4096,
    )


def make_experts(dtype: torch.dtype) -> torch.nn.Module:
    """A stock MixtralExperts at full size with random weights (std 0.02, as Mixtral's init)."""
    with torch.device(DEVICE):
        experts = transformers.models.mixtral.modeling_mixtral.MixtralExperts(mixtral_config()).to(dtype)
    for p in experts.parameters():
        p.data.normal_(0, 0.02)
    return experts


def make_inputs(num_tokens: int, dtype: torch.dtype, seed: int = 0):
    """hidden (T, H), top_k ids (T, K), fp32 weights (T, K): routed like Mixtral's router (softmax, top-k, renorm)."""
    g = torch.Generator(device=DEVICE).manual_seed(seed)
    hidden = torch.randn(num_tokens, HIDDEN, device=DEVICE, dtype=dtype, generator=g)
    probs = torch.randn(num_tokens, EXPERTS, device=DEVICE, generator=g).softmax(-1)
    weights, ids = torch.topk(probs, TOP_K, dim=-1)
    return hidden, ids, weights / weights.sum(-1, keepdim=True)


def warm_up_gpu(seconds: float = 3.0) -> None:
    """Busy the GPU before anything is timed: the first sweep's first bucket (T=1) measured stock
    grouped_mm 1.8x slower than the same op a bucket later, as if clocks were still ramping up."""
    a = torch.randn(8192, 8192, device=DEVICE, dtype=torch.bfloat16)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(10):
            a @ a
        torch.cuda.synchronize()


# ----------------------------------------------------------------------------------------------------
# Tuning sweep
# ----------------------------------------------------------------------------------------------------

SMALL_TILES = [(32, 128, 4, 4), (64, 64, 4, 4), (64, 128, 4, 4), (64, 128, 4, 3), (64, 256, 4, 3),
               (128, 64, 4, 4), (128, 128, 4, 3), (32, 256, 4, 3)]  # (BLOCK_N, BLOCK_K, warps, stages)
LARGE_TILES = [(64, 64, 4, 4), (128, 64, 4, 3), (128, 64, 8, 3), (64, 128, 4, 3), (128, 128, 8, 3),
               (256, 64, 8, 3), (128, 32, 4, 4)]
# Decode with 1-3 experts hit has few column tiles: narrower and deeper tiles, more splits.
TINY_TILES = [(16, 256, 4, 4), (16, 512, 4, 3), (16, 128, 2, 6), (32, 128, 4, 5), (32, 256, 4, 4),
              (32, 256, 2, 4), (32, 512, 4, 2), (64, 128, 8, 4), (64, 512, 4, 2)]


def block_m_candidates(num_tokens: int) -> list[int]:
    if num_tokens <= 32:
        return [16]
    if num_tokens <= 64:
        return [16, 32]
    if num_tokens <= 256:
        return [32, 64]
    if num_tokens <= 512:
        return [64]
    return [64, 128]


def split_candidates(num_tokens: int) -> list[int]:
    if num_tokens <= 8:
        return [1, 2, 4, 8, 16]
    return [1, 2, 4, 8] if num_tokens <= 32 else [1, 2, 4] if num_tokens <= 256 else [1]


def tile_candidates(num_tokens: int, block_m: int) -> list[tuple[int, int, int, int]]:
    if block_m > 32:
        return LARGE_TILES
    return SMALL_TILES + TINY_TILES if num_tokens <= 8 else SMALL_TILES


def quick_ms(fn) -> float:
    return float(triton.testing.do_bench(fn, warmup=5, rep=20, return_mode="median"))


def relative_error(out: torch.Tensor, ref: torch.Tensor) -> float:
    return float((out.float() - ref.float()).norm() / ref.float().norm())


def reference_slots(hidden, w1, w2, ids, weights):
    """Per-slot fp32 references: h (S, I) after SiLU*up, and w[s] * down @ h (S, H)."""
    flat = ids.reshape(-1)
    x = hidden.repeat_interleave(TOP_K, dim=0).float()  # (S, H): slot s = t*K + k
    h = torch.empty(flat.numel(), INTERMEDIATE, device=DEVICE)
    y = torch.empty(flat.numel(), HIDDEN, device=DEVICE)
    for e in range(EXPERTS):
        rows = (flat == e).nonzero().squeeze(1)
        gate, up = (x[rows] @ w1[e].float().T).split(INTERMEDIATE, dim=-1)
        h[rows] = torch.nn.functional.silu(gate) * up
        y[rows] = h[rows].to(hidden.dtype).float() @ w2[e].float().T
    return h, y * weights.reshape(-1, 1).float()


def tune(out_dir: Path, budget_s: float, tokens=TOKENS, dtype: torch.dtype = torch.bfloat16) -> None:
    """Sweep each bucket of `tokens`; a table already in out_dir keeps a bucket's old config when the
    old one times faster than the new best in this run (so re-tuning a few buckets never regresses)."""
    warm_up_gpu()
    start = time.perf_counter()
    experts = make_experts(dtype)
    w1, w2 = experts.gate_up_proj.data, experts.down_proj.data
    device_name = moe.device_key(torch.device(DEVICE))
    out_path = out_dir / moe.config_path(EXPERTS, INTERMEDIATE, dtype, device_name).name
    table: dict[str, dict] = json.loads(out_path.read_text())["configs"] if out_path.exists() else {}
    print(f"tuning {out_path.name} on {torch.cuda.get_device_name()} ({environment_versions()})", flush=True)
    for num_tokens in tokens:
        if time.perf_counter() - start > budget_s and table:
            print(f"T={num_tokens}: time budget spent, not tuned (lookup uses the nearest tuned bucket)", flush=True)
            continue
        hidden, ids, weights = make_inputs(num_tokens, dtype, seed=num_tokens)
        ref_h, ref_y = reference_slots(hidden, w1, w2, ids, weights)
        ref_out = ref_y.view(num_tokens, TOP_K, HIDDEN).sum(1)
        slots = num_tokens * TOP_K
        best = None
        for block_m in block_m_candidates(num_tokens):
            routing = route(ids, EXPERTS, block_m)  # the routing path production takes at this size
            tiles = tile_candidates(num_tokens, block_m)
            group_m = 64 if block_m <= 32 else 8
            gate_up = _best(
                [moe.GemmTile(bn, bk, group_m, w, s) for bn, bk, w, s in tiles],
                lambda tile, h: moe.launch_gate_up(hidden, w1, routing, tile, h, None),
                lambda tile: torch.full((slots, INTERMEDIATE), float("nan"), device=DEVICE, dtype=dtype),
                lambda h: relative_error(h, ref_h),
            )
            h_in = ref_h.to(dtype)
            down = _best(
                [moe.GemmTile(bn, bk, group_m, w, s, sk) for bn, bk, w, s in tiles for sk in split_candidates(num_tokens)],
                lambda tile, o: moe.launch_down(h_in, w2, routing, weights.reshape(-1), tile, *o),
                lambda tile: _down_outputs(routing, tile, num_tokens, dtype),
                lambda o: relative_error(o[0], ref_out),
            )
            if gate_up and down:
                print(f"  T={num_tokens} block_m={block_m}: gate_up {gate_up[1] * 1e3:.1f} us {gate_up[0]}, "
                      f"down {down[1] * 1e3:.1f} us {down[0]}", flush=True)
            if gate_up and down and (best is None or gate_up[1] + down[1] < best[0]):
                best = (gate_up[1] + down[1], moe.MoeConfig(block_m, gate_up[0], down[0]))
        if best is None:
            print(f"T={num_tokens}: no candidate passed", flush=True)
            continue
        config = best[1]
        # Whole op with the chosen config against the reference, then timed against the untuned default.
        out = moe.moe_forward(hidden, w1, w2, weights, ids, config)
        err = relative_error(out, moe.moe_reference(hidden, w1, w2, weights, ids))
        if not (err < 2e-2 and torch.isfinite(out).all()):
            print(f"T={num_tokens}: chosen config failed the full check (rel err {err:.2e}); not written", flush=True)
            continue
        tuned_ms = quick_ms(lambda: moe.moe_forward(hidden, w1, w2, weights, ids, config))
        default_ms = quick_ms(lambda: moe.moe_forward(hidden, w1, w2, weights, ids, moe.default_config(num_tokens)))
        experts.config._experts_implementation = "grouped_mm"
        grouped_ms = quick_ms(lambda: experts(hidden, ids, weights))
        old = table.get(str(num_tokens))
        old_ms = quick_ms(lambda: moe.moe_forward(hidden, w1, w2, weights, ids, moe.MoeConfig.from_dict(old))) if old else None
        kept = old_ms is not None and old_ms < tuned_ms
        if not kept:
            table[str(num_tokens)] = config.to_dict()
        hit = ids.unique().numel()
        print(
            f"T={num_tokens} ({hit} experts hit): tuned {tuned_ms * 1e3:.1f} us, "
            + (f"previous {old_ms * 1e3:.1f} us ({'kept' if kept else 'replaced'}), " if old else "")
            + f"default {default_ms * 1e3:.1f} us, hf_grouped_mm {grouped_ms * 1e3:.1f} us, rel err {err:.1e}, {config}",
            flush=True,
        )
        _write_table(out_path, table, dtype)
    print(f"tuning took {time.perf_counter() - start:.0f} s", flush=True)


def _down_outputs(routing, tile, num_tokens, dtype):
    """(out, partial, counters) for one down launch: out and partials NaN-poisoned, counters zeroed.
    Timing repeats the launch without a gate_up to zero the counters: the kernel counts arrivals
    modulo SPLIT_K * K, so every repeat still reduces every row."""
    out = torch.full((num_tokens, HIDDEN), float("nan"), device=DEVICE, dtype=dtype)
    partial, counters = moe.down_workspace(routing, tile, num_tokens, HIDDEN, torch.device(DEVICE))
    if partial is not None:
        partial.fill_(float("nan"))
        counters.zero_()
    return out, partial, counters


def _best(tiles, launch, make_out, error):
    """(tile, ms) of the fastest tile that compiles, writes every element and matches the reference."""
    best = None
    for tile in tiles:
        out = make_out(tile)
        try:
            launch(tile, out)
            torch.cuda.synchronize()
        except (triton.runtime.errors.OutOfResources, triton.CompilationError, RuntimeError) as exc:
            print(f"    skip {tile}: {type(exc).__name__}", flush=True)
            continue
        err = error(out)
        if not err < 2e-2:  # NaN (an unwritten element, or a partial read but never written) fails too
            print(f"    REJECT {tile}: rel err {err}", flush=True)
            continue
        ms = quick_ms(lambda: launch(tile, out))
        if best is None or ms < best[1]:
            best = (tile, ms)
    return best


def _write_table(path: Path, table: dict, dtype: torch.dtype) -> None:
    meta = {
        "gpu": torch.cuda.get_device_name(),
        "versions": environment_versions(),
        "date": dt.date.today().isoformat(),
        "shape": {"hidden": HIDDEN, "intermediate": INTERMEDIATE, "experts": EXPERTS, "top_k": TOP_K},
        "dtype": moe.dtype_name(dtype),
        "command": "python -m benchmarks.bench_moe --tune DIR",
    }
    path.write_text(json.dumps({"meta": meta, "configs": table}, indent=1) + "\n")


# ----------------------------------------------------------------------------------------------------
# Benchmark
# ----------------------------------------------------------------------------------------------------


def batched_mm_fits(num_tokens: int, dtype: torch.dtype) -> bool:
    """batched_mm gathers a weight copy per slot: S x bytes per expert must fit in half the free memory."""
    free, _ = torch.cuda.mem_get_info()
    return num_tokens * TOP_K * BYTES_PER_EXPERT * dtype.itemsize < free / 2


def host_ms(fn, calls: int = 20) -> float:
    """Host time to enqueue one call: `calls` back-to-back calls without a sync, CPU clock, divided.
    The GPU is slower than the host here, so the launch queue (hundreds of launches) never stalls it."""
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed * 1e3 / calls


def host_breakdown(host: Report, case: dict, experts, hidden, ids, weights) -> None:
    """Where patchzoo's host time goes: moe_forward alone (no module, no dispatch), and its two kernel
    launches alone (routing, config and scratch prepared once)."""
    w1, w2 = experts.gate_up_proj, experts.down_proj
    host.add(case, "patchzoo moe_forward", host_ms(lambda: moe.moe_forward(hidden, w1, w2, weights, ids)))
    config = moe.get_config(hidden.shape[0], EXPERTS, INTERMEDIATE, hidden.dtype, hidden.device)
    routing = route(ids, EXPERTS, config.block_m)
    h = hidden.new_empty((routing.num_slots, INTERMEDIATE))
    out = torch.empty_like(hidden)
    partial, counters = moe.down_workspace(routing, config.down, hidden.shape[0], HIDDEN, hidden.device)
    flat_weights = weights.reshape(-1).contiguous()

    def launches():
        moe.launch_gate_up(hidden, w1, routing, config.gate_up, h, counters)
        moe.launch_down(h, w2, routing, flat_weights, config.down, out, partial, counters)

    host.add(case, "patchzoo launches", host_ms(launches))


def bench_layer(report: Report, graph: Report, host: Report, tokens=TOKENS, dtypes=(torch.bfloat16, torch.float16),
                graph_tokens: int = 64) -> None:
    for dtype in dtypes:
        experts = make_experts(dtype).requires_grad_(False)  # inference: calls that record autograd take the training path
        name = moe.dtype_name(dtype)
        for num_tokens in tokens:
            hidden, ids, weights = make_inputs(num_tokens, dtype, seed=num_tokens)
            case = {"dtype": name, "tokens": num_tokens}
            hit = ids.unique().numel()
            floor_bytes = hit * BYTES_PER_EXPERT * dtype.itemsize + 2 * hidden.numel() * dtype.itemsize
            flops = 2 * num_tokens * TOP_K * BYTES_PER_EXPERT
            providers = ["eager", "grouped_mm"] + (["batched_mm"] if batched_mm_fits(num_tokens, dtype) else [])
            outputs = {}
            for impl in providers + [patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION]:
                experts.config._experts_implementation = impl
                provider = "patchzoo" if impl.startswith("patchzoo") else f"hf_{impl}"
                call = lambda: experts(hidden, ids, weights)  # noqa: E731
                report.time(case, provider, call, bytes=floor_bytes, flops=flops)
                if impl in ("grouped_mm", patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION):
                    outputs[provider] = call()
                if num_tokens <= graph_tokens and impl in ("grouped_mm", patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION):
                    try:
                        graph.add(case, provider, events_ms(capture_graph(call, warmups=2).replay), bytes=floor_bytes, flops=flops)
                    except Exception as error:  # report and keep going: a path that cannot be captured
                        print(f"  {name} T={num_tokens} {provider}: no CUDA graph: {type(error).__name__}: {error}", flush=True)
                    host.add(case, provider, host_ms(call))
                torch.cuda.empty_cache()
            report.floor(case, bytes=floor_bytes, flops=flops)
            if num_tokens <= graph_tokens:
                graph.floor(case, bytes=floor_bytes, flops=flops)
                host_breakdown(host, case, experts, hidden, ids, weights)
            err = relative_error(outputs["patchzoo"], outputs["hf_grouped_mm"])
            us = {p: report.lookup((name, num_tokens), p).ms * 1e3 for p in ("hf_grouped_mm", "patchzoo", "floor")}
            print(f"  {name} T={num_tokens}: " + ", ".join(f"{p} {v:.1f} us" for p, v in us.items())
                  + f"; patchzoo vs hf_grouped_mm rel err {err:.1e}" + ("" if err < 2e-2 else "  MISMATCH"), flush=True)
        del experts
        torch.cuda.empty_cache()


def build_model(num_layers: int) -> transformers.MixtralForCausalLM:
    torch.manual_seed(0)
    default_dtype = torch.get_default_dtype()
    torch.set_default_dtype(torch.bfloat16)  # build in bf16 directly: fp32 first would double peak memory
    try:
        with torch.device(DEVICE):
            return transformers.MixtralForCausalLM(mixtral_config(num_layers)).eval()
    finally:
        torch.set_default_dtype(default_dtype)


def greedy_kwargs(prompt: torch.Tensor, new_tokens: int) -> dict:
    """generate() arguments for exactly `new_tokens` greedy steps after an unpadded prompt."""
    return dict(attention_mask=torch.ones_like(prompt), pad_token_id=0, max_new_tokens=new_tokens,
                min_new_tokens=new_tokens, do_sample=False)


def generate_ms(model, prompt: torch.Tensor, new_tokens: int) -> float:
    """ms per decoding step of eager greedy generate() (whole call after a warm-up, synchronised, divided)."""
    kwargs = greedy_kwargs(prompt, new_tokens)
    model.generate(prompt, **kwargs)  # warm-up: compile kernels, allocator
    torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(prompt, **kwargs)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) * 1e3 / new_tokens


def static_step(model, prompt: torch.Tensor, max_cache_len: int = 512):
    """A one-token decoding step over a transformers StaticCache filled by the prompt (fixed shapes,
    device-tensor positions): what a CUDA-graph decoder replays. transformers 5.x's static cache moves
    its own write position on every call, so the cache is sized for every call a measure makes
    (< 200: see events_ms and capture_graph); past it, index_copy_ would fail on the device."""
    cache = transformers.StaticCache(config=model.config, max_cache_len=max_cache_len)
    length = prompt.shape[1]
    model(input_ids=prompt, past_key_values=cache, cache_position=torch.arange(length, device=DEVICE), use_cache=True)
    token = prompt[:, -1:].clone()
    position = torch.tensor([length], device=DEVICE)

    def step():
        return model(input_ids=token, past_key_values=cache, cache_position=position,
                     position_ids=position.expand(prompt.shape[0], 1), use_cache=True).logits

    return step


def bench_decode(report: Report, num_layers: int = 4, new_tokens: int = 64) -> None:
    """Decoding a real-width Mixtral with random weights (4 layers), stock grouped_mm vs zoo, per step:
    eager generate() (host-bound at batch 1), one eager static-cache step (the model's own host time,
    without generate's), and that step captured in a CUDA graph (GPU time alone). One model; the
    experts implementation is switched in place, so both run the same weights. Eager rows run before
    any graph is captured on the model.

    Stock generate() is not grouped_mm throughout: transformers swaps grouped_mm for batched_mm while
    decoding (GenerationMixin._optimize_model_for_decode in 5.23; 5.17's 32 ms per batch-16 step, four
    times batched_mm's 16-token layer time, says it does there too). So the hf_grouped_mm "eager
    generate" row is grouped_mm prefill + batched_mm decoding; the static-step rows call the model
    directly and stay on grouped_mm."""
    model = build_model(num_layers)
    prompts = {batch: torch.randint(4, model.config.vocab_size, (batch, 32), device=DEVICE) for batch in (1, 16)}
    # A fresh static cache per measure (see static_step); every eager row before the first graph capture.
    measures = {
        "eager generate": lambda prompt: generate_ms(model, prompt, new_tokens),
        "eager static step": lambda prompt: events_ms(static_step(model, prompt), calls=5),
        "cuda graph step": lambda prompt: events_ms(capture_graph(static_step(model, prompt), warmups=2).replay),
    }
    for measure, fn in measures.items():
        for batch, prompt in prompts.items():
            for impl in ("grouped_mm", patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION):
                model.set_experts_implementation(impl)
                provider = "patchzoo" if impl.startswith("patchzoo") else f"hf_{impl}"
                try:
                    with torch.inference_mode():
                        ms = fn(prompt)
                except Exception as error:  # report, keep the other rows
                    print(f"  decode batch={batch} {provider} {measure}: {type(error).__name__}: {error}", flush=True)
                    continue
                report.add({"batch": batch, "layers": num_layers, "measure": measure}, provider, ms)
                print(f"  decode batch={batch} {provider} {measure}: {ms:.3f} ms/step, "
                      f"{batch * 1e3 / ms:.1f} tokens/s", flush=True)
                torch.cuda.empty_cache()
    del model
    torch.cuda.empty_cache()


def profile_decode(num_layers: int = 4, new_tokens: int = 16) -> None:
    """Where eager batch-1 generate() loses time, stock vs zoo: one generate of `new_tokens` tokens per
    implementation under torch.profiler, as GPU busy / idle time, the host ops the idle gaps fall in, and
    the kernel time per name (benchmarks/timeline.py)."""
    from benchmarks.timeline import idle_report

    model = build_model(num_layers)
    prompt = torch.randint(4, model.config.vocab_size, (1, 32), device=DEVICE)
    kwargs = greedy_kwargs(prompt, new_tokens)
    for impl in ("grouped_mm", patchzoo.models.mixtral.EXPERTS_IMPLEMENTATION):
        model.set_experts_implementation(impl)
        with torch.inference_mode():
            title = f"{impl}: eager generate of {new_tokens} tokens, batch 1, {num_layers} layers (per generate)"
            print(idle_report(title, lambda: model.generate(prompt, **kwargs), steps=2) + "\n", flush=True)
    del model
    torch.cuda.empty_cache()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tune", type=Path, metavar="DIR", help="run the config sweep and write its JSON into DIR")
    parser.add_argument("--budget", type=float, default=240.0, help="seconds of sweeping before skipping buckets")
    parser.add_argument("--tokens", type=int, nargs="+", default=list(TOKENS), help="buckets to tune / token counts to time")
    parser.add_argument("--dtype", choices=("bf16", "fp16"), default="bf16", help="the table --tune writes")
    parser.add_argument("--dtypes", choices=("bf16", "fp16"), nargs="+", default=["bf16", "fp16"], help="layer tables' dtypes")
    parser.add_argument("--train", action="store_true", help="only the training table (forward + backward)")
    parser.add_argument("--train-e2e", action="store_true", help="a real-width 4-layer Mixtral training step")
    parser.add_argument("--train-sweep", action="store_true", help="time candidate tiles of each backward kernel")
    parser.add_argument("--train-tokens", type=int, nargs="+", default=None, help="token counts of the training table")
    parser.add_argument("--skip-decode", action="store_true")
    parser.add_argument("--decode-only", action="store_true")
    parser.add_argument("--profile-decode", action="store_true", help="only profile eager batch-1 generate (GPU idle tables)")
    args = parser.parse_args()
    if args.profile_decode:
        profile_decode()
        return
    if args.tune:
        args.tune.mkdir(parents=True, exist_ok=True)
        tune(args.tune, args.budget, tuple(args.tokens), torch.float16 if args.dtype == "fp16" else torch.bfloat16)
        return
    warm_up_gpu()
    if args.train_sweep:
        from benchmarks.bench_moe_train import sweep_backward

        sweep_backward(make_experts, make_inputs)
    if args.train:
        from benchmarks.bench_moe_train import TRAIN_TOKENS, bench_train

        bench_train(make_experts, make_inputs, measure_hardware(), tuple(args.train_tokens or TRAIN_TOKENS))
    if args.train_e2e:
        from benchmarks.bench_moe_train import bench_train_e2e

        bench_train_e2e(build_model)
    if args.train or args.train_sweep or args.train_e2e:
        return
    report = Report("moe", case_keys=("dtype", "tokens"))
    print(f"{report.hardware}", flush=True)
    if not args.skip_decode:  # first: the shorter job, printed as it goes
        decode = Report("moe_decode", case_keys=("batch", "layers", "measure"), hardware=report.hardware)
        bench_decode(decode)
        decode.finish(baseline="hf_grouped_mm")
    if not args.decode_only:
        graph = Report("moe_graph", case_keys=("dtype", "tokens"), hardware=report.hardware)
        host = Report("moe_host", case_keys=("dtype", "tokens"), hardware=report.hardware)
        dtypes = tuple(torch.float16 if d == "fp16" else torch.bfloat16 for d in args.dtypes)
        bench_layer(report, graph, host, tuple(args.tokens), dtypes)
        report.finish(x="tokens", group_by=("dtype",), baseline="hf_grouped_mm")
        graph.finish(baseline="hf_grouped_mm")
        host.finish(baseline="hf_grouped_mm")


if __name__ == "__main__":
    main()
