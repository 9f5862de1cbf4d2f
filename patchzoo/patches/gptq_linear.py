"""GPTQ layers: `GPTQLinear` over Hugging Face GPTQ tensors (qweight/qzeros/scales/g_idx), the
`quantization_config` they come with (`GPTQSpec`), and the swap of nn.Linear for GPTQLinear.

Reading a GPTQ checkpoint into a model is gptq_loading.py; fusing q/k/v and gate/up at load time is gptq_fusion.py.
Both import this module, which imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn as nn

from patchzoo.kernels.gptq.matmul import (
    SUPPORTED_BITS,
    LaunchPlans,
    check_packed_shapes,
    from_kernel_layout,
    gptq_matmul_any_device,
    gptq_matmul_op,
    launch_gptq_matmul,
    pack_scale_zero,
    reserve_counters,
    sorted_group_index,
    to_kernel_layout,
)

CHECKPOINT_FORMATS = {"gptq": 1, "gptq_v2": 0}  # format -> offset added to the stored zero points
GPTQ_TENSORS = ("qweight", "qzeros", "scales", "g_idx")  # what a quantized linear holds in place of its weight


@dataclass(frozen=True)
class GPTQSpec:
    """What a GPTQ checkpoint's quantization_config says about its tensors."""

    bits: int
    group_size: int
    desc_act: bool = False
    sym: bool = True
    checkpoint_format: str = "gptq"

    def __post_init__(self):
        if self.bits not in SUPPORTED_BITS:
            raise ValueError(f"GPTQ bits={self.bits} is not supported; patchzoo handles bits in {SUPPORTED_BITS}")
        if self.checkpoint_format not in CHECKPOINT_FORMATS:
            raise ValueError(
                f"unknown GPTQ checkpoint_format {self.checkpoint_format!r}; patchzoo reads "
                f"{' and '.join(CHECKPOINT_FORMATS)} (repack others, e.g. marlin, to gptq first)"
            )
        if self.group_size == 0 or self.group_size < -1:
            raise ValueError(f"GPTQ group_size must be positive or -1 (one group per column), got {self.group_size}")

    @property
    def zero_offset(self) -> int:
        return CHECKPOINT_FORMATS[self.checkpoint_format]

    def num_groups(self, in_features: int) -> int:
        return 1 if self.group_size == -1 else -(-in_features // self.group_size)

    @classmethod
    def from_config(cls, quantization_config) -> "GPTQSpec":
        """From config.quantization_config (a dict, or transformers' GPTQConfig)."""
        qc = quantization_config if isinstance(quantization_config, dict) else quantization_config.to_dict()
        method = str(qc.get("quant_method", "")).lower()
        if method != "gptq":
            raise ValueError(f"quantization_config has quant_method={method!r}, not 'gptq'")
        checkpoint_format = qc.get("checkpoint_format") or qc.get("format") or "gptq"
        return cls(
            bits=int(qc["bits"]),
            group_size=int(qc.get("group_size", 128)),
            desc_act=bool(qc.get("desc_act", False)),
            sym=bool(qc.get("sym", True)),
            checkpoint_format=str(checkpoint_format).lower(),
        )

    def to_config(self, **extra) -> dict:
        """The quantization_config written beside a GPTQ checkpoint (keys stock GPTQ tooling reads)."""
        return {
            "quant_method": "gptq",
            "bits": self.bits,
            "group_size": self.group_size,
            "desc_act": self.desc_act,
            "sym": self.sym,
            "checkpoint_format": self.checkpoint_format,
            **extra,
        }


def is_gptq_config(config) -> bool:
    qc = getattr(config, "quantization_config", None)
    if qc is None:
        return False
    method = qc.get("quant_method") if isinstance(qc, dict) else getattr(qc, "quant_method", None)
    return str(getattr(method, "value", method)).lower() == "gptq"


class GPTQLinear(nn.Module):
    """y = x W^T + b with W stored as HF GPTQ tensors; the matmul is the fused Triton kernel.

    Buffers (state-dict keys) are the checkpoint's: qweight (K*bits/32, N) int32, qzeros (G, N*bits/32)
    int32, scales (G, N), g_idx (K,) int32, bias (N,) or none. prepare() (at load, or at the first
    forward) repacks qweight once into the kernel's layout, its rows sorted by group for act-order
    checkpoints with the permutation kept in `perm` to gather x's columns, and packs each group's scale
    and zero point into the one int32 the kernel reads (`scale_zero`); state_dict() packs qweight back,
    so what is saved is what was loaded.
    """

    def __init__(self, in_features: int, out_features: int, bias: bool, spec: GPTQSpec,
                 device=None, dtype: torch.dtype = torch.float16):
        super().__init__()
        self.in_features, self.out_features, self.spec = in_features, out_features, spec
        per_word = 32 // spec.bits
        groups = spec.num_groups(in_features)
        self.register_buffer("qweight", torch.empty(in_features // per_word, out_features, dtype=torch.int32, device=device))
        self.register_buffer("qzeros", torch.empty(groups, out_features // per_word, dtype=torch.int32, device=device))
        self.register_buffer("scales", torch.empty(groups, out_features, dtype=torch.float16, device=device))
        self.register_buffer("g_idx", torch.empty(in_features, dtype=torch.int32, device=device))
        self.register_buffer("bias", torch.empty(out_features, dtype=dtype, device=device) if bias else None)
        # How this layer is wired to its neighbours (set by fold_act_order_gather; kept across reloads, which
        # derive the kernel's tensors again): None is the stock order
        self.out_order: torch.Tensor | None = None  # (N,) kernel output column j is the layer's column out_order[j]
        self.input_order: torch.Tensor | None = None  # (K,) x arrives with column j = the layer input's input_order[j]
        self._unprepare()

    def _unprepare(self) -> None:
        self.perm: torch.Tensor | None = None  # (K,) input column of each sorted qweight row (act-order)
        self.x_gather: torch.Tensor | None = None  # (K,) x column of each qweight row, as x arrives (None: in order)
        self.row_groups: torch.Tensor | None = None  # (K,) g_idx for the per-row path (unsorted groups)
        self.scale_zero: torch.Tensor | None = None  # (G, N) int32 pack_scale_zero(qzeros, scales), columns in out_order
        self.kernel_bias: torch.Tensor | None = None  # bias, columns in out_order
        self.launch_plans = LaunchPlans()  # eager GPU calls' launches by layout of x (emptied when the tensors move)
        self.prepared = False  # qweight is in the kernel layout

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}, "
                f"bits={self.spec.bits}, group_size={self.spec.group_size}, act_order={self.perm is not None}")

    @torch.no_grad()
    def prepare(self) -> None:
        """Repack qweight into the kernel layout, sorting rows by group when that makes groups contiguous."""
        if self.prepared:
            return
        if self.qweight.is_meta:
            raise RuntimeError("GPTQLinear.prepare() needs its tensors loaded (they are still on the meta device)")
        # checked here once: eager calls launch the kernel without gptq_matmul's per-call checks
        check_packed_shapes(self.in_features, self.out_features, self.spec.bits, self.spec.num_groups(self.in_features),
                            qweight=self.qweight, qzeros=self.qzeros, scales=self.scales, g_idx=self.g_idx)
        g_idx = self.g_idx.to(torch.int32)
        in_order = sorted_group_index(self.in_features, self.spec.group_size, g_idx.device)
        order = None
        if not torch.equal(g_idx, in_order):
            candidate = torch.argsort(g_idx, stable=True)
            if torch.equal(g_idx[candidate], in_order):  # act-order: sorted rows make groups contiguous again
                order = candidate
                self.perm = candidate.to(torch.int32)
            else:
                self.row_groups = g_idx
        self.qweight = to_kernel_layout(self.qweight, self.spec.bits, order)  # (chunks, N, 16)
        if self.out_order is not None:
            self.qweight = self.qweight.index_select(1, self.out_order)
        self._derive_from_buffers()
        self.prepared = True

    def _derive_from_buffers(self) -> None:
        """scale_zero, kernel_bias and x_gather from the buffers and the wiring (after prepare's repack, or a cast)."""
        scale_zero = pack_scale_zero(self.qzeros, self.scales, self.spec.bits, self.spec.zero_offset)
        bias = self.bias
        if self.out_order is not None:
            scale_zero = scale_zero.index_select(1, self.out_order)
            bias = None if bias is None else bias.index_select(0, self.out_order)
        self.scale_zero, self.kernel_bias = scale_zero, bias
        reserve_counters(scale_zero.device)  # before any CUDA graph: see the counters in kernels/gptq/matmul.py
        self.launch_plans = LaunchPlans()  # they launch with the old tensors' alignment
        # kernel row r multiplies input column perm[r] (r in order), which arrives at x column inverse(input_order)[...]
        gather = self.perm
        if self.input_order is not None:
            arrived_at = torch.argsort(self.input_order).to(torch.int32)
            gather = arrived_at if gather is None else arrived_at[gather.long()]
            if torch.equal(gather, torch.arange(self.in_features, dtype=torch.int32, device=gather.device)):
                gather = None
        self.x_gather = gather

    @torch.no_grad()
    def set_wiring(self, *, out_order: torch.Tensor | None = None, input_order: torch.Tensor | None = None) -> None:
        """Compute outputs in `out_order` (N,) and/or take x in `input_order` (K,) from now on (see out_order,
        input_order in __init__); a prepared layer re-derives its kernel tensors, checkpoints are unaffected."""
        if out_order is not None:
            if self.out_order is not None:
                raise ValueError("GPTQLinear: the output order is set once (fold_act_order_gather ran twice?)")
            if tuple(out_order.shape) != (self.out_features,):
                raise ValueError(f"out_order must have shape ({self.out_features},), got {tuple(out_order.shape)}")
            self.out_order = out_order.to(device=self.qweight.device, dtype=torch.int64)
            if self.prepared:
                self.qweight = self.qweight.index_select(1, self.out_order)
        if input_order is not None:
            if tuple(input_order.shape) != (self.in_features,):
                raise ValueError(f"input_order must have shape ({self.in_features},), got {tuple(input_order.shape)}")
            self.input_order = input_order.to(device=self.qweight.device, dtype=torch.int32)
        if self.prepared:
            self._derive_from_buffers()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not self.prepared:
            self.prepare()
        if x.shape[-1] != self.in_features:
            raise ValueError(f"GPTQLinear expects inputs with {self.in_features} features, got shape {tuple(x.shape)}")
        x2 = x.reshape(-1, self.in_features)  # (tokens, K)
        compiling = torch.compiler.is_compiling()
        if x2.is_cuda and not compiling:
            # eager on the GPU: the launch alone, the layer's tensors were checked in prepare() (an eager decode
            # step is host-bound: the op's dispatch and gptq_matmul's checks cost more than the kernel runs)
            y = launch_gptq_matmul(x2, self.qweight, self.scale_zero, bits=self.spec.bits,
                                   group_size=self.spec.group_size, scale_dtype=self.scales.dtype,
                                   perm=self.x_gather, g_idx=self.row_groups, plans=self.launch_plans)
        else:  # torch.compile traces the op; the CPU runs the same computation in PyTorch
            matmul = gptq_matmul_op if compiling else gptq_matmul_any_device
            y = matmul(
                x2, self.qweight, self.qzeros, self.scales, self.x_gather, self.row_groups,
                self.spec.bits, self.spec.group_size, self.spec.zero_offset, self.scale_zero,
            )  # (tokens, N), columns in out_order
        if self.kernel_bias is not None:
            y = y + self.kernel_bias.to(y.dtype)
        return y.reshape(*x.shape[:-1], self.out_features)

    def _apply(self, fn, recurse=True):
        """.to() / .cuda() / .half(): the buffers move or cast; the tensors prepare() derived from them follow
        (a scale_zero built from the old scales would silently give wrong results after a cast)."""
        super()._apply(fn, recurse)
        device = self.qweight.device
        for name in ("out_order", "input_order", "perm", "row_groups"):
            tensor = getattr(self, name)
            setattr(self, name, None if tensor is None else tensor.to(device))
        if self.prepared:
            self._derive_from_buffers()
        return self

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        super()._save_to_state_dict(destination, prefix, keep_vars)
        if self.prepared:  # undo the load-time repack: save the checkpoint's layout, row and column order
            qweight = self.qweight
            if self.out_order is not None:
                qweight = qweight.index_select(1, torch.argsort(self.out_order))
            destination[prefix + "qweight"] = from_kernel_layout(qweight, self.spec.bits, self.in_features, self.perm)

    def _load_from_state_dict(self, state_dict, prefix, *args, **kwargs):
        if self.prepared:  # new tensors arrive in the checkpoint layout
            per_word = 32 // self.spec.bits
            self.qweight = self.qweight.new_empty(self.in_features // per_word, self.out_features)
            self._unprepare()
        super()._load_from_state_dict(state_dict, prefix, *args, **kwargs)


def swap_linears_for_gptq(model: nn.Module, names: list[str], spec: GPTQSpec, dtype: torch.dtype) -> None:
    """Replace the nn.Linear at each dotted name with an (empty) GPTQLinear of the same shape, on its device."""
    for name in names:
        parent_name, _, child = name.rpartition(".")
        parent = model.get_submodule(parent_name) if parent_name else model
        linear = getattr(parent, child, None)
        if not isinstance(linear, nn.Linear):
            raise ValueError(f"checkpoint has GPTQ tensors for {name!r}, but the model has {type(linear).__name__} there, not nn.Linear")
        setattr(parent, child, GPTQLinear(
            linear.in_features, linear.out_features, linear.bias is not None, spec,
            device=linear.weight.device, dtype=dtype,
        ))
