"""patchzoo.patches.graph_capture: a capture that another thread's CUDA calls cannot break, and a failed capture that
leaves the thread's stream and the GPU's random numbers as they were; and a zoo generate() that falls back after a
failed capture giving stock's tokens on that call and the next sampling one. On the CPU the undoing is checked
against stand-ins for torch.cuda's stream, generator and graph context; the rest needs a GPU (`pytest -m gpu`)."""

import functools
import threading

import pytest
import torch
import transformers

import patchzoo
from patchzoo.patches import decode_graphs
from patchzoo.patches.graph_capture import capture
from patchzoo.patches.static_cache import CUDAGraphStep
from patchzoo.testing import tiny_model


class FakeCUDA:
    """What capture() touches in torch.cuda, on the CPU: a current stream, one default generator (its state a
    counter), and a graph context that makes its capture stream current and, with `fail`, raises at its end
    without restoring the stream (what torch.cuda.graph does when the capture's end raises)."""

    def __init__(self, fail: bool):
        self.fail = fail
        self.stream = self.before = type("Stream", (), {"device": torch.device("cuda", 0)})()
        self.state = 5
        fake = self

        class Generator:
            def clone_state(self):
                return fake.state

            def graphsafe_set_state(self, state):
                fake.state = state

        class Graph:
            def __init__(self, graph, pool=None, capture_error_mode="global"):
                fake.mode = capture_error_mode

            def __enter__(self):
                fake.stream, fake.state = "capture stream", "capturing"

            def __exit__(self, *exc):
                if fake.fail:
                    raise RuntimeError("operation not permitted when stream is capturing")
                fake.stream, fake.state = fake.before, 6

        self.default_generators = (Generator(),)
        self.graph = Graph

    def install(self, monkeypatch):
        monkeypatch.setattr(torch.cuda, "current_stream", lambda: self.stream)
        monkeypatch.setattr(torch.cuda, "set_stream", lambda stream: setattr(self, "stream", stream))
        monkeypatch.setattr(torch.cuda, "default_generators", self.default_generators)
        monkeypatch.setattr(torch.cuda, "graph", self.graph)
        return self


@pytest.mark.parametrize("fail", [True, False], ids=["failed", "captured"])
def test_capture_is_thread_local_and_undone_when_it_fails(monkeypatch, fail):
    fake = FakeCUDA(fail).install(monkeypatch)
    if fail:
        with pytest.raises(RuntimeError, match="not permitted"):
            with capture(object()):
                pass
        assert fake.stream is fake.before and fake.state == 5  # the stream and the generator's state from before
    else:
        with capture(object()):
            pass
        assert fake.stream is fake.before and fake.state == 6  # a capture that ends well is left as torch leaves it
    assert fake.mode == "thread_local"


def _synchronize_then(fn):
    torch.cuda.synchronize()  # prohibited on a capturing thread: the capture fails
    return fn()


@pytest.mark.gpu
def test_a_failed_capture_restores_the_stream_and_the_random_numbers():
    x = torch.ones(4, device="cuda")
    torch.manual_seed(0)
    expected = torch.randn(8, device="cuda")
    torch.manual_seed(0)
    stream = torch.cuda.current_stream()
    step = CUDAGraphStep(functools.partial(_synchronize_then, lambda: x * 2), warmup=0)
    with pytest.raises(Exception):  # torch's CUDA error: "operation not permitted when stream is capturing"
        step.capture()
    assert torch.cuda.current_stream() == stream
    assert torch.equal(torch.randn(8, device="cuda"), expected)  # the generator's seed and offset as before
    assert torch.equal(CUDAGraphStep(lambda: x * 3)(), x * 3)  # and the next capture works


@pytest.mark.gpu
def test_another_threads_cuda_calls_do_not_break_a_capture():
    x = torch.arange(1024, dtype=torch.float32, device="cuda")
    done = threading.Event()

    def synchronize_until_done():
        while not done.is_set():
            torch.cuda.synchronize()

    worker = threading.Thread(target=synchronize_until_done)
    worker.start()
    try:
        graph = torch.cuda.CUDAGraph()
        with capture(graph):
            y = x
            for _ in range(200):  # long enough for the worker to synchronize during the capture
                y = y * 1.0001 + 1
    finally:
        done.set()
        worker.join()
    expected = x.clone()
    for _ in range(200):
        expected = expected * 1.0001 + 1
    graph.replay()
    torch.testing.assert_close(y, expected)


class FailingStep(CUDAGraphStep):
    """A decode step whose capture fails the way a prohibited CUDA call makes it fail."""

    def capture(self):
        self.fn, self.warmup = functools.partial(_synchronize_then, self.fn), 0
        super().capture()


@pytest.mark.gpu
def test_generate_after_a_failed_capture_gives_stock_tokens_and_samples(tmp_path, monkeypatch):
    tiny_model("llama").save_pretrained(tmp_path)
    stock = transformers.LlamaForCausalLM.from_pretrained(tmp_path, device_map="cuda").eval()
    zoo = patchzoo.LlamaForCausalLM.from_pretrained(tmp_path, device_map="cuda").eval()
    monkeypatch.setattr(decode_graphs, "GraphStep", FailingStep)
    ids = torch.randint(3, 64, (2, 7), generator=torch.Generator().manual_seed(3)).cuda()

    def generate(model, **kwargs):
        torch.manual_seed(1)
        return model.generate(ids, max_new_tokens=8, min_new_tokens=8, pad_token_id=0, **kwargs)

    assert torch.equal(generate(zoo), generate(stock))
    assert torch.equal(generate(zoo, do_sample=True, top_k=20), generate(stock, do_sample=True, top_k=20))
