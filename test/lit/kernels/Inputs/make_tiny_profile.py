#!/usr/bin/env python3
"""Writes tiny_profile.csv: a synthetic kernel profile for the `ringline fit` tests.

Times follow a known roofline formula, time = max(flops / 1e10, bytes / 5e9) + 2e-6 s,
with +-3% deterministic noise, on the device the header describes (peak 1e10 FLOP/s,
5e9 B/s). FLOPs and bytes are docs/kernel-models.md's formulas. The generator uses its
own linear congruential generator so the file is the same with any Python.
Run: python3 make_tiny_profile.py > tiny_profile.csv
"""

state = 12345


def rand():
    """Uniform in [0, 1) from a 64-bit LCG (Knuth's MMIX constants)."""
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
    return (state >> 11) / 2**53


def pick(xs):
    return xs[int(rand() * len(xs))]


def out(i, k, s, p):
    return (i + 2 * p - k) // s + 1


def conv2d():
    n, cin, h, cout = pick([1, 2, 4, 8]), pick([3, 16, 32, 64]), pick([7, 14, 28, 56]), pick([16, 32, 64])
    k, s = pick([1, 3]), pick([1, 2])
    p = k // 2
    o = out(h, k, s, p)
    flops = 2 * n * cout * o * o * cin * k * k
    bytes_ = 4 * (n * cin * h * h + cout * cin * k * k + n * cout * o * o)
    return [n, cin, h, h, cout, k, k, s, s, p, p, 1, 4], flops, bytes_


def gemm():
    m, k, n = pick([1, 8, 32, 128, 512]), pick([64, 256, 1024, 2048]), pick([10, 100, 1000, 4096])
    return [m, k, n, 4], 2 * m * k * n, 4 * (m * k + k * n + m * n)


def bn_fwd():
    n, c, sp = pick([1, 4, 16, 64]), pick([16, 64, 256]), pick([49, 196, 784, 3136])
    return [n, c, sp, 4], 5 * n * c * sp, 4 * 2 * n * c * sp


def main():
    print("# name: synthetic (tiny_profile.csv, make_tiny_profile.py)")
    print("# cores: 1")
    print("# peak_flops: 1e10")
    print("# mem_bw: 5e9")
    print("kind,features,median_s,min_s,p10_s,p90_s,reps")
    for kind, gen in [("conv2d_fwd", conv2d), ("gemm_fwd", gemm), ("bn_fwd", bn_fwd)]:
        for _ in range(100):
            feats, flops, bytes_ = gen()
            t = (max(flops / 1e10, bytes_ / 5e9) + 2e-6) * (1 + 0.06 * (rand() - 0.5))
            feats_text = " ".join(str(f) for f in feats)
            print(f"{kind},{feats_text},{t:.6g},{t * 0.98:.6g},{t * 0.99:.6g},{t * 1.02:.6g},5")


main()
