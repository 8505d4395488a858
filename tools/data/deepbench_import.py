"""Turn DeepBench's published NVIDIA kernel times into Ringline kernel profiles.

  python3 -m tools.data.deepbench_import --device NV_V100 --precision fp16 -o v100_fp16.csv
  python3 -m tools.data.deepbench_import --all -o DIR    # one profile per device and precision
  python3 -m tools.data.deepbench_import --list          # the devices and precisions

Input: data/deepbench/{conv,gemm,systems}.csv (data/deepbench/README.md; `--data DIR`
reads another copy). Output: the profile CSV of docs/kernel-models.md ("Profile CSV"),
one row per configuration and kernel kind, which `ringline fit` reads.

Each DeepBench device maps to a `Device` of stdlib/hardware.rl (DEVICES below). The
profile's `name` header is that record's name, and its `peak_flops` and `mem_bw` are the
record's datasheet numbers at the precision DeepBench ran, read from the record itself
with `ringline eval`, so that the roofline a model is fitted against is the one specs
use. "16 bit multiplication" (V100, T4: tensor cores) takes `peak_fp16`; "32 bit
multiplication" on 16-bit inputs (P100's pseudo FP16) and `Float` take `peak_fp32`.

Rows:
- conv.csv: each configuration gives up to three rows, conv2d_fwd / conv2d_bwd_data /
  conv2d_bwd_filter, features `n cin h w cout kh kw sh sw ph pw groups dtype` (DeepBench's
  N, C, H, W, K, R, S, stride_h, stride_w, pad_h, pad_w; groups 1); an empty time (a first
  layer's backward-data pass, which DeepBench did not run) gives no row.
- gemm.csv: one row per GEMM, its kind and features by how PyTorch's nn.Linear calls
  cuBLAS (column-major) for Y[m,n] = X[m,k]·Wᵀ: the forward pass is a `T N` call with
  M = n, N = m, K = k; backward-data `N N` with M = k, N = m, K = n; backward-weight `N T`
  with M = k, N = n, K = m. So `T N` rows are gemm_fwd (m k n = N K M), `N N` rows
  gemm_bwd_data (m k n = N M K) and `N T` rows gemm_bwd_weight (m k n = K M N).
- dtype: 4 for `Float`, 2 for the 16-bit inputs.
- median_s: DeepBench's time in seconds. DeepBench publishes one number per kernel, the
  mean of 300 calls, to 1 µs.
A configuration DeepBench lists twice (the same ResNet layer under two applications, with
the same times) gives one row.
"""
import argparse
import csv
import os
import sys

from ..common import RINGLINE, ROOT, RinglineError, eval_text, write_header

# DeepBench device -> the stdlib/hardware.rl Device record its profiles describe.
DEVICES = {
    "NV_V100": "v100_sxm2_16gb",
    "NV_P100": "p100_pcie_16gb",
    "NV_T4": "t4",
    "NV_M40": "m40",
    "NV_TitanX": "titan_x_maxwell",
    "NV_TitanX_Pascal": "titan_x_pascal",
    "NV_TitanXp": "titan_xp",
    "NV_1080Ti": "gtx_1080_ti",
}

CONV_KINDS = (("fwd_ms", "conv2d_fwd"), ("bwd_data_ms", "conv2d_bwd_data"), ("bwd_filter_ms", "conv2d_bwd_filter"))


def fail(msg):
    sys.exit(f"deepbench_import.py: error: {msg}")


def read_csv(data, name):
    path = os.path.join(data, name)
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")


def short_precision(p):
    return "fp32" if p == "Float" else "fp16"


def peak_field(p):
    """The Device field whose peak the precision runs at."""
    if p == "Float" or "32 bit multiplication" in p:
        return "peak_fp32"
    if "16 bit multiplication" in p:
        return "peak_fp16"
    fail(f"unknown precision `{p}`")


def device_numbers(ringline, record, field):
    """(peak FLOP/s, bandwidth B/s, name) of a stdlib Device, evaluated by ringline."""
    spec = (f"import stdlib.hardware\nscenario deepbench_device {{\n"
            f"  report peak = {record}.{field} in FLOP/s\n  report membw = {record}.membw in B/s\n}}\n")
    try:
        got = eval_text(ringline, spec)
    except OSError as e:
        fail(f"cannot run {ringline}: {e.strerror} (build it, or pass --ringline)")
    except RinglineError as e:
        fail(f"`ringline eval` could not read stdlib device `{record}`:\n{e.stderr.strip()}")
    return float(got["peak"]), float(got["membw"])


def systems(data):
    out = {}
    for r in read_csv(data, "systems.csv"):
        out.setdefault(r["device"], {})[r["key"]] = r["value"].strip()
    return out


def number(s):
    return int(s.strip())


def conv_rows(rows, dtype):
    out = []
    for r in rows:
        w, h, c, n, k, s, rr = (number(r[x]) for x in ("w", "h", "c", "n", "k", "s", "r"))
        pw, ph, sw, sh = (number(r[x]) for x in ("pad_w", "pad_h", "stride_w", "stride_h"))
        feats = (n, c, h, w, k, rr, s, sh, sw, ph, pw, 1, dtype)
        for col, kind in CONV_KINDS:
            if r[col].strip():
                out.append((kind, feats, float(r[col]) * 1e-3))
    return out


