"""Zoo Llama: plain checkpoints behave exactly like stock; GPTQ checkpoints load through GPTQLinear
(no optimum/gptqmodel), round-trip through save/state_dict, generate, and bad ones get clear errors."""

import json

import pytest
import torch
import transformers
from safetensors.torch import load_file, save_file

import patchzoo
from patchzoo.conversion.gptq import QuantizeConfig, quantize_rtn, write_gptq_checkpoint
from patchzoo.kernels.gptq.matmul import gptq_dequantize_reference, pack_scale_zero
from patchzoo.patches.gptq_linear import GPTQLinear
from patchzoo.patches.gptq_fusion import (
    FusedGateUpLlamaMLP,
    FusedQKVLlamaAttention,
    fuse_gptq_linears,
    fusion_blocker,
)
from patchzoo.testing import tiny_gptq_checkpoint, tiny_model


def inputs(batch=2, seq=9, seed=0):
    return torch.randint(4, 512, (batch, seq), generator=torch.Generator().manual_seed(seed))


def assert_same_model(model, reference):
    """Logits equal to float32 rounding, and the same greedy tokens: the prefill (9 tokens: x gathered before
    the GPTQ launch) and two cached decode steps (one token: the act-order gather inside the kernel; each
    further step is the same launches again, interpreted on CPU)."""
    ids = inputs()
    with torch.no_grad():
        logits, ref_logits = model(ids).logits, reference(ids).logits
        assert (logits - ref_logits).abs().max() < 1e-5 * ref_logits.abs().max()
        generated = model.generate(ids[:1], max_new_tokens=3, do_sample=False, pad_token_id=0)
        expected = reference.generate(ids[:1], max_new_tokens=3, do_sample=False, pad_token_id=0)
    assert torch.equal(generated, expected)


@pytest.fixture(scope="module")
def gptq_checkpoint(tmp_path_factory):
    """A tiny Llama rounded to nearest (4-bit, group 32, act-order g_idx shuffled) in the HF GPTQ format."""
    model = tiny_model("llama")
    quantized = {}
    gen = torch.Generator().manual_seed(0)
    for name, module in model.named_modules():
        if isinstance(module, torch.nn.Linear) and ".layers." in f".{name}":
            q = quantize_rtn(module.weight.data, bits=4, group_size=32)
            # act-order layout: columns in a shuffled order, g_idx says which group each belongs to
            order = torch.randperm(module.in_features, generator=gen)
            q.codes, q.g_idx = q.codes[:, order], q.g_idx[order]
            module.weight.data = q.dequantize()  # what the loaded model must compute with
            quantized[name] = q
    directory = tmp_path_factory.mktemp("gptq_rtn")
    write_gptq_checkpoint(model, quantized, QuantizeConfig(bits=4, group_size=32, act_order=True), directory)
    return directory


@pytest.fixture(scope="module")
def fusable_gptq_checkpoint(tmp_path_factory):
    """As gptq_checkpoint, but with one act-order row order per input, shared by the layers that read it (q/k/v,
    gate/up), as GPTQ's act-order gives them: the zoo fuses those at load time."""
    return tiny_gptq_checkpoint(tmp_path_factory.mktemp("gptq_rtn_shared_order"), seed=1)


def edited_copy(source, target, config_edit=None, tensor_edit=None):
    """Copy of a checkpoint with its quantization_config and/or tensors changed."""
    target.mkdir()
    config = json.loads((source / "config.json").read_text())
    if config_edit:
        config_edit(config["quantization_config"])
    (target / "config.json").write_text(json.dumps(config))
    tensors = load_file(source / "model.safetensors")
    if tensor_edit:
        tensor_edit(tensors)
    save_file(tensors, str(target / "model.safetensors"))
    return target


def test_plain_checkpoint_matches_stock_exactly(tiny_checkpoints):
    path = tiny_checkpoints("llama")
    stock = transformers.LlamaForCausalLM.from_pretrained(path).eval()
    zoo = patchzoo.AutoModel.from_pretrained(path).eval()
    assert type(zoo) is patchzoo.LlamaForCausalLM
    assert not any(isinstance(m, GPTQLinear) for m in zoo.modules())
    ids = inputs()
    with torch.no_grad():
        assert torch.equal(zoo(ids).logits, stock(ids).logits)
    base = patchzoo.LlamaModel.from_pretrained(path).eval()
    stock_base = transformers.LlamaModel.from_pretrained(path).eval()
    with torch.no_grad():
        assert torch.equal(base(ids).last_hidden_state, stock_base(ids).last_hidden_state)


