"""The zoo Llama's training forwards (patchzoo/models/llama.py TRAINING_KERNELS) are bound only in train mode: in
eval mode (generate, evaluation) its modules are called as stock's are, with not one Python call more per decode
step, and switching modes binds and unbinds them (the kernels' results: tests/test_llama_training_kernels.py)."""

import collections
import copy
import sys

import torch
import transformers

import patchzoo
from patchzoo.models import llama as zoo_llama
from patchzoo.models.base import CACHE_NAME
from patchzoo.testing import tiny_model

IDS = torch.randint(4, 512, (1, 7), generator=torch.Generator().manual_seed(0))
TRAINED = (transformers.models.llama.modeling_llama.LlamaRMSNorm, transformers.models.llama.modeling_llama.LlamaMLP,
           transformers.models.llama.modeling_llama.LlamaAttention)


def python_calls(model: torch.nn.Module) -> collections.Counter:
    """(file, function) -> calls made by one cached decode step of the decoder (model.model, the stock LlamaModel
    class in both: the LM head's forward is the zoo's own, with its fused-loss check)."""
    with torch.inference_mode():
        cache = getattr(model(IDS, use_cache=True), CACHE_NAME)
        calls = collections.Counter()

        def count(frame, event, arg):
            if event == "call":
                calls[frame.f_code.co_filename, frame.f_code.co_name] += 1

        sys.setprofile(count)
        try:
            model.model(input_ids=IDS[:, :1], **{CACHE_NAME: cache}, use_cache=True)
        finally:
            sys.setprofile(None)
    return calls


def bound(model: torch.nn.Module) -> list[str]:
    return [name for name, module in model.named_modules() if "forward" in vars(module)]


def test_eval_decode_step_makes_stock_python_calls():
    stock = tiny_model("llama")
    zoo = patchzoo.patch(copy.deepcopy(stock)).train().eval()  # bound in train mode, then unbound
    expected, got = python_calls(stock), python_calls(zoo)
    assert got == expected, f"zoo calls more: {got - expected}; fewer: {expected - got}"


def test_from_pretrained_is_eval_with_nothing_bound(tiny_checkpoints):
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(tiny_checkpoints("llama"))
    assert not zoo.training and bound(zoo) == []
    zoo.train()
    layers = zoo.config.num_hidden_layers
    assert len(bound(zoo)) == 4 * layers + 1 and all(isinstance(zoo.get_submodule(n), TRAINED) for n in bound(zoo))


def test_switching_modes_binds_and_unbinds():
    zoo = patchzoo.patch(tiny_model("llama"))  # patched in eval mode: the changes are on, nothing bound
    layers = zoo.config.num_hidden_layers
    assert bound(zoo) == [] and zoo.model.layers[0].mlp.zoo_kernels == {"swiglu"}
    zoo.train()
    assert len(bound(zoo)) == 4 * layers + 1
    assert zoo.model.layers[0].self_attn.zoo_kernels == {"rope", "cudnn_attention"}
    zoo.eval()
    assert bound(zoo) == []
    zoo.model.layers[1].mlp.train()  # a module switched on its own binds too
    assert bound(zoo) == ["model.layers.1.mlp"]
    zoo.eval()
    # the switches, in eval mode: names recorded, bound at the next train()
    assert zoo_llama.use_training_kernels(zoo, rms_norm=False, rope=False) == 2 * layers
    assert bound(zoo) == []
    zoo.train()
    assert sorted(bound(zoo)) == sorted(f"model.layers.{i}.{m}" for i in range(layers) for m in ("mlp", "self_attn"))
    twin = copy.deepcopy(zoo).eval().train()  # the mode switch follows its module into a copy
    assert twin.model.layers[0].mlp.forward.args[0] is twin.model.layers[0].mlp
    assert zoo_llama.use_training_kernels(zoo, False, False, False, False) == 0
    zoo.eval().train()
    assert not any({"forward", "train", "zoo_kernels"} & set(vars(m)) for m in zoo.modules())


def test_someone_elses_forward_is_left_alone_and_said_once(caplog):
    zoo_llama._log_foreign_forward_once.cache_clear()  # once per process: this test's own first time
    zoo = patchzoo.patch(tiny_model("llama")).train()
    norm = zoo.model.norm
    wrapper = norm.forward
    norm.forward = lambda x: wrapper(x)  # e.g. a user's wrapper around the training forward
    with caplog.at_level("WARNING", logger="patchzoo.models.llama"):
        zoo.eval().train().eval().train()
    assert norm.forward.__name__ == "<lambda>"
    said = [r.getMessage() for r in caplog.records if "installed after loading" in r.getMessage()]
    assert len(said) == 1 and "LlamaRMSNorm" in said[0]
    zoo.eval()
    with torch.no_grad():
        torch.testing.assert_close(zoo(IDS).logits, tiny_model("llama")(IDS).logits)
