"""PyTorch's own byte counts of a small model's training memory on CPU, for the memory
categories of stdlib.strategies (test/lit/strategies/torch_memory.rl records them):
parameters, gradients after one backward pass, and the optimizer state after one step of
SGD with momentum and of Adam, each tensor counted as numel x element_size.
The model is the spec's `network("conv", [1, 8, 8], [conv2d(2, 3, p = 1), relu, flatten,
dense(2)])`.
  /usr/bin/python3 -m tools.validation.torch_memory [--batch 10]     (needs python3-torch)"""
import argparse

import torch


def nbytes(tensors):
    return sum(t.numel() * t.element_size() for t in tensors)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch", type=int, default=10)
    a = ap.parse_args()
    torch.manual_seed(0)
    out = {}
    for name, make in (("sgd_momentum", lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9)),
                       ("adam", lambda ps: torch.optim.Adam(ps, lr=1e-3))):
        model = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(),
                                    torch.nn.Linear(128, 2))
        opt = make(model.parameters())
        x = torch.randn(a.batch, 1, 8, 8)
        loss = model(x).square().sum()
        loss.backward()
        opt.step()
        params = list(model.parameters())
        state = [v for s in opt.state.values() for v in s.values() if torch.is_tensor(v)]
        # Adam's per-tensor step counter is a 0-d tensor; its moments are what scales with
        # the parameters.
        moments = [v for v in state if v.dim() > 0]
        out["params"] = sum(p.numel() for p in params)
        out["param_tensors"] = len(params)
        out["weights_B"] = nbytes(params)
        out["grads_B"] = nbytes(p.grad for p in params)
        out[name + "_state_B"] = nbytes(state)
        out[name + "_moments_B"] = nbytes(moments)
    print("torch %s: %s" % (torch.__version__, ", ".join("%s=%d" % kv for kv in out.items())))


if __name__ == "__main__":
    main()
