#!/usr/bin/env python3
"""Writes the large specs of docs/performance.md ("Compile time") into a folder:

  sum{N}.rl      one param swept over 3 values, `report r = sum x in range(N): x * p`
                 (N = 10000, 30000, 100000)
  reports{N}.rl  two params swept over 3 values each, N reports `p * i + q / (i + 1)`
                 (N = 1000, 2000, 4000, 8000)

  python3 test/bench/make_specs.py OUT_DIR
"""
import os
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for n in (10000, 30000, 100000):
        with open(os.path.join(out, "sum%d.rl" % n), "w") as f:
            f.write("scenario s {\n  param p: Real = 1.5 in [1, 2, 3]\n")
            f.write("  report r = sum x in range(%d): x * p\n}\n" % n)
    for n in (1000, 2000, 4000, 8000):
        with open(os.path.join(out, "reports%d.rl" % n), "w") as f:
            f.write("scenario s {\n  param p: Real = 1.5 in [1, 2, 3]\n  param q: Real = 2.5 in [1, 2, 3]\n")
            for i in range(n):
                f.write("  report r%d = p * %d + q / %d\n" % (i, i + 1, i + 2))
            f.write("}\n")


if __name__ == "__main__":
    main()
