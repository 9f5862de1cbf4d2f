"""Build tiny checkpoints locally (fixed seed, no network) with the real save_pretrained path."""

from __future__ import annotations

from pathlib import Path

import torch
import transformers

from patchzoo.presets import TINY_VOCAB, get_preset

# A few sentences to train the tiny tokenizer on; any text works, this keeps it deterministic.
_TOKENIZER_CORPUS = [
    "The quick brown fox jumps over the lazy dog.",
    "Translate English to German: the house is wonderful.",
    "Summarize: patched transformer models run faster on accelerators with the same weights.",
    "Question: what is the capital of France? Answer: Paris.",
    "Mixture of experts layers route every token to two of eight feed-forward networks.",
    "Quantized weights cost a quarter of the bytes of half precision weights.",
    "0123456789 !?.,;:'\"()[]{}<>+-*/=_#@$%^&|~`",
]


def tiny_tokenizer(vocab_size: int = TINY_VOCAB) -> transformers.PreTrainedTokenizerFast:
    """A byte-level BPE tokenizer trained in-process on a fixed corpus; ids 0-3 are pad/bos/eos/unk."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    specials = ["<pad>", "<s>", "</s>", "<unk>"]
    tokenizer = Tokenizer(models.BPE(unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(_TOKENIZER_CORPUS, trainer=trainer)
    return transformers.PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token="<pad>", bos_token="<s>", eos_token="</s>", unk_token="<unk>"
    )


def tiny_model(arch: str, seed: int = 0) -> torch.nn.Module:
    """The stock transformers model of a tiny preset, with seeded random weights (float32, CPU)."""
    preset = get_preset(arch)
    config = preset.build_config()
    torch.manual_seed(seed)
    model = getattr(transformers, preset.architecture)(config)
    return model.eval()


def tiny_checkpoint(arch: str, directory: str | Path, seed: int = 0, tokenizer: bool = True) -> Path:
    """Write a tiny stock checkpoint (config, safetensors, tokenizer) for ``arch`` into ``directory``."""
    directory = Path(directory)
    tiny_model(arch, seed).save_pretrained(directory)
    if tokenizer:
        tiny_tokenizer().save_pretrained(directory)
    return directory
