"""A full sweep into NumPy against the command's CSV and a binary file of the same doubles.

One sweep of test/bench/python_sweep.rl: 10^7 points, five columns (two Int params, three
reports, two of them in ms). Each measurement runs in a process of its own, so its peak
memory (maxrss) is its own:

- numpy: ``spec["dp"].sweep()`` (every core), the table's columns NumPy arrays over the
  sweep's buffers; also with every report in SI units (``units=``), which skips the exact
  decimal conversion to ms, and ``to_pandas()``;
- binary: the five arrays written to a file with ``ndarray.tofile`` (what the doubles
  cost on disk, with no text);
- command: ``ringline sweep test/bench/python_sweep.rl -o out.csv``;
- read_csv: ``pandas.read_csv`` of that file (the way to NumPy without the package).

Run from the repository root (docs/performance.md, "From Python"):

    PYTHONPATH=build/python /usr/bin/python3 test/bench/python_sweep.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "test" / "bench" / "python_sweep.rl"

CHILD = r"""
import json, os, resource, sys, time
import numpy as np
import ringline as rl

def rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

what, spec_path, out = sys.argv[1], sys.argv[2], sys.argv[3]
r = {}
if what == "read_csv":
    import pandas as pd
    base = rss()
    t0 = time.perf_counter()
    df = pd.read_csv(out)
    r["seconds"] = time.perf_counter() - t0
    r["rows"] = len(df)
else:
    sc = rl.compile(spec_path)["dp"]
    units = {"iter_time": "s", "comm_time": "s"} if what == "numpy_si" else None
    sc.sweep(nodes=[1], batch=[1], progress=False, backend="jit", units=units)  # the JIT started
    base = rss()
    t0 = time.perf_counter()
    t = sc.sweep(progress=False, units=units)
    r["seconds"] = time.perf_counter() - t0
    r["rows"] = len(t)
    r["copies"] = sum(bool(t[c].flags.owndata) for c in t.columns)
    r["sweep_rss_mb"], r["grown_mb"] = rss(), rss() - base
    if what == "numpy":
        import pandas
        t0 = time.perf_counter()
        df = t.to_pandas()
        r["to_pandas"] = time.perf_counter() - t0
        r["pandas_shares"] = all(np.shares_memory(df[c].to_numpy(), t[c]) for c in t.columns)
        t0 = time.perf_counter()
        with open(out, "wb") as f:
            for c in t.columns:
                t[c].tofile(f)
        r["binary"] = time.perf_counter() - t0
        r["binary_bytes"] = os.path.getsize(out)
r["rss_mb"] = rss()
r.setdefault("grown_mb", rss() - base)
print(json.dumps(r))
"""


def child(what: str, out: Path) -> dict:
    p = subprocess.run([sys.executable, "-c", CHILD, what, str(SPEC), str(out)], capture_output=True, text=True,
                       check=True)
    return json.loads(p.stdout)


def command(ringline: str, out: Path) -> dict:
    t0 = time.perf_counter()
    p = subprocess.Popen([ringline, "sweep", str(SPEC), "-o", str(out), "--quiet"])
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"ringline sweep failed ({status})")
    return {"seconds": seconds, "rss_mb": usage.ru_maxrss / 1024, "bytes": out.stat().st_size}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ringline", default=str(ROOT / "build" / "bin" / "ringline"))
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest is shown")
    ap.add_argument("--dir", default=None, help="where the output files go (default: a temporary folder)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        csv, binary = Path(tmp) / "out.csv", Path(tmp) / "out.bin"
        runs = {"numpy": [], "numpy_si": [], "command": [], "read_csv": []}
        for _ in range(args.repeat):
            runs["numpy"].append(child("numpy", binary))
            runs["numpy_si"].append(child("numpy_si", binary))
            runs["command"].append(command(args.ringline, csv))
            runs["read_csv"].append(child("read_csv", csv))
        best = {k: min(v, key=lambda r: r["seconds"]) for k, v in runs.items()}
        n = best["numpy"]["rows"]
        assert n == best["numpy_si"]["rows"] == best["read_csv"]["rows"] == 10**7
        mb = n * 5 * 8 / 2**20
        print(f"10^7 rows x 5 columns ({mb:.0f} MiB of doubles), {os.cpu_count()} cores, fastest of {args.repeat}")
        print("| path | seconds | peak memory (maxrss) |")
        print("|---|---|---|")
        np_ = best["numpy"]
        print(f"| `sweep()` into NumPy (ms, as the CSV) | {np_['seconds']:.2f} | {np_['sweep_rss_mb']:.0f} MB "
              f"(+{np_['grown_mb']:.0f} MB for the sweep; {np_['copies']} columns copied) |")
        si = best["numpy_si"]
        print(f"| `sweep(units=...)` into NumPy (s: no decimal shift) | {si['seconds']:.2f} | {si['sweep_rss_mb']:.0f} MB |")
        print(f"| `to_pandas()` of that table | {np_['to_pandas']:.3f} | no copy: {np_['pandas_shares']} |")
        print(f"| the arrays to a binary file (`tofile`, {np_['binary_bytes'] / 2**20:.0f} MiB) | {np_['binary']:.2f} | |")
        c = best["command"]
        print(f"| `ringline sweep ... -o out.csv` ({c['bytes'] / 2**20:.0f} MiB) | {c['seconds']:.2f} | {c['rss_mb']:.0f} MB |")
        rc = best["read_csv"]
        print(f"| `pandas.read_csv(out.csv)` | {rc['seconds']:.2f} | {rc['rss_mb']:.0f} MB |")


if __name__ == "__main__":
    main()
