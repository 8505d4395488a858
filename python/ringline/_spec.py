"""Specs, scenarios and params: compile, eval and sweep on the library API."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Sequence, Union, overload

from . import _ringline
from ._progress import Progress, ProgressArg
from ._results import Record, Table, table_from_sweep
from ._settings import settings as _setting_texts

Diagnostic = _ringline.Diagnostic

PathLike = Union[str, "os.PathLike[str]"]  # a path as str or pathlib.Path


class SpecError(ValueError):
    """A spec, a value or a setting that is wrong.

    ``str(error)`` is the text the ``ringline`` command prints (``file:line:col: error:
    message [kind]``, the source line and a caret, for each diagnostic), and
    ``error.diagnostics`` holds each one in parts (:class:`Diagnostic`: ``file``, ``line``,
    ``column``, ``severity``, ``kind``, ``message``, ``text``).
    """

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


_ringline._set_error_class(SpecError)


def _stdlib_dir(explicit: Optional[PathLike]) -> str:
    """Where `import stdlib.x` looks: `explicit`, $RINGLINE_STDLIB, the package's copy."""
    if explicit:
        return os.fspath(explicit)
    env = os.environ.get("RINGLINE_STDLIB")
    if env:
        return env
    here = Path(__file__).resolve().parent / "stdlib"
    return str(here) if here.is_dir() else ""


def compile(
    path: PathLike,
    *,
    stdlib: Optional[PathLike] = None,
    allow_paths: Sequence[PathLike] = (),
    max_errors: int = 20,
) -> Spec:
    """Load and check a spec file and its top-level values, as ``ringline eval`` does.

    Args:
        path: the ``.rl`` file.
        stdlib: the standard library's folder (default: ``$RINGLINE_STDLIB``, else the copy
            inside the package).
        allow_paths: folders the spec may also read (imports, kernel bundles), as
            ``--allow-path``.
        max_errors: diagnostics after this many errors are dropped.

    Returns:
        The :class:`Spec`; ``spec.scenarios`` names its scenarios, ``spec[name]`` is one.

    Raises:
        SpecError: the file cannot be read, or the spec has errors (the command's
            diagnostics, in ``error.diagnostics``).

    Example::

        spec = ringline.compile("examples/abci_allreduce.rl")
        spec["abci_resnet50"].eval(nodes=16)["iter_time"]     # ms
    """
    h = _ringline.Spec.compile(
        os.fspath(path), _stdlib_dir(stdlib), [os.fspath(p) for p in allow_paths], max_errors
    )
    return Spec(h, os.fspath(path))


def compile_string(
    text: str,
    name: str = "<string>",
    *,
    stdlib: Optional[PathLike] = None,
    allow_paths: Sequence[PathLike] = (),
    max_errors: int = 20,
) -> Spec:
    """Load and check a spec given as text; `name` stands for the file in diagnostics.

    Imports of files (``import "x.rl"``, ``a.b``) are resolved against the folder of
    `name` (the working directory for a bare name) and read only from `allow_paths`
    (``allow_paths=["."]``); the standard library is always readable. The other
    arguments are those of :func:`compile`.

    Example::

        spec = ringline.compile_string('scenario s { param n: Int = 2  report sq = n * n }')
        spec["s"].sweep(n=range(1, 5))["sq"]                  # array([ 1,  4,  9, 16])
    """
    h = _ringline.Spec.compile_string(
        text, name, _stdlib_dir(stdlib), [os.fspath(p) for p in allow_paths], max_errors
    )
    return Spec(h, name)


@dataclass(frozen=True)
class Param:
    """A scenario's param, in its display form.

    Attributes:
        name: as declared.
        kind: ``"Int"``, ``"Real"``, ``"Bool"``, or ``"label"`` for a param over static
            values (a ``Device``, a ``Network``, a ``String``: its values are names).
        unit: the unit its numbers are given and shown in (``"GB/s"``; ``""`` for none).
        default: the value ``eval`` uses, in ``unit`` (a name for a label param).
        values: the values ``sweep`` takes when none are given (the declaration's ``in``
            list, else the default), in ``unit``.
        labels: a label param's names (empty otherwise).
    """

    name: str
    kind: str
    unit: str
    default: Any
    values: tuple
    labels: tuple

    def __repr__(self) -> str:
        unit = f" [{self.unit}]" if self.unit else ""
        values = list(self.values)
        shown = values if len(values) <= 8 else values[:4] + ["..."] + values[-2:]
        return f"Param({self.name}: {self.kind}{unit} = {self.default!r} in {shown})"


