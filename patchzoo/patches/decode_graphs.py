"""CUDA graphs for a decoder-only generate(): each one-token step replayed from one captured graph.

Why: a plain generate() at small batch is host-bound. Stock Llama launches a dozen small kernels per layer per
token from Python, and at batch 1 the GPU waits for the host (a 32-layer Llama-7B shape on an H200: ~25 ms of host
time a token against ~7 ms of GPU work, benchmarks/RESULTS.md). A 4-bit model makes the GPU part smaller still, so
without graphs it cannot be faster than fp16 there. A replayed graph launches the whole step at once.

    zoo generate(inputs, ...)
      eligible (graph_plan)? no: stock generate, the reason logged once (beams, drafts, a cache of the caller's, a
           static cache with a compile_config, ...); a plain call, cache_implementation="dynamic", or "static"
           (stock's static cache: the very steps the graphs replay; they replace transformers' auto-compile, logged
           once) are eligible
      yes: a DecodeGraphCache, a transformers StaticCache kept per model and reused while it fits (batch, capacity
           rounded up to CAPACITY_MULTIPLE slots, dtype, device, the same weight tensors), reset, and handed to
           stock generate() with transformers' own auto-compile off (the graphs take its place)
        generate() asks the model for each step's mask (create_masks_for_generate) and calls it:
          prefill (or any step of more than one token): stock's 4D mask and forward, eagerly, on the static cache
          one token per row: the 2D padding mask as it is (DecodeGraphCache.step_mask); DecodeGraphCache.forward
            copies the inputs into the graph's buffers and replays: the graph builds the 4D mask from the padding
            and the write position on the GPU, then runs the forward; logits copied out
      return_dict_in_generate: the cache in the output is a DynamicCache copy of what was written (stock's type,
      and not the kept cache, which the next call overwrites)

What a step computes is stock's forward over a static cache: the same code, K/V written by StaticCache.update at
its device-side position, attention over every slot with generate()'s mask hiding the unwritten ones. The model may
hand DecodeGraphCache.forward a `capture_forward` that the graph records instead: the zoo Llama's binds Triton
kernels for the capture where model.decode_kernels is on (patchzoo/models/llama_decode.py: RMSNorm with the residual
add, RoPE with the cache write, which advances the position as StaticCache.update does, attention over the written
slots, SwiGLU). Tokens and logits equal a stock generate() with cache_implementation="static" within floating-point
summation order (stock's prompt runs on a dynamic cache here, its steps' attention over every slot of the cache),
and within those kernels' roundings where they run.

Why the graph builds the mask: generate() makes a static cache's 4D mask on the host before every step (a dozen
small operations, ~0.2 ms of Python and launches), and the GPU waits for it, because generate() syncs each step to
test for the end of every row. In the graph it is three operations on the GPU. At the first step of every call
step_mask checks the graph's mask against stock's for that step (one sync); where they differ (another attention
implementation's mask format, a transformers version that builds it otherwise) every step of the call gets stock's
4D mask, copied into the graph as before.

Why the host may run a step ahead: generate() reads every step whether all rows have ended (a sync), so the GPU
idles while the host prepares the next step (~0.5-1 ms of Python a token, against ~5 ms of GPU work for a 4-bit 8B
step). In a greedy call that returns no cache and streams nothing, the graphed call uses transformers' own
DeferredStopCheck (which stock uses only on Apple's MPS): the host reads the end-of-rows flag one step late, so it
queues step n+1 while the GPU runs step n. Where all rows end on an end-of-sequence token that one extra step runs and is undone,
as transformers does (its tokens, scores and the cache slot it wrote are not returned). Sampling keeps the per-step
check: the extra step would draw from the random generator, and the next call's samples would differ from stock's.

A graph replays the tensors it was captured with. The cache notes the address of every weight tensor when it is
made (weights_tag) and is replaced when they change (a .to(), a reload, a swapped module) or a TF32 switch does;
in-place weight updates replay correctly. Memory held between calls: the cache (capacity slots of K and V per
layer) and one decoding step's activations per batch size; ``release_decode_graphs(model)`` frees both.
"""

from __future__ import annotations

import functools
import logging
import weakref

import torch
import torch.nn as nn
from transformers import DynamicCache, StaticCache
from transformers.generation import utils as generation_utils
from transformers.masking_utils import create_masks_for_generate

from patchzoo.patches import shape_graphs
from patchzoo.patches.static_cache import CUDAGraphStep, round_up

