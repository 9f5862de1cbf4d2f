"""Zoo RoBERTa and XLM-RoBERTa (BERT's variable tensor shape) against their stock classes on the same weights:
every class and head, right/left padding, holes, all-padding rows, losses and every gradient in training mode,
torch.compile and torch.export."""

import pytest
import torch
import transformers

import patchzoo
from patchzoo.models import roberta as zoo_roberta
from patchzoo.models import xlm_roberta as zoo_xlm_roberta
from patchzoo.tiny.presets import get_preset

SEQ = 24
FAMILIES = {"roberta": ("Roberta", zoo_roberta), "xlm_roberta": ("XLMRoberta", zoo_xlm_roberta)}
HEADS = ("Model", "ForMaskedLM", "ForSequenceClassification", "ForTokenClassification", "ForQuestionAnswering")
CASES = [(arch, head) for arch in FAMILIES for head in HEADS]


def twins(arch: str, head: str):
    """(stock, zoo) of one class on the same random weights, eval mode, dropout off."""
    prefix, module = FAMILIES[arch]
    config = get_preset(arch).build_config()
    config.hidden_dropout_prob = config.attention_probs_dropout_prob = 0.0
    config.num_labels = 2 if head == "ForQuestionAnswering" else 3  # QA splits its logits into start and end
    torch.manual_seed(0)
    stock = getattr(transformers, prefix + head)(config).eval()
    zoo = getattr(module, prefix + head)(config).eval()
    zoo.load_state_dict(stock.state_dict())
    return stock, zoo


def batch(kind: str, seed: int = 0) -> dict:
    g = torch.Generator().manual_seed(seed)
    position = torch.arange(SEQ)[None, :]
    lengths = torch.tensor([SEQ, 13, 4, 1])
    if kind == "right":
        mask = position < lengths[:, None]
    elif kind == "left":
        mask = position >= SEQ - lengths[:, None]
    elif kind == "holes":
        mask = torch.rand(4, SEQ, generator=g) < 0.6
        mask[:, 0] = True
    else:  # a row of padding only, beside full and short rows
        mask = position < torch.tensor([SEQ, 0, 7, 2])[:, None]
    ids = torch.randint(4, 500, (4, SEQ), generator=g).masked_fill(~mask, 0)  # the tiny presets pad with id 0
    return {"input_ids": ids, "attention_mask": mask.long()}


def first_output(outputs):
    for name in ("last_hidden_state", "logits", "start_logits"):
        if getattr(outputs, name, None) is not None:
            return getattr(outputs, name)
    raise AssertionError(f"no output in {type(outputs).__name__}")


@pytest.mark.parametrize("kind", ["right", "left", "holes", "all-padding row"])
@pytest.mark.parametrize("arch,head", CASES)
def test_outputs_equal_stock_on_real_tokens(arch, head, kind):
    stock, zoo = twins(arch, head)
    inputs = batch(kind)
    with torch.no_grad():
        want, got = first_output(stock(**inputs)), first_output(zoo(**inputs))
    assert got.shape == want.shape
    if want.dim() >= 2 and want.shape[1] == SEQ:  # per-token outputs: real tokens only (pads are 0 in the zoo)
        real = inputs["attention_mask"].bool()
        want, got = want[real], got[real]
    torch.testing.assert_close(got, want, atol=1e-5, rtol=1e-4)


def labels_for(head: str, inputs: dict) -> dict:
    g = torch.Generator().manual_seed(1)
    real = inputs["attention_mask"].bool()
    if head == "ForMaskedLM":
        labels = torch.randint(4, 500, (4, SEQ), generator=g)
        return {"labels": labels.masked_fill(~real | (torch.rand(4, SEQ, generator=g) < 0.5), -100)}
    if head == "ForSequenceClassification":
        return {"labels": torch.tensor([0, 2, 1, 0])}
    if head == "ForTokenClassification":
        return {"labels": torch.randint(0, 3, (4, SEQ), generator=g).masked_fill(~real, -100)}
    if head == "ForQuestionAnswering":
        return {"start_positions": torch.tensor([1, 2, 0, 0]), "end_positions": torch.tensor([5, 6, 1, 0])}
    return {}


