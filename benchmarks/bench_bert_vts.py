"""BERT variable tensor shape: does a padded batch cost what its real tokens cost?

    python -m benchmarks.bench_bert_vts                       # everything below, ~3 min on an H200
    python -m benchmarks.bench_bert_vts --models base --dtypes bf16 --modes infer

Cases: bert-base and bert-large shapes (random weights), batch 64 x 512, padding 0/25/50/75 %
(random right-padded row lengths with exactly that share of pad tokens), fp16 and bf16, modes:
  infer          BertModel forward (inference_mode)
  train_encoder  BertModel forward + backward of a loss on real tokens (dropout on): VTS alone
  train_mlm      BertForMaskedLM forward + backward, labels on 15 % of real tokens (dropout on):
                 VTS plus the masked-positions-only vocabulary projection
Providers: hf_sdpa (stock, padded batch + mask), hf_flex (stock flex_attention, its block mask
skips padded tiles; bert-base inference only, where it compiles), patchzoo (strip after the
embeddings, varlen FlashAttention; builds its Padding from the GPU mask: one host sync per step),
patchzoo_pre (the same with the Padding built from the CPU mask ahead of the step, as a data loader
would), floor (real-token FLOPs / measured bf16 matmul peak). flash_attention_2 needs the flash-attn
package, which the GPU machine does not have: not measured.

A second table times one layer's attention alone (bert-base heads), to separate the kernel from
the rest: stock SDPA on the padded batch with its mask, SDPA on the full batch without a mask (what
a batch with no padding costs), and patchzoo's varlen attention on the real tokens.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import time

import torch
import torch.nn.functional as F
import transformers

import patchzoo
from benchmarks.common import Report
from patchzoo.patches.padding import Padding, varlen_attention

MODELS = {
    "base": dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12, intermediate_size=3072),
    "large": dict(hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096),
}
DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16}
BATCH, SEQ, VOCAB = 64, 512, 30522
MLM_SHARE = 0.15


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


def build_models(shape: dict, dtype: torch.dtype, with_flex: bool) -> dict:
    config = transformers.BertConfig(vocab_size=VOCAB, max_position_embeddings=SEQ, **shape)
    torch.manual_seed(0)
    stock = transformers.BertForMaskedLM(config).to("cuda", dtype)
    stock.config._attn_implementation = "sdpa"
    zoo = patchzoo.patch(copy.deepcopy(stock))
    models = {"hf_sdpa": stock, "patchzoo": zoo, "patchzoo_pre": zoo}
    if not with_flex:
        return models
    try:
        flex = copy.deepcopy(stock)
        flex.set_attn_implementation("flex_attention")
        models["hf_flex"] = flex
    except Exception as error:  # noqa: BLE001 - report and go on without the provider
        print(f"hf_flex unavailable: {type(error).__name__}: {error}", flush=True)
    return models


def step_fn(model, batch: dict, mode: str, pre_padding: bool = False):
    inputs = {"input_ids": batch["input_ids"], "attention_mask": batch["attention_mask"]}
    if pre_padding:
        inputs["padding"] = batch["padding"]
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


def check_parity(models: dict, batch: dict) -> float:
    """max |patchzoo - hf_sdpa| of last_hidden_state on real tokens, eval mode."""
    real = batch["attention_mask"].bool()
    outs = [step_fn(models[p], batch, "infer")() for p in ("hf_sdpa", "patchzoo")]
    return (outs[0].float() - outs[1].float())[real].abs().max().item()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    parser.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=list(DTYPES))
    parser.add_argument("--modes", nargs="+", default=["infer", "train_encoder", "train_mlm"])
    parser.add_argument("--paddings", nargs="+", type=float, default=[0.0, 0.25, 0.5, 0.75])
    parser.add_argument("--flex-models", nargs="*", default=["base"], help="models that also get hf_flex")
    parser.add_argument("--flex-budget-s", type=float, default=90.0, help="stop trying hf_flex after this long")
    args = parser.parse_args(argv)

    print(f"flash_attn installed: {importlib.util.find_spec('flash_attn') is not None}", flush=True)
    report = Report("bert_vts", case_keys=("model", "dtype", "mode", "padding"))
    hw = report.hardware
    print(f"{hw.gpu}; {hw.versions}; copy {hw.hbm_gbps:.0f} GB/s, bf16 matmul {hw.bf16_tflops:.0f} TFLOP/s", flush=True)
    attention_report(args).finish(baseline="sdpa_masked")  # first: short, and its table is printed at once
    print(flush=True)
    batches = make_batches(args.paddings)
    flex_spent = 0.0
    for model_name in args.models:
        for dtype_name in args.dtypes:
            models = build_models(MODELS[model_name], DTYPES[dtype_name], model_name in args.flex_models)
            if 0.5 in batches:
                diff = check_parity(models, batches[0.5])
                print(f"{model_name} {dtype_name}: max |patchzoo - hf_sdpa| on real tokens at 50% padding = {diff:.3g}")
            for mode in args.modes:
                for padding, batch in batches.items():
                    case = {"model": model_name, "dtype": dtype_name, "mode": mode, "padding": f"{padding:.0%}"}
                    for provider, model in models.items():
                        if provider == "hf_flex" and (mode != "infer" or flex_spent > args.flex_budget_s):
                            continue
                        start = time.perf_counter()
                        try:
                            report.time(case, provider, step_fn(model, batch, mode, provider == "patchzoo_pre"))
                        except Exception as error:  # noqa: BLE001 - a failing stock provider is a result
                            print(f"{provider} {case}: {type(error).__name__}: {str(error)[:200]}", flush=True)
                        if provider == "hf_flex":
                            flex_spent += time.perf_counter() - start
                    masked = int((batch["labels"] != -100).sum())
                    report.floor(case, flops=model_flops(MODELS[model_name], batch["lengths"], masked, mode))
                    print(" ".join(f"{r.provider}={r.ms:.2f}ms" for r in report.rows if r.case == case), case, flush=True)
            del models
            torch.cuda.empty_cache()

    report.finish(baseline="hf_sdpa")
    print()
    print(goal_table(report))


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


def goal_table(report: Report) -> str:
    """patchzoo (and patchzoo_pre) over hf_sdpa per case, against the ideal 1/(1-p)."""
    lines = [
        "| model | dtype | mode | padding | patchzoo vs hf_sdpa | % of ideal 1/(1-p) | patchzoo_pre vs hf_sdpa "
        "| % of ideal | patchzoo / floor |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for key in report._cases():
        base, zoo, pre, floor = (report.lookup(key, p) for p in ("hf_sdpa", "patchzoo", "patchzoo_pre", "floor"))
        if base is None or zoo is None:
            continue
        ideal = 1 / (1 - float(key[3].rstrip("%")) / 100)
        cells = []
        for row in (zoo, pre):
            speedup = base.ms / row.ms if row is not None else float("nan")
            cells += [f"{speedup:.2f}x", f"{100 * speedup / ideal:.0f}%"]
        lines.append(f"| {' | '.join(key)} | {' | '.join(cells)} | {zoo.ms / floor.ms:.2f}x |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
