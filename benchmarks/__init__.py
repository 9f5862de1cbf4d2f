"""Benchmark scripts, one per capability: run as `python -m benchmarks.bench_<capability>` on a GPU."""
