// The NCCL-style model of stdlib.collectives (NCCL v2.30.7 tuning.cc, reference §3.6):
// ring and tree allreduce, ring reduce-scatter/allgather/broadcast latency and bandwidth
// against hand computation, and selecting it per scenario with a Bool param.
// RUN: %ringline eval %s --scenario values --digits=0 | FileCheck %s --check-prefix=VALUES
// RUN: %ringline sweep %s --scenario choose | FileCheck %s --check-prefix=CHOOSE
import stdlib.hardware
import stdlib.collectives

scenario values {
  // 16 ranks on 2 nodes, busbw 20 GB/s, Simple: nsteps 30, nInterSteps 2:
  // latency 8.4 + 28·3.4 + 2·14 = 131.6 us; algbw 20·16/30 GB/s; 1 GB takes 93.75 ms
  report ring = nccl_ring_allreduce(1 GB, 16, 2, 20 GB/s) in ms
  // with Ampere's plateau factor 1.4 on the latency: 184.24 us + 93.75 ms
  report ring_a = nccl_ring_allreduce(1 GB, 16, 2, 20 GB/s, nccl_ring_simple, nccl_plateau_ampere) in ms
  // one node: no plateau, no network step: 8.4 + 14·3.4 = 56 us; algbw 20·8/14 GB/s:
  // 1 GB in 87.5 ms
  report ring_1n = nccl_ring_allreduce(1 GB, 8, 1, 20 GB/s, nccl_ring_simple, nccl_plateau_ampere) in ms
  // tree: 8.4 + 2·(7·4.0 + 1·14) = 92.4 us; algbw 10 GB/s: 100 ms
  report tree = nccl_tree_allreduce(1 GB, 16, 2, 20 GB/s) in ms
  // LL128 allgather, 16 ranks, 4 nodes: 14 + 12·1.9 + 3·4.0 = 48.8 us; algbw 20·16/15:
  // 100 MB in 4.6875 ms
  report ag = nccl_ring_allgather(100 MB, 16, 4, 20 GB/s, nccl_ring_ll128) in us
  // reduce-scatter is costed like allgather
  report rs = nccl_ring_reduce_scatter(100 MB, 16, 4, 20 GB/s, nccl_ring_ll128) in us
  // broadcast, 8 ranks on 1 node: 8.4 + 8·3.4 = 35.6 us; algbw 20·8/8 GB/s: 5 ms
  report bc = nccl_ring_broadcast(100 MB, 8, 1, 20 GB/s) in us
  report one = nccl_ring_allreduce(1 GB, 1, 1, 20 GB/s) in ms
}
// VALUES: ring = 93.8816 ms
// VALUES: ring_a = 93.93424 ms
// VALUES: ring_1n = 87.556{{[0-9]*}} ms
// VALUES: tree = 100.0924{{[0-9]*}} ms
// VALUES: ag = 4736.3{{[0-9]*}} us
// VALUES: rs = 4736.3{{[0-9]*}} us
// VALUES: bc = 5035.6 us
// VALUES: one = 0 ms

scenario choose {
  param nccl: Bool = true in [true, false]
  let l = Link { bw = 20 GB/s, lat = 0 s }
  // the α-β ring without latency: 2·15/16·1 GB / 20 GB/s = 93.75 ms
  report t = (if nccl then nccl_ring_allreduce(1 GB, 16, 2, 20 GB/s)
              else ring_allreduce(1 GB, 16, l)) in ms
}
// CHOOSE: nccl,t[ms]
// CHOOSE-NEXT: true,93.8816
// CHOOSE-NEXT: false,93.75
