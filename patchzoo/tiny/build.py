"""Build tiny checkpoints locally (fixed seed, no network) with the real save_pretrained path."""

from __future__ import annotations

from pathlib import Path

import torch
import transformers

from patchzoo.tiny.presets import TINY_VOCAB, get_preset

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


def round_decoder_linears(model: torch.nn.Module, bits: int, group_size: int, act_order: bool, seed: int = 0) -> dict:
    """Round-to-nearest every decoder linear of `model` (its "<name>" -> QuantizedWeight) as `patchzoo quantize`
    would pack it, without calibration. act_order: one random row order per input, shared by the layers that read
    it (q/k/v, gate/up), as GPTQ's act-order gives them from the input's Hessian, so the zoo's load-time fusion
    and act-order fold apply as they would to a real checkpoint."""
    from patchzoo.conversion.gptq import quantize_rtn

    generator = torch.Generator().manual_seed(seed)
    quantized, orders = {}, {}
    for name, module in model.named_modules():
        if isinstance(module, torch.nn.Linear) and ".layers." in f".{name}":
            q = quantize_rtn(module.weight.data, bits=bits, group_size=group_size)
            if act_order:
                reader = (name.rpartition(".")[0], module.in_features)  # (its attention or MLP module, input size)
                order = orders.setdefault(reader, torch.randperm(module.in_features, generator=generator))
                order = order.to(q.codes.device)
                q.codes, q.g_idx = q.codes[:, order], q.g_idx[order]
            quantized[name] = q
    return quantized


def write_rounded_gptq_checkpoint(model: torch.nn.Module, directory: str | Path, bits: int = 4, group_size: int = 128,
                                  act_order: bool = False, seed: int = 0) -> Path:
    """`model` with its decoder linears rounded to nearest (round_decoder_linears), written as a HF GPTQ checkpoint."""
    from patchzoo.conversion.gptq import QuantizeConfig, write_gptq_checkpoint

    quantized = round_decoder_linears(model, bits, group_size, act_order, seed)
    return write_gptq_checkpoint(model, quantized, QuantizeConfig(bits=bits, group_size=group_size, act_order=act_order),
                                 directory)


def tiny_gptq_checkpoint(directory: str | Path, seed: int = 0, bits: int = 4, group_size: int = 32) -> Path:
    """A tiny Llama whose decoder linears are rounded to nearest and written as a HF GPTQ checkpoint with act-order
    (round_decoder_linears)."""
    return write_rounded_gptq_checkpoint(tiny_model("llama", seed), directory, bits, group_size, act_order=True,
                                         seed=seed)
