"""sentence-transformers on zoo encoders: `patchzoo.patch(model)` on a SentenceTransformer built offline from a tiny
checkpoint gives stock's embeddings for every pooling mode the library has, normalised or not, through its own
`encode()` (batching, length sorting, tokenizer padding untouched), and the packed path really runs."""

import warnings

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import packed_encoder
from patchzoo.tiny.build import tiny_checkpoint

sentence_transformers = pytest.importorskip("sentence_transformers", reason="sentence-transformers is not installed")
with warnings.catch_warnings():  # the old import path is deprecated in newer releases: take the new one first
    warnings.simplefilter("ignore", DeprecationWarning)
    try:
        from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer
    except ImportError:
        from sentence_transformers.models import Normalize, Pooling, Transformer

SENTENCES = [
    "hello world", "a much longer sentence with many words in it, and a clause or two besides",
    "x", "medium length sentence here", "the quick brown fox jumps over the lazy dog", "two words",
    "question: what is the capital of France?", "answer: Paris",
]


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory):
    root = tmp_path_factory.mktemp("st")
    transformers.utils.logging.set_verbosity_error()
    return {arch: tiny_checkpoint(arch, root / arch) for arch in ("bert", "roberta", "xlm_roberta")}


def sentence_model(path, mode: str, normalize: bool):
    transformer = Transformer(str(path), max_seq_length=64)
    dimension = getattr(transformer, "get_embedding_dimension", None) or transformer.get_word_embedding_dimension
    modules = [transformer, Pooling(dimension(), mode)]
    return sentence_transformers.SentenceTransformer(modules=modules + [Normalize()] * normalize, device="cpu")


CASES = [(arch, mode, False) for arch in ("bert", "roberta", "xlm_roberta") for mode in Pooling.POOLING_MODES]
CASES += [(arch, "mean", True) for arch in ("bert", "roberta", "xlm_roberta")]  # normalised outputs


@pytest.mark.parametrize("arch,mode,normalize", CASES)
def test_embeddings_equal_stock_for_every_pooling_mode(arch, mode, normalize, checkpoints, monkeypatch):
    model = sentence_model(checkpoints[arch], mode, normalize)
    want = model.encode(SENTENCES, batch_size=3, convert_to_tensor=True)
    packed_calls = []
    attention = packed_encoder.varlen_attention
    monkeypatch.setattr(packed_encoder, "varlen_attention",
                        lambda *args, **kwargs: packed_calls.append(1) or attention(*args, **kwargs))
    assert patchzoo.patch(model) is model
    assert type(model[0].auto_model).__module__.startswith("patchzoo.models.")
    got = model.encode(SENTENCES, batch_size=3, convert_to_tensor=True)
    assert packed_calls, "the zoo encoder never ran its packed path"
    torch.testing.assert_close(got, want, atol=1e-5, rtol=1e-4)
    if normalize:
        torch.testing.assert_close(got.norm(dim=-1), torch.ones(len(SENTENCES)), atol=1e-5, rtol=0)


def test_a_sentence_transformer_without_a_supported_model_is_refused(tmp_path):
    config = transformers.DistilBertConfig(vocab_size=512, dim=32, n_layers=1, n_heads=2, hidden_dim=64)
    transformers.DistilBertModel(config).save_pretrained(tmp_path / "distil")
    from patchzoo.tiny.build import tiny_tokenizer

    tiny_tokenizer().save_pretrained(tmp_path / "distil")
    model = sentence_model(tmp_path / "distil", "mean", False)
    with pytest.raises(patchzoo.UnsupportedArchitectureError, match="no patched twin for DistilBertModel"):
        patchzoo.patch(model)
