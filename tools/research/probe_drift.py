"""How a machine's speed drifts, and how much of it profile_kernels.py's probe takes out.

  python3 -m tools.research.probe_drift [--seconds 240]

Times a few kernels of different kinds round-robin for the given time, one thread, thread
CPU time (the profiler's conditions: profile_kernels.py's Timer, 20 ms per kernel
and round), with the profiler's probe convolution timed just before each. Prints per
kernel its fastest time, the spread of its slowdown (log of time / fastest time) over the
rounds, that spread after dividing by the probe's slowdown at the same moment, and the
correlation of the two slowdowns. On a machine of steady speed the spread is a few
percent and the probe cannot help; on a VM that shares its host it is larger, and where
kernels slow down together the probe removes most of it
(docs/notes/kernel-models-experiments.md, "Probe normalisation").
"""
import argparse
import math
import statistics
import sys
import time

from ..common import import_torch, keep_freed_memory
from ..profiling.profile_kernels import PROBE_CALLS, PROBE_FEATURES, PROBE_KIND, Runner, Timer

KERNELS = [  # name, kind, features: compute- and memory-bound, 2-D and 3-D, GEMM, tiny, im2col
    ("conv 3x3 dense", "conv2d_fwd", (8, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4)),
    ("conv 3x3 depthwise", "conv2d_fwd", (8, 128, 56, 56, 128, 3, 3, 1, 1, 1, 1, 128, 4)),
    ("conv bwd filter", "conv2d_bwd_filter", (4, 128, 28, 28, 128, 3, 3, 1, 1, 1, 1, 1, 4)),
    ("conv3d", "conv3d_fwd", (2, 16, 32, 32, 32, 32, 3, 1, 1, 1, 4)),
    ("gemm 256x768x768", "gemm_fwd", (256, 768, 768, 4)),
    ("conv batch 1 (im2col)", "conv2d_fwd", (1, 64, 14, 14, 64, 3, 3, 1, 1, 1, 1, 1, 4)),
    ("conv 1x1 bwd data", "conv2d_bwd_data", (8, 256, 14, 14, 1024, 1, 1, 1, 1, 0, 0, 1, 4)),
]


def corr(a, b):
    ma, mb = statistics.mean(a), statistics.mean(b)
    num = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    den = math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))
    return num / den if den else 0.0


def main(argv):
    ap = argparse.ArgumentParser(prog="probe_drift.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=240)
    args = ap.parse_args(argv)
    torch = import_torch(__spec__.name)
    torch.set_num_threads(1)
    keep_freed_memory()
    runner, timer = Runner(torch, "cpu"), Timer(torch, "cpu", target_s=0.02, clock="cpu")
    rounds = []  # per round: [(probe, kernel median)] per kernel
    with torch.no_grad():
        probe = runner.make(PROBE_KIND, PROBE_FEATURES, "")
        fns = [runner.make(kind, f, "") for _, kind, f in KERNELS]
        start = time.time()
        while time.time() - start < args.seconds:
            rounds.append([(timer.fastest(probe, PROBE_CALLS), statistics.median(timer.samples(fn))) for fn in fns])
    print(f"{len(rounds)} rounds in {time.time() - start:.0f} s")
    print(f"{'kernel':24} {'fastest ms':>10} {'sd raw':>7} {'sd/probe':>8} {'corr':>5}")
    for i, (name, _, _) in enumerate(KERNELS):
        probes = [r[i][0] for r in rounds]
        times = [r[i][1] for r in rounds]
        raw = [math.log(t / min(times)) for t in times]
        slow = [math.log(p / min(probes)) for p in probes]
        normalised = [a - b for a, b in zip(raw, slow)]
        print(f"{name:24} {1e3 * min(times):10.3f} {statistics.pstdev(raw):7.3f} "
              f"{statistics.pstdev(normalised):8.3f} {corr(raw, slow):5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
