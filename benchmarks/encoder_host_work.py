"""Host work of one encoder forward, stock vs zoo, on a CPU: the ops that launch a kernel on a GPU, the reads of device
values (each a host-device sync on a GPU) and where they happen, and the Python calls; as sentence-transformers'
encode() calls the model (input_ids, attention_mask, token_type_ids; inference mode).

    PYTHONPATH=. python benchmarks/encoder_host_work.py [--family bert] [--layers 6] [--batch 128] [--padding 0.25]

The zoo runs its GPU code path (the handle's host read put off to ``resolve()``, the GPU's PackingRule) and its
attention counts as one op per layer, as the flash call is on a GPU (the CPU's reference attention is many ops).
The width is MiniLM-L6's layout made narrow (12 heads, FFN 4x, hidden 48): the counts do not depend on it. ``host µs``
times the same forward on an 8 x 16 batch, where a CPU spends its time on the host work alone (a rough guide: a
GPU's launch costs more than a CPU op on tiny tensors). Why: encode() batches are small enough to be host-bound on an H200, so
what the zoo adds per forward on the host is what it loses there.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter

import torch
import transformers
from torch.utils._python_dispatch import TorchDispatchMode

import patchzoo
from patchzoo.models import packed_encoder
from patchzoo.patches import padding as padding_module

# aten ops that read a device value on the host (a sync on a GPU); a boolean index too (`index` with a bool tensor)
HOST_READS = {"_local_scalar_dense", "item", "nonzero", "is_nonzero", "equal", "masked_select", "_unique2",
              "unique_dim", "unique_consecutive", "repeat_interleave", "allclose"}
NO_LAUNCH = {"detach", "alias", "lift_fresh", "dropout"}  # views aside: no kernel behind them (dropout in eval)
FAMILIES = {
    "bert": (transformers.BertConfig, transformers.BertModel, {}),
    "roberta": (transformers.RobertaConfig, transformers.RobertaModel, {"pad_token_id": 1}),
    "xlm_roberta": (transformers.XLMRobertaConfig, transformers.XLMRobertaModel, {"pad_token_id": 1, "type_vocab_size": 1}),
}


def caller() -> str:
    """The innermost frame outside torch: where a host read comes from."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        if "/torch/" not in frame.filename and "host_work" not in frame.filename:
            return f"{frame.filename.split('site-packages/')[-1].split('/main/')[-1]}:{frame.lineno}"
    return "?"


class HostWork(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.launches = Counter()
        self.reads = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        name = func.overloadpacket.__name__
        if not func.is_view and name not in NO_LAUNCH:
            self.launches[name] += 1
        indices = args[1] if name.startswith("index") and len(args) > 1 and isinstance(args[1], (list, tuple)) else ()
        if name in HOST_READS or any(isinstance(i, torch.Tensor) and i.dtype == torch.bool for i in indices):
            self.reads.append(f"{name} at {caller()}")
        return func(*args, **(kwargs or {}))


def count_tensor_reads(reads: list) -> None:
    """Tensor.tolist / Tensor.numpy dispatch no aten op on a CPU tensor: count them as the reads they are on a GPU
    (the zoo's DeferredHostRead ends in one, after its wait)."""
    for method in ("tolist", "numpy"):
        original = getattr(torch.Tensor, method)

        def counted(self, *args, _original=original, _method=method, **kwargs):
            reads.append(f"{_method} at {caller()}")
            return _original(self, *args, **kwargs)

        setattr(torch.Tensor, method, counted)


def emulate_gpu_path() -> None:
    padding_module.Padding.start = classmethod(
        lambda cls, mask, multiple_of=None, max_seqlen=None: padding_module.PendingPadding(mask, multiple_of, max_seqlen))
    packed_encoder.varlen_attention = lambda query, *args, **kwargs: query.clone()  # one op, as the flash call


def encode_like_batch(batch: int, seq: int, share: float, pad_id: int) -> dict:
    """Right-padded rows, longest first (as encode() batches them), `share` of the positions padded."""
    lengths = torch.linspace(2 * seq * (1 - share) - seq, seq, batch).round().long().clamp(min=1).flip(0)
    mask = (torch.arange(seq)[None, :] < lengths[:, None]).long()
    ids = torch.randint(4, 100, mask.shape, generator=torch.Generator().manual_seed(0)).masked_fill(mask == 0, pad_id)
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": torch.zeros_like(mask), "return_dict": True}


def python_calls(model, batch) -> int:
    calls = [0]

    def profile(frame, event, arg):
        if event in ("call", "c_call"):
            calls[0] += 1

    with torch.inference_mode():
        sys.setprofile(profile)
        model(**batch)
        sys.setprofile(None)
    return calls[0]


def host_us(model, batch, repeat: int = 50) -> float:
    with torch.inference_mode():
        for _ in range(5):
            model(**batch)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(repeat):
                model(**batch)
            best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=list(FAMILIES), default="bert")
    parser.add_argument("--layers", type=int, default=6)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seq", type=int, default=96)
    parser.add_argument("--padding", type=float, default=0.25)
    args = parser.parse_args()
    transformers.utils.logging.set_verbosity_error()
    torch.set_num_threads(1)
    emulate_gpu_path()
    tensor_reads: list[str] = []
    config_class, model_class, extra = FAMILIES[args.family]
    config = config_class(vocab_size=100, hidden_size=48, num_hidden_layers=args.layers, num_attention_heads=12,
                          intermediate_size=192, max_position_embeddings=args.seq + 2, **extra)
    torch.manual_seed(0)
    stock = model_class(config).eval()
    zoo = packed_encoder.use_packing(patchzoo.patch(model_class(config).eval()), True,
                                     packed_encoder.PACK_MIN_PADDING_SHARE, packed_encoder.PACK_MIN_PADDED_POSITIONS)
    batch = encode_like_batch(args.batch, args.seq, args.padding, config.pad_token_id or 0)
    small = encode_like_batch(8, 16, args.padding, config.pad_token_id or 0)  # the same host work, no compute to speak of
    share = 1 - float(batch["attention_mask"].float().mean())
    print(f"# {args.family}, {args.layers} layers, batch {tuple(batch['input_ids'].shape)}, padding {share:.0%}: "
          "host work per forward (GPU code path, CPU)")
    print("| model | ops launching a kernel | host reads (syncs) | Python calls | host µs (8 x 16 batch) |")
    print("|---|---|---|---|---|")
    details = []
    for name, model in (("stock", stock), ("zoo", zoo)):
        count_tensor_reads(tensor_reads)
        work, before = HostWork(), len(tensor_reads)
        with torch.inference_mode(), work:
            model(**batch)
        reads = work.reads + tensor_reads[before:]
        for method in ("tolist", "numpy"):  # restore: the timing below runs without the counting wrappers
            setattr(torch.Tensor, method, getattr(torch._C.TensorBase, method))
        print(f"| {name} | {sum(work.launches.values())} | {len(reads)} | {python_calls(model, batch)} | "
              f"{host_us(model, small):.0f} |")
        details.append(f"{name}: reads {reads or 'none'}; ops {dict(work.launches.most_common())}")
    print("\n".join(details))


if __name__ == "__main__":
    main()
