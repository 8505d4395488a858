"""Convert ParaDL model descriptions into Ringline modules.

ParaDL (TruongThaoNguyen/paraDL-analysis, the oracle of Kahira et al., HPDC 2021) describes a
network in a `.net` / `.net_sc` text file and the layers that a model-parallel strategy
splits in a `.lc` file. This tool reads them and writes a Ringline module with one list of
layer records per model, in ParaDL's own terms (docs/paradl.md is the specification of what
the oracle computes from them; data/paradl/README.md lists the generated files).

Input formats (as the oracle reads them):

  .net / .net_sc   line 1 `Dataset|NAME`, line 2 `Input|NxC[xW[xH[xD]]]` (N = dataset
                   size), line 3 `Model|NAME`; every later line with at least four `|`
                   fields is a layer `NAME|x|w|y[|t]`, where x = CxWxH[xD] is the input per
                   sample, w = CxFxKxK[xK] the weights (pooling `0x0xKxK`, weight-less
                   element-wise layers `CxCx0x0`), y = FxWxH[xD] the output per sample and
                   t the measured training time per sample in seconds (the `.net_sc` files
                   give the whole network's time on the first layer and 0 elsewhere).
                   Lines starting with `#` are comments. Lines are counted from the top of
                   the file, comments included, so the three header lines must come first.
                   CR-LF line ends and blanks around numbers are accepted.
  .lc              one line per layer, in the network's order, `NAME|FLAG`; FLAG `0` or
                   empty means the layer runs unsplit, anything else that it is split.
                   Only the position counts; NAME is not checked against the network.
  .plat            six `KEY|value|unit` lines: MEM_PER_NODE, NODE_SPEED, BANDWIDTH,
                   LATENCY, MAX_NODE, GPU_PER_NODE, in that order.

Output: a Ringline module that imports the shared record types of `stdlib.paradl_net` (written
by `--shared`) and defines, for a prefix P,

  P_model, P_dataset_name   the `Model|` and `Dataset|` names (String)
  P_dataset                 the number of samples (Int; the first field of `Input|`)
  P_input                   the per-sample input shape (the rest of `Input|`)
  P_sample_time             the sum of the layers' t (s): the measured per-sample time
  P_layers                  [PLayer], one record per layer line, in file order
  P_<name>_lc               [Bool], one per layer, for each `--lc NAME=FILE`

With `--summary LOG` it instead copies the N-th (`--run N`, default 1) SUMMARY table of an
oracle log into CSV: columns strategy,B,p,mem_bytes,tcomp_s,tcomm_s,time_s,cost with each
number's text exactly as the oracle printed it (Python 2 `str()`: 12 significant digits,
exponent notation from 1e11 up), then p1,p2: for the hybrid rows (df, ds) the data-parallel
group count p/P2 and the group size P2 (`--p2`, default 4, the .plat's GPU_PER_NODE), empty
for the other rows.

A PLayer's `kind` is the first of CONV, MPOOL, APOOL, RELU, FC, BNORM, ADD that occurs in
its name (the order in which the oracle tests them when it counts FLOPs), else DROPOUT if
the name contains it, else OTHER. A name that contains two of the keywords is reported on
stderr, because the oracle decides other things (which layers count in the memory sums) by
substring, not by kind. `t` is written only where it is not 0; `measured = false` marks a
layer line without a time field (the oracle then uses FLOPs / NODE_SPEED for it).
`parallel` is true unless `--apply-lc NAME` copies that `.lc` list into the records.

Files are read from the file system, or with `--git-dir DIR` from the HEAD commit of a git
repository (`git show HEAD:PATH`), e.g. the mirror of paraDL-analysis. Standard library
only (Python 3.8+).

Examples:
  python3 -m tools.data.paradl_import --shared --plat ABCI.plat -o stdlib/paradl_net.rl
  python3 -m tools.data.paradl_import model/RESNET50_ImageNet_profall.net_sc --prefix resnet50 \\
      --lc filter=model/filter_resnet.lc -o examples/paradl/nets/resnet50.rl
"""
import argparse
import math
import subprocess
import sys

REPO = "TruongThaoNguyen/paraDL-analysis"
KINDS = ["CONV", "MPOOL", "APOOL", "RELU", "FC", "BNORM", "ADD"]


