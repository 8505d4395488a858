"""``ringline advise``'s ranking of parallelization strategies as a pandas DataFrame."""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence

from . import _ringline
from ._spec import PathLike, _stdlib_dir


def advise(
    model: str,
    *,
    cluster: str = "abci",
    gpus: Sequence[int] = (16, 32, 64, 128, 256, 512, 1024),
    per_gpu: Optional[int] = None,
    batch: Optional[int] = None,
    file: Optional[PathLike] = None,
    device: Optional[str] = None,
    optimizer: Optional[str] = None,
    compute: Optional[str] = None,
    sample_time: Optional[str] = None,
    goal: str = "time",
    threshold: float = 0.8,
    setup: Optional[str] = None,
    collectives: Optional[str] = None,
    dataset: Optional[int] = None,
    precision: Optional[str] = None,
    stdlib: Optional[PathLike] = None,
    allow_paths: Sequence[PathLike] = (),
) -> Any:
    """Every parallelization strategy for `model` on `cluster` at each GPU count, ranked by `goal`.

    The same rows as ``ringline advise --format csv`` (the library behind both is
    compiler/advise): one row per GPU count and strategy, the feasible ones ranked first.

    Args:
        model: the network: a ``let`` of `file`, else a standard-library model (``"resnet50"``).
        cluster: a function from a node count to a ``Cluster`` (``"abci"``, ``"dgx_a100_pod"``).
        gpus: the GPU counts.
        per_gpu: samples per GPU (weak scaling; default 32); or
        batch: the global batch per iteration (strong scaling).
        file: a spec whose networks, clusters and devices count too.
        device: replaces the cluster's GPU (a ``Device`` of the spec or of stdlib.hardware).
        optimizer: ``"sgd"``, ``"momentum"`` or ``"adam"`` (its state in memory; default:
            `setup`'s, else sgd).
        compute: ``"kernels"`` (the device's kernel models, else the roofline; default:
            `setup`'s, else kernels),
            ``"roofline"``, or ``"measured"`` with `sample_time` (``"12 ms"``).
        goal: rank by ``"time"`` (per epoch), ``"memory"`` (per GPU) or ``"cost"`` (GPU-hours).
        threshold: the efficiency that defines each strategy's scaling limit.
        setup: a ``Setup`` of `file` whose fields other than the cluster and device count
            (element size, overlap, buckets, collectives, dataset).
        collectives: ``Collectives``, or one allreduce schedule (``"tree_allreduce"``).
        dataset: samples per epoch (default: the setup's, ImageNet-1k's 1,281,167).
        precision: ``"fp32"``, ``"tf32"``, ``"fp16"``, ``"bf16"``, ``"amp"`` or ``"fp8"``
            (stdlib.strategies' ``with_precision``; default: the setup's).
        stdlib, allow_paths: as for :func:`compile`.

    Returns:
        A DataFrame with ``gpus``, ``used`` (the GPUs the plan runs on; a pipeline has at
        most one stage per layer), ``rank`` (0 when infeasible), ``strategy``, ``iter``,
        ``epoch``, ``comm``, ``exposed`` (s), ``memory``, ``capacity`` (B), ``efficiency``,
        ``gpu_hours``, ``bound``, ``feasible`` and ``constraint`` (the first one broken).
        ``df.attrs`` holds ``units``, ``title`` and ``limits`` (per strategy, the largest
        GPU count at `threshold` efficiency or more; 0 for none) and ``baseline`` (what
        efficiency is against: ``"one GPU"``, or when one GPU cannot hold the samples the
        fastest feasible row at the smallest GPU count).

    Raises:
        SpecError: an unknown network, cluster or device (pointing into the value's text,
            ``--cluster:1:1``), a value out of range, options that exclude each other.

    Example::

        df = ringline.advise("resnet50", cluster="abci", gpus=[16, 64], per_gpu=32, compute="roofline")
        df[df.feasible].groupby("gpus").first()     # the best strategy at each count
    """
    import pandas as pd

    raw = _ringline.advise(
        os.fspath(file) if file is not None else "",
        model,
        cluster,
        [int(g) for g in gpus],
        None if batch is None else int(batch),
        None if per_gpu is None else int(per_gpu),
        device or "",
        optimizer or "",
        compute or "",
        sample_time or "",
        goal,
        float(threshold),
        _stdlib_dir(stdlib),
        [os.fspath(p) for p in allow_paths],
        setup or "",
        collectives or "",
        None if dataset is None else int(dataset),
        precision or "",
    )
    df = pd.DataFrame(raw["columns"])
    df.attrs.update(units=dict(raw["units"]), title=raw["title"], limits=dict(raw["limits"]),
                    baseline=raw["baseline"])
    return df
