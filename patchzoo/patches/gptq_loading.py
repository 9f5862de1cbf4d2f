"""Loading Hugging Face GPTQ checkpoints without auto-gptq, optimum or gptqmodel.

Loading is two-phase (gpt-fast style), because stock `from_pretrained` hands any config with a
`quantization_config` of quant_method "gptq" to its optimum/gptqmodel quantizer:

    config.json quantization_config --GPTQSpec.from_config--> bits, group_size, format (validated)
    model built on the meta device --> each nn.Linear named by a "<name>.qweight" key becomes GPTQLinear
    --> every quantized linear's tensors checked (each of qweight/qzeros/scales present, shapes and group count
        agreeing with the config, errors naming the tensor or setting) --> loaded onto the target device with
        assign=True --> non-persistent buffers (rotary inv_freq) rebuilt --> GPTQLinear.prepare() (act-order reorder)
    --> q/k/v and gate/up fused into one GPTQLinear each where they allow it (gptq_fusion.py)

State-dict keys and tensor layouts stay those of the checkpoint, so save_pretrained writes the same
HF GPTQ format back.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import torch
import torch.nn as nn
import transformers

from patchzoo.kernels.gptq.matmul import check_packed_shapes, sorted_group_index
from patchzoo.patches import gptq_fusion
from patchzoo.patches.gptq_linear import GPTQ_TENSORS, GPTQLinear, GPTQSpec, is_gptq_config, swap_linears_for_gptq

logger = logging.getLogger(__name__)


REQUIRED_GPTQ_TENSORS = ("qweight", "qzeros", "scales")  # g_idx may be left out when desc_act is false


def gptq_linear_names(keys, checkpoint) -> list[str]:
    """The modules holding GPTQ tensors among a checkpoint's keys; ValueError naming the tensor a module lacks."""
    leaves: dict[str, set[str]] = {}
    for key in keys:
        module, _, leaf = key.rpartition(".")
        if leaf in GPTQ_TENSORS:
            leaves.setdefault(module, set()).add(leaf)
    if not leaves:
        raise ValueError(f"{checkpoint} has a GPTQ quantization_config but no '*.qweight' tensors")
    for module in sorted(leaves):
        missing = [f"{module}.{leaf}" for leaf in REQUIRED_GPTQ_TENSORS if leaf not in leaves[module]]
        if missing:
            raise ValueError(
                f"GPTQ checkpoint {checkpoint} lacks {' and '.join(missing)} (it has "
                f"{', '.join(sorted(leaves[module]))} for {module}); the checkpoint is incomplete: write or download "
                f"it again"
            )
    return sorted(leaves)


def check_bits(name: str, in_features: int, spec: GPTQSpec, qweight: torch.Tensor) -> None:
    """ValueError naming quantization_config's bits when qweight packs the layer's inputs at another supported width:
    checked before the group count, which a wrong bit width also throws off and would be misnamed as the culprit.
    A qweight that fits no width is left to check_packed_shapes, which names its shape."""
    rows = qweight.shape[0] if qweight.dim() == 2 else None
    if rows is None or rows == in_features * spec.bits // 32:
        return
    implied = next((b for b in (2, 3, 4, 8) if rows * 32 == in_features * b), None)
    if implied is not None:
        raise ValueError(
            f"{name}: quantization_config bits={spec.bits} packs its {in_features} inputs into "
            f"{in_features * spec.bits // 32} qweight rows, but {name}.qweight holds {rows} (as bits={implied} "
            "would); the config's bits does not belong to these tensors"
        )


def check_group_count(name: str, in_features: int, spec: GPTQSpec, scales: torch.Tensor,
                      g_idx: torch.Tensor | None = None) -> None:
    """ValueError naming quantization_config's group_size when the layer's scales (or g_idx) hold another number of
    groups than group_size makes of its inputs (a config that does not belong to the tensors)."""
    expected = spec.num_groups(in_features)
    groups = scales.shape[0] if scales.dim() == 2 else None
    if groups != expected:
        implied = f" (as group_size={-(-in_features // groups)} would)" if groups else ""
        raise ValueError(
            f"{name}: quantization_config group_size={spec.group_size} makes {expected} group(s) of its "
            f"{in_features} inputs, but {name}.scales holds {groups}{implied}; the config's group_size does not "
            f"match the tensors"
        )
    if g_idx is not None and g_idx.numel() and not 0 <= int(g_idx.min()) <= int(g_idx.max()) < expected:
        raise ValueError(
            f"{name}.g_idx names groups {int(g_idx.min())}..{int(g_idx.max())}, but quantization_config "
            f"group_size={spec.group_size} makes {expected} group(s) of its {in_features} inputs"
        )


