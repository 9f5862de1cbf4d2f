"""GPTQ W4A16 (and W8A16): fused dequantize + matmul in Triton, with its pure-PyTorch reference.

The weights are in the Hugging Face GPTQ format (what auto-gptq, optimum and gptqmodel write):

    qweight  int32 (K * bits / 32, N)   codes packed along K: word i, slot j holds row k = i * (32 / bits) + j,
                                        at bits [j * bits, (j + 1) * bits)
    qzeros   int32 (G, N * bits / 32)   zero points packed along N the same way; "gptq" (v1) checkpoints
                                        store zero - 1, "gptq_v2" the zero itself (zero_offset = 1 or 0)
    scales   fp16  (G, N)
    g_idx    int32 (K,)                 group of each input row; k // group_size unless act-order (desc_act)

    W[k, n] = (code[k, n] - zero[g_idx[k], n]) * scales[g_idx[k], n]          y = x @ W

The kernel's data flow, and why it is built that way, is in matmul_kernel.py beside its code.

Layers: @triton.jit kernels (matmul_kernel.py, with the modes that pick their paths); the host launchers
`gptq_matmul` (checks) and `launch_gptq_matmul` (config, workspace, grid, ints and constexprs, from kernel_grid,
kernel_ints and kernel_constexprs, which benchmarks/gptq_sass.py shares; eager launches skip Triton's front door
once a specialization was seen, kernels/launch.py, and a GPTQLinear keeps a LaunchPlan per layout of x so that its
next eager call only allocates and launches); the torch op `torch.ops.patchzoo.gptq_matmul` (custom_op + fake, so
torch.compile traces through it); the reference `gptq_matmul_reference`. The format's packing and the kernel's
layout of it are plain PyTorch in packing.py, the launch configurations and tuned tables in launch_configs.py (all
three imported here, so `gptq.to_kernel_layout`, `gptq.KernelConfig`, `gptq.gptq_matmul_kernel` and friends keep
working).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from functools import cache

import torch
import triton.language as tl

from patchzoo.kernels.dependent_launch import dependent_launch
from patchzoo.kernels.gptq.launch_configs import (  # noqa: F401 - the config helpers are part of this module's API
    CONFIG_DIR,
    CONFIG_ENV,
    KernelConfig,
    candidate_configs,
    config_key,
    fit_config,
    gpu_config_file,
    heuristic_config,
    m_bucket,
    pick_config,
    stream_k_programs,
)
from patchzoo.kernels.gptq.matmul_kernel import (  # noqa: F401 - the kernels and their modes are part of this module's API
    DOT_PER_CHUNK,
    DOT_PER_CHUNK_SCALED,
    DOT_PER_SLOT,
    GROUPS_PER_CHUNK,
    GROUPS_PER_ROW,
    GROUPS_PER_SLOT,
    PAIRS_APART,
    PAIRS_ASM,
    PAIRS_TRITON,
    centered_codes,
    chunk_rows_operand,
    gather_columns,
    gather_columns_kernel,
    gptq_matmul_kernel,
    gptq_matmul_stream_k_kernel,
    group_mode,
    pairs_mode,
    paired_rows,
)
from patchzoo.kernels.gptq.packing import (  # noqa: F401 - the format helpers are part of this module's API
    CHUNK_WORDS,
    cdiv,
    chunk_rows,
    from_kernel_layout,
    pack_cols,
    pack_rows,
    pack_scale_zero,
    padded_rows,
    sorted_group_index,
    to_kernel_layout,
    unpack_cols,
    unpack_rows,
    unpack_scale_zero,
)
from patchzoo.kernels.gptq import dequantize
from patchzoo.kernels.launch import direct_launch_allowed, launch, relaunch, triton_runs_on

SUPPORTED_BITS = (4, 8)
# No call below this many tokens dequantizes (dequantize.DEQUANT_MIN_TOKENS decides above it): one int compare
# keeps the module lookup off a decode step's host path
DEQUANT_MIN_TOKENS_FLOOR = 2
logger = logging.getLogger(__name__)


@cache
def _log_no_counters_once() -> None:
    logger.warning("patchzoo GPTQ: a launch inside a CUDA graph capture needs more tile counters than were made "
                   "before it; such launches run without SplitK or stream-K (the same result, maybe slower)")


# ----------------------------------------------------------------------------------------------------
# Host launcher
# ----------------------------------------------------------------------------------------------------

# Per-device tile counters for the SplitK and stream-K reductions; zero between launches (the kernels reset them).
# Made once per device, outside any CUDA graph (reserve_counters, from GPTQLinear's load): a tensor that a call made
# while torch.compile's CUDA graphs warm up or record would live on in their memory pool, which they refuse
# ("tensor(s) in the cudagraph pool not tracked as outputs"). 65,536 covers every grid of the shipped configs up to
# 16,384 tokens on 28,672 columns.
_COUNTERS: dict[torch.device, torch.Tensor] = {}
COUNTERS_RESERVED = 1 << 16


def reserve_counters(device: torch.device) -> None:
    """Make `device`'s tile counters now (a no-op on the CPU, once they exist, or inside a capture)."""
    if device.type == "cuda":
        _counters(device, COUNTERS_RESERVED)


