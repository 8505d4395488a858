"""A tool's Table (``ringline/tools.h``) as a pandas DataFrame: the columns and rows of the
command's ``--format csv``, and the members ``--format json`` adds in ``df.attrs``."""

from __future__ import annotations

import json
from typing import Any, Dict


def to_frame(raw: Dict[str, Any]) -> Any:
    """The DataFrame of `_ringline`'s table dict: Label cells as their text, Int cells as
    ints, Bool cells as bools, the rest as floats in SI units; ``attrs["units"]`` maps each
    column with a unit to it, and every JSON member is an attr of its own name."""
    import pandas as pd

    rows = raw["rows"]
    data = {}
    units = {}
    for k, (name, kind, unit, labels) in enumerate(raw["columns"]):
        cells = [r[k] for r in rows]
        if kind == "Label":
            data[name] = pd.Series([labels[int(c)] for c in cells], dtype=object)
        elif kind == "Int":
            data[name] = pd.Series([int(c) for c in cells], dtype="int64")
        elif kind == "Bool":
            data[name] = pd.Series([c != 0 for c in cells], dtype=bool)
        else:
            data[name] = pd.Series(cells, dtype="float64")
        if unit:
            units[name] = unit
    df = pd.DataFrame(data)
    df.attrs["units"] = units
    df.attrs["title"] = raw["title"]
    for name, text in raw["members"].items():
        df.attrs[name] = json.loads(text)
    return df
