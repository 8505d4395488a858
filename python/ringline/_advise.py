"""``ringline advise`` as a pandas DataFrame: a network's parallelization strategies, or a
transformer's layouts, ranked."""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence

from . import _ringline
from ._spec import Diagnostic, PathLike, SpecError, _stdlib_dir
from ._table import to_frame

# A transformer's layout arguments (any of them given makes the model a transformer, as the
# command's options do) and the LayoutQuery field each sets.
_LAYOUT_ARGS = {
    "global_batch": "global_batch", "seq": "seq", "top": "top", "overlap_grads": "overlap_grads",
    "overlap_tp": "overlap_tp", "flash_attention": "flash", "cp": "cp", "ep": "ep", "etp": "etp", "tp": "tp", "pp": "pp",
    "dispatcher": "dispatcher", "overlap_a2a": "overlap_a2a", "imbalance": "imbalance", "memory_reserve": "memory_reserve",
    "schedule": "schedule",
    "dp": "dp", "micro_batch": "micro", "interleave": "interleave", "recompute": "recompute",
    "sequence_parallel": "sequence_parallel", "zero": "zero",
}


def _int(name: str, value: Any) -> int:
    """`value` as an int argument (not a bool, a float or a string), else TypeError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"`{name}` takes an int; got {type(value).__name__} {value!r}")
    return value


def _count(name: str, value: Any) -> int:
    """`value` as a count: an int of 1 or more (0 is not the default, as None is), else
    TypeError or SpecError."""
    return _ringline.given_count(name, _int(name, value))


def advise(
    model: str,
    *,
    cluster: Optional[str] = None,
    gpus: Optional[Sequence[int]] = None,
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
    dataset: Optional[float] = None,
    run: Optional[str] = None,
    precision: Optional[str] = None,
    global_batch: Optional[int] = None,
    seq: Optional[int] = None,
    top: Optional[int] = None,
    overlap_grads: Optional[bool] = None,
    overlap_tp: Optional[bool] = None,
    flash_attention: Optional[bool] = None,
    cp: Optional[int] = None,
    ep: Optional[int] = None,
    etp: Optional[int] = None,
    dispatcher: Optional[str] = None,
    overlap_a2a: Optional[bool] = None,
    imbalance: Optional[float] = None,
    memory_reserve: Optional[float] = None,
    schedule: Optional[str] = None,
    tp: Optional[int] = None,
    pp: Optional[int] = None,
    dp: Optional[int] = None,
    micro_batch: Optional[int] = None,
    interleave: Optional[int] = None,
    recompute: Optional[str] = None,
    sequence_parallel: Optional[bool] = None,
    zero: Optional[int] = None,
    threads: int = 0,
    backend: str = "auto",
    stdlib: Optional[PathLike] = None,
    allow_paths: Sequence[PathLike] = (),
) -> Any:
    """A network's strategies, or a transformer's layouts, at each GPU count, ranked by `goal`.

    The same rows and columns as ``ringline advise --format csv`` (both come from the
    library's ``ringline::Advise``). `model` chooses, as on the command line: a transformer
    (a ``Transformer`` of `file` or of the standard library, ``gpt:layers=...``, or any
    layout argument given) gets the layout search; a network gets the strategies.

    Args:
        model: the network or transformer: a ``let`` of `file`, else a standard-library
            model (``"resnet50"``, ``"llama2_70b"``), or ``"gpt:layers=L,hidden=H,heads=A"``.
        cluster: a function from a node count to a ``Cluster`` (default ``"abci"`` for a
            network, ``"selene"`` for a transformer).
        gpus: the GPU counts (a network's default 16, 32, ..., 1024; a transformer needs them).
        per_gpu: a network's samples per GPU (weak scaling; default 32); or
        batch: a network's global batch per iteration (strong scaling).
        file: a spec whose models, clusters and devices count too.
        device: replaces the cluster's GPU (a ``Device`` of the spec or of stdlib.hardware).
        optimizer: ``"sgd"``, ``"momentum"`` or ``"adam"`` (its state in memory; default:
            `setup`'s, else sgd for a network and adam for a transformer).
        compute: a network's ``"kernels"`` (default), ``"roofline"``, or ``"measured"`` with
            `sample_time` (``"12 ms"``).
        goal: rank by ``"time"``, ``"memory"`` (per GPU) or ``"cost"`` (a network's GPU-hours
            per epoch, a transformer's dollars of the run); a transformer also by ``"energy"``.
        threshold: the efficiency that defines each network strategy's scaling limit.
        setup: a ``Setup`` of `file` whose fields other than the cluster and device count.
        collectives: ``Collectives``, or one allreduce schedule (``"tree_allreduce"``).
        dataset: a network's samples per epoch; a transformer's tokens to train on (its rows'
            ``days``, ``gpu_hours``, ``energy`` [J], ``cost`` [USD], ``interruptions``,
            ``checkpoint_interval`` [s] and ``goodput`` are then the run's; stdlib.run_cost).
        run: a transformer's ``Run`` (stdlib.run_cost): ``"Run { pue = 1.1 }"``.
        precision: a network's ``"fp32"``, ``"tf32"``, ``"fp16"``, ``"bf16"``, ``"amp"`` or
            ``"fp8"``; a transformer's a name of stdlib.megatron's ``precisions``: ``"fp16"``,
            ``"bf16"`` (default), ``"fp8"`` (per-tensor), ``"fp8_block"`` (DeepSeek-V3's
            blockwise FP8), ``"mxfp8"`` and ``"nvfp4"`` (Blackwell's block-scaled formats) or
            ``"fp32"``; another is the stdlib's diagnostic, which lists them.
        global_batch: a transformer's sequences per iteration (required for one).
        seq: tokens per sequence (default: the model's).
        top: layouts kept per GPU count (default 20).
        overlap_grads, overlap_tp, flash_attention: as ``--overlap-grads``, ``--overlap-tp``
            and ``--flash-attention``: on unless ``False`` (today's defaults; fused attention
            only where the precision has a fused kernel).
        cp, ep, etp: the context-parallel size (default 1), a pinned expert-parallel size
            and the experts' own tensor-parallel size (default 1).
        dispatcher, overlap_a2a, imbalance: a mixture's token dispatch (``"deepep"``,
            the default, or ``"alltoall"``), its all-to-alls behind another micro-batch's
            compute (default off), and the busiest GPU's routed tokens over a balanced
            share (default 1.0).
        schedule: the pipeline schedules to search, comma-separated: ``"1f1b"`` (the
            default), ``"gpipe"``, ``"zb_h1"``, ``"dualpipe"``; other than ``"1f1b"``, a
            ``schedule`` column.
        memory_reserve: the share of each GPU's memory a layout may not use (default 0);
            the ``tight`` column marks layouts above 95% of it.
        tp, pp, dp, micro_batch, interleave, recompute, sequence_parallel, zero: pin a
            layout dimension (``recompute``: ``"none"``, ``"selective"`` or ``"full"``).
        threads, backend: the layout search's worker threads (0: every core) and evaluator.
        stdlib, allow_paths: as for :func:`compile`.

    Returns:
        A DataFrame of the command's CSV columns (a network's ``gpus``, ``used``, ``rank``,
        ``strategy``, ``iter``, ``epoch``, ...; a transformer's ``gpus``, ``rank``, ``t``,
        ``p``, ``d``, ``micro``, ..., ``iter``, ``mfu``, ``memory``, ``days``, ``gpu_hours``,
        ``energy``, ``cost``, ``interruptions``, ``checkpoint_interval``, ``goodput``,
        ``tight``, ``feasible``, ``constraint``, ``broken``), in SI units. ``df.attrs`` holds ``units``, ``title``
        and the members of ``--format json``: a network's ``scaling_limits`` (also as
        ``limits``) and ``baseline``, a transformer's ``searches``.

    Raises:
        SpecError: an unknown model, cluster or device (pointing into the value's text,
            ``--cluster:1:1``), a value out of range, arguments that exclude each other.
        TypeError: a count that is not an int (``gpus="16"``, ``gpus=[16.7]``).

    Example::

        df = ringline.advise("resnet50", cluster="abci", gpus=[16, 64], per_gpu=32, compute="roofline")
        df[df.feasible].groupby("gpus").first()     # the best strategy at each count
        ll = ringline.advise("llama2_70b", cluster="dgx_h100_pod", gpus=[64], global_batch=512)
    """
    if isinstance(gpus, (str, bytes)):
        raise TypeError(f"`gpus` takes a list of ints; got {type(gpus).__name__} {gpus!r}")
    gpu_list = None if gpus is None else [_int("gpus", g) for g in gpus]
    net = _ringline.AdviseQuery()
    lay = _ringline.LayoutQuery()
    for q in (net, lay):
        q.spec = os.fspath(file) if file is not None else ""
        q.model = model
        q.device, q.setup, q.collectives = device or "", setup or "", collectives or ""
        q.optimizer = optimizer or ""
        q.goal = goal
        if cluster is not None:
            q.cluster = cluster
        q.gpus = gpu_list if gpu_list is not None else q.gpus if q is net else []
    for name, value in (("batch", batch), ("per_gpu", per_gpu)):
        if value is not None:
            setattr(net, name, _count(name, value))
    net.compute, net.sample_time, net.precision = compute or "", sample_time or "", precision or ""
    net.threshold = float(threshold)
    if dataset is not None:
        if isinstance(dataset, bool) or not isinstance(dataset, (int, float)):
            raise TypeError(f"`dataset` takes a number; got {type(dataset).__name__} {dataset!r}")
        if isinstance(dataset, float) and not dataset.is_integer():
            raise TypeError(f"`dataset` takes a whole count; got {dataset!r}")
        net.dataset = _count("dataset", int(dataset))
        lay.tokens = float(dataset)
    if precision is not None:
        lay.precision = precision
    if run is not None:
        if not isinstance(run, str):
            raise TypeError(f"`run` takes a `Run` expression (str); got {type(run).__name__} {run!r}")
        lay.run = run
    layout_args = dict(global_batch=global_batch, seq=seq, top=top, overlap_grads=overlap_grads,
                       overlap_tp=overlap_tp, flash_attention=flash_attention, cp=cp, ep=ep, etp=etp, tp=tp, pp=pp, dp=dp,
                       dispatcher=dispatcher, overlap_a2a=overlap_a2a, imbalance=imbalance,
                       memory_reserve=memory_reserve, schedule=schedule, micro_batch=micro_batch, interleave=interleave, recompute=recompute,
                       sequence_parallel=sequence_parallel, zero=zero)
    given = {k: v for k, v in layout_args.items() if v is not None}
    for name, value in given.items():
        field = _LAYOUT_ARGS[name]
        if isinstance(getattr(lay, field), bool):
            setattr(lay, field, bool(value))
        elif name == "sequence_parallel":
            setattr(lay, field, 1 if value else 0)
        elif name in ("recompute", "dispatcher", "schedule"):
            if not isinstance(value, str):
                raise TypeError(f"`{name}` takes a str; got {type(value).__name__} {value!r}")
            setattr(lay, field, value)
        elif name in ("imbalance", "memory_reserve"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"`{name}` takes a number; got {type(value).__name__} {value!r}")
            setattr(lay, field, float(value))
        elif name == "zero":
            setattr(lay, field, _int(name, value))
        else:
            setattr(lay, field, _count(name, value))
    if flash_attention and precision == "fp32":
        raise SpecError([Diagnostic.plain("bad_option", "`flash_attention` runs in fp16, bf16 or fp8 (the fused "
                                          "kernels have no fp32 form); drop `precision=\"fp32\"`")])
    lay.threads = _int("threads", threads)
    lay.backend = backend
    raw = _ringline.advise(net, lay, bool(given) or run is not None, _stdlib_dir(stdlib), [os.fspath(p) for p in allow_paths])
    df = to_frame(raw)
    if "scaling_limits" in df.attrs:
        df.attrs["limits"] = df.attrs["scaling_limits"]
    return df
