"""The project's own model testers for transformers' ModelTesterMixin: tiny configs and inputs.

A tester is what the mixin reads as ``self.model_tester``: sizes (batch_size, seq_length, ...) and
``prepare_config_and_inputs_for_common() -> (config, inputs)``. Configs come from the tiny presets
(patchzoo.tiny.presets, the same ones the parity job uses), each call a fresh object (tests mutate it);
inputs are random ids and random 0/1 attention masks with holes, as transformers' own testers make them.
"""

from __future__ import annotations

import torch

from patchzoo.tiny.presets import get_preset


class TinyTester:
    """Sizes the mixin reads, and the preset to build configs from (override ``inputs``)."""

    preset = ""
    batch_size = 3
    seq_length = 7
    is_training = True

    def __init__(self, parent, common):
        self.parent = parent
        self.common = common  # transformers' test_modeling_common module (ids_tensor, random_attention_mask)
        config = self.get_config()
        self.vocab_size = config.vocab_size
        self.hidden_size = getattr(config, "hidden_size", None) or config.d_model
        self.num_hidden_layers = config.num_hidden_layers
        self.num_attention_heads = config.num_attention_heads
        self.encoder_seq_length = self.decoder_seq_length = self.seq_length

    def get_config(self):
        return get_preset(self.preset).build_config()

    def prepare_config_and_inputs_for_common(self):
        config = self.get_config()
        return config, self.inputs(config)

    def ids(self, vocab_size: int) -> torch.Tensor:
        return self.common.ids_tensor([self.batch_size, self.seq_length], vocab_size)

    def mask(self) -> torch.Tensor:
        return self.common.random_attention_mask([self.batch_size, self.seq_length])  # holes, last column real

    def inputs(self, config) -> dict:
        raise NotImplementedError


class BertTester(TinyTester):
    preset = "bert"

    def inputs(self, config):
        return {"input_ids": self.ids(config.vocab_size), "token_type_ids": self.ids(config.type_vocab_size),
                "attention_mask": self.mask()}


class RobertaTester(TinyTester):
    preset = "roberta"

    def inputs(self, config):  # ids from 1 up: 0 is the padding index, from which RoBERTa's position ids start
        return {"input_ids": self.ids(config.vocab_size - 1) + 1, "attention_mask": self.mask()}


class XLMRobertaTester(RobertaTester):
    preset = "xlm_roberta"


class T5Tester(TinyTester):
    preset = "t5"

    def inputs(self, config):
        # Ids from 2 up: 0 is pad/decoder start, 1 is eos (T5 checks eos counts in some heads).
        return {"input_ids": self.ids(config.vocab_size - 2) + 2, "attention_mask": self.mask(),
                "decoder_input_ids": self.ids(config.vocab_size - 2) + 2, "decoder_attention_mask": self.mask()}


class DecoderTester(TinyTester):
    """Llama and Mixtral: causal LMs with ids and a padding mask."""

    def inputs(self, config):
        return {"input_ids": self.ids(config.vocab_size - 3) + 3, "attention_mask": self.mask()}


class LlamaTester(DecoderTester):
    preset = "llama"


class MixtralTester(DecoderTester):
    preset = "mixtral"


class SeamlessTester(TinyTester):
    preset = "seamless_m4t_v2"

    def __init__(self, parent, common):
        super().__init__(parent, common)
        config = self.get_config()
        self.num_hidden_layers = config.decoder_layers
        self.num_attention_heads = config.decoder_attention_heads

    def inputs(self, config):
        return {"input_ids": self.ids(config.vocab_size - 4) + 4, "attention_mask": self.mask(),
                "decoder_input_ids": self.ids(config.vocab_size - 4) + 4}


class SeamlessSpeechTester(SeamlessTester):
    """Speech input: input_features (B, frames, feature_projection_input_dim) with right-padded rows of different
    lengths, as the feature extractor pads a batch.

    The config is the preset's with the speech encoder as deep as the text decoder (the mixin expects one layer
    count for encoder and decoder outputs, as transformers' own tester builds it). Its speech attention is one
    chunk, as in the released checkpoints (transformers' own tester uses chunks of 2 frames; with chunks of 4 stock's
    eager and SDPA outputs differ by ~5e-5 relative in float32, so the mixin's eager-vs-SDPA test fails on stock).
    Sizes: the conformer's attentions and hidden states are over frames (encoder_seq_length = frames); the
    adaptor's stride-8 convolution sub-samples them to frames // 8 + 1 positions, the keys of cross-attention
    (encoder_output_length).
    """

    frames = 16

    def __init__(self, parent, common):
        super().__init__(parent, common)
        config = self.get_config()
        self.encoder_seq_length = self.key_length = self.frames
        self.decoder_seq_length = self.decoder_key_length = self.seq_length
        kernel, stride = config.adaptor_kernel_size, config.adaptor_stride
        self.encoder_output_length = (self.frames + 2 * (kernel // 2) - kernel) // stride + 1

    def get_config(self):
        config = super().get_config()
        config.speech_encoder_layers = config.decoder_layers
        return config

    def inputs(self, config):
        features = self.common.floats_tensor([self.batch_size, self.frames, config.feature_projection_input_dim])
        # Row 0 full, the others shorter (right padding), so the sub-sampled lengths differ too.
        lengths = (self.frames - 5 * torch.arange(self.batch_size)).clamp(min=1)  # 16, 11, 6: 3, 2, 1 after the adaptor
        mask = (torch.arange(self.frames)[None, :] < lengths[:, None]).long()
        return {"input_features": features, "attention_mask": mask,
                "decoder_input_ids": self.ids(config.vocab_size - 4) + 4}

    def labels_for(self, model_class) -> dict:
        """Labels where the mixin asks for them (it has none for speech-to-text heads; transformers' own tester passes
        labels to every call): token ids of the decoder's length."""
        return {"labels": self.ids(self.vocab_size - 4) + 4}
