// stdlib.hardware's 4 x P100 PCIe servers: the GPUs of a node share its one NIC, so between
// nodes each GPU sees a quarter of 25 Gbit/s RoCE (and DGX-1's four EDR NICs give each of
// its eight GPUs half of one). The hierarchical allreduce of 100 MB on 2 nodes then runs
// the ring across the nodes on 25 MB at 0.78125 GB/s: 2 (3 us + 12.5 MB / 0.78125 GB/s).
// RUN: %ringline eval %s --digits 0 | FileCheck %s
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies

scenario nic {
  report per_gpu = p100_pcie_cluster(2).inter.bw in GB/s
  report roce100 = p100_pcie_cluster(2, roce100).inter.bw in GB/s
  report dgx1 = shared_nic(dgx1).bw in GB/s
  let s = setup(p100_pcie_cluster(2))
  report across = ring_allreduce(100 MB / 4, 2, group_link(s, 8)) in ms
}
// CHECK:      per_gpu = 0.78125 GB/s
// CHECK-NEXT: roce100 = 3.125 GB/s
// CHECK-NEXT: dgx1    = 6.25 GB/s
// CHECK-NEXT: across  = 32.006 ms
