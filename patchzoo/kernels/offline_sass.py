"""Compiling a Triton kernel for an NVIDIA GPU on a machine that has none: its SASS and resource use.

What for: reading what a kernel edit did to the machine code (instruction counts, a diff of two builds) without
spending GPU time, and compiling the GPU kernels in CI, where the interpreter runs their arithmetic but never the
GPU compiler (layouts, register allocation, inline PTX). Triton's wheel ships ptxas and cuobjdump for its NVIDIA
backend, which is all this needs; where they are missing, `why_unavailable()` says so.

    sass = compile_sass(kernel, args, constexprs, arch=90, num_warps=4, num_stages=3)
    sass.registers, sass.count("HGMMA"), "\\n".join(sass.instructions)

`args` are the kernel's run-time arguments as a launch would pass them (CPU tensors stand in for GPU ones: only
their dtype and alignment matter): each is specialized by Triton's own rules, so the code is the code that launch
would get (an int equal to 1 becomes a constant, ints divisible by 16 and 16-byte aligned pointers get
divisibility hints).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import triton

_TOOLS = Path(triton.__file__).parent / "backends" / "nvidia" / "bin"
_ADDRESS = re.compile(r"/\*[0-9a-f]{4,}\*/")  # SASS lines of instructions start with their offset, /*0a50*/


@dataclass(frozen=True)
class Sass:
    instructions: list[str]  # "OPCODE operands", in order, without offsets and encodings
    registers: int
    shared_bytes: int

    def count(self, opcode: str) -> int:
        """Instructions of this opcode, modifiers aside ("LDG" counts LDG.E.128, not LDGSTS), predicated or not."""
        return sum(1 for line in self.instructions if _opcode(line) == opcode)

    def histogram(self) -> dict[str, int]:
        """Every opcode (modifiers aside) and how many instructions have it."""
        return dict(Counter(map(_opcode, self.instructions)).most_common())


def _opcode(line: str) -> str:
    """"@!P0 LDG.E.128 R4, desc[UR6][R2.64]" -> "LDG"."""
    words = line.split()
    word = words[1] if len(words) > 1 and words[0].startswith("@") else (words[0] if words else "")
    return word.split(".")[0]


def why_unavailable() -> str | None:
    """Why kernels cannot be compiled here for an NVIDIA GPU, or None when they can: the NVIDIA tools missing from
    Triton's install, or a Triton whose internals this module uses (its argument specialization, ASTSource) moved."""
    missing = [name for name in ("ptxas", "cuobjdump") if not (_TOOLS / name).exists()]
    if missing:
        return f"Triton's NVIDIA tools are not installed ({', '.join(missing)} missing in {_TOOLS})"
    try:
        from triton.backends.compiler import BaseBackend, GPUTarget  # noqa: F401
        from triton.compiler import ASTSource  # noqa: F401
        from triton.runtime.jit import JITFunction, native_specialize_impl  # noqa: F401
    except ImportError as error:
        return f"triton {triton.__version__} lacks what offline builds use ({error})"
    return None


def _specialized(kernel, args: tuple, constexprs: dict):
    """(signature, constants, attrs) for ASTSource, from the run-time arguments as Triton specializes a launch."""
    from triton.backends.compiler import BaseBackend
    from triton.runtime.jit import native_specialize_impl

    run_time = kernel.arg_names[: len(args)]
    if list(constexprs) != kernel.arg_names[len(args):]:
        raise ValueError(f"{kernel.__name__}: constexprs {list(constexprs)} are not its parameters after the "
                         f"{len(args)} run-time ones, {kernel.arg_names[len(args):]}")
    signature, constants, attrs = {}, dict(constexprs), {}
    for index, (name, value) in enumerate(zip(run_time, args)):
        kind, hint = native_specialize_impl(BaseBackend, value, False, True, True)
        signature[name] = kind
        if kind == "constexpr":
            constants[name] = hint
        elif hint:
            attrs[(index,)] = BaseBackend.parse_attr(hint)
    signature.update({name: "constexpr" for name in constexprs})
    return signature, constants, attrs


def compile_sass(kernel, args: tuple, constexprs: dict, *, arch: int = 90, num_warps: int = 4, num_stages: int = 3,
                 maxnreg: int | None = None) -> Sass:
    """Compile kernel (a @triton.jit function) for sm_<arch> with these arguments and options; its SASS."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    from triton.runtime.jit import JITFunction

    if not isinstance(kernel, JITFunction):
        raise RuntimeError(f"{getattr(kernel, '__name__', kernel)} is not a @triton.jit function that compiles "
                           "(kernels defined under TRITON_INTERPRET=1 are interpreted ones): compile in a process "
                           "without it")
    signature, constants, attrs = _specialized(kernel, args, constexprs)
    options = dict(num_warps=num_warps, num_stages=num_stages, **({"maxnreg": maxnreg} if maxnreg else {}))
    compiled = triton.compile(ASTSource(kernel, signature, constants, attrs), target=GPUTarget("cuda", arch, 32),
                              options=options)
    with tempfile.TemporaryDirectory() as tmp:
        cubin = Path(tmp) / "kernel.cubin"
        cubin.write_bytes(compiled.asm["cubin"])
        listing, usage = (subprocess.run([_TOOLS / "cuobjdump", flag, cubin], capture_output=True, text=True,
                                         check=True).stdout for flag in ("-sass", "-res-usage"))
    instructions = [_ADDRESS.sub("", line).split(";")[0].strip()
                    for line in listing.splitlines() if _ADDRESS.search(line)]
    registers = re.search(r"REG:(\d+)", usage)
    return Sass(instructions, int(registers.group(1)) if registers else 0, int(compiled.metadata.shared))
