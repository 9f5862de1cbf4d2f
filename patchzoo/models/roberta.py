"""RoBERTa with variable tensor shape: BERT's machinery (patchzoo/models/packed_encoder.py) on the stock RoBERTa
classes.

What changes and the switch for each is BERT's table (patchzoo/models/bert.py): use_packing, use_bias_grad_gemv,
use_static_shapes, use_cuda_graphs, importable from here too. Position ids are stock's: RoBERTa's start after the
padding index and come from the padded input_ids, in the embeddings, before anything is stripped. The
classification head reads the first token's state, so a left-padded batch runs stock's padded encoder (logged once);
its labels never read pads, so a right-padded batch packs with or without them.
"""

from __future__ import annotations

import transformers
from transformers.modeling_outputs import MaskedLMOutput
from transformers.models.roberta import modeling_roberta as stock
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


class RobertaSelfAttention(PackedSelfAttention, stock.RobertaSelfAttention):
    pass


class RobertaEncoder(PackedEncoder, stock.RobertaEncoder):
    pass


class _RobertaZoo(PackedZoo):
    @classmethod
    def packed_classes(cls) -> dict[type, type]:
        return {stock.RobertaModel: RobertaModel, stock.RobertaEncoder: RobertaEncoder, stock.RobertaSelfAttention: RobertaSelfAttention}


class RobertaModel(_RobertaZoo, PackedEncoderModel, transformers.RobertaModel):
    forward = with_stock_signature(transformers.RobertaModel.forward)(PackedEncoderModel.packed_forward)


class RobertaForMaskedLM(_RobertaZoo, transformers.RobertaForMaskedLM):
    @can_return_tuple
    @with_stock_signature(transformers.RobertaForMaskedLM.forward)
    def forward(self, named: dict, extra: dict) -> MaskedLMOutput:
        """As stock; with labels, `logits` holds only the labelled positions: (M, vocab) = stock logits[labels != -100]."""
        return packed_masked_lm(self, named, extra, self.lm_head, super().forward)


class RobertaForSequenceClassification(_RobertaZoo, transformers.RobertaForSequenceClassification):
    """Stock classifier on the first token of the restored output: a left-padded row runs stock's padded encoder."""

    forward = stock_head_forward(transformers.RobertaForSequenceClassification.forward, *FIRST_TOKEN_CLASSIFIER)


class RobertaForTokenClassification(_RobertaZoo, transformers.RobertaForTokenClassification):
    """Stock head on the restored output; labels at padded positions (other than -100) run stock's padded encoder."""

    forward = stock_head_forward(transformers.RobertaForTokenClassification.forward, *TOKEN_LABELS_ON_PADS)


class RobertaForQuestionAnswering(_RobertaZoo, transformers.RobertaForQuestionAnswering):
    """Stock head on the restored output; a span loss on a padded batch runs stock's padded encoder (its softmax
    covers every position, pads included)."""

    forward = stock_head_forward(transformers.RobertaForQuestionAnswering.forward, *SPAN_LOSS_OVER_PADDING)


ZOO_CLASSES = (
    RobertaModel,
    RobertaForMaskedLM,
    RobertaForSequenceClassification,
    RobertaForTokenClassification,
    RobertaForQuestionAnswering,
)
