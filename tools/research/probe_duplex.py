"""Whether gloo moves data both ways at once between two ranks of the emulated cluster.

  sudo python3 -m tools.research.probe_duplex [--rate 1gbit] [--sizes 1MiB,4MiB,16MiB] [--reps 6]

Builds a two-host emulated_cluster.py and times, per size n (bytes each rank sends),
the median and the minimum over --reps repetitions (after one untimed) of: `uni`, rank 0
sends n to rank 1; `bi`, each rank isends n to the other and irecvs n from it at once;
`allgather`, all_gather of n per rank (each rank sends n and receives n); `allreduce`,
all_reduce of n (the ring on 2 ranks sends n/2 each way, twice). A full-duplex link takes
about nβ for each; a transport that moves one direction at a time takes 2nβ for `bi`,
`allgather` and `allreduce`. docs/validation-findings.md shows a run. Needs root, `ip netns`, tc and
/usr/bin/python3 with torch.
"""
import argparse
import os
import statistics
import sys
import time

from ..common import TORCH_PYTHON as PY, keep_freed_memory, module_command, module_env, parse_bytes


def rank_main(rank, init, sizes, reps):
    keep_freed_memory()
    import torch
    import torch.distributed as dist
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=init, rank=rank, world_size=2)
    other = 1 - rank
    for n in sizes:
        x, y = torch.ones(n // 4), torch.empty(n // 4)
        z = torch.ones(n // 4)
        outs = [torch.empty(n // 4) for _ in range(2)]
        calls = {
            "uni": lambda: dist.send(x, 1) if rank == 0 else dist.recv(y, 0),
            "bi": lambda: [w.wait() for w in (dist.isend(x, other), dist.irecv(y, other))],
            "allgather": lambda: dist.all_gather(outs, x),
            "allreduce": lambda: dist.all_reduce(z),
        }
        for name, call in calls.items():
            ts = []
            for _ in range(reps + 1):
                dist.barrier()
                t0 = time.perf_counter()
                call()
                dist.barrier()
                ts.append(time.perf_counter() - t0)
            if rank == 0:
                print(f"{name:<10} {n:>10} {statistics.median(ts[1:]) * 1e3:10.2f} {min(ts[1:]) * 1e3:10.2f}",
                      flush=True)
    dist.destroy_process_group()


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rate", default="1gbit")
    ap.add_argument("--sizes", default="1MiB,4MiB,16MiB", help="bytes each rank sends")
    ap.add_argument("--reps", type=int, default=6)
    ap.add_argument("--rank", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--init", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    sizes = [parse_bytes(s) for s in args.sizes.split(",")]
    if args.rank is not None:
        rank_main(args.rank, args.init, sizes, args.reps)
        return 0
    from ..validation import emulated_cluster as ec
    try:
        with ec.EmulatedCluster(2, args.rate) as c:
            beta_ms = 8e3 / ec.parse_rate(args.rate)
            print(f"# {args.rate}: n·β = n x {beta_ms * 1e6:.3f} ns/B; times in ms, median and minimum of {args.reps}")
            print(f"{'op':<10} {'n [B]':>10} {'median':>10} {'min':>10}")
            env = module_env(dict(os.environ, GLOO_SOCKET_IFNAME="eth0", OMP_NUM_THREADS="1"))
            init = f"tcp://{c.addresses[0]}:29650"
            procs = [c.popen(r, module_command(PY, __spec__.name, "--rank", r, "--init", init, "--sizes", args.sizes,
                                               "--reps", args.reps), env=env) for r in range(2)]
            bad = [q.wait() for q in procs]
            if any(bad):
                print(f"probe_duplex.py: a rank failed (exit {bad})", file=sys.stderr)
                return 1
    except ec.ClusterError as e:
        print(f"probe_duplex.py: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
