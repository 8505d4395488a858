// Every allreduce schedule in stdlib.collectives reduces to its textbook closed form
// (MPICH's source comments, Thakur, Rabenseifner & Gropp 2005, and Chan et al. 2007;
// the ring of Patarasuk & Yuan 2009, the double binary tree of Sanders, Speck & Träff
// 2009, two- and three-level hierarchies) for p powers of two and not and three sizes;
// a few absolute values are checked against hand computation.
// RUN: %ringline sweep %s --scenario forms | FileCheck %s --check-prefix=FORMS
// RUN: %ringline eval %s --scenario values | FileCheck %s --check-prefix=VALUES
// RUN: %ringline emit %s --scenario forms --emit=ir-opt | FileCheck %s --check-prefix=IR
import stdlib.hardware
import stdlib.collectives

// Relative difference of a schedule's time from a formula: 0 up to rounding.
fn same(t: s, formula: s) -> Bool = abs(t - formula) / formula <= 1e-12

scenario forms {
  param p: Int = 4 in [2, 3, 4, 5, 6, 7, 8, 12, 16, 64]
  param n: B = 1 MB in [4 kB, 1 MB, 256 MB]
  let l = Link { bw = 12.5 GB/s, lat = 2 us }
  let node = Link { bw = 150 GB/s, lat = 9 us }
  let rack = Link { bw = 25 GB/s, lat = 1 us }
  let a = l.lat
  let b = 1 / l.bw
  let g = 0.5 ns/B
  let f = (p - 1) / p
  let lgp = ceil(log2(p))
  let flgp = floor(log2(p))
  let q = floor(2 ^ flgp)              // p' = 2^floor(lg p)
  let fq = (q - 1) / q
  let extra = if q == p then 0 else 1  // non-power-of-two: fold in and out
  // Ring (Patarasuk & Yuan; Chan et al. bucket): 2(p-1)α + 2((p-1)/p)nβ + ((p-1)/p)nγ
  report ring = same(ring_allreduce(n, p, l, g), 2 * (p - 1) * a + 2 * f * n * b + f * n * g)
  // Recursive doubling (MPICH): lg p(α + nβ + nγ); non-power-of-two adds a fold-in
  // (α + nβ + nγ) and a fold-out (α + nβ).
  report rd = same(rd_allreduce(n, p, l, g),
                   (flgp + 2 * extra) * (a + n * b) + (flgp + extra) * n * g)
  // Rabenseifner (MPICH): 2 lg p α + 2((p-1)/p)nβ + ((p-1)/p)nγ; otherwise
  // (2⌊lg p⌋ + 2)α + (2(p'-1)/p' + 2)nβ + (1 + (p'-1)/p')nγ.
  report rab = same(rabenseifner_allreduce(n, p, l, g),
                    (2 * flgp + 2 * extra) * a + (2 * fq + 2 * extra) * n * b + (fq + extra) * n * g)
  // Binary tree reduce + broadcast (§3.3): 2⌈lg p⌉(α + nβ) + ⌈lg p⌉nγ
  report tree = same(tree_allreduce(n, p, l, g), 2 * lgp * (a + n * b) + lgp * n * g)
  // Double binary tree, depth D = ⌊lg p⌋, k = 4 chunks: 2(D+k-1)(α + (n/k)β) + (D+k-1)(n/k)γ
  report dtree = same(double_tree_allreduce(n, p, l, g, 4),
                      2 * (flgp + 3) * (a + n / 4 * b) + (flgp + 3) * n / 4 * g)
  // Direct: 2α + 2((p-1)/p)nβ + ((p-1)/p)nγ
  report direct = same(direct_allreduce(n, p, l, g), 2 * a + 2 * f * n * b + f * n * g)
  // Hierarchical, g = 8 GPUs per node, m = p nodes (§3.3):
  // 2(g-1)α_i + 2((g-1)/g)nβ_i + 2(m-1)α_o + 2((m-1)/m)(n/g)β_o + ((g-1)/g + (m-1)/(mg))nγ
  report hier = same(hier_allreduce(n, 8, p, node, l, g),
                     2 * 7 * node.lat + 2 * 7 / 8 * n / node.bw + 2 * (p - 1) * a
                     + 2 * f * n / 8 * b + (7 / 8 + (p - 1) / (8 * p)) * n * g)
  // Three levels, g = 4 per node, r = 3 nodes per rack, m = p racks, spine = l:
  // 2·3α_n + 2(3/4)nβ_n + 2·2α_r + 2(2/3)(n/4)β_r + 2(m-1)α + 2((m-1)/m)(n/12)β
  //   + (3/4 + 2/12 + (m-1)/(12m))nγ
  report hier3 = same(hier3_allreduce(n, 4, 3, p, node, rack, l, g),
                      6 * node.lat + 2 * 3 / 4 * n / node.bw + 4 * rack.lat + 2 * 2 / 3 * (n / 4) / rack.bw
                      + 2 * (p - 1) * a + 2 * f * (n / 12) * b + (3 / 4 + 2 / 12 + (p - 1) / (12 * p)) * n * g)
}
// 10 values of p x 3 sizes, every schedule equal to its formula:
// FORMS: p,n[MB],ring,rd,rab,tree,dtree,direct,hier,hier3
// FORMS-COUNT-30: {{^[0-9]+,[0-9.e+]+(,true){8}$}}
// FORMS-NOT: false

// The closed form stays symbolic in p: one log2 and no unrolled steps.
// IR: param 0 p : Int
// IR: log2 %0

scenario values {
  let l = Link { bw = 10 GB/s, lat = 1 us }
  // p = 4, n = 100 MB, γ = 1 ns/B: 2·3·(1 us + 25 MB / 10 GB/s) + 3·25 MB·1 ns/B
  //   = 6 · 2.501 ms + 75 ms = 90.006 ms
  report ring4 = ring_allreduce(100 MB, 4, l, 1 ns/B) in ms
  // p = 6: p' = 4; fold in 1 us + 10 ms + 100 ms, 2 rounds of 110.001 ms, fold out
  // 10.001 ms: 340.004 ms
  report rd6 = rd_allreduce(100 MB, 6, l, 1 ns/B) in ms
  // p = 6: fold in 110.001 ms; Rabenseifner on 4: 4 us + 2·(3/4)·10 ms + (3/4)·100 ms
  // = 90.004 ms; fold out 10.001 ms: 210.006 ms
  report rab6 = rabenseifner_allreduce(100 MB, 6, l, 1 ns/B) in ms
  // p = 8, no γ: 2·3·1 us = 6 us + 2·(7/8)·10 ms = 17.5 ms: 17.506 ms
  report rab8 = rabenseifner_allreduce(100 MB, 8, l) in ms
  // p = 1: nothing to do
  report ring1 = ring_allreduce(100 MB, 1, l) in ms
  report tree1 = tree_allreduce(100 MB, 1, l) in ms
}
// VALUES: ring4 = 90.006 ms
// VALUES: rd6 = 340.004 ms
// VALUES: rab6 = 210.006{{[0-9]*}} ms
// VALUES: rab8 = 17.506 ms
// VALUES: ring1 = 0 ms
// VALUES: tree1 = 0 ms
