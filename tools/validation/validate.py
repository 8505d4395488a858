"""Ringline's predictions against real distributed training on an emulated cluster.

  sudo python3 -m tools.validation.validate [--rates 200mbit,1gbit] [--p 2,4]
      [--models resnet18:16,vgg11:8 | densenet121:4,squeezenet1_0:16 [--input-size 128]] [--collectives allreduce,allgather,broadcast,reduce_scatter]
      [--coll-p 2,3,4,5,6,7,8] [--sizes 1KiB..64MiB] -o results.csv
  python3 -m tools.validation.validate --report results.csv > docs/validation.md
  python3 -m tools.validation.validate --repredict WORK/measured.json -o results.csv  # predict again

Builds an emulated cluster (emulated_cluster.py: network namespaces on a bridge, tc tbf
links), and on it measures with PyTorch's gloo backend (Debian's python3-torch, one rank
per namespace): the collectives of --collectives for --coll-p ranks and --sizes bytes at
every rate (bench_collectives.py), then DistributedDataParallel training of each --models
MODEL:BATCH (samples per rank) at every rate for --p ranks, and the same model's compute
alone (bench_ddp.py). `ringline calibrate` fits each rate's link from the collectives;
Ringline then predicts every measurement (validate_predict.py): the collectives with the
fitted links, and each training iteration with stdlib.strategies' data_parallel (DDP's
buckets, overlapped) in two modes,
`compute_measured` (the measured compute of p ranks training at once without
communicating, which measures how they share the cores; communication predicted) and
`all_predicted` (compute from this CPU's kernel bundle too, one rank's times
max(1, p / cores); the validation profiles this machine when no stdlib bundle matches
its CPU). Every measurement runs at --nice (default -19), so that other load within
reach of nice disturbs it less.

results.csv has one row per measurement: kind (collective or training), op, rate, p,
model, batch, bytes, mode, measured_s, predicted_s, then bucket_cap and buckets (DDP's,
in the order it reduced them); `# key: value` lines at the top describe the run.
--report renders it as Markdown (validate_report.py). Work files (the collectives
CSV, the cluster spec, the prediction spec, logs, the profile) go to --work.

Model names: the CIFAR twins lenet5, resnet18_cifar (resnet18), vgg11_bn_cifar (vgg11), and
every torchvision model stdlib/models has (densenet121, squeezenet1_0, resnet50, ...: built
by torchvision, Debian's python3-torchvision), at its own input side or --input-size's
(stdlib.models.all's at_size then predicts it). Needs root,
`ip netns`, tc and /usr/bin/python3 with torch; a missing one is an error, exit 2
(`--check` only tests for them: exit 0 when the validation can run, 77 when not).
"""
import argparse
import csv
import datetime
import json
import os
import re
import subprocess
import sys
import time

from ..common import RINGLINE, TORCH_PYTHON as PY, command_args, command_line, module_command, module_env, \
    parse_bytes, write_header
from . import emulated_cluster as ec
from . import torch_twins
from . import validate_predict as vp
from . import validate_report as vr

ALIASES = {"resnet18": "resnet18_cifar", "vgg11": "vgg11_bn_cifar", "lenet": "lenet5"}
MODELS = tuple(torch_twins.known())
COLUMNS = ["kind", "op", "rate", "p", "model", "batch", "bytes", "mode", "measured_s", "predicted_s",
           "bucket_cap", "buckets"]
SKIP = 77  # ctest's SKIP_RETURN_CODE


def log(msg):
    print(f"[validate] {msg}", file=sys.stderr, flush=True)