def checkpoint_files(path_or_id, revision=None, token=None, cache_dir=None) -> tuple[Path, list[Path]]:
    """(directory, safetensors files) of a local checkpoint or a Hub id (downloaded on first use)."""
    directory = Path(path_or_id)
    if not directory.is_dir():
        from huggingface_hub import snapshot_download

        directory = Path(snapshot_download(
            str(path_or_id), revision=revision, token=token, cache_dir=cache_dir,
            allow_patterns=["*.json", "*.safetensors", "*.model", "*.txt"],
        ))
    index = directory / "model.safetensors.index.json"
    if index.exists():
        files = sorted({directory / f for f in json.loads(index.read_text())["weight_map"].values()})
    else:
        files = sorted(directory.glob("*.safetensors"))
    if not files:
        raise FileNotFoundError(f"no .safetensors weights in {directory} (GPTQ loading reads safetensors only)")
    return directory, files


def _target_device(device_map) -> torch.device:
    if device_map is None:
        return torch.device("cpu")
    if isinstance(device_map, dict):
        devices = set(device_map.values())
        if len(devices) != 1:
            raise ValueError("patchzoo's GPTQ loader puts the whole model on one device; pass device_map='cuda' or {'': 0}")
        device_map = devices.pop()
    if isinstance(device_map, int):
        return torch.device("cuda", device_map)
    if device_map == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(device_map)


def _match_prefix(keys: list[str], model_keys: set[str], prefix: str) -> dict[str, str]:
    """Checkpoint key -> model key, adding or stripping the base-model prefix ("model.") when needed."""
    def weight_key(key):  # GPTQ keys stand in for "<module>.weight"
        module, _, leaf = key.rpartition(".")
        return f"{module}.weight" if leaf in GPTQ_TENSORS else key

    def hits(mapping):
        return sum(weight_key(v) in model_keys for v in mapping.values())

    as_is = {k: k for k in keys}
    stripped = {k: k.removeprefix(prefix + ".") for k in keys}
    added = {k: f"{prefix}.{k}" if not k.startswith(prefix + ".") else k for k in keys}
    return max((as_is, stripped, added), key=hits)


