# Two entry points for a fresh machine (see README): `make demo` and `make test`.
# Each creates .venv with what it needs. TORCH pins the wheel installed first: the default is the
# CPU build; on a GPU machine pass e.g. TORCH="torch==2.11.0" (or have torch installed already).
PYTHON ?= python3
TORCH ?= torch==2.13.0
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test gpu-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# torch first, pinned, so that the package's plain `torch` requirement is already met.
$(VENV)/.installed-base: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q "$(TORCH)"
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed-base
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $@

# The main job on tiny checkpoints built locally: every architecture, stock vs zoo, one table.
demo: $(VENV)/.installed-base
	$(BIN)/patchzoo parity

# The CPU test suite (Triton kernels run in the interpreter); pytest lists the slowest tests at the end.
# SUITE_TIME: 1687 tests (1398 run, 289 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-12-06: 18.3-22.9 minutes of tests over two runs (10.3 on another machine's 2 cores, 2026-12-05: CPUs differ). PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := 10-20 minutes on 2 cores
test: $(VENV)/.installed-test
	@echo "make test: the CPU suite takes $(SUITE_TIME) (Triton kernels run in the interpreter)"
	$(BIN)/python -m pytest -q --durations=15

# On a GPU machine with torch already installed system-wide.
gpu-test:
	PYTHONPATH=. python3 -m pytest -q -m gpu

clean:
	rm -rf $(VENV) .pytest_cache
