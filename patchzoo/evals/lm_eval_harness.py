"""lm-eval on a stock model and its zoo twin, with the per-sample log-likelihood gap between them.

    stock model --lm-eval (log_samples)--> accuracy + log-likelihood per (task, doc, choice) --+
    zoo model   --lm-eval (log_samples)--> accuracy + log-likelihood per (task, doc, choice) --+--> EvalComparison

Accuracy alone can hide a broken patch (a few flipped answers in thousands); the largest per-sample
log-likelihood difference cannot. The models are evaluated one after the other so that only one is
in memory at a time. lm-eval is imported lazily: it is an optional dependency (`patchzoo[eval]`).
"""

from __future__ import annotations

import gc
import math
from dataclasses import dataclass, field
from pathlib import Path

import torch
import transformers

from patchzoo import registry
from patchzoo.conversion.gptq_twin import dequantized_twin
from patchzoo.patches.gptq import is_gptq_config


@dataclass
class EvalSide:
    """One model's lm-eval results."""

    label: str  # "stock" or "zoo"
    model_class: str
    metrics: dict[str, dict[str, float]]  # task -> metric -> value
    # (task, doc_id) -> one log-likelihood per request (e.g. per answer choice)
    loglikelihoods: dict[tuple[str, int], list[float]] = field(default_factory=dict)


@dataclass
class EvalComparison:
    stock: EvalSide
    zoo: EvalSide
    max_loglikelihood_diff: float
    worst_sample: tuple[str, int] | None
    compared_samples: int

    def format(self) -> str:
        lines = ["| task | metric | stock | zoo |", "|---|---|---|---|"]
        for task, metrics in sorted(self.stock.metrics.items()):
            for name, value in sorted(metrics.items()):
                zoo_value = self.zoo.metrics.get(task, {}).get(name, float("nan"))
                lines.append(f"| {task} | {name} | {value:.4f} | {zoo_value:.4f} |")
        lines.append("")
        lines.append(f"stock class: {self.stock.model_class}; zoo class: {self.zoo.model_class}")
        where = "" if self.worst_sample is None else f" (task {self.worst_sample[0]}, doc {self.worst_sample[1]})"
        lines.append(
            f"largest per-sample |Δ log-likelihood| over {self.compared_samples} samples: "
            f"{self.max_loglikelihood_diff:.3g}{where}"
        )
        return "\n".join(lines)


def load_task_spec(spec: str) -> str | dict:
    """A task name as lm-eval knows it, or the path of a YAML/JSON task config (e.g. a local dataset)."""
    path = Path(spec)
    if path.suffix in (".yaml", ".yml", ".json"):
        if not path.is_file():
            raise FileNotFoundError(f"task config {spec} does not exist")
        import yaml  # lm-eval depends on PyYAML; JSON is a subset of YAML

        config = yaml.safe_load(path.read_text())
        if not isinstance(config, dict) or "task" not in config:
            raise ValueError(f"{spec} is not an lm-eval task config (a mapping with a 'task' key)")
        return config
    return spec


def _numeric_metrics(task_results: dict) -> dict[str, float]:
    return {k: float(v) for k, v in task_results.items() if isinstance(v, (int, float)) and "stderr" not in k}


def _loglikelihoods(samples: dict) -> dict[tuple[str, int], list[float]]:
    """Per (task, doc_id): the log-likelihood of each request (multiple-choice options, rolling windows)."""
    found = {}
    for task, task_samples in samples.items():
        for sample in task_samples:
            values = []
            for response in sample["filtered_resps"]:
                value = response[0] if isinstance(response, (tuple, list)) else response
                if isinstance(value, (int, float)):
                    values.append(float(value))
            if values:
                found[(task, sample["doc_id"])] = values
    return found