@pytest.mark.parametrize("kind", ["right", "left"])
@pytest.mark.parametrize("arch,head", [c for c in CASES if c[1] != "Model"])
def test_training_loss_and_every_gradient_equal_stock(arch, head, kind):
    stock, zoo = twins(arch, head)
    stock.train()
    zoo.train()
    inputs = batch(kind)
    inputs.update(labels_for(head, inputs))
    stock(**inputs).loss.backward()
    loss = zoo(**inputs).loss
    loss.backward()
    torch.testing.assert_close(loss, stock(**inputs).loss, atol=1e-5, rtol=1e-4)
    stock_grads = dict(stock.named_parameters())
    for name, param in zoo.named_parameters():
        want = stock_grads[name].grad
        if want is None:
            assert param.grad is None, name
            continue
        assert param.grad is not None, f"{name}: stock has a gradient, the zoo none"
        torch.testing.assert_close(param.grad, want, atol=1e-5, rtol=1e-3, msg=name)


def test_mlm_logits_with_labels_are_the_labelled_positions():
    stock, zoo = twins("roberta", "ForMaskedLM")
    inputs = batch("right")
    inputs.update(labels_for("ForMaskedLM", inputs))
    with torch.no_grad():
        want, got = stock(**inputs), zoo(**inputs)
    selected = inputs["labels"] != -100
    torch.testing.assert_close(got.logits, want.logits[selected], atol=1e-5, rtol=1e-4)
    torch.testing.assert_close(got.loss, want.loss, atol=1e-5, rtol=1e-4)


@pytest.mark.parametrize("arch", FAMILIES)
def test_loaders_and_patch_pick_the_zoo_classes(arch, tmp_path):
    from patchzoo.tiny.build import tiny_checkpoint

    path = tiny_checkpoint(arch, tmp_path / arch)
    prefix, module = FAMILIES[arch]
    loaded = patchzoo.AutoModel.from_pretrained(path)
    assert type(loaded).__module__ == module.__name__
    stock = getattr(transformers, type(loaded).__name__).from_pretrained(path)
    patchzoo.patch(stock)
    inner = stock.base_model
    assert type(inner) is getattr(module, prefix + "Model")
    assert type(inner.encoder.layer[0].attention.self) is getattr(module, prefix + "SelfAttention")


def test_compiled_packs_and_equals_stock():
    stock, zoo = twins("xlm_roberta", "Model")
    compiled = torch.compile(zoo, backend="eager")
    for kind in ("right", "holes", "left"):
        inputs = batch(kind)
        with torch.no_grad():
            want, got = stock(**inputs).last_hidden_state, compiled(**inputs).last_hidden_state
        real = inputs["attention_mask"].bool()
        torch.testing.assert_close(got[real], want[real], atol=1e-5, rtol=1e-4)


def test_export_traces_a_program_right_for_other_paddings():
    stock, zoo = twins("roberta", "Model")
    program = torch.export.export(zoo, (), batch("right")).module()
    for kind in ("holes", "left"):
        inputs = batch(kind)
        with torch.no_grad():
            want, got = stock(**inputs).last_hidden_state, program(**inputs).last_hidden_state
        real = inputs["attention_mask"].bool()
        torch.testing.assert_close(got[real], want[real], atol=1e-5, rtol=1e-4)


@pytest.mark.gpu
@pytest.mark.parametrize("arch", FAMILIES)
def test_cuda_graphs_equal_stock_fp16(arch):
    stock, zoo = twins(arch, "Model")
    stock, zoo = stock.cuda().half(), zoo.cuda().half()
    zoo_roberta.use_cuda_graphs(zoo_roberta.use_packing(zoo, True, 0, 0), 64)  # small batches: packed all the same
    for seed in range(3):
        inputs = {k: v.cuda() for k, v in batch("right", seed).items()}
        with torch.no_grad():
            want, got = stock(**inputs).last_hidden_state, zoo(**inputs).last_hidden_state
        real = inputs["attention_mask"].bool()
        torch.testing.assert_close(got[real].float(), want[real].float(), atol=3e-2, rtol=1e-2)
