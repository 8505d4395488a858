#!/usr/bin/env python3
"""MPI sweeps (docs/mpi.md): `mpirun -n 1, 2, 4 ringline sweep` gives byte for byte the
stdout, stderr and exit status of one process, for every reducer on both backends, on a
sweep whose variants differ in cost 400-fold; a full table is refused under more than
one rank and is unchanged under one. Usage: run_mpi.py RINGLINE; exit 77 (skipped) when
mpirun is missing or the binary was built without MPI."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "uneven.rl")
REDUCERS = [["--best", "r"], ["--best", "-q"], ["--top", "7", "--by", "-q"], ["--top", "50", "--by", "r"],
            ["--pareto", "r,-q"], ["--histogram", "q"], ["--best", "r", "--keep-infeasible"],
            ["--best", "r", "--format", "json"]]


def run(cmd):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    p = subprocess.run(cmd, capture_output=True, timeout=300, env=env)
    # Open MPI's hwloc complains on stderr where /sys is not mounted (a chroot); that is
    # the machine's, not ringline's output.
    err = b"".join(l for l in p.stderr.splitlines(keepends=True) if not l.startswith(b"[hwloc/"))
    return p.returncode, p.stdout, err


def main():
    ringline = os.path.abspath(sys.argv[1])
    mpirun = shutil.which("mpirun")
    if not mpirun:
        print("skipped: no mpirun")
        return 77
    mpi = [mpirun, "--oversubscribe", "--allow-run-as-root", "-n"]
    # A binary without MPI runs every rank as a whole sweep: the full table then prints twice.
    rc, out, _ = run(mpi + ["2", ringline, "sweep", SPEC, "--set", "n=1", "--set", "a=1..2"])
    if rc == 0 and out.count(b"n,a,b,c") == 2:
        print("skipped: ringline built without MPI (RINGLINE_MPI=OFF)")
        return 77
    failures = checks = 0
    for backend in ["jit", "interp"]:
        for args in REDUCERS:
            cmd = [ringline, "sweep", SPEC, "--backend=" + backend] + args
            want = run(cmd)
            for n in ["1", "2", "4"]:
                checks += 1
                got = run(mpi + [n] + cmd)
                if got != want:
                    failures += 1
                    print(f"FAIL -n {n} {' '.join(cmd[1:])}: rc {got[0]} vs {want[0]}\n"
                          f"--- got\n{got[1].decode()}{got[2].decode()}--- want\n{want[1].decode()}{want[2].decode()}")
        # A full table: the same under one rank, refused under two.
        cmd = [ringline, "sweep", SPEC, "--backend=" + backend, "--set", "n=40"]
        checks += 2
        if run(mpi + ["1"] + cmd) != run(cmd):
            failures += 1
            print(f"FAIL -n 1 full table {backend}")
        rc, out, err = run(mpi + ["2"] + cmd)
        if rc != 2 or out or b"[bad_usage]" not in err or err.count(b"error:") != 1:
            failures += 1
            print(f"FAIL -n 2 full table {backend}: rc {rc}\n{err.decode()}")
    print(f"{checks - failures} of {checks} MPI checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
