"""Alias of patchzoo.tiny.build, kept so that `from patchzoo.testing import tiny_checkpoint` keeps working.

The tiny presets, checkpoints and trained-tiny recipes live in patchzoo/tiny/.
"""

from patchzoo.tiny.build import (  # noqa: F401 - re-exported names
    round_decoder_linears,
    tiny_checkpoint,
    tiny_gptq_checkpoint,
    tiny_model,
    tiny_tokenizer,
)
