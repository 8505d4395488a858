// Data-parallel ResNet-50-sized training step on ABCI-like nodes (4 x V100 per node,
// NVLink inside a node, InfiniBand EDR between nodes): compute time from a roofline per
// step, gradient allreduce with a hierarchical ring, and the overlap of the two.
//   ringline eval examples/abci_allreduce.rl
//   ringline sweep examples/abci_allreduce.rl --set nodes=1..64*2 --set batch=32,64
record Link { bw: B/s, lat: s }
record Device { peak: FLOP/s, membw: B/s, memory: B }

let v100   = Device { peak = 15.7 TFLOP/s, membw = 900 GB/s, memory = 16 GiB }
let nvlink = Link { bw = 50 GB/s, lat = 9 us }
let edr    = Link { bw = 12.5 GB/s, lat = 1.5 us }

// Ring allreduce of n bytes over p ranks (Patarasuk & Yuan): 2(p-1) steps of n/p each.
fn ring_allreduce(n: B, p: Int, l: Link) -> s =
  if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)

// Reduce-scatter inside the node, allreduce across nodes on n/g bytes, allgather inside.
fn hier_allreduce(n: B, g: Int, nodes: Int, intra: Link, inter: Link) -> s =
  ring_allreduce(n, g, intra) / 2 + ring_allreduce(n / g, nodes, inter)
    + ring_allreduce(n, g, intra) / 2

scenario abci_resnet50 {
  param nodes: Int = 4 in [1, 2, 4, 8, 16, 32, 64]
  param batch: Int = 64 in [32, 64, 128]       // per GPU
  param inter: B/s = 12.5 GB/s                  // InfiniBand EDR
  let gpus_per_node = 4
  let flop_per_sample = 3 * 8.178 GFLOP           // forward + backward, ResNet-50 @224
  let grads = 25557032 * 4 B                      // fp32 gradients
  let compute = roofline(batch * flop_per_sample, batch * 120 MB, v100.peak * 0.57, v100.membw)
  let comm = hier_allreduce(grads, gpus_per_node, nodes, nvlink, edr with { bw = inter })
  require batch * 120 MB + 4 * grads <= v100.memory, "activations and weights fit in memory"
  report iter_time  = max(compute, comm) in ms
  report throughput = batch * gpus_per_node * nodes / iter_time
  report efficiency = compute / iter_time
  report comm_time  = comm in ms
}
