"""Fine-tuning the zoo T5ForConditionalGeneration in float16 follows the float32 loss curve.

Two ways, both with a dynamic loss scale (torch.amp.GradScaler):
  autocast      float32 weights, torch.autocast(dtype=float16) forward: what HF Trainer's fp16=True does;
  fp16_master   float16 weights, float32 master copies for the optimizer (patchzoo.patches.fp16.FP32MasterWeights).
Against stock T5 in float32 on the same weights and data (a copy task the tiny model learns in 30 steps).

Tolerance: |loss - float32 loss| <= 1e-2 · the first float32 loss at every step, and the float32 curve
must fall by half (the comparison is of a real descent). float16 rounding perturbs each step's update
by ~1e-3 relative, and Adam's normalised steps keep that from compounding over 30 steps (measured on
CPU: 1.4e-4 autocast, 1.7e-3 fp16_master). GradScaler's init_scale is 2^10 and no step may be skipped, so that the curves
are compared step for step (at transformers' default 2^16 the first steps are skipped while the scale
falls, which shifts the float16 curve right by those steps).
"""

import copy

import pytest
import torch
import transformers

import patchzoo
from patchzoo.patches.fp16 import FP32MasterWeights
from patchzoo.tiny.presets import get_preset
from patchzoo.tiny.build import tiny_model

STEPS = 30
CURVE_TOLERANCE = 1e-2


def copy_task(vocab: int, batch: int, source: int, target: int, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """(input_ids, labels): the labels are the first ``target`` source tokens (one fixed batch, learnt by heart)."""
    g = torch.Generator().manual_seed(seed)
    input_ids = torch.randint(4, vocab, (batch, source), generator=g)
    return input_ids, input_ids[:, :target].clone()


def train(
    model, mode: str, data, device, steps: int = STEPS, lr: float = 1e-3, init_scale: float = 2.0**10
) -> tuple[list[float], int]:
    """(loss per step, skipped steps) of AdamW fine-tuning in ``mode``: fp32, autocast or fp16_master."""
    model = model.to(device).train()
    input_ids, labels = (t.to(device) for t in data)
    master = None
    if mode == "fp16_master":
        model.half()
        master = FP32MasterWeights(model)
    optimizer = torch.optim.AdamW(master.parameters() if master else model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler(device.type, init_scale=init_scale, enabled=mode != "fp32")
    losses, skipped = [], 0
    for _ in range(steps):
        with torch.autocast(device.type, dtype=torch.float16, enabled=mode == "autocast"):
            loss = model(input_ids=input_ids, labels=labels).loss
        scaler.scale(loss).backward()
        if master:
            master.grads_to_master()
        scale = scaler.get_scale()
        scaler.step(optimizer)
        scaler.update()
        skipped += scaler.get_scale() < scale
        if master:
            master.master_to_model()
        optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
    return losses, skipped


def assert_follows_fp32(model, mode: str, data, device, reference: list[float], init_scale: float = 2.0**10) -> None:
    assert reference[-1] < 0.5 * reference[0], reference
    zoo = patchzoo.patch(copy.deepcopy(model))
    losses, skipped = train(zoo, mode, data, device, init_scale=init_scale)
    deviation = max(abs(a - b) for a, b in zip(losses, reference)) / reference[0]
    assert skipped == 0
    assert deviation < CURVE_TOLERANCE, (f"deviation {deviation:.2e}", losses, reference)


@pytest.fixture(scope="module")
def tiny_run():
    """(tiny stock model, data, its float32 loss curve on the test device), shared by both modes."""
    model = tiny_model("t5")
    data = copy_task(model.config.vocab_size, 4, 12, 6)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return model, data, train(copy.deepcopy(model), "fp32", data, device)[0]


@pytest.mark.parametrize("mode", ["autocast", "fp16_master"])
def test_fp16_training_follows_fp32(mode, tiny_run, device):
    model, data, reference = tiny_run
    assert_follows_fp32(model, mode, data, device, reference)


@pytest.mark.gpu
@pytest.mark.parametrize("mode", ["autocast", "fp16_master"])
def test_fp16_training_follows_fp32_t5_small_shape_on_gpu(mode):
    config = transformers.T5Config(
        vocab_size=32128, d_model=512, d_kv=64, d_ff=1024, num_layers=8, num_decoder_layers=8, num_heads=6,
        feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0, pad_token_id=0, eos_token_id=1,
        decoder_start_token_id=0,
    )
    torch.manual_seed(0)
    model = transformers.T5ForConditionalGeneration(config)
    device, data = torch.device("cuda"), copy_task(config.vocab_size, 16, 64, 16)
    reference, _ = train(copy.deepcopy(model), "fp32", data, device)
    # 2^8: a wider model's gradients are larger; the feed-forward's backward multiplies them by up to 64 more.
    assert_follows_fp32(model, mode, data, device, reference, init_scale=2.0**8)


@pytest.mark.parametrize("mode", ["autocast", "fp16"])
def test_training_forward_has_no_graph_breaks(mode, device):
    """The float16 training forward (loss included) is one graph: the autocast and dtype checks are guards.
    One block per stack keeps the trace short; every block is the same code."""
    config = get_preset("t5").build_config()
    config.num_layers = config.num_decoder_layers = 1
    model = patchzoo.T5ForConditionalGeneration(config).to(device).train()
    if mode == "fp16":
        model.half()
    input_ids, labels = (t.to(device) for t in copy_task(model.config.vocab_size, 2, 12, 6))
    torch._dynamo.reset()
    with torch.autocast(device.type, dtype=torch.float16, enabled=mode == "autocast"):
        explained = torch._dynamo.explain(model)(input_ids=input_ids, labels=labels)
    assert (explained.graph_count, explained.graph_break_count) == (1, 0), explained.break_reasons
