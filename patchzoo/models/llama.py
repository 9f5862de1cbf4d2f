"""Llama zoo classes: a fused LM-head loss in training; GPTQ checkpoints load too.

Training fast path (LlamaForCausalLM, opt-in: ``model.fused_training_loss = True``; `patchzoo train` sets it): in
``train()`` mode, with ``labels`` and gradients on, the loss is computed by patchzoo.kernels.linear_cross_entropy
(LM head and cross-entropy fused in chunks of tokens), so the (tokens x vocab) logits are never built: at Llama-3
shapes that saves ~5 GB per 4096-token sequence and the passes over them. The loss and every gradient equal
stock's within rounding. What changes: that call returns ``logits=None`` (logged once), which is why it is opt-in:
a drop-in model must not take away an output a user's loop may read (TRL's SFTTrainer reads training logits).
Hugging Face Trainer and loops that read only ``.loss`` can switch it on. Eval mode, ``labels=None``,
``torch.no_grad()``, ``logits_to_keep``, a custom loss or LM head always run stock's forward unchanged.

A checkpoint whose config.json has a quantization_config with quant_method "gptq" (what auto-gptq,
optimum, gptqmodel and `patchzoo quantize` write) is read by patchzoo.patches.gptq_loading without any of
those packages: the model is built on the meta device, its nn.Linear layers named in the checkpoint
become GPTQLinear (fused Triton W4A16/W8A16 matmul), and the packed tensors are loaded as they are.

    from patchzoo import LlamaForCausalLM
    model = LlamaForCausalLM.from_pretrained("path/to/llama-gptq", dtype=torch.float16, device_map="cuda")

What the zoo Llama changes, and the switch for each (TRAINING_KERNELS is the index; all on unless said):

    change (train mode only unless said)         where                               switch
    Triton RMSNorm                               every LlamaRMSNorm                  use_training_kernels(m, rms_norm=)
    Triton SwiGLU silu(gate) * up, fused with    every LlamaMLP                      use_training_kernels(m, swiglu=)
      down_proj where that is a plain Linear
      (the product recomputed in backward)
    Triton RoPE of q and k                       every LlamaAttention                use_training_kernels(m, rope=)
    SDPA tries cuDNN attention first             every LlamaAttention (sdpa, CUDA)   ...(m, cudnn_attention=)
    fused LM head + loss, logits=None (opt-in)   LlamaForCausalLM.forward            model.fused_training_loss = True
    GPTQ checkpoints -> GPTQLinear (any mode)    from_pretrained                     (by the checkpoint)
    one-token generate() steps replay a CUDA     LlamaForCausalLM.generate           model.decode_graphs = False
      graph over a static KV cache (eval, GPU;
      patchzoo/patches/decode_graphs.py)
    Triton RMSNorm, RoPE and SwiGLU inside       the captured step only              model.decode_kernels = False
      that graph (patchzoo/models/llama_decode.py)
    residual adds in the norms, RoPE writing     the captured step only              model.fused_decode_step = False
      the KV cache, attention over the written
      slots (patchzoo/kernels/decode_step.py,
      decode_attention.py)

The training kernels compute stock's functions (tests/test_llama_training_kernels.py: loss and every gradient equal
stock's in fp32) with less kept for backward; they run in ``train()`` mode on CUDA tensors (or under
TRITON_INTERPRET=1), and the module's own forward runs everywhere else (eval, CPU, a KV cache, generate).
They are bound per module instance by use_training_kernels, which _zoo_patch calls with the class's
``training_kernels``, and only while the module is in train mode: model.train() binds them and model.eval() (which
from_pretrained calls) unbinds them, so eval and generate() call stock's module forwards with no frame in between
(tests/test_llama_eval_call_path.py). State-dict keys, config and signatures stay stock's.
"""

import contextlib
import functools
import logging

import torch
import torch.nn as nn
import transformers
from transformers import GenerationMixin
from torch.nn.attention import SDPBackend, sdpa_kernel
from transformers.loss.loss_utils import ForCausalLMLoss
from transformers.masking_utils import create_masks_for_generate
from transformers.modeling_outputs import CausalLMOutputWithPast
from transformers.models.llama import modeling_llama

from patchzoo.kernels.launch import triton_runs_on
from patchzoo.kernels.linear_cross_entropy import IGNORE_INDEX, linear_cross_entropy
from patchzoo.kernels.rms_norm import rms_norm
from patchzoo.kernels.rope import rope
from patchzoo.kernels.swiglu import swiglu, swiglu_down
from patchzoo.models.base import CACHE_NAME, ZooModel
from patchzoo.models.llama_decode import attend, decode_kernels_bound, projected_qkv, rope_fits
from patchzoo.patches.decode_graphs import DecodeGraphCache, graphed_generate
from patchzoo.patches.gptq_loading import GPTQFromPretrained
from patchzoo.patches.instance_methods import bind

