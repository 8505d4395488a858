"""How two profile runs of the same configurations differ, per kind: the run-to-run spread
that bounds any model's held-out error (docs/notes/kernel-models-experiments.md,
"Shipped bundles").

  python3 -m tools.research.compare_profiles [--probe] FIRST.csv SECOND.csv

For every configuration (kind, features) in both files: |second/first - 1| of the medians,
and whether the second run is more than 20% slower or faster. Prints one line per kind.
With --probe (two raw runs of profile_kernels.py --probe), each median is first divided
by its row's probe_s, as merge_profiles.py normalises them: what is left is the spread
the probe does not take out. Either argument may list several files joined by
commas (`seed1.csv,seed2.csv`): a configuration in more than one keeps its first.
"""
import math
import statistics
import sys

from ..common import read_profile
from ..profiling.profile_kernels import PROBE_HEADER  # no torch needed


def medians(paths, probe):
    out = {}
    for path in paths.split(","):
        read(path, probe, out)
    return out


def read(path, probe, out):
    _, columns, rows = read_profile(path)
    if probe and columns != PROBE_HEADER:
        sys.exit(f"compare_profiles.py: error: --probe, but {path} has no probe_s column")
    for cells in rows:
        out.setdefault((cells[0], cells[1]), float(cells[2]) / (float(cells[7]) if probe else 1.0))


def main(argv):
    probe = "--probe" in argv
    argv = [a for a in argv if a != "--probe"]
    if len(argv) != 2:
        sys.exit("usage: compare_profiles.py [--probe] FIRST.csv SECOND.csv")
    a, b = medians(argv[0], probe), medians(argv[1], probe)
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
