// stdlib.hardware's clusters: node and level fields of ABCI and the DGX pods, the
// oversubscribed link a job sees once it spans more than one ABCI rack (34 nodes), and
// the hierarchical allreduce over a cluster against its formula (§3.3).
// RUN: %ringline sweep %s --scenario abci_span | FileCheck %s --check-prefix=SPAN
// RUN: %ringline eval %s --scenario fields --digits=0 | FileCheck %s --check-prefix=FIELDS
import stdlib.hardware
import stdlib.collectives

scenario abci_span {
  param nodes: Int = 34 in [1, 34, 35, 1088]
  let c = abci(nodes)
  report gpus = gpus(c)
  report bw = inter_link(c, nodes).bw in GB/s
  // Formula (g = 4 over NVLink 50 GB/s 9 us, m = nodes over the link above), n = 100 MB:
  let n = 100 MB
  let li = c.intra
  let lo = inter_link(c, nodes)
  let f = 2 * 3 * li.lat + 2 * 3 / 4 * n / li.bw + 2 * (nodes - 1) * lo.lat
          + 2 * (nodes - 1) / nodes * (n / 4) / lo.bw
  report same = abs(cluster_allreduce(n, c) - f) / f <= 1e-12
}
// Inside one rack a GPU's share of the node's two EDR HCAs, 6.25 GB/s; across racks, 1:3
// oversubscribed.
// SPAN: nodes,gpus,bw[GB/s],same
// SPAN-NEXT: 1,4,6.25,true
// SPAN-NEXT: 34,136,6.25,true
// SPAN-NEXT: 35,140,2.08333{{[0-9]*}},true
// SPAN-NEXT: 1088,4352,2.08333{{[0-9]*}},true

scenario fields {
  report abci_gpn = abci(2).gpus_per_node
  report abci_rack = abci(2).levels[0].size
  report dgx1_nics = dgx1_pod(2).node.nics
  report dgx2_gpus = gpus(dgx2_pod(4))
  report a100_intra = dgx_a100_pod(2).intra.bw in GB/s
  report h100_inter = dgx_h100_pod(2).inter.bw in Gbit/s
  report h100_fp16 = dgx_h100_pod(2).device.peak_fp16 in TFLOP/s
  // 2 DGX A100, 100 MB: 2·7·9 us + 2·(7/8)·100 MB / 300 GB/s + 2·1·1.5 us
  //   + 2·(1/2)·12.5 MB / 25 GB/s = 126 us + 583.333 us + 3 us + 500 us = 1212.333 us
  report a100_ar = cluster_allreduce(100 MB, dgx_a100_pod(2)) in us
}
// FIELDS: abci_gpn = 4
// FIELDS: abci_rack = 34
// FIELDS: dgx1_nics = 4
// FIELDS: dgx2_gpus = 64
// FIELDS: a100_intra = 300 GB/s
// FIELDS: h100_inter = 400 Gbit/s
// FIELDS: h100_fp16 = 989.4 TFLOP/s
// FIELDS: a100_ar = 1212.333{{[0-9]*}} us
