#!/usr/bin/env python3
"""MPI sweeps (docs/mpi.md): `mpirun -n 1, 2, 4 ringline sweep` (and -n 3 on the
interpreter) gives byte for byte the stdout, stderr and exit status of one process, for
every reducer and for full tables (CSV, JSON, the aligned table, with infeasible rows, two
threads a rank), on a sweep whose variants differ in cost 400-fold, and at a non-finite
report. Ctrl-C leaves a table that is a prefix of the whole one and says how many rows it
holds; `--progress` counts every rank's points; ranks that fail to compile or run another
command end the job at once, rank 0 naming them; a rank killed mid-sweep ends the job with
no temporary file and the output file as it was (or, for a table, a prefix of the whole
table as after Ctrl-C); `mpirun ringline advise` prints what one process prints. Usage:
run_mpi.py RINGLINE [--signals N] (only the Ctrl-C and killed-rank checks, N times); exit
77 (skipped) when mpirun is missing or the binary was built without MPI."""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "uneven.rl")
NONFINITE = os.path.join(HERE, "nonfinite.rl")


def big(reduce=False, table_gpus=65):
    """A sweep of a few seconds on one core, of test/bench's ResNet-50 model: 5.2 M rows of
    a table (80 k a value of `table_gpus`), or 1.3 G points reduced by --best."""
    return [os.path.join(HERE, "..", "bench", "resnet50_dp.rl"), "--set",
            "gpus=1 .. " + ("16384" if reduce else str(table_gpus)),
            "--threads", "1"] + (["--best", "iter_time"] if reduce else [])


TABLES = [[], ["--format", "json"], ["--format", "table"], ["--keep-infeasible"], ["--threads", "2"],
          ["--set", "n=40", "--format", "json", "--keep-infeasible"]]
REDUCERS = [["--best", "r"], ["--best", "-q"], ["--top", "7", "--by", "-q"], ["--top", "50", "--by", "r"],
            ["--pareto", "r,-q"], ["--histogram", "q"], ["--best", "r", "--keep-infeasible"],
            ["--best", "r", "--format", "json"]]


ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def machine_lines(err):
    """ringline's lines of stderr: without Open MPI's hwloc complaints where /sys is not
    mounted (a chroot), and without mpirun's boxes (between lines of dashes) about a rank's
    non-zero exit status."""
    out, boxed = [], False
    for line in err.splitlines(keepends=True):
        if line.startswith(b"-" * 40):
            boxed = not boxed
        elif not boxed and not line.startswith(b"[hwloc/"):
            out.append(line)
    return b"".join(out)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, timeout=300, env=ENV)
    return p.returncode, p.stdout, machine_lines(p.stderr)


def started(cmd, out_dir):
    """The job started in its own process group, its stdout and stderr in files."""
    out = open(os.path.join(out_dir, "stdout"), "wb")
    err = open(os.path.join(out_dir, "stderr"), "wb")
    return subprocess.Popen(cmd, stdout=out, stderr=err, env=ENV, cwd=out_dir, start_new_session=True)


def ranks_of(job):
    """The pids of the job's ringline processes (mpirun's children)."""
    for _ in range(200):
        kids = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(job.pid)], capture_output=True,
                              text=True).stdout.split("\n")
        pids = [int(k.split()[0]) for k in kids if "ringline" in k]
        if pids:
            return pids
        time.sleep(0.05)
    return []


