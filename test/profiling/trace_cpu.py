#!/usr/bin/python3
"""ctest `calibrate_trace_cpu` (docs/kernel-models.md, "Calibrating from a trace"): records
a torch.profiler trace of nine LeNet-5 training steps at batch 16 on this CPU
(tools/profiling/trace_step.py) and calibrates epyc_cpu and pytorch on it with
`ringline calibrate --trace`; skips (exit 77) where /usr/bin/python3 has no torch.

  test/profiling/trace_cpu.py RINGLINE WORKDIR

It asserts what does not depend on the machine's speed: every op of a step is matched to
LeNet-5's 12 layers; the table's predicted parts add up to its step, the measured
ones (medians over the steps) to within 25% of it; the fitted (or kept) constants are
finite and positive; and the written spec evaluates to the step the table predicts and reports
the measured one.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tools.common import module_command, module_env  # noqa: E402

PYTHON = "/usr/bin/python3"


def fail(msg):
    print(f"trace_cpu.py: FAIL: {msg}")
    sys.exit(1)


def main():
    ringline, work = sys.argv[1], sys.argv[2]
    if subprocess.run([PYTHON, "-c", "import torch"], capture_output=True).returncode != 0:
        print(f"trace_cpu.py: skipped: {PYTHON} cannot import torch (make test-setup installs python3-torch)")
        sys.exit(77)
    os.makedirs(work, exist_ok=True)
    trace, spec = os.path.join(work, "lenet5.json"), os.path.join(work, "lenet5_traced.rl")
    subprocess.run(module_command(PYTHON, "tools.profiling.trace_step", "lenet5", 16, "-o", trace, "--steps", 9),
                   env=module_env(), check=True)
    out = subprocess.run([ringline, "calibrate", "--trace", trace, "--model", "lenet5", "--device", "epyc_cpu",
                          "--batch", "16", "-o", spec], capture_output=True, text=True)
    print(out.stdout, out.stderr, sep="")
    if out.returncode != 0:
        fail(f"calibrate exited {out.returncode}")
    if "9 steps on the CPU" not in out.stdout:
        fail("the trace's nine steps were not found")
    if "22 ops a step matched to 12 layers" not in out.stdout:
        fail("LeNet-5's ops were not all matched to its 12 layers")
    rows = {m.group(1).strip(): [float(x) for x in m.group(2).split()]
            for m in re.finditer(r"^(layers +12|optimizer|outside \(iteration\)|step) +([0-9. ]+)", out.stdout, re.M)}
    layers, optimizer, outside, step = (rows.get(k) for k in ("layers                     12", "optimizer",
                                                              "outside (iteration)", "step"))
    if None in (layers, optimizer, outside, step):
        fail(f"the table lacks a total row: {sorted(rows)}")
    measured = layers[0] + layers[2] + optimizer[0] + outside[0]
    predicted = layers[1] + layers[3] + optimizer[1] + outside[1]
    # The measured parts are each the median over the steps, the step the median step: on a
    # busy machine they add to a little more or less than it.
    if abs(predicted - step[1]) > 0.005 or abs(measured / step[0] - 1) > 0.25:
        fail(f"the parts add to {measured:.3f} and {predicted:.3f} ms, the step row says {step[0]} and {step[1]}")
    # The launch is either fitted ("launch = X us") or, when no op is shorter than its bytes
    # at the fitted bandwidth, the framework's own is kept ("... so pytorch's X us is kept").
    consts = re.search(r"bandwidth ([0-9.e+]+) GB/s.*\n +launch(?: = |: .*'s )([0-9.e+]+) us", out.stdout)
    if not consts or not all(0 < float(v) < 1e6 for v in consts.groups()):
        fail("no finite, positive bandwidth and launch were fitted or kept")
    ev = subprocess.run([ringline, "eval", spec], capture_output=True, text=True)
    print(ev.stdout, ev.stderr, sep="")
    iter_ms = re.search(r"iter += ([0-9.e+]+) ms", ev.stdout)
    traced_ms = re.search(r"traced += ([0-9.e+]+) ms", ev.stdout)
    if ev.returncode != 0 or not iter_ms or not traced_ms:
        fail("the written spec does not evaluate to an iter and a traced time")
    if abs(float(iter_ms.group(1)) - step[1]) > 0.0005 + 1e-3 * step[1]:
        fail(f"the spec's iter {iter_ms.group(1)} ms is not the table's prediction {step[1]} ms")
    if abs(float(traced_ms.group(1)) - step[0]) > 0.0005:
        fail(f"the spec's traced {traced_ms.group(1)} ms is not the measured step {step[0]} ms")
    print("trace_cpu.py: ok")


if __name__ == "__main__":
    main()
