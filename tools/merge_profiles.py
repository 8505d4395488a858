#!/usr/bin/python3
"""Merge profile CSVs of tools/profile_kernels.py into one, for `ringline fit`.

  tools/merge_profiles.py run1.csv run2.csv ... -o kernels.csv

Rows: one per (kind, features) of any file, sorted by kind as the profiler sorts them. A
configuration measured in several runs keeps the row of its fastest run (the lowest
median). On this project's VM the same configuration measured in runs minutes apart
differs by a mean of 6 to 16%, far more than within one run (p90/p10 about 1.1), and the
outliers are all slow: a run that finds the machine in a slower state times a kernel up to
2x longer, while five fresh allocations of its tensors in one process agree to 1 to 10%.
Disturbances only ever add time, so the fastest run is the best estimate of the kernel's
own time. (`profile_kernels.py --replay` measures a profile's configurations again.)

Header (`# key: value`): a key with the same value in every file keeps it. The measured
peaks (peak_flops, mem_bw, matmul_flops, conv_flops and any other *_flops or *_bw) keep
the best value of all runs, as the profiler keeps the best of its start and end: a
disturbed measurement only ever lowers a peak. Any other key lists each run's value,
`v1 | run 2: v2 | ...`. The runs must describe the same device (name, device, threads,
clock and torch version must agree), or the merge is refused.
"""
import argparse
import sys

SAME_DEVICE = ("name", "device", "threads", "clock", "torch")
CSV_HEADER = "kind,features,median_s,min_s,p10_s,p90_s,reps"


def read(path):
    header, rows = {}, []
    with open(path) as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                header[key.strip()] = value.strip()
            elif line == CSV_HEADER or not line:
                continue
            else:
                rows.append(line)
    return header, rows


def is_peak(key):
    return key in ("peak_flops", "mem_bw") or key.endswith("_flops") or key.endswith("_bw")


def main(argv):
    ap = argparse.ArgumentParser(prog="merge_profiles.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="profile CSVs, first one first")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)

    runs = [read(p) for p in args.inputs]
    for key in SAME_DEVICE:
        values = {h.get(key) for h, _ in runs}
        if len(values) > 1:
            sys.exit(f"merge_profiles.py: error: the runs disagree on `{key}`: {sorted(map(str, values))}")

    keys = []
    for h, _ in runs:
        keys += [k for k in h if k not in keys]
    header = []
    for key in keys:
        values = [h.get(key, "-") for h, _ in runs]
        if is_peak(key):
            nums = [float(v) for v in values if v != "-"]
            header.append((key, f"{max(nums):.6g}"))
        elif len(set(values)) == 1:
            header.append((key, values[0]))
        else:
            header.append((key, " | ".join([values[0]] + [f"run {i + 2}: {v}" for i, v in enumerate(values[1:])])))

    measured = {}  # (kind, features) -> [[median, min, p10, p90, reps], ...]
    for _, run_rows in runs:
        for line in run_rows:
            kind, features, *cols = line.split(",")
            measured.setdefault((kind, features), []).append([float(c) for c in cols])
    rows = []
    for (kind, features), ms in measured.items():
        best = min(ms, key=lambda m: m[0])  # the first of equal medians: the earliest run
        line = f"{kind},{features}," + ",".join(f"{v:.6g}" for v in best[:4]) + f",{int(best[4])}"
        rows.append((kind, tuple(int(x) for x in features.split()), line))
    order = {}
    for k in runs[0][0].get("kinds", "").split(","):
        order.setdefault(k, len(order))
    rows.sort(key=lambda r: (order.get(r[0], len(order)), r[0], r[1]))

    with open(args.output, "w") as fh:
        for k, v in header:
            fh.write(f"# {k}: {v}\n")
        fh.write(CSV_HEADER + "\n")
        for _, _, line in rows:
            fh.write(line + "\n")
    repeated = sum(1 for ms in measured.values() if len(ms) > 1)
    print(f"merge_profiles.py: wrote {len(rows)} rows ({repeated} measured in more than one run) "
          f"to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
