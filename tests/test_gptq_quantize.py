"""The GPTQ quantizer: it beats round-to-nearest on its calibration data, writes the HF GPTQ format,
and the zoo loads what it writes into the logits of the dequantized model; `patchzoo quantize` end to end."""

import json

import pytest
import torch
import transformers
from safetensors.torch import load_file

import patchzoo
from patchzoo.cli import main
from patchzoo.conversion.gptq import QuantizeConfig, calibration_error, quantize_gptq, quantize_rtn
from patchzoo.conversion.gptq_model import quantize_checkpoint
from patchzoo.kernels.gptq.matmul import gptq_dequantize_reference, unpack_cols

CALIBRATION_TEXT = " ".join([
    "Quantization stores each weight in four bits and a scale for every group of rows.",
    "The calibration text only has to look like the inputs the model will see later.",
    "A Hessian built from those inputs says which columns matter most for the output.",
    "Errors made while rounding one column are pushed onto the columns not yet rounded.",
    "The quick brown fox jumps over the lazy dog, and the lazy dog does not mind at all.",
    "Question: what is the capital of France? Answer: Paris, on the river Seine.",
] * 6)

LINEARS_PER_LAYER = 7  # q, k, v, o, gate, up, down


@pytest.fixture(scope="module")
def quantized(tiny_checkpoints, tmp_path_factory):
    """act_order -> (output directory, layer reports) for the tiny Llama, 4-bit, group size 32."""
    out = {}
    for act_order in (False, True):
        directory = tmp_path_factory.mktemp(f"gptq_act{int(act_order)}")
        out[act_order] = quantize_checkpoint(
            str(tiny_checkpoints("llama")), CALIBRATION_TEXT, directory,
            QuantizeConfig(bits=4, group_size=32, act_order=act_order), nsamples=4, seqlen=48, progress=False,
        )[:2]
    return out


def dequantized_stock_model(checkpoint_dir, gptq_dir, dtype=torch.float32):
    """Stock Llama holding the GPTQ checkpoint's tensors: the reference dequantization of every
    quantized linear, and the checkpoint's (fp16) copy of everything else."""
    model = transformers.LlamaForCausalLM.from_pretrained(checkpoint_dir, dtype=dtype).eval()
    tensors = load_file(gptq_dir / "model.safetensors")
    state = {k: v.to(dtype) for k, v in tensors.items() if k in model.state_dict()}
    for name, module in model.named_modules():
        if f"{name}.qweight" in tensors:
            weight = gptq_dequantize_reference(
                tensors[f"{name}.qweight"], tensors[f"{name}.qzeros"], tensors[f"{name}.scales"],
                tensors[f"{name}.g_idx"], bits=4,
            )
            state[f"{name}.weight"] = weight.t().to(dtype)
    model.load_state_dict(state, strict=True)
    return model


@pytest.mark.parametrize("act_order", [False, True], ids=["in_order", "act_order"])
def test_gptq_beats_round_to_nearest_on_calibration_data(quantized, act_order):
    _, reports = quantized[act_order]
    assert len(reports) == 2 * LINEARS_PER_LAYER
    for r in reports:
        assert r.gptq_error < r.rtn_error, r
    total = sum(r.gptq_error for r in reports) / sum(r.rtn_error for r in reports)
    assert total < 0.5


@pytest.mark.parametrize("group_size,act_order,bits", [(-1, False, 4), (16, True, 4), (32, False, 8)])
def test_gptq_single_layer_against_rtn(group_size, act_order, bits):
    gen = torch.Generator().manual_seed(1)
    weight = torch.randn(24, 64, generator=gen)
    mixing = torch.randn(64, 64, generator=gen) / 8 + torch.eye(64)
    x = torch.randn(512, 64, generator=gen) @ mixing * torch.linspace(0.1, 3, 64)  # correlated, uneven inputs
    hessian = 2 * x.t() @ x / x.shape[0]
    q = quantize_gptq(weight, hessian, bits, group_size, act_order=act_order)
    rtn = quantize_rtn(weight, bits, group_size)
    assert q.codes.min() >= 0 and q.codes.max() < 2**bits
    assert calibration_error(weight, q, hessian) < 0.9 * calibration_error(weight, rtn, hessian)
    if act_order:
        assert not torch.equal(q.g_idx, torch.sort(q.g_idx).values)  # groups follow the Hessian order


