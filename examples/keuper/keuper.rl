// Where data-parallel SGD stops scaling (Keuper and Pfreundt, "Distributed Training of Deep
// Neural Networks: Theoretical and Practical Limits of Parallel Scalability", MLHPC 2016):
// their two workloads, AlexNet at B = 256 and GoogLeNet at B = 32, plus ResNet-50, on one
// K80 GPU per node, the nodes joined by 1, 10 or 100 Gbit/s Ethernet, InfiniBand EDR or
// NVLink. Synchronous SGD with one blocking ring allreduce of every gradient after the
// backward pass, as in their analysis (no overlap). Weak scaling keeps B per GPU; strong
// scaling splits one B over the GPUs.
//   ringline sweep examples/keuper/keuper.rl --scenario weak -o weak.csv
//   ringline sweep examples/keuper/keuper.rl --scenario strong -o strong.csv
//   ringline sweep examples/keuper/keuper.rl --scenario limits --format table
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.models.alexnet
import stdlib.models.googlenet
import stdlib.models.resnet

// A workload: the network, its batch per iteration and where its compute time comes from.
record Workload { net: Network, batch: Int, compute: Compute }

// Compute from Keuper and Pfreundt's Table I: the time of one iteration on a K80 (AlexNet
// 0.9 s at B = 256; GoogLeNet 0.36 s at B = 32), spread over the layers by FLOPs. GoogLeNet
// trains with its two auxiliary classifiers, whose gradients are exchanged too.
let alexnet_b256 = Workload { net = alexnet, batch = 256,
                              compute = measured_source with { sample_time = 0.9 s / 256 } }
let googlenet_b32 = Workload { net = googlenet_aux, batch = 32,
                               compute = measured_source with { sample_time = 0.36 s / 32 } }
// ResNet-50 has no measured K80 time there: the K80's roofline, which is optimistic about
// compute and so pessimistic about scaling (less compute to set against the allreduce).
let resnet50_b32 = Workload { net = resnet50, batch = 32, compute = roofline_source }


// Data parallelism on `nodes` K80s with `per_gpu` samples each and one allreduce of all
// the gradients (a bucket as large as the gradients), blocking.
fn keuper_plan(w: Workload, link: Link, nodes: Int, per_gpu: Int) -> Plan = {
  let grads = total_params(w.net) * 4 B
  data_parallel(w.net, setup(flat_cluster(k80, link, nodes)) with {
                  compute = w.compute, overlap = false, bucket = grads, first_bucket = grads },
                nodes, per_gpu)
}
fn weak_plan(w: Workload, link: Link, nodes: Int) -> Plan = keuper_plan(w, link, nodes, w.batch)
fn strong_plan(w: Workload, link: Link, nodes: Int) -> Plan =
  keuper_plan(w, link, nodes, floor(w.batch / nodes))
fn compute_time(p: Plan) -> s = p.fwd + p.bwd + p.update

// Weak scaling: every GPU keeps the workload's batch, so the global batch grows with p.
scenario weak {
  param work: Workload = alexnet_b256 in [alexnet_b256, googlenet_b32, resnet50_b32]
  param net: Link = gbe1 in [gbe1, gbe10, gbe100, edr, nvlink1]
  param nodes: Int = 2 in 1 .. 1024 step *2
  let base = weak_plan(work, net, 1)
  let plan = weak_plan(work, net, nodes)
  report compute = compute_time(plan) in ms
  report comm = plan.comm in ms
  report iter = plan.iter in ms
  report comm_ratio = plan.comm / compute_time(plan)   // Keuper's communication to compute
  report speedup = speedup(base, plan)
  report efficiency = efficiency(base, plan)
  require plan.feasible, "fits and has samples"
}

// Strong scaling: one batch of the workload's size split over the GPUs (p <= B).
scenario strong {
  param work: Workload = alexnet_b256 in [alexnet_b256, googlenet_b32, resnet50_b32]
  param net: Link = gbe1 in [gbe1, gbe10, gbe100, edr, nvlink1]
  param nodes: Int = 2 in 1 .. 256 step *2
  let base = strong_plan(work, net, 1)
  let plan = strong_plan(work, net, nodes)
  report per_gpu = floor(work.batch / nodes)
  report compute = compute_time(plan) in ms
  report comm = plan.comm in ms
  report iter = plan.iter in ms
  report comm_ratio = plan.comm / compute_time(plan)
  report speedup = speedup(base, plan)
  report efficiency = efficiency(base, plan)
  require plan.feasible, "fits and has samples"
}

// The efficiency limit per workload and interconnect: the largest node count (of 1, 2, 4,
// ..., 1024) at which efficiency stays at `threshold` or more (stdlib.strategies'
// scaling_limit), weak and strong, and the best strong-scaling speedup with its node count.
scenario limits {
  param work: Workload = alexnet_b256 in [alexnet_b256, googlenet_b32, resnet50_b32]
  param net: Link = gbe1 in [gbe1, gbe10, gbe100, edr, nvlink1]
  param threshold: Real = 0.8
  let counts = [floor(2 ^ i) for i in range(11)]
  let strong_counts = [c for c in counts if c <= work.batch]
  let weak_base = weak_plan(work, net, 1)
  let strong_base = strong_plan(work, net, 1)
  let weak_at = fn(p: Int) -> Plan = weak_plan(work, net, p)
  let strong_at = fn(p: Int) -> Plan = strong_plan(work, net, p)
  let best = max c in strong_counts: speedup(strong_base, strong_at(c))
  report grads = total_params(work.net) * 4 B in MB
  report compute = compute_time(weak_base) in ms
  // The allreduce of a ring as p grows, 2n/bw, against one GPU's compute.
  report ratio_limit = 2 * total_params(work.net) * 4 B / net.bw / compute_time(weak_base)
  report weak_limit = scaling_limit(weak_at, weak_base, counts, threshold)
  report strong_limit = scaling_limit(strong_at, strong_base, strong_counts, threshold)
  report best_speedup = best
  report best_nodes = max c in strong_counts: if speedup(strong_base, strong_at(c)) >= best then c else 0
}

// Keuper and Pfreundt's measured K80 iteration against the roofline of the same network:
// how optimistic the roofline is on that GPU.
scenario compute_check {
  param work: Workload = alexnet_b256 in [alexnet_b256, googlenet_b32]
  let measured = weak_plan(work, gbe1, 1)
  let roof = weak_plan(work with { compute = roofline_source }, gbe1, 1)
  report measured_iter = compute_time(measured) in ms
  report roofline_iter = compute_time(roof) in ms
  report roofline_share = compute_time(roof) / compute_time(measured)
}
