"""BERT with variable tensor shape: padding stripped after the embeddings, restored at the outputs.

The machinery is patchzoo/models/packed_encoder.py, shared with RoBERTa and XLM-RoBERTa (its docstring has the
data flow, the fallbacks to stock's padded path and the torch.compile story); this module binds it to the stock
BERT classes and adds BERT's pretraining head.

What the zoo BERT changes, and the switch for each: functions of this module that take any model holding zoo
BertModels and set the switch on each of them (defaults as built by from_pretrained or patch()):

    change (where)                                              switch (default)
    padding stripped after the embeddings, every layer on       use_packing(m, enabled: bool = True)
      packed tokens, varlen attention (BertModel, BertEncoder,  per call: forward(..., padding=False)
      BertSelfAttention)
    per batch, eagerly: packed only where it pays, else stock's  use_packing(m, True, min_padding_share=None,
      padded layers, pads zeroed (BertModel, BertEncoder)         min_padded_positions=None): None = on a GPU
                                                                  PACK_MIN_PADDING_SHARE, PACK_MIN_PADDED_POSITIONS
    MLM / pretraining logits at the labelled positions only,    follows use_packing
      (M, vocab) (BertForMaskedLM, BertForPreTraining, labels)
    bias gradient as a GEMV on CUDA (encoder layers' Linear)    use_bias_grad_gemv(m, enabled: bool = True)
    packed length rounded up to a multiple (BertModel)          use_static_shapes(m, multiple_of: int | None = None)
    layer loop replayed from CUDA graphs (BertEncoder)          use_cuda_graphs(m, multiple_of: int | None = 256,
                                                                  max_graphs: int = 8); off until called
"""

from __future__ import annotations

import transformers
from torch.nn import CrossEntropyLoss
from transformers.modeling_outputs import MaskedLMOutput
from transformers.models.bert import modeling_bert as stock
from transformers.utils.generic import can_return_tuple

from patchzoo.models.base import with_stock_signature
from patchzoo.models.packed_encoder import (  # noqa: F401 - the switches of the table above, by BERT's module too
    PackedEncoder,
    PackedEncoderModel,
    PackedSelfAttention,
    PackedZoo,
    encode_and_predict_labelled,
    labelled_counts,
    packed_masked_lm,
    read_before_graph,
    SPAN_LOSS_OVER_PADDING,
    stock_head_forward,
    TOKEN_LABELS_ON_PADS,
    use_bias_grad_gemv,
    use_cuda_graphs,
    use_packing,
    use_static_shapes,
)


class BertSelfAttention(PackedSelfAttention, stock.BertSelfAttention):
    pass


class BertEncoder(PackedEncoder, stock.BertEncoder):
    pass


class _BertZoo(PackedZoo):
    @classmethod
    def packed_classes(cls) -> dict[type, type]:
        return {stock.BertModel: BertModel, stock.BertEncoder: BertEncoder, stock.BertSelfAttention: BertSelfAttention}


class BertModel(_BertZoo, PackedEncoderModel, transformers.BertModel):
    forward = with_stock_signature(transformers.BertModel.forward)(PackedEncoderModel.packed_forward)


class BertForMaskedLM(_BertZoo, transformers.BertForMaskedLM):
    @can_return_tuple
    @with_stock_signature(transformers.BertForMaskedLM.forward)
    def forward(self, named: dict, extra: dict) -> MaskedLMOutput:
        """As stock; with labels, `logits` holds only the labelled positions: (M, vocab) = stock logits[labels != -100]."""
        return packed_masked_lm(self, named, extra, self.cls.predictions, super().forward)


class BertForPreTraining(_BertZoo, transformers.BertForPreTraining):
    @can_return_tuple
    @with_stock_signature(transformers.BertForPreTraining.forward)
    def forward(self, named: dict, extra: dict) -> stock.BertForPreTrainingOutput:
        """As stock; with labels, `prediction_logits` holds only the labelled positions (M, vocab)."""
        labelled_logits = self._labelled_logits(named)
        if self._reads_before_graph(named, extra):  # _pack_first_when_compiled, with the break in this frame
            extra = read_before_graph(self.base_model, named, extra, labelled_counts if labelled_logits else None)
        labelled = encode_and_predict_labelled(self, named, extra, self.cls.predictions) if labelled_logits else None
        if labelled is None:  # no labels (stock's heads), packing off, or labels on pads (and stock's padded encoder)
            padded = {} if named.get("labels") is None else {"padding": False}
            return super().forward(**named, return_dict=True, **{**extra, **padded})
        outputs, logits, mlm_loss = labelled
        nsp_logits = self.cls.seq_relationship(outputs.pooler_output)  # (B, 2)
        loss = None
        next_sentence_label = named.get("next_sentence_label")
        if next_sentence_label is not None:  # stock returns a loss only with both labels
            loss = mlm_loss + CrossEntropyLoss()(nsp_logits.view(-1, 2), next_sentence_label.view(-1))
        return stock.BertForPreTrainingOutput(
            loss=loss, prediction_logits=logits, seq_relationship_logits=nsp_logits,
            hidden_states=outputs.hidden_states, attentions=outputs.attentions,
        )


# Heads on pooled or per-token outputs: stock's forward (after the compiled path's handle) on the zoo BertModel.
class BertForSequenceClassification(_BertZoo, transformers.BertForSequenceClassification):
    """Stock head on the pooled first token of the restored (B, S, H) output."""

    forward = stock_head_forward(transformers.BertForSequenceClassification.forward)


class BertForTokenClassification(_BertZoo, transformers.BertForTokenClassification):
    """Stock head on the restored (B, S, H) output; pad positions see a zero hidden state. Labels at padded
    positions (other than -100) put pad logits into the loss: such calls run stock's padded encoder."""

    forward = stock_head_forward(transformers.BertForTokenClassification.forward, *TOKEN_LABELS_ON_PADS)


class BertForQuestionAnswering(_BertZoo, transformers.BertForQuestionAnswering):
    """Stock head on the restored output. Stock's span loss is a softmax over all S positions, pads included,
    so a call with start/end positions on a padded batch runs stock's padded encoder (same loss as stock)."""

    forward = stock_head_forward(transformers.BertForQuestionAnswering.forward, *SPAN_LOSS_OVER_PADDING)


ZOO_CLASSES = (
    BertModel,
    BertForMaskedLM,
    BertForPreTraining,
    BertForSequenceClassification,
    BertForTokenClassification,
    BertForQuestionAnswering,
)