logger = logging.getLogger(__name__)

DEFAULT_NEW_TOKENS = 20  # what generate() makes when no length is given
CAPACITY_MULTIPLE = 256  # cache slots are allocated in these steps, so nearby lengths share one cache and its graphs

# generate() arguments that change how decoding runs (beams, drafts, extra outputs, a cache of the caller's): with
# any of them set to other than this value, generate() runs as stock's
_STOCK_ONLY_SETTINGS = {
    "num_beams": 1, "num_beam_groups": 1, "penalty_alpha": None, "assistant_model": None,
    "prompt_lookup_num_tokens": None, "dola_layers": None, "custom_generate": None, "synced_gpus": False,
    "output_attentions": False, "output_hidden_states": False, "use_cache": True,
    "prefill_chunk_size": None, "inputs_embeds": None, "past_key_values": None, "cache": None,
}
# what a one-token step may carry into the graph (anything else set, e.g. output_attentions=True: stock's forward)
_GRAPH_STEP_ARGUMENTS = {"input_ids", "attention_mask", "position_ids", "past_key_values", "cache", "use_cache",
                         "return_dict", "logits_to_keep"}
_ATTENTION_IMPLEMENTATIONS = ("sdpa", "eager")  # attention functions that take generate()'s 4D mask as it is

GraphStep = CUDAGraphStep  # the capture/replay of one step (tests put an eager stand-in here to run on the CPU)

_held: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # model -> its DecodeGraphCache (not in its __dict__:
# a pickled or deep-copied model must not carry graphs of device addresses)


_NOT_ON_CUDA = "the model and inputs are not on a CUDA device"
_ONE_TOKEN = "one new token: the prompt's forward is the whole call, with no decoding step to replay"


@functools.cache
def _log_fallback_once(reason: str) -> None:
    # a warning where a CUDA user's call gives up the graphs; an info line where there is nothing to graph (the CPU,
    # a call that makes one token)
    log = logger.info if reason in (_NOT_ON_CUDA, _ONE_TOKEN) else logger.warning
    log("patchzoo generate(): decoding without CUDA graphs (as stock) because %s", reason)


@functools.cache
def _log_graphs_once() -> None:
    logger.info("patchzoo generate(): one-token decoding steps replay a CUDA graph over a static KV cache")


def weights_tag(model: nn.Module) -> tuple:
    """The address of every tensor the model's modules hold (parameters, buffers and tensors derived from them,
    e.g. GPTQLinear's packed scales) and the TF32 switches (shape_graphs.tf32_switches): a graph replays those
    tensors with kernels chosen under those switches, so it is valid only while all are the same."""
    tensors = (value for module in model.modules()
               for value in (*module._parameters.values(), *module._buffers.values(), *module.__dict__.values())
               if isinstance(value, torch.Tensor))
    return (shape_graphs.tf32_switches(), *((tensor.data_ptr(), tensor.dtype) for tensor in tensors))


def _setting(kwargs: dict, model: nn.Module, name: str):
    if name in kwargs:
        return kwargs[name]
    config = kwargs.get("generation_config") or model.generation_config
    return getattr(config, name, None)


def graph_plan(model: nn.Module, args: tuple, kwargs: dict) -> tuple[int, int] | str:
    """(batch, capacity) of the cache a graphed generate(*args, **kwargs) needs, or why it runs as stock."""
    inputs = args[0] if args else kwargs.get("inputs", kwargs.get("input_ids"))
    if not isinstance(inputs, torch.Tensor) or inputs.dim() != 2 or inputs.is_floating_point():
        return "the inputs are not a (batch, tokens) tensor of token ids"
    if not GraphStep.available(inputs.device) or model.device.type != inputs.device.type:
        return _NOT_ON_CUDA
    if model.training:
        return "the model is in train mode"
    if torch.compiler.is_compiling():
        return "generate() is being traced by torch.compile"
    if "forward" in model.__dict__:
        return "the model's forward was replaced on the instance (e.g. compiled): it runs as given"
    if model.config._attn_implementation not in _ATTENTION_IMPLEMENTATIONS:
        return f"attention implementation {model.config._attn_implementation!r} (graphs run with sdpa or eager)"
    if len({p.device for p in model.parameters()}) > 1:
        return "the model is spread over several devices"
    if any(m._forward_hooks or m._forward_pre_hooks for m in model.modules()):
        return "modules carry forward hooks (e.g. offloading), which a replay would skip"
    for name, stock_value in _STOCK_ONLY_SETTINGS.items():
        value = _setting(kwargs, model, name)
        if value is not None and value != stock_value:
            return f"{name}={value!r}"
    cache_request = _cache_request_reason(model, kwargs)
    if cache_request:
        return cache_request
    max_new_tokens, max_length = _setting(kwargs, model, "max_new_tokens"), _setting(kwargs, model, "max_length")
    if max_new_tokens is not None:
        length = inputs.shape[1] + max_new_tokens
    elif max_length is not None:
        length = max_length
    else:  # transformers' default: 20 new tokens (5.25), or 20 in all before
        length = inputs.shape[1] + DEFAULT_NEW_TOKENS
    if length <= inputs.shape[1]:
        return "there are no new tokens to decode"
    if length == inputs.shape[1] + 1:  # a static cache of the whole prompt, and its copy, would buy nothing
        return _ONE_TOKEN
    copies = _setting(kwargs, model, "num_return_sequences") or 1
    return inputs.shape[0] * copies, round_up(length, CAPACITY_MULTIPLE)


