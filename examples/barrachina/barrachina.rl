// The data-parallel scalability study of Barrachina, Castelló, Catalán, Dolz and Mestre
// ("Using machine learning to model the training scalability of convolutional neural
// networks on clusters of GPUs", Computing 105, 2023, doi 10.1007/s00607-021-00997-9):
// ResNet-50 and VGG16 on a cluster of one-device nodes joined by one switch, along their
// five axes: the batch per node, the node's FLOP/s, its memory bandwidth, the network
// link's bandwidth and the node count. Each axis is a param at its default here; a sweep
// moves one (examples/README.md, charts.sh).
//
// Compute: the device's kernel models where it has a bundle (epyc_cpu: MLPs fitted to
// measured PyTorch kernels, as the paper models cuDNN/cuBLAS kernels), the roofline where
// it has none (v100_roofline: the V100 without its DeepBench bundles, so that the two
// sources stand side by side); a what-if node with `flops_x` times the FLOP/s and
// `membw_x` times the bandwidth scales each modelled kernel by its roofline on the two
// nodes (stdlib.strategies' "projected" compute). Communication: NCCL's ring allreduce,
// one per layer with parameters after the backward pass (PyDTNN's blocking model, the
// framework the paper validates against); `iter_overlap` overlaps them with it instead.
//   ringline eval examples/barrachina/barrachina.rl
//   ringline sweep examples/barrachina/barrachina.rl --set nodes=1..1024*2 -o nodes.csv
import stdlib.hardware
import stdlib.layers
import stdlib.kernel_time
import stdlib.strategies
import stdlib.models.resnet
import stdlib.models.vgg

// The V100 timed by the roofline alone (stdlib's v100_sxm2_16gb has kernel models).
let v100_roofline = v100_sxm2_16gb with { kernels = mlp_bundle(), kernels_fp16 = mlp_bundle(), kernels_any = mlp_bundle() }

// The node a what-if axis describes: `gpu` with its FLOP/s and memory bandwidth scaled.
fn what_if(gpu: Device, flops_x: Real, membw_x: Real) -> Device =
  gpu with { peak = flops_x * gpu.peak, membw = membw_x * gpu.membw }

// Data parallelism over `nodes` nodes, `batch` samples per node, one allreduce per layer.
fn study_plan(net: Network, gpu: Device, node: Device, link: Link, nodes: Int, batch: Int,
              overlap: Bool) -> Plan =
  data_parallel(net, setup(flat_cluster(gpu, link, nodes)) with {
                  device = node, compute = projected_source, overlap = overlap, bucket = 0 B },
                nodes, batch)

scenario scalability {
  param net: Network = resnet50 in [resnet50, vgg16]
  param gpu: Device = v100_roofline in [v100_roofline, epyc_cpu]
  param batch: Int = 64              // samples per node
  param flops_x: Real = 1            // the node's FLOP/s, times the device's
  param membw_x: Real = 1            // the node's memory bandwidth, times the device's
  param link: B/s = 12.5 GB/s        // the network link (InfiniBand EDR)
  param nodes: Int = 16
  let node = what_if(gpu, flops_x, membw_x)
  let wire = edr with { bw = link }
  let plan = study_plan(net, gpu, node, wire, nodes, batch, false)
  let overlapped = study_plan(net, gpu, node, wire, nodes, batch, true)
  let base = study_plan(net, gpu, node, wire, 1, batch, false)
  let ts = layer_times(net, setup(flat_cluster(gpu, wire, 1)) with { device = node, compute = projected_source }, batch)
  report peak = node.peak in TFLOP/s
  report membw = node.membw in GB/s
  report global_batch = nodes * batch
  report compute = plan.fwd + plan.bwd + plan.update in ms
  report comm = plan.comm in ms
  report iter = plan.iter in ms
  report iter_overlap = overlapped.iter in ms
  report throughput = throughput(plan) in 1/s
  report efficiency = efficiency(base, plan)        // against one node, same batch per node
  report comm_share = plan.comm / plan.iter
  // The share of layers timed by the device's kernel models (0: all roofline).
  report kernel_models = (sum t in ts: if t.source == "mlp" then 1 else 0) / len(ts)
  require plan.feasible, "fits in the node's memory"
}
