"""A small causal-LM training loop over an FSDP2-parallelized HF model.

    torchrun --nproc-per-node 2 -m patchzoo.cli train --model PATH --data corpus.txt --steps 100 --ckpt-dir ckpt

Per step: every rank takes its own slice of the token stream, runs forward/backward on its FSDP shard
of the model, the optimizer steps on the shards. Every `log_every` steps the loop reports the loss,
global tokens/s and MFU (patchzoo/training/flops.py) to `on_log` as it happens. Checkpoints are
torch.distributed.checkpoint (DCP) directories `step-NNNNNNN` (patchzoo/training/checkpoint.py: written
under a temporary name and renamed when complete); `resume` continues from the newest complete one,
and `patchzoo convert` turns one into a Hugging Face checkpoint.

Resume is exact at any step because everything a step depends on is either in the checkpoint (weights,
AdamW moments and step counts) or a pure function of the step: the learning rate (`lr_at`), the batch
(`TokenStream.batch(step, rank, world)`) and the random state (re-seeded from (seed, step, rank) before
every step, so dropout masks do not depend on how many steps this process has run).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import torch
import torch.distributed as dist
import transformers
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import DTensor

from patchzoo.patches.float8 import after_optimizer_step, check_float8_device
from patchzoo.patches.fsdp import ParallelConfig, parallelize
from patchzoo.training.checkpoint import latest_checkpoint, load_checkpoint, save_checkpoint
from patchzoo.training.flops import flops_per_token, model_flops_utilisation, peak_tflops


@dataclass
class TrainConfig:
    model: str  # HF checkpoint directory (weights + config), or a config directory with from_config=True
    data: str | None = None  # UTF-8 text file; None means synthetic random tokens (for throughput runs)
    from_config: bool = False  # random initialisation from config.json instead of loading weights
    seq_len: int = 2048
    batch_size: int = 1  # sequences per rank per micro-batch
    grad_accum: int = 1  # micro-batches per optimizer step (the optimizer's share of a step shrinks with it)
    steps: int = 100
    lr: float = 3e-4
    warmup_steps: int = 10
    weight_decay: float = 0.1
    grad_clip: float = 1.0
    log_every: int = 10
    ckpt_dir: str | None = None
    ckpt_every: int = 0  # 0: only at the end (when ckpt_dir is set)
    resume: bool = False
    seed: int = 0
    peak_tflops: float | None = None  # override the table in flops.py
    # dtype of the weights the optimizer updates. fp32 (default): FSDP casts to parallel.param_dtype for compute.
    # bf16: as a stock bf16 loop, half the optimizer memory; on one GPU nothing is left for FSDP to do (the fastest
    # one-GPU configuration, default_master_dtype(1)). None: default_master_dtype(world).
    master_dtype: torch.dtype | None = torch.float32
    parallel: ParallelConfig = field(default_factory=ParallelConfig)


def default_master_dtype(world: int) -> torch.dtype:
    """The fastest master dtype measured (benchmarks/bench_fsdp.py `train_defaults`): bf16 on one GPU (the
    stock/Liger bf16 loop: no FSDP cast copies, half the optimizer traffic), fp32 on several (FSDP2 mixed
    precision; each GPU holds 1/world of the fp32 weights and moments). TrainConfig keeps fp32 unless asked
    (master_dtype=None picks this)."""
    return torch.bfloat16 if world == 1 else torch.float32


def default_parallel_config(world: int) -> ParallelConfig:
    """What `patchzoo train` runs by default (benchmarks/bench_fsdp.py `train_defaults`): ParallelConfig's defaults,
    the fastest measured for Llama on 1, 2 and 4 GPUs: per-block compile, no activation checkpointing, FSDP2 with one
    block of prefetch on several GPUs, blocks kept gathered from forward to backward where they are small beside the
    GPU's memory (on one GPU, with bf16 masters, no FSDP at all)."""
    return ParallelConfig()


