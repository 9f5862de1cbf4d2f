"""BERT with variable tensor shape: padding stripped after the embeddings, restored at the outputs.

    input_ids, attention_mask (B, S)
      -> Padding.start(attention_mask)               mask reductions + a non-blocking read of 3 sizes, queued
      -> embeddings (B, S, H)                        stock, queued behind them
      -> BertEncoder: resolve the Padding            the one host wait; the GPU runs the embeddings meanwhile
           no padding: the stock layers on (B, S, H) with no mask (stock's own 0 %-padding path)
           else strip -> (1, T, H)                   every layer (attention, FFN, LayerNorm, dropout) on T real tokens
           attention: "patchzoo_varlen" (varlen FlashAttention on CUDA half, padded SDPA elsewhere)
         restore -> (B, S, H), pad positions = 0
      -> pooler / heads                              stock, on the restored tensor
    MLM / pretraining heads with labels: only positions with labels != -100 reach the vocabulary
    projection, so the (B, S, vocab) logits are never built (the seed's masked_lm_positions).

Only the forward of BertModel (to build the Padding), of BertEncoder (strip/restore around the stock
layer loop) and of the two MLM heads (labels path) are overridden; layers, attention modules, the
pooler and the other heads are stock, except that the encoder layers' nn.Linear become
MvBiasGradLinear (same forward and parameters; on CUDA the bias gradient is a GEMV, faster than
torch's column sum: patches/bias_grad.py). The packed path is taken when the model's attention
implementation is "patchzoo_varlen" (the zoo default in place of SDPA) and a 2-D attention_mask is
given; otherwise (no mask, attn_implementation="eager", decoder use, cross-attention) the stock
forward runs unchanged. Building the Padding costs one host wait, put off until the embeddings are
queued (stock waits there too, to check whether its mask can be dropped); pass ``padding=`` (built
from the CPU mask in the data loader, moved with ``.to(device)``) to keep it out of the step. The MLM
heads read their label count the same way, queued before the encoder and read after it: no second wait.
``use_cuda_graphs(model, N)`` buckets the packed length and replays the layer loop from CUDA graphs
(patches/cuda_graphs.py), for host-bound steps.
"""

from __future__ import annotations

import torch
import transformers
from torch import nn
from torch.nn import CrossEntropyLoss
from transformers.modeling_outputs import BaseModelOutputWithPastAndCrossAttentions, MaskedLMOutput
from transformers.models.bert import modeling_bert as stock
from transformers.utils.generic import can_return_tuple

from patchzoo.models.base import CACHE_NAME, ZooModel, swap_module_classes
from patchzoo.patches.bias_grad import MvBiasGradLinear
from patchzoo.patches.cuda_graphs import LayerGraphs
from patchzoo.patches.padding import (
    VARLEN_ATTENTION,
    DeferredHostRead,
    Padding,
    PendingPadding,
    register_varlen_attention,
)

IGNORE_INDEX = -100  # label value CrossEntropyLoss skips; the positions the MLM heads leave out


class BertEncoder(stock.BertEncoder):
    """The stock layer loop, run on the packed tokens of a Padding when one is passed (from CUDA graphs
    when ``layer_graphs`` is passed and can replay this call)."""

    def forward(
        self,
        hidden_states: torch.Tensor,
        *args,
        padding: Padding | PendingPadding | None = None,
        layer_graphs: LayerGraphs | None = None,
        **kwargs,
    ):
        if padding is None:
            return super().forward(hidden_states, *args, **kwargs)
        # Host work that needs no sizes goes before the wait, while the GPU still runs the embeddings.
        prepared = layer_graphs.prepare(self.layer) if layer_graphs is not None and hidden_states.is_cuda else None
        padding = padding.resolve()  # the host waits here, with the embeddings already queued
        # A full batch: nothing to strip, stock's unmasked path (BertModel passes no mask), no views to undo.
        hidden = hidden_states if padding.dense else padding.strip(hidden_states).unsqueeze(0)  # (1, T, H) packed
        replayed = None
        if layer_graphs is not None:
            head_dim = self.config.hidden_size // self.config.num_attention_heads
            replayed = layer_graphs.run(self.layer, hidden, padding, head_dim, prepared)
        if replayed is not None:
            # The graph's buffer is rewritten by the next replay: restore copies it out, a full batch is cloned.
            last = replayed.clone() if padding.dense else padding.restore(replayed.squeeze(0))
            return BaseModelOutputWithPastAndCrossAttentions(last_hidden_state=last)
        if padding.dense:
            return super().forward(hidden, *args, **kwargs)
        # `padding` rides along to the attention function.
        outputs = super().forward(hidden, *args, padding=padding, **kwargs)
        outputs.last_hidden_state = padding.restore(outputs.last_hidden_state.squeeze(0))  # (B, S, H)
        return outputs