def test_patch_converts_a_stock_model_in_place(tiny_checkpoints):
    stock = transformers.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama")).eval()
    ids = inputs()
    with torch.no_grad():
        before = stock(ids).logits
        patched = patchzoo.patch(stock)
        assert patched is stock and type(patched) is patchzoo.LlamaForCausalLM
        assert torch.equal(patched(ids).logits, before)


def test_gptq_checkpoint_loads_through_gptq_linear(gptq_checkpoint):
    zoo = patchzoo.AutoModel.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    layers = [m for m in zoo.modules() if isinstance(m, GPTQLinear)]
    assert len(layers) == 14 and all(m.perm is not None for m in layers)  # act-order rows sorted at load
    assert zoo.config.quantization_config["quant_method"] == "gptq"
    # reference: the stock class holding the same tensors, quantized linears dequantized by the reference
    reference = transformers.LlamaForCausalLM(zoo.config).eval()
    tensors = load_file(gptq_checkpoint / "model.safetensors")
    state = {k: v.float() for k, v in tensors.items() if k in reference.state_dict()}
    for name, _ in reference.named_modules():
        if f"{name}.qweight" in tensors:
            weight = gptq_dequantize_reference(*(tensors[f"{name}.{k}"] for k in ("qweight", "qzeros", "scales", "g_idx")), bits=4)
            state[f"{name}.weight"] = weight.t()
    reference.load_state_dict(state)
    assert_same_model(zoo, reference)


def test_projections_with_different_row_orders_stay_apart(gptq_checkpoint):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    layer = zoo.model.layers[0]
    assert isinstance(layer.self_attn.q_proj, GPTQLinear) and isinstance(layer.mlp.up_proj, GPTQLinear)
    assert not hasattr(layer.self_attn, "qkv_proj")


def test_fused_projections_compute_what_separate_ones_do(fusable_gptq_checkpoint):
    fused = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float32)
    apart = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float32, fuse_projections=False)
    for layer in fused.model.layers:
        assert isinstance(layer.self_attn, FusedQKVLlamaAttention) and isinstance(layer.mlp, FusedGateUpLlamaMLP)
        assert not hasattr(layer.self_attn, "q_proj") and not hasattr(layer.mlp, "gate_proj")
        assert layer.self_attn.qkv_proj.out_features == 64 + 2 * 32  # tiny config: 4 query heads, 2 kv heads of 16
        assert layer.self_attn.qkv_proj.perm is not None  # act-order rows sorted once for all three
    assert isinstance(apart.model.layers[0].self_attn.q_proj, GPTQLinear)
    assert_same_model(fused, apart)


def test_fused_projections_are_the_ones_that_run(fusable_gptq_checkpoint):
    """Each layer calls its four GPTQ matmuls (qkv, o, gate_up, down), in eval and after a train()/eval() round trip,
    and model.train()/eval() reach the fused modules. The zoo Llama binds its train-mode forward and `train` on each
    stock attention and MLP when it is built; a fused module that kept those bindings ran the unfused layers of the
    module it replaced (same results, seven launches a layer, both copies of the weights kept)."""
    model = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float32)
    calls = []
    for module in model.modules():
        if isinstance(module, GPTQLinear):
            module.register_forward_hook(lambda layer, args, out: calls.append(layer))
    for mode in ("eval", "train", "eval"):
        getattr(model, mode)()
        assert {m.training for m in model.modules()} == {mode == "train"}
        calls.clear()
        with torch.no_grad():
            model(inputs())
        assert len(calls) == 4 * len(model.model.layers), mode
    for layer in model.model.layers:
        for fused in (layer.self_attn, layer.mlp):
            assert "forward" not in vars(fused) and "train" not in vars(fused)


