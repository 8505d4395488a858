// nccl-tests' bus bandwidth factors (NVIDIA/nccl-tests, doc/PERFORMANCE.md): with no
// latency, the ring allreduce, reduce-scatter and allgather, the pairwise all-to-all and
// a one-message sendrecv all reach busbw = the link bandwidth for every p; latency
// lowers it; a double binary tree pipelined in many chunks approaches it.
// RUN: %ringline sweep %s --scenario factors | FileCheck %s --check-prefix=FACTORS
// RUN: %ringline eval %s --scenario values --digits=0 | FileCheck %s --check-prefix=VALUES
import stdlib.hardware
import stdlib.collectives

fn same(x: B/s, y: B/s) -> Bool = abs(x - y) / y <= 1e-12

scenario factors {
  param p: Int = 8 in [2, 3, 4, 6, 8, 16, 100]
  let l = Link { bw = 20 GB/s, lat = 0 s }
  let n = 1 GB
  // allreduce: busbw = algbw · 2(p-1)/p; reduce-scatter, allgather: · (p-1)/p
  report ar = same(allreduce_busbw(n, p, ring_allreduce(n, p, l)), l.bw)
  report rs = same(reduce_scatter_busbw(n, p, ring_reduce_scatter(n, p, l)), l.bw)
  report ag = same(allgather_busbw(n, p, ring_allgather(n, p, l)), l.bw)
  // all-to-all: nccl-tests' S counts the block a rank keeps, n · p/(p-1) for n to the others
  report a2a = same(alltoall_busbw(n * p / (p - 1), p, pairwise_alltoall(n, p, l)), l.bw)
  report p2p = same(sendrecv_busbw(n, sendrecv(n, l)), l.bw)
}
// FACTORS: p,ar,rs,ag,a2a,p2p
// FACTORS-COUNT-7: {{^[0-9]+(,true){5}$}}
// FACTORS-NOT: false

scenario values {
  let l = Link { bw = 20 GB/s, lat = 10 us }
  // Ring allreduce, p = 8, n = 1 GB: t = 14·10 us + 2·(7/8)·50 ms = 87.64 ms;
  // algbw = 1 GB / 87.64 ms = 11.41031 GB/s; busbw = algbw · 14/8 = 19.968051 GB/s
  report t = ring_allreduce(1 GB, 8, l) in ms
  report alg = algbw(1 GB, ring_allreduce(1 GB, 8, l)) in GB/s
  report bus = allreduce_busbw(1 GB, 8, ring_allreduce(1 GB, 8, l)) in GB/s
  // Broadcast busbw (factor 1) of a binomial tree, p = 8: t = 3·(10 us + 50 ms), busbw
  // = 1 GB / 150.03 ms = 6.66533 GB/s: a tree resends the whole message at every level
  report bc = broadcast_busbw(1 GB, binomial_broadcast(1 GB, 8, l)) in GB/s
  // Double binary tree, p = 64 (D = 6), no latency, 1000 chunks: t = 2·1005·(1 GB/1000)/20 GB/s
  // = 100.5 ms; busbw = 1 GB / 100.5 ms · 2·63/64 = 19.58955 GB/s, near the 20 GB/s link
  report dtree = allreduce_busbw(1 GB, 64, double_tree_allreduce(1 GB, 64, l with { lat = 0 s }, 0 s/B, 1000)) in GB/s
}
// VALUES: t = 87.64 ms
// VALUES: alg = 11.4103149246{{[0-9]*}} GB/s
// VALUES: bus = 19.968051118{{[0-9]*}} GB/s
// VALUES: bc = 6.665333599{{[0-9]*}} GB/s
// VALUES: dtree = 19.589552238{{[0-9]*}} GB/s
