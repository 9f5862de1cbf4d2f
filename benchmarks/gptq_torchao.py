"""torchao's int4 weight-only path as a benchmark provider beside patchzoo's GPTQ (benchmarks/bench_gptq.py).

    quantize_int4(module) -> (module quantized in place, which kernel its linears run) or raises TorchaoUnavailable

torchao 0.18's `Int4WeightOnlyConfig(group_size=128)` packs for its default "plain" format, whose matmul is
mslk's `bf16i4bf16_rowwise` (an extension package); where that does not load, the "tile_packed_to_4d" format runs
PyTorch's own tinygemm kernel (`aten._weight_int4pack_mm`), the one torchao's int4 results were published with.
Both take bf16 activations, so the torchao models run in bf16 (cuBLAS runs fp16 and bf16 at the same speed).
set_inductor_config=False: torchao's recommended inductor settings are process-wide and would change every
other provider's compiled runs in the same process.
"""

from __future__ import annotations

import torch

GROUP = 128
KERNELS = {"plain": "mslk bf16i4bf16_rowwise", "tile_packed_to_4d": "tinygemm aten._weight_int4pack_mm"}


class TorchaoUnavailable(RuntimeError):
    """torchao cannot quantize or run here; the message is the one line the benchmark prints."""


def decoder_linear(module: torch.nn.Module, fqn: str) -> bool:
    """What a GPTQ checkpoint quantizes: every nn.Linear but the LM head."""
    return isinstance(module, torch.nn.Linear) and "lm_head" not in fqn


def quantize_int4(module: torch.nn.Module, probe: torch.Tensor | None = None, filter_fn=decoder_linear):
    """Quantize `module`'s linears (bf16, on the GPU) in place with torchao's int4 weight-only config, trying the
    default packing first; `probe` (an input of module) must run, so a kernel that cannot load is found here.
    Returns (module, kernel name)."""
    try:
        import torchao
        from torchao.quantization import Int4WeightOnlyConfig, quantize_
    except Exception as error:  # noqa: BLE001 - any import failure (ABI, missing .so) means: skip
        raise TorchaoUnavailable(f"torchao not importable: {type(error).__name__}: {str(error)[:160]}") from error
    failures = []
    for packing in KERNELS:
        candidate = _copy_of(module)
        try:
            quantize_(candidate, Int4WeightOnlyConfig(group_size=GROUP, int4_packing_format=packing,
                                                      set_inductor_config=False), filter_fn=filter_fn)
            if probe is not None:
                with torch.no_grad():
                    candidate(probe)
                torch.cuda.synchronize()
        except Exception as error:  # noqa: BLE001 - the next packing, or skip with the reasons
            failures.append(f"{packing}: {type(error).__name__}: {str(error)[:120]}")
            continue
        _replace_contents(module, candidate)
        return module, f"torchao {torchao.__version__} {KERNELS[packing]}"
    raise TorchaoUnavailable("torchao int4 weight-only does not run here (" + "; ".join(failures) + ")")


def _copy_of(module: torch.nn.Module) -> torch.nn.Module:
    import copy

    return copy.deepcopy(module)


def _replace_contents(module: torch.nn.Module, source: torch.nn.Module) -> None:
    """module takes source's submodules and parameters (quantize_ works on a copy so a failed try leaves module)."""
    module.__dict__.update(source.__dict__)