class _BertZoo(ZooModel):
    """What every zoo BERT class does on construction or patch(): varlen attention, zoo encoder."""

    zoo_feature = "variable tensor shape (padding stripped)"

    def _zoo_patch(self) -> None:
        register_varlen_attention()
        # SDPA (the default) becomes varlen; an explicit "eager" (e.g. for output_attentions) stays stock.
        if self.config._attn_implementation in (None, "sdpa"):
            self.config._attn_implementation = VARLEN_ATTENTION
        swap_module_classes(self, {stock.BertModel: BertModel, stock.BertEncoder: BertEncoder})
        for module in self.modules():  # the encoder layers' Linears: the bias gradient as a GEMV (patches/bias_grad.py)
            if isinstance(module, BertEncoder):
                swap_module_classes(module.layer, {nn.Linear: MvBiasGradLinear})


class BertModel(_BertZoo, transformers.BertModel):
    # Round the packed token count up to a multiple of this (None: exact), so compiled graphs and
    # CUDA graphs see one shape per bucket; set it with use_static_shapes(model, multiple_of).
    packed_multiple_of: int | None = None
    # The encoder's layer loop replayed from CUDA graphs, one set per bucket; set by use_cuda_graphs.
    layer_graphs: LayerGraphs | None = None

    def _packs(self, attention_mask, encoder_hidden_states, past_key_values) -> bool:
        return (
            attention_mask is not None
            and attention_mask.dim() == 2
            and self.config._attn_implementation == VARLEN_ATTENTION
            and not self.config.is_decoder
            and encoder_hidden_states is None
            and past_key_values is None
        )

    def forward(
        self,
        input_ids: torch.Tensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.Tensor | None = None,
        position_ids: torch.Tensor | None = None,
        inputs_embeds: torch.Tensor | None = None,
        encoder_hidden_states: torch.Tensor | None = None,
        encoder_attention_mask: torch.Tensor | None = None,
        past_key_values=None,
        use_cache: bool | None = None,
        **kwargs,
    ):
        past_key_values = kwargs.pop("cache", past_key_values)  # the argument's name from transformers 5.24 on
        inputs = dict(
            input_ids=input_ids, token_type_ids=token_type_ids, position_ids=position_ids,
            inputs_embeds=inputs_embeds, encoder_hidden_states=encoder_hidden_states,
            encoder_attention_mask=encoder_attention_mask, use_cache=use_cache, **{CACHE_NAME: past_key_values},
        )
        # A Padding built ahead (Padding.from_mask(cpu_mask).to(device) in the data loader) skips the
        # host sync of building it here.
        padding = kwargs.pop("padding", None)
        if not self._packs(attention_mask, encoder_hidden_states, past_key_values):
            return super().forward(attention_mask=attention_mask, **inputs, **kwargs)
        if padding is None:
            padding = Padding.start(attention_mask, self.packed_multiple_of)  # queued before the embeddings
        elif padding.shape != tuple(attention_mask.shape):
            raise ValueError(f"padding was built for a {padding.shape} mask; attention_mask is {tuple(attention_mask.shape)}")
        return_dict = kwargs.pop("return_dict", None)
        if self._graphs_apply(kwargs):
            kwargs["layer_graphs"] = self.layer_graphs
        # No mask to build: the encoder attends within rows through `padding`.
        outputs = super().forward(attention_mask=None, padding=padding, return_dict=True, **inputs, **kwargs)
        padding = padding.resolve()  # done by the encoder already: no wait
        if outputs.hidden_states is not None and not padding.dense:
            # Recorded at the layers, so packed (1, T, H); the last may already be last_hidden_state.
            outputs.hidden_states = tuple(
                h if h is None or h is outputs.last_hidden_state else padding.restore(h.squeeze(0))
                for h in outputs.hidden_states
            )
        if return_dict is None:
            return_dict = getattr(self.config, "return_dict", True)
        return outputs if return_dict else outputs.to_tuple()


    def _graphs_apply(self, kwargs: dict) -> bool:
        """Whether the layers may run from graphs: not when per-layer outputs are recorded (a replay runs
        no Python, so no hooks) or when kwargs the graphs do not take reach the layers."""
        if self.layer_graphs is None:
            return False
        recorded = any(kwargs.get(name, getattr(self.config, name, False)) for name in ("output_hidden_states", "output_attentions"))
        return not recorded and set(kwargs) <= {"output_hidden_states", "output_attentions"}


