"""Host work per forward of the zoo BERT-shaped encoders against stock, on an encode()-like batch (CPU, no timing).

On a GPU every aten op is a launch and every read of a device value a sync; encode() batches are small enough to be
host-bound there, so the zoo must not add either: at most one host read per forward (the packed sizes; stock has
one too, its check whether the mask can be dropped), and no more ops than stock. The CPU's attention is the
reference (many ops), so it is replaced by one op per layer, as the flash call is on a GPU.

A read is counted wherever it can hide: aten ops that read a device value (``.item()``, ``nonzero``, a boolean
index, ...) and ``Tensor.tolist`` / ``Tensor.numpy``, which on a CPU tensor dispatch no aten op at all (the zoo's
DeferredHostRead ends in one: on a GPU a wait on its copy's event).
"""

import pytest
import torch
import transformers

import patchzoo
from benchmarks.encoder_host_work import FAMILIES, HostWork, encode_like_batch  # the counting the tool prints
from patchzoo.models import packed_encoder
from patchzoo.patches import padding as padding_module


@pytest.fixture
def counted_reads(monkeypatch):
    """Every Tensor.tolist / Tensor.numpy call (no aten op on a CPU tensor), counted as the host read it is."""
    reads = []
    for method in ("tolist", "numpy"):
        original = getattr(torch.Tensor, method)

        def counted(self, *args, _original=original, _method=method, **kwargs):
            reads.append(_method)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(torch.Tensor, method, counted)
    monkeypatch.setattr(packed_encoder, "varlen_attention", lambda query, *args, **kwargs: query.clone())
    return reads


@pytest.fixture
def as_on_a_gpu(monkeypatch):
    """The zoo's GPU path on a CPU: the handle's host read put off to resolve() (PendingPadding), as on CUDA."""
    monkeypatch.setattr(padding_module.Padding, "start", classmethod(
        lambda cls, mask, multiple_of=None, max_seqlen=None: padding_module.PendingPadding(mask, multiple_of, max_seqlen)))


def host_work(model, batch, reads) -> tuple[int, int]:
    """(aten ops that launch a kernel on a GPU, host reads) of one forward, as sentence-transformers runs it."""
    before = len(reads)
    work = HostWork()
    with torch.inference_mode(), work:
        model(**batch)
    return sum(work.launches.values()), len(work.reads) + len(reads) - before


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


@pytest.mark.parametrize("family", list(FAMILIES))
def test_zoo_encoder_syncs_once_per_forward_whatever_its_depth(counted_reads, as_on_a_gpu, family):
    """MiniLM's layout (12 heads, FFN 4x; narrow, host work only) at batch 128 with 25 % padding, on the GPU's code
    path and the GPU's packing rule: one host read per forward at 1 and 6 layers (the packed sizes, read once from
    one copy), none inside the layers, every layer launching exactly what stock's layer launches, and the packing's
    own ops (lengths, row summary, cu_seqlens, gather indices, strip, restore: 11) no more than stock's mask costs."""
    config_class, model_class, extra = FAMILIES[family]
    counts = {}
    for layers in (1, 6):
        config = config_class(vocab_size=100, hidden_size=24, num_hidden_layers=layers, num_attention_heads=12,
                              intermediate_size=96, max_position_embeddings=130, **extra)
        torch.manual_seed(0)
        stock = model_class(config).eval()
        zoo = packed_encoder.use_packing(  # the GPU's rule: packs every padded batch
            patchzoo.patch(model_class(config).eval()), True,
            packed_encoder.PACK_MIN_PADDING_SHARE, packed_encoder.PACK_MIN_PADDED_POSITIONS)
        batch = encode_like_batch(128, 96, 0.25, config.pad_token_id or 0)
        packed = []
        attention = packed_encoder.varlen_attention
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(packed_encoder, "varlen_attention", lambda *a, **k: packed.append(1) or attention(*a, **k))
            counts[layers] = {"stock": host_work(stock, batch, counted_reads), "zoo": host_work(zoo, batch, counted_reads)}
        assert len(packed) == layers, "the zoo did not take its packed path"
    for layers, by_model in counts.items():
        assert by_model["zoo"][1] == 1, f"{layers} layers: {by_model['zoo'][1]} host reads per zoo forward"
        assert by_model["stock"][1] == 1  # stock's own: is its mask all ones?
    per_layer = {name: (counts[6][name][0] - counts[1][name][0]) / 5 for name in ("stock", "zoo")}
    assert per_layer["zoo"] == per_layer["stock"], per_layer
    assert counts[1]["zoo"][0] <= counts[1]["stock"][0], counts  # outside the layers: packing against stock's mask


def test_encode_reads_the_host_once_per_batch(counted_reads, as_on_a_gpu, tmp_path, monkeypatch):
    """sentence-transformers' encode() end to end (tokenizer, copies, forward, mean pooling, normalise): one host
    read per batch with the zoo, as with stock (its mask check)."""
    sentence_transformers = pytest.importorskip("sentence_transformers")
    from patchzoo.tiny.build import tiny_checkpoint

    transformers.utils.logging.set_verbosity_error()
    model = sentence_transformers.SentenceTransformer(str(tiny_checkpoint("bert", tmp_path / "bert")), device="cpu")
    sentences = [" ".join(["word"] * n) for n in (3, 20, 7, 11, 30, 2, 16, 9, 25, 5)]

    def encode_reads() -> int:
        before, work = len(counted_reads), HostWork()
        with work:
            model.encode(sentences, batch_size=4, convert_to_tensor=True)
        return len(work.reads) + len(counted_reads) - before

    batches = 3
    stock_reads = encode_reads()
    patchzoo.patch(model)
    packed_encoder.use_packing(model, True, 0, 0)
    packed = []
    monkeypatch.setattr(packed_encoder, "varlen_attention", lambda query, *args, **kwargs: packed.append(1) or query.clone())
    assert encode_reads() == batches, f"stock: {stock_reads} host reads in {batches} batches"
    assert packed, "the zoo never ran its packed path"