class Source:
    """Reads a path from the file system or from a git repository's HEAD."""

    def __init__(self, git_dir=None, rev="HEAD"):
        self.git_dir = git_dir
        self.rev = rev

    def read(self, path):
        if self.git_dir:
            out = subprocess.run(["git", "--git-dir", self.git_dir, "show", "%s:%s" % (self.rev, path)],
                                 check=True, capture_output=True)
            data = out.stdout
        else:
            with open(path, "rb") as f:
                data = f.read()
        return data.decode("utf-8")


def _lines(text):
    # The oracle strips '\r' and '\n' from each line; the files mix LF and CR-LF ends.
    return [l.replace("\r", "") for l in text.split("\n")]


def _dims(field, what, lineno):
    try:
        return [int(d) for d in field.split("x")]
    except ValueError:
        raise SystemExit("line %d: %s `%s` is not a list of integers joined by x" % (lineno, what, field))


def kind_of(name):
    hits = [k for k in KINDS if k in name]
    if "DROPOUT" in name:
        hits.append("DROPOUT")
    if len(hits) > 1:
        print("warning: layer name %s contains %s; kind %s" % (name, "/".join(hits), hits[0]), file=sys.stderr)
    return hits[0] if hits else "OTHER"


def parse_net(text):
    """Returns a dict: model, dataset_name, dataset (int), input ([int]), layers (list of dicts)."""
    net = {"model": "", "dataset_name": "", "dataset": 0, "input": [], "layers": [], "comments": 0}
    for lineno, line in enumerate(_lines(text), start=1):
        f = line.split("|")
        if lineno == 1:
            net["dataset_name"] = f[1].strip() if len(f) >= 2 else ""
        elif lineno == 2:
            if len(f) < 2:
                raise SystemExit("line 2: expected Input|NxCxWxH")
            d = [x.strip() for x in f[1].split("x")]
            # The oracle reads the size as a float; every published file has an integer.
            size = float(d[0])
            if size != int(size):
                raise SystemExit("line 2: dataset size %s is not an integer" % d[0])
            net["dataset"] = int(size)
            net["input"] = [int(x) for x in d[1:]]
        elif lineno == 3:
            net["model"] = f[1].strip() if len(f) >= 2 else ""
        elif len(f) >= 4:
            layer = {"name": f[0], "kind": kind_of(f[0]),
                     "x": _dims(f[1], "x", lineno), "w": _dims(f[2], "w", lineno), "y": _dims(f[3], "y", lineno),
                     "t": None}
            if len(f) >= 5:
                layer["t"] = float(f[4])
            net["layers"].append(layer)
        elif line.startswith("#"):
            net["comments"] += 1
        elif line.strip():
            print("warning: line %d ignored (the oracle warns and skips it): %r" % (lineno, line), file=sys.stderr)
    return net


def parse_lc(text):
    flags = []
    for line in _lines(text):
        f = line.split("|")
        if len(f) >= 2:
            flags.append(not (f[1] == "0" or f[1] == ""))
    return flags


def parse_plat(text):
    keys = ["MEM_PER_NODE", "NODE_SPEED", "BANDWIDTH", "LATENCY", "MAX_NODE", "GPU_PER_NODE"]
    vals = {}
    for i, line in enumerate(_lines(text)[:6]):
        f = line.split("|")
        if len(f) >= 2:
            vals[keys[i]] = float(f[1])
    return vals