def _cache_request_reason(model: nn.Module, kwargs: dict) -> str | None:
    """Why the cache_implementation asked for rules out graphs, or None where the graphed static cache computes what
    stock's would: none or "dynamic" (stock's default), or "static" (stock's static cache; the graphs replay its
    steps, in place of the torch.compile transformers would wrap them in: the replayed graphs are faster than the
    compiled step, benchmarks/RESULTS.md, and start without compiling). A static cache stays transformers' own where
    the caller passed a compile_config (compile asked for by name) and where stock would return it (a StaticCache of
    its own length, not the copy graphs return)."""
    implementation = _setting(kwargs, model, "cache_implementation")
    if implementation in (None, "dynamic"):
        return None
    if implementation != "static":
        return f"cache_implementation={implementation!r}"
    if not _setting(kwargs, model, "disable_compile") and _setting(kwargs, model, "compile_config") is not None:
        return "cache_implementation='static' with a compile_config (transformers compiles its decoding step, as asked)"
    if _setting(kwargs, model, "return_dict_in_generate"):
        return "cache_implementation='static' with return_dict_in_generate (stock returns its StaticCache)"
    return None


@functools.cache
def _log_compile_replaced_once() -> None:
    logger.info("patchzoo generate(): cache_implementation='static' decodes through patchzoo's CUDA graphs in place "
                "of transformers' torch.compile of the step (pass a compile_config to keep transformers' compile, or "
                "set model.decode_graphs = False)")