def use_static_shapes(model: torch.nn.Module, multiple_of: int | None) -> torch.nn.Module:
    """Pad the packed token count of every zoo BertModel in `model` up to a multiple (None: off)."""
    for module in model.modules():
        if isinstance(module, BertModel):
            module.packed_multiple_of = multiple_of
    return model


def use_cuda_graphs(model: torch.nn.Module, multiple_of: int | None = 256, max_graphs: int = 8) -> torch.nn.Module:
    """Replay the encoder layers of every zoo BertModel in `model` from CUDA graphs (None: off, graphs dropped).

    Implies ``use_static_shapes(model, multiple_of)``: the packed token count is rounded up to a multiple,
    and one graph set is captured lazily per (training/eval, autograd or not, batch shape, bucket), at most
    ``max_graphs`` per model (later buckets run eagerly). Each set holds its own memory pool (a training
    set about an eager step's activations) until ``use_cuda_graphs(model, None)`` drops it. Outputs are
    fresh tensors; calls a graph cannot replay exactly run eagerly (see patchzoo.patches.cuda_graphs).
    """
    use_static_shapes(model, multiple_of)
    for module in model.modules():
        if isinstance(module, BertModel):
            module.layer_graphs = None if multiple_of is None else LayerGraphs(multiple_of, max_graphs)
    return model


def count_labels(labels: torch.Tensor, attention_mask: torch.Tensor | None) -> DeferredHostRead:
    """Queue the read of (labelled positions M, labelled pad positions): start it before the encoder.

    By the time the head needs M, the encoder's own wait has passed this read, so it costs no stall.
    """
    selected = labels != IGNORE_INDEX  # (B, S)
    on_pads = selected.new_zeros(())
    if attention_mask is not None and attention_mask.dim() == 2:
        on_pads = selected & (attention_mask == 0)
    return DeferredHostRead(torch.stack([selected.sum(), on_pads.sum()]))


def masked_lm_head(
    predictions: torch.nn.Module, sequence_output: torch.Tensor, labels: torch.Tensor, counts: DeferredHostRead
) -> tuple[torch.Tensor, torch.Tensor]:
    """(logits (M, vocab), loss) over the M positions with a label: the rest never reach the vocabulary.

    Equals stock's CrossEntropyLoss over (B*S, vocab) with ignore_index=-100 (a mean over the same M).
    `counts` is ``count_labels(labels, attention_mask)``.
    """
    num_selected, on_pads = counts.tolist()
    if on_pads:
        raise ValueError("labels select padded positions (attention_mask == 0); set their labels to -100")
    selected = (labels != IGNORE_INDEX).flatten()  # (B*S,)
    # The flat positions of the M labels in order, as a boolean index would give them but with no
    # sync (M is known): the k-th is where the running count of labels reaches k.
    positions = torch.searchsorted(selected.cumsum(0), torch.arange(1, num_selected + 1, device=labels.device))
    logits = predictions(sequence_output.flatten(0, 1).index_select(0, positions))  # (M, H) -> (M, vocab)
    loss = CrossEntropyLoss()(logits, labels.flatten().index_select(0, positions))
    return logits, loss