logger = logging.getLogger(__name__)

_FEATURE = ("GPTQ checkpoints load into GPTQLinear (fused Triton dequant+matmul); plain ones run as stock; "
            "Triton RMSNorm, SwiGLU and RoPE in training")
_CAUSAL_LM_FEATURE = _FEATURE + "; training loss fused with the LM head (no logits materialized)"
_STOCK_FORWARD = transformers.LlamaForCausalLM.forward


@functools.cache
def _log_fused_loss_once() -> None:
    logger.warning("patchzoo LlamaForCausalLM: fused_training_loss is on: the training loss is fused with the LM "
                   "head and forward returns logits=None in train mode with labels")


@functools.cache
def _log_foreign_forward_once(class_name: str) -> None:
    logger.warning("patchzoo Llama: a %s carries a forward installed after loading (an offload hook, a wrapper): "
                   "left in place, with no training kernel bound under it (it trains with the code it calls)",
                   class_name)


def _kernels_run(module: nn.Module, x: torch.Tensor, stock_type: type) -> bool:
    """The training kernels run for this call: train mode, a stock module (not re-classed since, e.g. by GPTQ
    fusion) and a tensor Triton runs on."""
    return module.training and type(module) is stock_type and triton_runs_on(x.device)


# cuDNN's fused attention first where it takes the call (causal, GQA, bf16/fp16 on Hopper: ~1.9x FlashAttention-2's
# forward + backward at Llama-3 training shapes on the H200, benchmarks/RESULTS.md), then SDPA's own order.
_SDPA_PRIORITY = [SDPBackend.CUDNN_ATTENTION, SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION,
                  SDPBackend.MATH]


def _rms_norm_forward(self, hidden_states):
    if not _kernels_run(self, hidden_states, modeling_llama.LlamaRMSNorm):
        return type(self).forward(self, hidden_states)
    return rms_norm(hidden_states, self.weight, self.variance_epsilon)


def _mlp_forward(self, x):
    if not _kernels_run(self, x, modeling_llama.LlamaMLP) or self.config.hidden_act not in ("silu", "swish"):
        return type(self).forward(self, x)
    gate, up = self.gate_proj(x), self.up_proj(x)
    if gate.dtype != up.dtype or gate.shape != up.shape:  # e.g. an adapter on one projection only, in another dtype
        return self.down_proj(self.act_fn(gate) * up)
    down = self.down_proj
    if (type(down) is nn.Linear and down.bias is None and down.weight.dtype == gate.dtype
            and not torch.is_autocast_enabled(x.device.type)):
        return swiglu_down(gate, up, down.weight)  # the product recomputed in backward, not kept
    return down(swiglu(gate, up))  # an adapter or quantized layer on down_proj: called as it is


def _attention_forward(self, hidden_states, position_embeddings=None, attention_mask=None, **kwargs):
    cache = kwargs.get("cache", kwargs.get("past_key_values"))  # the KV cache's name from / before transformers 5.24
    if (not _kernels_run(self, hidden_states, modeling_llama.LlamaAttention) or cache is not None
            or not rope_fits(position_embeddings, self.head_dim)):
        return type(self).forward(self, hidden_states, position_embeddings, attention_mask, **kwargs)
    kwargs.pop("cache", None)
    kwargs.pop("past_key_values", None)
    # stock's LlamaAttention.forward without a cache, apply_rotary_pos_emb replaced by the Triton op
    query_states, key_states, value_states = projected_qkv(self, hidden_states)  # (B, H, T, D) each
    if "rope" in self.zoo_kernels:
        query_states, key_states = rope(query_states, key_states, *position_embeddings)
    else:
        query_states, key_states = modeling_llama.apply_rotary_pos_emb(query_states, key_states, *position_embeddings)
    cudnn_first = ("cudnn_attention" in self.zoo_kernels and self.config._attn_implementation == "sdpa"
                   and hidden_states.is_cuda)
    with sdpa_kernel(_SDPA_PRIORITY, set_priority=True) if cudnn_first else contextlib.nullcontext():
        return attend(self, hidden_states.shape[:-1], query_states, key_states, value_states, attention_mask,
                      **kwargs)


# The index of the training changes: switch name -> (stock module class, the forward bound on its instances).
TRAINING_KERNELS = {
    "rms_norm": (modeling_llama.LlamaRMSNorm, _rms_norm_forward),  # patchzoo/kernels/rms_norm.py
    "swiglu": (modeling_llama.LlamaMLP, _mlp_forward),  # patchzoo/kernels/swiglu.py
    "rope": (modeling_llama.LlamaAttention, _attention_forward),  # patchzoo/kernels/rope.py
    "cudnn_attention": (modeling_llama.LlamaAttention, _attention_forward),  # SDPA with cuDNN first (_SDPA_PRIORITY)
}


