"""Writes the committed seed corpora of the reader fuzz targets (docs/robustness.md):
corpus/trace/ for fuzz_trace, three small torch.profiler traces written with
synth_trace.py's Writer (two GPU steps with ProfilerStep marks and shapes, in Kineto's
object form; the same steps without marks as a bare list; a CPU trace of the legacy
profiler, whole microseconds and a string pid), and corpus/csv/ for fuzz_csv, a few of the
lit tests' CSVs (a result for plot, calibrate's measurements, a kernel profile and a
validation result with comments), one with quoted fields and CRLF line ends, and a
result as `--format json` writes it.
  python3 test/fuzz/make_reader_seeds.py
"""
import json
import math
import os
import shutil
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "lit", "calibrate", "Inputs"))
from synth_trace import Writer  # noqa: E402

NODE = "autograd::engine::evaluate_function: "


def step(w, n, marked, gpu):
    """One training step at the cursor: a copy of the input, a small CNN's forward ops, the
    loss, the backward nodes, an op of no known class, the optimizer."""
    k = (lambda *us: list(us)) if gpu else (lambda *us: [])
    begin = w.t
    w.host("train.py(40): step", begin, 1.0, "python_function")
    w.t += 100.0
    if gpu:
        w.corr += 1
        w.host("cudaMemcpyAsync", w.t, 4.0, "cuda_runtime", {"correlation": w.corr})
        w.events.append({"ph": "X", "cat": "gpu_memcpy", "name": "Memcpy HtoD", "pid": 0, "tid": 7, "ts": w.t + 1,
                         "dur": 10.0, "args": {"correlation": w.corr}})
        w.events.append({"ph": "X", "cat": "gpu_user_annotation", "name": "forward", "pid": 0, "tid": 7,
                         "ts": w.t + 11, "dur": 300.0})
        w.t += 12.0
    w.op("aten::conv2d", k(40.0), "aten::convolution", [[8, 3, 32, 32], [16, 3, 3, 3], [16]])
    w.op("aten::view", [])
    w.op("aten::batch_norm", k(6.0), "aten::native_batch_norm", [[8, 16, 32, 32], [16], [16]])
    w.op("aten::relu_", k(6.0))
    w.op("aten::add", k(5.0), None, [[8, 16, 32, 32], [8, 16, 32, 32]])
    w.op("aten::max_pool2d", k(6.0), "aten::max_pool2d_with_indices")
    w.op("aten::flatten", [])
    w.op("aten::linear", k(40.0), "aten::addmm", [[8, 4096], [10, 4096], [10]])
    w.op("aten::cross_entropy_loss", k(20.0), "aten::log_softmax")
    for node, kernels in [("NllLossBackward0", k(30.0)), ("AddmmBackward0", k(40.0, 40.0)),
                          ("MaxPool2DWithIndicesBackward0", k(6.0)), ("AddBackward0", []),
                          ("ReluBackward0", k(6.0)), ("NativeBatchNormBackward0", k(6.0)),
                          ("ConvolutionBackward0", k(40.0, 40.0)), ("torch::autograd::AccumulateGrad", k(2.0)),
                          ("SomeNewBackward1", k(1.0))]:
        w.op(NODE + node, kernels)
    w.op("aten::_foreach_norm", k(3.0))
    w.op("Optimizer.zero_grad#SGD.zero_grad", k(5.0))
    w.op("Optimizer.step#SGD.step", k(50.0, 50.0))
    if marked:
        w.host(f"ProfilerStep#{n}", begin, w.t - begin, "user_annotation")


def trace(marked, gpu, steps=2):
    w = Writer()
    w.events.append({"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "python"}})
    for n in range(steps):
        step(w, n, marked, gpu)
    return w.events


def write(path, text):
    with open(path, "w", newline="") as f:
        f.write(text)


def main():
    corpus = os.path.join(ROOT, "test", "fuzz", "corpus")
    for name in ("trace", "csv"):
        shutil.rmtree(os.path.join(corpus, name), ignore_errors=True)
        os.makedirs(os.path.join(corpus, name))
    compact = {"separators": (",", ":")}
    t = os.path.join(corpus, "trace")
    write(os.path.join(t, "gpu_marked.json"), json.dumps({"schemaVersion": 1, "traceEvents": trace(True, True)},
                                                         **compact))
    write(os.path.join(t, "gpu_unmarked.json"), json.dumps(trace(False, True), **compact))
    legacy = trace(False, False)
    for e in legacy:
        if e.get("ph") == "X":  # the legacy profiler: whole microseconds, a named process
            e["ts"], e["dur"], e["pid"] = int(e["ts"]), int(math.ceil(e["dur"])), "CPU functions"
    write(os.path.join(t, "cpu_legacy.json"), json.dumps(legacy, **compact))

    c = os.path.join(corpus, "csv")
    for src, dst in [("plot/Inputs/labels.csv", "plot_labels.csv"), ("calibrate/Inputs/few.csv", "calibrate_few.csv"),
                     ("kernels/Inputs/probe_a.csv", "profile_probe.csv"),
                     ("validation/Inputs/results.csv", "validation_results.csv")]:
        shutil.copyfile(os.path.join(ROOT, "test", "lit", src), os.path.join(c, dst))
    write(os.path.join(c, "quoted_crlf.csv"),
          'name,"note [text]",time[ms],ok\r\n"a, b","say ""hi""",1.5,true\r\n'
          '"two\nlines",,2e-3,false\r\n\r\n  # a comment only with comments\r\nc,x,nan,true\r\n')
    write(os.path.join(c, "result.json"), json.dumps(
        {"scenario": "s", "columns": [{"name": "gpus", "unit": ""}, {"name": "time", "unit": "ms"}, "memory[GiB]",
                                      {"name": "gpu"}],
         "rows": [[16, 1.5, 2, "v100"], [32, None, 2.25, "a100"], [64, 0.75, True, "h100"]]}))


if __name__ == "__main__":
    main()
