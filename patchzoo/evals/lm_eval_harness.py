"""lm-eval on a stock model and its zoo twin, paired question by question.

    stock class --lm-eval (log_samples)--> correct? + log-likelihood per choice, per (task, doc) --+
    zoo class   --lm-eval (log_samples)--> correct? + log-likelihood per choice, per (task, doc) --+--> PairedReport

Accuracy alone can hide a broken patch (a few flipped answers in thousands); the paired flips and the largest
per-sample log-likelihood difference cannot. The models are evaluated one after the other so that only one is
in memory at a time. lm-eval loads each model itself (HFLM with the zoo or stock class as its model class), so
its own multi-GPU options work: `parallelize=True` (device_map="auto") and data parallelism under
`accelerate launch`. lm-eval is imported lazily: it is an optional dependency (`patchzoo[eval]`).
"""

from __future__ import annotations

import functools
import gc
import time
from dataclasses import dataclass, field
from pathlib import Path

import torch
import transformers

from patchzoo import registry
from patchzoo.conversion.gptq_twin import dequantized_twin
from patchzoo.evals.paired_report import PairedReport, Sample, format_report, paired_report
from patchzoo.patches.gptq_linear import is_gptq_config


@dataclass
class EvalSide:
    """One model's lm-eval results."""

    label: str  # "stock" or "zoo"
    model_class: str
    dtype: str
    seconds: float  # wall time of lm-eval's run (model load excluded)
    metrics: dict[str, dict[str, float]]  # task -> metric -> value
    samples: dict[tuple[str, int], Sample] = field(default_factory=dict)  # (task, doc_id) -> Sample


@dataclass
class EvalComparison:
    stock: EvalSide
    zoo: EvalSide
    report: PairedReport

    def format(self) -> str:
        def per_1000(side: EvalSide) -> float:
            return 1000 * side.seconds / max(1, self.report.compared_samples)

        return "\n".join([
            format_report(self.report),
            *(f"{s.label}: {s.model_class}, {s.dtype}" for s in (self.stock, self.zoo)),
            f"time: stock {self.stock.seconds:.1f} s, zoo {self.zoo.seconds:.1f} s "
            f"({per_1000(self.stock):.1f} and {per_1000(self.zoo):.1f} s per 1,000 questions)",
        ])

    def to_dict(self) -> dict:
        """Everything but the per-question values (kept out of the JSON file: 14k questions x 4 choices x 2)."""
        sides = {s.label: {"model_class": s.model_class, "dtype": s.dtype, "seconds": s.seconds, "metrics": s.metrics}
                 for s in (self.stock, self.zoo)}
        return {**sides, **self.report.to_dict()}


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


def language_model_classes() -> set[str]:
    """Class names lm-eval can score: transformers' causal-LM and seq2seq-LM classes."""
    from transformers.models.auto import modeling_auto

    names = set()
    for mapping in (modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES,
                    modeling_auto.MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES):
        for value in mapping.values():
            names.update([value] if isinstance(value, str) else value)
    return names


def model_classes(config) -> tuple[type, type]:
    """(stock class, zoo class) of a checkpoint's config; ValueError when the zoo has none or it is not a language
    model."""
    zoo_cls, is_zoo = registry.AutoModel.resolve(config)
    if not is_zoo:
        raise registry.UnsupportedArchitectureError(
            f"patchzoo has no patch for {zoo_cls.__name__} (model_type={config.model_type!r}); nothing to compare"
        )
    if zoo_cls.__name__ not in language_model_classes():
        lms = sorted(n for n in registry.all_zoo_classes() if n in language_model_classes())
        raise registry.UnsupportedArchitectureError(
            f"{zoo_cls.__name__} is not a language model, so lm-eval cannot score it; "
            f"eval takes a checkpoint of {', '.join(lms)}"
        )
    return getattr(transformers, zoo_cls.__name__), zoo_cls


def _numeric_metrics(task_results: dict) -> dict[str, float]:
    return {k: float(v) for k, v in task_results.items() if isinstance(v, (int, float)) and "stderr" not in k}


def _samples(logged: dict) -> dict[tuple[str, int], Sample]:
    """Per (task, doc_id): lm-eval's per-sample acc and the log-likelihood of each request (answer choice)."""
    found = {}
    for task, task_samples in logged.items():
        for sample in task_samples:
            values = []
            for response in sample["filtered_resps"]:
                value = response[0] if isinstance(response, (tuple, list)) else response
                if isinstance(value, (int, float)):
                    values.append(float(value))
            correct = sample.get("acc")
            found[(task, sample["doc_id"])] = Sample(None if correct is None else float(correct), values)
    return found


