// The allgather, reduce-scatter, broadcast, reduce, gather, scatter, all-to-all and
// point-to-point schedules of stdlib.collectives reduce to their textbook closed forms
// (MPICH's source comments, Thakur, Rabenseifner & Gropp 2005, Chan et al. 2007, and
// Hockney's α + nβ) for p powers of two and not, at three sizes; the power-of-two-only
// algorithms are checked on powers of two; a few absolute values are checked against
// hand computation.
// RUN: %ringline sweep %s --scenario any_p | FileCheck %s --check-prefix=ANY
// RUN: %ringline sweep %s --scenario pow2 | FileCheck %s --check-prefix=POW2
// RUN: %ringline eval %s --scenario values | FileCheck %s --check-prefix=VALUES
import stdlib.hardware
import stdlib.collectives

fn same(t: s, formula: s) -> Bool = abs(t - formula) / formula <= 1e-12

scenario any_p {
  param p: Int = 4 in [2, 3, 4, 5, 7, 8, 16, 64]
  param n: B = 1 MB in [4 kB, 1 MB, 256 MB]
  let l = Link { bw = 25 GB/s, lat = 5 us }
  let a = l.lat
  let b = 1 / l.bw
  let g = 0.25 ns/B
  let f = (p - 1) / p
  let lgp = ceil(log2(p))
  // Allgather: ring (p-1)α + ((p-1)/p)nβ; Bruck ⌈lg p⌉α + ((p-1)/p)nβ; direct α + ((p-1)/p)nβ
  report ag_ring = same(ring_allgather(n, p, l), (p - 1) * a + f * n * b)
  report ag_bruck = same(bruck_allgather(n, p, l), lgp * a + f * n * b)
  report ag_direct = same(direct_allgather(n, p, l), a + f * n * b)
  // Reduce-scatter: ring and pairwise (p-1)α + ((p-1)/p)n(β + γ); direct α + ((p-1)/p)n(β + γ)
  report rs_ring = same(ring_reduce_scatter(n, p, l, g), (p - 1) * a + f * n * (b + g))
  report rs_pair = same(pairwise_reduce_scatter(n, p, l, g), (p - 1) * a + f * n * (b + g))
  report rs_direct = same(direct_reduce_scatter(n, p, l, g), a + f * n * (b + g))
  // Broadcast: binomial ⌈lg p⌉(α + nβ); scatter + ring allgather (⌈lg p⌉ + p - 1)α + 2((p-1)/p)nβ;
  // pipelined chain in 8 chunks (p + 6)(α + (n/8)β)
  report bc_binomial = same(binomial_broadcast(n, p, l), lgp * (a + n * b))
  report bc_vdg = same(scatter_ring_broadcast(n, p, l), (lgp + p - 1) * a + 2 * f * n * b)
  report bc_chain = same(ring_broadcast(n, p, l, 8), (p + 6) * (a + n / 8 * b))
  // Reduce: binomial ⌈lg p⌉(α + nβ + nγ); pipelined chain (p + 6)(α + (n/8)(β + γ))
  report rd_binomial = same(binomial_reduce(n, p, l, g), lgp * (a + n * b + n * g))
  report rd_chain = same(ring_reduce(n, p, l, g, 8), (p + 6) * (a + n / 8 * (b + g)))
  // Gather and scatter (binomial): ⌈lg p⌉α + ((p-1)/p)nβ
  report gather = same(binomial_gather(n, p, l), lgp * a + f * n * b)
  report scatter = same(binomial_scatter(n, p, l), lgp * a + f * n * b)
  // All-to-all (n = bytes to the others): pairwise (p-1)α + nβ; Bruck ⌈lg p⌉α + (n/2)⌈lg p⌉β;
  // direct α + nβ
  report a2a_pair = same(pairwise_alltoall(n, p, l), (p - 1) * a + n * b)
  report a2a_bruck = same(bruck_alltoall(n, p, l), lgp * a + n / 2 * lgp * b)
  report a2a_direct = same(direct_alltoall(n, p, l), a + n * b)
  // Point to point (Hockney): α + nβ
  report p2p = same(sendrecv(n, l), a + n * b)
}
// 8 values of p x 3 sizes, 17 checks each:
// ANY-COUNT-24: {{^[0-9]+,[0-9.e+]+(,true){17}$}}
// ANY-NOT: false

scenario pow2 {
  param p: Int = 4 in [2, 4, 8, 16, 64, 1024]
  param n: B = 1 MB in [4 kB, 1 MB, 256 MB]
  let l = Link { bw = 25 GB/s, lat = 5 us }
  let a = l.lat
  let b = 1 / l.bw
  let g = 0.25 ns/B
  let f = (p - 1) / p
  let lgp = log2(p)
  // Recursive doubling allgather: lg p α + ((p-1)/p)nβ
  report ag_rd = same(rd_allgather(n, p, l), lgp * a + f * n * b)
  // Recursive halving reduce-scatter: lg p α + ((p-1)/p)nβ + ((p-1)/p)nγ
  report rs_rh = same(rh_reduce_scatter(n, p, l, g), lgp * a + f * n * (b + g))
  // Broadcast = scatter + recursive-doubling allgather: 2 lg p α + 2((p-1)/p)nβ
  report bc_rd = same(scatter_rd_broadcast(n, p, l), 2 * lgp * a + 2 * f * n * b)
  // Reduce = reduce-scatter + gather (Rabenseifner): 2 lg p α + 2((p-1)/p)nβ + ((p-1)/p)nγ
  report rd_rab = same(rabenseifner_reduce(n, p, l, g), 2 * lgp * a + 2 * f * n * b + f * n * g)
}
// POW2-COUNT-18: {{^[0-9]+,[0-9.e+]+(,true){4}$}}
// POW2-NOT: false

scenario values {
  let l = Link { bw = 25 GB/s, lat = 5 us }
  // Ring allgather, p = 5, n = 100 MB: 4·5 us + (4/5)·100 MB / 25 GB/s = 20 us + 3.2 ms
  report ag5 = ring_allgather(100 MB, 5, l) in ms
  // Bruck allgather, p = 5: ⌈lg 5⌉ = 3: 15 us + 3.2 ms
  report bruck5 = bruck_allgather(100 MB, 5, l) in ms
  // Binomial broadcast, p = 5: 3·(5 us + 4 ms) = 12.015 ms
  report bc5 = binomial_broadcast(100 MB, 5, l) in ms
  // Pairwise all-to-all, p = 5, 100 MB to the others: 4·5 us + 4 ms = 4.02 ms
  report a2a5 = pairwise_alltoall(100 MB, 5, l) in ms
  // Bruck all-to-all, p = 8: 3·(5 us + 50 MB / 25 GB/s) = 3·2.005 ms = 6.015 ms
  report bruck_a2a8 = bruck_alltoall(100 MB, 8, l) in ms
  // One message of 1 MB: 5 us + 40 us = 45 us
  report p2p = sendrecv(1 MB, l) in us
  // p = 1: no communication
  report ag1 = ring_allgather(100 MB, 1, l) in ms
  report bc1 = ring_broadcast(100 MB, 1, l, 4) in ms
}
// VALUES: ag5 = 3.22 ms
// VALUES: bruck5 = 3.215 ms
// VALUES: bc5 = 12.015 ms
// VALUES: a2a5 = 4.02 ms
// VALUES: bruck_a2a8 = 6.015 ms
// VALUES: p2p = 45 us
// VALUES: ag1 = 0 ms
// VALUES: bc1 = 0 ms
