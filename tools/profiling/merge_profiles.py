"""Merge profile CSVs of tools/profiling/profile_kernels.py into one, for `ringline fit`.

  python3 -m tools.profiling.merge_profiles run1.csv run2.csv ... [--kinds a,b] -o kernels.csv

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

Probe normalisation. Rows with a `probe_s` column (the profiler's --probe, its CPU
default) are measured differently: each row's times are divided by the probe's slowdown at
that moment, probe_s / probe_ref, where probe_ref is the 5th percentile of every probe
time of the runs merged (the machine's fast state, robust to one lucky call). Normalised,
a configuration's runs scatter about both sides of its time, so a configuration measured
in several runs keeps the median of its runs (for an even count, the geometric mean of
the middle two) instead of the fastest. The output has no probe_s column and the header
gains `probe_ref_s` and `normalized`. A kind with probed rows in any run keeps only its
probed rows (the unprobed runs' rows of that kind are dropped, and the merge says how
many): so old unprobed runs can be merged with new probed runs of some of their kinds.
Merge raw runs, not an earlier merge, with probed ones (a merged file has no probe_s).

Digits. A merged row's median is written with 4 significant digits (--digits), a
rounding of at most 0.05%, far below the 6-16% by which one configuration's runs differ;
its spread (min, p10, p90), which describes the row's noise and which `ringline fit` does
not read, with 3 (--spread-digits). The profiler writes 6: the shorter rows (11 bytes
fewer) are what keeps a profile of some 25,000 configurations under the repository's 2 MB
(the 22,430 rows of data/kernels/xeon.csv at commit 2648830: 1,991,581 bytes at 6
digits, 1,747,036 at 4 and 3).
"""
import argparse
import math
import sys

from ..common import quantile, read_profile, write_header
from .profile_kernels import CSV_HEADER, PROBE_HEADER  # no torch needed

SAME_DEVICE = ("name", "device", "threads", "clock", "torch")


def read(path):
    """The `# key: value` header, the data rows (split into cells), and whether they have a
    probe_s column."""
    header, columns, rows = read_profile(path)
    if columns not in (CSV_HEADER, PROBE_HEADER):
        sys.exit(f"merge_profiles.py: error: {path}: no `{CSV_HEADER}[,probe_s]` header row")
    return header, rows, columns == PROBE_HEADER


def median_run(ms):
    """The run of median time; for an even count, the geometric mean of the middle two."""
    ms = sorted(ms, key=lambda m: m[0])
    mid = len(ms) // 2
    if len(ms) % 2:
        return ms[mid]
    a, b = ms[mid - 1], ms[mid]
    return [math.sqrt(x * y) for x, y in zip(a[:4], b[:4])] + [a[4] + b[4]]


def is_peak(key):
    return key in ("peak_flops", "mem_bw") or key.endswith("_flops") or key.endswith("_bw")


def main(argv):
    ap = argparse.ArgumentParser(prog="merge_profiles.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="profile CSVs, first one first")
    ap.add_argument("--kinds", default=None,
                    help="comma-separated kinds to keep (default: all); e.g. to merge the unprobed runs of some "
                         "kinds with the merged probed runs of others")
    ap.add_argument("--digits", type=int, default=4,
                    help="significant digits of a row's median (default 4; the profiler writes 6)")
    ap.add_argument("--spread-digits", type=int, default=3,
                    help="significant digits of a row's min, p10 and p90 (default 3)")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)
    for name, digits in (("--digits", args.digits), ("--spread-digits", args.spread_digits)):
        if not 1 <= digits <= 17:
            sys.exit(f"merge_profiles.py: error: {name} must be 1 to 17, not {digits}")
    keep = None if args.kinds is None else {k.strip() for k in args.kinds.split(",") if k.strip()}

    runs = [read(p) for p in args.inputs]
    if keep is not None:
        runs = [(h, [r for r in rows if r[0] in keep], probed) for h, rows, probed in runs]
        if not any(rows for _, rows, _ in runs):
            sys.exit(f"merge_profiles.py: error: no rows of --kinds {args.kinds}")
    for key in SAME_DEVICE:
        values = {h.get(key) for h, _, _ in runs}
        if len(values) > 1:
            sys.exit(f"merge_profiles.py: error: the runs disagree on `{key}`: {sorted(map(str, values))}")

    keys = []
    for h, _, _ in runs:
        keys += [k for k in h if k not in keys]
    header = []
    for key in keys:
        values = [h.get(key, "-") for h, _, _ in runs]
        if is_peak(key):
            nums = [float(v) for v in values if v != "-"]
            header.append((key, f"{max(nums):.6g}"))
        elif len(set(values)) == 1:
            header.append((key, values[0]))
        else:
            header.append((key, " | ".join([values[0]] + [f"run {i + 2}: {v}" for i, v in enumerate(values[1:])])))

    probes = [float(row[-1]) for _, run_rows, probed in runs if probed for row in run_rows]
    probe_ref = quantile(sorted(probes), 0.05) if probes else None
    if probe_ref is not None and not probe_ref > 0:
        sys.exit("merge_profiles.py: error: the probe times must be positive")
    # A kind measured with a probe anywhere keeps only its probed rows: normalised and raw
    # times are different quantities (a raw one carries the machine's state when it ran).
    probed_kinds = {row[0] for _, run_rows, probed in runs if probed for row in run_rows}
    dropped = {}
    measured = {}  # (kind, features) -> [[median, min, p10, p90, reps], ...]
    for _, run_rows, probed in runs:
        for kind, features, *cols in run_rows:
            if not probed and kind in probed_kinds:
                dropped[kind] = dropped.get(kind, 0) + 1
                continue
            values = [float(c) for c in cols]
            if probed:
                factor = values.pop() / probe_ref  # the machine's slowdown when this row ran
                values = [v / factor for v in values[:4]] + values[4:]
            measured.setdefault((kind, features), []).append(values)
    rows = []
    for (kind, features), ms in measured.items():
        if kind in probed_kinds:
            best = median_run(ms)
        else:
            best = min(ms, key=lambda m: m[0])  # the first of equal medians: the earliest run
        line = (f"{kind},{features},{best[0]:.{args.digits}g},"
                + ",".join(f"{v:.{args.spread_digits}g}" for v in best[1:4]) + f",{int(best[4])}")
        rows.append((kind, tuple(int(x) for x in features.split()), line))
    order = {}
    for k in runs[0][0].get("kinds", "").split(","):
        order.setdefault(k, len(order))
    rows.sort(key=lambda r: (order.get(r[0], len(order)), r[0], r[1]))

    if probe_ref is not None:
        header.append(("probe_ref_s", f"{probe_ref:.6g}"))
        header.append(("normalized", "rows measured with a probe: times x probe_ref_s / probe_s, median of runs"))
    with open(args.output, "w") as fh:
        write_header(fh, header)
        fh.write(CSV_HEADER + "\n")
        for _, _, line in rows:
            fh.write(line + "\n")
    if dropped:
        print(f"merge_profiles.py: dropped the unprobed runs' rows of kinds measured with a probe: "
              f"{', '.join(f'{k} {n}' for k, n in sorted(dropped.items()))}", file=sys.stderr)
    repeated = sum(1 for ms in measured.values() if len(ms) > 1)
    print(f"merge_profiles.py: wrote {len(rows)} rows ({repeated} measured in more than one run) "
          f"to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
