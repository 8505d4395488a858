"""Ringline's side of validate.py: calibrating the links, choosing or making this CPU's
kernel bundle, and predicting every measured configuration with one generated spec.

The prediction spec (WORK/predict.rl) imports the cluster spec `ringline calibrate` wrote
(WORK/cluster.rl) and reports, in seconds:
  - each collective with the fitted model of its op and rate (`c.allreduce_1gbit(n, p,
    c.link_1gbit)`: the schedule and γ the fit used);
  - each training iteration as stdlib.strategies' data_parallel on `c.cluster_RATE(p, cpu)`
    with the rate's fitted collectives, DDP's bucket caps and overlap, and compute spread
    over the layers by their FLOPs (Compute "measured") from either the measured compute
    of one rank alone (mode compute_measured) or the kernel bundle's prediction of it
    (`serial`, mode all_predicted). With p ranks on fewer cores each rank gets cores / p of
    one: compute (and the update) times max(1, p / cores), and DDP is predicted blocking
    (--overlap cores, `overlaps`). The measured update replaces
    the roofline's in compute_measured; all_predicted keeps the bundle's device roofline.
"""
import os
import re
import subprocess

from ..common import PACKAGE, TORCH_PYTHON as PY, RinglineError, cpu_info, eval_reports, module_command, \
    module_env, read_header

PROFILER = f"{PACKAGE}.profiling.profile_kernels"
# The stdlib's CPU devices, tried in order; one whose bundle matches this CPU is used.
STDLIB_CPUS = ("epyc_cpu", "xeon_cpu")
# The kinds the validation's models run (no 3-D convolutions).
PROFILE_KINDS = ("conv2d_fwd,conv2d_bwd_data,conv2d_bwd_filter,gemm_fwd,gemm_bwd_data,gemm_bwd_weight,"
                 "bn_fwd,bn_bwd,pool_fwd,pool_bwd,eltwise")


def cpu_identity():
    c = cpu_info()
    return f"{c['name']}, family {c['family']}, model {c['model']}, {c['isa']}, {c['mhz']:.0f} MHz"


def ident(text):
    return re.sub(r"[^a-z0-9]", "_", text.lower())


def share(args, p):
    """The slowdown of each of p ranks on the run's cores: max(1, p / cores)."""
    return max(1.0, p / args.cores)


def overlaps(args, p):
    """Whether DDP's allreduces overlap the backward pass in the prediction: always, or
    (--overlap cores) only while every rank has a core of its own. With more ranks than
    cores every core is running some rank's compute, and gloo's reductions and the TCP
    stack wait for a core rather than for the link."""
    return args.overlap == "always" or p <= args.cores


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def calibrate(args, rows, meta, log):
    path = os.path.join(args.work, "collectives.csv")
    with open(path, "w") as fh:
        fh.write("kind,op,rate,p,bytes,measured_s\n")
        for r in rows:
            if r["kind"] == "collective":
                fh.write(f"collective,{r['op']},{r['rate']},{r['p']},{r['bytes']},{r['measured_s']!r}\n")
    spec = os.path.join(args.work, "cluster.rl")
    res = run([args.ringline, "calibrate", path, "-o", spec, "--fit-above", str(args.fit_above)] +
              (["--fit-ops", args.fit_ops] if args.fit_ops else []))
    with open(os.path.join(args.work, "calibrate.txt"), "w") as fh:
        fh.write(res.stdout + res.stderr)
    if res.returncode != 0:
        raise RuntimeError(f"ringline calibrate failed:\n{res.stderr}")
    # Its summary lines: "RATE: alpha = ... us, beta = 1 / (... MB/s), gamma = ... ns/B" and
    # "  error: ...".
    lines = res.stdout.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(\S+): (alpha = .*)$", line)
        if m and i + 1 < len(lines):
            meta[f"link {m.group(1)}"] = f"{m.group(2)}; {lines[i + 1].strip()}"
    log(f"calibrated {spec}")
    return spec


