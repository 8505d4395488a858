"""Splits `ringline fit --held-out` rows of the convolution kinds by the class of the
convolution and prints each class's MAPE and median error
(docs/notes/kernel-models-experiments.md, "Odd shapes and blocked groups").

  ringline fit data/kernels/xeon.csv -o /tmp/x.rlk --seed 1 --held-out /tmp/rows.csv
  python3 -m tools.research.held_out_by_class /tmp/rows.csv [--profile EARLIER.csv]

Classes: dense, 1x1 (an ungrouped convolution with a 1x1(x1) kernel), stem (ungrouped, at
most 4 input channels), depthwise (groups = cin > 1), blocked (grouped, not depthwise,
channels per group in and out multiples of 8) and grouped (the other grouped ones); `all`
is every row of the kind. With --profile the rows are also split by whether their
configuration is in that profile (`in`) or not (`new`): held out of a profile that grew,
`in` is the accuracy on the configurations of the earlier one, a like-for-like comparison
with the earlier bundle's held-out MAPE. Needs no torch.
"""
import argparse
import statistics
import sys

from ..common import held_out_rows, read_profile

CLASSES = ("all", "dense", "1x1", "stem", "depthwise", "blocked", "grouped")


def conv_class(kind, f):
    """f: the kind's features (docs/kernel-models.md, "Kernel kinds and features")."""
    if kind.startswith("conv2d"):  # n cin h w cout kh kw sh sw ph pw groups dtype
        cin, cout, groups, taps = f[1], f[4], f[11], f[5] * f[6]
    else:  # n cin d h w cout k s p groups dtype
        cin, cout, groups, taps = f[1], f[5], f[9], f[6] ** 3
    if groups > 1 and groups == cin:
        return "depthwise"
    if groups > 1:
        cpg, opg = cin // groups, cout // groups
        return "blocked" if cpg % 8 == 0 and opg % 8 == 0 else "grouped"
    if taps == 1:
        return "1x1"
    return "stem" if cin <= 4 else "dense"


def profile_configs(path):
    return {(row[0], row[1]) for row in read_profile(path)[2]}


def main(argv):
    ap = argparse.ArgumentParser(prog="held_out_by_class.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rows", help="the rows of `ringline fit --held-out`")
    ap.add_argument("--profile", help="split the rows by whether their configuration is in this profile")
    args = ap.parse_args(argv)
    known = profile_configs(args.profile) if args.profile else None
    groups = {}
    for kind, features, rel_err in held_out_rows(args.rows, "held_out_by_class.py"):
        if not kind.startswith("conv"):
            continue
        err = abs(rel_err)
        cls = conv_class(kind, [int(float(x)) for x in features.split()])
        subsets = ["all"]
        if known is not None:
            subsets.append("in" if (kind, features) in known else "new")
        for subset in subsets:
            for c in ("all", cls):
                groups.setdefault((kind, subset, c), []).append(err)
    print("kind,subset,class,rows,mape_pct,median_pct")
    kinds = sorted({k for k, _, _ in groups})
    for kind in kinds:
        for subset in ("all", "in", "new"):
            for c in CLASSES:
                errs = groups.get((kind, subset, c))
                if errs:
                    print(f"{kind},{subset},{c},{len(errs)},{100 * statistics.mean(errs):.1f},"
                          f"{100 * statistics.median(errs):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
