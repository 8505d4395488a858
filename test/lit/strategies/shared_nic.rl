// A cluster's `inter` is one GPU's share of its node's NICs (stdlib.hardware's
// shared_nic): 4 x P100 PCIe servers share one NIC, so between nodes each GPU sees a quarter
// of 25 Gbit/s RoCE; DGX-1's four EDR NICs and ABCI's two give each GPU half of one; a DGX
// A100 has a NIC a GPU. The hierarchical allreduce of 100 MB on 2 P100 nodes then runs the
// ring across the nodes on 25 MB at 0.78125 GB/s: 2 (3 us + 12.5 MB / 0.78125 GB/s). One
// flat ring over all the GPUs crosses each node once on all its NICs (flat_inter_link):
// 3.125 GB/s on the P100 servers, 50 GB/s on DGX-1s, and the same 2 nodes' flat ring of 8
// GPUs, 2 (8 - 1) (3 us + 12.5 MB / 3.125 GB/s), has the hierarchical one's bandwidth term.
// Over TCP at 9 Gbit/s a connection (Node.stream), a GPU's quarter of 40 GbE (10 Gbit/s)
// is one connection's 9 Gbit/s, 1.125 GB/s, and the flat ring's four shares 4.5 GB/s.
// RUN: %ringline eval %s --digits 0 | FileCheck %s
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies

scenario nic {
  report per_gpu = p100_pcie_cluster(2).inter.bw in GB/s
  report roce100 = p100_pcie_cluster(2, roce100).inter.bw in GB/s
  report dgx1 = shared_nic(dgx1).bw in GB/s
  report dgx1_pod_inter = dgx1_pod(2).inter.bw in GB/s
  report abci_inter = abci(2).inter.bw in GB/s
  report a100_inter = dgx_a100_pod(2).inter.bw in GB/s
  report p100_flat = flat_inter_link(p100_pcie_cluster(2), 2, 4).bw in GB/s
  report dgx1_flat = flat_inter_link(dgx1_pod(2), 2, 8).bw in GB/s
  report tcp_share = p100_pcie_cluster(16, gbe40, 9 Gbit/s).inter.bw in GB/s
  report tcp_flat = flat_inter_link(p100_pcie_cluster(16, gbe40, 9 Gbit/s), 16, 4).bw in GB/s
  report tcp_none = p100_pcie_cluster(16, gbe40).inter.bw in GB/s
  let s = setup(p100_pcie_cluster(2))
  report across = ring_allreduce(100 MB / 4, 2, group_link(s, 8)) in ms
  report flat = group_allreduce(s with { coll.hierarchical = false }, 100 MB, 8) in ms
}
// CHECK:      per_gpu {{ *}}= 0.78125 GB/s
// CHECK-NEXT: roce100 {{ *}}= 3.125 GB/s
// CHECK-NEXT: dgx1 {{ *}}= 6.25 GB/s
// CHECK-NEXT: dgx1_pod_inter {{ *}}= 6.25 GB/s
// CHECK-NEXT: abci_inter {{ *}}= 6.25 GB/s
// CHECK-NEXT: a100_inter {{ *}}= 25 GB/s
// CHECK-NEXT: p100_flat {{ *}}= 3.125 GB/s
// CHECK-NEXT: dgx1_flat {{ *}}= 50 GB/s
// CHECK-NEXT: tcp_share {{ *}}= 1.125 GB/s
// CHECK-NEXT: tcp_flat {{ *}}= 4.5 GB/s
// CHECK-NEXT: tcp_none {{ *}}= 1.25 GB/s
// CHECK-NEXT: across {{ *}}= 32.006 ms
// CHECK-NEXT: flat {{ *}}= 56.042{{[0-9]*}} ms
