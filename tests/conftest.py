"""Test setup: Triton's interpreter on machines without a GPU, and the `gpu` marker.

TRITON_INTERPRET must be set before any module that defines a @triton.jit kernel is imported,
which is why it happens here, at conftest import time.
"""

import os

import pytest
import torch

HAS_CUDA = torch.cuda.is_available()
if not HAS_CUDA:
    os.environ.setdefault("TRITON_INTERPRET", "1")


# Tests marked `slow` (real checkpoints fetched with pip and quantized on the CPU: many minutes on 2 cores) run only
# when asked: PATCHZOO_SLOW=1, or `-m slow`. The default suite (make test, CI) skips them with this line.
RUN_SLOW = os.environ.get("PATCHZOO_SLOW", "0") not in ("", "0")


def pytest_collection_modifyitems(config, items):
    skip_gpu = pytest.mark.skip(reason="needs a CUDA GPU (run `pytest -m gpu` on the GPU machine)")
    skip_slow = pytest.mark.skip(reason="slow (minutes on 2 cores): run with PATCHZOO_SLOW=1 or `pytest -m slow`")
    run_slow = RUN_SLOW or "slow" in (config.getoption("markexpr") or "")
    for item in items:
        if "gpu" in item.keywords and not HAS_CUDA:
            item.add_marker(skip_gpu)
        if "slow" in item.keywords and not run_slow:
            item.add_marker(skip_slow)


@pytest.fixture(scope="session")
def tiny_checkpoints(tmp_path_factory):
    """arch -> directory of a tiny stock checkpoint, built once per test session."""
    from patchzoo.tiny.build import tiny_checkpoint

    root = tmp_path_factory.mktemp("tiny")
    cache = {}

    def get(arch: str):
        if arch not in cache:
            cache[arch] = tiny_checkpoint(arch, root / arch)
        return cache[arch]

    return get


@pytest.fixture
def device():
    return torch.device("cuda" if HAS_CUDA else "cpu")


@pytest.fixture
def llama_zoo_module(monkeypatch):
    """Point model_type 'llama' at another zoo module (e.g. tests/standin_zoo_broken.py) for one test."""
    from patchzoo import registry

    def use(module_name: str):
        monkeypatch.setitem(registry.ZOO_MODULES, "llama", module_name)
        registry.zoo_classes.cache_clear()

    yield use
    registry.zoo_classes.cache_clear()
