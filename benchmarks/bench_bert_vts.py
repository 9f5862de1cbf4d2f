"""BERT variable tensor shape: does a padded batch cost what its real tokens cost?

    python -m benchmarks.bench_bert_vts                       # everything below
    python -m benchmarks.bench_bert_vts --paddings 0 0.5 0.75 --flex-models --no-attention --profile 0.75  # 134 s, H200 (run 2)
    python -m benchmarks.bench_bert_vts --models base --paddings 0.5 0.75 --providers hf_sdpa patchzoo patchzoo_graph --flex-models --no-attention  # 38 s, H200 (run 3)
    python -m benchmarks.bench_bert_vts --models base --dtypes bf16 --modes infer
    python -m benchmarks.bench_bert_vts --models base --dtypes fp16 --paddings 0 0.45 0.72 --modes infer train_encoder \
        --providers hf_sdpa hf_compiled patchzoo patchzoo_graph patchzoo_compiled patchzoo_compiled_ro --no-attention --recompiles 20
    python -m benchmarks.bench_bert_vts --paddings 0 0.5 --profile 0 0.5 --modes train_encoder  # + CUDA kernel tables
    python -m benchmarks.bench_bert_vts --models base --dtypes bf16 --paddings 0.75 --modes infer --timeline 0.75  # + GPU idle tables

Cases: bert-base and bert-large shapes (random weights), batch 64 x 512, padding 0/25/50/75 %
(random right-padded row lengths with exactly that share of pad tokens), fp16 and bf16, modes:
  infer          BertModel forward (inference_mode)
  train_encoder  BertModel forward + backward of a loss on real tokens (dropout on): VTS alone
  train_mlm      BertForMaskedLM forward + backward, labels on 15 % of real tokens (dropout on):
                 VTS plus the masked-positions-only vocabulary projection
Providers: hf_sdpa (stock, padded batch + mask), hf_flex (stock flex_attention, its block mask
skips padded tiles; bert-base inference only, where it compiles), patchzoo (strip after the
embeddings, varlen FlashAttention; builds its Padding from the GPU mask: one host wait per step,
put off until the embeddings are queued), patchzoo_pre (the same with the Padding built from the CPU
mask ahead of the step, as a data loader would), patchzoo_graph (the library's
use_cuda_graphs(model, GRAPH_BUCKET) on a copy of the zoo model: packed length bucketed, the encoder's
layers replayed from CUDA graphs captured at the first call per bucket and mode, dropout inside; the
Padding is built from the GPU mask as in patchzoo; the embeddings, strip/restore, the head and the loss
run eagerly around the replays; its first call per case is timed apart, with the growth of reserved
memory), patchzoo_graph_pre (the graphed model with a bucketed Padding built from the CPU mask ahead of
the step: no host wait, so the host can run a step ahead of the GPU), hf_compiled / patchzoo_compiled /
patchzoo_compiled_ro (torch.compile of the BertModel of a copy of hf_sdpa / patchzoo, default mode / the
zoo with mode="reduce-overhead"; opt-in with --providers; the zoo compiled runs packed: its Padding
built between graphs, packed length bucketed and symbolic; --recompiles N counts dynamo's graphs,
recompiles and graph breaks over N batches of random padding, and the zoo's packed calls), floor (real-token FLOPs / measured bf16 matmul peak). flash_attention_2 needs the
flash-attn package, which the GPU machine does not have: not measured.

Timing: per case, each provider is warmed up, then the providers' steps are interleaved in --rounds
rounds (order rotated each round), so drift of clocks or host speed during a case falls on all of
them alike; each step sits between two CUDA events with no host sync between steps (as in a training
loop, a host wait inside a step shows up as GPU idle time inside its interval). Reported: the median
over at least --min-steps steps. (triton's do_bench with its 100 ms default gives a 165 ms step one sample.)

--profile P ...: after the timings, one train_encoder step of hf_sdpa and of patchzoo per padding P
under torch.profiler (first model and dtype), printed as one table of CUDA kernel time per kernel name.

A second table times one layer's attention alone (bert-base heads), to separate the kernel from
the rest: stock SDPA on the padded batch with its mask, SDPA on the full batch without a mask (what
a batch with no padding costs), and patchzoo's varlen attention on the real tokens.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import math
import statistics
import time

import torch
import torch.nn.functional as F
import transformers

import patchzoo
from benchmarks.common import OUT_DIR, Report
from patchzoo.models.bert import use_cuda_graphs
from patchzoo.patches.padding import Padding, varlen_attention

MODELS = {
    "base": dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12, intermediate_size=3072),
    "large": dict(hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096),
}
DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16}
BATCH, SEQ, VOCAB = 64, 512, 30522
MLM_SHARE = 0.15
GRAPH_BUCKET = 256  # patchzoo_graph pads the packed token count to a multiple of this


def row_lengths(padding: float, generator: torch.Generator) -> torch.Tensor:
    """BATCH lengths in [1, SEQ], spread around (1-p)*SEQ, summing to exactly (1-p)*BATCH*SEQ."""
    mean = (1 - padding) * SEQ
    spread = 2 * min(mean, SEQ - mean)
    lengths = (mean + (torch.rand(BATCH, generator=generator) - 0.5) * spread).round().clamp(1, SEQ).long()
    target = round(mean * BATCH)
    while int(lengths.sum()) != target:  # nudge random rows until the total is exact
        i = int(torch.randint(BATCH, (1,), generator=generator))
        step = 1 if int(lengths.sum()) < target else -1
        if 1 <= lengths[i] + step <= SEQ:
            lengths[i] += step
    return lengths


def make_batch(padding: float, seed: int) -> dict:
    g = torch.Generator().manual_seed(seed)
    lengths = row_lengths(padding, g)
    mask = (torch.arange(SEQ)[None, :] < lengths[:, None]).long()
    input_ids = torch.randint(1000, VOCAB, (BATCH, SEQ), generator=g).masked_fill(mask == 0, 0)
    picked = (torch.rand(BATCH, SEQ, generator=g) < MLM_SHARE) & mask.bool()
    labels = input_ids.masked_fill(~picked, -100)
    return {
        "input_ids": input_ids.cuda(), "attention_mask": mask.cuda(), "labels": labels.cuda(), "lengths": lengths,
        "padding": Padding.from_mask(mask).to("cuda"),  # built on the CPU, as a data loader would
        "padding_bucketed": Padding.from_mask(mask, GRAPH_BUCKET).to("cuda"),  # the same, for the graphed model
    }


def model_flops(shape: dict, lengths: torch.Tensor, masked: int, mode: str) -> float:
    """FLOPs of the real tokens only: the work no implementation can skip."""
    hidden, inter, layers = shape["hidden_size"], shape["intermediate_size"], shape["num_hidden_layers"]
    tokens = int(lengths.sum())
    per_layer = 2 * tokens * (4 * hidden * hidden + 2 * hidden * inter) + 4 * hidden * int((lengths**2).sum())
    forward = layers * per_layer
    if mode == "infer":
        return forward
    if mode == "train_mlm":
        forward += 2 * masked * (hidden * hidden + hidden * VOCAB)
    return 3 * forward


# Compiled providers: the BertModel inside a copy of the model, compiled with this torch.compile mode.
COMPILED = {"hf_compiled": ("hf_sdpa", "default"), "patchzoo_compiled": ("patchzoo", "default"),
            "patchzoo_compiled_ro": ("patchzoo", "reduce-overhead")}


def build_models(shape: dict, dtype: torch.dtype, with_flex: bool, providers=()) -> dict:
    config = transformers.BertConfig(vocab_size=VOCAB, max_position_embeddings=SEQ, **shape)
    torch.manual_seed(0)
    stock = transformers.BertForMaskedLM(config).to("cuda", dtype)
    stock.config._attn_implementation = "sdpa"
    zoo = patchzoo.patch(copy.deepcopy(stock))
    graphed = use_cuda_graphs(copy.deepcopy(zoo), GRAPH_BUCKET)  # its own copy: the switch is per model
    models = {
        "hf_sdpa": stock, "patchzoo": zoo, "patchzoo_pre": zoo, "patchzoo_graph": graphed, "patchzoo_graph_pre": graphed,
    }
    for provider in set(providers) & set(COMPILED):
        source, mode = COMPILED[provider]
        models[provider] = copy.deepcopy(models[source])
        models[provider].bert.compile(mode=mode)  # the zoo builds its Padding outside the graphs, bucketed
    if not with_flex:
        return models
    try:
        flex = copy.deepcopy(stock)
        flex.set_attn_implementation("flex_attention")
        models["hf_flex"] = flex
    except Exception as error:  # noqa: BLE001 - report and go on without the provider
        print(f"hf_flex unavailable: {type(error).__name__}: {error}", flush=True)
    return models


def step_fn(model, batch: dict, mode: str, pre_padding: str | None = None):
    """One step; pre_padding names the batch's CPU-built Padding to pass as padding= (None: built in forward)."""
    inputs = {"input_ids": batch["input_ids"], "attention_mask": batch["attention_mask"]}
    if pre_padding:
        inputs["padding"] = batch[pre_padding]
    mask = batch["attention_mask"]
    if mode == "infer":
        model.eval()

        def run():
            with torch.inference_mode():
                return model.bert(**inputs).last_hidden_state

        return run
    model.train()

    def run():
        model.zero_grad(set_to_none=True)
        if mode == "train_mlm":
            loss = model(**inputs, labels=batch["labels"]).loss
        else:
            hidden = model.bert(**inputs).last_hidden_state
            loss = (hidden.float().square().mean(-1) * mask).sum() / mask.sum()
        loss.backward()

    return run