def evaluate(
    model_cls: type,
    checkpoint: str,
    label: str,
    tasks: list[str | dict],
    *,
    device: str,
    dtype: torch.dtype,
    batch_size: int = 8,
    limit: int | float | None = None,
    num_fewshot: int | None = None,
    load=None,
) -> EvalSide:
    """lm-eval on `model_cls` loaded from `checkpoint` (by `load(model_cls, checkpoint, dtype)` when given, else its
    from_pretrained)."""
    try:
        import lm_eval
        from lm_eval.models.huggingface import HFLM
    except ImportError as error:
        raise ImportError("`patchzoo eval` needs lm-eval: pip install 'patchzoo[eval]'") from error

    if load is not None:
        model = load(model_cls, checkpoint, dtype).to(device).eval()
    else:
        model = model_cls.from_pretrained(checkpoint, dtype=dtype).to(device).eval()
    tokenizer = transformers.AutoTokenizer.from_pretrained(checkpoint)
    backend = "seq2seq" if model.config.is_encoder_decoder else "causal"
    lm = HFLM(pretrained=model, tokenizer=tokenizer, backend=backend, batch_size=batch_size, device=device)
    # Indexing lm-eval's thousands of built-in task files takes seconds; skip it when every task is a config.
    task_manager = None
    if all(isinstance(t, dict) for t in tasks):
        from lm_eval.tasks import TaskManager

        task_manager = TaskManager(include_defaults=False)
    results = lm_eval.simple_evaluate(
        model=lm, tasks=tasks, limit=limit, num_fewshot=num_fewshot, log_samples=True, bootstrap_iters=0,
        task_manager=task_manager,
    )
    side = EvalSide(
        label=label,
        model_class=f"{type(model).__module__}.{type(model).__name__}",
        metrics={task: _numeric_metrics(r) for task, r in results["results"].items()},
        loglikelihoods=_loglikelihoods(results.get("samples", {})),
    )
    del lm, model
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    return side


def compare(stock: EvalSide, zoo: EvalSide) -> EvalComparison:
    worst, worst_key, count = 0.0, None, 0
    for key, stock_values in stock.loglikelihoods.items():
        zoo_values = zoo.loglikelihoods.get(key)
        if zoo_values is None or len(zoo_values) != len(stock_values):
            raise RuntimeError(f"stock and zoo runs logged different requests for {key}")
        count += 1
        for a, b in zip(stock_values, zoo_values):
            diff = abs(a - b)
            if math.isnan(diff) or diff > worst:
                worst, worst_key = (math.inf if math.isnan(diff) else diff), key
    return EvalComparison(stock, zoo, worst, worst_key, count)


def evaluate_pair(
    checkpoint: str,
    tasks: list[str],
    *,
    device: str,
    dtype: torch.dtype,
    stock_dtype: torch.dtype | None = None,
    **kwargs,
) -> EvalComparison:
    """Run lm-eval on the stock class and the zoo class of `checkpoint` and compare them. A GPTQ checkpoint's stock
    side is the stock class holding the dequantized weights (conversion/gptq_twin.py)."""
    config = transformers.AutoConfig.from_pretrained(checkpoint)
    zoo_cls, is_zoo = registry.AutoModel.resolve(config)
    if not is_zoo:
        raise registry.UnsupportedArchitectureError(
            f"patchzoo has no patch for {zoo_cls.__name__} (model_type={config.model_type!r}); nothing to compare"
        )
    stock_cls = getattr(transformers, zoo_cls.__name__)
    task_specs = [load_task_spec(t) for t in tasks]
    # stock transformers reads GPTQ only through optimum/gptqmodel: its twin holds the dequantized weights
    load_stock = dequantized_twin if is_gptq_config(config) else None
    stock = evaluate(stock_cls, checkpoint, "stock", task_specs, device=device, dtype=stock_dtype or dtype,
                     load=load_stock, **kwargs)
    zoo = evaluate(zoo_cls, checkpoint, "zoo", task_specs, device=device, dtype=dtype, **kwargs)
    return compare(stock, zoo)
