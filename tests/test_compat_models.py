"""Drop-in, as transformers checks it: its own common model tests on every zoo class and its stock class.

transformers' ``ModelTesterMixin`` (fetched for the installed version, tests/compat/upstream.py) runs with
the project's tiny testers (tests/compat/testers.py), once with the stock classes of an architecture and
once with the zoo classes. The rule: every test that passes on stock passes on zoo. A test that fails or
skips on stock is skipped here with stock's outcome; a zoo failure where stock passes fails here, unless
the (architecture, test) pair is in EXCEPTIONS with its reason (strict xfail: an exception that starts
passing must be removed from the list).

CI runs the subset CI_TESTS (reason below); PATCHZOO_COMPAT=full runs every test of the mixin.
"""

from __future__ import annotations

import copy
import os
import unittest
from unittest import mock

import pytest
import torch
import transformers
from compat.testers import (
    BertTester, LlamaTester, MixtralTester, RobertaTester, SeamlessSpeechTester, SeamlessTester, T5Tester, XLMRobertaTester,
)
from compat.upstream import load_common_tests

from patchzoo.kernels.moe import torch_ops as moe_op  # noqa: F401 - its kernels defined now, under conftest's TRITON_INTERPRET=1
from patchzoo.models.seamless_speech import SeamlessM4Tv2SpeechEncoder
from patchzoo.registry import all_zoo_classes

common, unavailable = load_common_tests()
if common is None:
    pytest.skip(f"transformers' common model tests: {unavailable}", allow_module_level=True)


class T5EncoderTester(T5Tester):
    is_training = False  # as transformers' own T5 encoder-only test: T5EncoderModel has no loss

    def inputs(self, config):
        return {"input_ids": self.ids(config.vocab_size - 2) + 2, "attention_mask": self.mask()}


def speech_attention_outputs(self):
    """test_attention_outputs as transformers' own speech-input Seamless test has it: the mixin's expects the
    cross-attention keys to be the encoder's input positions, but the speech encoder's adaptor sub-samples the
    frames its self-attention sees (frames -> encoder_output_length). Checked per class, asked for by argument
    and by config, and with hidden states added: layer counts, shapes (heads, queries, keys), output order."""
    if not self.has_attentions:
        self.skipTest(reason="Model does not output attentions")
    tester = self.model_tester
    config, inputs = tester.prepare_config_and_inputs_for_common()
    heads, frames, decoded = tester.num_attention_heads, tester.encoder_seq_length, tester.decoder_seq_length
    expected = {"encoder_attentions": [heads, frames, frames], "decoder_attentions": [heads, decoded, decoded],
                "cross_attentions": [heads, decoded, tester.encoder_output_length]}
    for model_class in self.all_model_classes:
        lengths = []
        for by_config, hidden_states in ((False, False), (True, False), (True, True)):
            call_config = copy.deepcopy(config)
            call_config.output_attentions = by_config
            model = model_class._from_config(call_config, attn_implementation="eager").eval()
            call = {**inputs, "output_hidden_states": hidden_states}
            if not by_config:
                call["output_attentions"] = True
            with torch.no_grad():
                outputs = model(**self._prepare_for_class(call, model_class))
            for name, shape in expected.items():
                attentions = getattr(outputs, name)
                self.assertEqual(len(attentions), tester.num_hidden_layers, name)
                self.assertListEqual(list(attentions[0].shape[-3:]), shape, name)
            lengths.append(len(outputs))
        self.assertEqual(lengths, [lengths[0], lengths[0], lengths[0] + 2])  # + encoder and decoder hidden states


