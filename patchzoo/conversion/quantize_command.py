"""`patchzoo quantize`: GPTQ a float checkpoint on calibration text and write a HF-format GPTQ checkpoint."""

from __future__ import annotations

import sys

DTYPES = {"float32": "float32", "fp32": "float32", "float16": "float16", "fp16": "float16",
          "bfloat16": "bfloat16", "bf16": "bfloat16"}


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "quantize",
        help="GPTQ-quantize a causal LM checkpoint (W4A16/W8A16) into the Hugging Face GPTQ format",
        description=(
            "Run the GPTQ algorithm layer by layer on the calibration text (Hessians of each linear layer's "
            "inputs, Cholesky-based error compensation, damping, optional act-order) and write safetensors + "
            "config.json quantization_config that patchzoo (and stock GPTQ tooling) loads. Prints, per layer, the "
            "calibration error of GPTQ and of round-to-nearest on the same grid."
        ),
    )
    p.add_argument("--model", required=True, help="float checkpoint directory or Hub id (with its tokenizer)")
    p.add_argument("--calib", required=True, metavar="FILE", help="plain-text calibration file")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for the GPTQ checkpoint")
    p.add_argument("--bits", type=int, default=4, choices=(4, 8), help="bits per weight")
    p.add_argument("--group-size", type=int, default=128, help="input rows per scale/zero group; -1: one per column")
    p.add_argument("--act-order", action="store_true", help="quantize columns by descending Hessian diagonal (desc_act)")
    p.add_argument("--asym", action="store_true", help="asymmetric grid (a zero point per group) instead of symmetric")
    p.add_argument("--damp", type=float, default=0.01, help="damping, as a fraction of the mean Hessian diagonal")
    p.add_argument("--nsamples", type=int, default=128, help="calibration windows at most")
    p.add_argument("--seqlen", type=int, default=2048, help="tokens per calibration window")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda when available")
    p.add_argument("--dtype", default="float32", choices=sorted(DTYPES), help="dtype the float model runs in")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_run)


def _run(args) -> int:
    from pathlib import Path

    import torch

    from patchzoo.conversion.gptq import QuantizeConfig, quantize_checkpoint

    try:
        qconfig = QuantizeConfig(
            bits=args.bits, group_size=args.group_size, act_order=args.act_order, sym=not args.asym, damp=args.damp,
        )
        qconfig.spec  # validates bits and group size up front
    except ValueError as error:
        print(f"patchzoo quantize: error: {error}", file=sys.stderr)
        return 2
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    text = Path(args.calib).read_text()
    out, reports = quantize_checkpoint(
        args.model, text, args.out, qconfig, nsamples=args.nsamples, seqlen=args.seqlen, device=device,
        dtype=getattr(torch, DTYPES[args.dtype]), progress=not args.no_progress,
    )
    width = max(len(r.name) for r in reports)
    print(f"{'layer'.ljust(width)}  {'GPTQ error':>12}  {'RTN error':>12}  GPTQ/RTN")
    for r in reports:
        ratio = r.gptq_error / r.rtn_error if r.rtn_error else float("nan")
        print(f"{r.name.ljust(width)}  {r.gptq_error:12.4g}  {r.rtn_error:12.4g}  {ratio:8.3f}")
    total = sum(r.gptq_error for r in reports) / max(sum(r.rtn_error for r in reports), 1e-30)
    print(f"wrote {out} ({len(reports)} layers; total GPTQ/RTN calibration error {total:.3f})")
    return 0
