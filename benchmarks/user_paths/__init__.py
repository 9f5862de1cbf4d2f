"""The paths users take through each zoo architecture, stock class against zoo class (bench_user_paths.py runs them).

One file per architecture family, each a list PATHS of UserPath rows:
    encoders.py   BERT-base, RoBERTa-base      eval forward (padded, unpadded, CUDA graphs), Trainer MLM / classification
    t5.py         FLAN-T5-base                 encoder and padded forward, generate() three ways, Trainer fp16 / bf16
    decoders.py   Llama 1B shape, Mixtral      padded forward, generate() (default cache), Trainer bf16 (Llama: also
                  (8 experts, hidden 1024)     against stock + Liger-Kernel, the peer)
    gptq.py       GPTQ Llama 1B shape          generate() three ways and prefill of the 4-bit zoo checkpoint against the float16 stock model
    seamless.py   SeamlessM4T-v2 text          generate() greedy and beam search
Shared: core.py (rows, results, table, exit status), measure.py (timing), data.py (lognormal batches, collators),
checkpoints.py (same weights through from_pretrained on both sides).
"""

from __future__ import annotations

from benchmarks.user_paths.core import UserPath


def all_paths() -> list[UserPath]:
    from benchmarks.user_paths import decoders, encoders, gptq, seamless, t5

    return [*encoders.PATHS, *t5.PATHS, *decoders.PATHS, *gptq.PATHS, *seamless.PATHS]


def select(paths: list[UserPath], only: list[str]) -> list[UserPath]:
    """Paths whose name contains any of the `only` substrings (case-insensitive); every path when `only` is empty."""
    wanted = [s.lower() for s in only if s]
    return [p for p in paths if not wanted or any(s in p.name.lower() for s in wanted)]
