"""Profile the kernels of docs/kernel-models.md with PyTorch and write the profile CSV.

  python3 -m tools.profiling.profile_kernels --device cpu|cuda [--grid small|full] [--threads N]
      [--seed S] [--max-minutes M] [--kinds k1,k2] [--clock wall|cpu] [--replay PROFILE.csv]
      [--conv-shapes mixed|odd] -o kernels.csv

Every kind of the kinds table is timed over a grid of configurations: the layers of the
torchvision models (conv, linear, batchnorm, pooling, relu shapes), CosmoFlow-like 3-D
convolutions and transformer GEMMs (GPT-2 small / BERT-base) at several batch sizes, plus
a seeded random grid around them (perturbed channels, sizes and batch; random kernel,
stride, padding and groups). Configurations run in one shuffled order across all kinds,
so a run cut short by --max-minutes (or a signal) still covers every kind; the rows are
written sorted by kind.

  --grid small   40 rows per conv/GEMM kind, 25 for the others (~1 minute on one CPU core)
  --grid full    480 rows per conv/GEMM kind, 180 for the others (default; 10 minutes on
                 one core of the idle 2-core build VM, 17 with builds running beside it;
                 on CUDA each row is also run in float16)

--replay PROFILE.csv measures the configurations of an earlier profile again instead of a
grid: on a VM, a run minutes later can find the machine in a slower state (the same
configuration 2x slower in one run out of three), and tools/profiling/merge_profiles.py keeps each
configuration's fastest run.

--conv-shapes odd draws the convolution kinds' configurations only from the classes the
models miss most: random depthwise (40%), grouped (40%) and image-stem (20%) convolutions
around the workloads' layers, none of the exact layers. A run of it adds rows of those
classes to a profile made with the default grid (mixed), whose draws it leaves unchanged.

--workloads twins draws the grid around the layers of tools/validation/torch_twins.py's
models (the CNNs tools/validation/validate.py trains) instead of torchvision's, and needs no
torchvision.

The grid depends only on the arguments (--seed, --grid, --device, --threads, --kinds,
--workloads).
Configurations estimated to take too long per call are skipped (on CPU: batches 1..16,
3-D volumes scaled down). On CPU the default is one thread; on CUDA timing uses events and
cuDNN's autotuner (torch.backends.cudnn.benchmark).

On CPU each row also times a fixed probe convolution just before it (column probe_s;
--no-probe leaves it out): tools/profiling/merge_profiles.py divides a row's times by the probe's
slowdown at that moment, which takes most of a VM's drift out of the profile.

The output starts with `# key: value` lines describing the device (name, device, cores,
threads, clock_mhz, on CPU cpu_family, cpu_model and isa, torch, date, grid, seed,
conv_shapes, peak_flops, mem_bw, ...), then
the header `kind,features,median_s,min_s,p10_s,p90_s,reps` and one row per configuration;
features are the kind's integers in the table's order, space-separated. Progress goes to
stderr.

Only Debian's /usr/bin/python3 has torch here (python3-torch); run with another
interpreter, the module re-runs itself under that one (RINGLINE_TORCH_PYTHON overrides).
"""
import argparse
import datetime
import math
import os
import random
import signal
import subprocess
import sys
import time

from ..common import command_line, cpu_info, import_torch, keep_freed_memory, quantile, read_profile, \
    weights_uninitialised, write_header

# The contract (docs/kernel-models.md): kind -> feature names, in CSV order.
CONV2D = ("n", "cin", "h", "w", "cout", "kh", "kw", "sh", "sw", "ph", "pw", "groups", "dtype")
CONV3D = ("n", "cin", "d", "h", "w", "cout", "k", "s", "p", "groups", "dtype")
GEMM = ("m", "k", "n", "dtype")
BN = ("n", "c", "spatial", "dtype")
POOL = ("n", "c", "h", "w", "k", "s", "p", "max", "dtype")
KINDS = {
    "conv2d_fwd": CONV2D, "conv2d_bwd_data": CONV2D, "conv2d_bwd_filter": CONV2D,
    "conv3d_fwd": CONV3D, "conv3d_bwd_data": CONV3D, "conv3d_bwd_filter": CONV3D,
    "gemm_fwd": GEMM, "gemm_bwd_data": GEMM, "gemm_bwd_weight": GEMM,
    "bn_fwd": BN, "bn_bwd": BN,
    "pool_fwd": POOL, "pool_bwd": POOL,
    "eltwise": ("n", "elems", "inputs", "dtype"),
}
CSV_HEADER = "kind,features,median_s,min_s,p10_s,p90_s,reps"
# With --probe (the CPU default) each row also has the probe kernel's time just before it.
PROBE_HEADER = CSV_HEADER + ",probe_s"
# The probe: a oneDNN 3x3 convolution of about 3 ms on the build VMs. A VM's speed drifts
# by up to 1.6x within a minute (other tenants), and kernels measured back to back slow
# down together, so a row's time divided by the probe's at that moment varies about half
# as much from run to run as the raw time (a mean of 14-15% against 25-29% on the Xeon's
# convolutions; docs/kernel-models.md, "Probe normalisation"). merge_profiles.py applies it.
PROBE_KIND, PROBE_FEATURES = "conv2d_fwd", (8, 64, 28, 28, 64, 3, 3, 1, 1, 1, 1, 1, 4)
PROBE_CALLS = 3

# Rows wanted per kind: conv/GEMM kinds need more (more features, wider range).
TARGETS = {
    "small": {"conv": 40, "gemm": 40, "other": 25},
    "full": {"conv": 480, "gemm": 480, "other": 180},
}


def family(kind):
    if kind.startswith("conv"):
        return "conv"
    if kind.startswith("gemm"):
        return "gemm"
    return "other"


def out_size(i, k, s, p):
    return (i + 2 * p - k) // s + 1


# ---- FLOPs and bytes (the doc's formulas; used to estimate cost and skip big configs) ----

