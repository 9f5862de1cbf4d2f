"""Tiny models, built locally with a fixed seed and no network: the main job's embedded default and the tests' fixtures.

    presets.py        TinyPreset: one small config per architecture (typed data), get_preset(arch)
    build.py          tiny_tokenizer, tiny_model, tiny_checkpoint (written with save_pretrained), tiny_gptq_checkpoint
    trained_llama.py  a small Llama trained offline on standard-library docstrings: the model a quantizer is judged on

`patchzoo.testing` is an alias of build.py's public names.
"""
