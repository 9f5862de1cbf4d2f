"""GPTQ over a whole decoder-only model: what each layer is fed, layer by layer, and the checkpoint it becomes.

    calibration text --tokenizer--> (T,) ids --> consecutive windows of seqlen tokens (calibration_windows)
    --> each window through the model's own forward up to decoder layer 0, captured with the exact keyword
        arguments the model passes its layers (attention mask, rotary position_embeddings, position ids)
    for each decoder layer i:
        check: on the first window, the captured input of layer i equals what the model's own forward (layers < i
               already quantized) feeds layer i; a mismatch stops the run (GPTQ would calibrate on wrong data)
        for each group of its linears in execution order (q/k/v, o, gate/up, down):
            run the layer over every window with hooks accumulating H = 2/n sum x x^T of each linear's input
            quantize_gptq(W, H) for each linear; the layer now holds the dequantized weights, so the next group's
            inputs (and its Hessians) are those of the quantized layers before it
        the layer's outputs (with quantized weights) are layer i+1's inputs
    --> write_gptq_checkpoint (gptq.py)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import torch
import torch.nn as nn
from tqdm.auto import tqdm

from patchzoo.conversion.gptq import (
    HessianHook,
    QuantizeConfig,
    QuantizedWeight,
    calibration_error,
    quantize_gptq,
    quantize_rtn,
)

# Linears of one decoder layer in the order their inputs become available (true sequential).
SEQUENTIAL_GROUPS = {
    "llama": [
        ["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj"],
        ["self_attn.o_proj"],
        ["mlp.gate_proj", "mlp.up_proj"],
        ["mlp.down_proj"],
    ],
}


class ValueHessianHook:
    """H of a Llama attention's v_proj as the attention output reads it: hooks on q_proj, k_proj and the attention.

    Query i of head h reads sum_j a_ij^h v_j, so an error dW in v_proj reaches the attention output as dW xbar_i^h
    with xbar_i^h = sum_j a_ij^h x_j (x: v_proj's input); H_v = 2/n sum over queries and heads of xbar xbar^T
    (n: queries x heads) is the Hessian of that error. The plain H = 2/n sum x x^T counts each token once, however
    many queries read its value: the first token of a window (the attention sink, where most queries put most of
    their attention) counts as 1 of 512 there, so GPTQ pushes error onto its direction and every query reads it
    back. Attention probabilities are recomputed from the layer's own q/k outputs and rotary embeddings; the mask is
    causal (calibration windows have no padding), narrowed by the model's attention mask when it passes one.
    """

    def __init__(self, attention: nn.Module, device: torch.device):
        in_features = attention.v_proj.in_features
        self.hessian = torch.zeros(in_features, in_features, device=device)
        self.tokens = 0
        self._attention = attention
        self._seen = {}

    def attach(self) -> list:
        a = self._attention
        return [a.q_proj.register_forward_hook(self._keep("q")), a.k_proj.register_forward_hook(self._keep("k")),
                a.register_forward_hook(self._accumulate, with_kwargs=True)]

    def _keep(self, name):
        def hook(module, args, output):
            self._seen[name] = output.detach()
            if name == "q":
                self._seen["x"] = args[0].detach()
        return hook

    def _accumulate(self, module, args, kwargs, output):
        from transformers.models.llama.modeling_llama import apply_rotary_pos_emb

        x = self._seen.pop("x").float()  # (batch, L, in)
        batch, length = x.shape[:2]
        q = self._seen.pop("q").view(batch, length, -1, module.head_dim).transpose(1, 2)  # (batch, heads, L, d)
        k = self._seen.pop("k").view(batch, length, -1, module.head_dim).transpose(1, 2)  # (batch, kv heads, L, d)
        cos, sin = kwargs["position_embeddings"]
        q, k = apply_rotary_pos_emb(q, k, cos, sin)
        k = k.repeat_interleave(q.shape[1] // k.shape[1], dim=1)
        mask = kwargs.get("attention_mask")
        causal = torch.ones(length, length, dtype=torch.bool, device=x.device).tril()
        for b in range(batch):
            for h in range(q.shape[1]):
                scores = (q[b, h].float() @ k[b, h].float().t()) * module.scaling  # (L queries, L keys)
                if isinstance(mask, torch.Tensor) and mask.dtype == torch.bool:
                    scores = scores.masked_fill(~mask[b, 0, :, :length], float("-inf"))
                elif isinstance(mask, torch.Tensor):
                    scores = scores + mask[b, 0, :, :length].float()
                scores = scores.masked_fill(~causal, float("-inf"))
                xbar = torch.softmax(scores, dim=-1) @ x[b]  # (L, in)
                self.hessian *= self.tokens / (self.tokens + length)
                self.tokens += length
                xbar = xbar * math.sqrt(2 / self.tokens)
                self.hessian += xbar.t() @ xbar


@dataclass
class LayerReport:
    name: str
    gptq_error: float
    rtn_error: float


VALUE_PROJECTION = "self_attn.v_proj"


def _has_llama_attention(layer: nn.Module) -> bool:
    attention = getattr(layer, "self_attn", None)
    return all(hasattr(attention, name) for name in ("q_proj", "k_proj", "v_proj", "head_dim", "scaling"))


class _Captured(Exception):
    """Raised by the capture hook to stop the model's forward at the layer whose input it took."""


def decoder_layers(model: nn.Module) -> nn.ModuleList:
    base = getattr(model, model.base_model_prefix, model)
    layers = getattr(base, "layers", None)
    if not isinstance(layers, nn.ModuleList):
        raise ValueError(f"{type(model).__name__} has no decoder layers at .{model.base_model_prefix}.layers")
    return layers


def decoder_linears(model: nn.Module) -> dict[str, nn.Linear]:
    """Every nn.Linear inside a decoder layer, by full name: what GPTQ quantizes (not the embeddings, not the head)."""
    prefix = f"{model.base_model_prefix}.layers"
    return {f"{prefix}.{i}.{name}": m for i, layer in enumerate(decoder_layers(model))
            for name, m in layer.named_modules() if isinstance(m, nn.Linear)}


@torch.no_grad()
def capture_layer_inputs(
    model: nn.Module, layer: nn.Module, samples: list[torch.Tensor],
) -> list[tuple[torch.Tensor, dict]]:
    """(hidden states (1, seq, hidden), keyword arguments) with which the model's own forward calls `layer`, one per
    sample; the forward stops there. The keyword arguments are the model's: its prepared attention mask, rotary
    position_embeddings and position ids, so that running the layer alone repeats exactly what the model does."""
    inputs = []

    def capture(module, args, kwargs):
        kwargs = dict(kwargs)
        hidden = args[0] if args else kwargs.pop("hidden_states")
        inputs.append((hidden, kwargs))
        raise _Captured

    handle = layer.register_forward_pre_hook(capture, with_kwargs=True)
    try:
        for ids in samples:
            try:
                model(input_ids=ids, use_cache=False)
            except _Captured:
                continue
            raise RuntimeError(f"the model's forward never called {type(layer).__name__}; cannot capture its inputs")
    finally:
        handle.remove()
    return inputs


def layer_output(layer: nn.Module, hidden: torch.Tensor, kwargs: dict) -> torch.Tensor:
    out = layer(hidden, **kwargs)
    return out[0] if isinstance(out, tuple) else out


def _max_relative_difference(a, b) -> float:
    if isinstance(a, torch.Tensor):
        if not isinstance(b, torch.Tensor) or a.shape != b.shape or a.dtype != b.dtype:
            return float("inf")
        if a.is_floating_point():
            scale = float(b.float().abs().max().clamp(min=1e-30))
            return float((a.float() - b.float()).abs().max()) / scale
        return 0.0 if torch.equal(a, b) else float("inf")
    if isinstance(a, (tuple, list)):
        if not isinstance(b, (tuple, list)) or len(a) != len(b):
            return float("inf")
        return max((_max_relative_difference(x, y) for x, y in zip(a, b)), default=0.0)
    return 0.0 if a is b or a == b else float("inf")


def check_layer_inputs(model: nn.Module, index: int, sample: torch.Tensor, captured: tuple[torch.Tensor, dict]) -> None:
    """RuntimeError unless `captured` (hidden states, keyword arguments) is what the model's own forward feeds
    decoder layer `index` for `sample`, with the model's weights as they are now (layers < index quantized).

    The comparison allows float round-off only (1e-3 of the largest magnitude in float16/bfloat16, 1e-5 in
    float32): the same layers on the same data, called one way or the other."""
    (expected_hidden, expected_kwargs), = capture_layer_inputs(model, decoder_layers(model)[index], [sample])
    hidden, kwargs = captured
    tolerance = 1e-5 if hidden.dtype == torch.float32 else 1e-3
    problems = []
    difference = _max_relative_difference(hidden, expected_hidden)
    if difference > tolerance:
        problems.append(f"hidden states differ by {difference:.3g} of their largest magnitude")
    for key in sorted(set(kwargs) | set(expected_kwargs)):
        if _max_relative_difference(kwargs.get(key), expected_kwargs.get(key)) > tolerance:
            problems.append(f"keyword argument {key!r} differs")
    if problems:
        raise RuntimeError(
            f"GPTQ: the calibration inputs of decoder layer {index} are not what the model's own forward feeds it "
            f"({'; '.join(problems)}); quantizing on them would calibrate on the wrong data"
        )


def _linear_groups(layer: nn.Module, model_type: str, true_sequential: bool) -> list[list[str]]:
    linears = [name for name, m in layer.named_modules() if isinstance(m, nn.Linear)]
    groups = SEQUENTIAL_GROUPS.get(model_type)
    if not true_sequential or groups is None or sorted(sum(groups, [])) != sorted(linears):
        return [linears]
    return groups


@torch.no_grad()
def quantize_model(
    model: nn.Module, samples: list[torch.Tensor], qconfig: QuantizeConfig, progress: bool = True,
    check_inputs: bool = True, only_layers: range | None = None,
) -> tuple[dict[str, QuantizedWeight], list[LayerReport]]:
    """GPTQ every nn.Linear of every decoder layer, in place (weights become the dequantized ones).

    samples: token id tensors (1, seq) on the model's device. check_inputs: compare, before each layer, the
    first window's captured input with the model's own forward (check_layer_inputs). only_layers: quantize the
    decoder layers of these indices only (the rest stay float; a quick check on a real model). Returns {module name:
    QuantizedWeight} and one LayerReport per linear.
    """
    qconfig.spec  # validates bits and group size before any work
    layers = decoder_layers(model)
    only_layers = _checked_layer_range(only_layers, len(layers))
    layers = layers[:only_layers.stop]  # the layers after the last quantized one need no inputs
    prefix = f"{model.base_model_prefix}.layers"
    inputs = capture_layer_inputs(model, layers[0], samples)

    quantized, reports = {}, []
    for index, layer in enumerate(tqdm(layers, desc="GPTQ layers", disable=not progress)):
        if index not in only_layers:  # stays float: only its outputs, the next layer's inputs
            inputs = [(layer_output(layer, hidden, kwargs), kwargs) for hidden, kwargs in inputs]
            continue
        if check_inputs:
            check_layer_inputs(model, index, samples[0], inputs[0])
        for group in _linear_groups(layer, model.config.model_type, qconfig.true_sequential):
            modules = {name: layer.get_submodule(name) for name in group}
            hooks, handles = {}, []
            for name, m in modules.items():
                if name == VALUE_PROJECTION and qconfig.value_hessian == "attention" and _has_llama_attention(layer):
                    hooks[name] = ValueHessianHook(layer.self_attn, m.weight.device)
                    handles += hooks[name].attach()
                else:
                    hooks[name] = HessianHook(m.in_features, m.weight.device)
                    handles.append(m.register_forward_hook(hooks[name]))
            try:
                for hidden, kwargs in inputs:
                    layer_output(layer, hidden, kwargs)
            finally:
                for h in handles:
                    h.remove()
            for name, module in modules.items():
                weight, hessian = module.weight.data, hooks[name].hessian
                q = quantize_gptq(
                    weight, hessian, qconfig.bits, qconfig.group_size, sym=qconfig.sym,
                    act_order=qconfig.act_order, damp=qconfig.damp, block_size=qconfig.block_size,
                    clip=qconfig.clip, static_groups=qconfig.static_groups,
                )
                rtn = quantize_rtn(weight, qconfig.bits, qconfig.group_size, qconfig.sym)
                full_name = f"{prefix}.{index}.{name}"
                reports.append(LayerReport(
                    full_name, calibration_error(weight, q, hessian), calibration_error(weight, rtn, hessian)
                ))
                quantized[full_name] = q
                module.weight.data = q.dequantize().to(weight.dtype)
        inputs = [(layer_output(layer, hidden, kwargs), kwargs) for hidden, kwargs in inputs]
    return quantized, reports


def _checked_layer_range(only_layers: range | None, count: int) -> range:
    if only_layers is None:
        return range(count)
    if not isinstance(only_layers, range) or len(only_layers) == 0 or only_layers.step != 1 \
            or only_layers.start < 0 or only_layers.stop > count:
        raise ValueError(f"only_layers must be a non-empty range(start, stop) within the model's {count} decoder "
                         f"layers, got {only_layers!r}")
    return only_layers


class CalibrationTooShort(ValueError):
    """The calibration text has fewer tokens than the quantizer needs."""


def calibration_windows(ids: torch.Tensor, nsamples: int, seqlen: int) -> list[torch.Tensor]:
    """Consecutive, non-overlapping windows (1, <= seqlen) of the token stream `ids` (T,), from its start, at most
    `nsamples`. A text shorter than nsamples x seqlen gives fewer windows (the last one may be shorter); no token
    is used twice."""
    if nsamples < 1 or seqlen < 2:
        raise ValueError(f"nsamples must be >= 1 and seqlen >= 2, got nsamples={nsamples}, seqlen={seqlen}")
    windows = [ids[i:i + seqlen] for i in range(0, ids.numel(), seqlen)][:nsamples]
    return [w[None, :] for w in windows if w.numel() >= 2]


def minimum_calibration_tokens(model: nn.Module) -> int:
    """The widest decoder linear's input size: H = sum x x^T of a layer with K inputs has rank at most the number of
    tokens, and with fewer than K every layer has input directions the calibration never saw."""
    return max(m.in_features for m in decoder_linears(model).values())


def check_calibration_length(windows: list[torch.Tensor], needed: int, text_tokens: int) -> None:
    used = sum(w.numel() for w in windows)
    if used < needed:
        raise CalibrationTooShort(
            f"the calibration windows hold {used} tokens (the text has {text_tokens}); this model needs at least "
            f"{needed} (its widest quantized layer has {needed} inputs): give more text, or raise --nsamples/--seqlen"
        )


@torch.no_grad()
def rtn_model_(model: nn.Module, qconfig: QuantizeConfig, only_layers: range | None = None) -> None:
    """Round-to-nearest every decoder linear in place (the baseline GPTQ must beat), on GPTQ's grid; with
    only_layers, those of the decoder layers of these indices only (as quantize_model)."""
    only_layers = _checked_layer_range(only_layers, len(decoder_layers(model)))
    prefix = f"{model.base_model_prefix}.layers"
    for name, module in decoder_linears(model).items():
        if int(name[len(prefix) + 1:].split(".")[0]) not in only_layers:
            continue
        rtn = quantize_rtn(module.weight.data, qconfig.bits, qconfig.group_size, qconfig.sym)
        module.weight.data = rtn.dequantize().to(module.weight.dtype)


@dataclass
class HeldOutPerplexity:
    """Held-out perplexity of the float model, of round-to-nearest (plain min/max grid) and of the GPTQ weights."""

    fp: float
    rtn: float
    gptq: float

    def gptq_lost(self) -> bool:
        """GPTQ's checkpoint is worse than plain rounding on the held-out text: the per-layer calibration errors,
        which GPTQ always wins, did not carry over to it."""
        return self.gptq > self.rtn

    def warning(self) -> str | None:
        """One plain line when GPTQ lost to round-to-nearest on the held-out text; None when it did not."""
        if not self.gptq_lost():
            return None
        return (f"warning: GPTQ lost to round-to-nearest on the held-out text (perplexity {self.gptq:.3f} against "
                f"{self.rtn:.3f}; float {self.fp:.3f}): the per-layer errors above measure the calibration text only. "
                "Try calibration text closer to what the model will see, or another --group-size")


def quantize_checkpoint(
    model_path: str, calibration_text: str, out_dir, qconfig: QuantizeConfig, *,
    nsamples: int = 128, seqlen: int = 2048, device: str | torch.device = "cpu",
    dtype: torch.dtype = torch.float32, progress: bool = True, eval_text: str | None = None,
) -> tuple[Path, list[LayerReport], HeldOutPerplexity | None]:
    """Load a float checkpoint, GPTQ it on the calibration text, write the GPTQ checkpoint.

    eval_text: also measure held-out perplexity (windows of seqlen) of the float model, of round-to-nearest on
    the same grid, and of the GPTQ weights. Raises CalibrationTooShort before any quantization when the text is
    too short (minimum_calibration_tokens).
    """
    import transformers

    from patchzoo.conversion.gptq import write_gptq_checkpoint
    from patchzoo.conversion.perplexity import perplexity, text_token_ids

    tokenizer = transformers.AutoTokenizer.from_pretrained(model_path)
    ids = text_token_ids(tokenizer, calibration_text)
    samples = calibration_windows(ids, nsamples, seqlen)
    with torch.device("meta"):  # the layer sizes, before any weight loads
        skeleton = transformers.AutoModelForCausalLM.from_config(transformers.AutoConfig.from_pretrained(model_path))
    check_calibration_length(samples, minimum_calibration_tokens(skeleton), ids.numel())
    del skeleton
    model = transformers.AutoModelForCausalLM.from_pretrained(model_path, dtype=dtype).to(device).eval()
    samples = [s.to(device) for s in samples]

    held_out = None
    if eval_text is not None:
        eval_ids = text_token_ids(tokenizer, eval_text)
        fp = perplexity(model, eval_ids, seqlen)
        originals = {name: m.weight.data.to("cpu", copy=True) for name, m in decoder_linears(model).items()}
        rtn_model_(model, qconfig)
        rtn = perplexity(model, eval_ids, seqlen)
        for name, module in decoder_linears(model).items():
            module.weight.data.copy_(originals[name])
        del originals
    quantized, reports = quantize_model(model, samples, qconfig, progress=progress)
    if eval_text is not None:
        held_out = HeldOutPerplexity(fp, rtn, perplexity(model, eval_ids, seqlen))
    out = write_gptq_checkpoint(model, quantized, qconfig, out_dir, tokenizer=tokenizer)
    return out, reports, held_out
