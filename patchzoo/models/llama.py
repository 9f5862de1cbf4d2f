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
"""

import functools
import logging

import torch
import torch.nn as nn
import transformers
from transformers.loss.loss_utils import ForCausalLMLoss
from transformers.modeling_outputs import CausalLMOutputWithPast

from patchzoo.kernels.linear_cross_entropy import IGNORE_INDEX, linear_cross_entropy
from patchzoo.models.base import CACHE_NAME, ZooModel
from patchzoo.patches.gptq_loading import GPTQFromPretrained

logger = logging.getLogger(__name__)

_FEATURE = "GPTQ checkpoints load into GPTQLinear (fused Triton dequant+matmul); plain ones run as stock"
_CAUSAL_LM_FEATURE = _FEATURE + "; training loss fused with the LM head (no logits materialized)"
_STOCK_FORWARD = transformers.LlamaForCausalLM.forward


@functools.cache
def _log_fused_loss_once() -> None:
    logger.warning("patchzoo LlamaForCausalLM: fused_training_loss is on: the training loss is fused with the LM "
                   "head and forward returns logits=None in train mode with labels")


class LlamaModel(GPTQFromPretrained, ZooModel, transformers.LlamaModel):
    zoo_feature = _FEATURE


class LlamaForCausalLM(GPTQFromPretrained, ZooModel, transformers.LlamaForCausalLM):
    zoo_feature = _CAUSAL_LM_FEATURE
    # Opt-in to the training fast path (class or instance attribute; never written into the config). Off by default:
    # it returns logits=None, and a drop-in class keeps every output stock gives.
    fused_training_loss: bool = False

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


ZOO_CLASSES = (LlamaModel, LlamaForCausalLM)