def test_fused_projections_save_and_load_the_checkpoint_keys(fusable_gptq_checkpoint, tmp_path):
    fused = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float16)
    tensors = load_file(fusable_gptq_checkpoint / "model.safetensors")
    state = fused.state_dict()
    assert set(state) == set(tensors)  # no qkv_proj / gate_up_proj keys leave the model
    for key, value in tensors.items():
        assert torch.equal(state[key], value), key
    fused.save_pretrained(tmp_path / "saved")
    saved = load_file(tmp_path / "saved" / "model.safetensors")
    assert set(saved) == set(tensors) and all(torch.equal(saved[k], v) for k, v in tensors.items())

    ids = inputs()
    with torch.no_grad():
        before = fused(ids).logits
        # a checkpoint's keys load into the fused layers (joined on the way in), and give the same model
        assert not fused.load_state_dict(tensors, strict=True).missing_keys
        assert torch.equal(fused(ids).logits, before)
    different = dict(tensors)
    key = "model.layers.0.self_attn.k_proj.g_idx"
    different[key] = different[key].flip(0).contiguous()
    with pytest.raises(ValueError, match=r"q_proj/k_proj/v_proj have different g_idx.*fuse_projections=False"):
        fused.load_state_dict(different)


def gptq_linear(out_features, in_features=64, group_size=32, seed=0):
    """A loaded, prepared GPTQLinear (rows in order, with a bias) of a random weight."""
    gen = torch.Generator().manual_seed(seed)
    q = quantize_rtn(torch.randn(out_features, in_features, generator=gen), bits=4, group_size=group_size)
    spec = QuantizeConfig(bits=4, group_size=group_size).spec
    layer = GPTQLinear(in_features, out_features, bias=True, spec=spec, dtype=torch.float32)
    layer.load_state_dict({**q.pack(spec), "bias": torch.randn(out_features, generator=gen)})
    layer.prepare()
    return layer


def test_fuse_gptq_linears_with_bias_and_what_blocks_fusion():
    parts = [gptq_linear(n, seed=i) for i, n in enumerate((64, 32, 32))]
    assert fusion_blocker(parts) is None
    fused = fuse_gptq_linears(parts)
    x = torch.randn(5, 64)
    with torch.no_grad():
        torch.testing.assert_close(fused(x), torch.cat([p(x) for p in parts], dim=-1), rtol=1e-5, atol=1e-5)
    assert "group size" in fusion_blocker([parts[0], gptq_linear(32, group_size=64)])
    assert "input size" in fusion_blocker([parts[0], gptq_linear(32, in_features=128)])
    unprepared = GPTQLinear(64, 32, bias=True, spec=parts[0].spec)
    assert "not prepared" in fusion_blocker([parts[0], unprepared])


def act_order_gptq_linear(out_features, in_features=64, group_size=16, seed=0, bias=False):
    """A loaded, prepared GPTQLinear whose rows come in a random act-order (g_idx shuffled), so prepare() sorts
    them and the layer gathers x through `perm`."""
    gen = torch.Generator().manual_seed(seed)
    q = quantize_rtn(torch.randn(out_features, in_features, generator=gen), bits=4, group_size=group_size)
    order = torch.randperm(in_features, generator=gen)
    q.codes, q.g_idx = q.codes[:, order], q.g_idx[order]
    spec = QuantizeConfig(bits=4, group_size=group_size, act_order=True).spec
    layer = GPTQLinear(in_features, out_features, bias=bias, spec=spec, dtype=torch.float32)
    tensors = {**q.pack(spec), **({"bias": torch.randn(out_features, generator=gen)} if bias else {})}
    layer.load_state_dict(tensors)
    layer.prepare()
    assert layer.perm is not None
    return layer, tensors


