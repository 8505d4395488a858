"""`mpirun ringline sweep` between machines, on an emulated cluster (emulated_cluster.py):
one rank per host namespace, Open MPI over TCP on the hosts' shaped links (no shared
memory), mpirun started in host 0 and reaching the others through an rsh agent that enters
their namespaces where a real cluster would use ssh. For each link rate it checks that the
output is byte for byte one process's, for a reducing sweep and a full table, and times
both: a sweep whose reductions are small is not slowed by a slow link, a full table
moves its rows over it.

  sudo python3 -m tools.validation.mpi_hosts --ringline build/bin/ringline \\
      [--hosts 2] [--rates 1gbit,10mbit,1mbit] [--reps 3]

Exit 0 when every output is identical, 1 otherwise, 77 (skipped) when the cluster cannot be
built here (not root, no `ip netns`, no tc) or mpirun is missing. Needs root, iproute2 and
openmpi-bin. docs/mpi.md, "Across hosts".
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from . import emulated_cluster as ec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# 327.7 M points reduced to one row (about a second on one core), and a 60,000-row table
# of variants of uneven cost (1.0 MB of chunks to rank 0).
REDUCE = [os.path.join(ROOT, "test", "bench", "resnet50_dp.rl"), "--set", "gpus=1 .. 4096", "--best", "iter_time"]
TABLE = [os.path.join(ROOT, "test", "mpi", "uneven.rl"), "--set", "n=1"]

# Open MPI's rsh agent: `agent HOST COMMAND...` runs COMMAND in HOST's namespace (the
# cluster's RL_CLUSTER_ADDRS and RL_CLUSTER_NS, from mpirun's environment).
AGENT = """#!/bin/sh
host=$1; shift
ns=$(python3 -c 'import os, sys
a = os.environ["RL_CLUSTER_ADDRS"].split(","); n = os.environ["RL_CLUSTER_NS"].split(",")
print(n[a.index(sys.argv[1])] if sys.argv[1] in a else "")' "$host")
[ -n "$ns" ] || { echo "mpi_hosts agent: no namespace for host $host" >&2; exit 1; }
exec ip netns exec "$ns" sh -c "$*"
"""


def run(argv, env):
    start = time.perf_counter()
    p = subprocess.run(argv, capture_output=True, env=env, timeout=600)
    return time.perf_counter() - start, p.returncode, p.stdout, p.stderr


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ringline", required=True)
    ap.add_argument("--hosts", type=int, default=2)
    ap.add_argument("--rates", default="1gbit,10mbit,1mbit", help="link rates, comma-separated (tc's units)")
    ap.add_argument("--reps", type=int, default=3, help="timed runs of each, the median reported")
    a = ap.parse_args(argv)
    ringline = os.path.abspath(a.ringline)
    mpirun = shutil.which("mpirun")
    if not mpirun:
        print("skipped: no mpirun (apt-get install openmpi-bin)")
        return 77
    try:
        ec.preflight()
    except ec.ClusterError as e:
        print(f"skipped: {e}")
        return 77
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    one = {name: run([ringline, "sweep"] + args + ["--threads", "1"], env) for name, args in
           [("reduce", REDUCE), ("table", TABLE)]}
    for name, (_, rc, out, err) in one.items():
        if rc != 0:
            sys.exit(f"mpi_hosts: one process's {name} sweep failed: {err.decode()}")
    rates = a.rates.split(",")
    failures = 0
    rows = []
    with tempfile.TemporaryDirectory() as work, ec.EmulatedCluster(a.hosts, rates[0]) as cluster:
        agent = os.path.join(work, "agent.sh")
        with open(agent, "w") as f:
            f.write(AGENT)
        os.chmod(agent, 0o755)
        env.update(cluster.env())
        mpi = cluster.command(0, [mpirun, "--allow-run-as-root", "--host", ",".join(cluster.addresses),
                                  "-n", str(a.hosts), "--mca", "plm_rsh_agent", agent,
                                  "--mca", "btl", "tcp,self", "--mca", "btl_tcp_if_include", "eth0",
                                  "--mca", "oob_tcp_if_include", "eth0", ringline, "sweep"])
        for rate in rates:
            cluster.set_rate(rate)
            for name, args in [("reduce", REDUCE), ("table", TABLE)]:
                walls = []
                for _ in range(a.reps):
                    wall, rc, out, err = run(mpi + args + ["--threads", "1"], env)
                    same = (rc, out) == one[name][1:3]
                    if not same:
                        failures += 1
                        print(f"FAIL {rate} {name}: rc {rc} vs {one[name][1]}, {len(out)} vs {len(one[name][2])} "
                              f"bytes\n{err.decode()}")
                    walls.append(wall)
                rows.append((rate, name, statistics.median(walls), same))
    print(f"{a.hosts} hosts, one rank each, --threads 1; median of {a.reps} wall times; "
          f"one process: reduce {one['reduce'][0]:.2f} s, table {one['table'][0]:.2f} s")
    print(f"{'link':>8} {'sweep':>7} {'wall s':>7} identical")
    for rate, name, wall, same in rows:
        print(f"{rate:>8} {name:>7} {wall:>7.2f} {'yes' if same else 'NO'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
