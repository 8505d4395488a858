"""One rank of a torch.distributed (gloo) collective benchmark; validate.py starts one per
host of the emulated cluster (emulated_cluster.py), each in its namespace.

  python3 -m tools.validation.bench_collectives --rank R --world P --init tcp://ADDR:PORT
      --ops allreduce,allgather --bytes 1024,65536 [--min-reps 3] [--max-reps 20] [--target-s 1.0]

Rank 0 prints one JSON line per (op, bytes): {"op", "p", "bytes", "median_s", "p10_s",
"p90_s", "reps"}, and {"op", "unsupported": message} for a collective this torch's gloo
lacks. `bytes` follows stdlib.collectives: the whole vector of an allreduce or
reduce-scatter, the gathered vector of an allgather (each rank sends bytes / p), the
message of a broadcast; float32 elements, rounded down so that p divides the vector (never
above the size asked for: 64 KiB on 3 ranks is 65,532 B).

One repetition is timed from the moment the last rank enters the collective to the
moment the last rank leaves it (max of the ranks' end times minus max of their start
times, CLOCK_MONOTONIC, which namespaces share), after a barrier; a collective cannot
finish before its last rank starts, so this leaves out the barrier's skew. Each size gets
one untimed warm-up call, then repetitions until `--target-s` seconds have passed and at
least `--min-reps` were timed (at most `--max-reps`); rank 0 decides the count from the
warm-up and broadcasts it, so every rank runs the same calls. glibc keeps freed memory
mapped (common.keep_freed_memory), as in the kernel profile.
"""
import argparse
import json
import statistics
import sys
import time

from ..common import keep_freed_memory, quantile

OPS = ("allreduce", "allgather", "broadcast", "reduce_scatter")


def make_call(torch, dist, op, nbytes, p, rank):
    """A zero-argument callable running one collective, and the vector's actual bytes."""
    per_rank = max(1, nbytes // (4 * p))  # float32 elements each rank holds of the vector
    elems = per_rank * p
    if op == "allreduce":
        x = torch.ones(elems)
        return (lambda: dist.all_reduce(x)), elems * 4
    if op == "broadcast":
        x = torch.ones(elems)
        return (lambda: dist.broadcast(x, src=0)), elems * 4
    if op == "allgather":
        x = torch.ones(per_rank)
        outs = [torch.empty(per_rank) for _ in range(p)]
        return (lambda: dist.all_gather(outs, x)), elems * 4
    if op == "reduce_scatter":
        out = torch.empty(per_rank)
        ins = [torch.ones(per_rank) for _ in range(p)]
        return (lambda: dist.reduce_scatter(out, ins)), elems * 4
    raise ValueError(op)


def unsupported(torch, dist, op, p, rank):
    """The error this backend raises for `op`, or None when it runs it. Every rank tries, so
    a collective that does run completes on all of them."""
    call, _ = make_call(torch, dist, op, 4 * p, p, rank)
    try:
        call()
        return None
    except RuntimeError as e:
        return str(e).splitlines()[0]


def time_one(torch, dist, call, p):
    """(start, end) of one call on this rank, CLOCK_MONOTONIC seconds, after a barrier."""
    dist.barrier()
    t0 = time.clock_gettime(time.CLOCK_MONOTONIC)
    call()
    return t0, time.clock_gettime(time.CLOCK_MONOTONIC)


def spans(torch, dist, marks, p):
    """Per repetition: the last rank's end minus the last rank's start (gathered once)."""
    t = torch.tensor([x for pair in marks for x in pair], dtype=torch.float64)
    all_t = [torch.empty_like(t) for _ in range(p)]
    dist.all_gather(all_t, t)
    out = []
    for r in range(len(marks)):
        starts = [float(a[2 * r]) for a in all_t]
        ends = [float(a[2 * r + 1]) for a in all_t]
        out.append(max(ends) - max(starts))
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rank", type=int, required=True)
    ap.add_argument("--world", type=int, required=True)
    ap.add_argument("--init", required=True, help="init_method, tcp://ADDR:PORT of rank 0")
    ap.add_argument("--ops", default="allreduce,allgather,broadcast,reduce_scatter")
    ap.add_argument("--bytes", required=True, help="comma-separated vector sizes in bytes")
    ap.add_argument("--min-reps", type=int, default=3)
    ap.add_argument("--max-reps", type=int, default=20)
    ap.add_argument("--target-s", type=float, default=1.0)
    args = ap.parse_args(argv)
    # Freed buffers stay mapped (as in the kernel profile): torch's allgather allocates its
    # flat output on every call, and page-faulting 64 MiB in again cost this VM more than
    # the transfer.
    keep_freed_memory()
    import torch
    import torch.distributed as dist
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=args.init, rank=args.rank, world_size=args.world)
    p, rank = args.world, args.rank
    sizes = [int(b) for b in args.bytes.split(",")]
    for op in args.ops.split(","):
        if op not in OPS:
            sys.exit(f"bench_collectives.py: unknown op `{op}`; the ops: {', '.join(OPS)}")
        why = unsupported(torch, dist, op, p, rank)
        if why is not None:
            if rank == 0:
                print(json.dumps({"op": op, "p": p, "unsupported": why}), flush=True)
            dist.barrier()
            continue
        for nbytes in sizes:
            call, actual = make_call(torch, dist, op, nbytes, p, rank)
            t0, t1 = time_one(torch, dist, call, p)
            warm = spans(torch, dist, [(t0, t1)], p)[0]
            reps = torch.tensor([max(args.min_reps, min(args.max_reps, int(args.target_s / max(warm, 1e-6))))])
            dist.broadcast(reps, src=0)
            marks = [time_one(torch, dist, call, p) for _ in range(int(reps[0]))]
            ts = spans(torch, dist, marks, p)
            if rank == 0:
                print(json.dumps({"op": op, "p": p, "bytes": actual, "median_s": statistics.median(ts),
                                  "p10_s": quantile(sorted(ts), 0.1), "p90_s": quantile(sorted(ts), 0.9), "reps": len(ts)}),
                      flush=True)
    dist.barrier()
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
