"""`patchzoo parity --compile`: how often torch.compile compiles stock and zoo over a stream of inputs.

For each architecture, the tiny checkpoint (or --model) is loaded stock and patched, each is wrapped in
torch.compile, and the same 20 inputs of varied batch size, length and padding run through both. Dynamo's
counters give, per model: graphs compiled for the first input, graphs compiled for the later ones
(recompiles; each new shape or guard failure), of those the graphs compiled in the stream's second half
(growth), and graph breaks. The rule: the zoo recompiles no more often than stock, and no more in the
second half (a count that grows with the stream fails). Outputs are not compared here (plain
`patchzoo parity` does that, and the tests compare compiled outputs).

The zoo BERT packs under torch.compile: its packed length is a bucket marked dynamic, so paddings share one
graph, and it recompiles on a new batch shape as stock's graph does (its Padding is built before the first
op, outside the graph: a graph break, which the breaks column counts in each frame dynamo traces).

Dynamo's counters are the same for every backend, so the models compile with dynamo's "eager" backend on
every device: the counts in seconds, not the minutes inductor's builds of 40 graphs take.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import torch
import transformers

from patchzoo.evals import parity
from patchzoo.evals.parity_cases.common import right_padded_tokens

STREAM = 20
# Architectures whose parity case is a plain forward (Seamless's is generate(), GPTQ Llama's needs a twin).
STREAMED = ("bert", "roberta", "xlm_roberta", "t5", "mixtral", "llama")
RULE = "zoo recompiles <= stock's, and no more in the stream's second half"


@dataclass
class CompileCounts:
    first: int  # graphs compiled for the first input
    later: int  # graphs compiled for the other inputs: recompiles
    tail: int  # of those, graphs compiled for the last half of the stream: growth
    breaks: int  # graph breaks


def varied_inputs(arch: str, config, device: torch.device, seed: int, count: int = STREAM) -> list[dict]:
    """`count` inputs of varied batch size (1-8), length (8-48) and padding (rows 1..length long)."""
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(count):
        batch, seq = int(torch.randint(1, 9, (1,), generator=g)), int(torch.randint(8, 49, (1,), generator=g))
        lengths = torch.randint(1, seq + 1, (batch,), generator=g).tolist()
        inputs = right_padded_tokens(config, device, g, batch=batch, seq=seq, lengths=lengths)
        if arch == "t5":
            inputs["decoder_input_ids"] = torch.randint(2, config.vocab_size, (batch, max(1, seq // 2)), generator=g).to(device)
        out.append(inputs)
    return out


def count_compiles(model: torch.nn.Module, stream: list[dict], backend: str) -> CompileCounts:
    from torch._dynamo.utils import counters

    torch._dynamo.reset()
    counters.clear()
    compiled = torch.compile(model, backend=backend)
    first = half = None
    with torch.no_grad():
        for i, inputs in enumerate(stream):
            compiled(**inputs)
            first = counters["stats"]["unique_graphs"] if first is None else first
            half = counters["stats"]["unique_graphs"] if i == len(stream) // 2 - 1 else half
    graphs = counters["stats"]["unique_graphs"]
    counts = CompileCounts(first=first, later=graphs - first, tail=graphs - half,
                           breaks=sum(counters["graph_break"].values()))
    torch._dynamo.reset()
    return counts


def check(arch: str, checkpoint, device: torch.device, dtype: torch.dtype, seed: int) -> tuple[str, CompileCounts, CompileCounts]:
    """(status, stock counts, zoo counts) of one architecture."""
    from patchzoo import registry

    config = transformers.AutoConfig.from_pretrained(checkpoint)
    zoo_cls, _ = registry.AutoModel.resolve(config)
    stock_cls = getattr(transformers, zoo_cls.__name__)
    backend = "eager"  # dynamo's counters do not depend on the backend
    stream = varied_inputs(arch, config, device, seed)
    stock = stock_cls.from_pretrained(checkpoint, dtype=dtype).to(device).eval()
    zoo = zoo_cls.from_pretrained(checkpoint, dtype=dtype).to(device).eval()
    stock_counts, zoo_counts = count_compiles(stock, stream, backend), count_compiles(zoo, stream, backend)
    ok = zoo_counts.later <= stock_counts.later and zoo_counts.tail <= stock_counts.tail
    return ("pass" if ok else "FAIL"), stock_counts, zoo_counts


def compile_table(model: str | None, archs: list[str] | None, device: torch.device, dtype: torch.dtype,
                  seed: int) -> tuple[str, bool]:
    """`patchzoo parity --compile`: the table, and whether the zoo recompiled more than allowed anywhere.

    model: a checkpoint directory (its architecture alone), or None for the tiny checkpoints of `archs` (None: all).
    """
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()
    lines = [f"{STREAM} inputs of varied batch, length and padding; graphs compiled for the first input / "
             "for the later ones (recompiles; in the second half) / graph breaks (dynamo, backend \"eager\")",
             f"rule: {RULE}", "",
             "| arch | stock first | stock recompiles | stock breaks | zoo first | zoo recompiles | zoo breaks | status |",
             "|---|---|---|---|---|---|---|---|"]
    failed = False
    notes = []
    with tempfile.TemporaryDirectory(prefix="patchzoo-compile-") as tmp:
        if model:
            case = parity.case_for_config(transformers.AutoConfig.from_pretrained(model))
            jobs = [(case.arch, model)]
        else:
            jobs = [(arch, None) for arch in (archs or STREAMED)]
        for arch, checkpoint in jobs:
            if arch not in STREAMED:
                lines.append(f"| {arch} | | | | | | | not streamed (its parity case is not a plain forward) |")
                continue
            try:
                if checkpoint is None:
                    checkpoint = parity.tiny_checkpoint_for(parity.load_case(arch), Path(tmp) / arch, seed)
                status, stock, zoo = check(arch, checkpoint, device, dtype, seed)
            except Exception as error:  # one broken architecture must not hide the others' rows
                failed = True
                lines.append(f"| {arch} | | | | | | | error: {type(error).__name__}: {str(error)[:160]} |")
                continue
            failed |= status != "pass"
            if arch == "bert":
                notes.append(bert_bucket_note(checkpoint, device, seed))
            lines.append(f"| {arch} | {stock.first} | {stock.later} ({stock.tail}) | {stock.breaks} | {zoo.first} | "
                         f"{zoo.later} ({zoo.tail}) | {zoo.breaks} | {status} |")
    return "\n".join(lines + [""] * bool(notes) + notes), failed


def bert_bucket_note(checkpoint, device: torch.device, seed: int) -> str:
    """How many packed-length buckets the zoo BERT met over the stream: no recompile each (the length is
    dynamic), but under mode="reduce-overhead" one CUDA-graph recording each."""
    from patchzoo.patches.padding import bucket_rows

    config = transformers.AutoConfig.from_pretrained(checkpoint)
    buckets = {bucket_rows(int((inputs["attention_mask"] != 0).sum())) for inputs in varied_inputs("bert", config, device, seed)}
    return (f"bert: the zoo packs under torch.compile; its packed length met {len(buckets)} bucket sizes over the stream, "
            "no recompile for any (the length is dynamic); mode=\"reduce-overhead\" records one CUDA graph per batch shape and bucket")