class DecodeGraphCache(StaticCache):
    """A StaticCache whose one-token steps run as replays of a captured forward (one graph per input layout).

    `length` mirrors the device-side write position on the host (generate() asks for it every step, and a host
    value needs no device sync); `batch` and `capacity` are what it was made for.
    """

    def __init__(self, config, batch: int, capacity: int, tag: tuple):
        super().__init__(config=config, max_cache_len=capacity)
        self.config, self.batch, self.capacity, self.weights_tag = config, batch, capacity, tag
        self.length = 0
        self.graphs: dict[tuple, tuple | None] = {}  # input layout -> (GraphStep, its input buffers), None: eager
        # the dtype of the mask a graph builds (bool for SDPA, the model's float dtype for eager attention), checked
        # against stock's at the first step of each call; None: not checked yet this call; False: stock's differs
        self.built_mask_dtype: torch.dtype | None | bool = None
        self.slot_index = None  # arange(capacity) on the cache's device, made at the first check
        self.defers_stop_check = False  # set per call by graphed_generate (see the module's docstring)
        # a captured step's arrival counter for kernels that write the cache (patchzoo/kernels/decode_step.py
        # rope_write_kv), made before the first capture: outside the graph's memory pool
        self.write_arrivals: torch.Tensor | None = None

    def get_seq_length(self, layer_idx: int = 0) -> int:
        return self.length

    @property
    def _is_user_defined(self) -> bool:
        """generate() marks a cache passed to it as the caller's, one that outlives the call as it is; this one is
        the zoo's (the caller gets a DynamicCache copy), so transformers may defer its stop check over it."""
        return False

    @_is_user_defined.setter
    def _is_user_defined(self, value: bool) -> None:
        pass

    def reset(self) -> None:
        super().reset()
        self.length = 0
        self.built_mask_dtype = None

    def step_mask(self, mask_kwargs: dict):
        """The attention mask generate() hands the model for a step (the zoo model's create_masks_for_generate):
        stock's 4D mask, or for a one-token step whose 4D mask the graph builds as stock does, the 2D mask as given."""
        embeds, padding = mask_kwargs["inputs_embeds"], mask_kwargs.get("attention_mask")
        if (embeds.shape[1] != 1 or self.length == 0 or embeds.shape[0] != self.batch
                or (padding is not None and tuple(padding.shape) != (self.batch, self.length + 1))):
            return create_masks_for_generate(**mask_kwargs)
        if self.built_mask_dtype is None:  # the first step of this call: build it both ways and compare (one sync)
            stock = create_masks_for_generate(**mask_kwargs)
            self.built_mask_dtype = self._same_as_built(stock, padding, embeds.device)
            return padding if self.built_mask_dtype else stock
        return padding if self.built_mask_dtype else create_masks_for_generate(**mask_kwargs)

    def _same_as_built(self, stock, padding: torch.Tensor | None, device: torch.device) -> torch.dtype | bool:
        """stock's mask's dtype where the graph's mask equals it at this step, else False (logged once)."""
        if isinstance(stock, torch.Tensor) and stock.dim() == 4:
            if self.slot_index is None or self.slot_index.device != device:
                self.slot_index = torch.arange(self.capacity, device=device)
            padding_slots = self._padding_slots(padding, device)
            built = built_step_mask(padding_slots, torch.tensor(self.length, device=device), self.slot_index,
                                    stock.dtype)
            if built.shape == stock.shape and bool(torch.equal(built, stock)):
                return stock.dtype
        _log_host_masks_once(type(stock).__name__ if not isinstance(stock, torch.Tensor) else
                             f"{stock.dtype} {tuple(stock.shape)}")
        return False

    def _padding_slots(self, padding: torch.Tensor | None, device: torch.device) -> torch.Tensor:
        """(batch, capacity) bool: which slots the rows may see, as far as padding goes (True past the step: the
        causal part of the mask hides those)."""
        slots = torch.ones(self.batch, self.capacity, dtype=torch.bool, device=device)
        if padding is not None:
            slots[:, : padding.shape[1]].copy_(padding)
        return slots

    def fits(self, batch: int, capacity: int, tag: tuple) -> bool:
        return self.batch == batch and self.capacity >= capacity and self.weights_tag == tag

    def _check_room(self, tokens: int) -> None:
        if self.length + tokens > self.capacity:  # the plan sized it for the whole call; a write past it is a bug
            raise RuntimeError(f"patchzoo decode graphs: {self.length + tokens} tokens overflow the static cache of "
                               f"{self.capacity} slots")

    def forward(self, stock_forward, cache_name: str, kwargs: dict, capture_forward=None):
        """One model call of generate(): graphed when it is a one-token step it can replay, else stock's.
        `capture_forward`: what a new graph records instead of stock_forward (the same function, other kernels)."""
        input_ids = kwargs.get("input_ids")
        tokens = 1 if input_ids is None else input_ids.shape[-1]
        self._check_room(tokens)
        if self.length == 0 and isinstance(kwargs.get("attention_mask"), torch.Tensor) and kwargs["attention_mask"].dim() == 4:
            return self._prefill(stock_forward, cache_name, kwargs, tokens)
        step = self._step_for(capture_forward or stock_forward, cache_name, kwargs)
        if step is None:
            outputs = stock_forward(**kwargs)  # reads get_seq_length(): the tokens before this call
            self.length += tokens
            return outputs
        graph, buffers = step
        buffers["input_ids"].copy_(kwargs["input_ids"])
        if "padding" in buffers:  # the graph builds the 4D mask
            if kwargs.get("attention_mask") is None:  # every slot visible (an earlier call's padding may be there)
                buffers["padding"].fill_(True)
            else:
                buffers["padding"][:, : self.length + 1].copy_(kwargs["attention_mask"])
            buffers["slot"].fill_(self.length)
        else:
            buffers["attention_mask"].copy_(kwargs["attention_mask"])
        if kwargs.get("position_ids") is not None:
            buffers["position_ids"].copy_(kwargs["position_ids"])
        else:  # stock's default: the position after the cached tokens
            buffers["position_ids"].fill_(self.length)
        self.length += 1
        return _output(graph().clone(), cache_name, self)

    def _prefill(self, stock_forward, cache_name: str, kwargs: dict, tokens: int):
        """The prompt as a plain generate() runs it: stock's forward on a DynamicCache, with no mask where no row is
        padded (SDPA's causal kernels, not a masked pass over the whole capacity); its K/V then copied in."""
        mask = kwargs["attention_mask"][:, :, :, :tokens]  # generate()'s static-cache mask over the prompt's slots
        visible = mask if mask.dtype == torch.bool else mask == 0
        causal = torch.ones(tokens, tokens, dtype=torch.bool, device=mask.device).tril()
        padded = not bool(torch.equal(visible.expand(-1, -1, tokens, tokens), causal.expand_as(visible)))  # one sync
        prompt_cache = DynamicCache(config=self.config)
        outputs = stock_forward(**{**kwargs, "attention_mask": mask if padded else None, cache_name: prompt_cache})
        for layer, written in zip(self.layers, prompt_cache.layers):
            if not layer.is_initialized:
                layer.lazy_initialization(written.keys, written.values)
            layer.keys[:, :, :tokens].copy_(written.keys)
            layer.values[:, :, :tokens].copy_(written.values)
            layer.cumulative_length.fill_(tokens)
        self.length = tokens
        setattr(outputs, cache_name, self)
        return outputs

    def _step_for(self, step_forward, cache_name: str, kwargs: dict):
        """The captured step for this call's input layout (captured now if new), or None: run it as stock."""
        input_ids, mask, position_ids = kwargs.get("input_ids"), kwargs.get("attention_mask"), kwargs.get("position_ids")
        extra = [k for k, v in kwargs.items() if k not in _GRAPH_STEP_ARGUMENTS and v is not None and v is not False]
        builds_mask = bool(self.built_mask_dtype) and (mask is None or mask.shape == (self.batch, self.length + 1))
        if (input_ids is None or tuple(input_ids.shape) != (self.batch, 1) or self.length == 0 or extra
                or kwargs.get("return_dict", True) is False
                or not (builds_mask or isinstance(mask, torch.Tensor) and mask.dim() == 4)):
            return None
        mask_layout = ("built", self.built_mask_dtype) if builds_mask else (mask.dtype, tuple(mask.shape))
        key = (*mask_layout, None if position_ids is None else tuple(position_ids.shape))
        if key not in self.graphs:
            try:
                self.graphs[key] = self._capture(step_forward, cache_name, kwargs, builds_mask)
            except Exception as error:  # a step a graph cannot hold: this layout decodes eagerly, as stock
                _log_fallback_once(f"capturing the decoding step failed ({type(error).__name__}: {error})")
                self.graphs[key] = None
        return self.graphs[key]

    def _capture(self, step_forward, cache_name: str, kwargs: dict, builds_mask: bool):
        _log_graphs_once()
        input_ids, mask = kwargs["input_ids"], kwargs.get("attention_mask")
        device = input_ids.device
        if self.write_arrivals is None or self.write_arrivals.device != device:
            self.write_arrivals = torch.zeros((), dtype=torch.int32, device=device)
        buffers = {
            "input_ids": input_ids.clone(),
            "position_ids": torch.full((self.batch, 1), self.length, dtype=torch.long, device=device),
        }
        if kwargs.get("position_ids") is not None:
            buffers["position_ids"] = kwargs["position_ids"].clone()
        if builds_mask:
            buffers["padding"] = self._padding_slots(mask, device)
            buffers["slot"] = torch.tensor(self.length, device=device)
        else:
            buffers["attention_mask"] = mask.clone()

        def run():
            if builds_mask:
                mask_4d = built_step_mask(buffers["padding"], buffers["slot"], self.slot_index, self.built_mask_dtype)
            else:
                mask_4d = buffers["attention_mask"]
            return step_forward(input_ids=buffers["input_ids"], attention_mask=mask_4d,
                                position_ids=buffers["position_ids"], **{cache_name: self}, use_cache=True).logits

        positions = [layer.cumulative_length.clone() for layer in self.layers]
        try:
            step = GraphStep(run)
            step.capture()  # its warm-up runs write this step's slot (rewritten by the replay) and advance the positions
        finally:
            for layer, position in zip(self.layers, positions):
                layer.cumulative_length.copy_(position)
        return step, buffers

    def dynamic_copy(self, config) -> DynamicCache:
        """What was written, as the DynamicCache stock generate() would have returned."""
        copy = DynamicCache(config=config)
        for index, layer in enumerate(self.layers):
            if layer.is_initialized:
                keys = layer.keys[:, :, : self.length].clone()
                values = layer.values[:, :, : self.length].clone()
                copy.update(keys, values, index)
        return copy


