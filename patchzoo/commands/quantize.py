"""`patchzoo quantize`: GPTQ a float checkpoint on calibration text and write a HF-format GPTQ checkpoint."""

from __future__ import annotations

import sys

from patchzoo.commands.checkpoint_paths import checked_checkpoint
from patchzoo.commands.checks import UsageError, is_gptq, max_positions, output_dir, require_tokenizer, text_file
from patchzoo.commands.options import DTYPES, parse_device, torch_dtype

# Checkpoints whose decoder layers the GPTQ pass walks (model.layers, q/k/v/o and gate/up/down projections) and
# whose GPTQ checkpoint the zoo serves.
QUANTIZABLE_MODEL_TYPES = ("llama",)
DEFAULT_SEQLEN = 2048


def add_command(subparsers) -> None:
    p = subparsers.add_parser(
        "quantize",
        help="GPTQ-quantize a causal LM checkpoint (W4A16/W8A16) into the Hugging Face GPTQ format",
        description=(
            "Run the GPTQ algorithm layer by layer on the calibration text (Hessians of each linear layer's "
            "inputs, Cholesky-based error compensation, damping, optional act-order) and write safetensors + "
            "config.json quantization_config that patchzoo (and stock GPTQ tooling) loads. Prints, per layer, the "
            "calibration error of GPTQ and of round-to-nearest on the same grid; with --eval-text, the held-out "
            "perplexity of the float model, of round-to-nearest and of GPTQ. "
            "Calibration windows: the --calib text is tokenized once (no special tokens) and cut into consecutive, "
            "non-overlapping windows of --seqlen tokens from its start, at most --nsamples of them. A text shorter "
            "than nsamples x seqlen gives fewer windows (the last may be shorter); no token is used twice. A text "
            "with fewer tokens than the widest quantized layer has inputs (e.g. the MLP's intermediate size) is "
            "refused: the layer's Hessian would be rank-deficient. Exit status: 0 written, 2 bad input, 130 "
            "interrupted (--out is written only at the end)."
        ),
    )
    p.add_argument("--model", required=True, help="float checkpoint directory or Hub id (with its tokenizer)")
    p.add_argument("--calib", required=True, metavar="FILE", help="plain-text calibration file")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="directory for the GPTQ checkpoint: new, or empty (or any but --model's, with --overwrite)")
    p.add_argument("--overwrite", action="store_true",
                   help="write into an existing non-empty --out (files of the same names are replaced)")
    p.add_argument("--bits", type=int, default=4, choices=(4, 8), help="bits per weight")
    p.add_argument("--group-size", type=int, default=128,
                   help="input rows per scale/zero group (a layer's last group may be partial); -1: one group of all")
    p.add_argument("--act-order", action="store_true",
                   help="quantize columns by descending Hessian diagonal (desc_act); groups follow that order")
    p.add_argument("--asym", action="store_true", help="asymmetric grid (a zero point per group) instead of symmetric")
    p.add_argument("--damp", type=float, default=0.01, help="damping, as a fraction of the mean Hessian diagonal")
    p.add_argument("--clip", choices=("minmax", "mse"), default="minmax",
                   help="each group's grid: its min/max range, or the range shrunk to the least squared error")
    p.add_argument("--static-groups", action="store_true",
                   help="group grids from the original weights before GPTQ's updates (with --act-order: g_idx in order)")
    p.add_argument("--value-hessian", choices=("attention", "inputs"), default="attention",
                   help="v_proj's Hessian: attention weighs each token by the attention the queries put on it (attention "
                        "sinks stay visible); inputs: the plain input Hessian of the GPTQ paper")
    p.add_argument("--nsamples", type=int, default=128, help="calibration windows at most")
    p.add_argument("--seqlen", type=int, default=None,
                   help="tokens per calibration (and evaluation) window; default: 2048, or the model's "
                        "max_position_embeddings when that is less")
    p.add_argument("--eval-text", metavar="FILE", default=None,
                   help="held-out text: end with the perplexity of the float model, round-to-nearest and GPTQ")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda when available")
    p.add_argument("--dtype", default="float32", choices=sorted(DTYPES), help="dtype the float model runs in")
    p.add_argument("--no-progress", action="store_true", help="no progress bars (GPTQ layers, weight loading)")
    p.set_defaults(func=_run)


