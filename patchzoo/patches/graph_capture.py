"""Capturing a CUDA graph so that a failed capture leaves the process as it was.

Every graph the zoo captures (decode steps, the packed BERT layers, Seamless' steps) goes through `capture`, which is
`torch.cuda.graph(graph, pool)` with two differences:

- Thread-local capture mode: a CUDA call that another thread makes while this one captures (a compile worker,
  a data loader, a user's thread) no longer invalidates the capture. In torch's default ("global") mode one such
  call ends the capture with "operation not permitted when stream is capturing". torch.compile captures its own
  CUDA graphs in this mode too. A prohibited call on the capturing thread itself still fails the capture.
- A failed capture is undone. torch.cuda.graph leaves its capture stream current when the capture's end raises
  (its __exit__ restores the stream after capture_end returns), and on torch 2.11 every random op on the GPU
  afterwards raised "Offset increment outside graph capture encountered unexpectedly": the device's default CUDA
  generator was left marked as capturing. A generate() that fell back to eager decoding after a failed capture
  thus broke the next sampling call, or the next torch.randn. Here the stream is restored and the generator gets
  back a copy of its state from before the capture (same seed and offset). Callers then run the work eagerly and
  say once why.
"""

from __future__ import annotations

import contextlib

import torch


@contextlib.contextmanager
def capture(graph: torch.cuda.CUDAGraph, pool=None):
    """Record the body's CUDA work into `graph` (see the module docstring); `pool`: a graph memory pool to share."""
    stream = torch.cuda.current_stream()
    generator = torch.cuda.default_generators[stream.device.index]
    state = generator.clone_state()
    try:
        with torch.cuda.graph(graph, pool=pool, capture_error_mode="thread_local"):
            yield
    except BaseException:
        torch.cuda.set_stream(stream)
        generator.graphsafe_set_state(state)
        raise
