"""A torch.profiler trace of a few training steps on this CPU, the input of
`ringline calibrate --trace`: a stdlib network's torch twin (tools.validation.torch_twins:
lenet5, vgg11_bn_cifar, resnet18_cifar) or a torchvision model, trained with
cross-entropy and SGD with momentum on random data, one warm-up step unrecorded.
  /usr/bin/python3 -m tools.profiling.trace_step MODEL BATCH -o trace.json [--steps 3]
      [--threads 1] [--default-malloc]
Each step is wrapped in record_function("ProfilerStep#N"), the mark torch.profiler's
step() sets, so the steps are marked also where the profiler is the legacy one (Debian's
PyTorch 1.13 is built without Kineto: its trace has no shapes and no step marks of its
own). As tools.research.measure_step, it first tunes glibc malloc to keep freed memory
mapped (common.keep_freed_memory); --default-malloc leaves malloc alone.
"""
import argparse
import sys

from ..common import import_torch, keep_freed_memory


def model_and_input(torch, name):
    from ..validation import torch_twins
    if name in torch_twins.INPUTS:
        return torch_twins.build(name), torch_twins.INPUTS[name], 10
    import torchvision
    if not hasattr(torchvision.models, name):
        sys.exit(f"trace_step.py: error: `{name}` is neither a twin ({', '.join(torch_twins.INPUTS)}) nor a "
                 "torchvision model")
    side = 299 if name.startswith("inception") else 224
    return getattr(torchvision.models, name)(), [3, side, side], 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("model")
    ap.add_argument("batch", type=int)
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--default-malloc", action="store_true")
    a = ap.parse_args()
    if a.batch < 1 or a.steps < 1 or a.threads < 1:
        sys.exit("trace_step.py: error: the batch, --steps and --threads are at least 1")
    torch = import_torch(__name__)
    if not a.default_malloc and not keep_freed_memory():
        sys.exit("trace_step.py: error: could not tune glibc malloc (use --default-malloc)")
    torch.set_num_threads(a.threads)
    torch.manual_seed(0)
    model, shape, classes = model_and_input(torch, a.model)
    model.train()
    x = torch.randn(a.batch, *shape)
    y = torch.randint(0, classes, (a.batch,))
    loss_fn = torch.nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def step():
        opt.zero_grad(set_to_none=False)
        out = model(x)
        loss_fn(out if torch.is_tensor(out) else out[0], y).backward()
        opt.step()

    step()
    from torch.profiler import ProfilerActivity, profile, record_function
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        for i in range(a.steps):
            with record_function(f"ProfilerStep#{i}"):
                step()
    prof.export_chrome_trace(a.output)
    print(f"wrote {a.output}: {a.steps} steps of {a.model} at batch {a.batch} on {a.threads} thread"
          f"{'' if a.threads == 1 else 's'}")


if __name__ == "__main__":
    main()