def built_step_mask(padding: torch.Tensor, slot: torch.Tensor, slot_index: torch.Tensor, dtype: torch.dtype):
    """A one-token step's 4D mask over a static cache, as generate() makes it: (batch, 1, 1, capacity), a slot
    visible where it is written (at or before `slot`, the one this step writes) and not padding; bool for SDPA, else
    0 where visible and the dtype's minimum where not (eager attention adds it to the scores)."""
    visible = padding[:, None, None, :] & (slot_index <= slot)
    if dtype == torch.bool:
        return visible
    return torch.zeros(visible.shape, dtype=dtype, device=visible.device).masked_fill_(~visible, torch.finfo(dtype).min)


@functools.cache
def _log_host_masks_once(stock: str) -> None:
    logger.info("patchzoo generate(): each step's attention mask is built on the host as stock does (its mask, %s, "
                "is not the one the graph would build)", stock)


def _output(logits: torch.Tensor, cache_name: str, cache: DecodeGraphCache):
    from transformers.modeling_outputs import CausalLMOutputWithPast

    return CausalLMOutputWithPast(logits=logits, **{cache_name: cache})


def cache_for(model: nn.Module, batch: int, capacity: int) -> DecodeGraphCache:
    """The model's kept cache, reset, if it fits this call; else a new one (the old one and its graphs freed first)."""
    tag = weights_tag(model)
    cache = _held.get(model)
    if cache is not None and cache.fits(batch, capacity, tag):
        cache.reset()
        return cache
    _held.pop(model, None)
    cache = DecodeGraphCache(model.config, batch, capacity, tag)
    _held[model] = cache
    return cache


