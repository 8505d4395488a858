"""Fit and score Ringline's GPU kernel models from DeepBench, and print the tables of
docs/kernel-models.md ("GPU models from DeepBench").

  python3 -m tools.data.deepbench_eval                  # scores only (k-fold and leave-one-device-out)
  python3 -m tools.data.deepbench_eval --bundles stdlib/kernels   # and write the shipped bundles
  python3 -m tools.data.deepbench_eval --skip-lodo      # k-fold only (minutes rather than an hour)

Steps, each a plain command (printed as it runs, so any one can be rerun alone):
1. python3 -m tools.data.deepbench_import --all -o WORK: one profile per device and precision.
2. Per shipped device and precision, `ringline fit PROFILE --cv 5` (with --bundles, `-o`
   the bundle named by the stdlib Device): every row predicted by the fit on the other
   four folds, beside the roofline at the datasheet peak and one fitted efficiency.
3. With --bundles, `ringline fit WORK/*.csv -o gpu_any.rlk`: the device-generic models.
4. `ringline fit WORK/*.csv --lodo`: each NVIDIA device predicted by models fitted on the
   others alone.
The tables are markdown on stdout: per device and kind, the MAPE in percent of the fitted
models / the roofline / the single efficiency.
"""
import argparse
import glob
import os
import subprocess
import sys

from ..common import RINGLINE, ROOT, module_command, module_env

# Shipped per-device bundles: (profile stem of deepbench_import.py --all, bundle file).
SHIPPED = [
    ("v100_sxm2_16gb_fp32", "v100_sxm2_16gb.rlk"),
    ("v100_sxm2_16gb_fp16", "v100_sxm2_16gb_fp16.rlk"),
    ("p100_pcie_16gb_fp32", "p100_pcie_16gb.rlk"),
    ("p100_pcie_16gb_fp16", "p100_pcie_16gb_fp16.rlk"),
    ("t4_fp32", "t4.rlk"),
    ("t4_fp16", "t4_fp16.rlk"),
]


def run(cmd):
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    out = subprocess.run(cmd, capture_output=True, text=True, env=module_env())
    if out.returncode != 0:
        sys.exit(f"deepbench_eval.py: `{' '.join(cmd)}` failed:\n{out.stderr}")
    return out.stdout


def score_table(text, title):
    """The rows of the score table under the line that contains `title`."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if title in l)
    rows = []
    for line in lines[start + 2:]:
        if not line or line.startswith("mean over") or line.startswith("wrote"):
            break
        rows.append(line.split())
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ringline", default=RINGLINE)
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "deepbench"), help="folder for the profiles")
    ap.add_argument("--bundles", help="write the shipped bundles (and gpu_any.rlk) into this folder")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--skip-cv", action="store_true")
    ap.add_argument("--skip-lodo", action="store_true")
    args = ap.parse_args()
    if args.bundles:
        os.makedirs(args.bundles, exist_ok=True)
    run(module_command(sys.executable, f"{__package__}.deepbench_import", "--all", "-o", args.work,
                       "--ringline", args.ringline))
    profiles = sorted(glob.glob(os.path.join(args.work, "*.csv")))
    fit = [args.ringline, "fit", "--seed", args.seed, "--quiet"]

    if not args.skip_cv:
        scores = []
        for stem, bundle in SHIPPED:
            cmd = fit + [os.path.join(args.work, stem + ".csv"), "--cv", "5"]
            if args.bundles:
                cmd += ["-o", os.path.join(args.bundles, bundle)]
            scores += [[stem] + r for r in score_table(run(cmd), "-fold cross-validation")]
        print_pivot(scores, "device, precision")
        print()
    if args.bundles:
        run(fit + profiles + ["-o", os.path.join(args.bundles, "gpu_any.rlk")])
    if not args.skip_lodo:
        text = run(fit + profiles + ["--lodo", "--held-out", os.path.join(args.work, "lodo_rows.csv")])
        means = [["mean"] + r[:1] + ["-"] + r[2:3] + ["-"] + r[3:5]
                 for r in (l.split() for l in text.split("mean over devices:\n")[1].splitlines()[1:]) if r]
        print_pivot(score_table(text, "leave one device out") + means, "held-out device")


def print_pivot(rows, what):
    """One line per device, one column per kind: `MLP / roofline / one efficiency` MAPE [%].
    `rows`: [device, kind, rows, MAPE, max, roofline, efficiency, ...] as ringline prints them."""
    kinds = list(dict.fromkeys(r[1] for r in rows))
    print(f"| {what} | rows | " + " | ".join(kinds) + " |")
    print("|---|---:|" + "---:|" * len(kinds))
    for device in dict.fromkeys(r[0] for r in rows):
        cells = {r[1]: r for r in rows if r[0] == device}
        n = sum(int(c[2]) for c in cells.values() if c[2] != "-")
        print(f"| {device} | {n or ''} | " + " | ".join(
            f"{cells[k][3]} / {cells[k][5]} / {cells[k][6]}" if k in cells else "" for k in kinds) + " |")


if __name__ == "__main__":
    main()
