"""Ringline from Python: the compiler and JIT of the ``ringline`` command, as a library.

Compile a spec, list its scenarios and params, evaluate a scenario at a point or sweep it
into NumPy arrays, and get a network's per-layer stats as a DataFrame::

    import ringline as rl

    spec = rl.compile("examples/abci_allreduce.rl")    # or rl.compile_string(text)
    sc = spec["abci_resnet50"]
    sc.params                                          # names, kinds, units, defaults, values
    r = sc.eval(nodes=16, inter="1.25 GB/s")           # a Record: r["iter_time"] in ms
    t = sc.sweep(nodes=range(1, 65), batch=[32, 64, 128])
    t["iter_time"], t.units["iter_time"]               # a NumPy array, "ms"
    df = t.to_pandas()                                 # units in df.attrs["units"]
    best = sc.sweep(nodes=range(1, 1025), best="iter_time")
    rl.stats(model="resnet50", batch=64, device="v100_sxm2_16gb")
    rl.advise(model="resnet50", cluster="abci", gpus=[16, 32, 64], per_gpu=32)

Every mistake is a :class:`SpecError` (a ValueError) whose text is what the command prints
and whose ``diagnostics`` hold each diagnostic in parts. docs/python.md describes the
package.
"""

from __future__ import annotations

from . import _ringline
from ._results import Record, Table
from ._spec import Diagnostic, Param, Scenario, Spec, SpecError, compile, compile_string
from ._advise import advise
from ._stats import stats
from ._hf import transformer_from_hf

__version__ = "0.1.0"

for _public in (Param, Record, Scenario, Spec, SpecError, Table, advise, compile, compile_string, stats,
                transformer_from_hf):
    _public.__module__ = __name__  # help() and tracebacks name them ringline.X


def from_si(value: float, unit: str) -> float:
    """`value`, in SI units, converted to `unit` exactly as the command prints it.

    ``from_si(0.0546707, "ms")`` is ``54.6707``; SpecError for a unit it cannot read.
    """
    return _ringline.from_si(value, unit)



__all__ = [
    "Diagnostic",
    "Param",
    "Record",
    "Scenario",
    "Spec",
    "SpecError",
    "Table",
    "compile",
    "compile_string",
    "from_si",
    "stats",
    "advise",
    "transformer_from_hf",
]
