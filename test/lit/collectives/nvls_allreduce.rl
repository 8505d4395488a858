// NVLink SHARP's allreduce (stdlib.collectives' nvls_allreduce) against the ring on one
// DGX H100 (NVLink 4: 450 GB/s, 9 us), 1 GB among 8 GPUs:
//   NVLS 2 x 9 us + (1/8 + 1) x 1 GB / 450 GB/s = 18 + 2,500 = 2,518 us;
//   ring 2 x 7 x 9 us + 2 x 7/8 x 1 GB / 450 GB/s = 126 + 3,888.89 = 4,014.89 us.
// node_allreduce takes NVLS where the node's switches have it (DGX H100) and the
// collectives use it, the ring otherwise (DGX A100; `sharp = false`; a group across nodes).
// RUN: %ringline eval %s --digits 6 | FileCheck %s
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies

let h100 = setup(dgx_h100_pod(2))
let a100 = setup(dgx_a100_pod(2))

scenario nvls {
  report nvls = nvls_allreduce(1 GB, 8, nvlink4) in us
  report ring = ring_allreduce(1 GB, 8, nvlink4) in us
  report on_h100 = node_allreduce(h100, 1 GB, 8, nvlink4) in us
  report off = node_allreduce(h100 with { coll = Collectives { sharp = false } }, 1 GB, 8, nvlink4) in us
  report on_a100 = node_allreduce(a100, 1 GB, 8, nvlink4) in us
  report h100_group = group_allreduce(h100, 1 GB, 8) in us
  report across = group_allreduce(h100, 1 GB, 16) > group_allreduce(h100, 1 GB, 8)
}
// CHECK:      nvls       = 2518 us
// CHECK-NEXT: ring       = 4014.89 us
// CHECK-NEXT: on_h100    = 2518 us
// CHECK-NEXT: off        = 4014.89 us
// CHECK-NEXT: on_a100    = 4014.89 us
// CHECK-NEXT: h100_group = 2518 us
// CHECK-NEXT: across     = true