def test_checkpoint_follows_hf_gptq_format(quantized, tiny_checkpoints):
    directory, _ = quantized[True]
    config = json.loads((directory / "config.json").read_text())
    qc = config["quantization_config"]
    assert qc["quant_method"] == "gptq" and qc["bits"] == 4 and qc["group_size"] == 32
    assert qc["desc_act"] is True and qc["sym"] is True and qc["checkpoint_format"] == "gptq"
    assert json.loads((directory / "quantize_config.json").read_text())["desc_act"] is True
    tensors = load_file(directory / "model.safetensors")
    stock = load_file(tiny_checkpoints("llama") / "model.safetensors")
    layers = [k.removesuffix(".qweight") for k in tensors if k.endswith(".qweight")]
    assert len(layers) == 2 * LINEARS_PER_LAYER
    for name in layers:
        out_features, in_features = stock[f"{name}.weight"].shape
        assert f"{name}.weight" not in tensors
        assert tensors[f"{name}.qweight"].dtype == torch.int32
        assert tensors[f"{name}.qweight"].shape == (in_features // 8, out_features)
        assert tensors[f"{name}.qzeros"].shape == (in_features // 32, out_features // 8)
        assert tensors[f"{name}.scales"].dtype == torch.float16
        assert tensors[f"{name}.scales"].shape == (in_features // 32, out_features)
        assert tensors[f"{name}.g_idx"].dtype == torch.int32 and tensors[f"{name}.g_idx"].shape == (in_features,)
        stored_zeros = unpack_cols(tensors[f"{name}.qzeros"], 4)
        assert torch.all(stored_zeros == 7)  # symmetric 4-bit zero is 8; "gptq" (v1) stores zero - 1
    unquantized = {k for k in stock if k.rpartition(".")[0] not in layers}
    assert unquantized <= set(tensors)
    assert all(tensors[k].dtype == torch.float16 for k in unquantized)


@pytest.mark.parametrize("act_order", [False, True], ids=["in_order", "act_order"])
def test_zoo_load_reproduces_dequantized_logits(quantized, tiny_checkpoints, act_order):
    directory, _ = quantized[act_order]
    zoo = patchzoo.AutoModel.from_pretrained(directory, dtype=torch.float32)
    assert type(zoo) is patchzoo.LlamaForCausalLM
    reference = dequantized_stock_model(tiny_checkpoints("llama"), directory)
    ids = torch.randint(4, 512, (2, 10), generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        zoo_logits, ref_logits = zoo(ids).logits, reference(ids).logits
    assert (zoo_logits - ref_logits).abs().max() < 1e-5 * ref_logits.abs().max()


def test_cli_quantize_end_to_end(tiny_checkpoints, tmp_path, capsys):
    calib = tmp_path / "calib.txt"
    calib.write_text(CALIBRATION_TEXT)
    out = tmp_path / "q"
    status = main([
        "quantize", "--model", str(tiny_checkpoints("llama")), "--calib", str(calib), "--out", str(out),
        "--bits", "4", "--group-size", "64", "--act-order", "--nsamples", "6", "--seqlen", "32", "--no-progress",
        "--device", "cpu",
    ])
    assert status == 0
    printed = capsys.readouterr().out
    assert "GPTQ/RTN" in printed and "model.layers.1.mlp.down_proj" in printed
    model = patchzoo.AutoModel.from_pretrained(out)
    assert model.config.quantization_config["desc_act"] is True


def test_cli_rejects_unsupported_settings(tiny_checkpoints, tmp_path, capsys):
    args = ["quantize", "--model", str(tiny_checkpoints("llama")), "--calib", "x", "--out", str(tmp_path)]
    assert main([*args, "--bits", "3"]) == 2
    assert "invalid choice: 3" in capsys.readouterr().err
    assert main([*args, "--group-size", "0"]) == 2
    assert "--group-size 0" in capsys.readouterr().err
    with pytest.raises(ValueError, match="bits=3"):
        QuantizeConfig(bits=3).spec


def test_only_layers_quantizes_those_layers_and_leaves_the_rest_float(tiny_checkpoints):
    from patchzoo.conversion.gptq_model import decoder_layers, decoder_linears, quantize_model, rtn_model_

    model = transformers.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama"), dtype=torch.float32).eval()
    count = len(decoder_layers(model))
    assert count >= 2
    chosen = range(1, 2)
    qconfig = QuantizeConfig(bits=4, group_size=32)
    original = {name: m.weight.detach().clone() for name, m in decoder_linears(model).items()}
    samples = [torch.randint(0, model.config.vocab_size, (1, 48)) for _ in range(4)]
    for quantize in (lambda m: quantize_model(m, samples, qconfig, progress=False, only_layers=chosen)[0],
                     lambda m: rtn_model_(m, qconfig, only_layers=chosen)):
        copy_ = transformers.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama"), dtype=torch.float32).eval()
        names = quantize(copy_)
        prefix = f"{copy_.base_model_prefix}.layers."
        for name, module in decoder_linears(copy_).items():
            in_chosen = int(name[len(prefix):].split(".")[0]) in chosen
            assert torch.equal(module.weight, original[name]) != in_chosen, name
        if names is not None:
            assert all(int(n[len(prefix):].split(".")[0]) in chosen for n in names)
    with pytest.raises(ValueError, match="only_layers"):
        rtn_model_(model, qconfig, only_layers=range(count, count + 1))
