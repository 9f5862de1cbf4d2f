"""Option values every command reads the same way: dtypes and devices."""

from __future__ import annotations

from patchzoo.commands.checks import UsageError

# What --dtype accepts (choices for argparse) -> the torch dtype's name.
DTYPES = {"float32": "float32", "fp32": "float32", "float16": "float16", "fp16": "float16",
          "bfloat16": "bfloat16", "bf16": "bfloat16"}


def torch_dtype(name: str):
    """The torch dtype of a --dtype value (one of DTYPES)."""
    import torch

    return getattr(torch, DTYPES[name])


def parse_device(name: str | None, *, what: str = "--device"):
    """torch.device of a --device value (None: cuda when available); UsageError for a malformed or absent one."""
    import torch

    if name is None:
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        device = torch.device(name)
    except RuntimeError:
        raise UsageError(f"{what} {name}: not a device; use cpu or cuda[:N]") from None
    if device.type not in ("cpu", "cuda"):
        raise UsageError(f"{what} {name}: patchzoo runs on cpu or cuda[:N]")
    if device.type == "cuda" and (not torch.cuda.is_available() or (device.index or 0) >= torch.cuda.device_count()):
        raise UsageError(f"{what} {name}: no such CUDA GPU here ({torch.cuda.device_count()} visible); use --device cpu")
    return device
