"""Results: one point (:class:`Record`) and a sweep's rows (:class:`Table`).

Values are in each column's display unit (the unit the command prints: ``iter_time`` in
``ms``, ``inter`` in ``GB/s``), converted from SI exactly as the command's CSV writer
converts them; ``Int`` columns are integers, ``Bool`` columns booleans, and columns of
static values (a device, a network) their names.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Optional, Sequence

import numpy as np


def _cell(value: Any, unit: str) -> str:
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float):
        text = f"{value:.6g}"
    else:
        text = str(value)
    return f"{text} {unit}" if unit else text


class Record(Mapping[str, Any]):
    """One evaluated point: a read-only mapping of column name to value.

    Keys are the params, then the reports (``record.params``, ``record.reports``), each
    value in its display unit (``record.units[name]``); ``record.feasible`` says whether
    every ``require`` holds.
    """

    def __init__(self, scenario: str, columns: Sequence[tuple], values: Sequence[Any], feasible: bool,
                 num_params: int):
        names = [c[0] for c in columns]
        self.scenario: str = scenario
        """The scenario's name."""
        self._values = dict(zip(names, values))
        if "feasible" in self._values and len(names) > num_params and names[-1] == "feasible":
            feasible = bool(self._values.pop("feasible"))
            names = names[:-1]
        self.feasible: bool = bool(feasible)
        """Whether every ``require`` holds at this point."""
        self.units: dict[str, str] = {c[0]: c[2] for c in columns if c[0] in self._values}
        """Each column's display unit (``""`` for plain numbers and names)."""
        self.params: list[str] = names[:num_params]
        """The params' names."""
        self.reports: list[str] = names[num_params:]
        """The reports' names."""
        self.uncertainty: Optional[dict[str, dict[str, Any]]] = None
        """With ``eval(samples=N)``: ``[REPORT]`` is a dict of ``"mean"``, ``"p5"``, ``"p50"``,
        ``"p95"``, ``"sd"`` (SI units), ``"unit"``, ``"samples"`` and ``"feasible"``; else None."""
        self.sensitivity: Optional[dict[str, dict[str, dict[str, Any]]]] = None
        """With ``eval(sensitivity=True)``: ``[REPORT][INPUT]`` is a dict of ``"derivative"``
        (SI units), ``"unit"`` and ``"elasticity"``; else None."""

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def to_dict(self) -> dict[str, Any]:
        """The values as a plain dict."""
        return dict(self._values)

    def __repr__(self) -> str:
        width = max([len(n) for n in self._values] + [len("feasible")])
        lines = [f"scenario {self.scenario}"]
        for name, value in self._values.items():
            lines.append(f"  {name:<{width}} = {_cell(value, self.units.get(name, ''))}")
        lines.append(f"  {'feasible':<{width}} = {'true' if self.feasible else 'false'}")
        return "\n".join(lines)


