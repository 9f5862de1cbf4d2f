"""On a Llama that has learned something (trained here, offline, on standard-library docstrings, with SmolLM's structure
scaled down: K = 192 and 320 leave a partial group of 64 at group size 128, GQA 6/2 heads, tied embeddings), patchzoo's
GPTQ loses less than round-to-nearest on held-out text, and no more than a plain GPTQ written from the paper's reference
code (tests/gptq_plain.py) on the same calibration windows. Random-weight models cannot show this: they have no
perplexity to lose.

The measure is the mean KL divergence of the quantized model's next-token distribution from the float model's on the
held-out text: it sees a quantization loss that is a small fraction of the perplexity.
"""

import copy
import re

import pytest
import torch
import torch.nn.functional as F

from gptq_plain import plain_gptq_llama
from patchzoo.cli import main
from patchzoo.conversion.gptq import QuantizeConfig
from patchzoo.conversion.gptq_model import calibration_windows, quantize_model, rtn_model_
from patchzoo.conversion.perplexity import text_token_ids
from patchzoo.tiny.trained_llama import RECIPES, train_tiny_llama

SEQLEN = RECIPES["test"].seqlen  # the context the model was trained on
EVAL_TOKENS = 4096
# GPTQ (patchzoo's and the plain one) must lose at most this share of RTN's KL; here both lose 0.13-0.19 of it.
RTN_SHARE = 0.5
# patchzoo may lose at most this much more KL than the plain GPTQ in one configuration, and over the four together.
# The two differ in rounding details (patchzoo stores fp16 scales and zero points >= 1, the reference neither), and
# one flipped rounding decision changes every later column's update: on this model the two land within +-12 % of each
# other per configuration (either side), within 5 % summed over the four; a bug like issue 16's (GPTQ above RTN)
# is 5-10 times the plain KL.
PLAIN_MARGIN = 1.25
PLAIN_TOTAL_MARGIN = 1.10


@pytest.fixture(scope="session")
def trained():
    """The tests' recipe, trained once per session."""
    return train_tiny_llama(RECIPES["test"])


@pytest.fixture(scope="session")
def held_out(trained):
    """(held-out ids (windows, SEQLEN), the float model's log-probabilities on them)."""
    ids = text_token_ids(trained.tokenizer, trained.split.evaluation)[:EVAL_TOKENS]
    ids = ids[: ids.numel() // SEQLEN * SEQLEN].view(-1, SEQLEN)
    return ids, log_probs(trained.model, ids)


@torch.no_grad()
def log_probs(model, ids):
    return F.log_softmax(model(input_ids=ids).logits.float(), dim=-1)  # (windows, SEQLEN, vocab)


def kl_from_float(model, held_out) -> float:
    """Mean KL(float || model) per held-out token."""
    ids, reference = held_out
    return float(F.kl_div(log_probs(model, ids), reference, log_target=True, reduction="sum")) / ids.numel()


def calibration(trained, tokens: int, nsamples: int = 128, seqlen: int = SEQLEN) -> list[torch.Tensor]:
    """calibration_windows of the first `tokens` calibration tokens (a multiple of seqlen), stacked 16 to a batch
    (batch, seqlen): the same data as one window per forward, in 16 times fewer calls."""
    ids = text_token_ids(trained.tokenizer, trained.split.calibration)[:tokens]
    windows = calibration_windows(ids, nsamples, seqlen)
    return list(torch.cat(windows).split(16))


def test_the_model_has_learned(trained):
    """Its held-out loss is at least 0.5 nats below the unigram entropy (what a model that learned nothing reaches)."""
    assert trained.validation_perplexity < 0.6 * trained.unigram_perplexity, trained


CONFIGS = {f"{'sym' if sym else 'asym'}-act{int(act_order)}": dict(sym=sym, act_order=act_order)
           for sym in (False, True) for act_order in (False, True)}


@pytest.mark.parametrize("calib_tokens", [4096, 1216], ids=["calib4k", "calib_short"])
def test_gptq_against_rtn_and_plain_gptq(trained, held_out, calib_tokens):
    """4-bit, group size 128 (a partial last group in every layer), sym and asym, with and without act-order.
    calib_short: a text of about 4 x the widest layer's inputs, far shorter than nsamples x seqlen (128 x 64)."""
    windows = calibration(trained, calib_tokens)
    kl = {}
    for name, config in CONFIGS.items():
        qconfig = QuantizeConfig(bits=4, group_size=128, **config)
        rtn = copy.deepcopy(trained.model)
        rtn_model_(rtn, qconfig)
        ours = copy.deepcopy(trained.model)
        quantize_model(ours, windows, qconfig, progress=False)
        plain = copy.deepcopy(trained.model)
        plain_gptq_llama(plain, windows, 4, 128, config["sym"], config["act_order"])
        kl[name] = {key: kl_from_float(m, held_out) for key, m in [("rtn", rtn), ("patchzoo", ours), ("plain", plain)]}
    for name, row in kl.items():
        assert row["plain"] < RTN_SHARE * row["rtn"], (name, kl)  # the oracle itself works on this model
        assert row["patchzoo"] < RTN_SHARE * row["rtn"], (name, kl)
        assert row["patchzoo"] <= PLAIN_MARGIN * row["plain"], (name, kl)
    total = {key: sum(row[key] for row in kl.values()) for key in ("patchzoo", "plain")}
    assert total["patchzoo"] <= PLAIN_TOTAL_MARGIN * total["plain"], kl


def test_cli_quantize_reports_held_out_perplexity(trained, tmp_path, capsys):
    directory = tmp_path / "model"
    trained.model.save_pretrained(directory)
    trained.tokenizer.save_pretrained(directory)
    (tmp_path / "calib.txt").write_text(trained.split.calibration[:6_000])  # about 2k tokens, 6 x the widest K
    (tmp_path / "eval.txt").write_text(trained.split.evaluation[:8_000])
    status = main([
        "quantize", "--model", str(directory), "--calib", str(tmp_path / "calib.txt"),
        "--eval-text", str(tmp_path / "eval.txt"), "--out", str(tmp_path / "q"), "--bits", "4", "--group-size", "128",
        "--act-order", "--nsamples", "128", "--seqlen", str(SEQLEN), "--no-progress", "--device", "cpu",
    ])
    assert status == 0
    printed = capsys.readouterr().out
    found = re.search(r"float ([\d.]+)\s+round-to-nearest ([\d.]+)\s+GPTQ ([\d.]+)", printed)
    assert found, printed
    fp, rtn, gptq = map(float, found.groups())
    assert fp < rtn and gptq < rtn, (fp, rtn, gptq)
