"""A small causal-LM training loop over an FSDP2-parallelized HF model.

    torchrun --nproc-per-node 2 -m patchzoo.cli train --model PATH --data corpus.txt --steps 100 --ckpt-dir ckpt

Per step: every rank takes its own slice of the token stream, runs forward/backward on its FSDP shard
of the model, the optimizer steps on the shards. Every `log_every` steps the loop reports the loss,
global tokens/s and MFU (patchzoo/training/flops.py). Checkpoints are torch.distributed.checkpoint
(DCP) directories `step-NNNNNNN` holding model, optimizer and step; `--resume` continues from the
newest one, and `patchzoo convert` turns one into a Hugging Face checkpoint.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import transformers
from torch.distributed.checkpoint.state_dict import get_state_dict, set_state_dict
from torch.distributed.device_mesh import init_device_mesh
from tqdm import tqdm

from patchzoo.patches.fsdp import ParallelConfig, parallelize
from patchzoo.training.flops import flops_per_token, model_flops_utilisation, peak_tflops

CHECKPOINT_PREFIX = "step-"


@dataclass
class TrainConfig:
    model: str  # HF checkpoint directory (weights + config), or a config directory with from_config=True
    data: str | None = None  # UTF-8 text file; None means synthetic random tokens (for throughput runs)
    from_config: bool = False  # random initialisation from config.json instead of loading weights
    seq_len: int = 2048
    batch_size: int = 1  # sequences per rank per step
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
    parallel: ParallelConfig = field(default_factory=ParallelConfig)


@dataclass
class StepLog:
    step: int
    loss: float
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
                raise ValueError(f"{config.data} holds {ids.numel()} tokens, fewer than one window of {self.seq_len}")
            self.windows = ids[: n * self.seq_len].view(n, self.seq_len)

    def batch(self, step: int, rank: int, world: int) -> torch.Tensor:
        if self.windows is None:
            g = torch.Generator().manual_seed(self.seed * 1_000_003 + step * world + rank)
            return torch.randint(0, self.vocab_size, (self.batch_size, self.seq_len), generator=g)
        first = ((step * world + rank) * self.batch_size) % self.windows.shape[0]
        rows = (torch.arange(self.batch_size) + first) % self.windows.shape[0]
        return self.windows[rows]


def load_model(config: TrainConfig) -> torch.nn.Module:
    """The zoo class when the zoo has one (patchzoo.AutoModel), on CPU in fp32; FSDP moves the shards."""
    from patchzoo.registry import AutoModel

    hf_config = transformers.AutoConfig.from_pretrained(config.model)
    model_cls, _ = AutoModel.resolve(hf_config)
    if config.from_config:
        torch.manual_seed(config.seed)
        return model_cls(hf_config)
    return model_cls.from_pretrained(config.model, dtype=torch.float32)


def latest_checkpoint(ckpt_dir: str | Path) -> Path | None:
    found = sorted(Path(ckpt_dir).glob(f"{CHECKPOINT_PREFIX}*")) if Path(ckpt_dir).is_dir() else []
    return found[-1] if found else None


def save_checkpoint(model, optimizer, step: int, ckpt_dir: str | Path) -> Path:
    model_sd, optim_sd = get_state_dict(model, optimizer)
    path = Path(ckpt_dir) / f"{CHECKPOINT_PREFIX}{step:07d}"
    dcp.save({"model": model_sd, "optim": optim_sd, "step": torch.tensor(step)}, checkpoint_id=str(path))
    return path


def load_checkpoint(model, optimizer, path: str | Path) -> int:
    model_sd, optim_sd = get_state_dict(model, optimizer)
    state = {"model": model_sd, "optim": optim_sd, "step": torch.tensor(0)}
    dcp.load(state, checkpoint_id=str(path))
    set_state_dict(model, optimizer, model_state_dict=state["model"], optim_state_dict=state["optim"])
    return int(state["step"])


def train(config: TrainConfig) -> list[StepLog]:
    device = init_distributed()
    rank, world = dist.get_rank(), dist.get_world_size()
    mesh = init_device_mesh(device.type, (world,))

    model = load_model(config)
    tokens_flops = flops_per_token(model, config.seq_len)
    stream = TokenStream(config, model.config.vocab_size)
    model.train()
    parallelize(model, mesh, config.parallel)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay,
                                  betas=(0.9, 0.95), fused=device.type == "cuda")
    start_step = 0
    if config.resume and config.ckpt_dir and (last := latest_checkpoint(config.ckpt_dir)) is not None:
        start_step = load_checkpoint(model, optimizer, last)
    # Linear warm-up, then constant; counted from step 0 of the run, also after a resume.
    warmup = max(1, config.warmup_steps)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda i: min(1.0, (start_step + i + 1) / warmup))

    peak = config.peak_tflops or (peak_tflops(torch.cuda.get_device_name(device)) if device.type == "cuda" else None)
    tokens_per_step = config.batch_size * config.seq_len * world
    logs, window_tokens, window_start = [], 0, None
    progress = tqdm(range(start_step, config.steps), desc="train", disable=rank != 0, initial=start_step,
                    total=config.steps)
    for step in progress:
        if window_start is None:
            _sync(device)
            window_start = time.perf_counter()
        input_ids = stream.batch(step, rank, world).to(device)
        # No KV cache in training: a cache written in forward would be written again by the AC recompute.
        loss = model(input_ids=input_ids, labels=input_ids, use_cache=False).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), config.grad_clip)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        window_tokens += tokens_per_step

        last_step = step + 1 == config.steps
        if (step + 1) % config.log_every == 0 or last_step:
            loss_value = loss.detach().float()
            dist.all_reduce(loss_value)  # SUM: gloo has no AVG
            loss_value /= world
            _sync(device)
            elapsed = time.perf_counter() - window_start
            tps = window_tokens / elapsed
            mfu = model_flops_utilisation(tps, tokens_flops, world, peak) if peak else None
            memory = torch.cuda.max_memory_allocated(device) / 2**30 if device.type == "cuda" else None
            logs.append(StepLog(step + 1, float(loss_value), tps, mfu, memory))
            progress.set_postfix(loss=f"{float(loss_value):.3f}", tok_s=f"{tps:,.0f}",
                                 mfu="n/a" if mfu is None else f"{mfu:.1%}")
            window_tokens, window_start = 0, None
        if config.ckpt_dir and ((config.ckpt_every and (step + 1) % config.ckpt_every == 0) or last_step):
            save_checkpoint(model, optimizer, step + 1, config.ckpt_dir)
    return logs


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)