@dataclass
class StepLog:
    step: int  # steps done (1-based: the log after the first step is step 1)
    loss: float  # mean over ranks of the last step's loss
    lr: float  # learning rate of that step
    tokens_per_s: float  # global, all ranks
    mfu: float | None  # fraction of the peak, None when the peak is unknown (e.g. CPU)
    max_memory_gib: float | None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def init_distributed() -> torch.device:
    """Join the torchrun job, or start a one-process group when run without torchrun."""
    if not dist.is_initialized():
        if "RANK" not in os.environ:
            os.environ.update(RANK="0", WORLD_SIZE="1", LOCAL_RANK="0", MASTER_ADDR="127.0.0.1",
                              MASTER_PORT=str(_free_port()))
        backend = "nccl" if torch.cuda.is_available() else "gloo"
        dist.init_process_group(backend, timeout=dt.timedelta(minutes=10))
    if torch.cuda.is_available():
        device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", 0)))
        torch.cuda.set_device(device)
        return device
    return torch.device("cpu")


class DataTooShortError(ValueError):
    """The --data text holds fewer tokens than one training window."""


class NonFiniteLossError(RuntimeError):
    """The loss or the gradient norm became inf/NaN: the run stops before it logs or saves anything from it."""


class TokenStream:
    """Fixed-length training windows, each rank reading its own, deterministic per (step, rank)."""

    def __init__(self, config: TrainConfig, vocab_size: int):
        self.seq_len, self.batch_size, self.seed, self.vocab_size = config.seq_len, config.batch_size, config.seed, vocab_size
        self.windows = None
        if config.data is not None:
            tokenizer = transformers.AutoTokenizer.from_pretrained(config.model)
            text = Path(config.data).read_text(encoding="utf-8")
            ids = torch.tensor(tokenizer(text)["input_ids"], dtype=torch.long)
            n = ids.numel() // self.seq_len
            if n == 0:
                raise DataTooShortError(f"{config.data} holds {ids.numel()} tokens, fewer than one window of {self.seq_len}")
            self.windows = ids[: n * self.seq_len].view(n, self.seq_len)

    def batch(self, step: int, rank: int, world: int) -> torch.Tensor:
        if self.windows is None:
            g = torch.Generator().manual_seed(self.seed * 1_000_003 + step * world + rank)
            return torch.randint(0, self.vocab_size, (self.batch_size, self.seq_len), generator=g)
        first = ((step * world + rank) * self.batch_size) % self.windows.shape[0]
        rows = (torch.arange(self.batch_size) + first) % self.windows.shape[0]
        return self.windows[rows]


def load_model(config: TrainConfig) -> torch.nn.Module:
    """The zoo class when the zoo has one (patchzoo.AutoModel), on CPU in master_dtype; FSDP moves the shards."""
    from patchzoo.registry import AutoModel

    hf_config = transformers.AutoConfig.from_pretrained(config.model)
    model_cls, _ = AutoModel.resolve(hf_config)
    if config.from_config:
        torch.manual_seed(config.seed)
        model = model_cls(hf_config).to(config.master_dtype)
    else:
        model = model_cls.from_pretrained(config.model, dtype=config.master_dtype)
    if hasattr(model, "fused_training_loss"):
        model.fused_training_loss = True  # the loop reads only the loss: no (tokens x vocab) logits needed
    return model


def lr_at(config: TrainConfig, step: int) -> float:
    """Learning rate of step `step` (0-based): linear warm-up over `warmup_steps`, then constant."""
    return config.lr * min(1.0, (step + 1) / max(1, config.warmup_steps))


def seed_step(config: TrainConfig, step: int, rank: int) -> None:
    """Seed every generator (CPU, all GPUs) from (seed, step, rank), so a resumed step draws what it drew."""
    torch.manual_seed((config.seed * 1_000_003 + step) * 4_099 + rank)


LogSink = Callable[[StepLog], None]