# The training forward of each stock module class (a class's TRAINING_KERNELS entries share one).
_TRAINING_FORWARD = dict(TRAINING_KERNELS.values())


def _forward_is_free(module: nn.Module) -> bool:
    """No forward of someone else's on the instance (parallelize's checkpoint or compile wrap blocks, not these)."""
    current = module.__dict__.get("forward")
    return current is None or getattr(current, "func", None) in _TRAINING_FORWARD.values()


def _bind_for_mode(module: nn.Module) -> None:
    """The one place a training forward is bound: on `module` while it is in train mode with a change on
    (``zoo_kernels``), so that in eval mode (generate, evaluation) nn.Module calls the class's forward, stock's,
    with no frame in between. A forward someone else put on the instance is left as it is (logged once)."""
    if not _forward_is_free(module):
        if module.training and module.__dict__.get("zoo_kernels"):
            _log_foreign_forward_once(type(module).__name__)
        return
    forward = _TRAINING_FORWARD.get(type(module))
    if module.training and module.__dict__.get("zoo_kernels") and forward is not None:
        module.forward = bind(forward, module)
    else:
        module.__dict__.pop("forward", None)


def _train_and_bind(self: nn.Module, mode: bool = True) -> nn.Module:
    """``train`` of a module with training changes on: stock's, then the forward for the new mode. An instance
    attribute, so that model.train()/eval() (nn.Module.train calls each child's) and a call on the module itself
    both reach it."""
    type(self).train(self, mode)
    _bind_for_mode(self)
    return self


def use_training_kernels(model: nn.Module, rms_norm: bool = True, swiglu: bool = True, rope: bool = True,
                         cudnn_attention: bool = True) -> int:
    """Switch each training change (TRAINING_KERNELS) on or off on every stock module of its class in `model`: the
    module's ``zoo_kernels`` names those on, and its forward is bound while any is on and the module is in train mode
    (switching modes binds and unbinds it). Returns how many modules have a change on. Weights, keys and classes
    are untouched."""
    switches = {"rms_norm": rms_norm, "swiglu": swiglu, "rope": rope, "cudnn_attention": cudnn_attention}
    on = 0
    for module in model.modules():
        if type(module) not in _TRAINING_FORWARD or not _forward_is_free(module):
            continue
        names = frozenset(n for n, (cls, _) in TRAINING_KERNELS.items() if cls is type(module) and switches[n])
        if names:
            module.zoo_kernels = names
            module.train = bind(_train_and_bind, module)
            on += 1
        elif "zoo_kernels" in module.__dict__:
            del module.zoo_kernels, module.train
        _bind_for_mode(module)
    return on


class _TrainingKernels:
    # Which training changes a zoo Llama switches on when built or patched (see TRAINING_KERNELS); per model, call
    # use_training_kernels(model, ...) instead.
    training_kernels: dict = {"rms_norm": True, "swiglu": True, "rope": True, "cudnn_attention": True}

    def _zoo_patch(self) -> None:
        super()._zoo_patch()
        use_training_kernels(self, **self.training_kernels)

    def train(self, mode: bool = True):
        # transformers 5.25 re-kernelizes a model on each mode change (its `kernels` integration, on by default
        # where the package is installed), which pops the instance forward of every hub-kernel layer (LlamaRMSNorm),
        # the one bound here included: bind again after it.
        super().train(mode)
        for module in self.modules():
            if "zoo_kernels" in module.__dict__:
                _bind_for_mode(module)
        return self


class LlamaModel(GPTQFromPretrained, _TrainingKernels, ZooModel, transformers.LlamaModel):
    zoo_feature = _FEATURE


