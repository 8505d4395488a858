#!/usr/bin/env python3
"""Strong and weak scaling of `mpirun -n N ringline sweep` (docs/mpi.md, docs/performance.md).

Runs test/bench/resnet50_dp.rl's data-parallel ResNet-50 sweep with `--best iter_time
--threads 1`: one process without MPI, then `mpirun -n 1..R`, each configuration REPS times
interleaved (the machine is shared: the median of interleaved runs, compared as ratios in one
run). Strong scaling sweeps the same points on every rank count; weak scaling gives each rank
the points of one (gpus widened R-fold). The fixed cost (start-up, compile, MPI_Init,
reductions) is the same command over one value of gpus; `sweep` is the wall time less it.
Every run's output must be byte-identical to the one process's.

usage: mpi_scaling.py RINGLINE [--ranks 2] [--reps 3] [--gpus 16384]
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "resnet50_dp.rl")


def timed(cmd):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, env=env, check=True)
    return time.perf_counter() - start, hashlib.md5(p.stdout).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ringline")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--gpus", type=int, default=16384, help="values of gpus a rank sweeps (x 80,000 points)")
    a = ap.parse_args()
    mpirun = shutil.which("mpirun")
    if not mpirun:
        sys.exit("mpi_scaling: no mpirun (apt-get install openmpi-bin)")
    base = [os.path.abspath(a.ringline), "sweep", SPEC, "--best", "iter_time", "--threads", "1", "--quiet"]

    def sweep(gpus, ranks):
        cmd = base + ["--set", f"gpus=1 .. {gpus}"]
        return cmd if ranks == 0 else [mpirun, "--allow-run-as-root", "-n", str(ranks)] + cmd

    points_per_gpu = 80_000  # bw 25 values x lat 25 x batch 128 (resnet50_dp.rl)
    runs = {}  # name -> (cmd, points)
    strong = a.gpus * a.ranks
    runs["one process"] = (sweep(strong, 0), strong)
    runs["one process, fixed"] = (sweep(1, 0), 1)
    for r in range(1, a.ranks + 1):
        runs[f"strong -n {r}"] = (sweep(strong, r), strong)
        runs[f"weak -n {r}"] = (sweep(a.gpus * r, r), a.gpus * r)
        runs[f"fixed -n {r}"] = (sweep(1, r), 1)
    times = {k: [] for k in runs}
    digests = {}
    for _ in range(a.reps):
        for name, (cmd, _) in runs.items():
            t, d = timed(cmd)
            times[name].append(t)
            digests.setdefault(runs[name][1], set()).add(d)
    same = all(len(v) == 1 for v in digests.values())
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"# {a.reps} interleaved runs each, median wall seconds; outputs identical across runs: {same}")
    print(f"{'run':<22} {'points':>14} {'wall s':>8} {'sweep s':>8} {'M points/s':>11} {'efficiency':>10}")
    one_rate = None
    for name, (cmd, gpus) in runs.items():
        if "fixed" in name:
            continue
        fixed = med["one process, fixed"] if name == "one process" else med[f"fixed -n {name.split()[-1]}"]
        sweep_s = med[name] - fixed
        pts = gpus * points_per_gpu
        rate = pts / sweep_s / 1e6
        ranks = 1 if name == "one process" else int(name.split()[-1])
        if name == "strong -n 1":
            one_rate = rate
        eff = f"{rate / (ranks * one_rate):.1%}" if one_rate and name != "one process" else ""
        print(f"{name:<22} {pts:>14,} {med[name]:>8.2f} {sweep_s:>8.2f} {rate:>11.1f} {eff:>10}")
    for r in range(1, a.ranks + 1):
        print(f"fixed cost -n {r}: {med[f'fixed -n {r}']:.2f} s (one process: {med['one process, fixed']:.2f} s)")
        if r > 1:
            wall = med["strong -n 1"] / (r * med[f"strong -n {r}"])
            print(f"strong scaling -n {r}, wall time with the fixed cost: efficiency {wall:.1%}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