def flops_bytes(kind, f):
    if kind.startswith("conv2d"):
        n, cin, h, w, cout, kh, kw, sh, sw, ph, pw, g, dt = f
        oh, ow = out_size(h, kh, sh, ph), out_size(w, kw, sw, pw)
        fl = 2 * n * cout * oh * ow * (cin // g) * kh * kw
        by = dt * (n * cin * h * w + cout * (cin // g) * kh * kw + n * cout * oh * ow)
    elif kind.startswith("conv3d"):
        n, cin, d, h, w, cout, k, s, p, g, dt = f
        od, oh, ow = out_size(d, k, s, p), out_size(h, k, s, p), out_size(w, k, s, p)
        fl = 2 * n * cout * od * oh * ow * (cin // g) * k ** 3
        by = dt * (n * cin * d * h * w + cout * (cin // g) * k ** 3 + n * cout * od * oh * ow)
    elif kind.startswith("gemm"):
        m, k, n, dt = f
        fl, by = 2 * m * k * n, dt * (m * k + k * n + m * n)
    elif kind == "bn_fwd":
        n, c, sp, dt = f
        fl, by = 5 * n * c * sp, dt * 2 * n * c * sp
    elif kind == "bn_bwd":
        n, c, sp, dt = f
        fl, by = 8 * n * c * sp, dt * 3 * n * c * sp
    elif kind.startswith("pool"):
        n, c, h, w, k, s, p, _, dt = f
        fl = n * c * h * w
        by = dt * (n * c * h * w + n * c * out_size(h, k, s, p) * out_size(w, k, s, p))
    else:
        n, elems, inputs, dt = f
        fl, by = n * elems, dt * n * elems * (inputs + 1)
    return fl, by


def largest_tensor(kind, f):
    """Elements of the biggest tensor a configuration allocates (memory guard)."""
    if kind.startswith("conv2d"):
        n, cin, h, w, cout, kh, kw, sh, sw, ph, pw, g, _ = f
        return max(n * cin * h * w, n * cout * out_size(h, kh, sh, ph) * out_size(w, kw, sw, pw),
                   cout * (cin // g) * kh * kw)
    if kind.startswith("conv3d"):
        n, cin, d, h, w, cout, k, s, p, g, _ = f
        o = out_size(d, k, s, p) * out_size(h, k, s, p) * out_size(w, k, s, p)
        return max(n * cin * d * h * w, n * cout * o, cout * (cin // g) * k ** 3)
    if kind.startswith("gemm"):
        m, k, n, _ = f
        return max(m * k, k * n, m * n)
    if kind.startswith("bn"):
        return f[0] * f[1] * f[2]
    if kind.startswith("pool"):
        return f[0] * f[1] * f[2] * f[3]
    return f[0] * f[1]


def cpu_conv_uses_onednn(n, cin, spatial, kernel, strided, groups, threads):
    """Whether torch 1.13 sends a float32 CPU convolution to oneDNN (ConvParams::use_mkldnn)
    rather than to its im2col + BLAS fallback. `spatial` are the input sizes, `kernel` the
    kernel sizes (2 or 3 of each)."""
    one_by_one = kernel[-1] == 1 and kernel[-2] == 1
    # 1x1 unstrided kernels stay on the fallback at batch < 16 on one thread...
    if one_by_one and not strided and n < 16 and threads == 1:
        return False
    # ...and so do small ungrouped batch-1 inputs with kernels up to 3 wide.
    big_kernel = kernel[-1] > 3 and kernel[-2] > 3
    return groups > 1 or big_kernel or n > 1 or n * cin * spatial[0] * spatial[1] > 20480


class CostModel:
    """A rough a-priori time per call, only to keep the grid inside the time budget and to
    print an ETA; the profile itself never uses it.

    The rates come from the measured peaks. On CPU, Debian's torch has a generic
    (reference) BLAS, so convolutions that torch routes to its im2col + BLAS fallback run an
    order of magnitude below oneDNN; and its 2-D max pooling visits only ~3e8 window
    elements per second, far below the memory bandwidth.
    """

    # Window elements per second: (max forward, average forward and backward); the max
    # pooling backward is a scatter of the outputs, bound by memory.
    POOL_RATE = {"cpu": (3e8, 1.5e9), "cuda": (1e11, 1e11)}

    def __init__(self, device, matmul_flops, conv_flops, mem_bw, threads):
        self.device, self.mm, self.conv, self.bw, self.threads = device, matmul_flops, conv_flops, mem_bw, threads
        self.overhead = 15e-6 if device == "cpu" else 30e-6

    def conv_rate(self, kind, n, cin, spatial, cout, kernel, strided, g):
        # Thin groups starve the vector units (depthwise runs far below peak).
        eff = min(1.0, max(0.02, min(cin // g, cout // g) / 64.0))
        if self.device == "cpu" and not cpu_conv_uses_onednn(n, cin, spatial, kernel, strided, g, self.threads):
            return 0.4 * self.mm * eff
        return self.conv * eff * (0.7 if "bwd" in kind else 1.0)

    def compute_seconds(self, kind, f):
        if kind.startswith("gemm"):
            return flops_bytes(kind, f)[0] / self.mm
        if kind.startswith("conv2d"):
            n, cin, h, w, cout, kh, kw, sh, sw, ph, pw, g, _ = f
            rate = self.conv_rate(kind, n, cin, (h, w), cout, (kh, kw), sh > 1 or sw > 1, g)
            return flops_bytes(kind, f)[0] / rate
        if kind.startswith("conv3d"):
            n, cin, d, h, w, cout, k, s, p, g, _ = f
            rate = self.conv_rate(kind, n, cin, (d, h), cout, (k, k), s > 1, g)
            return flops_bytes(kind, f)[0] / rate
        if kind.startswith("pool"):
            n, c, h, w, k, s, p, mx, _ = f
            window = n * c * out_size(h, k, s, p) * out_size(w, k, s, p) * k * k
            if mx and kind == "pool_bwd":
                return 0.0
            return window / self.POOL_RATE[self.device][0 if mx else 1]
        return 0.0

    def seconds(self, kind, f):
        by = flops_bytes(kind, f)[1]
        # Memory-bound kernels reach a fraction of the copy bandwidth (batchnorm's several
        # passes the least).
        mem = (5.0 if kind == "bn_fwd" else 2.0) * by / self.bw
        return self.overhead + max(self.compute_seconds(kind, f), mem)


# (matmul FLOP/s, conv FLOP/s, copy B/s) the grid is planned with: about what this project's
# 2-core EPYC build machine measures on one thread (generic BLAS, oneDNN), and an H100/H200-class GPU.
NOMINAL_RATES = {"cpu": (5e9, 1.5e11, 2.5e10), "cuda": (5e13, 5e13, 3e12)}


# ---- shapes of the workloads --------------------------------------------------------

TV_MODELS = [  # (torchvision builder, keyword arguments, input side)
    ("resnet18", {}, 224), ("resnet50", {}, 224), ("vgg16", {}, 224), ("alexnet", {}, 224),
    ("googlenet", {"aux_logits": False, "init_weights": False}, 224),
    ("inception_v3", {"aux_logits": False, "init_weights": False}, 299),
    ("densenet121", {}, 224), ("mobilenet_v2", {}, 224), ("squeezenet1_0", {}, 224),
    ("wide_resnet50_2", {}, 224), ("resnext50_32x4d", {}, 224),
]


def model_layers(workloads="torchvision"):
    """Per-sample layer shapes of the workloads' models, from forward hooks on the meta
    device (shapes without data: seconds for all of them): torchvision's (TV_MODELS), or
    the torch twins of tools/validation/torch_twins.py (`twins`: the models
    tools/validation/validate.py trains, no torchvision needed). Returns a dict of sets:
    conv2d (cin h w cout kh kw sh sw ph pw groups), linear (k n rows), bn (c spatial), pool
    (c h w k s p max), relu (elems)."""
    import torch

    out = {"conv2d": set(), "linear": set(), "bn": set(), "pool": set(), "relu": set()}

    def pair(v):
        return (v, v) if isinstance(v, int) else tuple(v)

    def hook(mod, inputs, output):
        x = inputs[0]
        if isinstance(mod, torch.nn.Conv2d):
            _, cin, h, w = x.shape
            kh, kw = mod.kernel_size
            sh, sw = mod.stride
            ph, pw = mod.padding
            out["conv2d"].add((cin, h, w, mod.out_channels, kh, kw, sh, sw, ph, pw, mod.groups))
            out["relu"].add(output[0].numel())  # a ReLU follows almost every conv
        elif isinstance(mod, torch.nn.Linear):
            out["linear"].add((mod.in_features, mod.out_features, x.numel() // mod.in_features))
        elif isinstance(mod, torch.nn.BatchNorm2d):
            out["bn"].add((x.shape[1], x.shape[2] * x.shape[3]))
        elif isinstance(mod, (torch.nn.MaxPool2d, torch.nn.AvgPool2d)):
            (k, k2), (s, _), (p, _) = pair(mod.kernel_size), pair(mod.stride or mod.kernel_size), pair(mod.padding)
            if k == k2:
                out["pool"].add((x.shape[1], x.shape[2], x.shape[3], k, s, p,
                                 int(isinstance(mod, torch.nn.MaxPool2d))))
        elif isinstance(mod, torch.nn.AdaptiveAvgPool2d):
            h, w = x.shape[2], x.shape[3]
            if h == w and tuple(output.shape[2:]) == (1, 1):  # global pooling = a k=h window
                out["pool"].add((x.shape[1], h, w, h, h, 0, 0))
        elif isinstance(mod, (torch.nn.ReLU, torch.nn.ReLU6)):
            out["relu"].add(x[0].numel())

    # Shapes need no weights.
    with weights_uninitialised(torch):
        for model, shape in workload_models(workloads):
            model = model.to("meta").eval()
            for mod in model.modules():
                mod.register_forward_hook(hook)
            with torch.no_grad():
                model(torch.zeros(1, *shape, device="meta"))
    return {k: sorted(v) for k, v in out.items()}


def workload_models(workloads):
    """(module, per-sample input shape) of each model of the workloads."""
    if workloads == "twins":
        from ..validation import torch_twins
        return [(torch_twins.build(n), shape) for n, shape in torch_twins.INPUTS.items()]
    import torchvision.models as tvm
    return [(getattr(tvm, builder)(weights=None, **kwargs), (3, side, side)) for builder, kwargs, side in TV_MODELS]


# CosmoFlow-like 3-D network (per sample): a 4-channel 128^3 volume, 3x3x3 convs with small
# channel counts, each followed by a pooling that halves the size: (cin, cout, side).
COSMOFLOW = [(4, 16, 128), (16, 32, 64), (32, 64, 32), (64, 128, 16), (128, 256, 8), (256, 256, 4)]

# GPT-2 small / BERT-base projections: hidden 768, QKV 2304, MLP 3072.
TRANSFORMER_DIMS = (768, 2304, 3072)


class Grid:
    """Draws configurations for each kind: the workloads' own shapes at several batches,
    then random perturbations of them, within the device's per-call time cap."""

    def __init__(self, device, grid, layers, cost, rng, conv_shapes="mixed"):
        self.device, self.layers, self.cost, self.rng = device, layers, cost, rng
        # "odd": only the convolution classes the models miss most (depthwise, grouped,
        # image stems), drawn at random around the workloads' layers.
        self.odd = conv_shapes == "odd"
        cpu = device == "cpu"
        self.max_batch = 16 if cpu else 256
        # Per-call cap: keeps one row (2 warm-up calls + >= 5 timed ones) under ~1 s on CPU.
        self.cap_s = {"small": 0.02, "full": 0.12}[grid] if cpu else {"small": 0.005, "full": 0.05}[grid]
        self.max_elems = (64 << 20) if cpu else (512 << 20)  # biggest tensor allowed
        # CPU conv3d cannot afford CosmoFlow's 128^3: scale volumes down.
        self.vol_scales = (1 / 2, 1 / 4, 1 / 8, 1 / 16) if cpu else (1, 1 / 2, 1 / 4)
        self.max_side3d = 64 if cpu else 160
        self.seqs = (16, 32, 64, 128, 256, 512) if cpu else (128, 256, 512, 1024, 2048)

    # -- random helpers --
    def logu(self, lo, hi):
        return int(round(math.exp(self.rng.uniform(math.log(lo), math.log(hi)))))

    def batch(self):
        if self.rng.random() < 0.5:
            return 2 ** self.rng.randint(0, int(math.log2(self.max_batch)))
        return self.logu(1, self.max_batch)

    def channels(self, c, lo=1, hi=4096):
        c = max(lo, min(hi, int(round(c * 2 ** self.rng.uniform(-1, 1)))))
        if c > 16 and self.rng.random() < 0.7:
            c = max(8, c // 8 * 8)
        return c

    def side(self, s):
        return max(1, int(round(s * 2 ** self.rng.uniform(-1.5, 0.5))))

    def fits(self, kind, f):
        return largest_tensor(kind, f) <= self.max_elems and self.cost.seconds(kind, f) <= self.cap_s

    @staticmethod
    def odd_class(u):
        """--conv-shapes odd: a uniform draw `u` to 40% depthwise, 40% grouped, 20% stems."""
        return "depthwise" if u < 0.4 else "grouped" if u < 0.8 else "stem"

    # -- per family: (exact workload configs, perturbed/random draw) --
    def conv2d_exact(self):
        l = self.rng.choice(self.layers["conv2d"])
        return (self.batch(),) + l + (4,)

    def conv2d_random(self):
        cin, h, w, cout, kh, kw, sh, sw, ph, pw, g = self.rng.choice(self.layers["conv2d"])
        depthwise = g > 1 and g == cin == cout
        if h == w:
            h = w = self.side(h)
        else:
            h, w = self.side(h), self.side(w)
        if self.rng.random() < 0.5:  # a fresh square kernel
            kh = kw = self.rng.choice((1, 3, 3, 5, 7))
            sh = sw = self.rng.choice((1, 1, 2))
            ph = pw = self.rng.randint(0, kh // 2)
        r = self.rng.random()
        if self.odd:
            cls = self.odd_class(r)
        else:
            cls = "depthwise" if depthwise or r < 0.12 else "grouped" if r < 0.22 else "dense"
        if cls == "depthwise":
            cin = cout = self.channels(cin)
            g = cin
            if kh == 1 and kw == 1:  # a depthwise 1x1 is a per-channel scale, not a layer
                kh = kw = self.rng.choice((3, 3, 5, 7))
                ph = pw = self.rng.randint(0, kh // 2)
        elif cls == "grouped":
            g = self.rng.choice((2, 4, 8, 16, 32))
            cin = max(1, self.channels(cin) // g) * g
            cout = max(1, self.channels(cout) // g) * g
        else:
            cin, cout, g = self.channels(cin), self.channels(cout), 1
        stem = cls == "stem" if self.odd else self.rng.random() < 0.1
        if stem:
            cin = self.rng.choice((1, 3, 4))  # image stems
            g = 1
        if h + 2 * ph < kh or w + 2 * pw < kw:
            return None
        return (self.batch(), cin, h, w, cout, kh, kw, sh, sw, ph, pw, g, 4)

    def conv3d_exact(self):
        cin, cout, side = self.rng.choice(COSMOFLOW)
        s = max(4, int(side * self.rng.choice(self.vol_scales)))
        return (self.batch(), cin, s, s, s, cout, 3, 1, 1, 1, 4)

    def conv3d_random(self):
        cin, cout, side = self.rng.choice(COSMOFLOW)
        cls = self.odd_class(self.rng.random()) if self.odd else None
        stem = cls == "stem" if self.odd else self.rng.random() < 0.2
        cin = self.rng.choice((1, 2, 4)) if stem else self.channels(cin, hi=512)
        cout = self.channels(cout, hi=512)
        d = self.logu(3, self.max_side3d)
        h, w = (d, d) if self.rng.random() < 0.8 else (self.logu(3, self.max_side3d), self.logu(3, self.max_side3d))
        k = self.rng.choice((1, 2, 3, 3, 3, 5))
        s = self.rng.choice((1, 1, 2))
        p = self.rng.randint(0, k // 2)
        g = 1
        r = self.rng.random()  # drawn in both modes, so the default grid's sequence stays
        if not self.odd:
            cls = "depthwise" if r < 0.08 else "grouped" if r < 0.15 else "dense"
        if cls == "depthwise":
            cout = cin
            g = cin
        elif cls == "grouped":
            g = self.rng.choice((2, 4, 8))
            cin, cout = max(1, cin // g) * g, max(1, cout // g) * g
        if min(d, h, w) + 2 * p < k:
            return None
        return (self.batch(), cin, d, h, w, cout, k, s, p, g, 4)

    def gemm_exact(self):
        if self.rng.random() < 0.5:
            k = self.rng.choice(TRANSFORMER_DIMS)
            n = self.rng.choice(TRANSFORMER_DIMS)
            m = self.batch() * self.rng.choice(self.seqs)
        else:
            k, n, rows = self.rng.choice(self.layers["linear"])
            m = self.batch() * rows
        return (m, k, n, 4)

    def gemm_random(self):
        def dim(lo, hi):
            v = self.logu(lo, hi)
            return max(64, v // 64 * 64) if self.rng.random() < 0.5 and v >= 64 else v
        return (self.logu(1, 4096 if self.device == "cpu" else 65536), dim(16, 8192), dim(16, 8192), 4)

    def bn_exact(self):
        if self.rng.random() < 0.2:  # CosmoFlow-like 3-D batchnorm
            _, c, side = self.rng.choice(COSMOFLOW)
            s = max(4, int(side * self.rng.choice(self.vol_scales)))
            return (self.batch(), c, s ** 3, 4)
        c, sp = self.rng.choice(self.layers["bn"])
        return (self.batch(), c, sp, 4)

    def bn_random(self):
        c, sp = self.rng.choice(self.layers["bn"])
        sp = self.logu(1, 64 * 64) if self.rng.random() < 0.3 else max(1, int(sp * 2 ** self.rng.uniform(-3, 1)))
        f = (self.batch(), self.channels(c), sp, 4)
        return f if f[0] * f[2] > 1 else None  # batch statistics need > 1 value per channel

    def pool_exact(self):
        c, h, w, k, s, p, mx = self.rng.choice(self.layers["pool"])
        return (self.batch(), c, h, w, k, s, p, mx, 4)

    def pool_random(self):
        c, h, w, k, s, p, mx = self.rng.choice(self.layers["pool"])
        h = w = self.side(h)
        k = self.rng.choice((2, 2, 3, 3, 5, 7))
        s = self.rng.choice((1, 2, 2, k))
        p = self.rng.randint(0, k // 2)
        if h + 2 * p < k:
            return None
        return (self.batch(), self.channels(c), h, w, k, s, p, self.rng.randint(0, 1), 4)

    def eltwise_exact(self):
        return (self.batch(), self.rng.choice(self.layers["relu"]), self.rng.choice((1, 2)), 4)

    def eltwise_random(self):
        return (self.batch(), self.logu(16, 1 << 22), self.rng.choice((1, 2)), 4)

    def draw(self, kind, exact):
        fam = kind.split("_")[0]
        return getattr(self, f"{fam}_{'exact' if exact else 'random'}")()

    def configs(self, kind, target):
        """`target` distinct configurations of `kind`: about a third from the workloads'
        exact shapes, the rest random; fewer when the cap rejects too many."""
        chosen = set()
        want_exact = 0 if self.odd and family(kind) == "conv" else target // 3
        for exact, want in ((True, want_exact), (False, target)):
            tries = 0
            while len(chosen) < want and tries < 200 * target:
                tries += 1
                f = self.draw(kind, exact)
                if f is not None and all(v >= 0 for v in f) and self.fits(kind, f):
                    chosen.add(f)
        return sorted(chosen)


# ---- running one configuration -------------------------------------------------------

class Runner:
    def __init__(self, torch, device):
        self.torch, self.device = torch, device
        self.F = torch.nn.functional
        self.aten = torch.ops.aten

    def rand(self, shape, dtype):
        # Values in [-1, 1): relu, threshold and max pooling see both signs.
        return self.torch.rand(shape, device=self.device, dtype=dtype) * 2 - 1

    def make(self, kind, f, variant):
        """A zero-argument callable that runs the kernel once on pre-built tensors."""
        torch, F, aten = self.torch, self.F, self.aten
        dt = {4: torch.float32, 2: torch.float16}[f[-1]]
        r = lambda *shape: self.rand(shape, dt)
        if kind.startswith("conv"):
            if kind.startswith("conv2d"):
                n, cin, h, w, cout, kh, kw, sh, sw, ph, pw, g, _ = f
                x, wt = r(n, cin, h, w), r(cout, cin // g, kh, kw)
                stride, pad, dil, opad = [sh, sw], [ph, pw], [1, 1], [0, 0]
                conv = F.conv2d
            else:
                n, cin, d, h, w, cout, k, s, p, g, _ = f
                x, wt = r(n, cin, d, h, w), r(cout, cin // g, k, k, k)
                stride, pad, dil, opad = [s] * 3, [p] * 3, [1] * 3, [0] * 3
                conv = F.conv3d
            if kind.endswith("fwd"):
                return lambda: conv(x, wt, None, stride, pad, dil, g)
            dy = self.rand(conv(x, wt, None, stride, pad, dil, g).shape, dt)
            mask = [True, False, False] if kind.endswith("bwd_data") else [False, True, False]
            return lambda: aten.convolution_backward(dy, x, wt, None, stride, pad, dil, False, opad, g, mask)
        if kind.startswith("gemm"):
            m, k, n, _ = f
            if kind == "gemm_fwd":
                x, wt = r(m, k), r(n, k)
                return lambda: x @ wt.t()
            dy = r(m, n)
            if kind == "gemm_bwd_data":
                wt = r(n, k)
                return lambda: dy @ wt
            x = r(m, k)
            return lambda: dy.t() @ x
        if kind.startswith("bn"):
            n, c, sp, _ = f
            x = r(n, c, sp)
            # Statistics and affine parameters stay float32 for half inputs (as cuDNN wants).
            rm, rv = torch.zeros(c, device=self.device), torch.ones(c, device=self.device)
            wt, b = torch.ones(c, device=self.device), torch.zeros(c, device=self.device)
            if kind == "bn_fwd":
                return lambda: F.batch_norm(x, rm, rv, wt, b, training=True)
            _, save_mean, save_invstd = aten.native_batch_norm(x, wt, b, rm, rv, True, 0.1, 1e-5)
            dy = r(n, c, sp)
            return lambda: aten.native_batch_norm_backward(dy, x, wt, rm, rv, save_mean, save_invstd,
                                                           True, 1e-5, [True, True, True])
        if kind.startswith("pool"):
            n, c, h, w, k, s, p, mx, _ = f
            x = r(n, c, h, w)
            ks, st, pd = [k, k], [s, s], [p, p]
            if kind == "pool_fwd":
                if mx:
                    return lambda: F.max_pool2d(x, ks, st, pd)
                return lambda: F.avg_pool2d(x, ks, st, pd)
            if mx:
                y, idx = aten.max_pool2d_with_indices(x, ks, st, pd, [1, 1], False)
                dy = self.rand(y.shape, dt)
                return lambda: aten.max_pool2d_with_indices_backward(dy, x, ks, st, pd, [1, 1], False, idx)
            dy = self.rand(F.avg_pool2d(x, ks, st, pd).shape, dt)
            return lambda: aten.avg_pool2d_backward(dy, x, ks, st, pd, False, True, None)
        n, elems, inputs, _ = f
        a = r(n, elems)
        if inputs == 1:
            return lambda: F.relu(a)
        b = r(n, elems)
        if variant == "threshold_backward":
            return lambda: aten.threshold_backward(a, b, 0)
        return lambda: torch.add(a, b)


class Timer:
    """Times one callable: 2 warm-up calls, then single-call samples until at least
    `min_reps` and `target_s` of kernel time (or `max_reps`).

    On CPU the clock is wall time (time.perf_counter), or with clock="cpu" this thread's
    CPU time (time.thread_time), which leaves out the time other processes hold the core:
    on a loaded shared machine wall times of a single-threaded kernel stretch by the load.
    """

    def __init__(self, torch, device, min_reps=5, target_s=0.05, max_reps=2000, clock="wall"):
        self.torch, self.cuda = torch, device == "cuda"
        self.min_reps, self.target_s, self.max_reps = min_reps, target_s, max_reps
        self.clock = time.thread_time if clock == "cpu" else time.perf_counter

    def fastest(self, fn, calls):
        """The fastest of `calls` timed calls, without warm-up (the probe stays allocated)."""
        best = math.inf
        for _ in range(calls):
            t0 = self.clock()
            fn()
            best = min(best, self.clock() - t0)
        return best

    def samples(self, fn):
        torch = self.torch
        for _ in range(2):
            fn()
        if self.cuda:
            torch.cuda.synchronize()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        out, total = [], 0.0
        clock = self.clock
        while len(out) < self.min_reps or (total < self.target_s and len(out) < self.max_reps):
            if self.cuda:
                # Events time the kernel on the GPU, not the host-side launch.
                start.record()
                fn()
                end.record()
                end.synchronize()
                dt = start.elapsed_time(end) / 1e3
            else:
                t0 = clock()
                fn()
                dt = clock() - t0
            out.append(dt)
            total += dt
        return out


def summarize(samples):
    xs = sorted(samples)
    return quantile(xs, 0.5), xs[0], quantile(xs, 0.1), quantile(xs, 0.9), len(xs)


# ---- device description ------------------------------------------------------------

def gpu_clock_mhz():
    try:
        res = subprocess.run(["nvidia-smi", "--query-gpu=clocks.max.sm", "--format=csv,noheader,nounits", "-i",
                              os.environ.get("CUDA_VISIBLE_DEVICES", "0").split(",")[0]],
                             capture_output=True, text=True, timeout=20)
        return int(float(res.stdout.strip().splitlines()[0]))
    except (OSError, ValueError, IndexError, subprocess.SubprocessError):
        return 0


def measure_peaks(torch, runner, device):
    """FLOP/s of large float32 matmuls and of large 3x3 convolutions, and the copy bandwidth
    of a large tensor (bytes read + written per second). Each is the best of a few calls
    over a few layouts/shapes: on a shared machine the best call is the one least disturbed."""
    def best(fn, reps):
        return min(Timer(torch, device, min_reps=reps, target_s=0, max_reps=reps).samples(fn))

    f32 = torch.float32
    side = 768 if device == "cpu" else 8192
    a, b = runner.rand((side, side), f32), runner.rand((side, side), f32)
    # The three GEMM layouts of the gemm kinds take different code paths in a generic BLAS.
    matmul = max(2 * side ** 3 / best(fn, 3) for fn in (lambda: a @ b, lambda: a @ b.t(), lambda: a.t() @ b))
    n = 8 if device == "cpu" else 128
    conv = 0.0
    for c, hw in ((64, 56), (128, 28), (256, 14)):
        x, w = runner.rand((n, c, hw, hw), f32), runner.rand((c, c, 3, 3), f32)
        conv = max(conv, 2 * n * c * hw * hw * c * 9 / best(lambda: runner.F.conv2d(x, w, None, 1, 1), 7))
    elems = (32 << 20) if device == "cpu" else (256 << 20)
    src, dst = runner.rand((elems,), f32), torch.empty(elems, device=device)
    bw = 2 * 4 * elems / best(lambda: dst.copy_(src), 5)
    extra = {}
    if device == "cuda":
        a16, b16 = a.half(), b.half()
        extra["peak_flops_fp16"] = 2 * side ** 3 / best(lambda: a16 @ b16, 5)
    return matmul, conv, bw, extra


# ---- main ------------------------------------------------------------------------------

def replay_configs(path, kind):
    """The feature tuples of `kind` in a profile CSV, in file order."""
    return [tuple(int(x) for x in row[1].split()) for row in read_profile(path)[2] if row[0] == kind]


def fmt_time(s):
    s = int(s)
    return f"{s // 60}m{s % 60:02d}s"


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="profile_kernels.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", required=True, choices=("cpu", "cuda"))
    ap.add_argument("--grid", default="full", choices=("small", "full"))
    ap.add_argument("--threads", type=int, default=None,
                    help="intra-op threads (default 1 on cpu: reproducible on a shared machine)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random grid (default 1)")
    ap.add_argument("--max-minutes", type=float, default=None,
                    help="stop after this many minutes and write the rows measured so far")
    ap.add_argument("--kinds", default=None, help="comma-separated kinds to profile (default: all)")
    ap.add_argument("--max-call-s", type=float, default=None,
                    help="skip configurations estimated to take longer than this per call (default: the grid's "
                         "cap, 0.12 s on a CPU for --grid full); raise it to reach the big layers at small batches")
    ap.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                    help="cpu only: wall time (perf_counter, default) or the thread's CPU time "
                         "(thread_time; needs --threads 1), robust to other load on the machine")
    ap.add_argument("--replay", default=None, metavar="PROFILE.csv",
                    help="measure again exactly the configurations of this profile (those of --kinds), in a "
                         "fresh shuffled order, instead of drawing a grid; merge_profiles.py then keeps each "
                         "configuration's fastest run")
    ap.add_argument("--probe", default=None, action=argparse.BooleanOptionalAction,
                    help="time a fixed probe convolution before each row and write it as column probe_s, "
                         "for merge_profiles.py to take the machine's drift out (default: on for cpu, off for "
                         "cuda)")
    ap.add_argument("--conv-shapes", default="mixed", choices=("mixed", "odd"),
                    help="convolution configurations of a grid: the workloads' layers and random ones around "
                         "them (mixed, default), or only random depthwise (40%%), grouped (40%%) and image-stem "
                         "(20%%) ones (odd), the classes with the largest model errors, to add to a profile")
    ap.add_argument("--workloads", default="torchvision", choices=("torchvision", "twins"),
                    help="the models whose layers the grid draws around: torchvision's (default) or the torch "
                         "twins of tools/validation/torch_twins.py, the models the validation trains (no "
                         "torchvision needed)")
    ap.add_argument("-o", "--output", required=True, help="the CSV to write")
    args = ap.parse_args(argv)
    if args.conv_shapes != "mixed" and args.replay:
        ap.error("--conv-shapes and --replay exclude each other (a replay draws no grid)")
    if args.replay and not os.path.isfile(args.replay):
        ap.error(f"--replay: no such file {args.replay}")
    if args.threads is not None and args.threads < 1:
        ap.error("--threads must be >= 1")
    if args.max_minutes is not None and args.max_minutes <= 0:
        ap.error("--max-minutes must be > 0")
    if args.clock == "cpu" and (args.device != "cpu" or (args.threads or 1) != 1):
        ap.error("--clock cpu needs --device cpu and one thread (it counts only the calling thread)")
    if args.probe is None:
        args.probe = args.device == "cpu"
    if args.probe and args.device != "cpu":
        ap.error("--probe needs --device cpu (it times the probe with the host clock)")
    if args.kinds:
        args.kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        bad = [k for k in args.kinds if k not in KINDS]
        if bad or not args.kinds:
            ap.error(f"unknown kind(s) {', '.join(bad) or '(none given)'}; known: {', '.join(KINDS)}")
    else:
        args.kinds = list(KINDS)
    out_dir = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(out_dir):
        ap.error(f"output directory {out_dir} does not exist")
    return args


def main(argv):
    args = parse_args(argv)
    torch = import_torch(__spec__.name)
    import importlib.util
    if args.workloads == "torchvision" and not args.replay and importlib.util.find_spec("torchvision") is None:
        sys.exit("profile_kernels.py: error: torchvision is needed for its models' shapes "
                 "(apt-get install python3-torchvision, or --workloads twins)")

    def log(msg):
        print(f"[profile_kernels] {msg}", file=sys.stderr, flush=True)

    dev = args.device
    if dev == "cuda":
        if not torch.cuda.is_available():
            sys.exit("profile_kernels.py: error: --device cuda but torch.cuda.is_available() is false "
                     f"(torch {torch.__version__})")
        # The fastest algorithm per shape, as a training framework would pick it; the
        # warm-up calls absorb the search.
        torch.backends.cudnn.benchmark = True
    threads = args.threads or (1 if dev == "cpu" else torch.get_num_threads())
    torch.set_num_threads(threads)
    malloc_ok = keep_freed_memory() if dev == "cpu" else True
    if not malloc_ok:
        log("warning: could not tune glibc malloc; large outputs will include page-fault time")

    stop = {"signal": None}

    def on_signal(signum, _frame):
        stop["signal"] = signum

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    t_start = time.time()
    runner = Runner(torch, dev)
    timer = Timer(torch, dev, clock=args.clock)
    log(f"device {dev}, {threads} thread(s), grid {args.grid}, seed {args.seed}: measuring peaks")
    with torch.no_grad():
        matmul, conv, bw, extra = measure_peaks(torch, runner, dev)
    log(f"matmul {matmul / 1e9:.1f} GFLOP/s, conv {conv / 1e9:.1f} GFLOP/s, copy {bw / 1e9:.1f} GB/s")

    if args.replay:
        layers = None
    else:
        layers = model_layers(args.workloads)
    # The grid is planned with nominal rates, so that it depends only on the arguments (and
    # not on how loaded the machine was while the peaks were measured); the measured ones
    # only drive the ETA.
    grid = Grid(dev, args.grid, layers, CostModel(dev, *NOMINAL_RATES[dev], threads), random.Random(args.seed),
                args.conv_shapes)
    if args.max_call_s is not None:
        grid.cap_s = args.max_call_s
    cost = CostModel(dev, matmul, conv, bw, threads)
    rng = random.Random(args.seed + 1)
    dtypes = (4, 2) if dev == "cuda" else (4,)
    plan = []  # (kind, features, variant)
    for kind in args.kinds:
        configs = replay_configs(args.replay, kind) if args.replay else grid.configs(kind, TARGETS[args.grid][family(kind)])
        for f in configs:
            # add and threshold_backward share features: one op per configuration.
            variant = ("threshold_backward" if rng.random() < 0.5 else "add") if kind == "eltwise" and f[2] == 2 else ""
            for d in ((f[-1],) if args.replay else dtypes):
                plan.append((kind, f[:-1] + (d,), variant))
    rng.shuffle(plan)  # interleave kinds: an early stop still covers every kind

    probe_fn = runner.make(PROBE_KIND, PROBE_FEATURES, "") if args.probe else None
    probe_s = cost.seconds(PROBE_KIND, PROBE_FEATURES) * PROBE_CALLS if args.probe else 0.0

    def row_cost(kind, f):
        t = cost.seconds(kind, f)
        return 2 * t + max(5 * t, timer.target_s) + 2e-3 + probe_s  # warm-up, timed calls, set-up, probe

    est_total = sum(row_cost(k, f) for k, f, _ in plan)
    counts = {}
    for k, _, _ in plan:
        counts[k] = counts.get(k, 0) + 1
    log(f"{len(plan)} configurations planned ({', '.join(f'{k} {v}' for k, v in counts.items())}); "
        f"a-priori estimate {fmt_time(est_total)}")

    partial_path = args.output + ".partial"
    rows, failures = [], []
    deadline = t_start + args.max_minutes * 60 if args.max_minutes else None
    est_done, last_report = 0.0, time.time()
    with open(partial_path, "w") as partial, torch.no_grad():
        for i, (kind, f, variant) in enumerate(plan):
            if stop["signal"] is not None or (deadline and time.time() > deadline):
                break
            try:
                fn = runner.make(kind, f, variant)
                probe = timer.fastest(probe_fn, PROBE_CALLS) if probe_fn else None
                stats = summarize(timer.samples(fn))
            except (RuntimeError, ValueError) as e:  # an unsupported shape: note it, go on
                failures.append((kind, f, str(e).splitlines()[0][:160]))
                continue
            finally:
                fn = None
            line = f"{kind},{' '.join(map(str, f))}," + ",".join(f"{v:.6g}" for v in stats[:4]) + f",{stats[4]}"
            if probe is not None:
                line += f",{probe:.6g}"
            rows.append((kind, f, line))
            partial.write(line + "\n")
            partial.flush()
            est_done += row_cost(kind, f)
            now = time.time()
            if now - last_report >= 10:
                last_report = now
                spent = now - t_start
                # Scale the a-priori estimate by how far off it has been so far.
                eta = (est_total - est_done) * (spent / max(est_done, 1e-9))
                log(f"{i + 1}/{len(plan)} rows, {fmt_time(spent)} elapsed, ETA {fmt_time(eta)}")

    if stop["signal"] is None:
        # Other jobs on a shared machine depress the peaks: measure again, keep the best.
        with torch.no_grad():
            again = measure_peaks(torch, runner, dev)
        matmul, conv, bw = max(matmul, again[0]), max(conv, again[1]), max(bw, again[2])
        extra = {k: max(v, again[3][k]) for k, v in extra.items()}
        log(f"peaks (best of start and end): matmul {matmul / 1e9:.1f} GFLOP/s, conv {conv / 1e9:.1f} GFLOP/s, "
            f"copy {bw / 1e9:.1f} GB/s")
    elapsed = time.time() - t_start
    done = len(rows) + len(failures)
    cpu = {}
    if dev == "cpu":
        cpu = cpu_info()
        name, clock = cpu["name"], int(round(cpu["mhz"]))
        cores = os.cpu_count() or 0
    else:
        props = torch.cuda.get_device_properties(0)
        name, clock, cores = props.name, gpu_clock_mhz(), props.multi_processor_count
    blas = "generic"
    for part in torch.__config__.show().replace(",", "\n").splitlines():
        if "BLAS_INFO=" in part:
            blas = part.split("=", 1)[1].strip()
    header = [
        ("name", name), ("device", dev), ("cores", cores), ("threads", threads), ("clock_mhz", clock),
    ]
    # Which CPU this is beyond its (often masked, in a VM) name: `ringline stats --device`
    # warns when a bundle runs on another.
    header += [(k, cpu[v]) for k, v in (("cpu_family", "family"), ("cpu_model", "model"), ("isa", "isa")) if cpu.get(v)]
    header += [
        ("torch", torch.__version__), ("date", datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")),
        ("grid", args.grid), ("seed", args.seed), ("conv_shapes", args.conv_shapes),
        ("clock", args.clock if dev == "cpu" else "cuda_events"),
        # The roofline bound: on CPU oneDNN's convolutions outrun the generic-BLAS matmul
        # by an order of magnitude, so the best of the two is the peak.
        ("peak_flops", f"{max(matmul, conv):.6g}"), ("mem_bw", f"{bw:.6g}"),
        ("matmul_flops", f"{matmul:.6g}"), ("conv_flops", f"{conv:.6g}"),
    ]
    header += [(k, f"{v:.6g}") for k, v in extra.items()]
    header += [("blas", blas), ("kinds", ",".join(args.kinds)), ("configs", f"{len(rows)} of {len(plan)}"),
               ("elapsed_s", f"{elapsed:.0f}"),
               ("command", command_line(__spec__.name, argv))]
    if dev == "cuda":
        header.append(("cudnn_benchmark", 1))
    if args.probe:
        header.append(("probe", f"{PROBE_KIND} {' '.join(map(str, PROBE_FEATURES))}, fastest of {PROBE_CALLS} calls"))
    order = {k: i for i, k in enumerate(KINDS)}
    rows.sort(key=lambda r: (order[r[0]], r[1]))
    tmp = args.output + ".tmp"
    with open(tmp, "w") as fh:
        write_header(fh, header)
        fh.write((PROBE_HEADER if args.probe else CSV_HEADER) + "\n")
        for _, _, line in rows:
            fh.write(line + "\n")
    os.replace(tmp, args.output)
    os.remove(partial_path)

    per_kind = {}
    for k, _, _ in rows:
        per_kind[k] = per_kind.get(k, 0) + 1
    for kind, f, msg in failures[:10]:
        log(f"skipped {kind} {' '.join(map(str, f))}: {msg}")
    log(f"wrote {len(rows)} rows to {args.output} in {fmt_time(elapsed)} "
        f"({', '.join(f'{k} {per_kind.get(k, 0)}' for k in args.kinds)}); {len(failures)} failed")
    if stop["signal"] is not None:
        log(f"stopped by signal {stop['signal']} after {done} of {len(plan)} configurations")
        return 1
    if done < len(plan):
        log(f"stopped at --max-minutes after {done} of {len(plan)} configurations")
    wanted = {k for k, _, _ in plan}  # a replay asks only for the kinds its profile has
    missing = [k for k in args.kinds if k not in per_kind and k in wanted]
    if missing:
        log(f"warning: no rows for {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