def writing(pids, out_dir, at_least=1 << 16, timeout=60):
    """Waits until one of the processes `pids` holds open a file in `out_dir` (the output,
    anonymous until it is committed) of `at_least` bytes: the sweep is under way, not
    still compiling, where a signal would end it before its handlers are in place."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for pid in pids:
            fds = f"/proc/{pid}/fd"
            try:
                for fd in os.listdir(fds):
                    path = os.path.join(fds, fd)
                    if os.readlink(path).startswith(out_dir + "/") and os.stat(path).st_size >= at_least:
                        return True
            except OSError:  # the process ended, or a descriptor closed while we looked
                pass
        time.sleep(0.05)
    return False


def interrupted_table(mpi, ringline, failures):
    """Ctrl-C (SIGINT to mpirun) once rank 0 is writing a full table: the file holds a
    prefix of the whole table, as many rows as the message says."""
    with tempfile.TemporaryDirectory() as d:
        d = os.path.realpath(d)
        job = started(mpi + ["3", ringline, "sweep"] + big() + ["-o", "t.csv"], d)
        writing(ranks_of(job), d)
        job.send_signal(signal.SIGINT)
        rc = job.wait(60)
        err = open(os.path.join(d, "stderr"), "rb").read()
        m = re.search(rb"interrupted after (\d+) of (\d+) points; the output holds them", err)
        rows = open(os.path.join(d, "t.csv"), "rb").read().splitlines(keepends=True) if m else []
        whole = run([ringline, "sweep"] + big())[1].splitlines(keepends=True)
        if rc == 0 or not m or len(rows) != int(m.group(1)) + 1 or rows != whole[:len(rows)] or len(rows) >= len(whole):
            failures.append(f"Ctrl-C: rc {rc}, {len(rows)} rows\n{err.decode()}")
        if sorted(os.listdir(d)) != ["stderr", "stdout", "t.csv"]:
            failures.append(f"Ctrl-C left {os.listdir(d)}")


def killed_rank(mpi, ringline, failures):
    """A rank killed (SIGKILL) mid-sweep, full table and --best: the job fails and no
    temporary file stays. Under --best the output file keeps what it held; a full table's
    file either keeps it (rank 0 was waiting on the dead rank) or holds a prefix of the
    whole table, as after Ctrl-C (rank 0 gave the dead rank up)."""
    whole = run([ringline, "sweep"] + big())[1]
    for extra in [False, True]:
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "t.csv"), "w") as f:
                f.write("before\n")
            job = started(mpi + ["3", ringline, "sweep"] + big(extra) + ["-o", "t.csv"], d)
            pids = ranks_of(job)
            time.sleep(1.0)
            if pids:
                os.kill(pids[-1], signal.SIGKILL)
            rc = job.wait(60)
            err = open(os.path.join(d, "stderr"), "rb").read()
            kept = open(os.path.join(d, "t.csv"), "rb").read()
            prefix = not extra and kept != whole and whole.startswith(kept) and kept.endswith(b"\n")
            if not pids or rc == 0 or (kept != b"before\n" and not prefix) or b"signal 9" not in err:
                failures.append(f"killed rank {extra}: rc {rc}, pids {pids}, t.csv {kept[:40]!r}\n{err.decode()}")
            if sorted(os.listdir(d)) != ["stderr", "stdout", "t.csv"]:
                failures.append(f"killed rank {extra} left {os.listdir(d)}")


def advise(mpi, ringline, failures):
    """`mpirun ringline advise`: a transformer's layout search spread over the ranks, and a
    network's strategies (process 0 alone), print what one process prints; only the
    search's own timing ("searched in 0.41 s") may differ."""
    def text(result):
        rc, out, err = result
        return rc, re.sub(rb"searched in [0-9.]+ s", b"searched in - s", out), err
    for args in [["--model", "gpt3_175b", "--cluster", "selene", "--gpus", "512,1024", "--global-batch", "1536"],
                 ["--model", "megatron_530b", "--gpus", "280", "--global-batch", "560", "--format", "csv",
                  "--pp", "35", "--zero", "1"],
                 ["--model", "gpt2_small", "--gpus", "8", "--global-batch", "64", "--tp", "3"],
                 ["--model", "resnet50", "--cluster", "abci", "--gpus", "16,64", "--per-gpu", "32"]]:
        cmd = [ringline, "advise"] + args + ["--threads", "1"]
        want = text(run(cmd))
        for n in ["2", "3"]:
            got = text(run(mpi + [n] + cmd))
            if got != want:
                failures.append(f"advise -n {n} {' '.join(args)}: rc {got[0]} vs {want[0]}\n"
                                f"{got[1].decode()}{got[2].decode()}--- want\n{want[1].decode()}{want[2].decode()}")


