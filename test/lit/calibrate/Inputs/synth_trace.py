"""A torch.profiler trace (Kineto's Chrome trace JSON) of GPU training steps with known
constants, for `ringline calibrate --trace`: the kernels kernel_bytes.rl lists (its sweep
as JSON on stdin), each memory-bound kernel taking max(LAUNCH, bytes / BANDWIDTH) on the
device, each convolution and GEMM 40 us; the host spends 2 us on an op and 3 us on each launch. A step is
a data-loading gap of GAP, the forward ops in layer order (aten ops with a nested aten
wrapper, views in between, cudaLaunchKernel calls linked by `correlation` to their
kernels), the loss, the backward in reverse (autograd nodes), then the optimizer's
zero_grad and step; ProfilerStep#N marks span each.
  ringline sweep kernel_bytes.rl --format json | python3 synth_trace.py [--steps N]
       [--launch US] [--bandwidth GBPS] [--gap MS] [--shapes] [--drop-relu]
       [--no-step-marks] > trace.json
--shapes records "Input Dims" (as record_shapes=True), --drop-relu leaves the last ReLU's
forward op out (a trace of another network), --no-step-marks leaves the ProfilerStep
marks out (a trace recorded without a schedule).
"""
import argparse
import json
import sys

FWD = {"conv2d": ("aten::conv2d", "aten::convolution"), "batchnorm": ("aten::batch_norm", "aten::native_batch_norm"),
       "relu": ("aten::relu_", None), "maxpool": ("aten::max_pool2d", "aten::max_pool2d_with_indices"),
       "dense": ("aten::linear", "aten::addmm"), "flatten": ("aten::flatten", None)}
BWD = {"conv2d": "ConvolutionBackward0", "batchnorm": "NativeBatchNormBackward0", "relu": "ReluBackward0",
       "maxpool": "MaxPool2DWithIndicesBackward0", "dense": "AddmmBackward0"}
# VGG-11's convolutions on 3x32x32 (the input channels, the output channels, the side).
CONVS = [(3, 64, 32), (64, 128, 16), (128, 256, 8), (256, 256, 8), (256, 512, 4), (512, 512, 4), (512, 512, 2),
         (512, 512, 2)]


class Writer:
    def __init__(self):
        self.events, self.t, self.corr = [], 0.0, 0

    def host(self, name, ts, dur, cat="cpu_op", args=None):
        e = {"ph": "X", "cat": cat, "name": name, "pid": 1, "tid": 1, "ts": round(ts, 3), "dur": round(dur, 3)}
        if args:
            e["args"] = args
        self.events.append(e)

    def op(self, name, kernels, inner=None, dims=None):
        """An op at the cursor launching `kernels` (device times, us); the cursor moves past
        the longer of its host time and its kernels' (the host waits for the device), so the
        steps hold no time but the ops' and the gap."""
        host = 2.0 + 3.0 * len(kernels)
        start, dev = self.t, self.t
        self.host(name, start, host, args={"Input Dims": dims} if dims else None)
        if inner:
            self.host(inner, start + 0.5, host - 1.0)
        for i, d in enumerate(kernels):
            self.corr += 1
            self.host("cudaLaunchKernel", start + 1.0 + 3.0 * i, 2.5, "cuda_runtime", {"correlation": self.corr})
            self.events.append({"ph": "X", "cat": "kernel", "name": f"kernel_{self.corr}", "pid": 0, "tid": 7,
                                "ts": round(dev, 3), "dur": round(d, 3), "args": {"correlation": self.corr}})
            dev += d
        self.t = start + max(host, dev - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--launch", type=float, default=6.0)        # us
    ap.add_argument("--bandwidth", type=float, default=700.0)   # GB/s
    ap.add_argument("--gap", type=float, default=2.5)           # ms
    ap.add_argument("--shapes", action="store_true")
    ap.add_argument("--drop-relu", action="store_true")
    ap.add_argument("--no-step-marks", action="store_true")
    a = ap.parse_args()
    doc = json.load(sys.stdin)
    names = [c["name"] for c in doc["columns"]]
    rows = [dict(zip(names, r)) for r in doc["rows"]]
    layers = {}
    for r in rows:
        kind = [k for k in ("conv2d", "batchnorm", "relu", "maxpool", "dense") if r[k]][0]
        layers.setdefault(int(r["i"]), {"kind": kind, "fwd": [], "bwd": []})
        us = 40.0 if r["matmul"] else max(a.launch, float(r["bytes"]) / (a.bandwidth * 1e3))
        layers[int(r["i"])]["bwd" if r["bwd"] else "fwd"].append((int(r["k"]), us))
    order = [layers[i] for i in sorted(layers)]
    flatten_at = [i for i, l in enumerate(order) if l["kind"] == "dense"][0]
    order.insert(flatten_at, {"kind": "flatten", "fwd": [], "bwd": []})
    w = Writer()
    for s in range(a.steps):
        begin = w.t
        w.t += a.gap * 1e3
        convs = iter(CONVS)
        relus = [i for i, l in enumerate(order) if l["kind"] == "relu"]
        for i, l in enumerate(order):
            if a.drop_relu and i == relus[-1]:
                continue
            name, inner = FWD[l["kind"]]
            dims = None
            if a.shapes and l["kind"] == "conv2d":
                ci, co, side = next(convs)
                dims = [[32, ci, side, side], [co, ci, 3, 3], [co]]
            if a.shapes and l["kind"] == "dense":
                dims = [[32, 512], [10, 512], [10]]
            w.op(name, [us for _, us in sorted(l["fwd"])], inner, dims)
            if l["kind"] in ("conv2d", "batchnorm"):
                w.op("aten::view", [])
        w.op("aten::cross_entropy_loss", [20.0], "aten::log_softmax")
        w.op("autograd::engine::evaluate_function: NllLossBackward0", [30.0])
        for l in reversed(order):
            if l["kind"] in BWD:
                w.op("autograd::engine::evaluate_function: " + BWD[l["kind"]], [us for _, us in sorted(l["bwd"])])
        w.op("Optimizer.zero_grad#SGD.zero_grad", [5.0] * 4)
        w.op("Optimizer.step#SGD.step", [50.0] * 8)
        if not a.no_step_marks:
            w.host(f"ProfilerStep#{s}", begin, w.t - begin, "user_annotation")
    json.dump({"schemaVersion": 1, "traceEvents": w.events}, sys.stdout)


if __name__ == "__main__":
    main()
