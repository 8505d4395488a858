"""A transformer from its Hugging Face config.json (stdlib.hf)."""

from __future__ import annotations

import os
from typing import Any, Sequence

from . import _ringline
from ._spec import PathLike, _stdlib_dir


def transformer_from_hf(path: PathLike, *, seq: int = 4096, stdlib: PathLike | None = None,
                        allow_paths: Sequence[PathLike] = ()) -> dict[str, Any]:
    """The ``Transformer`` stdlib.hf reads from a local config.json, as a dict of its fields.

    The families of ``LlamaForCausalLM``, ``MistralForCausalLM``, ``MixtralForCausalLM``,
    ``Qwen2ForCausalLM``, ``Qwen3ForCausalLM``, ``Qwen3MoeForCausalLM``, ``GptOssForCausalLM``,
    ``DeepseekV2ForCausalLM`` and ``DeepseekV3ForCausalLM`` (DeepSeek-V3 and Kimi K2: latent
    attention, shared experts, dense first layers, multi-token prediction, group-limited
    routing); every field that changes the cost is honoured. Files only: nothing
    is downloaded. The same model is ``ringline.advise("path/config.json", ...)``'s and
    ``ringline advise --model path/config.json``'s.

    Args:
        path: the config.json (its folder is allowed to be read).
        seq: tokens per sequence.
        stdlib, allow_paths: as for :func:`compile`.

    Raises:
        SpecError: an unknown architecture or one not modelled yet (Nemotron-H's Mamba-2
            layers), a field it cannot honour (DeepSeek's ``moe_layer_freq`` other than 1), a
            missing or mistyped field, a file that is not JSON.

    Example::

        t = ringline.transformer_from_hf("Meta-Llama-3-8B/config.json", seq=8192)
        t["layers"], t["kv_heads"]          # 32, 8
    """
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise TypeError(f"`seq` takes an int; got {type(seq).__name__} {seq!r}")
    return _ringline.transformer_from_hf(os.fspath(path), _ringline.given_count("seq", seq), _stdlib_dir(stdlib),
                                         [os.fspath(p) for p in allow_paths])