# architecture -> (tester, class names, attributes of the test case as transformers' own test sets them; besides
# the mixin's: main_input_name_for = (test name prefixes, the main input name the classes have in those tests),
# zoo_settings = ((object, attribute, value), ...) set on the zoo side for every test)
ARCHITECTURES = {
    "bert": (BertTester, ("BertModel", "BertForMaskedLM", "BertForPreTraining", "BertForSequenceClassification",
                          "BertForTokenClassification", "BertForQuestionAnswering"), {}),
    "roberta": (RobertaTester, ("RobertaModel", "RobertaForMaskedLM", "RobertaForSequenceClassification",
                                "RobertaForTokenClassification", "RobertaForQuestionAnswering"), {}),
    "xlm_roberta": (XLMRobertaTester, ("XLMRobertaModel", "XLMRobertaForMaskedLM", "XLMRobertaForSequenceClassification",
                                       "XLMRobertaForTokenClassification", "XLMRobertaForQuestionAnswering"), {}),
    "t5": (T5Tester, ("T5Model", "T5ForConditionalGeneration"), {"is_encoder_decoder": True}),
    "t5_encoder": (T5EncoderTester, ("T5EncoderModel",), {}),
    "llama": (LlamaTester, ("LlamaModel", "LlamaForCausalLM"), {}),
    "mixtral": (MixtralTester, ("MixtralModel", "MixtralForCausalLM", "MixtralForSequenceClassification",
                                "MixtralForTokenClassification", "MixtralForQuestionAnswering"), {}),
    "seamless": (SeamlessTester, ("SeamlessM4Tv2ForTextToText", "SeamlessM4Tv2Model"), {"is_encoder_decoder": True}),
    # As transformers' SeamlessM4Tv2ModelWithSpeechInputTest: its classes, flags and attention-output test, and
    # SeamlessM4Tv2Model (main input input_ids: it takes text or speech) fed input_features where the mixin feeds
    # main_input_name alone. The zoo runs its bucketed speech encoder (what it runs on CUDA, without the CUDA
    # graph; on a CPU it would run stock's): eval calls without gradients take it, the others stock's encoder.
    "seamless_speech": (SeamlessSpeechTester, ("SeamlessM4Tv2Model", "SeamlessM4Tv2ForSpeechToSpeech",
                                               "SeamlessM4Tv2ForSpeechToText"),
                        {"is_encoder_decoder": True, "test_missing_keys": False, "test_resize_embeddings": False,
                         "test_attention_outputs": speech_attention_outputs,
                         "main_input_name_for": (
                             ("test_eager_matches_sdpa_inference", "test_flex_attention_with_grads"), "input_features"),
                         "zoo_settings": ((SeamlessM4Tv2SpeechEncoder, "zoo_bucket_eager", True),)}),
}

# The CI run (2 CPU cores, a few minutes for every architecture) runs the tests that check what drop-in
# means: configs and attention dispatch, signatures, outputs (hidden states, attentions, tuples, batching),
# training with and without gradient checkpointing, save/load, embeddings, output recording, and eager vs
# SDPA equivalence in float32 with left and right padding. The rest (resizing embeddings, weight-loading
# plumbing, offloading, dtype round trips: loading code the zoo does not touch, tens of seconds each)
# runs with PATCHZOO_COMPAT=full, as for the table in benchmarks/RESULTS.md.
CI_TESTS = (
    "test_save_load", "test_torch_save_load", "test_determinism", "test_batching_equivalence", "test_training",
    "test_training_gradient_checkpointing", "test_attention_outputs", "test_hidden_states_output",
    "test_retain_grad_hidden_states_attentions", "test_model_get_set_embeddings", "test_inputs_embeds",
    "test_inputs_embeds_matches_input_ids", "test_problem_types", "test_attn_implementation_composite_models",
    "test_sdpa_can_dispatch_non_composite_models", "test_sdpa_can_dispatch_composite_models",
    "test_config_attn_implementation_setter", "test_internal_model_config_and_subconfig_are_same",
    "test_can_set_attention_dynamically", "test_can_set_attention_dynamically_composite_model",
    "test_bc_cache_name_forward", "test_feed_forward_chunking", "test_moe_models_record_router_logits",
    "test_output_router_logits_from_config", "test_capture_outputs_decorator",
    "test_can_capture_specific_layers_hidden_states", "test_format_of_can_record_outputs",
    "test_model_forward_default_config_values", "test_causal_lm_loss_honors_shift_labels",
    "test_encoder_decoder_loss_no_double_shift", "test_model_main_input_name",
)
# eager vs SDPA: float32 with a padding mask, left and right (the others repeat them in half precision,
# which the CPU emulates slowly, or without a mask, where the zoo runs stock's code).
CI_PATTERNS = ("test_eager_matches_sdpa_inference_", ("_fp32_pad_left", "_fp32_pad_right"))
FULL = os.environ.get("PATCHZOO_COMPAT") == "full"
# Never run here: they need a GPU, several devices or flash-attn, or compile a training step per class
# (minutes on 2 cores; the zoo BERT under torch.compile and torch.export has its own tests).
NEVER = ("test_flash_attn", "test_sdpa_can_compile", "test_model_parallelism", "test_multi_gpu",
         "test_torch_compile_for_training")


def selected(name: str) -> bool:
    if name.startswith(NEVER):
        return False
    if FULL:
        return True
    prefix, endings = CI_PATTERNS
    return name in CI_TESTS or (name.startswith(prefix) and name.endswith(endings))


# (architecture, test name, or a name prefix ending in "_") -> why the zoo differs from stock there. Kept short.
FP16_WO = ("the zoo's float16 T5 keeps `wo` in float16 (its feed-forward is scaled to be fp16-safe), so it "
           "declares no _keep_in_fp32_modules and transformers skips the test")
FUSED_DEFAULT = ("the zoo's fused experts stand in for stock's default (grouped_mm): setting grouped_mm back after "
                 "another implementation returns to the fused kernel (so exporters' switch-and-restore keeps it), "
                 "not to transformers' grouped_mm function, whose call the test's mock asserts")
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("mixtral", "test_eager_matches_batched_and_grouped_inference_"): FUSED_DEFAULT,
    ("t5", "test_keep_in_fp32_modules"): FP16_WO,
    ("t5", "test_keep_in_fp32_modules_exist"): FP16_WO,
    ("t5_encoder", "test_keep_in_fp32_modules"): FP16_WO,
    ("t5_encoder", "test_keep_in_fp32_modules_exist"): FP16_WO,
}


