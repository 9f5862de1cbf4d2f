"""The zoo T5's float16 attention mask: T5's position bias and the mask combined into one additive mask with
the scaled fill (patchzoo.models.t5.mask_with_position_bias), once per forward call in inference.

Checked: the values (stock's combination, masked entries at 0.75 * finfo.min, finite after a score is added),
that inference builds it once per forward call however many layers (an op count, not a timing), that training
builds it per layer (autograd sees every use), and that padded float16 batches through the sdpa and eager twins
match float32 stock.
"""

import collections
import copy

import pytest
import torch
import transformers
from torch.utils._python_dispatch import TorchDispatchMode
from transformers.integrations.sdpa_attention import create_position_bias_mask

import patchzoo
from patchzoo.models import t5 as zoo_t5
from patchzoo.models.base import CACHE_NAME
from patchzoo.patches.fp16 import mask_fill_value
from test_t5 import RELATIVE_TOLERANCE, batch, logits, relative_error

FILL = mask_fill_value(torch.float16)


class CountOps(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.counts = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.counts[func.overloadpacket.__name__] += 1
        return func(*args, **(kwargs or {}))


def bias_and_masks():
    g = torch.Generator().manual_seed(0)
    bias = (torch.randn(1, 2, 3, 5, generator=g) * 1e3).clamp(-4e3, 4e3).half()  # T5's biases are far smaller
    attend = torch.rand(2, 1, 3, 5, generator=g) > 0.4
    additive = torch.zeros(2, 1, 3, 5, dtype=torch.float16).masked_fill(~attend, torch.finfo(torch.float16).min)
    return bias, attend, additive


@torch.no_grad()
def test_combined_mask_is_stocks_with_the_scaled_fill():
    bias, attend, additive = bias_and_masks()
    stock = create_position_bias_mask(bias, attend, False, bias, bias)  # where(mask, bias, finfo.min)
    for mask in (attend, additive):
        combined = zoo_t5.mask_with_position_bias(mask, bias)
        assert combined.shape == stock.shape and combined.dtype == torch.float16
        assert torch.equal(combined[attend.expand_as(stock)], stock[attend.expand_as(stock)])
        masked = combined[~attend.expand_as(stock)]
        expected = torch.full_like(masked, FILL) if mask is attend else bias.expand_as(stock)[~attend.expand_as(stock)] + FILL
        assert torch.equal(masked, expected)
        assert torch.isfinite(masked - 1e4).all()  # a score of -1e4 added stays finite (stock's finfo.min: -inf)


def test_inference_reuses_the_combined_mask_and_training_does_not():
    bias, attend, _ = bias_and_masks()
    with torch.no_grad():
        first = zoo_t5.mask_with_position_bias(attend, bias)
        assert zoo_t5.mask_with_position_bias(attend, bias) is first
        assert zoo_t5.mask_with_position_bias(attend, bias.clone()) is not first  # another bias: built again
    bias.requires_grad_(True)
    assert zoo_t5.mask_with_position_bias(attend, bias) is not zoo_t5.mask_with_position_bias(attend, bias)


@pytest.mark.parametrize("attn", ["sdpa", "eager"])
def test_padded_encoder_builds_the_mask_once_for_all_layers(tiny_checkpoints, attn):
    zoo = patchzoo.T5EncoderModel.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16, attn_implementation=attn)
    assert len(zoo.encoder.block) >= 2
    inputs = batch(zoo.config.vocab_size)
    call = dict(input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"])
    op = "where" if attn == "sdpa" else "clamp"  # the fill: where() on sdpa's boolean masks, clamp() on eager's
    counts = {}
    for grad in (False, True):  # with gradients every layer builds its own (autograd sees each use)
        with torch.set_grad_enabled(grad), CountOps() as counted:
            zoo(**call)
        counts[grad] = counted.counts[op]
    assert counts[True] - counts[False] == len(zoo.encoder.block) - 1, counts


@pytest.mark.parametrize("attn", ["sdpa", "eager"])
def test_padded_fp16_matches_fp32_stock(tiny_checkpoints, attn, device):
    path = tiny_checkpoints("t5")
    expected = logits(transformers.T5ForConditionalGeneration.from_pretrained(path, attn_implementation=attn), batch(), device)
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(path, dtype=torch.float16, attn_implementation=attn)
    assert relative_error(logits(zoo, batch(), device), expected) <= RELATIVE_TOLERANCE


def test_decoding_step_copies_the_position_bias_once_for_all_layers(tiny_checkpoints):
    """Without a mask, stock's sdpa path makes a decoding step's sliced position bias contiguous in every layer."""
    zoo = patchzoo.T5ForConditionalGeneration.from_pretrained(tiny_checkpoints("t5"), dtype=torch.float16)
    ids = batch(zoo.config.vocab_size)["input_ids"][:1]
    with torch.no_grad():
        encoded = zoo.get_encoder()(input_ids=ids)
        prefill = zoo(encoder_outputs=encoded, decoder_input_ids=torch.zeros(1, 2, dtype=torch.long), use_cache=True)
    counts = {}
    for grad in (False, True):
        cache = copy.deepcopy(getattr(prefill, CACHE_NAME))
        with torch.set_grad_enabled(grad), CountOps() as counted:
            zoo(encoder_outputs=encoded, decoder_input_ids=torch.ones(1, 1, dtype=torch.long), use_cache=True,
                **{CACHE_NAME: cache})
        counts[grad] = counted.counts["clone"]
    assert counts[True] - counts[False] == len(zoo.decoder.block) - 1, counts