class Table:
    """A sweep's rows, column by column: ``table[name]`` is a NumPy array.

    Numeric and Bool columns are the sweep's own buffers, handed to NumPy without a copy;
    a column of names (``kinds[name] == "Label"``) comes back as an array of ``str``
    (``table.codes(name)`` and ``table.labels[name]`` are its integer codes and names).
    ``len(table)`` is the number of rows; iterating gives the column names, as a
    DataFrame does.
    """

    def __init__(self, scenario: str, columns: Sequence[tuple], num_params: int, points: int, total: int,
                 interrupted: bool):
        self.scenario: str = scenario
        """The scenario's name."""
        self.columns: list[str] = [c[0] for c in columns]
        """The params, then the reports (then ``feasible`` with ``keep_infeasible``)."""
        self.units: dict[str, str] = {c[0]: c[2] for c in columns}
        """Each column's display unit (``""`` for plain numbers and names)."""
        self.kinds: dict[str, str] = {c[0]: c[1] for c in columns}
        """Each column's kind: ``"Int"``, ``"Real"``, ``"Bool"`` or ``"Label"``."""
        self.labels: dict[str, list[str]] = {c[0]: list(c[3]) for c in columns if c[1] == "Label"}
        """A Label column's names: its codes index them."""
        self.params: list[str] = self.columns[:num_params]
        """The params' names."""
        self.reports: list[str] = [c for c in self.columns[num_params:] if c != "feasible"]
        """The reports' names."""
        self.points: int = points
        """Points evaluated (every point of the space, unless interrupted)."""
        self.total: int = total
        """Points in the sweep's space."""
        self.interrupted: bool = interrupted
        """Whether Ctrl-C stopped the sweep (``keep_partial=True``): the rows are those done."""
        self._arrays: dict[str, np.ndarray] = {c[0]: c[4] for c in columns}
        self._names: dict[str, np.ndarray] = {}

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._arrays:
            raise KeyError(f"no column {name!r}; the columns are {', '.join(self.columns)}")
        if name in self.labels:
            if name not in self._names:
                names = np.asarray(self.labels[name], dtype=object)
                self._names[name] = names[self._arrays[name]]
            return self._names[name]
        return self._arrays[name]

    def codes(self, name: str) -> np.ndarray:
        """A Label column's codes (indices into ``table.labels[name]``), or any column's array."""
        return self._arrays[name]

    def __contains__(self, name: object) -> bool:
        return name in self._arrays

    def __iter__(self) -> Iterator[str]:
        return iter(self.columns)

    def __len__(self) -> int:
        return len(next(iter(self._arrays.values()))) if self._arrays else 0

    def keys(self) -> list[str]:
        """The column names."""
        return list(self.columns)

    def items(self) -> Iterator[tuple[str, np.ndarray]]:
        """(name, array) for each column."""
        return ((c, self[c]) for c in self.columns)

    def row(self, i: int) -> Record:
        """Row `i` as a :class:`Record` (negative indices count from the end)."""
        n = len(self)
        if not -n <= i < n:
            raise IndexError(f"row {i} of a table of {n} rows")
        values = []
        columns = []
        for c in self.columns:
            v = self[c][i]
            values.append(v.item() if hasattr(v, "item") else v)
            columns.append((c, self.kinds[c], self.units[c], self.labels.get(c, [])))
        feasible = True
        if "feasible" in self._arrays:
            feasible = bool(self._arrays["feasible"][i])
        return Record(self.scenario, columns, values, feasible, len(self.params))

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame.

        Numeric columns keep the sweep's buffers where pandas allows (no copy); Label
        columns are ``Categorical``. ``df.attrs`` holds ``units`` (name -> unit),
        ``scenario``, ``points``, ``total`` and ``interrupted``.
        """
        try:
            import pandas as pd
        except ImportError as e:  # pragma: no cover - pandas is a test dependency
            raise ImportError("Table.to_pandas needs pandas (Debian: python3-pandas)") from e
        data: dict[str, Any] = {}
        for c in self.columns:
            if c in self.labels:
                data[c] = pd.Categorical.from_codes(self._arrays[c], categories=pd.Index(self.labels[c], dtype=object))
            else:
                data[c] = self._arrays[c]
        df = pd.DataFrame(data, columns=self.columns, copy=False)
        df.attrs.update(units=dict(self.units), scenario=self.scenario, points=self.points, total=self.total,
                        interrupted=self.interrupted)
        return df

    def __repr__(self) -> str:
        n = len(self)
        head = [f"<ringline.Table {self.scenario}: {n} row{'' if n == 1 else 's'} x {len(self.columns)} columns"
                + (" (interrupted)" if self.interrupted else "") + ">"]
        titles = [f"{c} [{self.units[c]}]" if self.units[c] else c for c in self.columns]
        shown = list(range(min(n, 5))) + ([] if n <= 10 else [-1]) + list(range(max(5, n - 5), n))
        rows = []
        for i in shown:
            if i < 0:
                rows.append(["..."] * len(self.columns))
                continue
            cells = []
            for c in self.columns:
                v = self[c][i]
                v = v.item() if hasattr(v, "item") else v
                cells.append(_cell(v, "") if not isinstance(v, float) else f"{v:.6g}")
            rows.append(cells)
        widths = [max([len(t)] + [len(r[k]) for r in rows]) for k, t in enumerate(titles)]
        head.append("  ".join(t.rjust(w) for t, w in zip(titles, widths)))
        head += ["  ".join(x.rjust(w) for x, w in zip(r, widths)) for r in rows]
        return "\n".join(head)


def table_from_sweep(scenario: str, raw: Mapping[str, Any], num_params: int) -> Table:
    """The Table of the extension's sweep result."""
    return Table(scenario, raw["columns"], num_params, raw["points"], raw["total"], raw["interrupted"])

