"""docs/validation.md from a validate.py results CSV: `python3 -m tools.validation.validate
--report results.csv > docs/validation.md`. Everything in the page comes from the CSV (its
rows and its `# key: value` lines), so the page is regenerated, never edited by hand."""
import csv
import sys

from ..common import header_item

ABOVE = 65536  # the collectives' target holds for vectors above 64 KiB
VALIDATE = f"python3 -m {__package__}.validate"
# The command data/validation/'s run records; the page shows it as it is started now.
FLAT_VALIDATE = "tools/validate.py"


def read(path):
    meta, lines = {}, []
    with open(path) as fh:
        for line in fh:
            if line.startswith("#"):
                k, v = header_item(line)
                meta[k] = v
            else:
                lines.append(line)
    rows = list(csv.DictReader(lines))
    for r in rows:
        for k in ("measured_s", "predicted_s"):
            r[k] = float(r[k]) if r.get(k) not in (None, "") else None
        for k in ("p", "batch", "bytes"):
            r[k] = int(r[k]) if r.get(k) not in (None, "") else None
    return meta, rows


def err(r):
    return r["predicted_s"] / r["measured_s"] - 1


def stats(rs):
    es = [abs(err(r)) for r in rs]
    return (sum(es) / len(es), max(es)) if es else (float("nan"), float("nan"))


def pct(x):
    return f"{100 * x:+.1f}%"


def fmt_s(x):
    return f"{x * 1e3:.3f}" if x < 10 else f"{x * 1e3:.0f}"


def size_label(n):
    """A vector size to 2 significant digits: the sizes asked for, though each p rounds
    them up to a multiple of 4p bytes."""
    for unit, k in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k:
            x = n / k
            return f"{round(x)} {unit}" if x >= 10 else f"{x:.2g} {unit}"
    return f"{n} B"


def groups(rows, key):
    out = {}
    for r in rows:
        out.setdefault(key(r), []).append(r)
    return out


def summary(rows):
    """A few lines for the terminal: the targets' figures."""
    out = []
    coll = [r for r in rows if r["kind"] == "collective" and r.get("predicted_s") is not None]
    big = [r for r in coll if r["bytes"] > ABOVE]
    if big:
        m, x = stats(big)
        within = sum(abs(err(r)) <= 0.10 for r in big)
        out.append(f"collectives above 64 KiB: MAPE {100 * m:.1f}%, max {100 * x:.1f}%, "
                   f"{within} of {len(big)} within 10%")
    it = [r for r in rows if r["kind"] == "training" and r["op"] == "iteration" and r.get("predicted_s") is not None]
    for (model, mode), rs in sorted(groups(it, lambda r: (r["model"], r["mode"])).items()):
        m, x = stats(rs)
        out.append(f"training {model} {mode}: MAPE {100 * m:.1f}%, max {100 * x:.1f}% over {len(rs)} rows")
    return "".join(line + "\n" for line in out)


def meta_list(w, meta, prefix, heading):
    """The `# PREFIX...: text` lines of the CSV as a list under `heading` (none: nothing)."""
    items = sorted((k[len(prefix):], v) for k, v in meta.items() if k.startswith(prefix))
    if items:
        w(heading)
        for key, text in items:
            w(f"- {key}: {text}\n")
        w("\n")


def fit_scope(meta):
    """Which collectives the links were fitted on (`# fit_ops: OP,OP` and `# fit_above:
    BYTES`; none: all)."""
    ops = meta.get("fit_ops", "").replace(",", " and ")
    above = int(meta.get("fit_above") or 0)
    return (f" ({ops})" if ops else "") + (f" above {size_label(above)}" if above else "")


def today(text):
    """A recorded command, started as it is started now."""
    return text.replace(FLAT_VALIDATE, VALIDATE)