def defers_stop_check(model: nn.Module, kwargs: dict) -> bool:
    """Whether a graphed generate(**kwargs) may read the end-of-rows flag a step late: greedy, nothing streamed."""
    return not _setting(kwargs, model, "do_sample") and kwargs.get("streamer") is None


_STOCK_DEFERS_STOP_CHECK = generation_utils.DeferredStopCheck.is_supported


def _deferred_stop_check_is_supported(device, cache, cache_is_returned: bool, is_assistant: bool) -> bool:
    """transformers' DeferredStopCheck.is_supported, and for a graphed generate()'s cache what that call allows
    (never where the cache is returned: this one cannot undo a written slot)."""
    if isinstance(cache, DecodeGraphCache):
        return cache.defers_stop_check and not cache_is_returned and not is_assistant
    return _STOCK_DEFERS_STOP_CHECK(device, cache, cache_is_returned, is_assistant)


# every other cache gets transformers' own answer, so stock models' generate() runs as it did
generation_utils.DeferredStopCheck.is_supported = staticmethod(_deferred_stop_check_is_supported)


def release_decode_graphs(model: nn.Module) -> None:
    """Free the model's kept static cache and its graphs (the next generate() makes them again)."""
    _held.pop(model, None)


def graphed_generate(model: nn.Module, stock_generate, cache_name: str, args: tuple, kwargs: dict):
    """stock_generate(*args, **kwargs), with one-token steps replayed from CUDA graphs where graph_plan allows."""
    plan = graph_plan(model, args, kwargs)
    if isinstance(plan, str):
        _log_fallback_once(plan)
        return stock_generate(*args, **kwargs)
    if _setting(kwargs, model, "cache_implementation") == "static" and not _setting(kwargs, model, "disable_compile"):
        _log_compile_replaced_once()
    cache = cache_for(model, *plan)
    cache.defers_stop_check = defers_stop_check(model, kwargs)
    # the graphed static cache in place of any cache_implementation asked for (graph_plan allows those it computes)
    kwargs = {**kwargs, cache_name: cache, "disable_compile": True, "cache_implementation": None}
    try:
        outputs = stock_generate(*args, **kwargs)
    except BaseException:
        release_decode_graphs(model)  # an interrupted call may leave a capture or the cache half-written
        raise
    if getattr(outputs, cache_name, None) is cache:
        setattr(outputs, cache_name, cache.dynamic_copy(model.config))
    return outputs
