"""Splits `ringline fit --held-out` rows of the conv2d kinds into those whose shape is a
torchvision model's own layer (at any batch) and the random perturbations of the grid, and
prints the MAPE and median error of each group (docs/kernel-models.md, "Shipped bundles").

  ringline fit data/kernels/cpu.csv -o /tmp/cpu.rlk --seed 1 --held-out /tmp/rows.csv
  /usr/bin/python3 -m tools.profiling.held_out_by_layer /tmp/rows.csv

Needs torch and torchvision (the layer shapes come from profile_kernels.model_layers()).
"""
import statistics
import sys

from ..common import held_out_rows
from .profile_kernels import model_layers


def main(argv):
    if len(argv) != 1:
        sys.exit("usage: held_out_by_layer.py ROWS.csv")
    rows = held_out_rows(argv[0], "held_out_by_layer.py")
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
