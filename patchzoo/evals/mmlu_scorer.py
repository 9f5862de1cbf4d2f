"""MMLU scored without lm-eval: the requests lm-eval's `mmlu` task makes, computed the way its HFLM computes them.

For machines without lm-eval (the GPU benchmark machine): same prompt (mmlu_prompt mirrors MMLU_TEMPLATE), same
four requests per question (context, " A".." D"), same encoding (lm-eval's _encode_pair: the tokenizer's special
tokens on the context, none on a seq2seq answer, left truncation to the model's length), same forward work:

    causal:  one row per answer, (context + answer)[:-1]; rows that are equal run once, so with one-token answers
             (real tokenizers) one forward per question reads all four (lm-eval groups them by context too)
    seq2seq: four rows per question, encoder input = context, decoder labels = the answer's tokens

tests/test_mmlu_scorer.py checks that its per-question log-likelihoods and answers equal lm-eval's on tiny
models. `patchzoo eval` uses lm-eval itself; this module serves the benchmark (benchmarks/bench_mmlu_eval.py).
"""

from __future__ import annotations

import torch

from patchzoo.evals.mmlu_local import LETTERS, subject_description
from patchzoo.evals.paired_report import Sample


def question_block(row: dict) -> str:
    """MMLU_TEMPLATE's doc_to_text."""
    c = row["choices"]
    return f"{row['question'].strip()}\nA. {c[0]}\nB. {c[1]}\nC. {c[2]}\nD. {c[3]}\nAnswer:"


def mmlu_prompt(subject: str, dev: list[dict], row: dict, num_fewshot: int) -> str:
    """lm-eval's context: description, the first `num_fewshot` dev questions with their answers, the question."""
    shots = "".join(f"{question_block(r)} {LETTERS[r['answer']]}\n\n" for r in dev[:num_fewshot])
    return subject_description(subject) + shots + question_block(row)


def _max_length(model) -> int:
    """lm-eval's HFLM max_length: the config's position limit, else 2048."""
    for name in ("n_positions", "max_position_embeddings", "n_ctx"):
        if hasattr(model.config, name):
            return getattr(model.config, name)
    return 2048


def _causal_requests(tokenizer, context: str, length: int) -> list[tuple[list[int], list[int]]]:
    """lm-eval's (input ids, answer ids) per letter: context and answer split as _encode_pair splits them, the
    model input (context + answer)[-(length + 1):][:-1]."""
    context_ids = tokenizer.encode(context)
    requests = []
    for letter in LETTERS:
        answer = tokenizer.encode(context + " " + letter)[len(context_ids):]
        requests.append(((context_ids + answer)[-(length + 1):][:-1], answer))
    return requests


@torch.inference_mode()
def _score_causal(model, tokenizer, prompts: list[str], batch_size: int, device) -> list[list[float]]:
    """Rows with the same input run once: with one-token answers (" A" after "Answer:" in real tokenizers) the four
    letters share one forward per question, as in lm-eval, which groups them by context."""
    length = _max_length(model)
    per_question = [_causal_requests(tokenizer, context, length) for context in prompts]
    needed = {}  # input row -> how many last positions its answers read (1 for one-token answers)
    for requests in per_question:
        for ids, answer in requests:
            needed[tuple(ids)] = max(needed.get(tuple(ids), 0), len(answer))
    unique_rows = list(needed)
    logprobs = {}  # input row -> (needed, V) log-probabilities of its last positions
    for start in range(0, len(unique_rows), batch_size):
        batch = unique_rows[start : start + batch_size]
        width = max(len(ids) for ids in batch)
        input_ids = torch.zeros(len(batch), width, dtype=torch.long)  # right-padded, as lm-eval pads
        mask = torch.zeros(len(batch), width, dtype=torch.long)
        for i, ids in enumerate(batch):
            input_ids[i, : len(ids)], mask[i, : len(ids)] = torch.tensor(ids), 1
        logits = model(input_ids=input_ids.to(device), attention_mask=mask.to(device)).logits  # (B, T, V)
        for i, ids in enumerate(batch):
            logprobs[ids] = torch.log_softmax(logits[i, len(ids) - needed[ids] : len(ids)].float(), dim=-1)
    scores = []
    for requests in per_question:
        row = []
        for ids, answer in requests:
            positions = logprobs[tuple(ids)][-len(answer):]  # (len(answer), V): the positions that predict the answer
            row.append(positions.gather(1, torch.tensor(answer, device=device).unsqueeze(1)).sum().item())
        scores.append(row)
    return scores


@torch.inference_mode()
def _score_seq2seq(model, tokenizer, prompts: list[str], batch_size: int, device) -> list[list[float]]:
    length = _max_length(model)
    rows = []  # (encoder ids, decoder label ids): four per question
    for context in prompts:
        context_ids = tokenizer.encode(context)[-length:]
        rows += [(context_ids, tokenizer.encode(" " + letter, add_special_tokens=False)) for letter in LETTERS]
    flat = []
    for start in range(0, len(rows), 4 * batch_size):
        batch = rows[start : start + 4 * batch_size]
        width, label_width = max(len(c) for c, _ in batch), max(len(a) for _, a in batch)
        input_ids = torch.full((len(batch), width), tokenizer.pad_token_id, dtype=torch.long)
        mask = torch.zeros(len(batch), width, dtype=torch.long)
        labels = torch.full((len(batch), label_width), -100, dtype=torch.long)
        for i, (c, a) in enumerate(batch):
            input_ids[i, : len(c)], mask[i, : len(c)], labels[i, : len(a)] = torch.tensor(c), 1, torch.tensor(a)
        labels = labels.to(device)
        logits = model(input_ids=input_ids.to(device), attention_mask=mask.to(device), labels=labels).logits
        logprobs = torch.log_softmax(logits.float(), dim=-1)  # (rows, answer tokens, V)
        picked = logprobs.gather(2, labels.clamp(min=0).unsqueeze(-1)).squeeze(-1)
        flat += (picked * (labels != -100)).sum(1).tolist()
    return [flat[i : i + 4] for i in range(0, len(flat), 4)]


def score(model, tokenizer, questions: list[tuple[str, list[dict], dict]], *, num_fewshot: int = 5,
          batch_size: int = 8) -> list[Sample]:
    """One Sample (correct?, log-likelihood of A-D) per (subject, dev rows, test row), as lm-eval scores acc."""
    device = next(model.parameters()).device
    prompts = [mmlu_prompt(subject, dev, row, num_fewshot) for subject, dev, row in questions]
    scorer = _score_seq2seq if model.config.is_encoder_decoder else _score_causal
    scores = scorer(model, tokenizer, prompts, batch_size, device)
    return [Sample(float(max(range(4), key=ll.__getitem__) == row["answer"]), ll)
            for ll, (_, _, row) in zip(scores, questions)]
