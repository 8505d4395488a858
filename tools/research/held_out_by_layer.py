"""Splits `ringline fit --held-out` rows of the conv2d kinds into those whose shape is a
torchvision model's own layer (at any batch) and the random perturbations of the grid, and
prints the MAPE and median error of each group (docs/kernel-models.md, "Shipped bundles").

  ringline fit data/kernels/cpu.csv -o /tmp/cpu.rlk --seed 1 --held-out /tmp/rows.csv
  /usr/bin/python3 -m tools.research.held_out_by_layer /tmp/rows.csv

Needs torch and torchvision (the layer shapes come from profile_kernels.model_layers()).
"""
import argparse
import statistics
import sys

from ..common import held_out_rows
from ..profiling.profile_kernels import model_layers


def main(argv):
    ap = argparse.ArgumentParser(prog="held_out_by_layer.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rows", help="the rows of `ringline fit --held-out`")
    args = ap.parse_args(argv)
    rows = held_out_rows(args.rows, "held_out_by_layer.py")
    layers = set(model_layers()["conv2d"])
    groups = {}
    for kind, features, rel_err in rows:
        if not kind.startswith("conv2d"):
            continue
        f = tuple(int(float(x)) for x in features.split())
        group = "layer" if f[1:-1] in layers else "random"  # drop the batch and dtype
        groups.setdefault((kind, group), []).append(abs(rel_err))
    print("kind,group,rows,mape_pct,median_pct")
    for (kind, group), errs in sorted(groups.items()):
        print(f"{kind},{group},{len(errs)},{100 * statistics.mean(errs):.1f},{100 * statistics.median(errs):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