def _params_of(lowered: Any) -> list[Param]:
    return [Param(n, k, u, d, tuple(v), tuple(lab)) for n, k, u, d, v, lab in lowered.params()]


class Spec:
    """A compiled spec (from :func:`compile` or :func:`compile_string`).

    ``spec.scenarios`` lists its scenarios and ``spec[name]`` gives one
    (:class:`Scenario`). A Spec runs one operation at a time; separate Specs may be used
    from separate threads at once.
    """

    def __init__(self, handle: Any, source: str):
        self._h = handle
        self.source: str = source
        """The file the spec was compiled from (or the name given to its text)."""

    @property
    def scenarios(self) -> list[str]:
        """The scenarios' names, in source order."""
        return self._h.scenarios()

    @property
    def names(self) -> list[str]:
        """The spec's own top-level values (`let`s, without private `_` names)."""
        return self._h.names()

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic reported so far (warnings and notes too)."""
        return self._h.diagnostics()

    def scenario(self, name: str) -> Scenario:
        """The scenario `name`; SpecError (with a did-you-mean) when there is none."""
        return Scenario(self, name, self._h.lower(name, [], []))

    def __getitem__(self, name: str) -> Scenario:
        return self.scenario(name)

    def __contains__(self, name: object) -> bool:
        return name in self.scenarios

    def __iter__(self) -> Iterator[str]:
        return iter(self.scenarios)

    def __len__(self) -> int:
        return len(self.scenarios)

    def __repr__(self) -> str:
        return f"<ringline.Spec {self.source!r}: {', '.join(self.scenarios) or 'no scenarios'}>"


_BACKENDS = ("auto", "jit", "interp")


class Scenario:
    """One scenario of a :class:`Spec`: its params, and evaluation at a point or over a sweep.

    Settings are keyword arguments named after params (or one dict, positionally, for
    names that clash with an option): a number in the param's unit (``inter=1.25`` on a
    ``GB/s`` param), a string as ``--set`` takes it (``inter="1.25 GB/s"``,
    ``gpu="a100_sxm4_80gb"``, ``nodes="1..64*2"``), and for :meth:`sweep` a ``range``, a
    list or a NumPy array of them. A param not given keeps its declared values.
    """

    def __init__(self, spec: Spec, name: str, lowered: Any):
        self.spec: Spec = spec
        self.name: str = name
        self._defaults = lowered
        self._params: Optional[list[Param]] = None

    @property
    def params(self) -> list[Param]:
        """The params, in declaration order (:class:`Param`: name, kind, unit, default, values)."""
        if self._params is None:
            self._params = _params_of(self._defaults)
        return self._params

    def param(self, name: str) -> Param:
        """The param `name`; KeyError when there is none."""
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def columns(self) -> list[str]:
        """Result columns: the params, then the reports."""
        return [c[0] for c in self._defaults.columns(False)]

    @property
    def reports(self) -> list[str]:
        """The reports' names, in declaration order."""
        return self.columns[len(self.params):]

    @property
    def units(self) -> dict[str, str]:
        """Each column's display unit (``""`` for a plain number or a name)."""
        return {c[0]: c[2] for c in self._defaults.columns(False)}

    def _lower(self, given: Optional[Mapping[str, Any]], values: Mapping[str, Any], single: bool,
               units: Optional[Mapping[str, str]], sensitivity: Optional[list[str]] = None) -> Any:
        merged = dict(given or {})
        merged.update(values)
        if not merged and not units and sensitivity is None:
            return self._defaults
        params = {p.name: p for p in self.params}
        sets = _setting_texts(merged, params, single=single)
        unit_list = list((units or {}).items())
        try:
            return self.spec._h.lower(self.name, sets, unit_list, sensitivity)
        except SpecError as e:
            # A param over strings takes plain strings: one that names nothing is retried
            # as a string literal, and the first error stands if that fails too.
            quoted = _quote_unknown(e, merged, params)
            if quoted is None:
                raise
            try:
                return self.spec._h.lower(self.name, _setting_texts(quoted, params, single=single), unit_list,
                                          sensitivity)
            except SpecError:
                raise e from None

    def eval(
        self,
        settings: Optional[Mapping[str, Any]] = None,
        /,
        *,
        backend: str = "auto",
        units: Optional[Mapping[str, str]] = None,
        sensitivity: bool = False,
        samples: int = 0,
        seed: int = 1,
        vary: Optional[Mapping[str, str]] = None,
        **values: Any,
    ) -> Record:
        """Evaluate every report at one point, as ``ringline eval`` does.

        Args:
            settings: params to set, as a dict (the keyword arguments do the same).
            backend: ``"auto"`` (the interpreter for one point), ``"jit"`` or ``"interp"``.
            units: display units to use instead of the declared ones (``{"iter_time": "s"}``),
                as ``--unit``.
            sensitivity: also take the derivatives of every ``Real`` report by every
                continuous input (``Real`` params and the ``Real`` fields of record params),
                as ``eval --sensitivity`` (docs/sensitivity.md).
            samples: also draw the params' distributions (``~ normal(...)`` in the spec,
                and `vary`) this many times, as ``eval --samples`` (docs/uncertainty.md).
            seed: the draws' seed.
            vary: more distributions, by param or ``param.field``:
                ``{"bw": "normal(25 GB/s, 2 GB/s)"}``, as ``--vary``.
            **values: one value per param (``nodes=16, inter="1.25 GB/s"``); the others
                keep their defaults.

        Returns:
            A :class:`Record`: params then reports by name, in their display units
            (``record.units``), and ``record.feasible``. With `sensitivity`,
            ``record.sensitivity[REPORT][INPUT]`` is a dict of ``"derivative"`` (SI units),
            ``"unit"`` and ``"elasticity"`` (d ln report / d ln input). With `samples`,
            ``record.uncertainty[REPORT]`` is a dict of ``"mean"``, ``"p5"``, ``"p50"``,
            ``"p95"``, ``"sd"`` (SI units), ``"unit"``, ``"samples"`` and ``"feasible"``.

        Raises:
            SpecError: an unknown param (with a did-you-mean), a bad value or unit, a
                report that is not finite.
        """
        if backend not in _BACKENDS:
            raise _usage(f'backend must be "auto", "jit" or "interp", got {backend!r}', "bad_option")
        low = self._lower(settings, values, True, units, [] if sensitivity else None)
        # One point: a setting that is several values (`nodes="1..4"`) is the command's
        # error too, not its first value.
        given = set(settings or {}) | set(values)
        for name, _kind, _unit, _default, vals, _labels in low.params():
            if name in given and len(vals) != 1:
                raise _usage(f"`eval` takes one value per param; `{name}` gives {len(vals)} (use `sweep`)", "bad_option")
        columns, row, feasible, derivatives = low.eval(backend)
        shown = len(columns) - len(derivatives)  # the derivative columns come last
        record = Record(self.name, columns[:shown], row[:shown], feasible, len(self.params))
        if vary and samples <= 0:
            raise _usage("`vary` draws a param for `samples`; give the number of samples")
        if samples < 0:
            raise _usage(f"`samples` must be at least 0, got {samples}", "bad_option")
        if samples:
            params = {p.name: p for p in self.params}
            sampled = self.spec._h.lower_sampled(
                self.name, _setting_texts({**dict(settings or {}), **values}, params, single=True),
                list((units or {}).items()), list((vary or {}).items()), seed)
            record.uncertainty = {
                r: {"mean": m, "p5": a, "p50": b, "p95": c, "sd": sd, "unit": u, "samples": n, "feasible": f}
                for r, m, a, b, c, sd, u, n, f in sampled.uncertainty(samples, backend)}
        if sensitivity:
            record.sensitivity = {}
            for report, name, derivative, unit, elasticity in derivatives:
                record.sensitivity.setdefault(report, {})[name] = {
                    "derivative": derivative, "unit": unit, "elasticity": elasticity}
        return record

    @overload
    def sweep(self, settings: Optional[Mapping[str, Any]] = ..., /, *, best: str, threads: int = ...,
              backend: str = ..., keep_infeasible: bool = ..., keep_partial: bool = ...,
              progress: ProgressArg = ..., units: Optional[Mapping[str, str]] = ..., comm: Any = ...,
              sensitivity: Optional[Sequence[str]] = ..., **values: Any) -> Optional[Record]: ...

    @overload
    def sweep(self, settings: Optional[Mapping[str, Any]] = ..., /, *, threads: int = ..., backend: str = ...,
              keep_infeasible: bool = ..., top: Optional[int] = ..., top_by: Optional[str] = ...,
              pareto: Optional[Sequence[str]] = ..., histogram: Optional[str] = ..., bins: int = ...,
              keep_partial: bool = ..., progress: ProgressArg = ..., units: Optional[Mapping[str, str]] = ...,
              comm: Any = ..., sensitivity: Optional[Sequence[str]] = ..., **values: Any) -> Table: ...

    def sweep(
        self,
        settings: Optional[Mapping[str, Any]] = None,
        /,
        *,
        threads: int = 0,
        backend: str = "auto",
        keep_infeasible: bool = False,
        best: Optional[str] = None,
        top: Optional[int] = None,
        top_by: Optional[str] = None,
        pareto: Optional[Sequence[str]] = None,
        histogram: Optional[str] = None,
        bins: int = 20,
        keep_partial: bool = False,
        progress: ProgressArg = True,
        units: Optional[Mapping[str, str]] = None,
        comm: Any = None,
        sensitivity: Optional[Sequence[str]] = None,
        **values: Any,
    ) -> Union[Table, Optional[Record]]:
        """Evaluate the cartesian product of the params' values, as ``ringline sweep`` does.

        The sweep runs without the GIL on `threads` threads (0: every core), through the
        JIT's staged loop nest or the interpreter, with the same results to the last bit
        as the command's CSV.

        Args:
            settings: params to set, as a dict (the keyword arguments do the same).
            threads: worker threads; 0 for every core.
            backend: ``"auto"`` (the JIT when compiling pays for itself), ``"jit"`` or
                ``"interp"``.
            keep_infeasible: keep the points that fail a ``require``, with a ``feasible``
                column (else they are dropped).
            best: keep only the point that minimises this report (``"-name"``: maximises);
                returns a :class:`Record`, or None when no point is feasible.
            top: with `top_by`, keep the `top` best points by that report (``"-name"`` to
                maximise), best first.
            top_by: the report `top` ranks by.
            pareto: two reports (``("iter_time", "-throughput")``, ``"-"`` to maximise):
                the points no other point beats in both, by the first, best first.
            histogram: a report: a :class:`Table` of ``REPORT_lo``, ``REPORT_hi`` (the bin's
                edges, in the report's unit) and ``count``, one row per bin from the lowest
                to the highest non-empty one, as ``sweep --histogram``.
            bins: the histogram's most bins.
            keep_partial: on Ctrl-C, return the rows done so far (``table.interrupted``
                is True) instead of raising KeyboardInterrupt.
            progress: True shows a progress line once the sweep has run for a second
                (tqdm's bar when tqdm is installed, else a line on stderr); False shows
                none; a callable is called with ``(done, total)`` points about 20 times a
                second instead (using this Spec from it is a SpecError: the sweep holds it).
            units: display units to use instead of the declared ones, as ``--unit``.
            comm: an mpi4py communicator (``MPI.COMM_WORLD``): the sweep spread over its
                processes, as ``mpirun ringline sweep`` spreads one (docs/mpi.md). Every
                process calls ``sweep`` with the same arguments; rank 0 gets the result
                one process would, the others an empty :class:`Table` (with `best`, None).
            sensitivity: continuous inputs (a ``Real`` param's name, or ``param.field``
                for a record param's ``Real`` field): a column ``d_REPORT_d_INPUT`` per
                ``Real`` report and input, in SI units, as ``sweep --sensitivity``.
            **values: each param's values: a number or string, a ``range``, a list or a
                NumPy array (``nodes=range(1, 65), batch=[32, 64, 128]``).

        Returns:
            A :class:`Table` (a NumPy array per column, in display units; with `top`, the
            best rows), or with `best` a :class:`Record`.

        Raises:
            SpecError: an unknown param or report (with a did-you-mean), a bad value or
                unit, a report that is not finite at some point.
            KeyboardInterrupt: Ctrl-C (the sweep stops after its current chunks).
        """
        if backend not in _BACKENDS:
            raise _usage(f'backend must be "auto", "jit" or "interp", got {backend!r}', "bad_option")
        if isinstance(pareto, str):
            raise _usage("`pareto` takes two report names, (\"R1\", \"R2\")", "bad_option")
        if pareto is not None and len(pareto) != 2:
            raise _usage(f"`pareto` takes two report names; got {len(pareto)}", "bad_option")
        if (best is not None) + (top is not None or top_by is not None) + (pareto is not None) + \
                (histogram is not None) > 1:
            raise _usage("give at most one of `best`, `top`, `pareto` and `histogram`")
        if (top is None) != (top_by is None):
            raise _usage("`top` and `top_by` go together")
        if top is not None and top < 1:
            raise _usage(f"`top` must be at least 1, got {top}", "bad_option")
        if best == "" or top_by == "":
            raise _usage("`best` and `top_by` need a report name", "bad_option")
        if threads < 0:
            raise _usage(f"`threads` must be 0 (every core) or more, got {threads}", "bad_option")
        handle = None
        if comm is not None:
            try:
                from mpi4py import MPI
            except ImportError as e:
                raise _usage(f"`comm` is an mpi4py communicator, and mpi4py cannot be imported: {e}") from None
            if not isinstance(comm, MPI.Comm):
                raise _usage(f"`comm` must be an mpi4py communicator (MPI.COMM_WORLD), got {type(comm).__name__}",
                             "bad_option")
            handle = comm  # the extension reads its handle (MPI._handleof)
        if isinstance(sensitivity, str):
            sensitivity = [sensitivity]
        low = self._lower(settings, values, False, units, list(sensitivity) if sensitivity is not None else None)
        tick = Progress(progress, self.name)
        try:
            raw = low.sweep(backend, threads, keep_infeasible, best or "", top or 0, top_by or "",
                            keep_partial, tick.callback, handle, ",".join(pareto) if pareto else "",
                            histogram or "", bins)
        finally:
            tick.close()
        table = table_from_sweep(self.name, raw, 0 if histogram is not None else len(self.params))
        if best is None:
            return table
        return table.row(0) if len(table) else None

    def __repr__(self) -> str:
        params = ", ".join(p.name for p in self.params)
        return f"<ringline.Scenario {self.name}({params}) -> {', '.join(self.reports)}>"


_UNKNOWN = re.compile(r"unknown name `([^`]*)`")


def _quote_unknown(e: SpecError, values: Mapping[str, Any], params: Mapping[str, Param]) -> Optional[dict]:
    """`values` with the strs of each label param that `e` finds an unknown name among as
    string literals, or None when there is none."""
    unknown = set()
    for d in e.diagnostics:
        m = _UNKNOWN.match(d.message)
        if d.kind == "unknown_name" and d.file == "--set" and m:
            unknown.add(m.group(1))

    def literal(v: Any) -> Any:
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' if isinstance(v, str) else v

    out, changed = dict(values), False
    for name, value in values.items():
        p = params.get(name)
        if p is None or p.kind != "label":
            continue
        items = [value] if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else []
        if any(isinstance(v, str) and v in unknown for v in items):
            out[name] = literal(value) if isinstance(value, str) else [literal(v) for v in items]
            changed = True
    return out if changed else None


def _usage(message: str, kind: str = "bad_usage") -> SpecError:
    """A SpecError of the package's own: `bad_usage` (options at odds) or `bad_option`."""
    return SpecError([_ringline.Diagnostic.plain(kind, message)])