def test_gptq_linear_wiring_reorders_outputs_and_reads_reordered_inputs():
    """set_wiring: outputs computed in another column order (bias too), inputs taken in another order (the
    gather composes with act-order's, and vanishes where they agree); saved tensors, and a reload, unchanged.
    Reordered rows/columns change the matmul's summation order, so outputs agree to float32 rounding, not bit for
    bit (2e-6 apart on an AMD EPYC); assert_close's float32 default (atol 1e-5, rtol 1.3e-6) holds them to that."""
    x = torch.randn(5, 64)
    layer, tensors = act_order_gptq_linear(48, bias=True)
    with torch.no_grad():
        plain = layer(x)
        out_order = torch.randperm(48, generator=torch.Generator().manual_seed(3))
        layer.set_wiring(out_order=out_order)
        torch.testing.assert_close(layer(x), plain[:, out_order])
        for key, value in tensors.items():
            assert torch.equal(layer.state_dict()[key], value), key

        other_order = torch.randperm(64, generator=torch.Generator().manual_seed(4))
        layer.set_wiring(input_order=other_order)  # not the layer's own row order: x is gathered still
        assert layer.x_gather is not None
        torch.testing.assert_close(layer(x[:, other_order]), plain[:, out_order])
        layer.load_state_dict(tensors)  # a reload keeps the wiring and derives the kernel's tensors again
        torch.testing.assert_close(layer(x[:, other_order]), plain[:, out_order])

        down, _ = act_order_gptq_linear(32, in_features=48, seed=1)
        expected = down(x[:, :48])
        down.set_wiring(input_order=down.perm)  # x arrives in the layer's own row order: nothing to gather
        assert down.x_gather is None
        torch.testing.assert_close(down(x[:, :48][:, down.perm.long()]), expected)
    with pytest.raises(ValueError, match=r"out_order must have shape \(48,\)"):
        act_order_gptq_linear(48)[0].set_wiring(out_order=torch.arange(47))


@pytest.mark.parametrize("checkpoint", ["gptq_checkpoint", "fusable_gptq_checkpoint"])
def test_act_order_mlps_fold_down_proj_gather_into_gate_up(checkpoint, request):
    """down_proj reads x as gate/up write it (no gather), fused or not; the model computes what the stock-shaped
    one (fuse_projections=False) does, and its state dict is the checkpoint's (the other tests check that)."""
    path = request.getfixturevalue(checkpoint)
    folded = patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float32)
    stock_shaped = patchzoo.LlamaForCausalLM.from_pretrained(path, dtype=torch.float32, fuse_projections=False)
    for layer, plain in zip(folded.model.layers, stock_shaped.model.layers):
        down = layer.mlp.down_proj
        assert down.perm is not None and down.x_gather is None
        assert plain.mlp.down_proj.x_gather is not None and plain.mlp.up_proj.out_order is None
        mlp = layer.mlp
        producers = [mlp.gate_up_proj] if hasattr(mlp, "gate_up_proj") else [mlp.gate_proj, mlp.up_proj]
        assert all(m.out_order is not None for m in producers)
    assert_same_model(folded, stock_shaped)


def test_gptq_base_model_loads_from_causal_lm_checkpoint(gptq_checkpoint):
    causal = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    base = patchzoo.LlamaModel.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    ids = inputs()
    with torch.no_grad():
        assert torch.equal(base(ids).last_hidden_state, causal.model(ids).last_hidden_state)


def test_gptq_state_dict_and_save_round_trip(gptq_checkpoint, tmp_path):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float16)
    tensors = load_file(gptq_checkpoint / "model.safetensors")
    state = zoo.state_dict()
    for key, value in tensors.items():  # the load-time act-order sort is invisible from outside
        assert torch.equal(state[key], value), key
    zoo.save_pretrained(tmp_path / "saved")
    again = patchzoo.LlamaForCausalLM.from_pretrained(tmp_path / "saved", dtype=torch.float16)
    ids = inputs()
    with torch.no_grad():
        assert torch.equal(again(ids).logits, zoo(ids).logits)


def test_prepared_gptq_layers_follow_a_cast(gptq_checkpoint):
    """After the first forward (prepare), casting the model re-derives the kernel's scale/zero words."""
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float32)
    ids = inputs()
    with torch.no_grad():
        zoo(ids)  # prepares every GPTQLinear
        zoo.to(torch.bfloat16)
        layers = [m for m in zoo.modules() if isinstance(m, GPTQLinear)]
        assert all(m.prepared and m.scales.dtype == torch.bfloat16 for m in layers)
        for m in layers:
            expected = pack_scale_zero(m.qzeros, m.scales, m.spec.bits, m.spec.zero_offset)
            if m.out_order is not None:  # gate/up of an act-order MLP compute their columns in down_proj's order
                expected = expected[:, m.out_order]
            assert torch.equal(m.scale_zero, expected)
        fresh = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float32).to(torch.bfloat16)
        assert torch.equal(zoo(ids).logits, fresh(ids).logits)