def _lm_class(model_cls: type, load=None) -> type:
    """lm-eval's HFLM building `model_cls` where it would build AutoModelForCausalLM/Seq2SeqLM, with lm-eval's own
    device placement (one device, device_map="auto" under parallelize=True, one GPU per `accelerate launch`
    process). `load(model_cls, path, dtype)` replaces from_pretrained (the dequantized GPTQ twin, built on the CPU)."""
    from lm_eval.models.huggingface import HFLM

    def _create_model(self, pretrained, *, dtype=None, parallelize=False, gpus=None, max_memory_per_gpu=None,
                      max_cpu_memory=None, offload_folder="./offload", **_):
        if load is not None:  # on this process's device: lm-eval moves no model under `accelerate launch`
            if parallelize:
                raise ValueError("device_map='auto' (parallelize) does not apply to a dequantized GPTQ twin")
            self._model = load(model_cls, pretrained, dtype).to(self.device)
            return
        placement = self._get_accelerate_args(
            parallelize=parallelize, device_map=None, max_memory_per_gpu=max_memory_per_gpu,
            max_cpu_memory=max_cpu_memory, offload_folder=offload_folder, gpus=gpus,
        )
        self._model = model_cls.from_pretrained(pretrained, dtype=dtype, **placement)

    return type(f"{model_cls.__name__}LM", (HFLM,), {"_create_model": _create_model})


@functools.cache
def task_index(include_defaults: bool = True):
    """lm-eval's TaskManager (built-in tasks indexed with include_defaults), built once per process."""
    from lm_eval.tasks import TaskManager

    return TaskManager(include_defaults=include_defaults)


def unknown_task_names(names: list[str]) -> list[str]:
    """The names among `names` that are neither lm-eval tasks, groups nor tags."""
    known = set(task_index().all_tasks)
    return [name for name in names if name not in known]


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
    device_map_auto: bool = False,
    load=None,
) -> EvalSide | None:
    """lm-eval on `model_cls` loaded from `checkpoint`. None on the non-main processes of a data-parallel run
    (`accelerate launch`): lm-eval gathers the results on process 0."""
    import lm_eval

    config = transformers.AutoConfig.from_pretrained(checkpoint)
    lm = _lm_class(model_cls, load)(
        pretrained=checkpoint, backend="seq2seq" if config.is_encoder_decoder else "causal", dtype=dtype,
        batch_size=batch_size, device=device, parallelize=device_map_auto,
    )
    # Indexing lm-eval's thousands of built-in task files takes seconds: skipped when every task is a config, done
    # once per process otherwise.
    task_manager = task_index(include_defaults=not all(isinstance(t, dict) for t in tasks))
    start = time.perf_counter()
    results = lm_eval.simple_evaluate(
        model=lm, tasks=tasks, limit=limit, num_fewshot=num_fewshot, log_samples=True, bootstrap_iters=0,
        task_manager=task_manager,
    )
    seconds = time.perf_counter() - start
    model = lm.model
    side = None if results is None else EvalSide(
        label=label,
        model_class=f"{type(model).__module__}.{type(model).__name__}",
        dtype=str(dtype).removeprefix("torch."),
        seconds=seconds,
        metrics={task: _numeric_metrics(r) for task, r in results["results"].items()},
        samples=_samples(results.get("samples", {})),
    )
    del lm, model
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    return side


def evaluate_pair(
    checkpoint: str,
    tasks: list[str | dict],
    *,
    device: str,
    dtype: torch.dtype,
    stock_dtype: torch.dtype | None = None,
    **kwargs,
) -> EvalComparison | None:
    """Run lm-eval on the stock class and the zoo class of `checkpoint` and pair their answers. A GPTQ checkpoint's
    stock side is the stock class holding the dequantized weights (conversion/gptq_twin.py). `tasks` are task
    names, config paths or config dicts (e.g. mmlu_local.task_configs)."""
    config = transformers.AutoConfig.from_pretrained(checkpoint)
    stock_cls, zoo_cls = model_classes(config)
    task_specs = [load_task_spec(t) if isinstance(t, str) else t for t in tasks]
    # stock transformers reads GPTQ only through optimum/gptqmodel: its twin holds the dequantized weights
    load_stock = dequantized_twin if is_gptq_config(config) else None
    stock = evaluate(stock_cls, checkpoint, "stock", task_specs, device=device, dtype=stock_dtype or dtype,
                     load=load_stock, **kwargs)
    zoo = evaluate(zoo_cls, checkpoint, "zoo", task_specs, device=device, dtype=dtype, **kwargs)
    if stock is None or zoo is None:
        return None
    return EvalComparison(stock, zoo, paired_report(stock.samples, zoo.samples))