def provider_fn(provider: str, model, batch: dict, mode: str):
    """The step a provider times in this case, or None where it does not apply."""
    if provider == "hf_flex" and mode != "infer":
        return None
    pre_padding = {"patchzoo_pre": "padding", "patchzoo_graph_pre": "padding_bucketed"}.get(provider)
    return step_fn(model, batch, mode, pre_padding=pre_padding)


def check_parity(models: dict, batch: dict) -> str:
    """max |provider - hf_sdpa| of last_hidden_state on real tokens, eval mode (every zoo provider present)."""
    real = batch["attention_mask"].bool()
    want = step_fn(models["hf_sdpa"], batch, "infer")().float()
    diffs = []
    for provider in [p for p in ("patchzoo", "patchzoo_graph", *COMPILED) if p in models]:
        try:
            got = provider_fn(provider, models[provider], batch, "infer")().float()
            diffs.append(f"{provider} {(got - want)[real].abs().max().item():.3g}")
        except Exception as error:  # noqa: BLE001 - reported; the timing loop reports it again per case
            diffs.append(f"{provider} failed: {type(error).__name__}: {str(error)[:200]}")
    return ", ".join(diffs)


def first_call(fn, graphs, case: dict) -> tuple:
    """Run a patchzoo_graph step once (it captures where its bucket has no graph yet): seconds, reserved MiB growth.

    The cache is emptied before both reads: torch.cuda.graph empties it when a capture begins, which
    made a plain before/after difference negative (run 3). What stays reserved after the step is the
    graphs' private pools (their activations and buffers), plus the parameters' gradients after a
    training step's first call (they live until the next step's zero_grad).
    """
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    reserved = torch.cuda.memory_reserved()
    start = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    torch.cuda.empty_cache()
    return case, len(graphs), seconds, (torch.cuda.memory_reserved() - reserved) / 2**20