def load_gptq_pretrained(model_cls, path_or_id, config, *, dtype=None, device_map=None, attn_implementation=None,
                         revision=None, token=None, cache_dir=None, fuse_projections: bool = True, **unused) -> nn.Module:
    """Build `model_cls` from a HF-format GPTQ checkpoint: meta-device model, Linear -> GPTQLinear, tensors in.

    fuse_projections: join q/k/v and gate/up into one GPTQ matmul each where their tensors allow it, and have
    act-order MLPs' gate/up write their outputs in the order down_proj reads them (patches/gptq_fusion.py);
    state_dict() and save_pretrained still write the checkpoint's keys and layouts. False keeps every module
    as stock Llama has it.
    """
    from safetensors import safe_open

    if unused:
        logger.warning("GPTQ loading ignores from_pretrained arguments %s", sorted(unused))
    spec = GPTQSpec.from_config(config.quantization_config)
    if dtype in (None, "auto"):
        dtype = config.dtype if isinstance(getattr(config, "dtype", None), torch.dtype) else torch.float16
    dtype = getattr(torch, dtype) if isinstance(dtype, str) else dtype
    device = _target_device(device_map)
    directory, files = checkpoint_files(path_or_id, revision, token, cache_dir)

    build_kwargs = {"dtype": dtype}
    if attn_implementation is not None:
        build_kwargs["attn_implementation"] = attn_implementation
    with torch.device("meta"):
        model = model_cls._from_config(config, **build_kwargs)
    model_keys = set(model.state_dict())

    tensors = {}
    for file in files:
        with safe_open(str(file), framework="pt", device=str(device)) as f:
            tensors.update({key: f.get_tensor(key) for key in f.keys()})
    key_map = _match_prefix(list(tensors), model_keys, model.base_model_prefix)
    state = {key_map[k]: v for k, v in tensors.items()}
    quantized = gptq_linear_names(state, path_or_id)
    swap_linears_for_gptq(model, quantized, spec, dtype)

    expected = model.state_dict()
    for name in quantized:
        layer = model.get_submodule(name)
        check_bits(name, layer.in_features, spec, state[f"{name}.qweight"])
        check_group_count(name, layer.in_features, spec, state[f"{name}.scales"], state.get(f"{name}.g_idx"))
        check_packed_shapes(
            layer.in_features, layer.out_features, spec.bits, spec.num_groups(layer.in_features),
            qweight=state[f"{name}.qweight"], qzeros=state[f"{name}.qzeros"], scales=state[f"{name}.scales"],
            g_idx=state.get(f"{name}.g_idx"), name=name,
        )
        if f"{name}.g_idx" not in state:  # some writers omit g_idx when desc_act is false
            state[f"{name}.g_idx"] = sorted_group_index(layer.in_features, spec.group_size, device)
    for key, value in list(state.items()):
        if key not in expected:
            continue
        want = expected[key]
        if tuple(value.shape) != tuple(want.shape):
            raise ValueError(f"checkpoint tensor {key} has shape {tuple(value.shape)}, the model expects {tuple(want.shape)}")
        if value.is_floating_point() and not key.endswith(".scales"):
            state[key] = value.to(dtype)
        elif key.endswith(".g_idx"):
            state[key] = value.to(torch.int32)
    unexpected = sorted(set(state) - set(expected))
    if unexpected:
        logger.warning("GPTQ checkpoint tensors not used by %s: %s", model_cls.__name__, unexpected[:8])
    missing = sorted(set(expected) - set(state))
    tied = config.get_text_config().tie_word_embeddings and model.get_output_embeddings() is not None
    if tied:
        missing = [k for k in missing if not k.startswith(_output_embedding_name(model))]
    if missing:
        raise ValueError(f"GPTQ checkpoint {path_or_id} lacks tensors the model needs: {missing[:8]}")
    model.load_state_dict({k: v for k, v in state.items() if k in expected}, strict=False, assign=True)
    if tied:
        model.get_output_embeddings().weight = model.get_input_embeddings().weight
    _rebuild_meta_buffers(model, device)

    for module in model.modules():
        if isinstance(module, GPTQLinear):
            module.prepare()
    if fuse_projections:
        folded = gptq_fusion.fold_act_order_gather(model)
        fused = gptq_fusion.fuse_gptq_projections(model)
        logger.info("GPTQ: act-order gather folded into %d MLPs' gate/up; projections of %d attention/MLP modules "
                    "fused", folded, fused)
    generation_config = directory / "generation_config.json"
    if generation_config.exists() and getattr(model, "generation_config", None) is not None:
        model.generation_config = transformers.GenerationConfig.from_pretrained(directory)
    model.config.name_or_path = str(path_or_id)
    return model.eval()


def _output_embedding_name(model: nn.Module) -> str:
    head = model.get_output_embeddings()
    return next(name for name, module in model.named_modules() if module is head)


def _rebuild_meta_buffers(model: nn.Module, device: torch.device) -> None:
    """Non-persistent buffers (rotary inv_freq) are not in checkpoints: rebuild their modules on `device`."""
    for name, module in list(model.named_modules()):
        if any(b.is_meta for b in module.buffers(recurse=False)) and hasattr(module, "original_inv_freq"):
            with torch.device(device):
                rebuilt = type(module)(module.config)
            model.set_submodule(name, rebuilt)
    left = [n for n, t in [*model.named_parameters(), *model.named_buffers()] if t.is_meta]
    if left:
        raise ValueError(f"after loading, these tensors were never filled: {left[:8]}")


class GPTQFromPretrained:
    """Mixin for zoo classes: from_pretrained reads GPTQ checkpoints itself; any other goes to stock."""

    @classmethod
    def from_pretrained(cls, pretrained_model_name_or_path, *args, **kwargs):
        config = kwargs.get("config")
        if not isinstance(config, transformers.PretrainedConfig):
            hub = {k: kwargs[k] for k in ("revision", "token", "cache_dir", "trust_remote_code") if k in kwargs}
            config = transformers.AutoConfig.from_pretrained(config or pretrained_model_name_or_path, **hub)
        if not is_gptq_config(config):
            return super().from_pretrained(pretrained_model_name_or_path, *args, **kwargs)
        if args:
            raise TypeError("GPTQ loading takes keyword arguments only (dtype=, device_map=, attn_implementation=)")
        kwargs.pop("config", None)
        kwargs.pop("trust_remote_code", None)
        return load_gptq_pretrained(cls, pretrained_model_name_or_path, config, **kwargs)
