"""Host work of one encoder forward, stock vs zoo, on a CPU: aten ops (each a kernel launch on a GPU), host reads
of device values (each a GPU sync), and host time per forward with the width so small that compute is negligible.

    PYTHONPATH=. python benchmarks/encoder_host_work.py [--batch 32] [--layers 12]

Why on a CPU: encode() at batch 32 is host-bound on an H200 (a bert-base batch is ~1-2 ms of GPU work), so what the
zoo adds per forward on the host is what it loses there. The batch is encode()-like: lengths drawn log-normal
(median ~60), sorted as encode() sorts them, padded to the longest. Attention on a CPU is the reference (not
FlashAttention), so the zoo's attention ops are counted as one op per layer (as the flash call is on a GPU).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np
import torch
import transformers
from torch.utils._python_dispatch import TorchDispatchMode

import patchzoo
from patchzoo.models import packed_encoder
from patchzoo.patches import padding as padding_module

# aten ops that read a device value on the host (a sync on a GPU)
HOST_READS = {"_local_scalar_dense", "item", "nonzero", "is_nonzero", "equal"}


class OpCounter(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.ops = Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops[func.overloadpacket.__name__] += 1
        return func(*args, **(kwargs or {}))


def encode_like_batch(batch: int, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    lengths = np.sort(np.clip(rng.lognormal(np.log(60), 0.7, batch), 4, 512).astype(int))[::-1]
    seq = int(lengths[0])
    mask = torch.from_numpy((np.arange(seq)[None, :] < lengths[:, None]).astype(np.int64))
    ids = torch.randint(4, 100, mask.shape).masked_fill(mask == 0, 0)
    return {"input_ids": ids, "attention_mask": mask}


def count(model, batch) -> tuple[int, int, Counter]:
    counter = OpCounter()
    reads_before = host_reads[0]
    with torch.inference_mode(), counter:
        model(**batch)
    reads = sum(counter.ops[name] for name in HOST_READS) + host_reads[0] - reads_before
    return sum(counter.ops.values()), reads, counter.ops


def host_ms(model, batch, repeat: int = 30) -> float:
    with torch.inference_mode():
        for _ in range(3):
            model(**batch)
        start = time.perf_counter()
        for _ in range(repeat):
            model(**batch)
    return (time.perf_counter() - start) / repeat * 1e3


host_reads = [0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--layers", type=int, default=12)
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    torch.set_num_threads(1)
    # DeferredHostRead.tolist reads pinned memory on a GPU (no aten op): count it as the one host read it is.
    original_tolist = padding_module.DeferredHostRead.tolist

    def counted_tolist(self):
        host_reads[0] += 1
        return original_tolist(self)

    padding_module.DeferredHostRead.tolist = counted_tolist
    # The GPU's attention is one flash call per layer; the CPU reference would add ~20 ops per layer.
    packed_encoder.varlen_attention = lambda query, *args, **kwargs: query.clone()
    config = transformers.BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=args.layers, num_attention_heads=2,
                                     intermediate_size=64, max_position_embeddings=512)
    torch.manual_seed(0)
    stock = transformers.BertModel(config).eval()
    zoo = patchzoo.patch(transformers.BertModel(config).eval())
    batch = encode_like_batch(args.batch)
    share = 1 - float(batch["attention_mask"].float().mean())
    print(f"# batch {tuple(batch['input_ids'].shape)}, padding {share:.0%}, {args.layers} layers, hidden 32 (host work only)")
    print("| model | aten ops / forward | host reads / forward | host ms / forward |")
    print("|---|---|---|---|")
    for name, model in (("stock", stock), ("zoo", zoo)):
        ops, reads, by_op = count(model, batch)
        print(f"| {name} | {ops} | {reads} | {host_ms(model, batch):.2f} |")
        print("  top ops:", ", ".join(f"{k} {v}" for k, v in by_op.most_common(12)))


if __name__ == "__main__":
    main()
