"""Host work per forward of the zoo BERT against stock, on an encode()-like batch (CPU, no timing).

On a GPU every aten op is a launch and every read of a device value a sync; encode() batches are small enough to be
host-bound there, so the zoo must not add either: at most one host read per forward (the packed sizes; stock has
one too, its check whether the mask can be dropped), and no more ops than stock. The CPU's attention is the
reference (many ops), so it is replaced by one op per layer, as the flash call is on a GPU.
"""

import pytest
import torch
import transformers
from torch.utils._python_dispatch import TorchDispatchMode

import patchzoo
from patchzoo.models import packed_encoder
from patchzoo.patches import padding as padding_module

HOST_READS = {"_local_scalar_dense", "item", "nonzero", "is_nonzero", "equal"}


class OpCounter(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.ops = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops.append(func.overloadpacket.__name__)
        return func(*args, **(kwargs or {}))


@pytest.fixture
def counted_reads(monkeypatch):
    """DeferredHostRead.tolist (a pinned-memory read on a GPU, no aten op) counted as the host read it is."""
    reads = []
    original = padding_module.DeferredHostRead.tolist

    def counted(self):
        reads.append(1)
        return original(self)

    monkeypatch.setattr(padding_module.DeferredHostRead, "tolist", counted)
    monkeypatch.setattr(packed_encoder, "varlen_attention", lambda query, *args, **kwargs: query.clone())
    return reads


def host_work(model, batch, reads) -> tuple[int, int]:
    before = len(reads)
    counter = OpCounter()
    with torch.inference_mode(), counter:
        model(**batch)
    return len(counter.ops), sum(op in HOST_READS for op in counter.ops) + len(reads) - before


@pytest.mark.parametrize("rule", [(0, 0), (0.99, 0)], ids=["packed", "padded-route"])
def test_zoo_forward_reads_the_host_once_and_launches_no_more_than_stock(counted_reads, rule):
    config = transformers.BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=12, num_attention_heads=2,
                                     intermediate_size=64, max_position_embeddings=128)
    torch.manual_seed(0)
    stock = transformers.BertModel(config).eval()
    zoo = packed_encoder.use_packing(patchzoo.patch(transformers.BertModel(config).eval()), True, *rule)
    lengths = torch.tensor([90, 84, 77, 70, 66, 61, 55, 40])  # sorted, as encode() batches them
    mask = (torch.arange(90)[None, :] < lengths[:, None]).long()
    batch = {"input_ids": torch.randint(4, 100, mask.shape).masked_fill(mask == 0, 0), "attention_mask": mask}
    stock_ops, stock_reads = host_work(stock, batch, counted_reads)
    zoo_ops, zoo_reads = host_work(zoo, batch, counted_reads)
    assert stock_reads == 1 and zoo_reads == 1
    assert zoo_ops <= stock_ops, (zoo_ops, stock_ops)