def exception_for(architecture: str, name: str) -> str | None:
    """The listed reason why the zoo may not pass this test, or None."""
    return next((why for (arch, key), why in EXCEPTIONS.items()
                 if arch == architecture and (name == key or (key.endswith("_") and name.startswith(key)))), None)


def zoo_or_stock(name: str, side: str) -> type:
    return all_zoo_classes()[name] if side == "zoo" else getattr(transformers, name)


def case_class(architecture: str, side: str, names: tuple[str, ...] | None = None) -> type[unittest.TestCase]:
    """The mixin's test case for an architecture's classes (``names``: a subset of them, e.g. one class)."""
    tester, all_names, attributes = ARCHITECTURES[architecture]
    names = all_names if names is None else names

    class Case(common.ModelTesterMixin, unittest.TestCase):
        all_model_classes = tuple(zoo_or_stock(name, side) for name in names)

        def setUp(self):
            self.model_tester = tester(self, common)
            tests, input_name = getattr(self, "main_input_name_for", ((), None))
            if self._testMethodName.startswith(tests):  # () matches nothing
                for model_class in self.all_model_classes:
                    self.set_for_test(model_class, "main_input_name", input_name)
            for target, name, value in getattr(self, "zoo_settings", ()) if side == "zoo" else ():
                self.set_for_test(target, name, value)

        def set_for_test(self, target, name: str, value) -> None:
            """target.name = value for this test."""
            patcher = mock.patch.object(target, name, value)
            patcher.start()
            self.addCleanup(patcher.stop)

        def _prepare_for_class(self, inputs_dict, model_class, return_labels=False):
            inputs_dict = super()._prepare_for_class(inputs_dict, model_class, return_labels=return_labels)
            if return_labels and model_class.__name__ == "BertForPreTraining":  # as transformers' BertModelTest
                batch, seq = self.model_tester.batch_size, self.model_tester.seq_length
                inputs_dict["labels"] = torch.zeros((batch, seq), dtype=torch.long)
                inputs_dict["next_sentence_label"] = torch.zeros(batch, dtype=torch.long)
            elif return_labels and "labels" not in inputs_dict and hasattr(self.model_tester, "labels_for"):
                inputs_dict.update(self.model_tester.labels_for(model_class))  # heads the mixin has no labels for
            return inputs_dict

    for key, value in attributes.items():
        setattr(Case, key, value)
    Case.__name__ = Case.__qualname__ = f"{architecture}_{side}"
    return Case


def outcome(case: type[unittest.TestCase], name: str) -> tuple[str, str]:
    """("passed" | "failed" | "skipped", detail) of one upstream test, run by unittest."""
    result = unittest.TestResult()
    case(name).run(result)
    for _, detail in result.errors + result.failures:
        if "Skipped" in detail.strip().splitlines()[-1]:  # pytest.skip() inside an upstream test
            return "skipped", detail.strip().splitlines()[-1]
        return "failed", detail.strip().splitlines()[-1][:300] + "\n" + detail[-2000:]
    if result.skipped:
        return "skipped", result.skipped[0][1]
    return "passed", ""


def upstream_test_names(architecture: str) -> list[str]:
    names = unittest.TestLoader().getTestCaseNames(case_class(architecture, "stock"))
    return [name for name in names if selected(name)]


CASES = [(architecture, name) for architecture in ARCHITECTURES for name in upstream_test_names(architecture)]


@pytest.mark.parametrize("architecture, name", CASES, ids=[f"{a}-{n}" for a, n in CASES])
def test_zoo_passes_what_stock_passes(architecture, name, monkeypatch):
    stock_result, detail = outcome(case_class(architecture, "stock"), name)
    if stock_result != "passed":
        pytest.skip(f"stock {stock_result}: {detail.splitlines()[0][:160] if detail else ''}")
    if architecture == "mixtral" and not FULL:
        # The zoo experts run the fused op's PyTorch reference, as on any CPU, not the Triton kernels in the
        # interpreter (30-70 s a test on 2 cores: half the CI suite). What is checked here is the zoo classes'
        # drop-in behaviour; the kernels are checked against that reference in test_moe_kernel / test_moe_grad.
        monkeypatch.setenv("TRITON_INTERPRET", "0")
    zoo_result, detail = outcome(case_class(architecture, "zoo"), name)
    reason = exception_for(architecture, name)
    if reason is not None:
        assert zoo_result != "passed", f"listed in EXCEPTIONS but passes on zoo now: remove ({architecture}, {name})"
        pytest.xfail(reason)
    assert zoo_result == "passed", f"passes on stock, {zoo_result} on zoo: {detail}"