def time_interleaved(fns: dict, min_steps: int, rounds: int, budget_ms: float = 300.0) -> dict:
    """provider -> median ms per step, the providers' steps interleaved in `rounds` rounds.

    Every fn has run once already (warm-up: lazy inits, graph capture, allocator growth). Each step
    sits between two CUDA events and no host sync separates the steps, so a host wait inside a step
    shows as GPU idle time in its interval, as it costs in a training loop. Rotating the order each
    round spreads drift (clocks, host speed) over every provider of the case.
    """
    steps = {}
    for name, fn in fns.items():
        torch.cuda.synchronize()
        begin, finish = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        begin.record()
        fn()
        finish.record()
        torch.cuda.synchronize()
        per_round = budget_ms / rounds / max(begin.elapsed_time(finish), 1e-3)
        steps[name] = max(math.ceil(min_steps / rounds), min(30, int(per_round)))
    events = {name: [] for name in fns}
    names = list(fns)
    for r in range(rounds):
        for name in names[r % len(names):] + names[: r % len(names)]:
            for _ in range(steps[name]):
                begin, finish = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                begin.record()
                fns[name]()
                finish.record()
                events[name].append((begin, finish))
    torch.cuda.synchronize()
    return {name: statistics.median(b.elapsed_time(f) for b, f in pairs) for name, pairs in events.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    parser.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=list(DTYPES))
    parser.add_argument("--modes", nargs="+", default=["infer", "train_encoder", "train_mlm"])
    parser.add_argument("--paddings", nargs="+", type=float, default=[0.0, 0.25, 0.5, 0.75])
    parser.add_argument(
        "--providers", nargs="+",
        default=["hf_sdpa", "patchzoo", "patchzoo_pre", "patchzoo_graph", "patchzoo_graph_pre", "hf_flex"],
    )
    parser.add_argument("--flex-models", nargs="*", default=["base"], help="models that also get hf_flex (inference)")
    parser.add_argument("--min-steps", type=int, default=6, help="fewest timed steps per provider and case")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per case")
    parser.add_argument("--profile", nargs="*", type=float, default=[], help="paddings to profile (train_encoder)")
    parser.add_argument("--no-attention", action="store_true", help="skip the attention-only table")
    parser.add_argument(
        "--recompiles", type=int, default=0,
        help="stream this many batches of random padding (0-80 %%) through each compiled provider (inference) "
             "and print dynamo's graphs compiled, recompiles and graph breaks",
    )
    parser.add_argument(
        "--timeline", nargs="*", type=float, default=[],
        help="paddings whose infer and train_encoder steps (hf_sdpa, patchzoo, patchzoo_graph[_pre]; first model and dtype) "
             "get a GPU-idle table: where the GPU waits for the host",
    )
    args = parser.parse_args(argv)

    print(f"flash_attn installed: {importlib.util.find_spec('flash_attn') is not None}", flush=True)
    report = Report("bert_vts", case_keys=("model", "dtype", "mode", "padding"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 matmul {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    if not args.no_attention:
        attention_report(args).finish(baseline="sdpa_masked")  # first: short, and its table is printed at once
        print(flush=True)
    batches = make_batches(args.paddings)
    for model_name in args.models:
        for dtype_name in args.dtypes:
            models = build_models(MODELS[model_name], DTYPES[dtype_name], model_name in args.flex_models, args.providers)
            models = {p: m for p, m in models.items() if p in args.providers}
            padded = [p for p in batches if p > 0]
            if padded and "hf_sdpa" in models:
                print(f"{model_name} {dtype_name}: max |x - hf_sdpa| on real tokens at {padded[0]:.0%} padding: "
                      f"{check_parity(models, batches[padded[0]])}", flush=True)
                if "patchzoo_graph" in models:
                    models["patchzoo_graph"].bert.layer_graphs.clear()  # the timed cases capture their own
            captures = []  # patchzoo_graph's first call per case: (case, graph sets held, seconds, MiB reserved)
            for padding, batch in batches.items():
                for mode in args.modes:
                    case = {"model": model_name, "dtype": dtype_name, "mode": mode, "padding": f"{padding:.0%}"}
                    fns = {}
                    for provider, model in models.items():
                        try:
                            fn = provider_fn(provider, model, batch, mode)
                            if fn is None:
                                continue
                            if provider == "patchzoo_graph":
                                captures.append(first_call(fn, model.bert.layer_graphs, case))
                            else:  # warm-up; a provider that fails is reported and left out of the case
                                for _ in range(3 if provider in COMPILED else 1):  # reduce-overhead: warm-up, record, replay
                                    fn()
                            fns[provider] = fn
                        except Exception as error:  # noqa: BLE001 - a failing provider is a result
                            print(f"{provider} {case}: {type(error).__name__}: {str(error)[:300]}", flush=True)
                    for provider, ms in time_interleaved(fns, args.min_steps, args.rounds).items():
                        report.add(case, provider, ms)
                    masked = int((batch["labels"] != -100).sum())
                    report.floor(case, flops=model_flops(MODELS[model_name], batch["lengths"], masked, mode))
                    print(" ".join(f"{r.provider}={r.ms:.2f}ms" for r in report.rows if r.case == case), case, flush=True)
                for graphed in {models[p] for p in ("patchzoo_graph", "patchzoo_graph_pre") if p in models}:
                    graphed.bert.layer_graphs.clear()  # this padding's buckets
                    torch.cuda.empty_cache()
            if args.recompiles:
                recompile_report(models, args.recompiles, f"{model_name} {dtype_name}")
            for case, held, seconds, mib in captures:
                print(f"patchzoo_graph first call {case['mode']} {case['padding']}: {seconds:.2f} s, "
                      f"graph sets held {held}, reserved memory +{mib:.0f} MiB", flush=True)
            del models
            torch.cuda.empty_cache()

    report.finish(baseline="hf_sdpa")
    print()
    goals = goal_table(report)
    goals += "\n\n" + compiled_goals(report)
    (OUT_DIR / "bert_vts_goals.md").write_text(goals + "\n")
    print(goals, flush=True)
    if args.profile:
        print(flush=True)
        profile_report(args)
    if args.timeline:
        print(flush=True)
        timeline_report(args)


def recompile_report(models: dict, count: int, title: str) -> None:
    """Dynamo's counters over `count` batches of random padding (0-80 %), per compiled provider (inference),
    and how many of the zoo's calls ran packed (built a bucketed Padding) and in how many packed lengths."""
    from torch._dynamo.utils import counters

    g = torch.Generator().manual_seed(1234)
    paddings = (torch.rand(count, generator=g) * 0.8).tolist()
    original = Padding.__dict__["bucketed"]
    for provider in [p for p in COMPILED if p in models]:
        counters.clear()
        lengths = []

        def bucketed(cls, mask, max_seqlen):  # named as the original: dynamo looks the classmethod up by name
            padding = original.__func__(cls, mask, max_seqlen)
            lengths.append(padding.packed_len)
            return padding

        Padding.bucketed = classmethod(torch.compiler.disable(bucketed))
        try:
            first = None
            for i, padding in enumerate(paddings):
                step_fn(models[provider], make_batch(padding, seed=1000 + i), "infer")()
                first = counters["stats"]["unique_graphs"] if first is None else first
            torch.cuda.synchronize()
        finally:
            Padding.bucketed = original
        graphs, breaks = counters["stats"]["unique_graphs"], sum(counters["graph_break"].values())
        packed = f", packed calls {len(lengths)}/{count} in {len(set(lengths))} packed lengths" if provider != "hf_compiled" else ""
        print(f"{title} {provider}: {count} batches, graphs compiled {graphs} (recompiles after the first batch: "
              f"{graphs - first}), graph breaks {breaks}{packed}", flush=True)


def timeline_report(args) -> None:
    """GPU idle time per step and the host ops it is spent in (benchmarks/timeline.py)."""
    from benchmarks.timeline import idle_report

    model_name, dtype_name = args.models[0], args.dtypes[0]
    models = build_models(MODELS[model_name], DTYPES[dtype_name], with_flex=False)
    tables = []
    for padding_share, batch in make_batches(args.timeline).items():
        for mode in ("infer", "train_encoder"):
            for provider in ("hf_sdpa", "patchzoo", "patchzoo_graph", "patchzoo_graph_pre"):
                title = f"{model_name} {dtype_name} {provider} {mode}, {padding_share:.0%} padding"
                tables.append(idle_report(title, provider_fn(provider, models[provider], batch, mode)))
                print(tables[-1] + "\n", flush=True)
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "bert_vts_timeline.md").write_text("\n\n".join(tables) + "\n")
    del models
    torch.cuda.empty_cache()


def profile_report(args) -> None:
    """CUDA kernel time per kernel name for one train_encoder step, hf_sdpa beside patchzoo."""
    from torch.profiler import ProfilerActivity, profile

    model_name, dtype_name = args.models[0], args.dtypes[0]
    models = build_models(MODELS[model_name], DTYPES[dtype_name], with_flex=False)
    tables = []
    for padding_share, batch in make_batches(args.profile).items():
        kernels = {}
        for provider in ("hf_sdpa", "patchzoo"):
            run = step_fn(models[provider], batch, "train_encoder")
            run()
            run()
            torch.cuda.synchronize()
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                run()
                torch.cuda.synchronize()
            kernels[provider] = kernel_times(prof)
        title = f"{model_name} {dtype_name} train_encoder, {padding_share:.0%} padding: CUDA kernel time per step"
        tables.append(kernel_table(title, kernels))
        print(tables[-1], flush=True)
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "bert_vts_profile.md").write_text("\n\n".join(tables) + "\n")
    del models
    torch.cuda.empty_cache()


def kernel_times(prof) -> dict[str, list]:
    """kernel name (shortened) -> [launches, µs] from a profile of device activity."""
    out = {}
    for event in prof.key_averages():
        us = getattr(event, "self_device_time_total", None)
        if us is None:
            us = event.self_cuda_time_total
        if us <= 0 or event.key.startswith("cuda") or event.key.startswith("ProfilerStep"):
            continue
        row = out.setdefault(event.key[:90], [0, 0.0])
        row[0] += event.count
        row[1] += us
    return out


def kernel_table(title: str, kernels: dict, rows: int = 30) -> str:
    """One markdown table: per kernel name, launches and µs of each provider, largest first."""
    providers = list(kernels)
    names = sorted({n for k in kernels.values() for n in k}, key=lambda n: max(k.get(n, [0, 0.0])[1] for k in kernels.values()))
    names.reverse()
    shown, rest = names[:rows], names[rows:]

    def cells(selected) -> str:  # launches | µs per provider, summed over the selected names
        out = []
        for p in providers:
            picked = [kernels[p][n] for n in selected if n in kernels[p]]
            out.append(f"{sum(c for c, _ in picked)} | {sum(us for _, us in picked):.0f}")
        return " | ".join(out)

    head = " | ".join(f"{p} n | {p} µs" for p in providers)
    lines = [f"**{title}**", "", f"| kernel | {head} |", "|---|" + "---|---|" * len(providers)]
    lines += [f"| `{name}` | {cells([name])} |" for name in shown]
    lines += [f"| (other {len(rest)} names) | {cells(rest)} |", f"| **total** | {cells(names)} |"]
    return "\n".join(lines)


def attention_report(args) -> Report:
    """One layer's attention alone, bert-base heads (12 x 64): forward, and forward + backward with dropout."""
    report = Report("bert_vts_attention", case_keys=("dtype", "pass", "padding"))
    heads, dim = 12, 64
    for dtype_name in args.dtypes:
        dtype = DTYPES[dtype_name]
        for padding_share, batch in make_batches(args.paddings).items():
            padding = batch["padding"]
            g = torch.Generator().manual_seed(0)
            full = [torch.randn(BATCH, heads, SEQ, dim, generator=g).to("cuda", dtype).requires_grad_() for _ in range(3)]
            packed = [t.detach().transpose(1, 2).reshape(BATCH * SEQ, heads, dim)[: padding.packed_len].clone().requires_grad_()
                      for t in full]
            mask = batch["attention_mask"].bool()[:, None, None, :]  # (B, 1, 1, S): keys that are real
            for pass_name, dropout in (("fwd", 0.0), ("fwd+bwd p=0.1", 0.1)):
                case = {"dtype": dtype_name, "pass": pass_name, "padding": f"{padding_share:.0%}"}
                runs = {
                    "sdpa_masked": (full, lambda: F.scaled_dot_product_attention(*full, attn_mask=mask, dropout_p=dropout)),
                    "sdpa_full_nomask": (full, lambda: F.scaled_dot_product_attention(*full, dropout_p=dropout)),
                    "varlen": (packed, lambda: varlen_attention(*packed, padding.cu_seqlens, padding.max_seqlen, dropout_p=dropout)),
                }
                for provider, (inputs, run) in runs.items():
                    report.time(case, provider, timed(run, inputs, backward=pass_name != "fwd"))
    return report


def timed(run, inputs, backward: bool):
    """fn for do_bench: the forward alone (no graph), or forward + backward into fresh gradients."""
    if not backward:
        def forward():
            with torch.no_grad():
                return run()

        return forward
    grad = None

    def forward_backward():
        nonlocal grad
        out = run()
        if grad is None:
            grad = torch.randn_like(out)
        return torch.autograd.grad(out, inputs, grad)

    return forward_backward


def make_batches(paddings) -> dict:
    return {p: make_batch(p, seed=i) for i, p in enumerate(paddings)}


# torch.compile(zoo) speed-up over stock eager, as a share of the ideal 1/(1-p): (padding, least share).
COMPILED_GOALS = ((0.45, 0.90), (0.72, 0.80))


def compiled_goals(report: Report) -> str:
    """One line per compiled zoo provider and goal padding: % of the ideal, and whether it beats the eager zoo."""
    lines = []
    for key in report._cases():
        padding = float(key[3].rstrip("%")) / 100
        goal = next((share for p, share in COMPILED_GOALS if abs(p - padding) < 1e-6), None)
        base, eager = report.lookup(key, "hf_sdpa"), report.lookup(key, "patchzoo")
        if goal is None or base is None or key[2] != "infer":
            continue
        for provider in ("patchzoo_compiled", "patchzoo_compiled_ro"):
            row = report.lookup(key, provider)
            if row is None:
                continue
            share = base.ms / row.ms * (1 - padding)
            vs_eager = "" if eager is None else f", {eager.ms / row.ms:.2f}x the eager zoo"
            verdict = "met" if share >= goal and (eager is None or row.ms <= eager.ms) else "NOT met"
            lines.append(f"goal {' '.join(key)} {provider}: {base.ms / row.ms:.2f}x hf_sdpa = {share:.0%} of the ideal "
                         f"(>= {goal:.0%}){vs_eager}: {verdict}")
    return "\n".join(lines)


def goal_table(report: Report) -> str:
    """Each patchzoo provider over hf_sdpa per case, against the ideal 1/(1-p)."""
    zoo_providers = [
        p for p in ("patchzoo", "patchzoo_pre", "patchzoo_graph", "patchzoo_graph_pre", "patchzoo_compiled",
                    "patchzoo_compiled_ro", "hf_compiled")
        if p in report.providers()
    ]
    head = " | ".join(f"{p} vs hf_sdpa | % of ideal" for p in zoo_providers)
    lines = [f"| model | dtype | mode | padding | {head} | patchzoo / floor |", "|---|---|---|---|" + "---|---|" * len(zoo_providers) + "---|"]
    for key in report._cases():
        base, zoo, floor = (report.lookup(key, p) for p in ("hf_sdpa", "patchzoo", "floor"))
        if base is None or zoo is None:
            continue
        ideal = 1 / (1 - float(key[3].rstrip("%")) / 100)
        cells = []
        for provider in zoo_providers:
            row = report.lookup(key, provider)
            if row is None:
                cells += ["", ""]
                continue
            speedup = base.ms / row.ms
            cells += [f"{speedup:.2f}x", f"{100 * speedup / ideal:.0f}%"]
        lines.append(f"| {' | '.join(key)} | {' | '.join(cells)} | {zoo.ms / floor.ms:.2f}x |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