# GenerationMixin is named among the direct bases, where transformers looks for it (can_generate, its
# test_inherits_generation_mixin); stock's class already has it, so the MRO is unchanged.
class LlamaForCausalLM(GPTQFromPretrained, _TrainingKernels, ZooModel, transformers.LlamaForCausalLM, GenerationMixin):
    zoo_feature = _CAUSAL_LM_FEATURE
    # Opt-in to the training fast path (class or instance attribute; never written into the config). Off by default:
    # it returns logits=None, and a drop-in class keeps every output stock gives.
    fused_training_loss: bool = False
    # generate() replays each one-token step from a CUDA graph over a static KV cache where it can
    # (patchzoo.patches.decode_graphs); False: stock's generate() as it is (class or instance attribute).
    decode_graphs: bool = True
    # True: the captured step runs Triton RMSNorm, RoPE and SwiGLU (patchzoo.models.llama_decode); False: stock's
    # kernels in the graph (class or instance attribute, read when a step is captured)
    decode_kernels: bool = True
    # with decode_kernels, also the merged step (patchzoo.kernels.decode_step / decode_attention): residual adds in
    # the norms, RoPE writing K/V into the cache, attention over the written slots; False: those parts as stock has
    # them (benchmarks/RESULTS.md compares the two)
    fused_decode_step: bool = True

    @functools.wraps(transformers.LlamaForCausalLM.generate)
    def generate(self, *args, **kwargs):
        if not self.decode_graphs:
            return super().generate(*args, **kwargs)
        return graphed_generate(self, super().generate, CACHE_NAME, args, kwargs)

    def create_masks_for_generate(self, **mask_kwargs):
        """What generate() passes as each step's attention mask over a static cache: stock's 4D mask, or in a graphed
        generate() the 2D one where the captured step builds the 4D one itself (DecodeGraphCache.step_mask)."""
        cache = mask_kwargs.get(CACHE_NAME)
        if isinstance(cache, DecodeGraphCache):
            return cache.step_mask(mask_kwargs)
        return create_masks_for_generate(**mask_kwargs)

    def _fused_loss_applies(self, args: tuple, kwargs: dict) -> bool:
        return (
            self.training and self.fused_training_loss and torch.is_grad_enabled()
            and len(args) <= 1  # input_ids may come by position; labels and the rest by name (model(**batch))
            and kwargs.get("labels") is not None
            and isinstance(kwargs.get("logits_to_keep", 0), int) and kwargs.get("logits_to_keep", 0) == 0
            and kwargs.get("return_dict", True) is not False
            and type(self.lm_head) is nn.Linear and self.lm_head.bias is None
            and self.loss_function is ForCausalLMLoss  # config.loss_type may pick another loss
            and not getattr(self.config, "final_logit_softcapping", None)
        )

    @functools.wraps(_STOCK_FORWARD)  # stock's signature and docs: HF Trainer inspects them
    def forward(self, *args, **kwargs):
        cache = kwargs.get(CACHE_NAME)
        if isinstance(cache, DecodeGraphCache) and not args:  # a step of a graphed generate()
            return cache.forward(functools.partial(_STOCK_FORWARD, self), CACHE_NAME, kwargs,
                                 capture_forward=functools.partial(_kernel_step_forward, self))
        if not self._fused_loss_applies(args, kwargs):
            return _STOCK_FORWARD(self, *args, **kwargs)  # inference, export, generate, ...: stock's code as it is
        if not torch.compiler.is_compiling():  # a log call inside a traced region would break the graph
            _log_fused_loss_once()
        model_kwargs = dict(kwargs)  # what stock passes to self.model: all but labels and logits_to_keep
        labels = model_kwargs.pop("labels")
        model_kwargs.pop("logits_to_keep", None)
        if args:
            model_kwargs["input_ids"] = args[0]
        outputs = self.model(**model_kwargs)
        hidden = outputs.last_hidden_state  # (B, T, H)
        if torch.is_autocast_enabled(hidden.device.type):  # stock's lm_head would compute in the autocast dtype
            dtype = torch.get_autocast_dtype(hidden.device.type)
            with torch.autocast(hidden.device.type, enabled=False):
                loss = self._fused_loss(hidden.to(dtype), self.lm_head.weight.to(dtype), labels, kwargs)
        else:
            loss = self._fused_loss(hidden, self.lm_head.weight, labels, kwargs)
        return CausalLMOutputWithPast(loss=loss, logits=None, hidden_states=outputs.hidden_states,
                                      attentions=outputs.attentions, **{CACHE_NAME: getattr(outputs, CACHE_NAME)})

    @staticmethod
    def _fused_loss(hidden: torch.Tensor, weight: torch.Tensor, labels: torch.Tensor, kwargs: dict) -> torch.Tensor:
        """ForCausalLMLoss's contract (shift, ignore_index, num_items_in_batch) over hidden (B, T, H)."""
        ignore_index = kwargs.get("ignore_index", IGNORE_INDEX)
        shift_labels = kwargs.get("shift_labels")
        if shift_labels is None:  # tokens < n predict n, as ForCausalLMLoss
            shift_labels = nn.functional.pad(labels, (0, 1), value=ignore_index)[..., 1:]
        return linear_cross_entropy(hidden.reshape(-1, hidden.shape[-1]), weight, shift_labels.reshape(-1),
                                    ignore_index=ignore_index, num_items_in_batch=kwargs.get("num_items_in_batch"))


def _kernel_step_forward(model: LlamaForCausalLM, **kwargs):
    """Stock's forward as a graphed generate() captures it: with the decode kernels bound where switched on."""
    if not model.decode_kernels:
        return _STOCK_FORWARD(model, **kwargs)
    with decode_kernels_bound(model, kwargs["input_ids"].device, fused=model.fused_decode_step):
        return _STOCK_FORWARD(model, **kwargs)


ZOO_CLASSES = (LlamaModel, LlamaForCausalLM)