def test_bad_gptq_checkpoints_get_clear_errors(gptq_checkpoint, tmp_path):
    def set_bits(qc):
        qc["bits"] = 3

    def set_format(qc):
        qc["checkpoint_format"] = "marlin"

    def shrink_qweight(tensors):
        key = "model.layers.0.mlp.down_proj.qweight"
        tensors[key] = tensors[key][:-1].clone()

    def drop_quantized(tensors):
        for key in [k for k in tensors if k.endswith((".qweight", ".qzeros", ".scales", ".g_idx"))]:
            del tensors[key]

    cases = [
        (dict(config_edit=set_bits), "bits=3"),
        (dict(config_edit=set_format), "checkpoint_format 'marlin'"),
        (dict(tensor_edit=shrink_qweight), r"model\.layers\.0\.mlp\.down_proj\.qweight has shape \(19, 64\)"),
        (dict(tensor_edit=drop_quantized), "no '\\*.qweight' tensors"),
    ]
    for index, (edit, message) in enumerate(cases):
        broken = edited_copy(gptq_checkpoint, tmp_path / f"broken{index}", **edit)
        with pytest.raises(ValueError, match=message):
            patchzoo.LlamaForCausalLM.from_pretrained(broken)


@pytest.mark.gpu
def test_fused_gptq_model_on_gpu_matches_reference(fusable_gptq_checkpoint):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float16, device_map="cuda")
    assert isinstance(zoo.model.layers[0].self_attn, FusedQKVLlamaAttention)
    cpu = patchzoo.LlamaForCausalLM.from_pretrained(fusable_gptq_checkpoint, dtype=torch.float32, fuse_projections=False)
    for tokens in (1, 33):  # one token: the act-order gather inside the kernel
        ids = inputs(batch=3 if tokens > 1 else 1, seq=tokens)
        with torch.no_grad():
            gpu_logits = zoo(ids.cuda()).logits.float().cpu()
            ref_logits = cpu(ids).logits
        assert (gpu_logits - ref_logits).abs().max() < 2e-2 * ref_logits.abs().max()


@pytest.mark.gpu
def test_eager_gpu_calls_reuse_launch_plans_with_identical_results():
    """An eager GPTQLinear on the GPU makes a launch plan at the first call of each layout of x and relaunches it
    after: every result equals gptq_matmul's full path bit for bit, for token counts Triton specializes
    differently, act-order or not, and an x that is not 16-byte aligned; moving the layer empties its plans."""
    from patchzoo.kernels.gptq.matmul import gptq_matmul

    wide = torch.randn(17, 512 + 8, dtype=torch.float16, device="cuda")
    inputs = [wide[:m, :512] for m in (1, 2, 16, 17)] + [wide[:m, 1:513] for m in (1, 17)]
    for act_order in (False, True):
        layer = act_order_gptq_linear(256, in_features=512, group_size=128, bias=True)[0] if act_order else \
            gptq_linear(256, in_features=512, group_size=128)
        layer = layer.half().cuda()
        with torch.no_grad():
            for x in inputs:
                expected = gptq_matmul(x, layer.qweight, layer.qzeros, layer.scales, bits=4, group_size=128,
                                       perm=layer.x_gather, g_idx=layer.row_groups, scale_zero=layer.scale_zero)
                expected = expected + layer.kernel_bias
                for _ in range(3):
                    assert torch.equal(layer(x), expected)
        assert len(layer.launch_plans) >= 4
        layer.half()
        assert len(layer.launch_plans) == 0


@pytest.mark.gpu
def test_gptq_model_on_gpu_matches_reference(gptq_checkpoint):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float16, device_map="cuda")
    assert zoo.model.layers[0].mlp.down_proj.qweight.is_cuda
    cpu = patchzoo.LlamaForCausalLM.from_pretrained(gptq_checkpoint, dtype=torch.float32)  # reference path on CPU
    ids = inputs(batch=3, seq=33)
    with torch.no_grad():
        gpu_logits = zoo(ids.cuda()).logits.float().cpu()
        ref_logits = cpu(ids).logits
    assert (gpu_logits - ref_logits).abs().max() < 2e-2 * ref_logits.abs().max()
