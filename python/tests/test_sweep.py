"""Sweeps: the command's CSV to the last bit, reductions, buffers without copies, pandas."""

import csv
import io
import threading

import numpy as np
import pytest

import ringline as rl
from conftest import EXAMPLE, run_command


def command_csv(*sets: str, extra=()) -> tuple[list[str], list[str], list[list[str]]]:
    """`ringline sweep EXAMPLE --set ... -o x.csv` as (names, units, rows of cells)."""
    args = ["sweep", str(EXAMPLE)]
    for s in sets:
        args += ["--set", s]
    out = run_command(*args, *extra, "--quiet", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(out)))
    names, units = [], []
    for h in rows[0]:
        name, _, unit = h.partition("[")
        names.append(name)
        units.append(unit.rstrip("]"))
    return names, units, rows[1:]


def assert_same_as_csv(t: rl.Table, names, units, rows):
    assert t.columns == names
    assert [t.units[n] for n in names] == units
    assert len(t) == len(rows)
    for k, name in enumerate(names):
        cells = [r[k] for r in rows]
        kind = t.kinds[name]
        if kind == "Int":
            expected = np.array([int(c) for c in cells], dtype=np.int64)
            assert t[name].dtype == np.int64
        elif kind == "Bool":
            expected = np.array([c == "true" for c in cells])
        elif kind == "Label":
            assert list(t[name]) == cells
            continue
        else:
            expected = np.array([float(c) for c in cells])  # shortest round-trip text: exact
            assert t[name].dtype == np.float64
        assert np.array_equal(t[name], expected), name


@pytest.mark.parametrize("backend", ["interp", "jit"])
def test_sweep_is_the_commands_csv(scenario, backend):
    names, units, rows = command_csv("nodes=1..64+1", "batch=32,64,128,256,512", "inter=1.25GB/s,12.5GB/s",
                                     "overlap=0..1+0.25")
    t = scenario.sweep(nodes=range(1, 65), batch=[32, 64, 128, 256, 512], inter=np.array([1.25, 12.5]),
                       overlap="0..1+0.25", backend=backend)
    assert_same_as_csv(t, names, units, rows)
    assert t.points == t.total == 64 * 5 * 2 * 5 and not t.interrupted
    assert t.params == ["nodes", "batch", "inter", "overlap"]
    assert t.reports == ["iter_time", "throughput", "efficiency", "comm_time"]


def test_keep_infeasible_and_threads(scenario):
    names, units, rows = command_csv("batch=32..512*2", "nodes=1,4", extra=["--keep-infeasible"])
    one = scenario.sweep(batch="32..512*2", nodes=[1, 4], keep_infeasible=True, threads=1)
    assert_same_as_csv(one, names, units, rows)
    assert one.columns[-1] == "feasible" and one["feasible"].dtype == np.bool_
    two = scenario.sweep(batch="32..512*2", nodes=[1, 4], keep_infeasible=True, threads=2, backend="jit")
    for c in one.columns:
        assert np.array_equal(one[c], two[c])
    dropped = scenario.sweep(batch="32..512*2", nodes=[1, 4])
    assert len(dropped) == int(one["feasible"].sum()) and dropped.points == dropped.total == len(one)


def test_best_and_top(scenario):
    best = scenario.sweep(nodes=range(1, 1025), best="iter_time")
    assert isinstance(best, rl.Record)
    cmd = run_command("sweep", str(EXAMPLE), "--set", "nodes=1..1024+1", "--best", "iter_time", "--format", "csv")
    names, *rest = list(csv.reader(io.StringIO(cmd.stdout)))
    values = rest[0]
    assert [best[n.partition("[")[0]] for n in names] == [int(values[0]), int(values[1])] + [float(v) for v in values[2:]]
    most = scenario.sweep(nodes=range(1, 1025), best="-throughput")
    assert most["nodes"] == 1024
    top = scenario.sweep(nodes=range(1, 65), top=3, top_by="iter_time")
    assert isinstance(top, rl.Table) and len(top) == 3
    cmd = run_command("sweep", str(EXAMPLE), "--set", "nodes=1..64+1", "--top", "3", "--by", "iter_time",
                      "--format", "csv")
    rows = list(csv.reader(io.StringIO(cmd.stdout)))[1:]
    assert list(top["nodes"]) == [int(r[0]) for r in rows]
    assert list(top["iter_time"]) == [float(r[4]) for r in rows]
    assert top.row(-1)["nodes"] == int(rows[-1][0])
    none = scenario.sweep(batch=512, best="iter_time")
    assert none is None