def gemm_rows(rows, dtype):
    out = []
    for r in rows:
        m, n, k = number(r["m"]), number(r["n"]), number(r["k"])
        layout = r["a_t"].strip() + r["b_t"].strip()
        if layout == "TN":
            kind, feats = "gemm_fwd", (n, k, m)
        elif layout == "NN":
            kind, feats = "gemm_bwd_data", (n, m, k)
        elif layout == "NT":
            kind, feats = "gemm_bwd_weight", (k, m, n)
        else:
            fail(f"a GEMM with layout `{layout}` (m={m} n={n} k={k}), which no kernel kind has")
        out.append((kind, feats + (dtype,), float(r["time_ms"]) * 1e-3))
    return out


def configurations(data):
    """{(device, precision): (conv rows, gemm rows)} of the NVIDIA devices."""
    out = {}
    for name, idx in (("conv.csv", 0), ("gemm.csv", 1)):
        for r in read_csv(data, name):
            if r["device"] in DEVICES:
                out.setdefault((r["device"], r["precision"]), ([], []))[idx].append(r)
    return out


def profile(data, device, precision, convs, gemms, ringline, sys_info):
    record = DEVICES[device]
    dtype = 4 if precision == "Float" else 2
    field = peak_field(precision)
    peak, bw = device_numbers(ringline, record, field)
    rows, seen, dups = [], set(), 0
    for kind, feats, t in conv_rows(convs, dtype) + gemm_rows(gemms, dtype):
        if (kind, feats) in seen:
            dups += 1
            continue
        seen.add((kind, feats))
        rows.append((kind, feats, t))
    info = sys_info.get(device, {})
    libs = ", ".join(f"{name} {info[k]}" for k, name in (("CUDA Version", "CUDA"), ("Cudnn Version", "cuDNN"),
                                                         ("Nvidia Driver", "driver")) if info.get(k))
    header = [
        ("name", record),
        ("device", "cuda"),
        ("gpu", info.get("GPU Model", device)),
        ("source", f"DeepBench (github.com/baidu-research/DeepBench) results/train/DeepBench_{device}.xlsx"),
        ("deepbench_device", device),
        ("precision", precision),
        ("libraries", libs),
        ("peak_flops", f"{peak:g}"),
        ("peak_from", f"stdlib/hardware.rl {record}.{field}"),
        ("mem_bw", f"{bw:g}"),
        ("statistic", "median_s is DeepBench's mean of 300 calls"),
    ]
    return header, rows, dups


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        write_header(f, header)
        f.write("kind,features,median_s\n")
        for kind, feats, t in rows:
            f.write(f"{kind},{' '.join(str(x) for x in feats)},{t:.6g}\n")


def summary(rows):
    counts = {}
    for kind, _, _ in rows:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.path.join(ROOT, "data", "deepbench"), help="folder of the DeepBench CSVs")
    ap.add_argument("--device", help="DeepBench device (NV_V100, NV_P100, ...)")
    ap.add_argument("--precision", choices=("fp32", "fp16"), default="fp32")
    ap.add_argument("--all", action="store_true", help="every device and precision, into the folder -o names")
    ap.add_argument("--list", action="store_true", help="print the devices and precisions and exit")
    ap.add_argument("--ringline", default=RINGLINE,
                    help="the ringline binary that reads stdlib/hardware.rl (default: build/bin/ringline)")
    ap.add_argument("-o", dest="out", help="profile CSV to write (with --all: a folder)")
    args = ap.parse_args()
    configs = configurations(args.data)
    if args.list:
        for (device, precision), (convs, gemms) in sorted(configs.items()):
            print(f"{device} {short_precision(precision)} ({precision}): {len(convs)} convolution and "
                  f"{len(gemms)} GEMM configurations -> {DEVICES[device]}")
        return
    if not args.out:
        fail("name the output with -o")
    if args.all == bool(args.device):
        fail("give --device (with --precision) or --all")
    wanted = sorted(configs) if args.all else [
        k for k in configs if k[0] == args.device and short_precision(k[1]) == args.precision]
    if not wanted:
        known = ", ".join(sorted({f"{d} {short_precision(p)}" for d, p in configs}))
        fail(f"DeepBench has no {args.device} {args.precision} results; it has {known}")
    if args.all:
        os.makedirs(args.out, exist_ok=True)
    sys_info = systems(args.data)
    for device, precision in wanted:
        header, rows, dups = profile(args.data, device, precision, *configs[(device, precision)], args.ringline,
                                     sys_info)
        path = (os.path.join(args.out, f"{DEVICES[device]}_{short_precision(precision)}.csv") if args.all
                else args.out)
        write(path, header, rows)
        print(f"deepbench_import.py: {device} {short_precision(precision)}: {len(rows)} rows ({summary(rows)}; "
              f"{dups} repeated configurations dropped) to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
