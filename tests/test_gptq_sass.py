"""The GPTQ kernels compiled for sm_90 (H100 / H200) on this CPU machine, with Triton's bundled ptxas.

The interpreter runs the kernels' arithmetic in CI but never the GPU compiler: these builds catch a kernel that
only the GPU toolchain rejects (a layout it cannot lower, an inline-PTX constraint), and pin properties of the code
that the design relies on (matmul_kernel.py's docstring): tensor-core ops on the dequantized tile, no int->float
conversion per weight, the SplitK / stream-K counters only where a tile is split.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patchzoo.kernels import offline_sass

pytestmark = pytest.mark.skipif(offline_sass.why_unavailable() is not None,
                                reason=f"sm_90 builds: {offline_sass.why_unavailable()}")
ROOT = Path(__file__).resolve().parents[1]
DECODE = "block_m=16,block_n=128,split_k=4,num_warps=4,num_stages=3"


def run_command(*args: str) -> str:
    """stdout of `python -m benchmarks.gptq_sass ...` in a process without TRITON_INTERPRET (this suite's kernels
    are interpreted functions, which do not compile for a GPU)."""
    env = {key: value for key, value in os.environ.items() if key != "TRITON_INTERPRET"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-m", "benchmarks.gptq_sass", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def build(*args: str) -> dict:
    """The command's --json result for these arguments."""
    return json.loads(run_command(*args, "--json").strip().splitlines()[-1])


def test_decode_kernel_fp16():
    sass = build("--shape", "4096x11008", "--tokens", "1", "--config", DECODE)
    counts = sass["counts"]
    assert sass["kernel"] == "gptq_matmul_kernel"
    assert counts.get("HGMMA", 0) > 0  # the dequantized tile feeds Hopper's tensor-core op
    assert counts.get("I2F", 0) == 0  # codes become fp16 by bit tricks (centered_codes / paired_rows), not conversions
    assert counts.get("LDGSTS", 0) > 0  # qweight moves through asynchronous copies
    assert counts.get("ATOMG", 0) > 0  # SplitK: the per-tile counter
    assert 0 < sass["registers"] <= 255 and sass["shared_bytes"] > 0


def test_one_pass_has_no_counter():
    counts = build("--shape", "4096x4096", "--tokens", "64", "--config", "block_m=64,block_n=64,split_k=1")["counts"]
    assert counts.get("ATOMG", 0) == 0 and counts.get("HGMMA", 0) > 0


@pytest.mark.parametrize("args", [
    ["--tokens", "300", "--config", "block_m=128,block_n=128,split_k=1,num_warps=8,dots=2,stream_k=1"],  # stream-K
    ["--tokens", "1", "--config", DECODE, "--act-order"],  # x gathered through perm inside the kernel
    ["--tokens", "1", "--config", DECODE, "--dtype", "bf16"],
    ["--tokens", "16", "--config", "block_m=16,block_n=64,split_k=2,num_warps=2", "--bits", "8"],
    ["--tokens", "4", "--config", DECODE, "--group-size", "32"],  # groups of two slots: a scale per slot
    ["--tokens", "4", "--config", DECODE, "--group-size", "40"],  # any other grouping: scale and zero gathered per row
    ["--tokens", "8", "--config", "block_m=16,block_n=128,split_k=2,dots=0,max_registers=128"],  # a dot per slot
], ids=["stream-k", "act-order", "bf16", "8-bit", "group-32", "group-40", "dot-per-slot"])
def test_kernel_modes_compile(args):
    sass = build("--shape", "4096x4096", *args)
    counts = sass["counts"]
    assert sass["instructions"] > 100 and counts.get("HGMMA", 0) + counts.get("HMMA", 0) > 0
    if sass["config"]["stream_k"]:
        assert sass["kernel"] == "gptq_matmul_stream_k_kernel" and counts.get("ATOMG", 0) > 0
    if sass["config"]["max_registers"]:
        assert sass["registers"] <= sass["config"]["max_registers"]


def test_command_prints_the_table_config():
    out = run_command("--shape", "4096x14336")
    assert "gptq_matmul_kernel for sm_90, 4096x14336, 1 tokens" in out
    assert "HGMMA" in out and "registers" in out


def test_command_rejects_bad_input(capsys):
    from benchmarks import gptq_sass

    for argv, message in ((["--shape", "4096by11008"], "is not K x N"),
                          (["--shape", "4096x4096", "--config", "block_q=3"], "--config 'block_q=3'")):
        with pytest.raises(SystemExit) as exit_info:
            gptq_sass.main(argv)
        assert exit_info.value.code == 2
        assert message in capsys.readouterr().err


def test_interpreted_kernels_are_refused():
    from patchzoo.kernels.gptq import matmul as G

    if os.environ.get("TRITON_INTERPRET") != "1":
        pytest.skip("this suite runs the kernels under TRITON_INTERPRET=1; here they are compiled ones")
    with pytest.raises(RuntimeError, match="TRITON_INTERPRET=1"):
        offline_sass.compile_sass(G.gptq_matmul_kernel, (), {})