def ranks_disagree(mpi, ringline, failures):
    """Ranks that cannot compile their copy of the spec (a syntax error, no file in their
    folder), or that run other arguments or another copy of the spec, end the job within
    seconds: rank 0 names each such rank, with a failed rank's own diagnostics."""
    with tempfile.TemporaryDirectory() as d:
        for name, text in [("good", open(SPEC).read()), ("other", open(SPEC).read() + "// a copy\n"),
                           ("broken", "scenario s {\n  report r = 1 +\n}\n"), ("empty", None)]:
            os.mkdir(os.path.join(d, name))
            if text is not None:
                with open(os.path.join(d, name, "s.rl"), "w") as f:
                    f.write(text)
        sweep = [ringline, "sweep", "s.rl", "--set", "n=1", "--best", "r"]
        advise = [ringline, "advise", "--model", "gpt2_small", "--gpus", "8", "--global-batch", "64"]

        def job(*parts):
            cmd = [mpi[0], "--oversubscribe", "--allow-run-as-root"]
            for i, (folder, args) in enumerate(parts):
                cmd += ([":"] if i else []) + ["-n", "1", "--wdir", os.path.join(d, folder)] + args
            return cmd
        cases = [(job(("good", sweep), ("broken", sweep), ("empty", sweep)),
                  [rb"rank 1 of 3 failed to start:\n  rank 1: s.rl:3:1: error: unexpected `}`",
                   rb"rank 2 of 3 failed to start:\n  rank 2: ringline: error: cannot open `s.rl`: no such file"]),
                 (job(("good", sweep), ("good", sweep), ("other", sweep)),
                  [rb"rank 2 of 3 runs another command than rank 0"]),
                 (job(("good", sweep), ("good", sweep[:-1] + ["q"])), [rb"rank 1 of 2 runs another command"]),
                 (job(("good", advise), ("good", advise[:-1] + ["32"])), [rb"rank 1 of 2 runs another command"]),
                 (job(("good", [ringline, "advise", "s.rl", "--model", "x"]), ("empty", [ringline, "advise", "s.rl", "--model", "x"])),
                  [rb"rank 1 of 2 failed to start:\n  rank 1: ringline: error: cannot open `s.rl`"])]
        for cmd, wants in cases:
            start = time.time()
            rc, out, err = run(cmd)
            if rc == 0 or out or time.time() - start > 30 or not all(re.search(w, err) for w in wants):
                failures.append(f"ranks that fail or differ: rc {rc}, {time.time() - start:.1f} s, "
                                f"{' '.join(cmd[3:])}\n{err.decode()}")


def progress(mpi, ringline, failures):
    """--progress under 4 ranks: rank 0's line counts the others' points, so it passes
    well beyond the quarter rank 0 sweeps itself (a table: rank 0 sweeps none). The table
    is 800 k rows: ranks sending rows to rank 0 on two oversubscribed cores move about
    100 k a second, and a line is drawn twice a second."""
    for extra in [True, False]:
        rc, out, err = run(mpi + ["4", ringline, "sweep"] + big(extra, table_gpus=10) + ["--progress"])
        shown = [int(p) for p in re.findall(rb"\((\d+)%\)", err)]
        if rc != 0 or not shown or max(shown) < 50:
            failures.append(f"--progress {extra}: rc {rc}, percentages {shown}")


def signals_only(mpi, ringline, times):
    """The checks that race the job's signals (Ctrl-C, a killed rank), `times` times over:
    run beside a load to see that they hold when the machine is busy."""
    failed = 0
    for i in range(times):
        others = []
        interrupted_table(mpi, ringline, others)
        killed_rank(mpi, ringline, others)
        for f in others:
            print(f"FAIL run {i + 1}: " + f.split("\n")[0])
        failed += bool(others)
    print(f"{times - failed} of {times} runs of the signal checks passed")
    return 1 if failed else 0


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
    if len(sys.argv) > 3 and sys.argv[2] == "--signals":
        return signals_only(mpi, ringline, int(sys.argv[3]))
    failures = checks = 0
    # Reducers (their rows printed when they differ: a few), full tables (sizes only), and
    # the first non-finite report (table and reducer).
    cases = [([SPEC] + r, True) for r in REDUCERS] + [([SPEC] + t, False) for t in TABLES] + \
        [([NONFINITE], False), ([NONFINITE, "--best", "r"], False)]
    # The ranks split the points the same way whatever computes them: the interpreter
    # runs at one count, 3, which leaves the ranks uneven shares.
    for backend, counts in [("jit", ["1", "2", "4"]), ("interp", ["3"])]:
        for args, show in cases:
            cmd = [ringline, "sweep", args[0], "--backend=" + backend] + args[1:]
            want = run(cmd)
            for n in counts:
                checks += 1
                got = run(mpi + [n] + cmd)
                if got != want:
                    failures += 1
                    rows = f"--- got\n{got[1].decode()}--- want\n{want[1].decode()}" if show else \
                        f"{len(got[1])} vs {len(want[1])} bytes\n"
                    print(f"FAIL -n {n} {' '.join(cmd[1:])}: rc {got[0]} vs {want[0]}\n{rows}"
                          f"--- stderr\n{got[2].decode()}--- want\n{want[2].decode()}")
    others = []
    interrupted_table(mpi, ringline, others)
    killed_rank(mpi, ringline, others)
    progress(mpi, ringline, others)
    advise(mpi, ringline, others)
    ranks_disagree(mpi, ringline, others)
    checks += 18
    failures += len(others)
    for f in others:
        print("FAIL " + f)
    print(f"{checks - failures} of {checks} MPI checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
