"""One rank of data-parallel training of a torch twin (torch_twins.py) with
DistributedDataParallel over gloo, or the same model's compute alone; validate.py starts
one per host of the emulated cluster.

  python3 -m tools.validation.bench_ddp --model resnet18_cifar --batch 16 [--steps 5]
      [--warmup 2] [--size SIDE] [--rank R --world P --init tcp://ADDR:PORT]

Without --world (or with --world 1) it times the compute of one training step on this
process alone: forward with the loss, backward, and the SGD update, each the median of
--steps steps. With --world P it trains with DDP (default buckets: 25 MiB, the first
1 MiB) and rank 0 prints the median iteration time over the steps (each step's time is
the slowest rank's, gathered after the last step), DDP's bucket cap, the buckets in the
order DDP reduced them (bytes, from a comm hook) and the communication time: per step the
time during which at least one bucket's allreduce was in flight (gloo runs two at once),
the slowest rank's, median over the steps. One JSON line on stdout.

Every rank runs one intra-op thread (torch.set_num_threads(1)); inputs are one fixed
random batch (no data loading); SGD without momentum (stdlib.strategies' `sgd`). glibc
keeps freed memory mapped, as in the kernel profile (common.keep_freed_memory).
After the warm-up steps DDP has rebuilt its buckets in the order gradients became ready.
"""
import argparse
import json
import statistics
import sys
import time

from ..common import keep_freed_memory
from . import torch_twins


def now():
    return time.perf_counter()


def busy(spans):
    """Seconds during which at least one allreduce was in flight (gloo runs two at once)."""
    total, end = 0.0, float("-inf")
    for a, b in sorted(spans):
        if b > end:
            total += b - max(a, end)
            end = b
    return total


def logits(out):
    """The main output: GoogLeNet's and Inception-v3's `_aux` forms return their auxiliary
    classifiers' too in training (a namedtuple, the main one first)."""
    return out[0] if isinstance(out, tuple) else out


def batch_of(torch, args):
    g = torch.Generator().manual_seed(1)
    x = torch.rand([args.batch] + torch_twins.input_shape(args.model, args.size or None), generator=g)
    batch = args.batch
    y = torch.randint(0, 10, (batch,), generator=g)
    return x, y


def compute_only(torch, args):
    model = torch_twins.build(args.model)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loss_fn = torch.nn.CrossEntropyLoss()
    x, y = batch_of(torch, args)
    fwd, bwd, upd = [], [], []
    for i in range(args.warmup + args.steps):
        t0 = now()
        loss = loss_fn(logits(model(x)), y)
        t1 = now()
        loss.backward()
        t2 = now()
        opt.step()
        opt.zero_grad(set_to_none=True)
        t3 = now()
        if i >= args.warmup:
            fwd.append(t1 - t0), bwd.append(t2 - t1), upd.append(t3 - t2)
    f, b, u = statistics.median(fwd), statistics.median(bwd), statistics.median(upd)
    params = sum(p.numel() for p in model.parameters())
    return {"model": args.model, "batch": args.batch, "p": 1, "fwd_s": f, "bwd_s": b, "update_s": u,
            "iter_s": f + b + u, "grad_bytes": 4 * params, "steps": args.steps}


def data_parallel(torch, dist, args):
    from torch.nn.parallel import DistributedDataParallel as DDP
    model = DDP(torch_twins.build(args.model))
    world = dist.get_world_size()
    step = {"spans": [], "buckets": []}

    def timed_allreduce(state, bucket):
        # DDP's default (ddp_comm_hooks.default_hooks.allreduce_hook): the mean by
        # allreduce; here also the time from launch to completion and the bucket's bytes.
        buf = bucket.buffer()
        buf.div_(world)
        t0 = now()
        step["buckets"].append(buf.numel() * buf.element_size())
        fut = dist.all_reduce(buf, async_op=True).get_future()

        def done(f):
            step["spans"].append((t0, now()))
            return f.value()[0]
        return fut.then(done)

    model.register_comm_hook(None, timed_allreduce)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loss_fn = torch.nn.CrossEntropyLoss()
    x, y = batch_of(torch, args)
    iters, comms = [], []
    buckets = []
    dist.barrier()
    for i in range(args.warmup + args.steps):
        step["spans"], step["buckets"] = [], []
        t0 = now()
        loss = loss_fn(logits(model(x)), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        t1 = now()
        if i >= args.warmup:
            iters.append(t1 - t0)
            comms.append(busy(step["spans"]))
            buckets = step["buckets"]
    # Each step's time is its slowest rank's.
    t = torch.tensor(iters + comms, dtype=torch.float64)
    every = [torch.empty_like(t) for _ in range(world)]
    dist.all_gather(every, t)
    n = len(iters)
    slowest = [max(float(e[i]) for e in every) for i in range(n)]
    comm = [max(float(e[n + i]) for e in every) for i in range(n)]
    params = sum(p.numel() for p in model.parameters())
    return {"model": args.model, "batch": args.batch, "p": world, "iter_s": statistics.median(slowest),
            "comm_s": statistics.median(comm), "grad_bytes": 4 * params, "bucket_cap": model.bucket_bytes_cap,
            "first_bucket": dist._DEFAULT_FIRST_BUCKET_BYTES, "buckets": buckets, "steps": args.steps}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, choices=torch_twins.known())
    ap.add_argument("--size", type=int, default=0,
                    help="input side of a torchvision model (default: its own, 224 or 299)")
    ap.add_argument("--batch", type=int, required=True, help="samples per rank")
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--rank", type=int, default=0)
    ap.add_argument("--world", type=int, default=1)
    ap.add_argument("--init", help="init_method, tcp://ADDR:PORT of rank 0 (with --world > 1)")
    args = ap.parse_args(argv)
    if args.world > 1 and not args.init:
        ap.error("--world > 1 needs --init")
    keep_freed_memory()
    import torch
    torch.set_num_threads(1)
    torch.manual_seed(0)
    if args.world <= 1:
        print(json.dumps(compute_only(torch, args)), flush=True)
        return 0
    import torch.distributed as dist
    dist.init_process_group("gloo", init_method=args.init, rank=args.rank, world_size=args.world)
    out = data_parallel(torch, dist, args)
    if args.rank == 0:
        print(json.dumps(out), flush=True)
    dist.barrier()
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
