"""Fused Mixtral MoE: token routing, Triton grouped GEMMs forward and backward, and the torch ops over them.

    routing.py        topk_ids -> slots sorted by expert in BLOCK_M-padded runs (shared by every kernel here)
    forward.py        gate_up + SiLU*up and down (+ routing weight) kernels, tuned configs, moe_reference
    backward.py       dX, dW per expert and routing-weight gradients, moe_backward_reference
    grouped_train.py  the training op: torch._grouped_mm GEMMs with fused Triton kernels between them
    torch_ops.py      torch.library custom ops (fused_moe, fused_moe_backward, moe_train) with fakes and autograd
    configs/          tuned tiles per token-count bucket, one JSON file per (experts, width, dtype, GPU)
"""
