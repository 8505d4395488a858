#!/usr/bin/env python3
"""The cost of the run summary (stdlib.run_cost) in a layout search: Megatron-Turing NLG
530B's 184,320 layouts (test/bench/megatron_530b_search.rl) swept with and without the
run's reports, alternately, N times each, one thread; prints each run's CPU seconds and
the ratio of the medians. docs/performance.md, "The run summary".
    run_cost_bench.py RINGLINE [N] [--backend B]"""
import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main():
    ringline = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 5
    extra = sys.argv[3:] if len(sys.argv) > 3 else sys.argv[2:] if len(sys.argv) > 2 and not sys.argv[2].isdigit() else []
    base = [ringline, "sweep", os.path.join(HERE, "megatron_530b_search.rl"), "--best", "iter", "--threads", "1"] + extra
    times = {"without": [], "with": []}
    for _ in range(n):
        times["without"].append(cpu_seconds(base + ["--set", "run=false"]))
        times["with"].append(cpu_seconds(base + ["--set", "run=true"]))
    for k, v in times.items():
        print(f"{k:8} run summary: " + ", ".join(f"{t:.2f}" for t in v) + f" s CPU (median {statistics.median(v):.2f})")
    ratio = statistics.median(times["with"]) / statistics.median(times["without"])
    print(f"with / without: {ratio:.3f}")


if __name__ == "__main__":
    main()
