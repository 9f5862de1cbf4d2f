"""GPTQ W4A16 / W8A16: fused dequantize + matmul over Hugging Face GPTQ-format weights.

    matmul.py          host launchers, the torch op `patchzoo::gptq_matmul` and its reference (re-exports the rest)
    matmul_kernel.py   the @triton.jit kernels and the modes that pick their paths
    packing.py         the format's bit packing and the kernel's layout of qweight, in plain PyTorch
    launch_configs.py  tile / SplitK / pipeline choices, tuned tables per GPU, the heuristic for the rest
    configs/           the tuned tables (benchmarks/bench_gptq.py --tune)
"""
