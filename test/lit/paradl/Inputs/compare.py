#!/usr/bin/env python3
"""Compares a `ringline sweep` CSV of an examples/paradl scenario with ParaDL's published
rows (data/paradl/expected/*.csv): the same GPU counts, and B, memory, Tcomp, Tcomm, time
and cost within a relative tolerance.
  compare.py RINGLINE.csv EXPECTED.csv STRATEGY [--tol 1e-9]
Prints `STRATEGY: N rows match, max relative error E` and exits 0, or lists each
difference and exits 1."""
import argparse
import csv
import sys

PAIRS = [("B", "B"), ("memory[B]", "mem_bytes"), ("t_comp[s]", "tcomp_s"), ("t_comm[s]", "tcomm_s"),
         ("time[s]", "time_s"), ("cost", "cost")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("got")
    ap.add_argument("expected")
    ap.add_argument("strategy")
    ap.add_argument("--tol", type=float, default=1e-9)
    a = ap.parse_args()
    got = {float(r["p"]): r for r in csv.DictReader(open(a.got))}
    want = {float(r["p"]): r for r in csv.DictReader(open(a.expected)) if r["strategy"] == a.strategy}
    bad = []
    if sorted(got) != sorted(want):
        bad.append("GPU counts differ: ringline %s, ParaDL %s" % (sorted(got), sorted(want)))
    worst = 0.0
    for p in sorted(set(got) & set(want)):
        for mine, theirs in PAIRS:
            x, y = float(got[p][mine]), float(want[p][theirs])
            err = abs(x - y) / max(abs(y), 1e-300) if y != 0 else abs(x)
            worst = max(worst, err)
            if err > a.tol:
                bad.append("p=%g %s: ringline %r, ParaDL %r (relative error %.3g)" % (p, theirs, x, y, err))
    if bad:
        print("\n".join(bad))
        return 1
    print("%s: %d rows match, max relative error %.1e" % (a.strategy, len(want), worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