def parse_sizes(text):
    """`1KiB..64MiB` (powers of 4 between), or a comma list of byte counts with K/M/KiB/MiB suffixes."""
    if ".." in text:
        lo, hi = (parse_bytes(x) for x in text.split(".."))
        out, n = [], lo
        while n <= hi:
            out.append(n)
            n *= 4
        return out
    return [parse_bytes(x) for x in text.split(",")]


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rates", default="200mbit,1gbit", help="link rates, tc syntax (default 200mbit,1gbit)")
    ap.add_argument("--p", default="2,4", help="ranks of the training runs (default 2,4)")
    ap.add_argument("--models", default="lenet5:64,resnet18:16,vgg11:16",
                    help="MODEL:BATCH (samples per rank) of the training runs")
    ap.add_argument("--input-size", type=int, default=0,
                    help="input side of the torchvision models of --models (default: each one's own, 224 or "
                         "299); the CIFAR twins keep 32")
    ap.add_argument("--collectives", default="allreduce,allgather,broadcast,reduce_scatter")
    ap.add_argument("--coll-p", default="2,3,4,5,6,7,8", help="ranks of the collective runs")
    ap.add_argument("--sizes", default="1KiB..64MiB", help="collective sizes: A..B (powers of 4) or a list")
    ap.add_argument("--steps", type=int, default=5, help="timed training steps per run (median)")
    ap.add_argument("--target-s", type=float, default=1.0, help="seconds of repetitions per collective size")
    ap.add_argument("--no-profile", action="store_true",
                    help="do not profile this CPU when no bundle matches it (all_predicted rows are left out)")
    ap.add_argument("--profile-minutes", type=float, default=8.0,
                    help="cap of the kernel profile of this machine (profile_kernels.py --max-minutes)")
    ap.add_argument("--ringline", default=RINGLINE)
    ap.add_argument("--work", help="folder for work files (default: OUTPUT.d)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds one group of ranks may take")
    ap.add_argument("--nice", type=int, default=-19,
                    help="niceness of the ranks, the compute runs and the profile (default -19: other load on "
                         "the machine disturbs the timings less; 0 to leave it)")
    ap.add_argument("--note", help="a remark about the run for the report (how busy the machine was, ...)")
    ap.add_argument("-o", "--output", help="results CSV to write")
    ap.add_argument("--fit-above", type=int, default=65536,
                    help="calibrate the links on the collectives above this many bytes (default 64 KiB: the "
                         "bandwidth regime of DDP's buckets; below it tbf's burst and the scheduler dominate)")
    ap.add_argument("--fit-ops", default="allreduce,broadcast",
                    help="calibrate the links on these ops' collectives (default allreduce,broadcast: gloo's "
                         "allgather over TCP does not follow its ring schedule here, docs/validation.md; it is "
                         "still predicted and reported)")
    ap.add_argument("--overlap", choices=("cores", "always"), default="cores",
                    help="predict DDP's allreduces overlapped with the backward pass only while p <= cores "
                         "(default), or always")
    ap.add_argument("--report", metavar="RESULTS.csv", help="print the Markdown report of a results CSV")
    ap.add_argument("--repredict", metavar="MEASURED.json",
                    help="predict an earlier run's measurements (its WORK/measured.json) again with this ringline "
                         "and these options, without measuring; writes -o, work files to --work")
    ap.add_argument("--check", action="store_true", help="only test whether the validation can run here")
    args = ap.parse_args(argv)
    if args.report or args.check:
        return args
    if args.repredict:
        if not args.output:
            ap.error("name the results CSV with -o results.csv")
        args.work = args.work or args.output + ".d"
        return args
    if not args.output:
        ap.error("name the results CSV with -o results.csv (or --report RESULTS.csv)")
    args.rates = [r.strip() for r in args.rates.split(",") if r.strip()]
    for r in args.rates:
        try:
            ec.parse_rate(r)
        except ValueError as e:
            ap.error(str(e))
    args.p = sorted({int(x) for x in args.p.split(",") if x.strip()})
    args.coll_p = sorted({int(x) for x in args.coll_p.split(",") if x.strip()})
    if any(p < 2 for p in args.p + args.coll_p):
        ap.error("ranks must be at least 2")
    models = []
    for item in (m for m in args.models.split(",") if m.strip()):
        name, _, batch = item.partition(":")
        name = ALIASES.get(name.strip(), name.strip())
        if name not in MODELS or not batch.strip().isdigit() or int(batch) < 1:
            ap.error(f"--models takes MODEL:BATCH with MODEL one of {', '.join(MODELS)} "
                     f"(or {', '.join(ALIASES)}), got `{item}`")
        if args.input_size and name in torch_twins.INPUTS:
            ap.error(f"--input-size is for torchvision's models; `{name}` takes 32x32 inputs only")
        models.append((name, int(batch)))
    if args.input_size < 0 or (args.input_size and args.input_size < 32):
        ap.error(f"--input-size takes a side of 32 pixels or more, got {args.input_size}")
    args.models = models
    args.collectives = [c.strip() for c in args.collectives.split(",") if c.strip()]
    bad = [c for c in args.collectives if c not in ("allreduce", "allgather", "broadcast", "reduce_scatter")]
    if bad:
        ap.error(f"unknown collective(s) {', '.join(bad)}")
    try:
        args.sizes = parse_sizes(args.sizes)
    except ValueError:
        ap.error(f"bad --sizes `{args.sizes}`")
    args.work = args.work or args.output + ".d"
    return args


