// The DGX-1's hybrid cube mesh: a ring over the first g GPUs of the node has the fewest
// NVLinks any of them has inside the group, 1, 2, 4, 2, 3, 4 and 6 of a V100's six for
// g = 2 to 8 (intra_link), so 2 GPUs allreduce over one 25 GB/s NVLink and 8 over all
// 150 GB/s; a switched node (DGX A100) keeps every NVLink for any g. stdlib.strategies'
// group_allreduce is the cluster's allreduce on that link.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.strategies

let one = Cluster { name = "DGX-1", node = dgx1, nodes = 1 }
let a100 = Cluster { name = "DGX A100", node = dgx_a100, nodes = 1 }

scenario cube_mesh {
  report g2 = intra_link(one, 2).bw in GB/s
  report g3 = intra_link(one, 3).bw in GB/s
  report g4 = intra_link(one, 4).bw in GB/s
  report g5 = intra_link(one, 5).bw in GB/s
  report g6 = intra_link(one, 6).bw in GB/s
  report g7 = intra_link(one, 7).bw in GB/s
  report g8 = intra_link(one, 8).bw in GB/s
  report switched_g2 = intra_link(a100, 2).bw in GB/s
  let s = setup(one)
  report ring_2 = abs(group_allreduce(s, 100 MB, 2) - s.coll.allreduce(100 MB, 2, nvlink2 with { bw = 25 GB/s })) < 1e-15 s
  report ring_8 = abs(group_allreduce(s, 100 MB, 8) - s.coll.allreduce(100 MB, 8, nvlink2)) < 1e-15 s
  report slower = group_allreduce(s, 100 MB, 2) > group_allreduce(setup(a100), 100 MB, 2)
}
// CHECK: g2 {{ *}}= 25 GB/s
// CHECK: g3 {{ *}}= 50 GB/s
// CHECK: g4 {{ *}}= 100 GB/s
// CHECK: g5 {{ *}}= 50 GB/s
// CHECK: g6 {{ *}}= 75 GB/s
// CHECK: g7 {{ *}}= 100 GB/s
// CHECK: g8 {{ *}}= 150 GB/s
// CHECK: switched_g2 {{ *}}= 300 GB/s
// CHECK: ring_2 {{ *}}= true
// CHECK: ring_8 {{ *}}= true
// CHECK: slower {{ *}}= true
