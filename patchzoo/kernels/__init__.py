"""Triton kernels, one op per file: @triton.jit kernels, host launcher, torch wrapper, pure-PyTorch reference."""
