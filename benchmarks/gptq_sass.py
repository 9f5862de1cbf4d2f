"""The GPTQ kernel's machine code for one (shape, token count, config), compiled on a machine without a GPU.

    python -m benchmarks.gptq_sass --shape 4096x11008 --tokens 1                 # the H100 table's config
    python -m benchmarks.gptq_sass --shape 4096x11008 --tokens 256 \\
        --config "block_m=128,block_n=128,split_k=1,num_warps=8,dots=2,stream_k=1"
    python -m benchmarks.gptq_sass --shape 14336x4096 --tokens 1 --act-order --out /tmp/sass   # writes the listing too

Prints registers per thread, shared memory and counts of the instructions that matter for the kernel (tensor-core
ops, asynchronous copies, barriers, atomics, the dequantization's LOP3 / HADD2 / HFMA2); --out writes the whole
listing (one instruction per line, no offsets) for diffing two builds of an edit; --json prints every opcode's
count as one JSON object. Run it without TRITON_INTERPRET=1 (kernels defined under the interpreter do not compile).
The arguments are those a launch on that GPU passes (patchzoo.kernels.gptq.matmul.kernel_grid / kernel_ints /
kernel_constexprs), so this is the code that launch runs, give or take the Triton version (the GPU machine's may
differ from this one's).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

import torch

from patchzoo.kernels import offline_sass
from patchzoo.kernels.gptq import launch_configs
from patchzoo.kernels.gptq import matmul as G

GPU_TABLES = {"h100": "gptq_nvidia_h100_80gb_hbm3.json", "h200": "gptq_nvidia_h200.json"}
OPCODES = ("HGMMA", "HMMA", "LDGSTS", "LDG", "STG", "LDS", "STS", "BAR", "ATOMG", "RED", "LOP3", "HADD2", "HFMA2",
           "FFMA", "FMUL")


def table_config(gpu: str, bits: int, m: int, n: int, k: int, gather: bool) -> G.KernelConfig:
    """The shipped table's config for this call on that GPU (else the heuristic's), fitted as a launch fits it."""
    table = launch_configs._tuned_table(launch_configs.CONFIG_DIR / GPU_TABLES[gpu])
    config = table.get(G.config_key(bits, m, n, k, gather)) or table.get(G.config_key(bits, m, n, k))
    return G.fit_config(config or G.heuristic_config(G.m_bucket(m), n, k, bits, torch.device("cpu")), k, bits)


def kernel_call(k: int, n: int, m: int, config: G.KernelConfig, *, bits: int, group_size: int, act_order: bool,
                dtype: torch.dtype):
    """(kernel, run-time arguments, constexprs, options) of the launch for x (m, k) on a (k -> n) layer, with CPU
    tensors of the launch's shapes, dtypes and alignment standing in for the GPU ones."""
    groups_count = G.cdiv(k, group_size) if 0 < group_size < k else 1
    x = torch.empty((m, k), dtype=dtype)
    qweight = torch.empty((G.cdiv(k, G.chunk_rows(bits)), n, G.CHUNK_WORDS), dtype=torch.int32)
    scale_zero = torch.empty((groups_count, n), dtype=torch.int32)
    perm = torch.empty(k, dtype=torch.int32) if act_order and m == 1 else None  # from 2 tokens x is gathered first
    groups = G.group_mode(group_size, k, bits, has_g_idx=False)  # act-order layers are sorted by group at load
    kernel, _, partial_numel = G.kernel_grid(config, m, n, k, bits, torch.device("cpu"))
    out = torch.empty((m, n), dtype=dtype)
    partial = torch.empty(max(partial_numel, 1), dtype=torch.float32)
    counters = torch.empty(G.COUNTERS_RESERVED, dtype=torch.int32)
    tensors = (x, qweight, scale_zero, qweight, perm if perm is not None else qweight, out, partial, counters)
    ints = G.kernel_ints(x, qweight, scale_zero, out, group_size)
    constexprs = G.kernel_constexprs(
        config, bits=bits, k=k, group_size=group_size, groups=groups, scale_dtype=torch.float16,
        permuted=perm is not None, pairs=G.PAIRS_ASM.value if dtype != torch.float32 else G.PAIRS_APART.value,
        dot_in_fp32=False)
    options = dict(num_warps=config.num_warps, num_stages=config.num_stages, maxnreg=config.max_registers or None)
    return kernel, tensors + ints, constexprs, options


def shape(text: str) -> tuple[int, int]:
    """argparse type of "KxN" (in_features x out_features)."""
    try:
        k, n = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not K x N, e.g. 4096x11008") from None
    if k < 1 or n < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: K and N must be positive")
    return k, n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shape", type=shape, required=True, help="K x N of the layer (in x out features)")
    parser.add_argument("--tokens", type=int, default=1, help="rows of x (default 1)")
    parser.add_argument("--config", default="",
                        help=f"a KernelConfig in {G.CONFIG_ENV}'s syntax (default: the table's)")
    parser.add_argument("--gpu", choices=sorted(GPU_TABLES), default="h100", help="whose tuned table gives the config")
    parser.add_argument("--arch", type=int, default=90, help="compute capability to compile for (90: H100/H200)")
    parser.add_argument("--bits", type=int, choices=(4, 8), default=4)
    parser.add_argument("--group-size", type=int, default=128)
    parser.add_argument("--act-order", action="store_true",
                        help="a desc_act layer (x gathered in the kernel at 1 token)")
    parser.add_argument("--dtype", choices=("fp16", "bf16"), default="fp16")
    parser.add_argument("--out", type=Path, help="write the instruction listing to OUT/<kernel>.sass")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead (every opcode counted)")
    args = parser.parse_args(argv)

    why_not = offline_sass.why_unavailable()
    if why_not:
        print(f"gptq_sass: {why_not}", file=sys.stderr)
        return 2
    if args.tokens < 1:
        parser.error("--tokens must be at least 1")
    k, n = args.shape
    try:
        config = (G.fit_config(G.KernelConfig.parse(args.config), k, args.bits) if args.config else
                  table_config(args.gpu, args.bits, args.tokens, n, k, args.act_order and args.tokens == 1))
    except (TypeError, ValueError) as error:
        parser.error(f"--config {args.config!r}: {error}")
    dtype = torch.float16 if args.dtype == "fp16" else torch.bfloat16
    kernel, kernel_args, constexprs, options = kernel_call(k, n, args.tokens, config, bits=args.bits, dtype=dtype,
                                                           group_size=args.group_size, act_order=args.act_order)
    sass = offline_sass.compile_sass(kernel, kernel_args, constexprs, arch=args.arch, **options)
    if args.json:
        print(json.dumps({"kernel": kernel.__name__, "config": asdict(config), "registers": sass.registers,
                          "shared_bytes": sass.shared_bytes, "instructions": len(sass.instructions),
                          "counts": sass.histogram()}))
        return 0
    print(f"{kernel.__name__} for sm_{args.arch}, {k}x{n}, {args.tokens} tokens, {config}")
    print(f"registers {sass.registers}, shared memory {sass.shared_bytes} bytes, {len(sass.instructions)} instructions")
    print("  ".join(f"{opcode} {sass.count(opcode)}" for opcode in OPCODES))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"{kernel.__name__}.sass"
        path.write_text("\n".join(sass.instructions) + "\n")
        print(f"listing: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
