"""GPTQModel (PyPI `gptqmodel`) as the peer of `patchzoo quantize`: its GPTQ on the same float checkpoint, the same
calibration windows and settings, scored by the same perplexity evaluator.

    float checkpoint --GPTQModel.load(path, QuantizeConfig)--> .quantize(our windows, in our order) --> .save(dir)
    --> gptq_twin.dequantized_twin: stock LlamaForCausalLM holding the checkpoint's dequantized weights
    --> perplexity.perplexity (the evaluator every other column uses)

Scoring the dequantized checkpoint rather than GPTQModel's own kernels keeps the comparison about the quantizer:
the same float32 forward for RTN, patchzoo and GPTQModel. Settings GPTQModel has beyond ours are pinned to the
plain algorithm: no act-order (desc_act), no group-aware reordering, damp 0.01 of mean(diag(H)), windows in the
order given (calibration_sort=None).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import torch


def gptqmodel_version() -> tuple[str | None, str]:
    """(the installed gptqmodel's version, "") or (None, why it cannot be imported)."""
    try:
        import gptqmodel
    except Exception as error:  # an import error of any of its many dependencies means the same: it cannot run here
        return None, f"{type(error).__name__}: {str(error)[:300]}"
    return getattr(gptqmodel, "__version__", "unknown"), ""


# GPTQModel's CPU thread pool has (cores + 1) // 2 workers, and its model loader asks 2 of them: on a host of 2 cores
# or fewer, load fails ("Virtual pool 'model_loader:cpu' requests 2 workers but parent 'cpu' only has 1").
PEER_MIN_CPU_WORKERS = 2


def _fit_cpu_pool_to_small_hosts() -> None:
    """Give GPTQModel's CPU pool the workers its own loader asks for, before the pool is first built (7.6.0)."""
    import gptqmodel

    default = getattr(gptqmodel, "_default_cpu_workers", None)
    if default is not None and default() < PEER_MIN_CPU_WORKERS:
        gptqmodel._default_cpu_workers = lambda: PEER_MIN_CPU_WORKERS


def gptqmodel_perplexity(
    checkpoint: Path, samples: list[torch.Tensor], config: dict, eval_ids: torch.Tensor, seqlen: int,
    device: torch.device,
) -> tuple[float, float]:
    """(held-out perplexity, quantize seconds) of GPTQModel's checkpoint for config (bits, group_size, sym,
    act_order) calibrated on `samples` ((1, seq) id tensors)."""
    import transformers
    from gptqmodel import GPTQModel
    from gptqmodel import QuantizeConfig as PeerConfig

    from patchzoo.conversion.gptq_twin import dequantized_twin
    from patchzoo.conversion.perplexity import perplexity

    _fit_cpu_pool_to_small_hosts()

    peer_config = PeerConfig(bits=config["bits"], group_size=config["group_size"], sym=config["sym"],
                             desc_act=config["act_order"], act_group_aware=False, damp_percent=0.01)
    calibration = [{"input_ids": s[0].tolist(), "attention_mask": [1] * s.shape[1]} for s in samples]
    # its plain torch kernel: no JIT-compiled CUDA extension (minutes to build) for a quantize-only run
    model = GPTQModel.load(str(checkpoint), peer_config, device=str(device), backend="gptq_torch")
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    start = time.perf_counter()
    model.quantize(calibration, batch_size=1, calibration_sort=None, backend="gptq_torch")
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    seconds = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as out:
        model.save(out)
        del model
        twin = dequantized_twin(transformers.LlamaForCausalLM, out, torch.float32).to(device)
    return perplexity(twin, eval_ids, seqlen), seconds