def encode_and_predict_labelled(model, inputs: dict, labels: torch.Tensor, **kwargs):
    """(encoder outputs, logits (M, vocab), MLM loss) of an MLM/pretraining head with labels.

    The label count is queued before the encoder runs, so the head reads it without a host stall.
    `inputs` holds the BertModel inputs (attention_mask among them); `kwargs` go to BertModel too.
    """
    counts = count_labels(labels, inputs.get("attention_mask"))
    outputs = model.bert(**inputs, return_dict=True, **kwargs)
    logits, loss = masked_lm_head(model.cls.predictions, outputs.last_hidden_state, labels, counts)
    return outputs, logits, loss


class BertForMaskedLM(_BertZoo, transformers.BertForMaskedLM):
    @can_return_tuple
    def forward(
        self,
        input_ids: torch.Tensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.Tensor | None = None,
        position_ids: torch.Tensor | None = None,
        inputs_embeds: torch.Tensor | None = None,
        encoder_hidden_states: torch.Tensor | None = None,
        encoder_attention_mask: torch.Tensor | None = None,
        labels: torch.Tensor | None = None,
        **kwargs,
    ) -> MaskedLMOutput:
        """As stock; with labels, `logits` holds only the labelled positions: (M, vocab) = stock logits[labels != -100]."""
        inputs = dict(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids,
            position_ids=position_ids, inputs_embeds=inputs_embeds,
        )
        if labels is None:
            return super().forward(
                **inputs, encoder_hidden_states=encoder_hidden_states,
                encoder_attention_mask=encoder_attention_mask, **kwargs,
            )
        outputs, logits, loss = encode_and_predict_labelled(
            self, inputs, labels, encoder_hidden_states=encoder_hidden_states,
            encoder_attention_mask=encoder_attention_mask, **kwargs,
        )
        return MaskedLMOutput(loss=loss, logits=logits, hidden_states=outputs.hidden_states, attentions=outputs.attentions)


class BertForPreTraining(_BertZoo, transformers.BertForPreTraining):
    @can_return_tuple
    def forward(
        self,
        input_ids: torch.Tensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.Tensor | None = None,
        position_ids: torch.Tensor | None = None,
        inputs_embeds: torch.Tensor | None = None,
        labels: torch.Tensor | None = None,
        next_sentence_label: torch.Tensor | None = None,
        **kwargs,
    ) -> stock.BertForPreTrainingOutput:
        """As stock; with labels, `prediction_logits` holds only the labelled positions (M, vocab)."""
        inputs = dict(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids,
            position_ids=position_ids, inputs_embeds=inputs_embeds,
        )
        if labels is None:
            return super().forward(**inputs, next_sentence_label=next_sentence_label, **kwargs)
        outputs, logits, mlm_loss = encode_and_predict_labelled(self, inputs, labels, **kwargs)
        nsp_logits = self.cls.seq_relationship(outputs.pooler_output)  # (B, 2)
        loss = None
        if next_sentence_label is not None:  # stock returns a loss only with both labels
            loss = mlm_loss + CrossEntropyLoss()(nsp_logits.view(-1, 2), next_sentence_label.view(-1))
        return stock.BertForPreTrainingOutput(
            loss=loss, prediction_logits=logits, seq_relationship_logits=nsp_logits,
            hidden_states=outputs.hidden_states, attentions=outputs.attentions,
        )


# Heads on pooled or per-token outputs need nothing beyond the zoo BertModel inside them.
class BertForSequenceClassification(_BertZoo, transformers.BertForSequenceClassification):
    """Stock head on the pooled first token of the restored (B, S, H) output."""


class BertForTokenClassification(_BertZoo, transformers.BertForTokenClassification):
    """Stock head on the restored (B, S, H) output; pad positions see a zero hidden state."""


class BertForQuestionAnswering(_BertZoo, transformers.BertForQuestionAnswering):
    """Stock head on the restored output. Its span loss is a softmax over all S positions, pads
    included, so with padding it differs from stock's (whose pad positions carry computed states)."""


ZOO_CLASSES = (
    BertModel,
    BertForMaskedLM,
    BertForPreTraining,
    BertForSequenceClassification,
    BertForTokenClassification,
    BertForQuestionAnswering,
)