def numel(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def summary(net):
    """Totals the way the oracle's memory and data-parallel formulas use them."""
    sx = sum(numel(l["x"]) for l in net["layers"] if "RELU" not in l["name"] and "BNORM" not in l["name"])
    sy = sum(numel(l["y"]) for l in net["layers"] if "RELU" not in l["name"] and "BNORM" not in l["name"])
    sw = sum(numel(l["w"]) for l in net["layers"])
    return sx, sy, sw


def real(v):
    """Shortest text that reads back as the same double, as a Ringline literal."""
    v = float(v)
    if not math.isfinite(v):
        raise SystemExit("not a finite number: %r" % v)
    if v == int(v) and abs(v) < 2 ** 53:
        return str(int(v))
    return repr(v)


def rl_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rl_ints(v):
    return "[" + ", ".join(str(i) for i in v) + "]"


def rl_bools(v):
    return "[" + ", ".join("true" if b else "false" for b in v) + "]"


def emit_model(net, prefix, sources, lcs, apply_lc):
    p = prefix
    layers = net["layers"]
    for name, flags in lcs:
        if len(flags) != len(layers):
            raise SystemExit("%s: %d flags for %d layers" % (name, len(flags), len(layers)))
    par = dict(lcs)[apply_lc] if apply_lc else [True] * len(layers)
    sx, sy, sw = summary(net)
    times = [l["t"] for l in layers if l["t"] is not None]
    out = []
    out.append("// Generated by tools/data/paradl_import.py from %s %s" % (REPO, sources[0]))
    for s in sources[1:]:
        out.append("//   and %s" % s)
    out.append("// Do not edit: data/paradl/README.md has the command that regenerates this file.")
    out.append("// %d layers; |w| total %d; |x| total %d and |y| total %d without RELU and BNORM layers"
               % (len(layers), sw, sx, sy))
    out.append("// (the oracle's Σ|w|, Σ|x|, Σ|y|, docs/paradl.md).")
    if any(l["t"] is None for l in layers):
        out.append("// Layers with measured = false have no time field: the oracle uses FLOPs / NODE_SPEED.")
    out.append('import stdlib.paradl_net')
    out.append("")
    out.append("let %s_model = %s" % (p, rl_string(net["model"])))
    out.append("let %s_dataset_name = %s" % (p, rl_string(net["dataset_name"])))
    out.append("let %s_dataset = %d" % (p, net["dataset"]))
    out.append("let %s_input = %s" % (p, rl_ints(net["input"])))
    out.append("let %s_sample_time = %s s" % (p, real(math.fsum(times)) if times else "0"))
    out.append("let %s_layers = [" % p)
    for i, l in enumerate(layers):
        fields = ["name = %s" % rl_string(l["name"]), "kind = %s" % rl_string(l["kind"]),
                  "x = %s" % rl_ints(l["x"]), "w = %s" % rl_ints(l["w"]), "y = %s" % rl_ints(l["y"])]
        if l["t"] is None:
            fields.append("measured = false")
        elif l["t"] != 0:
            fields.append("t = %s s" % real(l["t"]))
        if not par[i]:
            fields.append("parallel = false")
        sep = "," if i + 1 < len(layers) else ""
        out.append("  PLayer { %s }%s  // %d" % (", ".join(fields), sep, i))
    out.append("]")
    for name, flags in lcs:
        out.append("let %s_%s_lc = %s" % (p, name, rl_bools(flags)))
    return "\n".join(out) + "\n"


def emit_shared(plat, plat_path):
    out = []
    out.append("// Record types for ParaDL's model descriptions (docs/paradl.md); the per-model modules")
    out.append("// beside this file are generated by tools/data/paradl_import.py.")
    if plat is not None:
        out.append("// Generated by tools/data/paradl_import.py --shared from %s %s;" % (REPO, plat_path))
        out.append("// the oracle's other constants are in docs/paradl.md section 1.")
    out.append("")
    out.append("// One layer line of a .net file. x, w, y are ParaDL's shapes per sample: x = [C, W, H(, D)],")
    out.append("// w = [C, F, K, K(, K)] (pooling [0, 0, K, K], weight-less element-wise [C, C, 0, 0]),")
    out.append("// y = [F, W', H'(, D')]. t is the measured training time per sample given on the line")
    out.append("// (the .net_sc files put the whole network's time on the first layer); measured is false")
    out.append("// when the line has no time field. parallel is the layer's .lc flag when one was applied.")
    out.append("record PLayer { name: String, kind: String, x: [Int], w: [Int], y: [Int], t: s = 0 s,")
    out.append("                measured: Bool = true, parallel: Bool = true }")
    if plat is not None:
        out.append("")
        out.append("// The .plat file (%s). Of these the oracle uses MEM_PER_NODE (memory limit and" % plat_path)
        out.append("// samples per GPU), NODE_SPEED (only for layers without a measured time), MAX_NODE (caps")
        out.append("// --cmaxp) and GPU_PER_NODE (P2 of the hybrids); BANDWIDTH and LATENCY are read but the")
        out.append("// communication uses the hard-coded ABCI tiers of docs/paradl.md instead.")
        out.append("record PPlat { mem_per_node: B, node_speed: FLOP/s, bandwidth: B/s, latency: s,")
        out.append("               max_node: Int, gpu_per_node: Int }")
        out.append("let paradl_abci_plat = PPlat { mem_per_node = %s B, node_speed = %s FLOP/s," % (
            real(plat["MEM_PER_NODE"]), real(plat["NODE_SPEED"])))
        out.append("  bandwidth = %s B/s, latency = %s s, max_node = %d, gpu_per_node = %d }" % (
            real(plat["BANDWIDTH"]), real(plat["LATENCY"]), int(plat["MAX_NODE"]), int(plat["GPU_PER_NODE"])))
    return "\n".join(out) + "\n"


def summary_csv(text, run, p2):
    lines = _lines(text)
    starts = [i for i, l in enumerate(lines) if l.startswith("==================SUMMARY")]
    if not 1 <= run <= len(starts):
        raise SystemExit("the log has %d SUMMARY tables, not a run %d" % (len(starts), run))
    i = starts[run - 1] + 1
    if not lines[i].startswith("name"):
        raise SystemExit("unexpected SUMMARY header: %r" % lines[i])
    out = ["strategy,B,p,mem_bytes,tcomp_s,tcomm_s,time_s,cost,p1,p2"]
    for l in lines[i + 1:]:
        if not l.strip() or l.startswith("#") or l.startswith("-net"):
            break
        f = [x for x in l.split("\t") if x != ""]
        if len(f) != 8:
            raise SystemExit("unexpected SUMMARY row: %r" % l)
        p1 = p2s = ""
        if f[0] in ("df", "ds"):
            p = float(f[2])
            if p % p2:
                raise SystemExit("p = %s is not a multiple of P2 = %d" % (f[2], p2))
            p1, p2s = str(int(p) // p2), str(p2)
        out.append(",".join(f + [p1, p2s]))
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="See the module docstring (head of this file) for the formats.")
    ap.add_argument("net", nargs="?", help="the .net / .net_sc file")
    ap.add_argument("--prefix", help="name prefix of the Ringline definitions, e.g. resnet50")
    ap.add_argument("--lc", action="append", default=[], metavar="NAME=FILE",
                    help="a .lc file; defines PREFIX_NAME_lc (repeatable)")
    ap.add_argument("--apply-lc", metavar="NAME", help="also copy that .lc into the records' parallel field")
    ap.add_argument("--shared", action="store_true", help="write the shared record module instead")
    ap.add_argument("--plat", help="with --shared: a .plat file to write as paradl_abci_plat")
    ap.add_argument("--summary", metavar="LOG", help="write the SUMMARY table of an oracle log as CSV instead")
    ap.add_argument("--run", type=int, default=1, help="with --summary: which SUMMARY table (default 1)")
    ap.add_argument("--p2", type=int, default=4, help="with --summary: P2 of the hybrid rows (default 4)")
    ap.add_argument("--git-dir", help="read the files from this git repository's HEAD")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    a = ap.parse_args(argv)
    src = Source(a.git_dir)
    if a.summary:
        text = summary_csv(src.read(a.summary), a.run, a.p2)
    elif a.shared:
        plat = parse_plat(src.read(a.plat)) if a.plat else None
        text = emit_shared(plat, a.plat)
    else:
        if not a.net or not a.prefix:
            ap.error("give a .net file and --prefix (or --shared)")
        net = parse_net(src.read(a.net))
        lcs, sources = [], [a.net]
        for spec in a.lc:
            name, _, path = spec.partition("=")
            if not path:
                ap.error("--lc takes NAME=FILE")
            lcs.append((name, parse_lc(src.read(path))))
            sources.append(path)
        if a.apply_lc and a.apply_lc not in dict(lcs):
            ap.error("--apply-lc %s: no --lc of that name" % a.apply_lc)
        text = emit_model(net, a.prefix, sources, lcs, a.apply_lc)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
