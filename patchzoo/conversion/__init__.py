"""Checkpoint conversion: GPTQ quantization, FSDP (DCP) -> HF, Hub upload."""
