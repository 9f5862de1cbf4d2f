"""XLM-RoBERTa with variable tensor shape: BERT's machinery (patchzoo/models/packed_encoder.py) on the stock XLM-RoBERTa
classes (multilingual e5, bge-m3 and other XLM-R encoders).

What changes and the switch for each is BERT's table (patchzoo/models/bert.py): use_packing, use_bias_grad_gemv,
use_static_shapes, use_cuda_graphs, importable from here too. Position ids are stock's: XLM-RoBERTa's start after the
padding index and come from the padded input_ids, in the embeddings, before anything is stripped. The
classification head reads the first token's state, so a left-padded batch runs stock's padded encoder (logged once);
its labels never read pads, so a right-padded batch packs with or without them.
"""

from __future__ import annotations

import transformers
from transformers.modeling_outputs import MaskedLMOutput
from transformers.models.xlm_roberta import modeling_xlm_roberta as stock
from transformers.utils.generic import can_return_tuple

from patchzoo.models.base import with_stock_signature
from patchzoo.models.packed_encoder import (  # noqa: F401 - the switches, by this module too
    PackedEncoder,
    PackedEncoderModel,
    PackedSelfAttention,
    PackedZoo,
    FIRST_TOKEN_CLASSIFIER,
    packed_masked_lm,
    SPAN_LOSS_OVER_PADDING,
    stock_head_forward,
    TOKEN_LABELS_ON_PADS,
    use_bias_grad_gemv,
    use_cuda_graphs,
    use_packing,
    use_static_shapes,
)


class XLMRobertaSelfAttention(PackedSelfAttention, stock.XLMRobertaSelfAttention):
    pass


class XLMRobertaEncoder(PackedEncoder, stock.XLMRobertaEncoder):
    pass


class _XLMRobertaZoo(PackedZoo):
    @classmethod
    def packed_classes(cls) -> dict[type, type]:
        return {stock.XLMRobertaModel: XLMRobertaModel, stock.XLMRobertaEncoder: XLMRobertaEncoder, stock.XLMRobertaSelfAttention: XLMRobertaSelfAttention}


class XLMRobertaModel(_XLMRobertaZoo, PackedEncoderModel, transformers.XLMRobertaModel):
    forward = with_stock_signature(transformers.XLMRobertaModel.forward)(PackedEncoderModel.packed_forward)


class XLMRobertaForMaskedLM(_XLMRobertaZoo, transformers.XLMRobertaForMaskedLM):
    @can_return_tuple
    @with_stock_signature(transformers.XLMRobertaForMaskedLM.forward)
    def forward(self, named: dict, extra: dict) -> MaskedLMOutput:
        """As stock; with labels, `logits` holds only the labelled positions: (M, vocab) = stock logits[labels != -100]."""
        return packed_masked_lm(self, named, extra, self.lm_head, super().forward)


class XLMRobertaForSequenceClassification(_XLMRobertaZoo, transformers.XLMRobertaForSequenceClassification):
    """Stock classifier on the first token of the restored output: a left-padded row runs stock's padded encoder."""

    forward = stock_head_forward(transformers.XLMRobertaForSequenceClassification.forward, *FIRST_TOKEN_CLASSIFIER)


class XLMRobertaForTokenClassification(_XLMRobertaZoo, transformers.XLMRobertaForTokenClassification):
    """Stock head on the restored output; labels at padded positions (other than -100) run stock's padded encoder."""

    forward = stock_head_forward(transformers.XLMRobertaForTokenClassification.forward, *TOKEN_LABELS_ON_PADS)


class XLMRobertaForQuestionAnswering(_XLMRobertaZoo, transformers.XLMRobertaForQuestionAnswering):
    """Stock head on the restored output; a span loss on a padded batch runs stock's padded encoder (its softmax
    covers every position, pads included)."""

    forward = stock_head_forward(transformers.XLMRobertaForQuestionAnswering.forward, *SPAN_LOSS_OVER_PADDING)


ZOO_CLASSES = (
    XLMRobertaModel,
    XLMRobertaForMaskedLM,
    XLMRobertaForSequenceClassification,
    XLMRobertaForTokenClassification,
    XLMRobertaForQuestionAnswering,
)
