"""`patchzoo parity --model` on every kind of head: the class comes from config.architectures and parity compares
the output that class has (hidden states, sequence / start-end / token logits, generated text and unit tokens).
The classes of the main job's tiny checkpoints (BertForMaskedLM, T5ForConditionalGeneration, MixtralForCausalLM,
LlamaForCausalLM, SeamlessM4Tv2ForTextToText) are covered by test_parity_cli."""

import json

import pytest
import torch
import transformers

from patchzoo import cli
from patchzoo.evals import parity
from patchzoo.tiny.presets import get_preset


def tiny_checkpoint_of(arch: str, class_name: str, directory, seed: int = 0):
    """A tiny preset's config saved as another class of the same architecture (e.g. BertForQuestionAnswering)."""
    config = get_preset(arch).build_config()
    config.architectures = [class_name]
    torch.manual_seed(seed)
    model = getattr(transformers, class_name)(config)
    if class_name.endswith("TextToSpeech"):
        from test_seamless import speech_generation_config

        speech_generation_config(model)
        model.generation_config._from_model_config = False  # else loading drops the language tables
    model.save_pretrained(directory)
    return directory


@pytest.mark.parametrize(("arch", "class_name", "metric"), [
    ("bert", "BertModel", "max|Δ hidden states| real tokens"),
    ("bert", "BertForSequenceClassification", "max|Δ sequence logits|"),
    ("bert", "BertForQuestionAnswering", "max|Δ start/end logits| real tokens"),
    ("bert", "BertForTokenClassification", "max|Δ token logits| real tokens"),
    ("bert", "BertForPreTraining", "max|Δ MLM + next-sentence logits| real tokens"),
    ("llama", "LlamaModel", "max|Δ hidden states| real tokens"),
    ("t5", "T5Model", "max|Δ decoder hidden states|"),
    ("t5", "T5EncoderModel", "max|Δ hidden states| real tokens"),
    ("mixtral", "MixtralModel", "max|Δ hidden states| real tokens"),
    ("seamless_m4t_v2", "SeamlessM4Tv2ForTextToSpeech", "max|Δ text and unit token id| (0: equal)"),
])
def test_parity_model_compares_the_head_of_the_class(arch, class_name, metric, tmp_path, capsys):
    checkpoint = tiny_checkpoint_of(arch, class_name, tmp_path / class_name)
    rows_file = tmp_path / "rows.json"
    assert cli.main(["parity", "--model", str(checkpoint), "--device", "cpu", "--json", str(rows_file)]) == 0
    (row,) = json.loads(rows_file.read_text())
    assert (row["model_class"], row["metric"], row["status"]) == (class_name, metric, "pass")
    assert class_name in capsys.readouterr().out


@pytest.mark.parametrize(("class_name", "nudge"), [
    ("BertForQuestionAnswering", lambda m: m.qa_outputs.bias[1]),  # end logits only
    ("BertForSequenceClassification", lambda m: m.classifier.bias[0]),
    ("BertForPreTraining", lambda m: m.cls.seq_relationship.bias[0]),  # next-sentence logits only
])
def test_a_changed_head_output_fails(class_name, nudge, tmp_path):
    """Each head's fields are really compared: a stock twin with one head bias moved by 1 fails the row."""
    checkpoint = tiny_checkpoint_of("bert", class_name, tmp_path / class_name)

    def nudged_stock(stock_cls, path, dtype):
        model = stock_cls.from_pretrained(path, dtype=dtype)
        with torch.no_grad():
            nudge(model).add_(1.0)
        return model

    case = parity.load_case("bert")
    broken = parity.ParityCase(**{**case.__dict__, "load_stock": nudged_stock})
    row = parity.run_case(broken, checkpoint, torch.device("cpu"), torch.float32)
    assert row.status == "FAIL" and row.value >= 0.5, row