def test_buffers_go_to_numpy_without_a_copy(scenario):
    t = scenario.sweep(nodes=range(1, 65), batch=[32, 64, 128])
    a = t["iter_time"]
    assert not a.flags.owndata and a.base is not None  # the capsule owns the sweep's buffer
    assert t["iter_time"] is a
    assert t["nodes"].dtype == np.int64 and not t["nodes"].flags.owndata
    df = t.to_pandas()
    assert np.shares_memory(df["iter_time"].to_numpy(), a)
    assert df.attrs["units"]["iter_time"] == "ms" and df.attrs["scenario"] == "abci_resnet50"
    assert list(df.columns) == t.columns and len(df) == len(t) == 64 * 3
    del t, df
    assert a.sum() > 0  # the array keeps its buffer alive


def test_table_reads_like_a_frame(scenario):
    t = scenario.sweep(nodes=[1, 2])
    assert list(t) == t.columns == t.keys() and "nodes" in t and "bacth" not in t
    assert dict(t.items()).keys() == set(t.columns)
    r = t.row(1)
    assert r["nodes"] == 1 and r["batch"] == 64 and isinstance(r["nodes"], int)
    assert "abci_resnet50: 6 rows x 8 columns" in repr(t) and "iter_time [ms]" in repr(t)
    with pytest.raises(KeyError, match="the columns are nodes"):
        t["bacth"]
    with pytest.raises(IndexError):
        t.row(6)


def test_sweeps_of_two_specs_in_two_threads(scenario):
    expected = scenario.sweep(nodes=range(1, 65), batch=range(1, 257))["throughput"]
    results = {}

    def work(k):
        sc = rl.compile(EXAMPLE)["abci_resnet50"]
        results[k] = sc.sweep(nodes=range(1, 65), batch=range(1, 257), threads=1)["throughput"]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(np.array_equal(results[k], expected) for k in range(2))


def test_units_option(scenario):
    t = scenario.sweep(nodes=[1, 2], units={"comm_time": "us"})
    assert t.units["comm_time"] == "us"
    ms = scenario.sweep(nodes=[1, 2])["comm_time"]
    assert np.allclose(t["comm_time"], ms * 1000, rtol=1e-15)


def test_a_sweep_releases_the_gil(scenario):
    # Another Python thread keeps running while a long sweep runs.
    counted = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counted[0] += 1

    th = threading.Thread(target=count)
    th.start()
    try:
        start = counted[0]
        scenario.sweep(nodes="1..40000+1", batch="1..10000+1", best="iter_time", threads=1, backend="jit",
                       progress=False)
        during = counted[0] - start
    finally:
        stop.set()
        th.join()
    assert during > 10000


def test_pareto_and_histogram_are_the_commands(scenario):
    # The same reductions as `sweep --pareto` and `--histogram`, row for row.
    args = ["sweep", str(EXAMPLE), "--set", "nodes=1..64", "--set", "batch=32,64,128", "--format", "csv"]
    front = scenario.sweep(nodes=range(1, 65), batch=[32, 64, 128], pareto=("iter_time", "-throughput"),
                           progress=False)
    rows = list(csv.DictReader(io.StringIO(run_command(*args, "--pareto", "iter_time,-throughput").stdout)))
    assert len(front) == len(rows) >= 1
    assert [float(r["iter_time[ms]"]) for r in rows] == list(front["iter_time"])
    hist = scenario.sweep(nodes=range(1, 65), batch=[32, 64, 128], histogram="iter_time", bins=5, progress=False)
    rows = list(csv.DictReader(io.StringIO(run_command(*args, "--histogram", "iter_time", "--bins", "5").stdout)))
    assert [float(r["iter_time_lo[ms]"]) for r in rows] == list(hist["iter_time_lo"]) == [20, 40, 60, 80, 100]
    assert [int(r["count"]) for r in rows] == list(hist["count"]) == [64, 64, 0, 0, 64]
    assert hist.units["iter_time_lo"] == "ms"
    with pytest.raises(rl.SpecError, match=r"give at most one of `best`, `top`, `pareto` and `histogram`"):
        scenario.sweep(nodes=[1, 2], best="iter_time", histogram="iter_time", progress=False)
    with pytest.raises(rl.SpecError, match=r"`pareto` takes two report names"):
        scenario.sweep(nodes=[1, 2], pareto="iter_time", progress=False)