def why_not():
    """Why the validation cannot run here, or None."""
    try:
        ec.preflight()
    except ec.ClusterError as e:
        return str(e)
    if not os.path.exists(PY):
        return f"no {PY} (Debian's python3-torch installs torch for it)"
    res = subprocess.run([PY, "-c", "import torch.distributed as d; assert d.is_gloo_available()"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        return f"{PY} cannot import torch with gloo (apt-get install python3-torch)"
    return None


class Runner:
    """Starts groups of ranks on the cluster and collects rank 0's JSON lines."""

    def __init__(self, cluster, work, timeout, nice):
        self.cluster, self.work, self.timeout, self.nice = cluster, work, timeout, nice
        self.port = 29500
        self.group = 0

    def ranks(self, p, name, extra):
        """Rank 0's JSON lines of module `name` (bench_collectives, bench_ddp) on p ranks."""
        script = f"{name}.py"
        self.port += 1
        self.group += 1
        init = f"tcp://{self.cluster.addresses[0]}:{self.port}"
        env = module_env(dict(os.environ, GLOO_SOCKET_IFNAME="eth0", OMP_NUM_THREADS="1"))
        procs, logs = [], []
        for r in range(p):
            err = open(os.path.join(self.work, f"group{self.group}_rank{r}.log"), "w")
            logs.append(err)
            argv = ["nice", "-n", str(self.nice)] + module_command(PY, f"{__package__}.{name}", "--rank", r,
                                                                   "--world", p, "--init", init, *extra)
            procs.append(self.cluster.popen(r, argv, stdout=subprocess.PIPE if r == 0 else subprocess.DEVNULL,
                                            stderr=err, env=env, text=True))
        try:
            out, _ = procs[0].communicate(timeout=self.timeout)
            for q in procs[1:]:
                q.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.cluster.kill_processes()
            raise RuntimeError(f"{script} on {p} ranks took more than {self.timeout:.0f} s "
                               f"(logs: {self.work}/group{self.group}_rank*.log)")
        finally:
            for f in logs:
                f.close()
        bad = [r for r, q in enumerate(procs) if q.returncode != 0]
        if bad:
            raise RuntimeError(f"{script} failed on rank(s) {bad} of {p} "
                               f"(logs: {self.work}/group{self.group}_rank*.log)")
        return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def compute_at_once(args, name, batch, p):
    """The compute of `p` ranks training at once without communicating (each its own
    process, as the DDP ranks are): how the machine shares its cores among them (the
    cores, their SMT siblings, memory bandwidth, and whatever else runs there). The mean
    of the ranks' medians."""
    argv = ["nice", "-n", str(args.nice)] + module_command(PY, f"{__package__}.bench_ddp", "--model", name,
                                                           "--batch", batch, "--steps", args.steps,
                                                           "--size", args.input_size)
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=module_env(dict(os.environ, OMP_NUM_THREADS="1")))
             for _ in range(p)]
    outs = []
    for q in procs:
        out, err = q.communicate(timeout=args.timeout)
        if q.returncode != 0:
            raise RuntimeError(f"bench_ddp.py {name} failed:\n{err}")
        outs.append(json.loads(out.splitlines()[-1]))
    res = dict(outs[0])
    for k in ("fwd_s", "bwd_s", "update_s", "iter_s"):
        res[k] = sum(o[k] for o in outs) / len(outs)
    return res