def render(path):
    meta, rows = read(path)
    rows = [r for r in rows if r["predicted_s"] is not None and r["measured_s"]]
    coll = [r for r in rows if r["kind"] == "collective"]
    it = [r for r in rows if r["kind"] == "training" and r["op"] == "iteration"]
    comm = [r for r in rows if r["kind"] == "training" and r["op"] == "comm"]
    comp = [r for r in rows if r["kind"] == "training" and r["op"] == "compute"]
    o = []
    w = o.append
    w("# Validation: predicted against measured on an emulated cluster\n\n")
    w(f"This page is generated: `{VALIDATE} --report results.csv > docs/validation.md`,\n"
      "from the results of the run below. Rerun the run to refresh it (as root, on a quiet machine).\n"
      "Whole GPU training steps against published throughputs (NVIDIA DeepLearningExamples'\n"
      "ResNet-50 on DGX-1 and DGX A100 nodes, 1 and 8 GPUs) are in docs/kernel-models.md,\n"
      "\"Whole training steps\" (examples/dle_resnet50.rl).\n\n")
    w("## What was run\n\n")
    w(f"```\nsudo {today(meta.get('command', VALIDATE))}\n```\n\n")
    if meta.get("repredicted"):
        w(f"Predicted again on {today(meta['repredicted'])}.\n\n")
    w(f"- Machine: {meta.get('cpu', '?')}; {meta.get('cores', '?')} cores; torch {meta.get('torch', '?')} "
      f"(Debian's python3-torch), gloo.\n")
    took = (f"{meta['elapsed_s']} s in all" if meta.get("elapsed_s") else
            f"{meta.get('measured_in_s', '?')} s of measurements")
    w(f"- Date {meta.get('date', '?')}, {took}; load average (1, 5, 15 min) "
      f"{meta.get('load_before', '?')} before, {meta.get('load_after', '?')} after the measurements.\n")
    w(f"- Collectives gloo lacks here: {meta.get('unsupported', '-')}.\n")
    w(f"- Kernel bundle of the all_predicted mode: {meta.get('bundle', '-')}.\n\n")
    if meta.get("note"):
        w(f"**Note on this run.** {meta['note']}\n\n")
    w("The cluster is tools/validation/emulated_cluster.py: one network namespace per rank,\n"
      "joined by a bridge in a namespace of its own, each host's link shaped by tc's\n"
      "token-bucket filter to the rate in both directions (tbf: these kernels have no netem, so\n"
      "latency is the stack's own). Collectives are tools/validation/bench_collectives.py, the\n"
      "median of repetitions timed from the last rank's entry to the last rank's exit;\n"
      "training is tools/validation/bench_ddp.py, DistributedDataParallel of the torch twins\n"
      "of tools/validation/torch_twins.py (one intra-op thread per rank, one fixed batch, SGD),\n"
      "the median over steps of the slowest rank's iteration, after warm-up steps in which DDP\n"
      "rebuilds its buckets. `--models` takes the CIFAR twins (lenet5, resnet18_cifar or\n"
      "`resnet18`, vgg11_bn_cifar or `vgg11`) and every torchvision model stdlib/models has\n"
      "(`--models densenet121:4,squeezenet1_0:16`, built by torchvision), at its own input side\n"
      "or `--input-size`'s, predicted then as stdlib.models.all's `at_size(name, size)`.\n\n")
    w("**Prediction.** `ringline calibrate` fits each rate's link (α, β and the reduction cost\n"
      f"γ, least squares on relative errors) from these collectives{fit_scope(meta)}, modelling each op by the\n"
      "stdlib.collectives schedule of the algorithm gloo runs (ring allreduce and allgather;\n"
      "for broadcast `binomial_broadcast_shared`, gloo's binomial tree whose senders share\n"
      "their link); every collective row is that fit's prediction. A training row is\n"
      "stdlib.strategies' `data_parallel` on the calibrated cluster: DDP's buckets (its caps,\n"
      "recorded in the `buckets` column as DDP formed them), each bucket's allreduce started\n"
      "when its gradients are ready and the previous one is done, exposed communication what\n"
      "ends after the backward pass (docs/strategies.md); while p exceeds the cores, blocking\n"
      "(`--overlap cores`, below). `compute_measured` takes the\n"
      "forward, backward and update times of one rank training alone (p = 1);\n"
      "`all_predicted` takes them from the kernel bundle (`serial` with the CPU's kernel\n"
      "models). Both spread the compute over the layers by their FLOPs.\n\n")
    w("**Sharing the cores.** The ranks share the machine's cores. compute_measured measures\n"
      "it: its compute is that of p ranks training at once without communicating (p copies\n"
      "of the compute run, the mean of their medians, just before the DDP run), which counts\n"
      "whatever the machine shares among them (cores, SMT siblings, memory bandwidth, other\n"
      "tenants' load). all_predicted models it: with p ranks on c cores each rank gets c / p of\n"
      "a core when p > c, so its compute and update are the bundle's times max(1, p / c) (2\n"
      "for 4 ranks on 2 cores). With more ranks than cores, both modes predict DDP blocking:\n"
      "every core runs some rank's backward pass, so gloo's reductions and the TCP stack wait\n"
      "for a core, not for the link, and the allreduces do not hide behind the compute\n"
      "(`--overlap always` predicts them overlapped; docs/validation-findings.md compares\n"
      "the two). Neither mode counts the CPU that communication takes from compute while p\n"
      "fits the cores: that time shows up as error.\n\n")
    w("**In CI.** ctest's `validation_short` (test/validation/short.py) runs\n"
      "tools/validation/validate.py on a few configurations (1 Gbit/s; allreduce, allgather,\n"
      "broadcast at 1 KiB to 4 MiB on 2 and 3 ranks; DDP of lenet5 and vgg11_bn_cifar on 2\n"
      "ranks) in under a minute, and checks what a shared machine cannot blur: the run\n"
      "completes and leaves no namespace behind, every measurement has a prediction, gloo's\n"
      "missing reduce_scatter is recorded, the calibrated bandwidth is 0.5 to 1.05 times the\n"
      "tbf rate, and no allreduce or broadcast above 64 KiB and no iteration of 50 ms or more\n"
      "is off by more than a factor of 2. Without root, `ip netns` or /usr/bin/python3 with\n"
      "torch it prints why and exits 77, which ctest reports as skipped. `make test` installs\n"
      "python3-torch and iproute2 for it (on a fresh Debian 12 with the build's packages,\n"
      "`apt-get -s` counts 294 more packages, 211 MB to download and 900 MB installed); `make\n"
      "demo` does not.\n\n")
    w("## Figures\n\n")
    big = [r for r in coll if r["bytes"] > ABOVE]
    w("| set | rows | MAPE | max error | within target |\n|---|---:|---:|---:|---|\n")
    for rate, rs in sorted(groups(big, lambda r: r["rate"]).items()):
        m, x = stats(rs)
        within = sum(abs(err(r)) <= 0.10 for r in rs)
        w(f"| collectives at {rate}, above 64 KiB | {len(rs)} | {100 * m:.1f}% | {100 * x:.1f}% | "
          f"{within} of {len(rs)} within 10% |\n")
    for rate, rs in sorted(groups(coll, lambda r: r["rate"]).items()):
        m, x = stats(rs)
        w(f"| collectives at {rate}, all sizes | {len(rs)} | {100 * m:.1f}% | {100 * x:.1f}% | |\n")
    for (model, mode), rs in sorted(groups(it, lambda r: (r["model"], r["mode"])).items()):
        m, x = stats(rs)
        worse = sum(abs(err(r)) > 0.20 for r in rs)
        target = (f"MAPE {'≤' if m <= 0.10 else '>'} 10%, {worse} rows worse than 20%"
                  if mode == "compute_measured" else "reported as is")
        w(f"| training {model}, {mode} | {len(rs)} | {100 * m:.1f}% | {100 * x:.1f}% | {target} |\n")
    for mode, rs in sorted(groups(it, lambda r: r["mode"]).items()):
        m, x = stats(rs)
        w(f"| training, all models, {mode} | {len(rs)} | {100 * m:.1f}% | {100 * x:.1f}% | |\n")
    if comm:
        m, x = stats(comm)
        w(f"| DDP communication time | {len(comm)} | {100 * m:.1f}% | {100 * x:.1f}% | |\n")
    if comp:
        m, x = stats(comp)
        w(f"| compute of one rank (kernel bundle) | {len(comp)} | {100 * m:.1f}% | {100 * x:.1f}% | |\n")
    w("\n")
    if big:
        ops = sorted({r["op"] for r in big})
        ps = sorted({r["p"] for r in big})
        w("Collectives above 64 KiB by op and ranks: MAPE (points within 10%).\n\n")
        w("| rate | op | " + " | ".join(f"p = {p}" for p in ps) + " |\n|---|---|" + "---:|" * len(ps) + "\n")
        by = groups(big, lambda r: (r["rate"], r["op"], r["p"]))
        for rate in sorted({r["rate"] for r in big}):
            for op in ops:
                cells = []
                for p in ps:
                    rs = by.get((rate, op, p), [])
                    cells.append(f"{100 * stats(rs)[0]:.1f}% ({sum(abs(err(r)) <= 0.10 for r in rs)}/{len(rs)})"
                                 if rs else "")
                w(f"| {rate} | {op} | " + " | ".join(cells) + " |\n")
        w("\nWhere and why the model departs from these measurements, measured: docs/validation-findings.md.\n\n")
    meta_list(w, meta, "compute ", "## Measured compute\n\nThe input of the compute_measured mode "
              "(`MODEL:BATCH p=P before RATE`: P ranks at once, measured just before that rate's DDP run):\n\n")
    meta_list(w, meta, "link ", "## Calibrated links\n\n`ringline calibrate` on the collective rows:\n\n")
    if it:
        w("## Training\n\nTimes in ms; error = predicted / measured − 1. `comm` rows: the time DDP\n"
          "had an allreduce in flight, against the plan's communication time.\n\n")
        w("| rate | p | model | batch/rank | mode | measured | predicted | error | DDP buckets (MiB, in order) |\n"
          "|---|---:|---|---:|---|---:|---:|---:|---|\n")
        order = {"compute_measured": 0, "all_predicted": 1, "predicted": 2}
        for r in sorted(it + comm, key=lambda r: (r["model"], r["batch"], r["rate"], r["p"], order.get(r["mode"], 3))):
            mode = r["mode"] if r["op"] == "iteration" else "comm"
            b = " + ".join(f"{int(x) / 2 ** 20:.1f}" for x in (r.get("buckets") or "").split()) \
                if r["op"] == "iteration" and r["mode"] == "compute_measured" else ""
            w(f"| {r['rate']} | {r['p']} | {r['model']} | {r['batch']} | {mode} | {fmt_s(r['measured_s'])} | "
              f"{fmt_s(r['predicted_s'])} | {pct(err(r))} | {b} |\n")
        w("\n")
    if comp:
        w("## Compute of one rank\n\nOne rank alone (p = 1): forward, backward and update, ms.\n\n"
          "| model | batch | measured | kernel bundle | error |\n|---|---:|---:|---:|---:|\n")
        for r in sorted(comp, key=lambda r: (r["model"], r["batch"])):
            w(f"| {r['model']} | {r['batch']} | {fmt_s(r['measured_s'])} | {fmt_s(r['predicted_s'])} | "
              f"{pct(err(r))} |\n")
        w("\n")
    if coll:
        w("## Collectives\n\nTimes in ms, `bytes` as stdlib.collectives counts them (the whole vector;\n"
          "an allgather's gathered vector).\n\n")
        for (rate, op), rs in sorted(groups(coll, lambda r: (r["rate"], r["op"])).items()):
            w(f"### {op} at {rate}\n\n")
            sizes = sorted({min(x["bytes"] for x in rs if size_label(x["bytes"]) == size_label(r["bytes"]))
                            for r in rs})
            ps = sorted({r["p"] for r in rs})
            by = {(r["p"], size_label(r["bytes"])): r for r in rs}
            w("| bytes | " + " | ".join(f"p = {p}" for p in ps) + " |\n|---|" + "---:|" * len(ps) + "\n")
            for n in sizes:
                cells = []
                for p in ps:
                    r = by.get((p, size_label(n)))
                    cells.append(f"{fmt_s(r['measured_s'])} / {fmt_s(r['predicted_s'])} ({pct(err(r))})" if r else "")
                w(f"| {size_label(n)} | " + " | ".join(cells) + " |\n")
            w("\nmeasured / predicted (error)\n\n")
    return "".join(o)


if __name__ == "__main__":
    sys.stdout.write(render(sys.argv[1]))
