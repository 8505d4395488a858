"""Record which oneDNN implementation torch runs for each convolution of a profile.

  python3 -m tools.research.onednn_impls PROFILE.csv [--kinds k1,k2] -o impls.csv

Runs every convolution row of PROFILE.csv once on this machine, on one CPU thread, with
oneDNN's verbose log on (ONEDNN_VERBOSE=1), and writes `kind,features,impl,format,class`:
the implementation the log names for the row's own pass (forward_training, backward_data
or backward_weights), the channel blocking of its source memory, and the class that
runtime/kernels/torch_cpu_rules.cpp predicts from the features alone:

  fallback   no oneDNN call: torch's own im2col + BLAS convolution
  gemm       x64:gemm:jit (oneDNN's im2col + GEMM)
  depthwise  jit_dw
  1x1        jit_1x1
  blocked8   on 8-channel blocks (aB..8b), or a jit:avx2 kernel
  blocked4   on 4-channel blocks (aB..4b)
  plain      a jit kernel on the plain layout (abcd, abcde): the image-stem kernels
  blocked16  a jit kernel on 16-channel blocks (the common case)
  other      anything else (the inner-product path of a 1x1 output)

The unit test KernelKinds.OneDnnRuleMatchesVerboseLog compares the rule with such a file
(test/unit/data/onednn_impls.csv; RL_ONEDNN_IMPLS names another). Only one call per row
is made, so a full profile takes about the sum of its median times (6 minutes for the
15,688 convolution rows of data/kernels/xeon.csv). Needs torch (/usr/bin/python3's
python3-torch; RINGLINE_TORCH_PYTHON overrides, as for profile_kernels.py).
"""
import argparse
import ctypes
import os
import sys
import tempfile

from ..common import import_torch
from ..profiling import profile_kernels as pk

os.environ["ONEDNN_VERBOSE"] = "1"  # read by oneDNN when torch loads it

CONV_KINDS = ["conv2d_fwd", "conv2d_bwd_data", "conv2d_bwd_filter", "conv3d_fwd", "conv3d_bwd_data",
              "conv3d_bwd_filter"]
PASS = {"fwd": "forward_training", "bwd_data": "backward_data", "bwd_filter": "backward_weights"}


def impl_class(impl, fmt):
    """The class of an implementation name and source format (the docstring's table)."""
    if impl == "none":
        return "fallback"
    if "gemm" in impl:
        return "gemm"
    if "jit_dw" in impl:
        return "depthwise"
    if "jit_1x1" in impl:
        return "1x1"
    if "avx2" in impl or fmt.endswith("8b"):
        return "blocked8"
    if fmt.endswith("4b"):
        return "blocked4"
    if impl.startswith("jit") and fmt in ("abcd", "abcde"):
        return "plain"
    if impl.startswith("jit"):
        return "blocked16"
    return "other"


def parse_log(path):
    """(kind, features, impl, format) per `### kind,features` marker of the verbose log: the
    first convolution primitive of the row's own pass after its marker."""
    rows, cur = [], None
    with open(path) as fh:
        for line in fh:
            if line.startswith("### "):
                kind, feats = line[4:].strip().split(",")
                cur = [kind, feats, "none", "", PASS[kind.split("_", 1)[1]]]
                rows.append(cur)
                continue
            if cur is None or not line.startswith("onednn_verbose,exec"):
                continue
            p = line.split(",")
            if len(p) < 7 or p[3] != "convolution" or p[5] != cur[4] or cur[2] != "none":
                continue
            cur[2] = p[4]
            mems = p[6].split()
            cur[3] = mems[0].split(":")[-2] if mems and mems[0].count(":") >= 2 else ""
    return [r[:4] for r in rows]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("profile")
    ap.add_argument("--kinds", default=",".join(CONV_KINDS), help="comma-separated convolution kinds")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)
    kinds = args.kinds.split(",")
    for k in kinds:
        if k not in CONV_KINDS:
            ap.error(f"`{k}` is not a convolution kind ({', '.join(CONV_KINDS)})")
    torch = import_torch(__spec__.name)
    torch.set_num_threads(1)
    runner = pk.Runner(torch, "cpu")
    rows_to_run = [(k, f) for k in kinds for f in pk.replay_configs(args.profile, k)]
    if not rows_to_run:
        sys.exit(f"onednn_impls.py: error: {args.profile} has no rows of {', '.join(kinds)}")
    libc = ctypes.CDLL(None)
    # oneDNN writes its log to the C stdout: point fd 1 at a file for the runs, with a
    # marker before each row, flushing both sides so the lines stay in order.
    with tempfile.NamedTemporaryFile("w+", suffix=".log") as log:
        saved = os.dup(1)
        sys.stdout.flush()
        os.dup2(log.fileno(), 1)
        try:
            for i, (kind, f) in enumerate(rows_to_run):
                fn = runner.make(kind, list(f), "")  # a backward pass runs its forward here
                libc.fflush(None)
                os.write(1, f"### {kind},{' '.join(map(str, f))}\n".encode())
                with torch.no_grad():
                    fn()
                libc.fflush(None)
                if i % 1000 == 0 or i + 1 == len(rows_to_run):
                    os.write(2, f"onednn_impls.py: {i + 1}/{len(rows_to_run)} rows\n".encode())
        finally:
            libc.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        rows = parse_log(log.name)
    with open(args.output, "w") as out:
        out.write("kind,features,impl,format,class\n")
        for kind, feats, impl, fmt in rows:
            out.write(f"{kind},{feats},{impl},{fmt},{impl_class(impl, fmt)}\n")
    print(f"onednn_impls.py: wrote {len(rows)} rows to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