def device_let(name, header, bundle):
    """A Device for this CPU from its profile's header (peak and bandwidth as measured)."""
    peak = float(header.get("peak_flops") or 1e11)
    bw = float(header.get("mem_bw") or 1e10)
    kernels = f', kernels = mlp_bundle("{bundle}")' if bundle else ""
    return (f'let {name} = Device {{ name = "{header.get("name", "this CPU")} (1 thread, profiled here)", '
            f"peak_fp64 = {peak / 2!r} FLOP/s, peak_fp32 = {peak!r} FLOP/s, peak_fp16 = {peak!r} FLOP/s, "
            f"membw = {bw!r} B/s, memory = 16 GiB{kernels} }}\n")


def matches(args, cmd):
    res = run(cmd)
    return res.returncode == 0 and "ringline: warning:" not in res.stderr


def choose_device(args, meta, log):
    """(the Device's Ringline expression, a `let` to define it or "", has_bundle)."""
    if getattr(args, "device", None):  # --repredict: the run's own stdlib bundle
        log(f"kernel bundle: stdlib's {args.device}, as in the run")
        return f"hw.{args.device}", "", True
    for dev in STDLIB_CPUS:
        if matches(args, [args.ringline, "stats", "--model", "lenet5", "--device", dev]):
            meta["bundle"] = f"stdlib {dev} (its bundle matches this CPU)"
            log(f"kernel bundle: stdlib's {dev} matches this CPU")
            return f"hw.{dev}", "", True
    prof = os.path.join(args.work, "this_cpu.csv")
    bundle = os.path.join(args.work, "this_cpu.rlk")
    probe = os.path.join(args.work, "device.rl")
    if os.path.exists(prof) and os.path.exists(bundle):
        with open(probe, "w") as fh:
            fh.write("import stdlib.hardware\nimport stdlib.models.lenet\nlet net = lenet5\n" +
                     device_let("this_cpu", read_header(prof), "this_cpu.rlk"))
        if matches(args, [args.ringline, "stats", probe, "--model", "net", "--device", "this_cpu"]):
            meta["bundle"] = f"{bundle} (profiled on this CPU by an earlier run)"
            log(f"kernel bundle: {bundle} from an earlier run")
            return "this_cpu", device_let("this_cpu", read_header(prof), "this_cpu.rlk"), True
    if args.no_profile:
        meta["bundle"] = "none (no stdlib bundle matches this CPU; --no-profile)"
        log("no kernel bundle matches this CPU; all_predicted rows left out (--no-profile)")
        header = {"name": cpu_info()["name"]}
        return "this_cpu", device_let("this_cpu", header, None), False
    log(f"no kernel bundle matches this CPU: profiling it (at most {args.profile_minutes:g} min)")
    res = subprocess.run(["nice", "-n", str(args.nice)] + module_command(
        PY, PROFILER, "--device", "cpu", "--grid", "full", "--clock", "cpu", "--workloads", "twins", "--kinds",
        PROFILE_KINDS, "--max-minutes", args.profile_minutes, "-o", prof), capture_output=True, text=True,
        env=module_env())
    with open(os.path.join(args.work, "profile.log"), "w") as fh:
        fh.write(res.stderr)
    if res.returncode != 0:
        raise RuntimeError(f"profile_kernels.py failed:\n{res.stderr[-2000:]}")
    res = run([args.ringline, "fit", prof, "-o", bundle, "--seed", "1", "--quiet"])
    with open(os.path.join(args.work, "fit.txt"), "w") as fh:
        fh.write(res.stdout + res.stderr)
    if res.returncode != 0:
        raise RuntimeError(f"ringline fit failed:\n{res.stderr}")
    meta["bundle"] = f"{bundle} (profiled on this CPU by this run: python3 -m {PROFILER} --grid full " \
                     f"--clock cpu --workloads twins --max-minutes {args.profile_minutes:g}, ringline fit --seed 1)"
    return "this_cpu", device_let("this_cpu", read_header(prof), "this_cpu.rlk"), True


