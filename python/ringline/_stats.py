"""Per-layer stats of a network (``ringline stats``) as a pandas DataFrame."""

from __future__ import annotations

import os
import warnings
from typing import Any, Optional, Sequence

from . import _ringline
from ._spec import PathLike, _stdlib_dir
from ._table import to_frame


def stats(
    model: Optional[str] = None,
    *,
    file: Optional[PathLike] = None,
    batch: int = 1,
    device: Optional[str] = None,
    element_bytes: int = 4,
    stdlib: Optional[PathLike] = None,
    allow_paths: Sequence[PathLike] = (),
) -> Any:
    """Each layer's parameters, MACs, FLOPs and activation bytes, as ``ringline stats`` prints them.

    Args:
        model: the network: a top-level ``let`` of `file`, or without a file one of the
            standard library's models (``"resnet50"``, ``"vgg16"``, ``"gpt3_175b"``); may be
            left out when `file` defines one network.
        file: a spec file that defines the network (default: the standard library).
        batch: samples per batch (scales everything but the parameters).
        device: a ``Device`` of the spec or of stdlib.hardware (``"v100_sxm2_16gb"``): adds
            each layer's predicted forward and backward time, the model that predicted it
            (``"mlp"``, ``"roofline"`` or ``"mixed"``) and its forward memory traffic.
        element_bytes: bytes per activation element (4 = fp32).
        stdlib, allow_paths: as for :func:`compile`.

    Returns:
        A DataFrame with one row per layer: ``layer``, ``kind``, ``output`` (the shape per
        sample), ``params``, ``macs``, ``fwd_flops``, ``bwd_flops``, ``act_bytes`` and, with a
        device, ``fwd_time``, ``bwd_time`` (s), ``model`` and ``traffic``: the columns of
        ``ringline stats --format csv``, without its total row. ``df.attrs`` holds
        ``units`` (name -> unit), ``model`` (the network's own name), ``batch``, ``device``,
        ``peak`` (FLOP/s) and ``membw`` (B/s) with a device, ``total`` (the command's total
        row, as a dict) and ``warnings`` (also issued as Python warnings: a CPU bundle
        profiled on another CPU).

    Raises:
        SpecError: an unknown network or device (with a did-you-mean and the choices), or
            the spec's own errors.

    Example::

        df = ringline.stats(model="resnet50", batch=64, device="v100_sxm2_16gb")
        df.groupby("kind")["fwd_time"].sum()
    """

    raw = _ringline.stats(
        os.fspath(file) if file is not None else "",
        model or "",
        device or "",
        batch,
        element_bytes,
        _stdlib_dir(stdlib),
        [os.fspath(p) for p in allow_paths],
    )
    df = to_frame(raw)
    df.attrs["total"] = df.attrs.pop("totals")
    del df.attrs["title"]
    for w in df.attrs["warnings"]:
        warnings.warn(w, RuntimeWarning, stacklevel=2)
    return df
