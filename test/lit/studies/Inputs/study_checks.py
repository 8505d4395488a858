"""Relations between the rows of the studies' CSVs (examples/*/charts.sh --no-charts):
each check prints one line with the count of rows it held for, and exits 1 naming the
first row where it did not, so a lit test FileChecks the lines.
  study_checks.py barrachina|keuper|li DIR
"""
import csv
import math
import sys


def rows(path):
    """The CSV's rows as dicts keyed by the column names without their units."""
    with open(path, newline="") as f:
        r = csv.reader(f)
        names = [h.split("[")[0] for h in next(r)]
        return [dict(zip(names, row)) for row in r]


def num(row, col):
    return float(row[col])


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def increasing(rs, key, col, strict=False):
    """Groups rows by `key` (a tuple of columns) and checks `col` grows along each group."""
    groups = {}
    for r in rs:
        groups.setdefault(tuple(r[k] for k in key), []).append(num(r, col))
    for k, vs in groups.items():
        for a, b in zip(vs, vs[1:]):
            if b < a or (strict and b == a):
                fail(f"{col} does not grow along {k}: {vs}")
    return len(groups)


def barrachina(d):
    nodes = rows(f"{d}/nodes.csv")
    n = increasing(nodes, ("net", "gpu"), "comm", strict=True)
    print(f"nodes: comm grows with the node count in {n} of 4 series")
    n = increasing([dict(r, e=-num(r, "efficiency")) for r in nodes], ("net", "gpu"), "e")
    print(f"nodes: efficiency falls with the node count in {n} of 4 series")
    flops = rows(f"{d}/flops.csv")
    n = increasing(flops, ("net", "gpu"), "comm_share", strict=True)
    print(f"flops: the communication share grows with the node's FLOP/s in {n} of 4 series")
    link = rows(f"{d}/link.csv")
    n = increasing([dict(r, e=-num(r, "comm")) for r in link], ("net", "gpu"), "e", strict=True)
    print(f"link: comm falls with the link bandwidth in {n} of 4 series")
    # The roofline device has no kernel models; the bundled one models nearly every layer.
    for path in ("batch", "flops", "membw", "link", "nodes"):
        for r in rows(f"{d}/{path}.csv"):
            k = num(r, "kernel_models")
            if (r["gpu"] == "v100_roofline") != (k == 0) or (r["gpu"] == "epyc_cpu" and k < 0.9):
                fail(f"{path}: kernel_models {k} on {r['gpu']}")
    print("sources: v100_roofline all roofline, epyc_cpu at least 90% kernel models")
    share = max(num(r, "comm_share") for p in ("batch", "flops", "membw", "link", "nodes")
                for r in rows(f"{d}/{p}.csv") if r["gpu"] == "epyc_cpu")
    print(f"epyc_cpu: communication at most {share:.3f} of an iteration")
    # Overlapping the per-layer allreduces never loses.
    worse = [r for p in ("batch", "nodes", "link") for r in rows(f"{d}/{p}.csv")
             if num(r, "iter_overlap") > num(r, "iter")]
    if worse:
        fail(f"overlapped slower: {worse[0]}")
    print("overlap: never slower than blocking")


def keuper(d):
    weak = rows(f"{d}/weak.csv")
    strong = rows(f"{d}/strong.csv")
    n = increasing([dict(r, e=-num(r, "efficiency")) for r in weak], ("work", "net"), "e")
    print(f"weak: efficiency falls with the node count in {n} of 15 series")
    n = increasing([dict(r, e=-num(r, "efficiency")) for r in strong], ("work", "net"), "e")
    print(f"strong: efficiency falls with the node count in {n} of 15 series")
    # Faster Ethernet never scales worse, point by point (same workload and node count),
    # and EDR, 100 Gbit/s at 1.5 us against Ethernet's 20 us, never worse than 100 GbE.
    # (NVLink's 9 us per ring step can lose to EDR at hundreds of nodes: not checked.)
    order = ["gbe1", "gbe10", "gbe100", "edr"]
    for name, rs in (("weak", weak), ("strong", strong)):
        at = {(r["work"], r["net"], r["nodes"]): num(r, "efficiency") for r in rs}
        pairs = 0
        for (w, net, p), e in at.items():
            i = order.index(net) if net in order else len(order)
            if i + 1 < len(order):
                if at[(w, order[i + 1], p)] < e:
                    fail(f"{name}: {order[i + 1]} below {net} for {w} at {p}")
                pairs += 1
        print(f"{name}: a faster network is never less efficient ({pairs} pairs)")
    # NVLink's 9 us per ring step against EDR's 1.5 us: the counts where EDR is ahead.
    at = {(r["work"], r["net"], r["nodes"]): num(r, "efficiency") for r in weak}
    ahead = sorted((w, int(p)) for (w, net, p) in at if net == "edr" and at[(w, "nvlink1", p)] < at[(w, net, p)])
    print("weak: EDR more efficient than NVLink for " + ", ".join(f"{w} at {p}" for w, p in ahead))
    # AlexNet is the more communication-bound workload on every network (Keuper and
    # Pfreundt: its fully connected layers carry most of its 61M parameters).
    lim = {(r["work"], r["net"]): r for r in rows(f"{d}/limits.csv")}
    for net in order + ["nvlink1"]:
        if num(lim[("alexnet_b256", net)], "ratio_limit") <= num(lim[("googlenet_b32", net)], "ratio_limit"):
            fail(f"AlexNet not more communication-bound than GoogLeNet on {net}")
    print("limits: AlexNet's communication/compute ratio is above GoogLeNet's on all 5 networks")


def li(d):
    nodes = rows(f"{d}/nodes.csv")
    at = {(r["job"], r["mode"], r["nodes"]): num(r, "efficiency") for r in nodes}
    pairs = [(k, at[(k[0], "overlap", k[2])]) for k in at if k[1] == "blocking"]
    for k, ov in pairs:
        if ov < at[k]:
            fail(f"overlapped below blocking at {k}")
    print(f"nodes: overlapped at least as efficient as blocking at {len(pairs)} of 18 points")
    strag = rows(f"{d}/stragglers.csv")
    for r in strag:
        # The slowest GPU's extra compute is the iteration's extra time, overlapped or not.
        if not math.isclose(num(r, "straggler_cost"), num(r, "straggler_delay"), rel_tol=1e-9, abs_tol=1e-9):
            fail(f"straggler cost {r['straggler_cost']} != delay {r['straggler_delay']} in {r}")
    print(f"stragglers: the cost is the slowest GPU's delay, not hidden, at {len(strag)} points")
    n = increasing([dict(r, e=-num(r, "efficiency")) for r in strag if r["cv"] != "0"],
                   ("job", "mode", "cv"), "e", strict=True)
    print(f"stragglers: efficiency falls with the node count in {n} of 16 series with a spread")


if __name__ == "__main__":
    {"barrachina": barrachina, "keuper": keuper, "li": li}[sys.argv[1]](sys.argv[2])