HEAD = """// Generated by tools/validation/validate.py: Ringline's prediction of every measured
// configuration (tools/validation/validate_predict.py says how). All reports in seconds.
import "cluster.rl" as c
import stdlib.hardware as hw
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.models.all
{device}
// DDP and the iteration: stdlib.strategies' ddp_measured and iteration_with_update.
scenario predict {{
"""


def network(args, name):
    """The stdlib network of a twin: its name, or at another input side stdlib.models.all's
    at_size (validate.py --input-size)."""
    size = getattr(args, "input_size", 0)
    return f'at_size("{name}", {size})' if size else name


def predict(args, rows, computes, meta, log):
    calibrate(args, rows, meta, log)
    dev, dev_let, has_bundle = choose_device(args, meta, log)
    reports, targets = [], []  # report text; (row, field)

    def report(expr, row):
        reports.append(f"  report r{len(reports)} = {expr} in s\n")
        targets.append(row)

    for r in rows:
        if r["kind"] == "collective":
            rid = ident(r["rate"])
            r["mode"] = "calibrated"
            report(f"c.{r['op']}_{rid}({r['bytes']} B, {r['p']}, c.link_{rid})", r)
    out = []
    lets = []
    if has_bundle:
        for (name, batch, p, rate), cm in computes.items():
            if p != 1:
                continue
            lets.append(f"  let k_{name}_{batch} = serial({network(args, name)}, setup(c.cluster_{ident(args.rates[0])}(1, {dev})), "
                        f"{batch})\n")
            row = {"kind": "training", "op": "compute", "rate": "", "p": 1, "model": name, "batch": batch,
                   "bytes": cm["grad_bytes"], "mode": "all_predicted", "measured_s": cm["iter_s"]}
            out.append(row)
            k = f"k_{name}_{batch}"
            report(f"{k}.fwd + {k}.bwd + {k}.update", row)
    for r in rows:
        out.append(r)
        if r["kind"] != "training":
            continue
        name, batch, p, rid = r["model"], r["batch"], r["p"], ident(r["rate"])
        cm = computes[(name, batch, p, r["rate"])]
        sh = share(args, p)
        cl = f"c.cluster_{rid}({p}, {dev})"
        common = f"{network(args, name)}, {cl}, c.coll_{rid}, {p}, {batch}"
        ddp_opts = f"{r['bucket_cap']} B, {r['first_bucket']} B, {'true' if overlaps(args, p) else 'false'}"
        measured_plan = f"ddp_measured({common}, {cm['fwd_s']!r} s, {cm['bwd_s']!r} s, 1.0, {ddp_opts})"
        if r["op"] == "comm":
            r["mode"] = "predicted"
            report(f"{measured_plan}.comm", r)
            continue
        r["mode"] = "compute_measured"
        report(f"iteration_with_update({measured_plan}, {cm['update_s']!r} s, 1.0)", r)
        if has_bundle:
            k = f"k_{name}_{batch}"
            twin = dict(r, mode="all_predicted")
            out.append(twin)
            report(f"iteration_with_update(ddp_measured({common}, {k}.fwd, {k}.bwd, {sh!r}, {ddp_opts}), {k}.update, {sh!r})", twin)
    spec = os.path.join(args.work, "predict.rl")
    with open(spec, "w") as fh:
        fh.write(HEAD.format(device=dev_let))
        fh.writelines(lets)
        fh.writelines(reports)
        fh.write("}\n")
    try:
        values = eval_reports(args.ringline, spec)
    except RinglineError as e:
        raise RuntimeError(f"ringline eval {spec} failed:\n{e.stderr[-3000:]}")
    for i, row in enumerate(targets):
        row["predicted_s"] = values[f"r{i}"]
    log(f"predicted {len(targets)} measurements ({spec})")
    return out