def measure(args, meta):
    rows, computes, unsupported = [], {}, {}
    hosts = max(args.coll_p + args.p)
    def compute(name, batch, p, rate=""):
        log(f"compute of {p} rank(s) at once, no communication: {name}, batch {batch}")
        c = computes[(name, batch, p, rate)] = compute_at_once(args, name, batch, p)
        meta[f"compute {name}:{batch} p={p}{' before ' + rate if rate else ''}"] = (
            f"forward {c['fwd_s']:.6g} s, backward {c['bwd_s']:.6g} s, update {c['update_s']:.6g} s "
            f"(median of {c['steps']} steps{f', mean of {p} ranks at once' if p > 1 else ', one rank alone'})")

    for name, batch in args.models:
        compute(name, batch, 1)
    with ec.EmulatedCluster(hosts, args.rates[0]) as cluster:
        run = Runner(cluster, args.work, args.timeout, args.nice)
        for rate in args.rates:
            cluster.set_rate(rate)
            for p in args.coll_p:
                log(f"collectives at {rate}, {p} ranks")
                for r in run.ranks(p, "bench_collectives", ["--ops", ",".join(args.collectives), "--bytes",
                                                               ",".join(map(str, args.sizes)), "--target-s",
                                                               str(args.target_s)]):
                    if "unsupported" in r:
                        unsupported[r["op"]] = r["unsupported"]
                        continue
                    rows.append({"kind": "collective", "op": r["op"], "rate": rate, "p": p, "bytes": r["bytes"],
                                 "measured_s": r["median_s"]})
            for p in args.p:
                for name, batch in args.models:
                    # Measured just before the DDP run it stands for: a shared machine's
                    # speed drifts over minutes.
                    compute(name, batch, p, rate)
                    log(f"DDP at {rate}, {p} ranks: {name}, batch {batch} per rank")
                    r = run.ranks(p, "bench_ddp", ["--model", name, "--size", str(args.input_size), "--batch",
                                                   str(batch), "--steps",
                                                      str(args.steps)])[0]
                    rows.append({"kind": "training", "op": "iteration", "rate": rate, "p": p, "model": name,
                                 "batch": batch, "bytes": r["grad_bytes"], "measured_s": r["iter_s"],
                                 "bucket_cap": r["bucket_cap"], "buckets": " ".join(map(str, r["buckets"])),
                                 "first_bucket": r["first_bucket"]})
                    rows.append({"kind": "training", "op": "comm", "rate": rate, "p": p, "model": name,
                                 "batch": batch, "bytes": r["grad_bytes"], "measured_s": r["comm_s"],
                                 "bucket_cap": r["bucket_cap"], "buckets": " ".join(map(str, r["buckets"])),
                                 "first_bucket": r["first_bucket"]})
    meta["unsupported"] = "; ".join(f"{op}: {why}" for op, why in sorted(unsupported.items())) or "-"
    return rows, computes


def save_measured(work, rows, computes, meta):
    """The measurements alone (WORK/measured.json), so that `--repredict` can predict them
    again after the model changed, without measuring again."""
    with open(os.path.join(work, "measured.json"), "w") as fh:
        json.dump({"meta": meta, "rows": rows,
                   "computes": [[list(k), v] for k, v in computes.items()]}, fh, indent=1)


def prediction_options(meta, args):
    """Records the options the prediction ran with, for the report."""
    meta["fit_above"], meta["fit_ops"], meta["overlap"] = str(args.fit_above), args.fit_ops, args.overlap


def record_bundle(work, meta):
    """Adds the kernel bundle the prediction chose to WORK/measured.json, so that
    `--repredict` uses it again on any machine."""
    path = os.path.join(work, "measured.json")
    with open(path) as fh:
        saved = json.load(fh)
    saved["meta"]["bundle"] = meta.get("bundle", "")
    with open(path, "w") as fh:
        json.dump(saved, fh, indent=1)


