#!/usr/bin/python3
"""How two profile runs of the same configurations differ, per kind: the run-to-run spread
that bounds any model's held-out error (docs/kernel-models.md, "Shipped bundles").

  tools/compare_profiles.py FIRST.csv SECOND.csv

For every configuration (kind, features) in both files: |second/first - 1| of the medians,
and whether the second run is more than 20% slower or faster. Prints one line per kind.
"""
import math
import statistics
import sys


def medians(path):
    out = {}
    with open(path) as fh:
        for line in fh:
            if line.startswith("#") or line.startswith("kind,") or not line.strip():
                continue
            kind, features, median = line.split(",")[:3]
            out[(kind, features)] = float(median)
    return out


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: compare_profiles.py FIRST.csv SECOND.csv")
    a, b = medians(argv[0]), medians(argv[1])
    per_kind = {}
    for key, first in a.items():
        if key in b and first > 0 and b[key] > 0:
            per_kind.setdefault(key[0], []).append(b[key] / first)
    if not per_kind:
        sys.exit("compare_profiles.py: error: the two profiles share no configuration")
    print("kind,shared,mean_abs_diff,median_abs_diff,median_ratio,share_slower_20pct,share_faster_20pct")
    for kind, ratios in sorted(per_kind.items()):
        diffs = [abs(r - 1) for r in ratios]
        ratio = math.exp(statistics.median(math.log(r) for r in ratios))
        slower = sum(r > 1.2 for r in ratios) / len(ratios)
        faster = sum(r < 1 / 1.2 for r in ratios) / len(ratios)
        print(f"{kind},{len(ratios)},{statistics.mean(diffs):.3f},{statistics.median(diffs):.3f},{ratio:.3f},"
              f"{slower:.2f},{faster:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
