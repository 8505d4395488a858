"""Python values as the `--set NAME=TEXT` texts the library lowers a scenario with.

A number is written so that it reads back as the same double (``repr`` of a float is the
shortest text that does) followed by the param's unit, so ``inter=1.25`` on a ``GB/s``
param is ``1.25 GB/s``, converted exactly as the command line's ``--set inter=1.25GB/s``.
A ``range`` with a positive step is ``A..B+S``; lists, tuples, NumPy arrays and other
iterables are ``V1,V2,...``; a ``str`` is Ringline text as ``--set`` takes it (a value's
name such as ``v100_sxm2_16gb``, a number with its unit such as ``"1.25 GB/s"``, or a list
``"1..64*2"``).
"""

from __future__ import annotations

import math
import numbers
import re
from typing import Any, Iterable, Mapping, Optional, Sequence

import numpy as np

from . import _ringline

# A leading `1/` cannot follow a number (`5 1/s` does not parse), so `1/s` is written as
# the literal unit `s^-1`, which LiteralToSI converts exactly.
_INVERSE = re.compile(r"^1/([A-Za-z_\u00b5\u03bc][A-Za-z_0-9]*)(?:\^(\d+))?")


def literal_unit(unit: str) -> str:
    """`unit` as it may follow a number literal (``1/s`` -> ``s^-1``)."""
    m = _INVERSE.match(unit)
    if not m:
        return unit
    power = int(m.group(2) or 1)
    return f"{m.group(1)}^-{power}{unit[m.end():]}"


def usage_error(message: str, kind: str = "bad_option") -> Exception:
    """A SpecError with one unlocated diagnostic (`bad_option`: a value that is wrong;
    `bad_usage`: settings at odds), as the library makes them."""
    from ._spec import SpecError

    return SpecError([_ringline.Diagnostic.plain(kind, message)])


def _number_text(name: str, value: Any, kind: str, unit: str) -> str:
    if isinstance(value, numbers.Integral):
        text = str(int(value))
    else:
        x = float(value)
        if not math.isfinite(x):
            raise usage_error(f"`{name}` takes finite numbers, got {x!r}")
        text = str(int(x)) if kind == "Int" and x.is_integer() else repr(x)
    return f"{text} {literal_unit(unit)}" if unit else text


def scalar_text(name: str, value: Any, kind: str = "", unit: str = "") -> str:
    """One value for param `name` (of `kind` and display `unit`; "" when unknown)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, numbers.Real):
        return _number_text(name, value, kind, unit)
    raise usage_error(f"`{name}` takes numbers, strings, ranges or lists of them, got {type(value).__name__}")


def values_of(value: Any) -> Optional[Sequence[Any]]:
    """The values of a list-like `value`, or None for a scalar (a str is a scalar)."""
    if isinstance(value, (str, bytes, numbers.Number, np.generic)):
        return None
    if isinstance(value, np.ndarray):
        return None if value.ndim == 0 else list(value.tolist())
    if isinstance(value, Iterable):
        return list(value)
    return None


def setting_text(name: str, value: Any, kind: str = "", unit: str = "") -> str:
    """The `--set` text of `value` for param `name`: one value, a range or a list."""
    if isinstance(value, range):
        if len(value) == 0:
            raise usage_error(f"`{name}` is given an empty range")
        if len(value) == 1:
            return scalar_text(name, value[0], kind, unit)
        if value.step > 0:
            u = f" {literal_unit(unit)}" if unit else ""
            return f"{value[0]}{u}..{value[-1]}{u}+{value.step}{u}"
    items = values_of(value)
    if items is None:
        return scalar_text(name, value, kind, unit)
    if not items:
        raise usage_error(f"`{name}` is given no values")
    texts = []
    for item in items:
        if values_of(item) is not None and not isinstance(item, str):
            raise usage_error(f"`{name}` takes a flat list of values, got a nested one")
        texts.append(scalar_text(name, item, kind, unit))
    return ",".join(texts)


def settings(values: Mapping[str, Any], params: Mapping[str, Any], *, single: bool) -> list[tuple[str, str]]:
    """`values` as (name, text) pairs, with the kinds and units of `params` (name -> Param).

    With `single`, each param takes one value (`eval`).
    """
    out = []
    for name, value in values.items():
        p = params.get(name)
        kind, unit = (p.kind, p.unit) if p is not None else ("", "")
        if single:
            items = None if isinstance(value, str) else (list(value) if isinstance(value, range) else values_of(value))
            if items is not None and len(items) != 1:
                raise usage_error(f"`eval` takes one value per param; `{name}` gives {len(items)} (use `sweep`)",
                                  "bad_usage")
            if items is not None:
                value = items[0]
        out.append((name, setting_text(name, value, kind, unit)))
    return out
