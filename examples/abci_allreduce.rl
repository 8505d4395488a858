// Data-parallel ResNet-50 mixed-precision training on ABCI-like nodes (4 x V100 per node, NVLink inside
// a node, InfiniBand EDR between nodes): per-GPU compute from a roofline at the
// efficiency V100 reaches on ResNet-50 with AMP (about 24% of the fp16 tensor peak), gradient allreduce with a hierarchical ring, and the part of it that the
// backward pass cannot hide.
//   ringline eval examples/abci_allreduce.rl
//   ringline sweep examples/abci_allreduce.rl --set nodes=1..64*2 --set batch=32,64
import stdlib.hardware

// Ring allreduce of n bytes over p ranks (Patarasuk & Yuan): 2(p-1) steps of n/p each.
fn ring_allreduce(n: B, p: Int, l: Link) -> s =
  if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)

// Reduce-scatter inside the node, allreduce of n/g across nodes, allgather inside.
fn hier_allreduce(n: B, g: Int, nodes: Int, intra: Link, inter: Link) -> s =
  ring_allreduce(n, g, intra) + ring_allreduce(n / g, nodes, inter)

scenario abci_resnet50 {
  param nodes: Int = 4 in [1, 2, 4, 8, 16, 32, 64]
  param batch: Int = 64 in [32, 64, 128]        // per GPU
  param inter: B/s = 12.5 GB/s                   // InfiniBand EDR, per direction
  param overlap: Real = 0.5                      // share of backward that hides allreduce
  let gpu = v100_sxm2_16gb
  let gpus_per_node = 4
  let fwd = 4.089 * 2 GFLOP                      // per sample, torchvision's _ops x 2
  let act = 50 MB                                // activations kept per sample (fp16)
  let grads = 25557032 * 2 B                     // fp16 gradients
  let compute = roofline(3 * batch * fwd, batch * 2 * act, 0.24 * gpu.peak_fp16, gpu.membw)
  let comm = hier_allreduce(grads, gpus_per_node, nodes, nvlink2, edr with { bw = inter })
  let exposed = max(0 s, comm - overlap * 2 / 3 * compute)
  require nodes >= 1, "nodes >= 1"
  require batch * act + 8 * grads <= gpu.memory, "activations, weights and optimizer state fit"
  report iter_time  = compute + exposed in ms
  report throughput = batch * gpus_per_node * nodes / iter_time
  report efficiency = compute / iter_time
  report comm_time  = comm in ms
}
