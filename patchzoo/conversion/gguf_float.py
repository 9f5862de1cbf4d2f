"""A GGUF file (llama.cpp's format) as a float Hugging Face checkpoint folder, for quantizers to start from.

    file.gguf --transformers' GGUF reader (the `gguf` package dequantizes every tensor)--> float model + tokenizer
    --> save_pretrained: a plain float checkpoint (no quantization_config), loadable without `gguf`

A quantized GGUF (e.g. Q4_1: each run of 32 weights on a 16-level grid of its own) becomes its dequantized values:
a trained model whose weights came out of another quantizer, as many checkpoints on the Hub do.
"""

from __future__ import annotations

from pathlib import Path

import torch


def gguf_to_float_checkpoint(gguf_path: str | Path, out_dir: str | Path, dtype: torch.dtype = torch.float32) -> Path:
    """Write the GGUF file's model and tokenizer as a float HF checkpoint in out_dir; ImportError without `gguf`."""
    import transformers

    gguf_path, out = Path(gguf_path), Path(out_dir)
    model = transformers.AutoModelForCausalLM.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name, dtype=dtype)
    tokenizer = transformers.AutoTokenizer.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name)
    # The reader marks the model as GGUF-quantized, which save_pretrained refuses; its tensors are plain floats now.
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    model.hf_quantizer = None
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out