def write_csv(path, rows, meta):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as fh:
        write_header(fh, meta.items())
        w = csv.DictWriter(fh, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in COLUMNS})
    os.replace(tmp, path)


def repredict(args):
    """Predicts the measurements saved in a run's measured.json again (the run's own
    measurement options, this ringline and these prediction options) and writes the
    results CSV."""
    path = args.repredict
    try:
        with open(path) as fh:
            saved = json.load(fh)
    except (OSError, ValueError) as e:
        print(f"validate.py: error: cannot read {path}: {e}", file=sys.stderr)
        return 2
    meta = saved["meta"]
    run = parse_args(command_args(meta["command"], __spec__.name))
    run.ringline, run.work = args.ringline, args.work
    os.makedirs(args.work, exist_ok=True)
    run.fit_above, run.fit_ops, run.overlap = args.fit_above, args.fit_ops, args.overlap
    run.cores = int(meta.get("cores") or 1)  # the run's machine shared its cores, not this one
    # The run's CPU decided its bundle; a stdlib bundle is used again whatever this CPU is
    # (a bundle profiled by the run is found again in its work folder, when there).
    m = re.match(r"stdlib (\w+) ", meta.get("bundle", ""))
    run.device = m.group(1) if m else None
    out = args.output
    again = ["--repredict", args.repredict, "--fit-above", str(args.fit_above), "--fit-ops", args.fit_ops,
             "--overlap", args.overlap]
    meta["repredicted"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") + \
        f" ({command_line(__spec__.name, again)})"
    prediction_options(meta, args)
    computes = {tuple(k): v for k, v in saved["computes"]}
    try:
        rows = vp.predict(run, saved["rows"], computes, meta, log)
    except RuntimeError as e:
        print(f"validate.py: error: {e}", file=sys.stderr)
        return 1
    write_csv(out, rows, meta)
    sys.stderr.write(vr.summary(rows))
    log(f"wrote {len(rows)} rows to {out}")
    return 0


def main(argv):
    args = parse_args(argv)
    if args.report:
        sys.stdout.write(vr.render(args.report))
        return 0
    if args.repredict:
        return repredict(args)
    reason = why_not()
    if args.check:
        if reason:
            print(f"validate.py: cannot run here: {reason}")
            return SKIP
        print("validate.py: can run here")
        return 0
    if reason:
        print(f"validate.py: error: {reason}", file=sys.stderr)
        return 2
    if not os.path.exists(args.ringline):
        print(f"validate.py: error: no ringline at {args.ringline} (build it, or pass --ringline)", file=sys.stderr)
        return 2
    os.makedirs(args.work, exist_ok=True)
    args.cores = os.cpu_count() or 1
    t0 = time.time()
    cpu = vp.cpu_identity()
    meta = {"command": command_line(__spec__.name, argv), "date": datetime.datetime.now(
        datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "cpu": cpu, "cores": os.cpu_count(),
        "torch": subprocess.run([PY, "-c", "import torch; print(torch.__version__)"], capture_output=True,
                                text=True).stdout.strip(),
        "load_before": " ".join(f"{x:.2f}" for x in os.getloadavg())}
    if args.note:
        meta["note"] = args.note
    try:
        rows, computes = measure(args, meta)
        meta["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
        meta["measured_in_s"] = f"{time.time() - t0:.0f}"
        save_measured(args.work, rows, computes, meta)
        prediction_options(meta, args)
        rows = vp.predict(args, rows, computes, meta, log)
        record_bundle(args.work, meta)
    except (RuntimeError, ec.ClusterError) as e:
        print(f"validate.py: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("validate.py: interrupted (the cluster is torn down)", file=sys.stderr)
        return 130
    except ec.Terminated as e:
        print(f"validate.py: signal {e.args[0]} (the cluster is torn down)", file=sys.stderr)
        return 128 + int(e.args[0])
    meta["elapsed_s"] = f"{time.time() - t0:.0f}"
    write_csv(args.output, rows, meta)
    sys.stderr.write(vr.summary(rows))
    log(f"wrote {len(rows)} rows to {args.output} in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
