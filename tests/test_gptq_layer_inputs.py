"""What GPTQ feeds each decoder layer is what the model's own forward feeds it: the check inside quantize_model
passes on the real path and stops a run whose captured inputs are stale or built with other keyword arguments."""

import pytest
import torch
import transformers

from patchzoo.conversion.gptq import QuantizeConfig
from patchzoo.conversion.gptq_model import (
    calibration_windows,
    capture_layer_inputs,
    check_layer_inputs,
    decoder_layers,
    layer_output,
    quantize_model,
)


@pytest.fixture
def model(tiny_checkpoints):
    return transformers.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama"), dtype=torch.float32).eval()


def sample_ids(length: int = 24, seed: int = 0) -> torch.Tensor:
    return torch.randint(4, 512, (1, length), generator=torch.Generator().manual_seed(seed))


def test_captured_kwargs_are_the_models(model):
    ids = sample_ids()
    (hidden, kwargs), = capture_layer_inputs(model, decoder_layers(model)[0], [ids])
    assert torch.equal(hidden, model.model.embed_tokens(ids))
    cos, sin = kwargs["position_embeddings"]
    expected_cos, expected_sin = model.model.rotary_emb(hidden, torch.arange(ids.shape[1])[None])
    assert torch.equal(cos, expected_cos) and torch.equal(sin, expected_sin)


def test_layer_by_layer_outputs_equal_the_models_hidden_states(model):
    ids = sample_ids()
    with torch.no_grad():
        expected = model(ids, output_hidden_states=True).hidden_states  # (embeddings, layer 0, ..., final norm)
    hidden, kwargs = capture_layer_inputs(model, decoder_layers(model)[0], [ids])[0]
    for index, layer in enumerate(decoder_layers(model)):
        torch.testing.assert_close(hidden, expected[index], rtol=1e-5, atol=1e-5)
        check_layer_inputs(model, index, ids, (hidden, kwargs))
        with torch.no_grad():
            hidden = layer_output(layer, hidden, kwargs)


def test_check_catches_wrong_rotary_embeddings(model):
    ids = sample_ids()
    hidden, kwargs = capture_layer_inputs(model, decoder_layers(model)[0], [ids])[0]
    shifted = dict(kwargs, position_embeddings=model.model.rotary_emb(hidden, torch.arange(1, ids.shape[1] + 1)[None]))
    with pytest.raises(RuntimeError, match="keyword argument 'position_embeddings' differs"):
        check_layer_inputs(model, 0, ids, (hidden, shifted))


def test_check_catches_inputs_that_miss_the_quantized_layers_before(model):
    """Layer 1's inputs must come from layer 0 as quantized, not as it was."""
    ids = sample_ids()
    layers = decoder_layers(model)
    hidden, kwargs = capture_layer_inputs(model, layers[0], [ids])[0]
    with torch.no_grad():
        stale = layer_output(layers[0], hidden, kwargs)
        for module in layers[0].modules():
            if isinstance(module, torch.nn.Linear):
                module.weight.mul_(1.05)
    with pytest.raises(RuntimeError, match=r"calibration inputs of decoder layer 1 .*\(hidden states differ"):
        check_layer_inputs(model, 1, ids, (stale, kwargs))


def test_quantize_model_runs_the_check_on_every_layer(model, monkeypatch):
    import patchzoo.conversion.gptq_model as gptq_model

    checked = []
    real_check = gptq_model.check_layer_inputs
    monkeypatch.setattr(gptq_model, "check_layer_inputs",
                        lambda m, index, *rest: checked.append(index) or real_check(m, index, *rest))
    samples = calibration_windows(torch.randint(4, 512, (200,), generator=torch.Generator().manual_seed(1)), 4, 64)
    quantize_model(model, samples, QuantizeConfig(bits=4, group_size=32), progress=False)
    assert checked == list(range(len(decoder_layers(model))))


def test_calibration_windows_are_consecutive_and_use_every_token():
    ids = torch.arange(10)
    windows = calibration_windows(ids, nsamples=8, seqlen=4)
    assert [w.tolist() for w in windows] == [[[0, 1, 2, 3]], [[4, 5, 6, 7]], [[8, 9]]]
    assert len(calibration_windows(ids, nsamples=2, seqlen=4)) == 2
