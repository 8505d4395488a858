"""Draws profile_kernels.py's convolution grids from a fixed list of layer shapes (no torch
needed) and prints, per kind, how many configurations fall in each class, plus a digest
of the default ("mixed") grid: the digest pins the default draw sequence, so that the
profile commands of data/kernels/README.md keep making the same grids."""
import collections
import hashlib
import random

from tools.profiling import profile_kernels as pk

# conv2d layers: cin h w cout kh kw sh sw ph pw groups (a ResNet stem and body, a
# MobileNet depthwise pair, a ResNeXt grouped 3x3).
LAYERS = {"conv2d": [(3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 1), (64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1),
                     (256, 56, 56, 64, 1, 1, 1, 1, 0, 0, 1), (32, 112, 112, 32, 3, 3, 1, 1, 1, 1, 32),
                     (32, 112, 112, 16, 1, 1, 1, 1, 0, 0, 1), (128, 56, 56, 128, 3, 3, 1, 1, 1, 1, 32)]}


def classify(kind, f):
    cin, g = f[1], (f[11] if kind.startswith("conv2d") else f[9])
    return "depthwise" if g > 1 and g == cin else "grouped" if g > 1 else "stem" if cin <= 4 else "dense"


def grid(shapes, seed):
    cost = pk.CostModel("cpu", *pk.NOMINAL_RATES["cpu"], 1)
    g = pk.Grid("cpu", "small", LAYERS, cost, random.Random(seed), shapes)
    return {k: g.configs(k, pk.TARGETS["small"]["conv"]) for k in ("conv2d_fwd", "conv3d_fwd")}


for shapes in ("mixed", "odd"):
    configs = grid(shapes, 1)
    for kind, fs in configs.items():
        counts = collections.Counter(classify(kind, f) for f in fs)
        print(shapes, kind, len(fs), " ".join(f"{c}={counts[c]}" for c in ("dense", "depthwise", "grouped", "stem")))
    if shapes == "mixed":
        print("mixed digest", hashlib.sha256(repr(sorted(configs.items())).encode()).hexdigest()[:16])