def _counters(device: torch.device, n: int) -> torch.Tensor | None:
    """The device's tile counters, at least n of them; None where they would have to be made inside a CUDA graph
    capture (the caller then launches without SplitK or stream-K)."""
    counters = _COUNTERS.get(device)
    if counters is None or counters.numel() < n:
        if device.type == "cuda" and torch.cuda.is_current_stream_capturing():
            return None
        counters = torch.zeros(max(n, COUNTERS_RESERVED), dtype=torch.int32, device=device)
        _COUNTERS[device] = counters
    return counters


def _workspace(out: torch.Tensor, partial_numel: int, tiles: int) -> tuple[torch.Tensor, torch.Tensor]:
    """(fp32 partials, tile counters) for a launch writing `out`: SplitK's (split_k, M, N) partial sums, stream-K's
    two tiles per program. A launch with neither (partial_numel 0) reads neither, and gets `out` twice as
    placeholders."""
    if not partial_numel:
        return out, out
    return torch.empty(partial_numel, dtype=torch.float32, device=out.device), _counters(out.device, tiles)


def check_packed_shapes(
    in_features: int, out_features: int, bits: int, num_groups: int, *,
    qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor, g_idx: torch.Tensor | None = None,
    name: str = "", kernel_layout: bool = False,
) -> None:
    """ValueError naming the tensor whose shape or dtype does not fit a (in_features -> out_features) layer.

    kernel_layout: qweight is in the kernel's layout (to_kernel_layout) rather than the checkpoint's.
    """
    if bits not in SUPPORTED_BITS:
        raise ValueError(f"GPTQ bits={bits} is not supported; patchzoo's kernels handle bits in {SUPPORTED_BITS}")
    per_word = 32 // bits
    if in_features % per_word or out_features % per_word:
        raise ValueError(
            f"{name or 'GPTQ layer'}: in_features={in_features} and out_features={out_features} must be "
            f"multiples of {per_word} for {bits}-bit packing"
        )
    expected = {
        "qweight": ((cdiv(in_features, chunk_rows(bits)), out_features, CHUNK_WORDS) if kernel_layout
                    else (in_features // per_word, out_features), (torch.int32,)),
        "qzeros": ((num_groups, out_features // per_word), (torch.int32,)),
        "scales": ((num_groups, out_features), (torch.float16, torch.bfloat16, torch.float32)),
    }
    tensors = {"qweight": qweight, "qzeros": qzeros, "scales": scales}
    if g_idx is not None:
        expected["g_idx"] = ((in_features,), (torch.int32, torch.int64))
        tensors["g_idx"] = g_idx
    for key, (shape, dtypes) in expected.items():
        tensor = tensors[key]
        if tuple(tensor.shape) != shape or tensor.dtype not in dtypes:
            where = f"{name}.{key}" if name else key
            layout = " in the kernel layout (to_kernel_layout)" if kernel_layout and key == "qweight" else ""
            raise ValueError(
                f"{where} has shape {tuple(tensor.shape)} and dtype {tensor.dtype}; a {bits}-bit GPTQ layer "
                f"{in_features} -> {out_features} with {num_groups} groups needs shape {shape}{layout} and dtype "
                f"{' or '.join(str(d) for d in dtypes)}"
            )


_X_DTYPES = (torch.float16, torch.bfloat16, torch.float32)


def gptq_matmul(
    x: torch.Tensor,
    qweight: torch.Tensor,
    qzeros: torch.Tensor,
    scales: torch.Tensor,
    *,
    bits: int,
    group_size: int,
    zero_offset: int = 1,
    perm: torch.Tensor | None = None,
    g_idx: torch.Tensor | None = None,
    scale_zero: torch.Tensor | None = None,
    config: KernelConfig | None = None,
    out: torch.Tensor | None = None,
) -> torch.Tensor:
    """y = x @ dequantize(qweight, qzeros, scales), fused, for x of shape (M, K); returns (M, N) in x.dtype
    (written into `out` when given: contiguous, (M, N), x.dtype).

    qweight is in the kernel's layout (to_kernel_layout). Its rows, in order, have group k // group_size
    (group_size <= 0: one group); `perm` (K,) gathers x's columns to match rows that were sorted by
    group at load time (act-order). `g_idx` (K,) instead gathers scales and zeros per row, for groups
    that are not contiguous runs. `scale_zero` is pack_scale_zero(qzeros, scales, bits, zero_offset), what
    the kernel reads; GPTQLinear.prepare() makes it once, without it every call packs it again.
    """
    if x.dim() != 2:
        raise ValueError(f"x must be 2-D (tokens, in_features), got shape {tuple(x.shape)}")
    if x.dtype not in _X_DTYPES:
        raise ValueError(f"x must be float16, bfloat16 or float32, got {x.dtype}")
    if zero_offset not in (0, 1):
        raise ValueError(f"zero_offset must be 1 (gptq v1 checkpoints) or 0 (gptq_v2), got {zero_offset}")
    m, k = x.shape
    n = scales.shape[1]
    num_groups = scales.shape[0]
    check_packed_shapes(k, n, bits, num_groups, kernel_layout=True, qweight=qweight, qzeros=qzeros, scales=scales,
                        g_idx=g_idx)
    if perm is not None and (tuple(perm.shape) != (k,) or perm.dtype not in (torch.int32, torch.int64)):
        raise ValueError(f"perm must be an int32 or int64 tensor of shape ({k},), got {tuple(perm.shape)} {perm.dtype}")
    expected_groups = 1 if group_size <= 0 else cdiv(k, group_size)
    if g_idx is None and num_groups != expected_groups:
        raise ValueError(
            f"scales has {num_groups} groups but in_features={k} with group_size={group_size} makes {expected_groups}"
        )
    if scale_zero is None:
        scale_zero = pack_scale_zero(qzeros, scales, bits, zero_offset)
    elif tuple(scale_zero.shape) != (num_groups, n) or scale_zero.dtype != torch.int32:
        raise ValueError(f"scale_zero must be a ({num_groups}, {n}) int32 tensor (pack_scale_zero), got "
                         f"{tuple(scale_zero.shape)} {scale_zero.dtype}")
    scale_zero = scale_zero.contiguous()  # qweight: any strides, fastest as to_kernel_layout's
    perm = perm.contiguous() if perm is not None else None
    if out is not None and (out.shape != (m, n) or out.dtype != x.dtype or not out.is_contiguous()):
        raise ValueError(f"out must be a contiguous ({m}, {n}) {x.dtype} tensor, got {tuple(out.shape)} {out.dtype}")
    return launch_gptq_matmul(x, qweight, scale_zero, bits=bits, group_size=group_size, scale_dtype=scales.dtype,
                              perm=perm, g_idx=g_idx, config=config, out=out)


@dataclass(frozen=True)
class LaunchPlan:
    """What launch_gptq_matmul derived for one layer and one layout of x, besides the pointers: the compiled
    kernel Triton picked, its grid, run-time ints and constexprs, and the output sizes to allocate."""

    compiled: object
    grid: tuple[int, int, int]
    ints: tuple[int, ...]
    constexpr_values: tuple
    n: int
    partial_numel: int  # fp32 workspace elements (_workspace)
    tiles: int


class LaunchPlans(dict):
    """One layer's LaunchPlan by layout of x. Copies and pickles of a layer start with none: plans hold compiled
    kernels, and the first call of each layout makes its plan again."""

    def __deepcopy__(self, memo):
        return LaunchPlans()

    def __reduce__(self):
        return LaunchPlans, ()


def launch_gptq_matmul(
    x: torch.Tensor,
    qweight: torch.Tensor,
    scale_zero: torch.Tensor,
    *,
    bits: int,
    group_size: int,
    scale_dtype: torch.dtype,
    perm: torch.Tensor | None = None,
    g_idx: torch.Tensor | None = None,
    config: KernelConfig | None = None,
    out: torch.Tensor | None = None,
    plans: LaunchPlans | None = None,
) -> torch.Tensor:
    """gptq_matmul after its checks: for callers whose layer tensors passed them once (GPTQLinear checks its
    tensors when it prepares them; scale_zero, perm and g_idx contiguous), so that an eager one-token call
    spends its host time on the launch. Only x is checked here: it is the one argument that changes per call.

    plans: the caller's LaunchPlans, for one layer whose tensors stay where they are (the caller empties it when
    they move): a call whose layout of x has a plan allocates its outputs and launches, with no config lookup
    and no specialization key (on an H100 host an eager call took 40-70 µs through the full path;
    benchmarks/bench_gptq.py --host measures both). A plan keeps the config of its first call
    (PATCHZOO_GPTQ_CONFIG and PATCHZOO_DEPENDENT_LAUNCH are read then). Not used with `config` or `out` given."""
    if x.dim() != 2 or cdiv(x.shape[1], chunk_rows(bits)) != qweight.shape[0] or x.dtype not in _X_DTYPES:
        raise ValueError(f"x must be a 2-D float16, bfloat16 or float32 (tokens, in_features) tensor whose in_features "
                         f"fill the {qweight.shape[0]} chunks of qweight, got {tuple(x.shape)} {x.dtype}")
    m, k = x.shape
    if m >= DEQUANT_MIN_TOKENS_FLOOR and config is None and dequantize.takes_dequant_path(m, x):  # prefill: cuBLAS
        return dequantize.dequantized_matmul(x, qweight, scale_zero, bits=bits, group_size=group_size,
                                             scale_dtype=scale_dtype, perm=perm, g_idx=g_idx, out=out)
    if perm is not None and m > 1:  # act-order from 2 tokens up: x gathered before the launch (see the kernel)
        # Captured in a CUDA graph the Triton gather is the faster one on the GPU; eager, the call is host-bound
        # and index_select's launch cost the host ~40 µs less than the gather's through Triton's front door
        # (H200)
        capturing = x.is_cuda and torch.cuda.is_current_stream_capturing()
        x, perm = (gather_columns(x, perm) if capturing else x.index_select(1, perm)), None
    layer_tensors = (qweight, scale_zero, g_idx if g_idx is not None else qweight, perm if perm is not None else qweight)
    plan_key = None
    if plans is not None and config is None and out is None and x.is_cuda and direct_launch_allowed():
        # what the plan depends on besides the layer (which keeps its tensors while the plans live)
        plan_key = (m, x.dtype, x.stride(), x.data_ptr() % 16 == 0, x.device)
        plan = plans.get(plan_key)
        if plan is not None:
            out = torch.empty((m, plan.n), dtype=x.dtype, device=x.device)
            partial, counters = _workspace(out, plan.partial_numel, plan.tiles)
            relaunch(plan.compiled, plan.grid, (x, *layer_tensors, out, partial, counters), plan.ints,
                     plan.constexpr_values)
            return out
    n = scale_zero.shape[1]
    gather_in_kernel = perm is not None and m == 1  # act-order at one token (see the kernel)
    config = fit_config(config, k, bits) if config else pick_config(bits, m, n, k, x.device, gather=gather_in_kernel)
    groups = group_mode(group_size, k, bits, g_idx is not None)
    made_g_idx = groups == GROUPS_PER_ROW.value and g_idx is None  # made for this call: no plan can keep it
    if made_g_idx:
        g_idx = sorted_group_index(k, group_size, x.device)
        layer_tensors = (qweight, scale_zero, g_idx, layer_tensors[3])
    if out is None:
        out = torch.empty((m, n), dtype=x.dtype, device=x.device)
    if m == 0:
        return out
    tiles = cdiv(m, config.block_m) * cdiv(n, config.block_n)
    if (config.stream_k or config.split_k > 1) and _counters(x.device, tiles) is None:
        _log_no_counters_once()
        config = replace(config, split_k=1, stream_k=0)
    kernel, grid, partial_numel = kernel_grid(config, m, n, k, bits, x.device)
    partial, counters = _workspace(out, partial_numel, tiles)
    tensors = (x, *layer_tensors, out, partial, counters)
    ints = kernel_ints(x, qweight, scale_zero, out, group_size)
    pdl = dependent_launch(x.device)
    constexprs = kernel_constexprs(
        config, bits=bits, k=k, group_size=group_size, groups=groups, scale_dtype=scale_dtype,
        permuted=perm is not None, pairs=pairs_mode(x.dtype, bits, x.device),
        # Triton's interpreter (3.9) multiplies bf16 bit patterns as integers in tl.dot: upcast there only
        dot_in_fp32=x.dtype == torch.bfloat16 and x.device.type != "cuda", pdl=pdl)
    options = {"maxnreg": config.max_registers} if config.max_registers else {}
    compiled = launch(kernel, grid, tensors, ints, constexprs, num_warps=config.num_warps,
                      num_stages=config.num_stages, launch_pdl=pdl, **options)
    if plan_key is not None and compiled is not None and not made_g_idx:
        plans[plan_key] = LaunchPlan(compiled, grid, ints, tuple(constexprs.values()), n, partial_numel, tiles)
    return out


def kernel_grid(config: KernelConfig, m: int, n: int, k: int, bits: int, device: torch.device):
    """(kernel, grid, fp32 workspace elements) of a launch with this config: the tiled kernel, one program per
    (column tile, K slice, token tile), or the stream-K kernel's fixed grid."""
    if config.stream_k:
        tiles = cdiv(m, config.block_m) * cdiv(n, config.block_n)
        programs = stream_k_programs(config, tiles * cdiv(k, chunk_rows(bits)), device)
        return gptq_matmul_stream_k_kernel, (programs, 1, 1), 2 * programs * config.block_m * config.block_n
    grid = (cdiv(n, config.block_n), config.split_k, cdiv(m, config.block_m))
    return gptq_matmul_kernel, grid, config.split_k * m * n if config.split_k > 1 else 0


def kernel_ints(x: torch.Tensor, qweight: torch.Tensor, scale_zero: torch.Tensor, out: torch.Tensor,
                group_size: int) -> tuple[int, ...]:
    """The run-time ints of a launch, in the kernels' parameter order: sizes, group size (K for one group), strides."""
    (m, k), n = x.shape, out.shape[1]
    return (m, n, k, group_size if 0 < group_size < k else k,
            x.stride(0), x.stride(1), *qweight.stride(), scale_zero.stride(0), out.stride(0))


def kernel_constexprs(config: KernelConfig, *, bits: int, k: int, group_size: int, groups: int,
                      scale_dtype: torch.dtype, permuted: bool, pairs: int, dot_in_fp32: bool,
                      pdl: bool = False) -> dict:
    """The compile-time arguments of kernel_grid's kernel, in its parameter order. `groups`: group_mode's;
    `pairs`: pairs_mode's for the GPU it runs on; `pdl`: dependent_launch's (then also the launch_pdl option)."""
    return dict(
        BITS=bits, SCALE_DTYPE=tl.bfloat16 if scale_dtype == torch.bfloat16 else tl.float16, GROUPS=groups,
        # chunks per group where groups hold whole chunks (0: one group)
        GROUP_CHUNKS=group_size // chunk_rows(bits) if 0 < group_size < k and groups == GROUPS_PER_CHUNK.value else 0,
        BLOCK_M=config.block_m, BLOCK_N=config.block_n, **({} if config.stream_k else {"SPLIT_K": config.split_k}),
        DOT_IN_FP32=dot_in_fp32, PAIRS=pairs,
        DOTS=config.dots if groups == GROUPS_PER_CHUNK.value else DOT_PER_SLOT.value, PERMUTED=permuted, PDL=pdl,
    )


# ----------------------------------------------------------------------------------------------------
# torch op (torch.compile traces through it; CPU tensors run the reference unless TRITON_INTERPRET=1)
# ----------------------------------------------------------------------------------------------------


def gptq_matmul_any_device(
    x: torch.Tensor, qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor,
    perm: torch.Tensor | None, g_idx: torch.Tensor | None, bits: int, group_size: int, zero_offset: int,
    scale_zero: torch.Tensor | None = None,
) -> torch.Tensor:
    """The kernel where Triton runs, else the same computation in plain PyTorch; the body of the torch op, and
    what eager callers use directly (the op's dispatch costs host time that a one-token decode step cannot hide)."""
    if triton_runs_on(x.device):
        return gptq_matmul(
            x, qweight, qzeros, scales, bits=bits, group_size=group_size, zero_offset=zero_offset,
            perm=perm, g_idx=g_idx, scale_zero=scale_zero,
        )
    # The kernel's inputs, dequantized in plain PyTorch: qweight in the kernel layout and scale_zero are all
    # it reads (a GPTQLinear wired to its neighbours holds their columns in its own output order; qzeros and
    # scales stay in the checkpoint's)
    k = x.shape[1]
    if scale_zero is None:
        scale_zero = pack_scale_zero(qzeros, scales, bits, zero_offset)
    group_scales, zeros = unpack_scale_zero(scale_zero, scales.dtype)  # (G, N) each
    g = (sorted_group_index(k, group_size, x.device) if g_idx is None else g_idx).long()
    codes = unpack_rows(from_kernel_layout(qweight, bits, k), bits)  # (K, N), kernel row order
    weight = (codes - zeros[g]).float() * group_scales[g]
    x = x if perm is None else x[:, perm.long()]
    return (x.float() @ weight).to(x.dtype)


@torch.library.custom_op("patchzoo::gptq_matmul", mutates_args=())
def gptq_matmul_op(
    x: torch.Tensor, qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor,
    perm: torch.Tensor | None, g_idx: torch.Tensor | None, bits: int, group_size: int, zero_offset: int,
    scale_zero: torch.Tensor | None = None,
) -> torch.Tensor:
    return gptq_matmul_any_device(x, qweight, qzeros, scales, perm, g_idx, bits, group_size, zero_offset, scale_zero)


@gptq_matmul_op.register_fake
def _(x, qweight, qzeros, scales, perm, g_idx, bits, group_size, zero_offset, scale_zero=None):
    return x.new_empty((x.shape[0], scales.shape[1]))


# ----------------------------------------------------------------------------------------------------
# Reference (dequantize, then matmul: the oracle; the format's packing is in packing.py)
# ----------------------------------------------------------------------------------------------------


def gptq_dequantize_reference(
    qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor, g_idx: torch.Tensor,
    *, bits: int, zero_offset: int = 1,
) -> torch.Tensor:
    """The (K, N) float32 weight W[k, n] = (code - zero[g_idx[k], n]) * scales[g_idx[k], n]."""
    codes = unpack_rows(qweight, bits)  # (K, N)
    zeros = unpack_cols(qzeros, bits) + zero_offset  # (G, N)
    g = g_idx.long()
    return (codes - zeros[g]).float() * scales[g].float()


def gptq_matmul_reference(
    x: torch.Tensor, qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor, g_idx: torch.Tensor,
    *, bits: int, zero_offset: int = 1,
) -> torch.Tensor:
    """Dequantize, then matmul in float32: the oracle of the kernel."""
    weight = gptq_dequantize_reference(qweight, qzeros, scales, g_idx, bits=bits, zero_offset=zero_offset)
    return (x.float() @ weight).to(x.dtype)
