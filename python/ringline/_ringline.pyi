"""Types of the extension module (python/src/module.cpp); internal to the package."""

from typing import Any, Callable, Optional

class Diagnostic:
    """One diagnostic, as the `ringline` command prints it and in parts."""

    file: str
    line: int
    column: int
    severity: str
    kind: str
    message: str
    text: str
    def __init__(self, *, file: str = "", line: int = 0, column: int = 0, severity: str = "error", kind: str = "",
                 message: str = "", text: str = "") -> None: ...
    @staticmethod
    def plain(kind: str, message: str, severity: str = "error") -> Diagnostic: ...

# (name, kind, unit, labels)
Column = tuple[str, str, str, list[str]]

class Lowered:
    @property
    def name(self) -> str: ...
    # (name, kind, unit, default, values, labels), in display form
    def params(self) -> list[tuple[str, str, str, Any, list[Any], list[str]]]: ...
    def columns(self, feasible_column: bool) -> list[Column]: ...
    def size(self) -> int: ...
    # (columns, values in display form, feasible)
    def uncertainty(self, samples: int, backend: str) -> list[tuple[str, float, float, float, float, float, str, int, int]]: ...
    def eval(self, backend: str) -> tuple[list[Column], list[Any], bool, list[tuple[str, str, float, str, float]]]: ...
    # {"columns": [(name, kind, unit, labels, array)], "points", "total", "interrupted"}
    def sweep(self, backend: str, threads: int, keep_infeasible: bool, best: str, top: int, top_by: str,
              keep_partial: bool, tick: Optional[Callable[[int, int], Any]],
              comm: Any = None, pareto: str = "", histogram: str = "",
              bins: int = 20) -> dict[str, Any]: ...

class Spec:
    @staticmethod
    def compile(path: str, stdlib_dir: str, allow_paths: list[str], max_errors: int) -> Spec: ...
    @staticmethod
    def compile_string(text: str, name: str, stdlib_dir: str, allow_paths: list[str], max_errors: int) -> Spec: ...
    def scenarios(self) -> list[str]: ...
    def names(self) -> list[str]: ...
    def diagnostics(self) -> list[Diagnostic]: ...
    def lower(self, scenario: str, sets: list[tuple[str, str]], units: list[tuple[str, str]],
              sensitivity: Optional[list[str]] = ...) -> Lowered: ...
    def lower_sampled(self, scenario: str, sets: list[tuple[str, str]], units: list[tuple[str, str]],
                      vary: list[tuple[str, str]], seed: int) -> Lowered: ...

def _set_error_class(cls: type) -> None: ...
def from_si(si: float, unit: str) -> float: ...
class AdviseQuery:
    """ringline::AdviseQuery (include/ringline/tools.h): a network's strategies."""

    spec: str
    model: str
    cluster: str
    gpus: list[int]
    batch: int
    per_gpu: int
    device: str
    setup: str
    collectives: str
    dataset: int
    precision: str
    optimizer: str
    compute: str
    sample_time: str
    goal: str
    threshold: float

class LayoutQuery:
    """ringline::LayoutQuery (include/ringline/tools.h): a transformer's layouts."""

    spec: str
    model: str
    cluster: str
    device: str
    setup: str
    collectives: str
    optimizer: str
    gpus: list[int]
    global_batch: int
    seq: int
    tokens: float
    goal: str
    top: int
    precision: str
    overlap_grads: bool
    overlap_tp: bool
    flash: bool
    cp: int
    ep: int
    tp: int
    pp: int
    dp: int
    micro: int
    interleave: int
    recompute: str
    sequence_parallel: int
    zero: int
    threads: int
    backend: str

# A tool's Table: {"title", "columns": [Column], "rows": [[SI cells]], "members": {name: JSON text}}
def given_count(name: str, n: int) -> int: ...
def transformer_from_hf(path: str, seq: int, stdlib_dir: str, allow_paths: list[str]) -> dict[str, Any]: ...
def advise(network: AdviseQuery, layouts: LayoutQuery, layout_options: bool, stdlib_dir: str,
           allow_paths: list[str]) -> dict[str, Any]: ...
def stats(file: str, model: str, device: str, batch: int, element_bytes: int, stdlib_dir: str,
          allow_paths: list[str]) -> dict[str, Any]: ...
