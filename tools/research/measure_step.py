"""One training step of a torchvision model on this CPU, for checking kernel-model
predictions end to end against `ringline stats --model NAME --batch N --device epyc_cpu`.

Times the forward pass and the backward pass (loss.backward) of a cross-entropy training
step on one thread, as thread CPU time (time.thread_time, like the profile's --clock cpu),
after one warm-up step; prints the median of three.
  /usr/bin/python3 -m tools.research.measure_step resnet50 8 [--default-malloc]
Like the profiler, it first tunes glibc malloc to keep freed memory mapped
(common.keep_freed_memory), so the step is timed under the conditions the kernel
models were profiled in; --default-malloc leaves malloc alone, and every activation over
128 KiB is then page-faulted in again on each step (which thread CPU time counts).
Only Debian's /usr/bin/python3 has torch and torchvision (python3-torch, python3-torchvision).
"""
import sys
import time

import torch
import torchvision

from ..common import keep_freed_memory


def main():
    args = [a for a in sys.argv[1:] if a != "--default-malloc"]
    tuned = "--default-malloc" not in sys.argv[1:]
    if len(args) != 2:
        sys.exit("usage: measure_step.py MODEL BATCH [--default-malloc]")
    name, batch = args[0], int(args[1])
    if tuned and not keep_freed_memory():
        sys.exit("measure_step.py: error: could not tune glibc malloc (use --default-malloc)")
    torch.set_num_threads(1)
    model = getattr(torchvision.models, name)()
    model.train()
    x = torch.randn(batch, 3, 299 if name.startswith("inception") else 224, 224 if not name.startswith("inception") else 299)
    y = torch.randint(0, 1000, (batch,))
    loss_fn = torch.nn.CrossEntropyLoss()

    def step():
        t0 = time.thread_time()
        out = model(x)
        t1 = time.thread_time()
        loss = loss_fn(out if torch.is_tensor(out) else out[0], y)
        t2 = time.thread_time()
        loss.backward()
        t3 = time.thread_time()
        model.zero_grad(set_to_none=True)
        return t1 - t0, t3 - t2

    step()
    fwd, bwd = zip(*(step() for _ in range(3)))
    print(f"{name} batch {batch}: forward {sorted(fwd)[1]:.3f} s, backward {sorted(bwd)[1]:.3f} s "
          f"(thread CPU time, median of 3; {'tuned' if tuned else 'default'} malloc)")


if __name__ == "__main__":
    main()
