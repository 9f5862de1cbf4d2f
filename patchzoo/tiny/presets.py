"""Tiny model presets: typed data, one per architecture, small enough for CPU tests in seconds.

They are the embedded default of ``patchzoo parity`` and the fixtures of the test suite; a tiny
checkpoint is built from one with a fixed seed by ``patchzoo.tiny.build.tiny_checkpoint``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import transformers

TINY_VOCAB = 512  # the locally trained tokenizer (patchzoo.tiny.build.tiny_tokenizer) has this many ids


@dataclass(frozen=True)
class TinyPreset:
    arch: str  # short name used on the command line and in the parity table
    config_class: str  # transformers config class name
    architecture: str  # the stock model class the checkpoint is saved with
    config: dict[str, Any] = field(default_factory=dict)

    def build_config(self) -> transformers.PretrainedConfig:
        config = getattr(transformers, self.config_class)(**self.config)
        config.architectures = [self.architecture]
        return config


TINY_PRESETS: dict[str, TinyPreset] = {
    "bert": TinyPreset(
        arch="bert",
        config_class="BertConfig",
        architecture="BertForMaskedLM",
        config=dict(
            vocab_size=TINY_VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
            intermediate_size=128, max_position_embeddings=128, type_vocab_size=2, pad_token_id=0,
        ),
    ),
    # RoBERTa / XLM-R flavour: position ids start after the padding index (so the table is 2 longer than the
    # longest sequence), one token type.
    "roberta": TinyPreset(
        arch="roberta",
        config_class="RobertaConfig",
        architecture="RobertaForMaskedLM",
        config=dict(
            vocab_size=TINY_VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
            intermediate_size=128, max_position_embeddings=130, type_vocab_size=1, pad_token_id=0,
        ),
    ),
    "xlm_roberta": TinyPreset(
        arch="xlm_roberta",
        config_class="XLMRobertaConfig",
        architecture="XLMRobertaForSequenceClassification",
        config=dict(
            vocab_size=TINY_VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
            intermediate_size=128, max_position_embeddings=130, type_vocab_size=1, pad_token_id=0,
        ),
    ),
    # FLAN-T5 flavour: gated-gelu (tanh GeLU) feed-forward, untied lm_head.
    "t5": TinyPreset(
        arch="t5",
        config_class="T5Config",
        architecture="T5ForConditionalGeneration",
        config=dict(
            vocab_size=TINY_VOCAB, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=2,
            num_heads=4, relative_attention_num_buckets=32, relative_attention_max_distance=64,
            feed_forward_proj="gated-gelu", tie_word_embeddings=False, dropout_rate=0.0,
            pad_token_id=0, eos_token_id=1, decoder_start_token_id=0,
        ),
    ),
    "mixtral": TinyPreset(
        arch="mixtral",
        config_class="MixtralConfig",
        architecture="MixtralForCausalLM",
        config=dict(
            vocab_size=TINY_VOCAB, hidden_size=64, intermediate_size=96, num_hidden_layers=2,
            num_attention_heads=4, num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2,
            max_position_embeddings=256, pad_token_id=0, bos_token_id=1, eos_token_id=2,
        ),
    ),
    "llama": TinyPreset(
        arch="llama",
        config_class="LlamaConfig",
        architecture="LlamaForCausalLM",
        config=dict(
            vocab_size=TINY_VOCAB, hidden_size=64, intermediate_size=160, num_hidden_layers=2,
            num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256,
            pad_token_id=0, bos_token_id=1, eos_token_id=2,
        ),
    ),
    "seamless_m4t_v2": TinyPreset(
        arch="seamless_m4t_v2",
        config_class="SeamlessM4Tv2Config",
        architecture="SeamlessM4Tv2ForTextToText",
        config=dict(
            vocab_size=TINY_VOCAB, t2u_vocab_size=64, char_vocab_size=64, hidden_size=64,
            max_position_embeddings=128, encoder_layers=1, encoder_ffn_dim=128, encoder_attention_heads=4,
            decoder_layers=2, decoder_ffn_dim=128, decoder_attention_heads=4,
            speech_encoder_layers=1, speech_encoder_attention_heads=4, speech_encoder_intermediate_size=128,
            feature_projection_input_dim=32, t2u_encoder_layers=1, t2u_encoder_ffn_dim=128,
            t2u_encoder_attention_heads=4, t2u_decoder_layers=1, t2u_decoder_ffn_dim=128,
            t2u_decoder_attention_heads=4, t2u_max_position_embeddings=256,
            t2u_variance_predictor_embed_dim=64, t2u_variance_predictor_hidden_dim=64,
            upsample_initial_channel=32, upsample_rates=[5, 4, 4, 2, 2], upsample_kernel_sizes=[11, 8, 8, 4, 4],
            resblock_kernel_sizes=[3, 7], resblock_dilation_sizes=[[1, 3, 5], [1, 3, 5]],
            unit_hifi_gan_vocab_size=64, unit_embed_dim=32, lang_embed_dim=16, spkr_embed_dim=16,
            vocoder_num_langs=4, vocoder_num_spkrs=4, variance_predictor_kernel_size=3,
            pad_token_id=0, bos_token_id=2, eos_token_id=3, decoder_start_token_id=3,
            t2u_bos_token_id=0, t2u_pad_token_id=1, t2u_eos_token_id=2,
        ),
    ),
}


def get_preset(arch: str) -> TinyPreset:
    try:
        return TINY_PRESETS[arch]
    except KeyError:
        raise ValueError(f"unknown architecture {arch!r}; choose from {', '.join(TINY_PRESETS)}") from None
