"""The three kinds of call users make, each timed the same way on both sides.

    passes(env, lambda: [model(**b) for b in batches], repeats=5)       # eval forward over padded batches
    passes(env, lambda: model.generate(ids, **kwargs), repeats=3)        # one generate() call
    train(env, model, dataset, collate, steps=30, precision="bf16", compile=False)   # HF Trainer

Timing is wall time between device synchronizations (what the user waits for, host overhead included); the
first pass is timed apart as the warm-up (compilation, CUDA-graph capture, Triton autotuning, cuDNN plans).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from typing import Callable

import torch
import transformers

from benchmarks.user_paths.core import Env, Measurement


def synchronize(env: Env) -> None:
    if env.cuda:
        torch.cuda.synchronize()


def wall_s(env: Env, fn: Callable[[], object]) -> float:
    synchronize(env)
    start = time.perf_counter()
    fn()
    synchronize(env)
    return time.perf_counter() - start


def passes(env: Env, fn: Callable[[], object], repeats: int, unit: str = "call") -> Measurement:
    """fn once as warm-up, then `repeats` timed passes: the median pass, and the warm-up's excess over it."""
    first = wall_s(env, fn)
    times = [wall_s(env, fn) for _ in range(repeats)]
    median = statistics.median(times)
    return Measurement(median, unit, warmup_s=max(first - median, 0.0))


def forward_passes(env: Env, model, batches: list[dict], repeats: int) -> Measurement:
    """Eval forward (inference_mode) over every batch of the list, one pass = the whole list."""
    model.eval()

    def one_pass():
        with torch.inference_mode():
            for batch in batches:
                model(**batch)

    return passes(env, one_pass, repeats, unit="pass")


def generate_calls(env: Env, model, inputs: dict, new_tokens: int, repeats: int, **kwargs) -> Measurement:
    """generate() as users call it: greedy unless kwargs say otherwise, exactly `new_tokens` new tokens."""
    model.eval()
    kwargs = dict(max_new_tokens=new_tokens, min_new_tokens=new_tokens, do_sample=False, **kwargs)

    def call():
        with torch.inference_mode():
            model.generate(**inputs, **kwargs)

    return passes(env, call, repeats, unit="call")


class _StepClock(transformers.TrainerCallback):
    """Wall time of each optimizer step (synchronized at both ends: the dataloader's work falls between steps)."""

    def __init__(self, env: Env):
        self.env, self.times, self._start = env, [], 0.0

    def on_step_begin(self, args, state, control, **kwargs):
        synchronize(self.env)
        self._start = time.perf_counter()

    def on_step_end(self, args, state, control, **kwargs):
        synchronize(self.env)
        self.times.append(time.perf_counter() - self._start)


def train(env: Env, model, dataset, collate, *, steps: int, batch_size: int, precision: str = "",
          compile: bool = False, liger: bool = False) -> dict[str, Measurement]:
    """HF Trainer for `steps` optimizer steps; {"steady": median step, "whole run": trainer.train() wall time}.

    precision: "" (the model's dtype), "bf16" or "fp16" (Trainer's mixed precision: autocast, and for fp16 a
    GradScaler). liger: Trainer's use_liger_kernel=True (Liger-Kernel's patches of the stock model: the peer users
    pick to speed up a stock Llama fine-tune). The warm-up of both metrics is the run's excess over steps x the median step: compilation (and
    each recompilation for a new batch shape), autotuning, first-call costs.
    """
    clock = _StepClock(env)
    with tempfile.TemporaryDirectory() as out_dir:
        args = transformers.TrainingArguments(
            output_dir=out_dir, max_steps=steps, per_device_train_batch_size=batch_size, learning_rate=1e-5,
            bf16=precision == "bf16", fp16=precision == "fp16", torch_compile=compile, use_cpu=not env.cuda,
            seed=0, data_seed=0, save_strategy="no", logging_strategy="no", report_to=[], disable_tqdm=True,
            dataloader_num_workers=0, remove_unused_columns=False, use_liger_kernel=liger,
        )
        trainer = transformers.Trainer(model=model, args=args, train_dataset=dataset, data_collator=collate,
                                       callbacks=[clock])
        trainer.remove_callback(transformers.trainer_callback.PrinterCallback)  # its end-of-run dict, on stdout
        whole = wall_s(env, trainer.train)
    step = statistics.median(clock.times)
    warmup = max(whole - step * len(clock.times), 0.0)
    return {"steady": Measurement(step, "step", warmup_s=warmup), "whole run": Measurement(whole, "run", warmup_s=warmup)}
