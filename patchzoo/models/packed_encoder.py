"""Variable tensor shape for BERT-shaped encoders: padding stripped after the embeddings, restored at the outputs.

One implementation for every family built like BERT (BERT, RoBERTa, XLM-RoBERTa): each family's module
(models/bert.py, models/roberta.py, models/xlm_roberta.py) combines these mixins with its stock classes and names
its own MLM head; nothing here knows a family.

    input_ids, attention_mask (B, S)                 any 0/1 pattern (right/left padding, holes); nonzero = real
      -> Padding.start(attention_mask)               row lengths, index tables + a non-blocking read of them, queued
      -> embeddings (B, S, H)                        stock, on the padded batch: position ids are stock's
                                                     (RoBERTa's start after the padding index: computed here,
                                                     before anything is stripped)
      -> PackedEncoder: resolve the Padding          the one host wait; the GPU runs the embeddings meanwhile
           no padding: the stock layers on (B, S, H) with no mask (stock's own 0 %-padding path, never graphed)
           packing does not pay (PackingRule: little padding, few padded positions; eager, on a GPU): the stock
             layers on (B, S, H) with stock's mask values; the encoder model zeroes the pad states
           else strip -> (1, T, H)                   every layer (attention, FFN, LayerNorm, dropout) on T real tokens
           attention: PackedSelfAttention runs varlen attention (FlashAttention on CUDA half, SDPA per row elsewhere)
         restore -> (B, S, H), pad positions = 0
      -> pooler / heads                              stock, on the restored tensor
    MLM / pretraining heads with labels: only positions with labels != -100 reach the vocabulary
    projection, so the (B, S, vocab) logits are never built (the seed's masked_lm_positions).

Drop-in: the config object is never written. The packed path is taken when the model's attention
implementation is "sdpa" (stock's default) and a 2-D attention_mask is given; the zoo modules route
to it themselves (a ``padding=`` kwarg that the zoo encoder model passes down to the zoo self-attention).
Otherwise (no mask, "eager" for output_attentions, flash/flex, decoder use, cross-attention) stock's
forward runs unchanged. Zoo forwards show stock's signature (``functools.wraps`` of the stock forward,
``**kwargs: Unpack[TransformersKwargs]`` included) in every transformers version. Where stock's result
reads states at padded positions, the call runs stock's padded path (logged once), so loss and logits are
stock's: labels at padded positions (MLM, pretraining, token classification), the QA span loss on a padded
batch, and a pooler (or a classifier reading the first token) over a left-padded row. Eagerly the condition
is read with the sizes, after the packed run, and the call runs again; compiled, it is read before the graph.

Only the forward of the encoder model (to build the Padding), of the encoder (strip/restore around the stock
layer loop), of the self-attention (packed tokens) and of the MLM heads (labels path) are overridden (the other
heads' forwards are stock's, called after the compiled-path handle is built and, where their loss or classifier
reads pads, with the check above: stock_head_forward); layers, the pooler and the other heads are stock, except
that the encoder layers' nn.Linear become MvBiasGradLinear (same forward and parameters; on CUDA the bias
gradient is a GEMV, faster than torch's column sum: patches/bias_grad.py). Building the Padding costs one host
wait, put off until the embeddings are queued (stock waits there too, to check whether its mask can be dropped);
pass ``padding=`` (built from the CPU mask in the data loader, moved with ``.to(device)``) to keep it out of the
step. The MLM heads read their label count the same way, queued before the encoder and read after it: no second
wait. ``use_cuda_graphs(model, N)`` buckets the packed length and replays the layer loop from CUDA graphs
(patches/cuda_graphs.py), for host-bound steps.

Under torch.compile the packed path runs too: ``Padding.bucketed`` (torch.compiler.disable'd: the one host
read of the real-token count, mask -> gather indices and cu_seqlens) runs first thing in the outermost zoo
forward, before any op, together with the head's own counts (read_before_graph: one break per call, so a head's
frame stays one graph), the
packed length is a bucket (patches/padding.py: at most 1/8 above the real tokens; the fill rows are their
own short segments) marked dynamic, and max_seqlen is max_position_embeddings. So one graph holds the
embeddings, strip, every layer on (1, bucket, H), restore and the heads, for any padding; a new batch
shape recompiles it as stock's graph recompiles. use_static_shapes / use_cuda_graphs do not apply inside
a compiled model (its graphs are torch.compile's). torch.export (and torch.compile with fullgraph=True) traces
stock's padded path, with the pad states zeroed in the graph as the eager zoo returns them.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn
from torch.nn import CrossEntropyLoss
from transformers.modeling_outputs import BaseModelOutputWithPastAndCrossAttentions, MaskedLMOutput
from transformers.utils import logging

from patchzoo.models.base import CACHE_NAME, ZooModel, swap_module_classes, with_stock_signature
from patchzoo.patches.bias_grad import MvBiasGradLinear
from patchzoo.patches.cuda_graphs import LayerGraphs
from patchzoo.patches.padding import DeferredHostRead, Padding, PendingPadding, first_padded_rows, varlen_attention

logger = logging.get_logger(__name__)

IGNORE_INDEX = -100  # label value CrossEntropyLoss skips; the positions the MLM heads leave out
# The attention implementation the packed path replaces (stock's default). Others ("eager" for
# output_attentions, flash, flex) run stock's padded code unchanged.
PACKED_IN_PLACE_OF = "sdpa"

# When packing pays, eagerly on a GPU: every batch with any padding. Packing adds a fixed cost per call (gather
# indices, strip and restore) but drops stock's mask work and runs varlen FlashAttention instead of masked SDPA: the
# packed forward launches fewer kernels than stock's padded one (batch 128 of encode(): MiniLM shape 52 against 66,
# bert-base 96 against 127) and takes less GPU time per batch, so it pays from the first padded position. Measured on
# an H200 (benchmarks/run_sentence_encode.sh; benchmarks/RESULTS.md): encode() at batch 128 with every padded batch
# packed ran 1.02-1.05x stock for the MiniLM, bert-base and XLM-R shapes. The bounds stay for a caller to set
# (use_packing's min_padding_share, min_padded_positions); batches below them run stock's padded layers.
PACK_MIN_PADDING_SHARE = 0.0
PACK_MIN_PADDED_POSITIONS = 0


def exporting() -> bool:
    """Whether torch.export is tracing this call (strict or not), also when dynamo traces it.

    Not torch.compiler.is_exporting(): dynamo before torch 2.13 replaces that call by a constant True, in
    torch.compile too (pytorch/pytorch#176347), which sent compiled zoo BERT down the padded path. The flag
    it returns, read as a module attribute, is what torch.export set, and dynamo reads it at trace time.
    """
    flag = getattr(torch.compiler, "_is_exporting_flag", None)
    return torch.compiler.is_exporting() if flag is None else bool(flag)


@torch.compiler.assume_constant_result  # run by dynamo while it traces; its answer is a constant of the graph
def graph_breaks_allowed() -> bool:
    """Whether the torch.compile tracing this call may break the graph (not fullgraph=True or
    error_on_graph_break): the packed path needs one break, for the host read of its sizes."""
    try:
        from torch._dynamo.symbolic_convert import InstructionTranslator

        tracer = InstructionTranslator.current_tx()
    except Exception:  # noqa: BLE001 - no tracer found (another torch's internals): assume breaks are allowed
        return True
    if getattr(tracer, "one_graph", False) or getattr(tracer, "error_on_graph_break", False):
        logger.warning_once(  # here, not in the traced forward: a log call there would itself break the graph
            "patchzoo: torch.compile(fullgraph=True) of a BERT-shaped encoder traces stock's padded encoder (packing reads the "
            "token count on the host, between graphs); compile without fullgraph for the packed path"
        )
        return False
    return True


@dataclass(frozen=True)
class PackingRule:
    """Which batches run packed: those with at least ``min_padding_share`` of padded positions and at least
    ``min_padded_positions`` of them. None: the device's default (on a GPU the constants above; elsewhere 0,
    as a CPU is never launch-bound: every padded position removed is time saved). A batch without padding never
    packs (stock's unmasked path). Eager calls only: a compiled model always packs (its graph is one code path)."""

    min_padding_share: float | None = None
    min_padded_positions: int | None = None

    # Run outside any graph (a compiled encoder inside an eager model): the sizes it reads would be guarded on.
    @torch.compiler.disable
    def pays(self, padding: Padding, on_gpu: bool) -> bool:
        batch, seq = padding.shape
        padded = batch * seq - padding.num_tokens
        share = self.min_padding_share if self.min_padding_share is not None else PACK_MIN_PADDING_SHARE * on_gpu
        positions = self.min_padded_positions
        positions = positions if positions is not None else PACK_MIN_PADDED_POSITIONS * on_gpu
        return padded > 0 and padded >= positions and padded >= share * batch * seq


def zero_pad_states(hidden: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """(B, S, H) with 0 at the padded positions of attention_mask (B, S), as the packed path restores them."""
    return hidden.masked_fill((attention_mask == 0)[..., None], 0)


class PackedSelfAttention:
    """Mixin before a stock self-attention class: stock's forward; on packed tokens (``padding=`` from the zoo
    encoder) variable-length attention."""

    def forward(self, hidden_states: torch.Tensor, *args, padding: Padding | None = None, **kwargs):
        if padding is None:
            return super().forward(hidden_states, *args, **kwargs)
        # (1, T, H) packed -> (T, heads, D) views; every token attends to the real tokens of its own row.
        # Straight-line code, no generator: this runs once per layer on the host of a launch-bound forward.
        per_head = (hidden_states.shape[1], self.num_attention_heads, self.attention_head_size)
        q = self.query(hidden_states).view(per_head)
        k = self.key(hidden_states).view(per_head)
        v = self.value(hidden_states).view(per_head)
        dropout = self.dropout.p if self.training else 0.0
        out = varlen_attention(q, k, v, padding.cu_seqlens, padding.max_seqlen, scale=self.scaling, dropout_p=dropout)
        return out.reshape(*hidden_states.shape[:-1], self.all_head_size), None  # (1, T, H), no weights, as SDPA


class PackedEncoder:
    """Mixin before a stock encoder class: the stock layer loop, run on the packed tokens of a Padding when one is
    passed (from CUDA graphs when ``layer_graphs`` is passed and can replay this call)."""

    def forward(
        self,
        hidden_states: torch.Tensor,
        *args,
        padding: Padding | PendingPadding | None = None,
        layer_graphs: LayerGraphs | None = None,
        padded_mask: torch.Tensor | None = None,
        packing_rule: PackingRule | None = None,
        **kwargs,
    ):
        if padding is None:
            return super().forward(hidden_states, *args, **kwargs)
        # Host work that needs no sizes goes before the wait, while the GPU still runs the embeddings.
        prepared = layer_graphs.prepare(self.layer) if layer_graphs is not None and hidden_states.is_cuda else None
        padding = padding.resolve()  # the host waits here, with the embeddings already queued
        if packing_rule is not None and not packing_rule.pays(padding, hidden_states.is_cuda):
            return self._stock_padded(hidden_states, padding, padded_mask, *args, **kwargs)
        # A full batch: nothing to strip, stock's unmasked path (the encoder model passes no mask), no views to undo.
        hidden = hidden_states if padding.dense else padding.strip(hidden_states).unsqueeze(0)  # (1, T, H) packed
        replayed = None
        if layer_graphs is not None:
            head_dim = self.config.hidden_size // self.config.num_attention_heads
            replayed = layer_graphs.run(self.layer, hidden, padding, head_dim, prepared)
        if replayed is not None:
            # The graph's buffer is rewritten by the next replay: restore copies it out, a full batch is cloned.
            last = replayed.clone() if padding.dense else padding.restore(replayed.squeeze(0), shape=hidden_states.shape[:2])
            return BaseModelOutputWithPastAndCrossAttentions(last_hidden_state=last)
        if padding.dense:
            return super().forward(hidden, *args, **kwargs)
        # `padding` rides along through the layers to the zoo self-attention.
        outputs = super().forward(hidden, *args, padding=padding, **kwargs)
        outputs.last_hidden_state = padding.restore(outputs.last_hidden_state.squeeze(0), shape=hidden_states.shape[:2])
        return outputs

    def _stock_padded(self, hidden_states, padding: Padding, padded_mask: torch.Tensor | None, *args, **kwargs):
        """Stock's layers on the padded (B, S, H) batch (packing does not pay for it): no padding, no mask (stock's
        own unmasked path); else stock's mask from the 2-D one. Stock's states at pads: the pooler reads them as
        stock's does; the encoder model then zeroes them as the packed path gives them."""
        if padding.num_tokens == padding.shape[0] * padding.shape[1]:
            return super().forward(hidden_states, *args, **kwargs)
        if padded_mask is None:
            raise ValueError("the padded route needs the 2-D attention mask (padded_mask=)")
        # The boolean mask stock's create_bidirectional_mask builds for sdpa (each query sees its row's real keys),
        # without its all-real check: a second host read, and this batch is known to have padding.
        batch, seq = padding.shape
        mask = (padded_mask != 0)[:, None, None, :].expand(batch, 1, seq, seq)  # (B, 1, S, S)
        if args:  # the mask's place, where the caller passes it positionally (stock's model passes keywords)
            args = (mask, *args[1:])
        else:
            kwargs["attention_mask"] = mask
        return super().forward(hidden_states, *args, **kwargs)  # the encoder model zeroes the pad states


class PackedZoo(ZooModel):
    """What every zoo class of a BERT-shaped family does on construction or patch(): zoo encoder model, encoder and
    self-attention in place of stock's.

    The config is left as given: the zoo modules route to the packed path themselves, when the model's
    attention implementation is "sdpa" (stock's default).
    """

    zoo_feature = "variable tensor shape (padding stripped)"

    @classmethod
    def packed_classes(cls) -> dict[type, type]:
        """Stock class -> zoo class of the family's encoder model, encoder and self-attention (override)."""
        raise NotImplementedError

    def _zoo_patch(self) -> None:
        swap_module_classes(self, self.packed_classes())
        use_bias_grad_gemv(self, True)

    def _labelled_logits(self, named: dict) -> bool:
        """Whether an MLM / pretraining head computes its logits at the labelled positions only (packing on)."""
        return named.get("labels") is not None and self.base_model.pack_padding

    def _pack_first_when_compiled(self, named: dict, extra: dict, host_counts=None) -> dict:
        """Under torch.compile, ``extra`` with the packed handle (``padding=``) built before anything else.

        Padding.bucketed is a graph break (a host read). Called first in the outermost zoo forward, with no
        op before it, dynamo resumes after it with everything else (embeddings, packed layers, head, loss)
        in one graph; called inside the encoder model, the break would cut the head's frame in two graphs, each
        recompiled on a new batch shape. ``host_counts(named)``: a head's own device counts (labelled positions,
        a pad check), read in the same call into ``extra[COUNTS_READ_FIRST]``, so a head adds no second break
        (each break is a run of frames that every new batch shape compiles again). Eager calls: ``extra`` unchanged.
        The break is taken here, in this method's caller (``reads_before_graph`` then ``read_before_graph``),
        not in a frame of its own: every frame on the stack at a break is compiled (and recompiled) on its own.
        """
        if self._reads_before_graph(named, extra):
            extra = read_before_graph(self.base_model, named, extra, host_counts)
        return extra

    def _reads_before_graph(self, named: dict, extra: dict) -> bool:
        """Whether this call is traced by torch.compile and packs with a handle built here (read_before_graph)."""
        return torch.compiler.is_compiling() and extra.get("padding") is None and self.base_model._packs(named, extra)


class PackedEncoderModel(PackedZoo):
    """Mixin before a stock encoder model class (BertModel, RobertaModel, ...): builds the Padding and runs its
    encoder on it. The family's class binds ``packed_forward`` under its stock forward's signature:
    ``forward = with_stock_signature(transformers.XModel.forward)(PackedEncoderModel.packed_forward)``."""

    # Strip the padding and run the layers on packed tokens (False: stock's padded encoder on every call); set it
    # with use_packing(model, enabled).
    pack_padding: bool = True
    # Round the packed token count up to a multiple of this (None: exact), so compiled graphs and
    # CUDA graphs see one shape per bucket; set it with use_static_shapes(model, multiple_of).
    packed_multiple_of: int | None = None
    # The encoder's layer loop replayed from CUDA graphs, one set per bucket; set by use_cuda_graphs.
    layer_graphs: LayerGraphs | None = None
    # Which batches run packed eagerly (the others: stock's padded layers); set it with use_packing.
    packing_rule: PackingRule = PackingRule()

    def _packs(self, named: dict, extra: dict) -> bool:
        packs = self._packable(named, extra)
        if packs and exporting():
            # An exported program has no host: the packed sizes would be data-dependent and fixed at trace
            # time. Stock's padded path serves every padding the program will see.
            logger.warning_once("patchzoo: torch.export traces stock's padded encoder of a BERT-shaped model (packing needs host-read sizes)")
            return False
        if packs and torch.compiler.is_compiling() and not graph_breaks_allowed():
            return False  # fullgraph=True: stock's padded path (logged once by graph_breaks_allowed)
        return packs

    def _traced_in_place_of_packing(self, named: dict, extra: dict) -> bool:
        """Whether this call traces stock's padded encoder where an eager call would pack (torch.export,
        torch.compile(fullgraph=True))."""
        return (exporting() or torch.compiler.is_compiling()) and self._packable(named, extra)

    def _traced_padded_forward(self, named: dict, extra: dict):
        """Stock's padded forward with the eager zoo's values: 0 at pad positions, as restore gives them.

        Except where eager runs stock's padded path itself: a left-padded batch whose pooler reads a pad
        (_pooler_reads_a_pad) keeps stock's pad states. Device ops only (no host read): one program serves every
        padding.
        """
        extra = dict(extra)
        return_dict = extra.pop("return_dict", None)
        outputs = super().forward(**named, **extra, return_dict=True)
        real = named["attention_mask"] != 0  # (B, S)
        zeroed = ~real
        if self.pooler is not None:
            zeroed = zeroed & (first_padded_rows(real, real.sum(dim=1)) == 0)
        outputs.last_hidden_state = outputs.last_hidden_state.masked_fill(zeroed[..., None], 0)
        if outputs.hidden_states is not None:
            outputs.hidden_states = tuple(h.masked_fill(zeroed[..., None], 0) for h in outputs.hidden_states)
        if return_dict is None:
            return_dict = getattr(self.config, "return_dict", True)
        return outputs if return_dict else outputs.to_tuple()

    def _packable(self, named: dict, extra: dict) -> bool:
        """Whether the packed path can serve this call: a 2-D mask, stock's sdpa, an encoder without a cache."""
        attention_mask = named.get("attention_mask")
        return (
            self.pack_padding
            and attention_mask is not None
            and attention_mask.dim() == 2
            and self.config._attn_implementation == PACKED_IN_PLACE_OF
            and not self.config.is_decoder
            and named.get("encoder_hidden_states") is None
            and named.get(CACHE_NAME, extra.get("past_key_values")) is None
        )

    def packed_forward(self, named: dict, extra: dict):
        # A Padding built ahead (Padding.from_mask(cpu_mask).to(device) in the data loader) skips the
        # host sync of building it here; padding=False runs stock's padded path for this call.
        # Compiled: built first (outside the graphs, one host read; packed length bucketed and symbolic), so
        # one graph runs the embeddings, packed layers and heads for any padding.
        padding = self._pack_first_when_compiled(named, extra).pop("padding", None)
        if padding is False or not self._packs(named, extra):
            if padding is not False and self._traced_in_place_of_packing(named, extra):
                return self._traced_padded_forward(named, extra)
            return super().forward(**named, **extra)
        if isinstance(padding, Padding) and self._pooler_reads_a_pad(padding):  # known before the encoder
            return super().forward(**named, **extra)
        stock_call = dict(named), dict(extra)  # for a rerun on the padded path (_pooler_reads_a_pad)
        attention_mask = named.pop("attention_mask")
        compiling = torch.compiler.is_compiling()
        if padding is None:
            padding = Padding.start(attention_mask, self.packed_multiple_of)  # queued before the embeddings
        elif not compiling and padding.shape != tuple(attention_mask.shape):  # compiled: not checked (the check
            # would guard the graph on the batch's sizes, a recompile per shape); eager calls catch a mismatch
            raise ValueError(f"padding was built for a {padding.shape} mask; attention_mask is {tuple(attention_mask.shape)}")
        return_dict = extra.pop("return_dict", None)
        if not compiling and self._graphs_apply(extra):  # compiled: the graphs are torch.compile's
            extra["layer_graphs"] = self.layer_graphs
        rule = None if compiling else self.packing_rule  # compiled: always packed, one code path in the graph
        # No mask to build: the encoder attends within rows through `padding` (or builds stock's mask from
        # `padded_mask` where the rule sends the batch to stock's padded layers).
        outputs = super().forward(attention_mask=None, padding=padding, padded_mask=attention_mask, packing_rule=rule,
                                  return_dict=True, **named, **extra)
        padding = padding.resolve()  # done by the encoder already: no wait
        if rule is not None and not rule.pays(padding, outputs.last_hidden_state.is_cuda):
            # Ran stock's padded layers: pad states zeroed as the packed path gives them (so an output does not
            # depend on the path its batch took), except where a packed call runs stock's path whole (the pooler
            # reads a pad: left padding)
            if padding.num_tokens < padding.shape[0] * padding.shape[1] and not self._pooler_reads_a_pad(padding):
                outputs.last_hidden_state = zero_pad_states(outputs.last_hidden_state, attention_mask)
                if outputs.hidden_states is not None:
                    outputs.hidden_states = tuple(zero_pad_states(h, attention_mask) for h in outputs.hidden_states)
        elif self._pooler_reads_a_pad(padding):  # learnt with the sizes, after the packed run: run it again padded
            return super().forward(**stock_call[0], **stock_call[1])
        elif outputs.hidden_states is not None and not padding.dense:
            # Recorded at the layers, so packed (1, T, H); the last may already be last_hidden_state.
            shape = outputs.last_hidden_state.shape[:2]
            outputs.hidden_states = tuple(
                h if h is None or h is outputs.last_hidden_state else padding.restore(h.squeeze(0), shape=shape)
                for h in outputs.hidden_states
            )
        if return_dict is None:
            return_dict = getattr(self.config, "return_dict", True)
        return outputs if return_dict else outputs.to_tuple()

    @torch.compiler.disable  # the host read of the sizes (and a log line): between graphs, never in one
    def _compiled_padding(self, attention_mask: torch.Tensor) -> Padding | bool:
        """The packed handle a compiled call runs on, or False (stock's padded path: _pooler_reads_a_pad)."""
        padding = Padding.bucketed(attention_mask, self.config.max_position_embeddings)
        return False if self._pooler_reads_a_pad(padding) else padding

    def _pooler_reads_a_pad(self, padding: Padding) -> bool:
        """Whether the pooler (the first token's state) would read a padded position: stock's pad state there
        comes from the pad position's own query, which the packed layers never compute. Such batches (left
        padding) run stock's padded encoder, so pooler_output (and every head on it) stays stock's."""
        if self.pooler is None or not padding.first_padded:
            return False
        logger.warning_once(
            "patchzoo: a row's first position is padded (left padding) and the pooler reads that position's "
            "state, which only stock's padded encoder computes: such batches run it (pad on the right to pack)")
        return True

    def _graphs_apply(self, kwargs: dict) -> bool:
        """Whether the layers may run from graphs: not when per-layer outputs are recorded (a replay runs
        no Python, so no hooks) or when kwargs the graphs do not take reach the layers."""
        if self.layer_graphs is None:
            return False
        recorded = any(kwargs.get(name, getattr(self.config, name, False)) for name in ("output_hidden_states", "output_attentions"))
        return not recorded and set(kwargs) <= {"output_hidden_states", "output_attentions"}


def use_packing(
    model: torch.nn.Module, enabled: bool = True, min_padding_share: float | None = None,
    min_padded_positions: int | None = None,
) -> torch.nn.Module:
    """Strip the padding (True, the default) or run stock's padded encoder on every call (False), in every zoo
    encoder model (BertModel, RobertaModel, ...) of `model`; the MLM / pretraining heads' labelled-only logits follow
    (False: stock's full logits).

    min_padding_share, min_padded_positions: the PackingRule: batches below either bound run stock's padded layers
    (pads zeroed), eagerly; None: the device's default (PACK_MIN_PADDING_SHARE and PACK_MIN_PADDED_POSITIONS on a
    GPU, 0 elsewhere); 0 and 0: every padded batch packs."""
    rule = PackingRule(min_padding_share, min_padded_positions)
    for module in model.modules():
        if isinstance(module, PackedEncoderModel):
            module.pack_padding = enabled
            module.packing_rule = rule
    return model


def use_bias_grad_gemv(model: torch.nn.Module, enabled: bool = True) -> torch.nn.Module:
    """The encoder layers' nn.Linear as MvBiasGradLinear (True, the default: on CUDA the bias gradient is a GEMV,
    patches/bias_grad.py) or as stock's nn.Linear (False); the same forward, parameters and state dict either way."""
    mapping = {nn.Linear: MvBiasGradLinear} if enabled else {MvBiasGradLinear: nn.Linear}
    for module in model.modules():
        if isinstance(module, PackedEncoder):
            swap_module_classes(module.layer, mapping)
    return model


def use_static_shapes(model: torch.nn.Module, multiple_of: int | None = None) -> torch.nn.Module:
    """Pad the packed token count of every zoo encoder model in `model` up to a multiple (None: off)."""
    for module in model.modules():
        if isinstance(module, PackedEncoderModel):
            module.packed_multiple_of = multiple_of
    return model


def use_cuda_graphs(model: torch.nn.Module, multiple_of: int | None = 256, max_graphs: int = 8) -> torch.nn.Module:
    """Replay the encoder layers of every zoo encoder model in `model` from CUDA graphs (None: off, graphs dropped).

    Implies ``use_static_shapes(model, multiple_of)``: the packed token count is rounded up to a multiple,
    and one graph set is captured lazily per (training/eval, autograd or not, batch shape, bucket), at most
    ``max_graphs`` per model (later buckets run eagerly). Each set holds its own memory pool (a training
    set about an eager step's activations) until ``use_cuda_graphs(model, None)`` drops it. Outputs are
    fresh tensors; calls a graph cannot replay exactly run eagerly (see patchzoo.patches.cuda_graphs).
    """
    use_static_shapes(model, multiple_of)
    for module in model.modules():
        if isinstance(module, PackedEncoderModel):
            module.layer_graphs = None if multiple_of is None else LayerGraphs(multiple_of, max_graphs)
    return model


# The key of ``extra`` under which _pack_first_when_compiled hands a head the counts it read with the sizes.
COUNTS_READ_FIRST = "_patchzoo_counts_read_first"


@torch.compiler.disable  # every host read of a compiled call, in one call: one graph break, before the first op
def read_before_graph(encoder_model, named: dict, extra: dict, host_counts=None) -> dict:
    """``extra`` with ``padding=`` (the packed handle, or False: PackedEncoderModel._compiled_padding) and, where
    ``host_counts`` is given and returns a tensor, ``COUNTS_READ_FIRST`` = its values."""
    extra = {**extra, "padding": encoder_model._compiled_padding(named["attention_mask"])}
    values = None if host_counts is None else host_counts(named)
    if values is not None:
        extra[COUNTS_READ_FIRST] = values.reshape(-1).tolist()
    return extra


def _label_counts(labels: torch.Tensor, attention_mask: torch.Tensor | None) -> torch.Tensor:
    """(2,) on the device: labelled positions M, labelled pad positions."""
    selected = labels != IGNORE_INDEX  # (B, S)
    on_pads = selected.new_zeros(())
    if attention_mask is not None and attention_mask.dim() == 2:
        on_pads = selected & (attention_mask == 0)
    return torch.stack([selected.sum(), on_pads.sum()])


def labelled_counts(named: dict) -> torch.Tensor:
    """The MLM heads' ``host_counts`` (_pack_first_when_compiled): [M, labelled pad positions]."""
    return _label_counts(named["labels"], named.get("attention_mask"))


@torch.compiler.disable  # starts a host read: under torch.compile it runs between graphs, its counts enter as ints
def count_labels(labels: torch.Tensor, attention_mask: torch.Tensor | None) -> DeferredHostRead:
    """Queue the read of (labelled positions M, labelled pad positions): start it before the encoder.

    By the time the head needs M, the encoder's own wait has passed this read, so it costs no stall.
    """
    return DeferredHostRead(_label_counts(labels, attention_mask))


@torch.compiler.disable  # the host read of count_labels, in one call: one graph break under torch.compile
def read_label_counts(labels: torch.Tensor, attention_mask: torch.Tensor | None) -> list[int]:
    """[labelled positions M, labelled pad positions], read now."""
    return count_labels(labels, attention_mask).tolist()


def masked_lm_head(
    predictions: torch.nn.Module, sequence_output: torch.Tensor, labels: torch.Tensor, num_selected: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """(logits (M, vocab), loss) over the M = num_selected positions with a label: the rest never reach the vocabulary.

    Equals stock's CrossEntropyLoss over (B*S, vocab) with ignore_index=-100 (a mean over the same M).
    """
    selected = (labels != IGNORE_INDEX).flatten()  # (B*S,)
    # The flat positions of the M labels in order, as a boolean index would give them but with no
    # sync (M is known): the k-th is where the running count of labels reaches k.
    positions = torch.searchsorted(selected.cumsum(0), torch.arange(1, num_selected + 1, device=labels.device))
    logits = predictions(sequence_output.flatten(0, 1).index_select(0, positions))  # (M, H) -> (M, vocab)
    loss = CrossEntropyLoss()(logits, labels.flatten().index_select(0, positions))
    return logits, loss


def encode_and_predict_labelled(model, named: dict, extra: dict, predictions: nn.Module):
    """(encoder outputs, logits (M, vocab), MLM loss) of an MLM/pretraining head with labels, or None
    where a label sits on a padded position: stock's logits there come from a computed pad state, which
    the packed encoder never computes, so the caller runs stock's padded path for that call.

    ``named``/``extra`` are the head's arguments (``with_stock_signature``); labels and the NSP label are left
    out of what reaches the encoder model; ``predictions`` is the family's MLM head ((N, H) -> (N, vocab)). The label count is queued before the encoder runs and read after it,
    so the head adds no host stall.
    """
    labels = named["labels"]
    inputs = {name: value for name, value in named.items() if name not in ("labels", "next_sentence_label")}
    counts = extra.pop(COUNTS_READ_FIRST, None)  # compiled: read with the sizes (_pack_first_when_compiled)
    pending = None
    if counts is None and torch.compiler.is_compiling():
        # A handle passed by the caller: read at once, one graph break before the first op rather than one
        # between encoder and head.
        counts = read_label_counts(labels, named.get("attention_mask"))
    elif counts is None:
        pending = count_labels(labels, named.get("attention_mask"))
    if counts is None or not counts[1]:
        outputs = model.base_model(**inputs, return_dict=True, **extra)
        counts = counts or pending.tolist()  # eager: read once the encoder is queued, no stall
    num_selected, on_pads = counts
    if on_pads:
        logger.warning_once(
            "patchzoo: labels at padded positions (attention_mask == 0): such calls run stock's padded "
            "encoder, whose pad states those logits need (set pad labels to -100 to keep the packed path)"
        )
        return None
    logits, loss = masked_lm_head(predictions, outputs.last_hidden_state, labels, num_selected)
    return outputs, logits, loss


def packed_masked_lm(model, named: dict, extra: dict, predictions: nn.Module, stock_forward) -> MaskedLMOutput:
    """An MLM head's forward: with labels (and packing on), `logits` holds only the labelled positions, (M, vocab) =
    stock logits[labels != -100]; otherwise (no labels, packing off, labels on pads) ``stock_forward``."""
    labelled_logits = model._labelled_logits(named)
    if model._reads_before_graph(named, extra):  # _pack_first_when_compiled, with the break in this frame
        extra = read_before_graph(model.base_model, named, extra, labelled_counts if labelled_logits else None)
    labelled = encode_and_predict_labelled(model, named, extra, predictions) if labelled_logits else None
    if labelled is None:  # no labels (stock's head), packing off, or labels on pads (and stock's padded encoder)
        padded = {} if named.get("labels") is None else {"padding": False}
        return stock_forward(**named, return_dict=True, **{**extra, **padded})
    outputs, logits, loss = labelled
    return MaskedLMOutput(loss=loss, logits=logits, hidden_states=outputs.hidden_states, attentions=outputs.attentions)


def stock_head_forward(stock_forward, loss_reads_pads=None, reason: str = ""):
    """The forward of a head that is stock's but for the packed handle built first under torch.compile
    (``_pack_first_when_compiled``; stock's heads pass ``padding=`` through ``**kwargs`` to the zoo encoder model).

    ``loss_reads_pads(named)``: None, or a device bool that is true when this call's loss reads outputs at
    padded positions, which the packed encoder does not compute (stock computes them from pad states, so
    its loss depends on them). Such calls run stock's padded encoder, logged once with ``reason``. Eagerly the
    bool is read after the packed run (no stall) and the call runs again where it is true; compiled, it is
    read first (a graph break before any op).
    """

    def padded_rerun(self, named: dict, extra: dict):
        logger.warning_once(f"patchzoo: {reason}; such calls run stock's padded encoder")
        return stock_forward(self, **named, **{**extra, "padding": False})

    @with_stock_signature(stock_forward)
    def forward(self, named: dict, extra: dict):
        if self._reads_before_graph(named, extra):  # _pack_first_when_compiled, with the break in this frame
            extra = read_before_graph(self.base_model, named, extra, loss_reads_pads)
        read_first = extra.pop(COUNTS_READ_FIRST, None)  # compiled: the check, read with the sizes
        packs = extra.get("padding") is not False and self.base_model._packs(named, extra)
        if read_first is not None:
            return padded_rerun(self, named, extra) if packs and read_first[0] else stock_forward(self, **named, **extra)
        check = loss_reads_pads(named) if loss_reads_pads is not None and packs else None
        if check is None:  # nothing to check, or stock's padded encoder runs anyway
            return stock_forward(self, **named, **extra)
        pending = DeferredHostRead(check.reshape(1).long())
        if torch.compiler.is_compiling():
            return padded_rerun(self, named, extra) if pending.tolist()[0] else stock_forward(self, **named, **extra)
        out = stock_forward(self, **named, **extra)
        return padded_rerun(self, named, extra) if pending.tolist()[0] else out

    return forward


def _padded_mask(named: dict) -> torch.Tensor | None:
    """(B, S) bool of padded positions, where the zoo packs this call (a 2-D mask), else None."""
    mask = named.get("attention_mask")
    return None if mask is None or mask.dim() != 2 else mask == 0


def token_labels_on_pads(named: dict) -> torch.Tensor | None:
    labels, padded = named.get("labels"), _padded_mask(named)
    if labels is None or padded is None:
        return None
    return ((labels != IGNORE_INDEX) & padded).any()


def span_loss_over_padding(named: dict) -> torch.Tensor | None:
    padded = _padded_mask(named)
    if padded is None or (named.get("start_positions") is None and named.get("end_positions") is None):
        return None
    return padded.any()


def first_position_padded(named: dict) -> torch.Tensor | None:
    """Whether a row's first position is padded (left padding): a classifier reading the first token's state (RoBERTa's
    classification head) would read a pad state there, which only stock's padded encoder computes."""
    padded = _padded_mask(named)
    return None if padded is None else padded[:, 0].any()


# Each head's pad check with the line logged once when it sends a call to stock's padded encoder: the arguments
# after the stock forward of stock_head_forward, shared by every family.
TOKEN_LABELS_ON_PADS = (
    token_labels_on_pads,
    "labels at padded positions (attention_mask == 0) need the pad states' logits (set them to -100 to pack)")
SPAN_LOSS_OVER_PADDING = (
    span_loss_over_padding,
    "the span loss (start/end positions) is a softmax over every position, pads included, whose logits need the pad "
    "states")
FIRST_TOKEN_CLASSIFIER = (
    first_position_padded,
    "a row's first position is padded (left padding) and the classifier reads that position's state (pad on the "
    "right to pack)")
