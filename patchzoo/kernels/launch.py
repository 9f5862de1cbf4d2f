"""Launching a Triton kernel again without Triton's front door, once a specialization has been seen.

`kernel[grid](...)` (JITFunction.run) binds and specializes every argument, hashes a cache key, re-checks
every global the kernel reads and then calls the compiled kernel's launcher. For the GPTQ kernel (~30
arguments) that front door cost the H200 machine's host ~40 µs per eager call against ~13 µs of GPU time
at one token, while the launcher itself took under 13 µs (measured with benchmarks/bench_gptq.py --host):
an eager decode step is host-bound on it. `launch` keys the compiled kernel on what Triton specializes
on (per argument: a tensor's dtype and 16-byte alignment, an int's equality to 1, divisibility by 16 and
32-bit range; the constexprs and launch options as they are) and, once a key has gone through the front
door, calls that compiled kernel's launcher directly. The key is at least as fine as Triton's, so a hit
is the kernel Triton would have picked; a finer key only costs one more trip through the front door.

Used by the GPTQ and MoE kernels' launches. The front door is always taken under Triton's interpreter,
while a launch hook is installed (profilers), and with PATCHZOO_FAST_LAUNCH=0. `launch` returns the compiled
kernel, so that a caller that keeps what else it derived for a call (GPTQLinear's launch plans) can `relaunch`
it with the next call's pointers.
"""

from __future__ import annotations

import os

import torch
import triton

FAST_LAUNCH_ENV = "PATCHZOO_FAST_LAUNCH"  # "0": every launch through kernel[grid](...)

_COMPILED: dict[tuple, object] = {}


def _int_class(value: int) -> int:
    """What Triton may specialize a kernel on for an int argument: equal to 1, divisible by 16, 32-bit."""
    return (value == 1) | (value % 16 == 0) << 1 | (-(2**31) <= value < 2**31) << 2


def _key(kernel, device: int, tensors: tuple, ints: tuple, constexprs: dict, options: dict) -> tuple:
    """The compiled kernel's key: at least as fine as Triton's own (tensors: dtype and 16-byte alignment;
    ints: _int_class; constexprs by value, their names being the kernel's; launch options)."""
    return (kernel, device, tuple([t.dtype for t in tensors]), tuple([t.data_ptr() % 16 == 0 for t in tensors]),
            tuple(map(_int_class, ints)), tuple(constexprs.values()), tuple(options.items()))


def _front_door_only() -> bool:
    if os.environ.get("TRITON_INTERPRET") == "1" or os.environ.get(FAST_LAUNCH_ENV) == "0":
        return True
    knobs = getattr(triton, "knobs", None)
    if knobs is None:
        return False
    hooks = knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook
    # triton >= 3.5 keeps them in (possibly empty) HookChains, earlier versions as a callable or None
    return any(hook.calls if hasattr(hook, "calls") else hook is not None for hook in hooks)


def _check_order(kernel, run_time: int, constexprs: dict) -> None:
    if list(constexprs) != kernel.arg_names[run_time:]:
        raise ValueError(f"{kernel.__name__}: constexprs {list(constexprs)} are not its parameters after the "
                         f"{run_time} run-time ones, {kernel.arg_names[run_time:]}")


def triton_runs_on(device: torch.device) -> bool:
    """Whether Triton kernels run for tensors on this device: CUDA, or any device under Triton's interpreter
    (how CI runs the kernels on CPU). Elsewhere callers run their PyTorch references."""
    return device.type == "cuda" or os.environ.get("TRITON_INTERPRET") == "1"


def direct_launch_allowed() -> bool:
    """Whether a compiled kernel may be launched without the front door now (no interpreter, no launch hook,
    PATCHZOO_FAST_LAUNCH not "0")."""
    return not _front_door_only()


def launch(kernel, grid: tuple[int, ...], tensors: tuple, ints: tuple, constexprs: dict, **options):
    """kernel[grid](*tensors, *ints, **constexprs, **options): the kernel's parameters are its tensors, then
    its run-time ints, then its constexprs (by name, in order); `options` are launch options (num_warps,
    num_stages, maxnreg). Like Triton, it launches on the current CUDA device.

    Returns the compiled kernel where `relaunch` may launch it again with arguments of the same
    specialization (on a CUDA device, direct launches allowed), else None."""
    if not tensors[0].is_cuda or _front_door_only():
        _check_order(kernel, len(tensors) + len(ints), constexprs)  # so that CPU runs catch what GPU ones rely on
        kernel[grid](*tensors, *ints, **constexprs, **options)
        return None
    device = triton.runtime.driver.active.get_current_device()
    key = _key(kernel, device, tensors, ints, constexprs, options)
    compiled = _COMPILED.get(key)
    if compiled is None:
        _check_order(kernel, len(tensors) + len(ints), constexprs)
        compiled = kernel[grid](*tensors, *ints, **constexprs, **options)
        if not all(hasattr(compiled, name) for name in ("run", "function", "packed_metadata")):
            return None  # a Triton whose compiled kernels this shortcut does not know
        _COMPILED[key] = compiled
        return compiled
    relaunch(compiled, grid, tensors, ints, tuple(constexprs.values()))
    return compiled


def relaunch(compiled, grid: tuple[int, ...], tensors: tuple, ints: tuple, constexpr_values: tuple) -> None:
    """Launch a kernel that `launch` returned, with arguments Triton would specialize the same way, on the current
    device and stream: what JITFunction.run ends with (a 3-D grid, the launcher taking every parameter, which
    skips constexprs), with no launch metadata and no hooks (callers check direct_launch_allowed)."""
    driver = triton.runtime.driver.active
    grid = (*grid, 1, 1)[:3]
    compiled.run(*grid, driver.get_current_stream(driver.get_current_device()), compiled.function,
                 compiled.packed_metadata, None, None, None, *tensors, *ints, *constexpr_values)