def _check_settings(args):
    """QuantizeConfig from the arguments, or UsageError naming the bad setting (before torch loads)."""
    if args.nsamples < 1:
        raise UsageError(f"--nsamples {args.nsamples}: must be at least 1")
    if args.seqlen is not None and args.seqlen < 2:
        raise UsageError(f"--seqlen {args.seqlen}: must be at least 2")
    if args.group_size == 0 or args.group_size < -1:
        raise UsageError(f"--group-size {args.group_size}: must be positive, or -1 for one group per output column")
    if not 0 < args.damp < 1:
        raise UsageError(f"--damp {args.damp}: must be in (0, 1)")


def _check_model(args) -> str:
    """--model as a float Llama-family checkpoint with a tokenizer, whose positions cover --seqlen."""
    model, config = checked_checkpoint(args.model)
    if is_gptq(config):
        raise UsageError(f"--model {args.model}: is already a GPTQ checkpoint; quantize its float original")
    if config.get("quantization_config"):
        method = config["quantization_config"].get("quant_method", "?")
        raise UsageError(f"--model {args.model}: is quantized ({method}); quantize a float checkpoint")
    if config["model_type"] not in QUANTIZABLE_MODEL_TYPES:
        raise UsageError(f"--model {args.model}: model_type={config['model_type']!r}; patchzoo quantize handles "
                         f"{', '.join(QUANTIZABLE_MODEL_TYPES)} checkpoints (Llama-family causal LMs)")
    require_tokenizer(model, what="--model", why="quantize needs to tokenize the calibration text")
    positions = max_positions(config)
    if args.seqlen is None:
        args.seqlen = min(DEFAULT_SEQLEN, positions or DEFAULT_SEQLEN)
    if positions is not None and args.seqlen > positions:
        raise UsageError(f"--seqlen {args.seqlen}: longer than the model's max_position_embeddings={positions}; "
                         "lower it (more --nsamples give more calibration tokens)")
    return model


def _run(args) -> int:
    _check_settings(args)
    model = _check_model(args)
    calib = text_file(args.calib, what="--calib")
    eval_file = text_file(args.eval_text, what="--eval-text") if args.eval_text else None
    output_dir(args.out, inputs=(model, args.calib, args.eval_text), overwrite=args.overwrite)
    device = parse_device(args.device)

    import transformers

    from patchzoo.conversion.gptq import QuantizeConfig
    from patchzoo.conversion.gptq_model import CalibrationTooShort, quantize_checkpoint

    qconfig = QuantizeConfig(
        bits=args.bits, group_size=args.group_size, act_order=args.act_order, sym=not args.asym, damp=args.damp,
        clip=args.clip, static_groups=args.static_groups, value_hessian=args.value_hessian,
    )
    if args.no_progress:
        transformers.utils.logging.disable_progress_bar()
    try:
        out, reports, held_out = quantize_checkpoint(
            model, calib.read_text(encoding="utf-8"), args.out, qconfig, nsamples=args.nsamples, seqlen=args.seqlen, device=device,
            dtype=torch_dtype(args.dtype), progress=not args.no_progress,
            eval_text=eval_file.read_text(encoding="utf-8") if eval_file else None,
        )
    except CalibrationTooShort as error:
        raise UsageError(f"--calib {args.calib}: {error}") from error
    width = max(len(r.name) for r in reports)
    print("per-layer error on the calibration text (GPTQ fits it, so it wins here; --eval-text judges held-out text):")
    print(f"{'layer'.ljust(width)}  {'GPTQ error':>12}  {'RTN error':>12}  GPTQ/RTN")
    for r in reports:
        ratio = r.gptq_error / r.rtn_error if r.rtn_error else float("nan")
        print(f"{r.name.ljust(width)}  {r.gptq_error:12.4g}  {r.rtn_error:12.4g}  {ratio:8.3f}")
    total = sum(r.gptq_error for r in reports) / max(sum(r.rtn_error for r in reports), 1e-30)
    print(f"wrote {out} ({len(reports)} layers; total GPTQ/RTN calibration error {total:.3f})")
    if held_out is not None:
        print(f"held-out perplexity ({args.eval_text}, windows of {args.seqlen}): float {held_out.fp:.3f}  "
              f"round-to-nearest {held_out.rtn:.3f}  GPTQ {held_out.gptq:.3f}")
        if held_out.warning():
            print(f"patchzoo quantize: {held_out.warning()}", file=sys.stderr)
    return 0
