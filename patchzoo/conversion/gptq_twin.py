"""A GPTQ checkpoint's stock twin: the stock transformers class holding the checkpoint's dequantized weights.

Stock transformers reads GPTQ checkpoints only through optimum/gptqmodel. `patchzoo parity` instead compares the
zoo's GPTQ model with the plain stock model whose quantized linears hold W = (code - zero) * scale, computed in
float32 from the checkpoint's own tensors (gptq_dequantize_reference) and then cast: what the quantized model
means, on the same weights.

    checkpoint (qweight/qzeros/scales/g_idx + quantization_config)
        --> every "<linear>.qweight" group dequantized to "<linear>.weight" (N, K); other tensors as they are
        --> config without quantization_config --> stock class --> load_state_dict (every tensor but tied ones
            must be there)
"""

from __future__ import annotations

import torch
import transformers
from safetensors.torch import load_file

from patchzoo.kernels.gptq.matmul import gptq_dequantize_reference, sorted_group_index
from patchzoo.patches.gptq_linear import GPTQ_TENSORS, GPTQSpec, is_gptq_config
from patchzoo.patches.gptq_loading import (
    _match_prefix,
    check_group_count,
    checkpoint_files,
    gptq_linear_names,
)


def dequantized_state_dict(tensors: dict[str, torch.Tensor], spec: GPTQSpec) -> dict[str, torch.Tensor]:
    """A GPTQ checkpoint's tensors with each quantized linear's group replaced by its float32 `weight` (N, K)."""
    state = {key: value for key, value in tensors.items() if key.rpartition(".")[2] not in GPTQ_TENSORS}
    for key, qweight in tensors.items():
        module, _, leaf = key.rpartition(".")
        if leaf != "qweight":
            continue
        in_features = qweight.shape[0] * 32 // spec.bits
        g_idx = tensors.get(f"{module}.g_idx")
        check_group_count(module, in_features, spec, tensors[f"{module}.scales"], g_idx)
        if g_idx is None:  # some writers omit it when desc_act is false
            g_idx = sorted_group_index(in_features, spec.group_size)
        weight = gptq_dequantize_reference(qweight, tensors[f"{module}.qzeros"], tensors[f"{module}.scales"], g_idx,
                                           bits=spec.bits, zero_offset=spec.zero_offset)  # (K, N)
        state[f"{module}.weight"] = weight.t().contiguous()
    return state


def dequantized_twin(stock_cls: type, checkpoint, dtype: torch.dtype = torch.float32) -> torch.nn.Module:
    """`stock_cls` (e.g. transformers.LlamaForCausalLM) built from a GPTQ checkpoint's config and holding its
    dequantized weights, in `dtype`, on the CPU, in eval mode."""
    config = transformers.AutoConfig.from_pretrained(checkpoint)
    if not is_gptq_config(config):
        raise ValueError(f"{checkpoint} has no GPTQ quantization_config; load it with {stock_cls.__name__}.from_pretrained")
    spec = GPTQSpec.from_config(config.quantization_config)
    plain = config.to_dict()
    plain.pop("quantization_config")
    model = stock_cls._from_config(type(config).from_dict(plain), dtype=torch.float32)

    _, files = checkpoint_files(checkpoint)
    tensors = {}
    for file in files:
        tensors.update(load_file(str(file)))
    gptq_linear_names(tensors, checkpoint)  # names a missing qweight/qzeros/scales
    state = dequantized_state_dict(tensors, spec)
    key_map = _match_prefix(list(state), set(model.state_dict()), model.base_model_prefix)
    state = {key_map[k]: v.float() if v.is_floating_point() else v for k, v in state.items()}
    missing = model.load_state_dict(state, strict=False).missing_keys
    tied = {name for name, _ in model.named_parameters(remove_duplicate=False)} - dict(model.named_parameters()).keys()
    missing = [k for k in missing if k not in tied]
    if missing:
        raise ValueError(f"GPTQ checkpoint {checkpoint} lacks tensors {stock_cls.__name__} needs: {missing[:8]}")
    return model.to(dtype).eval()
