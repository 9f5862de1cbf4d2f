"""GPTQ W4A16 matmul on Llama-7B and Llama-3-8B linear shapes, side by side, and end-to-end decoding.

    python -m benchmarks.bench_gptq                   # kernel table + decode table (benchmarks/out/gptq*.*)
    python -m benchmarks.bench_gptq --tune DIR        # first sweep configs per (shape, token bucket), write
                                                      # DIR/<gpu config file>.json and use it for the table

Providers per (shape K x N, tokens): fp16 F.linear (cuBLAS, the stock path of an unquantized model),
patchzoo (group size 128, rows in order), patchzoo_act_order (same layer with a desc_act g_idx, rows
sorted at load and x gathered through perm) and the int4 floor: bytes of qweight + scales + qzeros +
x + y over the measured copy bandwidth. These are timed as GPU time: many calls, each on its own
copy of the weights (together >= 4x L2, so weights come from HBM), captured in one CUDA graph and
replayed. fp16_linear_eager and patchzoo_eager time single launches with do_bench (L2 flushed), host
launch overhead included. Goals (issue 6), on the graph rows: >= 3x fp16 at tokens <= 16 on every
shape, >= 1.5x at 64, within 1.5x of the floor at 1 token, act-order costing <= 10 %.

Decode: a Llama with 7B layer shapes and a few layers (random weights, rounded to 4 bits with group
size 128 and written/loaded as a HF GPTQ checkpoint) vs the same model in fp16: ms per generated token
from a CUDA graph of one decode step with a static KV cache, from eager `generate`, and from `generate` with
cache_implementation="static" (which transformers compiles with torch.compile on a GPU). The zoo rows load
as users do (q/k/v and gate/up fused, 4 GPTQ calls per layer, act-order down_proj reading gate/up's output
without a gather); the "unfused" rows load with fuse_projections=False (7 calls per layer, every act-order
layer gathering x), the "no fold" row fuses but keeps down_proj's gather. `--models` and `--measures` pick rows.

Host (`--host`): host µs of one eager call (fp16 F.linear, the checked gptq_matmul entry, the launch without
the checks, and the planned launch that an eager GPTQLinear makes).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from unittest import mock

import torch
import torch.nn.functional as F
import transformers

from benchmarks.common import Report, capture_graph, events_ms
from patchzoo.kernels.dependent_launch import DEPENDENT_LAUNCH_ENV
from patchzoo.kernels.gptq import matmul as G
from patchzoo.kernels.gptq import launch_configs as gptq_config

SHAPES = [(4096, 4096), (4096, 11008), (11008, 4096), (4096, 14336), (14336, 4096)]  # (K in, N out)
# what the zoo's load-time fusion (patches/gptq_fusion.py) makes of q/k/v and gate/up: Llama-7B, Llama-3-8B;
# tuned too, not in the kernel table
FUSED_SHAPES = [(4096, 12288), (4096, 22016), (4096, 6144), (4096, 28672)]
TOKENS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)  # the tuner's buckets (G.m_bucket)
TABLE_TOKENS = (1, 4, 16, 64, 128, 256, 512, 1024, 2048, 4096)  # the kernel table's (prefill and large batches too)
MLP_SHAPES = [(4096, 11008), (11008, 4096), (4096, 14336), (14336, 4096)]  # Llama-7B and Llama-3-8B MLPs
GROUP = 128
DEVICE = "cuda"


def make_layer(k: int, n: int, act_order: bool, seed: int = 0, device: str = DEVICE):
    """Random 4-bit layer as a loaded GPTQLinear holds it: (qweight in the kernel layout, qzeros, scales,
    perm or None, scale_zero). Act-order: a desc_act g_idx sorted at load, so the same bytes plus x gathered
    through perm (inside the kernel)."""
    g = torch.Generator(device=device).manual_seed(seed)
    groups = k // GROUP
    codes = torch.randint(0, 16, (k, n), device=device, generator=g, dtype=torch.int32)
    qweight = G.to_kernel_layout(G.pack_rows(codes, 4), 4)
    qzeros = G.pack_cols(torch.full((groups, n), 7, device=device, dtype=torch.int32), 4)
    scales = (torch.rand(groups, n, device=device, generator=g) * 0.002 + 0.0005).half()
    perm = torch.randperm(k, device=device, generator=g).int() if act_order else None
    return qweight, qzeros, scales, perm, G.pack_scale_zero(qzeros, scales, 4, 1)


def int4_bytes(m: int, k: int, n: int) -> int:
    groups = k // GROUP
    return k * n // 2 + groups * n * 2 + groups * n // 2 + m * k * 2 + m * n * 2


def copies_for(layer_bytes: int) -> int:
    """Distinct weight copies a timed graph cycles through, so that together they are >= 4x the L2
    (what a decode step sees: every layer's weights come from HBM)."""
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    return max(2, -(-4 * l2 // layer_bytes))


def graph_ms(calls: list) -> float:
    """ms per call: the calls (each on its own weights) captured in one CUDA graph, replayed; median of 7.

    Launch overhead is out of the number, as in a decode step captured in a graph (vLLM, SGLang,
    gpt-fast); `*_eager` rows time single launches with do_bench instead.
    """
    for call in calls:  # compile and allocate outside the capture
        call()

    def all_calls():
        for call in calls:
            call()

    graph = capture_graph(all_calls)
    ms = events_ms(graph.replay, calls=1) / len(calls)
    del graph
    return ms


def check(y: torch.Tensor, ref: torch.Tensor) -> bool:
    return bool(torch.isfinite(y).all()) and float((y.float() - ref).abs().max() / ref.abs().max()) < 2e-3


def tune(out_dir: Path, budget_s: float, tokens=TOKENS) -> Path:
    """Sweep candidate configs per (shape, bucket), timed as in the table; keep the fastest correct one.
    At one token act-order layers (x gathered inside the kernel) get their own key (G.config_key).
    Keys the budget does not reach keep the previous table's config (said on stdout)."""
    path = G.gpu_config_file(torch.device(DEVICE))
    previous = json.loads(path.read_text())["configs"] if path.exists() else {}
    table, start = {}, time.time()
    layers = {}
    for k, n in SHAPES + FUSED_SHAPES:
        for act in (False, True):
            copies = [make_layer(k, n, act_order=act, seed=i) for i in range(copies_for(k * n // 2))]
            qweight, qzeros, scales, _, _ = copies[0]
            checkpoint_qweight = G.from_kernel_layout(qweight, 4, k)
            weight = G.gptq_dequantize_reference(checkpoint_qweight, qzeros, scales,
                                                 G.sorted_group_index(k, GROUP, DEVICE), bits=4)
            layers[(k, n, act)] = (copies, weight)
    for m in tokens:  # small token counts first: they matter most if the budget runs out
        for (k, n, act), (copies, weight) in layers.items():
            if act and m > 1:
                continue
            x = torch.randn(m, k, device=DEVICE, dtype=torch.float16)
            perm = copies[0][3]
            ref = (x if perm is None else x[:, perm.long()]).float() @ weight  # of copies[0], the one checked
            best = None
            for config in G.candidate_configs(G.m_bucket(m)):
                if time.time() - start > budget_s:
                    break
                config = G.fit_config(config, k, 4)

                def call(layer, out=None, config=config):
                    qweight, qzeros, scales, perm, scale_zero = layer
                    return G.gptq_matmul(x, qweight, qzeros, scales, bits=4, group_size=GROUP, perm=perm,
                                         scale_zero=scale_zero, config=config, out=out)

                try:
                    poisoned = torch.full((m, n), float("nan"), device=DEVICE, dtype=torch.float16)
                    if not check(call(copies[0], poisoned), ref):  # every element written, and right
                        print(f"  wrong result, skipped: {config}", flush=True)
                        continue
                    ms = graph_ms([lambda layer=layer: call(layer) for layer in copies])
                except Exception as error:  # out of resources for this GPU: not a candidate
                    print(f"  {config}: {type(error).__name__}: {str(error)[:200]}", flush=True)
                    continue
                if best is None or ms < best[0]:
                    best = (ms, config)
            if best:
                table[G.config_key(4, m, n, k, gather=act)] = asdict(best[1])
                print(f"tuned {k}x{n} tokens={m}{' act-order' if act else ''}: {best[0] * 1e3:.1f} us {best[1]}", flush=True)
    del layers
    tuned_buckets = {str(G.m_bucket(m)) for m in tokens}
    for key in sorted(previous.keys() - table.keys()):
        if key.split(":")[1] in tuned_buckets:
            print(f"not reached in the budget, previous config kept: {key} {previous[key]}", flush=True)
    table = {**previous, **table}  # the previous table's order, then new keys: a readable diff of the json
    payload = json.dumps({"gpu": torch.cuda.get_device_name(), "group_size": GROUP, "configs": table}, indent=1)
    for target in (path, out_dir / path.name):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(payload + "\n")
    gptq_config._tuned_table.cache_clear()  # the new table takes effect in this process
    gptq_config._configured.cache_clear()
    return path


def torchao_copies(k: int, n: int, count: int):
    """`count` bf16 linears K -> N quantized by torchao int4 weight-only, and the kernel they run; ([], reason) where
    torchao does not run here (said once per shape)."""
    from benchmarks.gptq_torchao import TorchaoUnavailable, quantize_int4

    linears = torch.nn.ModuleList(torch.nn.Linear(k, n, bias=False, device=DEVICE, dtype=torch.bfloat16)
                                  for _ in range(count))
    try:
        _, kernel = quantize_int4(linears, filter_fn=lambda module, fqn: isinstance(module, torch.nn.Linear))
        with torch.no_grad():
            linears[0](torch.randn(1, k, device=DEVICE, dtype=torch.bfloat16))
    except TorchaoUnavailable as error:
        return [], str(error)
    return list(linears), kernel


def kernel_table(report: Report, shapes=SHAPES, tokens=TABLE_TOKENS, torchao: bool = True) -> None:
    """Per shape and token count: fp16 cuBLAS, patchzoo as routed (fused kernel below DEQUANT_MIN_TOKENS, dequantize
    + cuBLAS from it), and from 64 tokens both paths forced, so the crossover shows; torchao int4; the floor."""
    from patchzoo.kernels.gptq import dequantize

    routed_threshold = dequantize.DEQUANT_MIN_TOKENS
    for k, n in shapes:
        fp16_copies = [torch.randn(n, k, device=DEVICE, dtype=torch.float16) * 0.02 for _ in range(copies_for(2 * k * n))]
        int4_copies = {act: [make_layer(k, n, act, seed=i) for i in range(copies_for(k * n // 2))] for act in (False, True)}
        ao_copies, ao_kernel = torchao_copies(k, n, copies_for(k * n // 2)) if torchao else ([], "not asked")
        print(f"{k}x{n} torchao: {ao_kernel}", flush=True)
        for m in tokens:
            case = {"shape": f"{k}x{n}", "tokens": m}
            x = torch.randn(m, k, device=DEVICE, dtype=torch.float16)
            x_bf16 = x.to(torch.bfloat16)
            fp16_bytes, flops = 2 * (n * k + m * k + m * n), 2 * m * n * k

            def gptq(layer):
                qweight, qzeros, scales, perm, scale_zero = layer
                return G.gptq_matmul(x, qweight, qzeros, scales, bits=4, group_size=GROUP, perm=perm,
                                     scale_zero=scale_zero)

            report.add(case, "fp16_linear", graph_ms([lambda w=w: F.linear(x, w) for w in fp16_copies]),
                       bytes=fp16_bytes, flops=flops)
            for act, name in ((False, "patchzoo"), (True, "patchzoo_act_order")):
                report.add(case, name, graph_ms([lambda layer=layer: gptq(layer) for layer in int4_copies[act]]),
                           bytes=int4_bytes(m, k, n), flops=flops)
            if m >= 64:  # both paths forced: where dequantize + cuBLAS overtakes the fused kernel
                for threshold, name in ((0, "patchzoo_fused"), (1, "patchzoo_dequant")):
                    dequantize.DEQUANT_MIN_TOKENS = threshold
                    report.add(case, name, graph_ms([lambda layer=layer: gptq(layer) for layer in int4_copies[False]]),
                               bytes=int4_bytes(m, k, n), flops=flops)
                dequantize.DEQUANT_MIN_TOKENS = routed_threshold
            if ao_copies:
                with torch.no_grad():
                    report.add(case, "torchao_int4", graph_ms([lambda lin=lin: lin(x_bf16) for lin in ao_copies]),
                               bytes=int4_bytes(m, k, n), flops=flops)
            report.floor(case, bytes=int4_bytes(m, k, n))
            report.time(case, "fp16_linear_eager", lambda: F.linear(x, fp16_copies[0]), bytes=fp16_bytes, flops=flops)
            report.time(case, "patchzoo_eager", lambda: gptq(int4_copies[False][0]), bytes=int4_bytes(m, k, n), flops=flops)
        del fp16_copies, int4_copies, ao_copies


def crossover_lines(report: Report, shapes, tokens) -> list[str]:
    """Per shape: the smallest token count from which dequantize + cuBLAS beats the fused kernel (what
    patchzoo/kernels/gptq/dequantize.py's DEQUANT_MIN_TOKENS should be), and patchzoo vs fp16 from 128 tokens."""
    from patchzoo.kernels.gptq import dequantize

    lines = []
    for k, n in shapes:
        key = f"{k}x{n}"
        wins = [m for m in tokens if m >= 64 and report.lookup((key, m), "patchzoo_dequant").ms
                < report.lookup((key, m), "patchzoo_fused").ms]
        ratios = ", ".join(f"{m}: {report.lookup((key, m), 'fp16_linear').ms / report.lookup((key, m), 'patchzoo').ms:.2f}x"
                           for m in tokens if m >= 128)
        lines.append(f"{key}: dequantize + cuBLAS faster than the fused kernel from {wins[0] if wins else 'no'} tokens "
                     f"(first win; routed now from {dequantize.DEQUANT_MIN_TOKENS}); "
                     f"patchzoo vs fp16 {ratios}")
    return lines


def goals(report: Report) -> list[str]:
    """One line per case (ratios on the graph-timed rows), then each goal of the issue: met or not."""
    lines, met = [], {"prefill >=1.0x fp16 at >=128": True, "3x fp16 at tokens<=16": True, "1.5x fp16 at 64": True, "<=1.5x floor at 1": True, "act-order <=10%": True}
    for k, n in SHAPES:
        for m in TABLE_TOKENS:
            key = (f"{k}x{n}", m)
            if report.lookup(key, "patchzoo") is None or report.lookup(key, "patchzoo_act_order") is None:
                continue
            fp16, zoo, act, floor = (report.lookup(key, p).ms for p in ("fp16_linear", "patchzoo", "patchzoo_act_order", "floor"))
            eager = report.lookup(key, "fp16_linear_eager").ms / report.lookup(key, "patchzoo_eager").ms
            ao = report.lookup(key, "torchao_int4")
            vs_ao = f", {ao.ms / zoo:.2f}x torchao int4" if ao else ""
            lines.append(f"{k}x{n} t={m}: {fp16 / zoo:.2f}x fp16{vs_ao}, {zoo / floor:.2f}x floor, act-order "
                         f"{(act / zoo - 1) * 100:+.0f}%; single launches: {eager:.2f}x fp16")
            met["3x fp16 at tokens<=16"] &= m > 16 or fp16 / zoo >= 3
            met["1.5x fp16 at 64"] &= m != 64 or fp16 / zoo >= 1.5
            met["<=1.5x floor at 1"] &= m != 1 or zoo / floor <= 1.5
            met["act-order <=10%"] &= m > 16 or act / zoo <= 1.10
            met["prefill >=1.0x fp16 at >=128"] &= m < 128 or fp16 / zoo >= 1.0
    lines += [f"goal {name}: {'met' if ok else 'NOT met'}" for name, ok in met.items()]
    return lines


def host_us(call, calls: int = 2000, samples: int = 5) -> float:
    """Host µs per eager call: wall time of `calls` back-to-back calls (best of `samples`). The calls here take
    longer to launch than to run on the GPU, so the loop is host-bound and this is the launch's host time."""
    for _ in range(50):
        call()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(samples):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def host_table() -> Report:
    """Host time of one eager call: fp16 F.linear, the checked entry (gptq_matmul_any_device: the torch op's body,
    what GPTQLinear called before the sixth session), the launch without the checks (launch_gptq_matmul) and
    with a launch plan (what an eager GPTQLinear calls now: checks once at prepare, a plan per layout of x)."""
    report = Report("gptq_host", case_keys=("shape", "tokens", "act_order"))
    for k, n in [(4096, 4096), (4096, 11008)]:
        weight = torch.randn(n, k, device=DEVICE, dtype=torch.float16) * 0.02
        for act in (False, True):
            qweight, qzeros, scales, perm, scale_zero = make_layer(k, n, act_order=act)
            for m in (1, 4):
                x = torch.randn(m, k, device=DEVICE, dtype=torch.float16)
                case = {"shape": f"{k}x{n}", "tokens": m, "act_order": act}
                rows = {
                    "fp16_linear": lambda: F.linear(x, weight),
                    "checked_call": lambda: G.gptq_matmul_any_device(x, qweight, qzeros, scales, perm, None, 4, GROUP, 1,
                                                                     scale_zero),
                    "launch_only": lambda: G.launch_gptq_matmul(x, qweight, scale_zero, bits=4, group_size=GROUP,
                                                                scale_dtype=scales.dtype, perm=perm),
                    "planned": lambda plans=G.LaunchPlans(): G.launch_gptq_matmul(
                        x, qweight, scale_zero, bits=4, group_size=GROUP, scale_dtype=scales.dtype, perm=perm,
                        plans=plans),
                }
                for name, call in rows.items():
                    report.add(case, name, host_us(call) / 1e3)
                    print(f"host {case} {name}: {report.lookup(tuple(case.values()), name).ms * 1e3:.1f} us", flush=True)
    return report


def llama_config(layers: int) -> transformers.LlamaConfig:
    return transformers.LlamaConfig(
        vocab_size=32000, hidden_size=4096, intermediate_size=11008, num_hidden_layers=layers,
        num_attention_heads=32, num_key_value_heads=32, max_position_embeddings=4096,
    )


def gptq_checkpoint(model: torch.nn.Module, directory: Path, act_order: bool) -> Path:
    """Round every decoder linear to 4 bits (group 128) and write the HF GPTQ checkpoint; act-order with one
    random row order per input, as round_decoder_linears makes it, so the zoo fuses as it would a real checkpoint."""
    from patchzoo.tiny.build import write_rounded_gptq_checkpoint

    return write_rounded_gptq_checkpoint(model, directory, 4, GROUP, act_order)


def graph_decode_ms(model, prompt_len: int = 32, replays: int = 40) -> float:
    """ms per decode step: one step (1 token, static KV cache) captured in a CUDA graph, replayed.

    The static cache advances its own write position on every update (transformers 5.x), so each
    replay appends one more token, as decoding does: the cache is sized for all of them.
    """
    cache = transformers.StaticCache(config=model.config, max_cache_len=512)
    prompt = torch.randint(4, 32000, (1, prompt_len), device=DEVICE)
    with torch.no_grad():
        model(input_ids=prompt, past_key_values=cache, cache_position=torch.arange(prompt_len, device=DEVICE), use_cache=True)
        token = prompt[:, -1:].clone()
        position = torch.tensor([prompt_len], device=DEVICE)

        def step():
            return model(input_ids=token, past_key_values=cache, cache_position=position,
                         position_ids=position[None], use_cache=True).logits

        graph = capture_graph(step, warmups=3)
        return events_ms(graph.replay, calls=replays, samples=5)


def generate_ms(model, prompt_len: int = 32, new_tokens: int = 64, repeats: int = 3, **generate_kwargs) -> float:
    """ms per generated token of greedy `generate` (host overhead included), median of `repeats` timed calls;
    eager unless generate_kwargs say otherwise.

    The warm-up generates as many tokens as the timed calls: the first call at each new KV-cache length pays a
    one-time cost (cuDNN attention builds a plan per length), which would otherwise fall on whichever model
    runs first in the process; with a static cache it also pays transformers' compilation. The median: a
    host-bound call moves by 10-30 % from one call to the next on these machines."""
    prompt = torch.randint(4, 32000, (1, prompt_len), device=DEVICE)
    kwargs = dict(max_new_tokens=new_tokens, min_new_tokens=new_tokens, do_sample=False, pad_token_id=0,
                  **generate_kwargs)
    times = []
    with torch.no_grad():
        model.generate(prompt, **kwargs)
        for _ in range(repeats):
            torch.cuda.synchronize()
            start = time.perf_counter()
            model.generate(prompt, **kwargs)
            torch.cuda.synchronize()
            times.append((time.perf_counter() - start) * 1e3 / new_tokens)
    return sorted(times)[len(times) // 2]


def static_generate_ms(model) -> float:
    """generate_ms with cache_implementation="static": transformers then compiles the decoding forward itself
    (torch.compile, CUDA graphs). Dynamo is reset first: every model shares the forward's code object, and with
    it one recompilation limit, past which later models would silently run eager."""
    torch._dynamo.reset()
    return generate_ms(model, cache_implementation="static")


# Decode models: name -> (act-order checkpoint, from_pretrained kwargs, fold down_proj's act-order gather)
ZOO_MODELS = {
    "patchzoo GPTQ": (False, {}, True),
    "patchzoo GPTQ unfused": (False, {"fuse_projections": False}, False),  # 7 GPTQ calls per layer
    "patchzoo GPTQ act-order": (True, {}, True),
    "patchzoo GPTQ act-order no fold": (True, {}, False),  # fused; down_proj gathers x as before the fold
    "patchzoo GPTQ act-order unfused": (True, {"fuse_projections": False}, False),
}
MEASURES = {"graph": ("cuda graph step", graph_decode_ms), "eager": ("eager generate", generate_ms),
            "static": ("generate, static cache", static_generate_ms)}


def load_zoo(path: Path, kwargs: dict, fold: bool):
    import patchzoo
    from patchzoo.patches import gptq_fusion

    if fold:
        return patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float16, device_map=DEVICE, **kwargs)
    with mock.patch.object(gptq_fusion, "fold_act_order_gather", lambda model: 0):  # the loader looks it up per call
        return patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float16, device_map=DEVICE, **kwargs)


def decode_table(layers: int, keep: list[str], measures: list[str]) -> Report:
    """`keep`: the model names to measure (empty: every one); `measures`: keys of MEASURES."""
    report = Report("gptq_decode", case_keys=("model", "measure"))
    model_name = f"llama-7B-shape x{layers} layers"
    wanted = [name for name in ["fp16 (stock HF)", *ZOO_MODELS] if not keep or name in keep]
    torch.manual_seed(0)
    with torch.device(DEVICE):
        source = transformers.LlamaForCausalLM(llama_config(layers)).half().eval()
    models = {}
    with tempfile.TemporaryDirectory() as tmp:  # every model is loaded with from_pretrained, as users load it
        if "fp16 (stock HF)" in wanted:
            source.save_pretrained(Path(tmp) / "fp16")
            models["fp16 (stock HF)"] = transformers.LlamaForCausalLM.from_pretrained(
                Path(tmp) / "fp16", dtype=torch.float16, device_map=DEVICE).eval()
        checkpoints = {}
        for name in wanted[1:] if "fp16 (stock HF)" in wanted else wanted:
            act, kwargs, fold = ZOO_MODELS[name]
            if act not in checkpoints:
                checkpoints[act] = gptq_checkpoint(source, Path(tmp) / f"act{int(act)}", act)
            models[name] = load_zoo(checkpoints[act], kwargs, fold)
    del source
    for name, model in models.items():
        for measure, fn in (MEASURES[key] for key in measures):
            try:
                ms = fn(model)
            except Exception as error:  # report, keep the other rows
                print(f"{name} / {measure}: {type(error).__name__}: {error}", flush=True)
                continue
            report.add({"model": model_name, "measure": measure}, name, ms)
            print(f"{name:44s} {measure:24s} {ms:8.3f} ms/token  {1e3 / ms:8.1f} tokens/s", flush=True)
    return report


# ----------------------------------------------------------------------------------------------------
# Serving: a Llama-3.1-8B-shaped model through generate(), fp16 / torchao int4 / patchzoo GPTQ
# ----------------------------------------------------------------------------------------------------


def llama31_8b_config(layers: int) -> transformers.LlamaConfig:
    """Llama-3.1-8B's shapes (GQA 32/8 heads, MLP 14336, vocabulary 128256, rope theta 500000) at `layers` depth."""
    return transformers.LlamaConfig(
        vocab_size=128256, hidden_size=4096, intermediate_size=14336, num_hidden_layers=layers,
        num_attention_heads=32, num_key_value_heads=8, max_position_embeddings=8192, rope_theta=500000.0,
        tie_word_embeddings=False,
    )


def serving_floor_ms(config: transformers.LlamaConfig, hbm_gbps: float, int4: bool) -> float:
    """ms per decode step at batch 1 if only the weights were read, once, at the measured copy bandwidth: decoder
    linears at 4 bits + group-128 scales and zeros (int4) or fp16, plus the fp16 LM head (embeddings: one row)."""
    h, i, layers = config.hidden_size, config.intermediate_size, config.num_hidden_layers
    kv = config.num_key_value_heads * h // config.num_attention_heads
    per_layer = h * (h + 2 * kv) + h * h + 3 * h * i  # q/k/v, o, gate/up/down weights
    linear_bytes = per_layer * layers * (0.5 + 2.5 / GROUP if int4 else 2)
    return (linear_bytes + config.vocab_size * h * 2) / (hbm_gbps * 1e9) * 1e3


def generate_call(model, batch: int, prompt_len: int, new_tokens: int, **generate_kwargs):
    prompt = torch.randint(4, 32000, (batch, prompt_len), device=DEVICE)
    kwargs = dict(max_new_tokens=new_tokens, min_new_tokens=new_tokens, do_sample=False, pad_token_id=0,
                  **generate_kwargs)
    return lambda: model.generate(prompt, **kwargs)


def median_ms(call, repeats: int = 3) -> float:
    """Median wall ms of call() (synchronized before and after; one warm-up call first)."""
    with torch.no_grad():
        call()
        times = []
        for _ in range(repeats):
            torch.cuda.synchronize()
            start = time.perf_counter()
            call()
            torch.cuda.synchronize()
            times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


def compiled_forward(model):
    """The model with its forward under torch.compile (reduce-overhead: CUDA graphs), as the torchao / gpt-fast
    recipes run it; generate() then runs with a static cache and its own auto-compile off. Undone by the caller.

    Each call starts a new CUDA-graph step and hands back a copy of the logits: generate() reads a step's logits
    after the next replay has reused the graph's output buffers (torch's "accessing tensor output of CUDAGraphs
    that has been overwritten" error otherwise)."""
    compiled = torch.compile(model.forward, mode="reduce-overhead", fullgraph=False)

    def forward(*args, **kwargs):
        torch.compiler.cudagraph_mark_step_begin()
        outputs = compiled(*args, **kwargs)
        outputs.logits = outputs.logits.clone()
        return outputs

    model.forward = forward
    return model


# a serving model name with one of these suffixes ("patchzoo GPTQ (unfused step)"): that zoo model with its switches
# set so, its decode graphs recording other kernels than the default's (see patchzoo/models/llama_decode.py)
STEP_VARIANTS = {
    " (stock step kernels)": dict(decode_kernels=False, fused_decode_step=False),  # what all the Triton kernels add
    " (unfused step)": dict(decode_kernels=True, fused_decode_step=False),  # what the merged step adds
    " (plain launches)": dict(dependent_launch=False),  # what programmatic dependent launches add
}
DEFAULT_STEP = dict(decode_kernels=True, fused_decode_step=True)


def step_variant(name: str) -> tuple[str, dict]:
    """(zoo model name, switches) of a serving model name, its suffix (if any) taken off."""
    for suffix, switches in STEP_VARIANTS.items():
        if name.endswith(suffix):
            return name[: -len(suffix)], switches
    return name, DEFAULT_STEP


SERVING_MODES = {
    "plain": dict(),  # generate() as most users call it: stock decodes eagerly, the zoo replays CUDA graphs
    "static": dict(cache_implementation="static"),
    "compiled": dict(cache_implementation="static", disable_compile=True),
}


def set_step_variant(model, name: str) -> None:
    """Set a zoo model's decode-step switches to those of the serving name and drop its captured graphs, so the next
    call captures with this name's kernels, not the last name's (variants share one model object)."""
    import patchzoo
    from patchzoo.patches.decode_graphs import release_decode_graphs

    if isinstance(model, patchzoo.LlamaForCausalLM):
        switches = {**DEFAULT_STEP, **step_variant(name)[1]}
        if switches.pop("dependent_launch", True):
            os.environ.pop(DEPENDENT_LAUNCH_ENV, None)
        else:
            os.environ[DEPENDENT_LAUNCH_ENV] = "0"
        for switch, value in switches.items():
            setattr(model, switch, value)
        for module in model.modules():  # eager launch plans keep the launch mode of their first call
            if hasattr(module, "launch_plans"):  # a GPTQLinear
                module.launch_plans.clear()
        release_decode_graphs(model)


def serving_models(layers: int, tmp: Path, names: list[str]):
    """name -> (model, note): stock fp16 and the GPTQ checkpoint through from_pretrained, torchao int4 from the fp16
    weights in bf16. Random weights, rounded to 4 bits (group 128) and written as an HF GPTQ checkpoint."""
    from benchmarks.gptq_torchao import TorchaoUnavailable, quantize_int4
    import patchzoo

    torch.manual_seed(0)
    with torch.device(DEVICE):
        source = transformers.LlamaForCausalLM(llama31_8b_config(layers)).half().eval()
    source.save_pretrained(tmp / "fp16")
    wants_gptq = any(name.startswith("patchzoo GPTQ") for name in names)
    checkpoint = gptq_checkpoint(source, tmp / "gptq", act_order=False) if wants_gptq else None
    del source
    torch.cuda.empty_cache()
    models = {}
    if "fp16 (stock HF)" in names:
        models["fp16 (stock HF)"] = (transformers.LlamaForCausalLM.from_pretrained(
            tmp / "fp16", dtype=torch.float16, device_map=DEVICE).eval(), "cuBLAS fp16")
    if "torchao int4" in names:
        model = transformers.LlamaForCausalLM.from_pretrained(tmp / "fp16", dtype=torch.bfloat16, device_map=DEVICE).eval()
        try:
            probe = torch.randint(4, 32000, (1, 8), device=DEVICE)
            models["torchao int4"] = quantize_int4(model, probe=probe)
        except TorchaoUnavailable as error:
            print(f"torchao int4: skipped: {error}", flush=True)
            del model
    if "patchzoo fp16" in names:  # the zoo class on the fp16 weights: what its generate() alone changes
        models["patchzoo fp16"] = (patchzoo.LlamaForCausalLM.from_pretrained(
            tmp / "fp16", dtype=torch.float16, device_map=DEVICE).eval(),
            "cuBLAS fp16, decode steps in CUDA graphs of Triton kernels (patchzoo/models/llama_decode.py)")
    if "patchzoo GPTQ" in names:
        models["patchzoo GPTQ"] = (patchzoo.LlamaForCausalLM.from_pretrained(
            checkpoint, dtype=torch.float16, device_map=DEVICE),
            "fused Triton W4A16 / dequantize + cuBLAS, decode steps in CUDA graphs of Triton kernels")
    for name in names:  # the same model, its graphs recording other kernels
        zoo, switches = step_variant(name)
        if zoo == name:
            continue
        if zoo in models:  # one model object: serving_table sets its switches before each name's rows
            model = models[zoo][0]
        else:
            path = checkpoint if zoo == "patchzoo GPTQ" else tmp / "fp16"
            model = patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float16, device_map=DEVICE).eval()
        said = [f"{DEPENDENT_LAUNCH_ENV}=0" if switch == "dependent_launch" else f"model.{switch} = {value}"
                for switch, value in switches.items()]
        models[name] = (model, f"{zoo} with " + ", ".join(said))
    return models


def serving_table(layers: int, batches: list[int], compile_batches: list[int], modes: list[str], names: list[str],
                  prompt_len: int, new_tokens: int, ttft_prompt: int) -> Report:
    report = Report("gptq_serving", case_keys=("measure", "batch"))
    with tempfile.TemporaryDirectory() as tmp:
        models = serving_models(layers, Path(tmp), names)
    config = llama31_8b_config(layers)
    hbm = report.hardware.hbm_gbps
    for int4 in (True, False):
        floor = serving_floor_ms(config, hbm, int4)
        print(f"{'int4' if int4 else 'fp16'} floor, Llama-3.1-8B shape x{layers} layers, batch 1: {floor:.3f} ms/token "
              f"({1e3 / floor:.0f} tokens/s) at {hbm:.0f} GB/s", flush=True)
    for name, (model, note) in models.items():
        print(f"{name}: {note}", flush=True)
        set_step_variant(model, name)
        for mode in modes:
            for batch in (compile_batches if mode != "plain" else batches):
                torch._dynamo.reset()  # every model shares the forward's code object and its recompile limit
                if mode == "compiled":
                    compiled_forward(model)
                try:
                    ms = median_ms(generate_call(model, batch, prompt_len, new_tokens, **SERVING_MODES[mode]))
                except Exception as error:  # report, keep the other rows
                    print(f"{name} / {mode} / batch {batch}: {type(error).__name__}: {str(error)[:300]}", flush=True)
                    continue
                finally:
                    model.__dict__.pop("forward", None)  # the class's forward again (compiled_forward set one)
                tokens_per_s = batch * new_tokens * 1e3 / ms
                # stored as ms per generated token of the batch, so ratios against fp16 read as speed-ups
                report.add({"measure": f"{mode} tokens/s", "batch": batch}, name, ms / (batch * new_tokens))
                print(f"{name:20s} {mode:9s} batch {batch:3d}: {tokens_per_s:9.1f} tokens/s", flush=True)
        if ttft_prompt:
            torch._dynamo.reset()
            try:
                ms = median_ms(generate_call(model, 1, ttft_prompt, 1))
            except Exception as error:
                print(f"{name} / ttft: {type(error).__name__}: {str(error)[:300]}", flush=True)
            else:
                report.add({"measure": f"time to first token, {ttft_prompt}-token prompt (ms)", "batch": 1}, name, ms)
                print(f"{name:20s} time to first token ({ttft_prompt} tokens): {ms:8.2f} ms", flush=True)
    for int4, name in ((True, "int4 floor"), (False, "fp16 floor")):
        report.add({"measure": "plain tokens/s", "batch": 1}, name, serving_floor_ms(config, hbm, int4))
    return report


def counts(text: str) -> list[int]:
    """argparse type of a comma-separated list of positive whole numbers ("1,16,64")."""
    try:
        values = [int(item) for item in text.split(",") if item.strip()]
    except ValueError:
        values = []
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of positive whole numbers")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tune", metavar="DIR", type=Path, help="sweep configs first; write the table here too")
    parser.add_argument("--tune-budget", type=float, default=200.0, help="seconds the sweep may take")
    parser.add_argument("--tune-tokens", type=counts, default=list(TOKENS),
                        help="token-count buckets to tune (the others keep the table's configs)")
    parser.add_argument("--layers", type=int, default=8, help="decoder layers of the decode model")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--skip-decode", action="store_true", help="kernel table only")
    which.add_argument("--decode-only", action="store_true", help="decode table only")
    parser.add_argument("--host", action="store_true", help="also time the host side of eager calls (µs per call)")
    parser.add_argument("--mlp-shapes", action="store_true", help="kernel table on the 7B/8B MLP shapes only")
    parser.add_argument("--tokens", type=counts, default=list(TABLE_TOKENS), help="kernel table token counts")
    parser.add_argument("--no-torchao", action="store_true", help="leave torchao's int4 out of the kernel table")
    parser.add_argument("--serving", action="store_true",
                        help="instead of the kernel and decode tables: Llama-3.1-8B shape through generate(), fp16 / torchao int4 "
                             "/ patchzoo GPTQ, tokens/s per mode and batch, time to first token")
    parser.add_argument("--batches", type=counts, default=[1, 4, 16], help="serving: batch sizes of plain generate()")
    parser.add_argument("--compile-batches", type=counts, default=[1, 4, 16],
                        help="serving: batch sizes of the static / compiled modes")
    parser.add_argument("--serve-modes", default="plain,static",
                        help=f"serving: of {', '.join(SERVING_MODES)} (compiled: run it on its own, one model per process; "
                             "with torch 2.11 it died of a segmentation fault for every model, stock included)")
    parser.add_argument("--serve-models", default="fp16 (stock HF),torchao int4,patchzoo fp16,patchzoo GPTQ",
                        help="serving: comma-separated models; a zoo model's name + one of "
                             f"{', '.join(repr(s) for s in STEP_VARIANTS)} adds it with its decode graphs recording "
                             "stock's kernels / without the merged step / its kernels launched the plain way")
    parser.add_argument("--new-tokens", type=int, default=64, help="serving: tokens generated per call")
    parser.add_argument("--ttft-prompt", type=int, default=2048, help="serving: prompt of the time-to-first-token row")
    parser.add_argument("--models", default="", help="comma-separated decode models to measure (default: all): "
                        f"'fp16 (stock HF)', {', '.join(repr(name) for name in ZOO_MODELS)}")
    parser.add_argument("--measures", default="graph,eager,static",
                        help=f"comma-separated decode measures (default: all): {', '.join(MEASURES)}")
    args = parser.parse_args()

    if args.tune:
        tuned = tune(args.tune, args.tune_budget, args.tune_tokens)
        print(f"tuned table: {tuned}", flush=True)
    if args.host:
        host_table().finish(baseline="fp16_linear")
    if not args.decode_only and not args.serving:
        report = Report("gptq", case_keys=("shape", "tokens"))
        shapes = MLP_SHAPES if args.mlp_shapes else SHAPES
        kernel_table(report, shapes, args.tokens, torchao=not args.no_torchao)
        report.finish(x="tokens", group_by=("shape",), baseline="fp16_linear")
        print("\n".join(goals(report) + crossover_lines(report, shapes, args.tokens)), flush=True)
    if args.serving:
        serving = serving_table(args.layers, args.batches, args.compile_batches,
                                [m for m in args.serve_modes.split(",") if m],
                                [m for m in args.serve_models.split(",") if m], 32, args.new_tokens, args.ttft_prompt)
        serving.finish(baseline="fp16 (stock HF)")
    elif not args.skip_decode:
        decode = decode_table(args.layers, [name for name in args.models.split(",") if name],
                              [key for key in args.measures.split(",") if key])
        decode.finish(baseline="fp16 (stock HF)")


if __name__ == "__main__":
    main()
