"""Training entry point for FSDP2-parallelized models: loop, throughput/MFU, distributed checkpoints."""