def train(config: TrainConfig, on_log: LogSink | None = None) -> list[StepLog]:
    """Run the training steps [resumed step, config.steps); `on_log` gets each StepLog as it is made."""
    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    mesh = init_device_mesh(device.type, (world,))

    if config.master_dtype is None:
        config = dataclasses.replace(config, master_dtype=default_master_dtype(world))
    if config.parallel.float8:
        check_float8_device(device)
    model = load_model(config)
    tokens_flops = flops_per_token(model, config.seq_len)
    stream = TokenStream(config, model.config.vocab_size)
    model.train()
    parallelize(model, mesh, config.parallel)
    if not any(isinstance(p, DTensor) for p in model.parameters()):
        model.to(device)  # one rank in the compute dtype: parallelize left the model unsharded, where it was built
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr_at(config, 0), weight_decay=config.weight_decay,
                                  betas=(0.9, 0.95), fused=device.type == "cuda")
    start_step = 0
    if config.resume and config.ckpt_dir and (last := latest_checkpoint(config.ckpt_dir)) is not None:
        start_step = load_checkpoint(model, optimizer, last)

    peak = config.peak_tflops or (peak_tflops(torch.cuda.get_device_name(device)) if device.type == "cuda" else None)
    tokens_per_step = config.batch_size * config.grad_accum * config.seq_len * world
    logs, window_tokens, window_start = [], 0, None
    # Set on the device when a step's loss or gradient norm is not finite; read (one sync) only where the run would
    # log or save, so a diverged run never writes a checkpoint or a log line from poisoned weights.
    diverged = torch.zeros((), device=device)
    for step in range(start_step, config.steps):
        if window_start is None:
            _sync(device)
            window_start = time.perf_counter()
        seed_step(config, step, rank)
        loss = torch.zeros((), device=device)
        for micro in range(config.grad_accum):
            # Micro-batch k of step s reads what batch (s * grad_accum + k) reads with grad_accum = 1.
            input_ids = stream.batch(step * config.grad_accum + micro, rank, world).to(device)
            # No KV cache in training: a cache written in forward would be written again by the AC recompute.
            micro_loss = model(input_ids=input_ids, labels=input_ids, use_cache=False).loss / config.grad_accum
            # Gradients are reduce-scattered after every micro-batch (FSDP2's default): they add up in the
            # fp32 sharded gradients instead of in the bf16 unsharded ones that skipping the sync would keep.
            micro_loss.backward()
            loss += micro_loss.detach()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), config.grad_clip)
        diverged += ~(torch.isfinite(loss) & torch.isfinite(grad_norm.full_tensor() if isinstance(grad_norm, DTensor) else grad_norm))
        for group in optimizer.param_groups:  # the schedule is a function of the step: nothing to restore
            group["lr"] = lr_at(config, step)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if config.parallel.float8:
            after_optimizer_step(model)
        window_tokens += tokens_per_step

        last_step = step + 1 == config.steps
        logs_now = (step + 1) % config.log_every == 0 or last_step
        saves_now = bool(config.ckpt_dir) and ((config.ckpt_every and (step + 1) % config.ckpt_every == 0) or last_step)
        if logs_now or saves_now:
            _stop_if_diverged(diverged, step, start_step)
        if logs_now:
            loss_value = loss.detach().float()
            dist.all_reduce(loss_value)  # SUM: gloo has no AVG
            loss_value /= world
            _sync(device)
            elapsed = time.perf_counter() - window_start
            tps = window_tokens / elapsed
            mfu = model_flops_utilisation(tps, tokens_flops, world, peak) if peak else None
            memory = torch.cuda.max_memory_allocated(device) / 2**30 if device.type == "cuda" else None
            log = StepLog(step + 1, float(loss_value), lr_at(config, step), tps, mfu, memory)
            logs.append(log)
            if on_log is not None and rank == 0:
                on_log(log)
            window_tokens, window_start = 0, None
        if saves_now:
            save_checkpoint(model, optimizer, step + 1, config.ckpt_dir)
    return logs


def _stop_if_diverged(diverged: torch.Tensor, step: int, start_step: int) -> None:
    """NonFiniteLossError on every rank when any rank saw a non-finite loss or gradient norm since the start."""
    total = diverged.detach().clone()
    if dist.is_initialized() and dist.get_world_size() > 1:
        dist.all_reduce(total)
    if total.item() > 0:
        raise NonFiniteLossError(
            f"the loss or gradient norm became inf/NaN between steps {start_step + 1} and {step + 1}; nothing from "
            "those steps was saved. Lower --lr, train in bfloat16/float32, or --resume from the last checkpoint")


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)
