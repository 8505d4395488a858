// stdlib.strategies: parallelization strategies for training a network on a cluster, each
// a function that returns the same record, a `Plan` (time per iteration by phase and by
// communication, memory per GPU by category, and every feasibility constraint by name),
// so that strategies compare column by column and a spec can write a new one.
// docs/strategies.md has each strategy's formulas and where they come from.
//   import stdlib.strategies
//   let plan = data_parallel(resnet50, setup(abci(16)), 64, 64)
//   report iter = plan.iter in ms
//   require plan.feasible
import stdlib.hardware
import stdlib.layers
import stdlib.kernel_time
import stdlib.collectives

// ---- what a strategy returns --------------------------------------------------------

// One communication of an iteration, by name ("grad_allreduce", "act_allgather",
// "halo_exchange", "pipeline_sendrecv", ...): its time and the bytes each GPU sends.
record Comm { name: String, time: s, bytes: B }

// Memory of one GPU by category.
record Memory {
  weights: B          // the parameters this GPU holds (fp16 copies under mixed precision)
  grads: B            // their gradients
  optimizer: B        // optimizer state (momentum, Adam's two moments, fp32 master weights)
  activations: B      // what the forward pass keeps for the backward pass
  buffers: B = 0 B    // communication buffers (gradient buckets, received activations)
  workspace: B = 0 B  // kernel workspace (cuDNN), framework overhead
}
fn memory_total(m: Memory) -> B = m.weights + m.grads + m.optimizer + m.activations + m.buffers + m.workspace

// One feasibility constraint: `value <= limit` must hold.
// `unit` names what value and limit count ("B" for bytes), for the messages that show them.
record Constraint { name: String, value: Real, limit: Real, unit: String = "" }
fn holds(c: Constraint) -> Bool = c.value <= c.limit

record Plan {
  strategy: String
  gpus: Int
  batch: Int            // samples per iteration, over all GPUs
  fwd: s                // compute of one iteration on the slowest GPU
  bwd: s
  update: s             // the weight update
  comms: [Comm]
  comm: s               // all communication
  exposed: s            // communication not hidden behind compute
  bubble: s = 0 s       // idle time of a pipeline
  iter: s               // one iteration
  dataset: Int          // samples per epoch
  epoch: s              // ceil(dataset / batch) iterations
  memory: Memory
  capacity: B           // the device's memory
  constraints: [Constraint]
  feasible: Bool        // every constraint holds
}

// The time of the communications named `name` (0 s when the plan has none).
fn comm_time(p: Plan, name: String) -> s = sum c in p.comms: if c.name == name then c.time else 0 s
fn mem_total(p: Plan) -> B = memory_total(p.memory)
// A plan that fits, but only above 95% of its device's memory: real jobs keep more free
// (allocator fragmentation, NCCL's lazily grown buffers, spikes at the first iteration).
fn memory_tight(p: Plan) -> Bool = memory_total(p.memory) > 0.95 * p.capacity
// The share of an iteration spent in exposed communication.
fn comm_share(p: Plan) -> Real = p.exposed / p.iter
// GPU-hours of one epoch (ParaDL's cost, in hours rather than node-minutes).
fn gpu_hours(p: Plan) -> Real = p.gpus * p.epoch / 1 h
// Whether the constraint named `name` fails (false when the plan has none of that name).
fn fails(p: Plan, name: String) -> Bool =
  (sum c in p.constraints: if c.name == name and not holds(c) then 1 else 0) > 0

// ---- how a strategy is run ------------------------------------------------------------

// Where a layer's compute time comes from:
//   "measured": one sample's measured forward+backward time of the whole network, spread
//               over the layers in proportion to their FLOPs (ParaDL);
//   "kernels":  the device's kernel-time models (stdlib.kernel_time; the roofline for a
//               kernel the bundle lacks);
//   "roofline": the roofline of each layer's counts at the device's peak;
//   "projected": a what-if `device` (other peaks or bandwidth) projected from the kernel
//               models of the measured `Setup.base_device` (stdlib.kernel_time's
//               projected_layer_time).
record Compute {
  source: String = "kernels"
  sample_time: s = 0 s
  bwd_share: Real = 2 / 3     // measured: the backward pass's share of a sample's time
}
let measured_source = Compute { source = "measured" }
let roofline_source = Compute { source = "roofline" }
let kernel_source = Compute { source = "kernels" }
let projected_source = Compute { source = "projected" }

// Optimizer state per parameter, in fp32 words.
record Optimizer { name: String, words: Int }
let sgd = Optimizer { name = "sgd", words = 0 }
let momentum = Optimizer { name = "momentum", words = 1 }
let adam = Optimizer { name = "adam", words = 2 }

// The collectives a strategy uses: any schedule of the same signature (stdlib.collectives,
// or the spec's own), so that a new algorithm changes every strategy's cost.
record Collectives {
  allreduce: fn(B, Int, Link) -> s = ring_allreduce
  allgather: fn(B, Int, Link) -> s = ring_allgather
  reduce_scatter: fn(B, Int, Link) -> s = ring_reduce_scatter
  hierarchical: Bool = true   // a group that spans nodes: inside the node, then across
  // An allreduce inside one node on its switches' NVLink SHARP where the node has it
  // (NCCL's default, NCCL_NVLS_ENABLE=1; node_allreduce).
  sharp: Bool = true
}

// Everything but the network, the GPU count and the batch.
record Setup {
  cluster: Cluster
  device: Device = cluster.device
  compute: Compute = kernel_source
  coll: Collectives = Collectives {}
  optimizer: Optimizer = sgd
  elem: B = 4 B                   // bytes per element of weights, activations, gradients
  mixed: Bool = false             // mixed precision: elem 2 B plus fp32 master weights
  dataset: Int = 1281167          // ImageNet-1k's training set
  overlap: Bool = true            // gradient allreduce overlapped with the backward pass
  bucket: B = 25 MiB              // gradient bucket cap (DDP's bucket_cap_mb = 25, in MiB); 0 B: one per layer
  first_bucket: B = 1 MiB         // DDP's first (last layers') bucket cap
  straggler_cv: Real = 0          // coefficient of variation of a GPU's compute time
  workspace: B = 0 B
  // The share of the device's memory a plan may not use (allocator fragmentation, a
  // margin for spikes): the "memory" constraint's limit is memory · (1 - reserve).
  reserve: Real = 0.0
  update_flops: Int = 2           // FLOPs per parameter of the weight update
  base_device: Device = device    // compute "projected": the device whose kernel models are scaled
  // A named precision (with_precision: fp32, tf32, fp16, bf16, amp, fp8) sets the element
  // sizes and the peak the layers' math runs at together; "" keeps elem, mixed and
  // device.peak as given.
  precision: String = ""
  weight_elem: B = 0 B            // bytes of a weight element; 0 B: elem (amp's weights are fp32)
  grad_elem: B = 0 B              // bytes of a gradient element; 0 B: elem (amp's gradients are fp32)
}
fn setup(c: Cluster) -> Setup = Setup { cluster = c }

// ---- precision --------------------------------------------------------------------------

// One choice for what a setup computes in, setting every field that depends on it:
//   fp32, tf32  4-byte elements; the fp32 or TF32 tensor-core peak
//   fp16, bf16  2-byte weights, gradients and activations with fp32 master weights
//               (Megatron-LM, DeepSpeed); the 16-bit tensor-core peak
//   amp         PyTorch autocast: fp32 weights and gradients (allreduced in fp32), 2-byte
//               activations; the 16-bit tensor-core peak
//   fp8         as bf16, with the GEMMs at the FP8 tensor-core peak (Hopper and later)
// Kernel models follow the element size: a device's fp16 bundle for 2-byte elements
// (stdlib.kernel_time).
fn with_precision(s: Setup, p: String) -> Setup =
  if p == "fp32" or p == "tf32" then s with { precision = p, elem = 4 B, mixed = false, weight_elem = 0 B, grad_elem = 0 B }
  else if p == "fp16" or p == "bf16" or p == "fp8" then
    s with { precision = p, elem = 2 B, mixed = true, weight_elem = 0 B, grad_elem = 0 B }
  else if p == "amp" then s with { precision = p, elem = 2 B, mixed = false, weight_elem = 4 B, grad_elem = 4 B }
  else error("precision is \"fp32\", \"tf32\", \"fp16\", \"bf16\", \"amp\" or \"fp8\", not \"" + p + "\"")

fn weight_elem_of(s: Setup) -> B = if s.weight_elem > 0 B then s.weight_elem else s.elem
fn grad_elem_of(s: Setup) -> B = if s.grad_elem > 0 B then s.grad_elem else s.elem

// The peak the layers' convolutions and GEMMs run at under the setup's precision.
fn math_peak(s: Setup) -> FLOP/s =
  if s.precision == "" then s.device.peak
  else if s.precision == "fp32" then s.device.peak_fp32
  else if s.precision == "tf32" then s.device.peak_tf32
  else if s.precision == "fp8" then
    (if s.device.peak_fp8 > 0 FLOP/s then s.device.peak_fp8
     else error(s.device.name + " has no FP8 tensor cores (its peak_fp8 is 0); use bf16 or amp"))
  else s.device.peak_fp16
// The device as the layers' math sees it: its peak at the setup's precision.
fn math_device(s: Setup) -> Device = if s.precision == "" then s.device else s.device with { peak = math_peak(s) }

// ---- compute ----------------------------------------------------------------------------

fn _layer_flops(l: Layer) -> Int = l.fwd + l.bwd_data + l.bwd_weight

// Forward and backward time of every layer of `net` for `batch` samples on one GPU, each
// divided by `split` (a layer split over `split` GPUs by filters, channels or space).
fn layer_times(net: Network, s: Setup, batch: Int) -> [LayerTime] =
  if s.compute.source == "measured" then {
    let total = sum l in net.layers: _layer_flops(l)
    [{ let t = s.compute.sample_time * batch * _layer_flops(l) / total
       LayerTime { fwd = t * (1 - s.compute.bwd_share), bwd = t * s.compute.bwd_share, source = "measured" } }
     for l in net.layers]
  } else if s.compute.source == "roofline" then
    [layer_time(l with { kernels = [] }, math_device(s), batch, s.elem) for l in net.layers]
  else if s.compute.source == "projected" then
    [projected_layer_time(l, s.base_device, math_device(s), batch, s.elem) for l in net.layers]
  else [layer_time(l, math_device(s), batch, s.elem) for l in net.layers]

// The weight update of `params` parameters: a memory-bound pass over weights, gradients
// and optimizer state.
fn update_time(s: Setup, params: Int) -> s =
  roofline(params * s.update_flops * 1 FLOP,
           params * (2 * weight_elem_of(s) + grad_elem_of(s) + 2 * s.optimizer.words * 4 B),
           s.device.peak, s.device.membw)

// The expected slowest of p GPUs whose compute times vary with coefficient of variation
// `cv`, as a factor on the mean: 1 + cv E[max of p standard normals], with the
// asymptotic E[max] ~ sqrt(2 ln p) - (ln ln p + ln 4pi) / (2 sqrt(2 ln p)) (Cramér), exact
// enough for p >= 4 and 0 for one GPU. Li et al. find overlap hides this only partly.
fn straggler(cv: Real, p: Int) -> Real =
  if p < 2 then 1.0
  else if p < 4 then 1 + cv * (if p == 2 then 0.5642 else 0.8463)
  else 1 + cv * (sqrt(2 * log(p)) - (log(log(p)) + log(4 * 3.141592653589793)) / (2 * sqrt(2 * log(p))))

// ---- memory -------------------------------------------------------------------------

// Weights, gradients and optimizer state of `params` parameters on one GPU.
fn param_memory(s: Setup, params: Int, activations: B, buffers: B) -> Memory =
  Memory { weights = params * weight_elem_of(s), grads = params * grad_elem_of(s),
           optimizer = params * (s.optimizer.words * 4 B + (if s.mixed then 4 B else 0 B)),
           activations = activations, buffers = buffers, workspace = s.workspace }

fn act_bytes(net: Network, s: Setup, batch: Int) -> B = (sum l in net.layers: l.act) * batch * s.elem

// ---- communication on a group of GPUs ---------------------------------------------------

// The link a group of `g` GPUs sees: the node's inside one node, the network's across.
fn group_link(s: Setup, g: Int) -> Link =
  if g <= s.cluster.gpus_per_node then intra_link(s.cluster, g) else inter_link(s.cluster, ceil(g / s.cluster.gpus_per_node))

// An allreduce of n bytes among g GPUs of one node on link l: NVLink SHARP's where the
// node's switches have it and the collectives use it, else the Setup's allreduce.
fn node_allreduce(s: Setup, n: B, g: Int, l: Link) -> s =
  if s.coll.sharp and s.cluster.node.sharp and g > 1 and g <= s.cluster.gpus_per_node then nvls_allreduce(n, g, l)
  else s.coll.allreduce(n, g, l)

// An allreduce of n bytes over a group of g consecutive GPUs: the collective on the node's
// link inside one node; across nodes hierarchical (reduce-scatter in the node, the
// collective across nodes, allgather in the node), or one flat ring on the NICs of the
// node's GPUs in it (`flat_inter_link`).
fn group_allreduce(s: Setup, n: B, g: Int) -> s = {
  let gpn = s.cluster.gpus_per_node
  if g <= 1 then 0 s
  else if g <= gpn then node_allreduce(s, n, g, intra_link(s.cluster, g))
  else if s.coll.hierarchical then
    s.coll.reduce_scatter(n, gpn, s.cluster.intra) + s.coll.allreduce(n / gpn, ceil(g / gpn), group_link(s, g))
      + s.coll.allgather(n, gpn, s.cluster.intra)
  else s.coll.allreduce(n, g, flat_group_link(s, g))
}
// n: the whole gathered vector (each GPU contributes n / g), as stdlib.collectives.
// The link of one flat ring over g consecutive GPUs: the node's inside one node, across
// nodes the NICs of the ring's GPUs in a node (`flat_inter_link`).
fn flat_group_link(s: Setup, g: Int) -> Link =
  if g <= s.cluster.gpus_per_node then intra_link(s.cluster, g)
  else flat_inter_link(s.cluster, ceil(g / s.cluster.gpus_per_node), s.cluster.gpus_per_node)
fn group_allgather(s: Setup, n: B, g: Int) -> s = if g <= 1 then 0 s else s.coll.allgather(n, g, flat_group_link(s, g))
fn group_reduce_scatter(s: Setup, n: B, g: Int) -> s =
  if g <= 1 then 0 s else s.coll.reduce_scatter(n, g, flat_group_link(s, g))

// ---- gradient buckets ---------------------------------------------------------------

// The layers with parameters in backward order, cut into buckets as PyTorch DDP cuts its
// parameters (torch 1.13 reducer.cpp, compute_bucket_assignment_by_size, with the caps of
// distributed.py: `first_bucket` for the first, `bucket` after): a bucket takes layers
// until its gradients reach the cap, the layer that reaches it included, so every bucket
// but the last holds at least its cap. `bucket` 0 B: one bucket per layer. Each bucket:
// the indices of its layers.
fn buckets(net: Network, s: Setup) -> [[Int]] = {
  let order = [len(net.layers) - 1 - i for i in range(len(net.layers)) if net.layers[len(net.layers) - 1 - i].params > 0]
  let add = fn(acc: [[Int]], i: Int) -> [[Int]] = {
    let cap = if len(acc) <= 1 then s.first_bucket else s.bucket
    let last = if len(acc) == 0 then [] else acc[len(acc) - 1]
    let full = (sum j in last: net.layers[j].params) * grad_elem_of(s) >= cap
    if len(acc) == 0 then [[i]]
    else if s.bucket > 0 B and not full then concat([acc[k] for k in range(len(acc) - 1)], [concat(last, [i])])
    else concat(acc, [[i]])
  }
  fold(add, [], order)
}

// ---- strategies -----------------------------------------------------------------------

fn _plan(strategy: String, s: Setup, gpus: Int, batch: Int, fwd: s, bwd: s, update: s, comms: [Comm],
         exposed: s, bubble: s, memory: Memory, constraints: [Constraint]) -> Plan = {
  require gpus >= 1, "a plan's GPUs >= 1"
  let iter = fwd + bwd + update + exposed + bubble
  let all = concat(constraints, [Constraint { name = "memory", value = memory_total(memory) / 1 B,
                                              limit = s.device.memory * (1 - s.reserve) / 1 B, unit = "B" }])
  Plan { strategy = strategy, gpus = gpus, batch = batch, fwd = fwd, bwd = bwd, update = update,
         comms = comms, comm = sum c in comms: c.time, exposed = exposed, bubble = bubble, iter = iter,
         dataset = s.dataset, epoch = ceil(s.dataset / max(batch, 1)) * iter, memory = memory,
         capacity = s.device.memory, constraints = all,
         feasible = (sum c in all: if holds(c) then 0 else 1) == 0 }
}

// A plan from its parts, for a strategy written in another module (stdlib.megatron's
// transformer layouts): the iteration, the epoch, the memory constraint and `feasible` are
// derived as for the strategies here.
fn plan_from(strategy: String, s: Setup, gpus: Int, batch: Int, fwd: s, bwd: s, update: s, comms: [Comm],
             exposed: s, bubble: s, memory: Memory, constraints: [Constraint]) -> Plan =
  _plan(strategy, s, gpus, batch, fwd, bwd, update, comms, exposed, bubble, memory, constraints)

// One GPU: no communication.
fn serial(net: Network, s: Setup, batch: Int) -> Plan = {
  let ts = layer_times(net, s, batch)
  let params = total_params(net)
  _plan("serial", s, 1, batch, sum t in ts: t.fwd, sum t in ts: t.bwd, update_time(s, params), [], 0 s, 0 s,
        param_memory(s, params, act_bytes(net, s, batch), 0 B), [])
}

// DDP's bucket chain, which stdlib.training's data-parallel step shares: bucket k's
// allreduce (the cluster's, `group_allreduce`, of its layers' gradients at grad_elem_of(s)
// bytes each) starts when its last layer's backward is done and the previous allreduce
// is done. The backward pass is done with layer j after the layers behind it: `bwd` holds
// each layer's backward time, `slow` scales them (a straggler). `end`: when the last
// allreduce ends, counted from the start of the backward pass; `busy`: their sum.
record BucketChain { end: s, busy: s }
fn bucket_chain(net: Network, s: Setup, p: Int, bwd: [s], slow: Real = 1.0) -> BucketChain = {
  let bs = buckets(net, s)
  let times = [group_allreduce(s, (sum j in b: net.layers[j].params) * grad_elem_of(s), p) for b in bs]
  let ready = [(sum j in range(len(net.layers)): if j >= min(bs[k]) then bwd[j] else 0 s) * slow
               for k in range(len(bs))]
  BucketChain { end = fold(fn(end: s, k: Int) -> s = max(end, ready[k]) + times[k], 0 s, range(len(bs))),
                busy = sum t in times: t }
}

// Data parallelism on p GPUs with `per_gpu` samples each. Blocking: every bucket's
// allreduce after the backward pass. Overlapped (s.overlap): the wait-free chain of
// PyDTNN's calculate_time over buckets in backward order, a bucket's allreduce starting
// when its last gradient is ready and the previous allreduce is done; the exposed part is
// what ends after the backward pass. With s.straggler_cv the slowest GPU's compute sets
// when each bucket is ready.
fn data_parallel(net: Network, s: Setup, p: Int, per_gpu: Int) -> Plan = {
  let ts = layer_times(net, s, per_gpu)
  let slow = straggler(s.straggler_cv, p)
  let fwd = (sum t in ts: t.fwd) * slow
  let bwd = (sum t in ts: t.bwd) * slow
  let chain = bucket_chain(net, s, p, [t.bwd for t in ts], slow)
  let total = chain.busy
  let exposed = if s.overlap then max(chain.end - bwd, 0 s) else total
  let params = total_params(net)
  _plan("data", s, p, p * per_gpu, fwd, bwd, update_time(s, params),
        [Comm { name = "grad_allreduce", time = total, bytes = params * grad_elem_of(s) }], exposed, 0 s,
        param_memory(s, params, act_bytes(net, s, per_gpu), if s.overlap then params * grad_elem_of(s) else 0 B),
        [Constraint { name = "samples per GPU >= 1", value = 1, limit = per_gpu }])
}

// ---- splitting layers over GPUs -------------------------------------------------------

// The layers a model-parallel strategy splits by default: those with parameters whose
// kernels are convolutions or GEMMs (not batchnorm's scale and shift).
fn splittable(l: Layer) -> Bool =
  l.params > 0 and (l.kind == "conv1d" or l.kind == "conv2d" or l.kind == "conv3d" or l.kind == "dense")
fn _active(net: Network, active: [Bool]) -> [Bool] =
  if len(active) == 0 then [splittable(l) for l in net.layers]
  else if len(active) != len(net.layers) then
    error("the list of split layers has " + str(len(active)) + " entries; the network has " +
          str(len(net.layers)) + " layers")
  else active

fn _is_conv(k: Kernel) -> Bool = k.kind == "conv2d_fwd" or k.kind == "conv2d_bwd_data" or k.kind == "conv2d_bwd_filter"
fn _is_gemm(k: Kernel) -> Bool = k.kind == "gemm_fwd" or k.kind == "gemm_bwd_data" or k.kind == "gemm_bwd_weight"
fn _set(xs: [Int], i: Int, v: Int) -> [Int] = [if j == i then v else xs[j] for j in range(len(xs))]

// One GPU's share of a kernel split `p` ways along `axis`: "filter" (output channels),
// "channel" (input channels) or "height" (the first spatial axis), so that a kernel model
// sees the shape each GPU runs. 2-D convolutions have features [C, H, W, F, kh, kw, sh,
// sw, ph, pw, groups] and GEMMs [k, n] (stdlib.layers); other kernels keep their features
// and divide their counts.
fn split_kernel(k: Kernel, axis: String, p: Int) -> Kernel = {
  let f = k.feats
  let feats = if _is_conv(k) then (
      if axis == "filter" then _set(f, 3, ceil(f[3] / p))
      else if axis == "channel" then _set(f, 0, ceil(f[0] / p))
      else _set(f, 1, ceil(f[1] / p) + f[4] - 1))
    else if _is_gemm(k) then (
      if axis == "filter" then _set(f, 1, ceil(f[1] / p))
      else if axis == "channel" then _set(f, 0, ceil(f[0] / p))
      else f)
    else f
  k with { feats = feats, flops = ceil(k.flops / p), elems = ceil(k.elems / p),
           fixed = if axis == "height" then k.fixed else ceil(k.fixed / p) }
}
// One GPU's share of layer `l`'s parameters split `p` ways along `axis`: a filter or
// channel split cuts the weights (each GPU holds its output or input channels' slice), a
// height split replicates them (each GPU convolves its slab with all of them, and the
// gradients are allreduced: spatial_parallel; ParaDL's spatial keeps Σw whole,
// docs/paradl.md §9.1). The weights, gradients and optimizer state a plan counts follow.
fn split_params(l: Layer, axis: String, p: Int) -> Int = if axis == "height" then l.params else ceil(l.params / p)
// One GPU's share of layer `l` split `p` ways along `axis`, as split_kernel splits its
// kernels: FLOPs, outputs and kept activations divided by p, the parameters by
// split_params. Of the elements read, the activations are divided and the weights are the
// GPU's share of them, so a layer without kernels (the roofline of its counts, which
// reads the weights once per batch) reads only the weights it holds.
fn split_layer(l: Layer, axis: String, p: Int) -> Layer = {
  let params = split_params(l, axis, p)
  l with { params = params, fwd = ceil(l.fwd / p), bwd_data = ceil(l.bwd_data / p),
           bwd_weight = ceil(l.bwd_weight / p), reads = ceil((l.reads - l.params) / p) + params,
           writes = ceil(l.writes / p), act = ceil(l.act / p),
           kernels = [split_kernel(k, axis, p) for k in l.kernels] }
}

// Elements per sample of layer i's input (the network's input for the first).
fn in_elems(net: Network, i: Int) -> Int = if i == 0 then numel(net.input) else numel(net.layers[i - 1].out)

fn _times_split(net: Network, s: Setup, batch: Int, act: [Bool], axis: String, p: Int) -> [LayerTime] = {
  let whole = layer_times(net, s, batch)
  if s.compute.source == "measured" then
    [if act[i] then LayerTime { fwd = whole[i].fwd / p, bwd = whole[i].bwd / p, source = whole[i].source }
     else whole[i] for i in range(len(net.layers))]
  else {
    let split = Network { name = net.name, input = net.input,
                          layers = [if act[i] then split_layer(net.layers[i], axis, p) else net.layers[i]
                                    for i in range(len(net.layers))] }
    layer_times(split, s, batch)
  }
}

// ---- model parallelism: filter and channel ----------------------------------------------

// Filter parallelism on p GPUs (ParaDL; Dryden et al.): each GPU computes 1/p of the
// output channels of every split layer for the whole batch. Forward: an allgather of each
// split layer's output (but the last layer's); backward: an allreduce of each split
// layer's input gradient (but the first layer's), or a reduce-scatter with
// `backward = "reduce_scatter"`. Each GPU updates its own slice of the weights: no
// gradient exchange. `active`: which layers are split (default: conv and dense).
fn filter_parallel(net: Network, s: Setup, p: Int, batch: Int, active: [Bool] = [],
                   backward: String = "allreduce") -> Plan = {
  let act = _active(net, active)
  let n = len(net.layers)
  let ts = _times_split(net, s, batch, act, "filter", p)
  let gathers = sum i in range(n - 1): if act[i] then group_allgather(s, batch * numel(net.layers[i].out) * s.elem, p) else 0 s
  let reduces = sum i in range(1, n): if act[i] then
    (if backward == "reduce_scatter" then group_reduce_scatter(s, batch * in_elems(net, i) * s.elem, p)
     else group_allreduce(s, batch * in_elems(net, i) * s.elem, p)) else 0 s
  let split_params = sum i in range(n): if act[i] then net.layers[i].params else 0
  let params = total_params(net) - split_params + ceil(split_params / p)
  let min_f = min i in range(n): if act[i] then net.layers[i].out[0] else 1000000000
  _plan("filter", s, p, batch, sum t in ts: t.fwd, sum t in ts: t.bwd, update_time(s, params),
        [Comm { name = "act_allgather", time = gathers, bytes = 0 B },
         Comm { name = if backward == "reduce_scatter" then "grad_x_reduce_scatter" else "grad_x_allreduce",
                time = reduces, bytes = 0 B }],
        gathers + reduces, 0 s, param_memory(s, params, act_bytes(net, s, batch), 0 B),
        [Constraint { name = "p <= smallest filter count", value = p, limit = min_f }])
}

// Channel parallelism, the mirror image: each GPU holds 1/p of the input channels of every
// split layer; forward: an allreduce of each split layer's output (but the last's);
// backward: an allgather of each split layer's input gradient (but the first's).
fn channel_parallel(net: Network, s: Setup, p: Int, batch: Int, active: [Bool] = []) -> Plan = {
  let act = _active(net, active)
  let n = len(net.layers)
  let ts = _times_split(net, s, batch, act, "channel", p)
  let reduces = sum i in range(n - 1): if act[i] then group_allreduce(s, batch * numel(net.layers[i].out) * s.elem, p) else 0 s
  let gathers = sum i in range(1, n): if act[i] then group_allgather(s, batch * in_elems(net, i) * s.elem, p) else 0 s
  let split_params = sum i in range(n): if act[i] then net.layers[i].params else 0
  let params = total_params(net) - split_params + ceil(split_params / p)
  let min_c = min i in range(n): if act[i] then (if i == 0 then net.input[0] else net.layers[i - 1].out[0]) else 1000000000
  _plan("channel", s, p, batch, sum t in ts: t.fwd, sum t in ts: t.bwd, update_time(s, params),
        [Comm { name = "act_allreduce", time = reduces, bytes = 0 B },
         Comm { name = "grad_x_allgather", time = gathers, bytes = 0 B }],
        reduces + gathers, 0 s, param_memory(s, params, act_bytes(net, s, batch), 0 B),
        [Constraint { name = "p <= smallest channel count", value = p, limit = min_c }])
}

// ---- spatial parallelism --------------------------------------------------------------

// Kernel height of a 2-D convolution or pooling layer (1 for the others): the halo it
// needs is floor(kh / 2) rows from each neighbour.
fn kernel_height(l: Layer) -> Int =
  max k in concat([1], [if _is_conv(k) then k.feats[4] else if k.kind == "pool_fwd" then k.feats[3] else 1
                        for k in l.kernels]): k

// Spatial parallelism on p GPUs: every layer with a spatial output (rank >= 3: [C, H, W])
// is split along its height into p slabs of the whole batch; each conv or pool layer
// exchanges a halo of floor(kh / 2) rows of its input with each neighbour, forward, and of
// its output gradient, backward (two sends each way); where the split ends (the first
// layer without spatial axes) each GPU gathers the whole activation, and the dense layers
// after it run on every GPU. The weights are replicated: their gradients are allreduced.
fn spatial_parallel(net: Network, s: Setup, p: Int, batch: Int) -> Plan = {
  let n = len(net.layers)
  let act = [len(l.out) >= 3 for l in net.layers]
  let ends = min i in range(n): if act[i] then n else i
  let ts = _times_split(net, s, batch, act, "height", p)
  let link = group_link(s, p)
  let halo = sum i in range(n): if act[i] and kernel_height(net.layers[i]) > 1 then {
    let x = if i == 0 then net.input else net.layers[i - 1].out
    let rows = floor(kernel_height(net.layers[i]) / 2)
    let slab = batch * x[0] * rows * (prod d in range(2, len(x)): x[d]) * s.elem
    let dy = batch * net.layers[i].out[0] * rows * (prod d in range(2, len(net.layers[i].out)): net.layers[i].out[d]) * s.elem
    if p > 1 then 2 * p2p(slab, link) + 2 * p2p(dy, link) else 0 s
  } else 0 s
  let gather = if ends < n then group_allgather(s, batch * in_elems(net, ends) * s.elem, p) else 0 s
  let params = total_params(net)
  let grads = group_allreduce(s, params * grad_elem_of(s), p)
  let min_h = min i in range(n): if act[i] then net.layers[i].out[1] else 1000000000
  let spatial_act = sum i in range(n): if act[i] then net.layers[i].act else 0
  let dense_act = sum i in range(n): if act[i] then 0 else net.layers[i].act
  _plan("spatial", s, p, batch, sum t in ts: t.fwd, sum t in ts: t.bwd, update_time(s, params),
        [Comm { name = "halo_exchange", time = halo, bytes = 0 B },
         Comm { name = "act_allgather", time = gather, bytes = 0 B },
         Comm { name = "grad_allreduce", time = grads, bytes = params * grad_elem_of(s) }],
        halo + gather + grads, 0 s,
        param_memory(s, params, (ceil(spatial_act / p) + dense_act) * batch * s.elem, 0 B),
        [Constraint { name = "p <= smallest split height", value = p, limit = min_h }])
}

// ---- pipeline parallelism ---------------------------------------------------------------

// The layers cut into `stages` contiguous stages of about equal forward FLOPs (cut before
// the first layer at which the running total passes k/stages of the whole): each stage's
// first layer index, then len(layers). FLOPs, not times, so the cut is static. The sums
// are Reals: a GPT-3-sized network's FLOPs per sample times the stage count pass 2^53,
// where an `Int` stops being exact (Reals of whole numbers below 2^53 compare exactly as
// before).
fn stage_cuts(net: Network, stages: Int) -> [Int] = {
  let n = len(net.layers)
  let total = sum l in net.layers: 1.0 * _layer_flops(l)
  let run = fold(fn(acc: [Real], l: Layer) -> [Real] =
                   concat(acc, [acc[len(acc) - 1] + 1.0 * _layer_flops(l)]), [0.0], net.layers)
  let cut = fn(k: Int) -> Int = min i in range(n + 1): if run[i] * stages >= k * total then i else n
  // More stages than layers (infeasible: pipeline's `stages <= layers`) leave the last
  // stages empty rather than cut past the network's end.
  concat([0], [min(n, max(k, min(cut(k), n - stages + k))) for k in range(1, stages)], [n])
}

// GPipe (Huang et al.) over `stages` GPUs with `micro` micro-batches of batch / micro
// samples: (micro + stages - 1) steps of the slowest stage forward and backward, of which
// stages - 1 are the bubble; each cut sends a micro-batch's activation forward and its
// gradient backward. `order = "1f1b"` (PipeDream-Flush) has the same bubble but keeps
// at most `stages` micro-batches of activations instead of all of them.
fn pipeline(net: Network, s: Setup, stages: Int, micro: Int, batch: Int, order: String = "gpipe") -> Plan = {
  let cuts = stage_cuts(net, stages)
  let mb = ceil(batch / micro)
  let ts = layer_times(net, s, mb)
  let sf = [sum j in range(cuts[k], cuts[k + 1]): ts[j].fwd for k in range(stages)]
  let sb = [sum j in range(cuts[k], cuts[k + 1]): ts[j].bwd for k in range(stages)]
  let step_f = max(sf)
  let step_b = max(sb)
  // One transfer at a time crosses between two stages' GPUs: across nodes a whole NIC.
  let link = if stages <= s.cluster.gpus_per_node then group_link(s, stages)
    else flat_inter_link(s.cluster, ceil(stages / s.cluster.gpus_per_node),
                         ceil(s.cluster.gpus_per_node / max(1, s.cluster.node.nics)))
  let send = if stages > 1 then max k in range(1, stages): p2p(mb * in_elems(net, cuts[k]) * s.elem, link) else 0 s
  let sends = 2 * (micro + stages - 2) * send
  let sp = [sum j in range(cuts[k], cuts[k + 1]): net.layers[j].params for k in range(stages)]
  let sa = [sum j in range(cuts[k], cuts[k + 1]): net.layers[j].act for k in range(stages)]
  let kept = if order == "1f1b" then min(stages, micro) else micro
  let params = max(sp)
  _plan(if order == "1f1b" then "pipeline_1f1b" else "pipeline", s, stages, batch,
        micro * step_f, micro * step_b, update_time(s, params),
        [Comm { name = "pipeline_sendrecv", time = sends, bytes = 0 B }], sends,
        (stages - 1) * (step_f + step_b), param_memory(s, params, max(sa) * mb * kept * s.elem, 0 B),
        [Constraint { name = "stages <= layers", value = stages, limit = len(net.layers) },
         Constraint { name = "micro-batches <= batch", value = micro, limit = batch }])
}

// ---- hybrids ------------------------------------------------------------------------

// Data parallelism over p1 groups of p2 GPUs, with `inner` the strategy inside a group
// (a plan for the group's share of the batch, on p2 GPUs): the group's gradients (its
// parameters, already split p2 ways by a model-parallel inner strategy) are allreduced
// across the p1 groups on the network's link, one GPU of each group in a ring, all
// groups' rings at once (each on the NICs of its GPUs in a node: floor(GPUs per node / p2)
// of them, one at least). Overlap with the backward pass as in `data_parallel`.
fn data_hybrid(name: String, inner: Plan, s: Setup, p1: Int, p2: Int, grad_bytes: B) -> Plan = {
  let link = if p1 * p2 <= s.cluster.gpus_per_node then group_link(s, p1 * p2)
             else strided_inter_link(s.cluster, p2, p1)
  let across = if p1 <= 1 then 0 s else s.coll.allreduce(grad_bytes, p1, link)
  let exposed = if s.overlap then max(across - inner.bwd, 0 s) else across
  _plan(name, s, p1 * p2, inner.batch * p1, inner.fwd, inner.bwd, inner.update,
        concat(inner.comms, [Comm { name = "grad_allreduce", time = across, bytes = grad_bytes }]),
        inner.exposed + exposed, inner.bubble,
        inner.memory with { buffers = inner.memory.buffers + (if s.overlap then grad_bytes else 0 B) },
        [c for c in inner.constraints if c.name != "memory"])
}
// Filter parallelism inside groups of p2 GPUs (a node), data parallelism across p1 groups.
fn data_filter(net: Network, s: Setup, p1: Int, p2: Int, per_group: Int, active: [Bool] = []) -> Plan = {
  let inner = filter_parallel(net, s, p2, per_group, active)
  data_hybrid("data+filter", inner, s, p1, p2, inner.memory.grads)
}
// Spatial parallelism inside groups of p2 GPUs, data parallelism across p1 groups.
fn data_spatial(net: Network, s: Setup, p1: Int, p2: Int, per_group: Int) -> Plan = {
  let inner = spatial_parallel(net, s, p2, per_group)
  data_hybrid("data+spatial", inner, s, p1, p2, inner.memory.grads)
}
// A pipeline of `stages` GPUs replicated p1 times: each stage's gradients are allreduced
// across the replicas.
fn data_pipeline(net: Network, s: Setup, p1: Int, stages: Int, micro: Int, per_replica: Int,
                 order: String = "gpipe") -> Plan = {
  let inner = pipeline(net, s, stages, micro, per_replica, order)
  data_hybrid("data+pipeline", inner, s, p1, stages, inner.memory.grads)
}

// ---- scaling --------------------------------------------------------------------------

// Samples per second. Speedup is the ratio of throughputs, which is the ratio of times for
// the same global batch (strong scaling) and of samples per second when each GPU keeps
// its batch (weak scaling): one definition for both.
// PyTorch DDP on `p` ranks of `b` samples each, from measured compute: data_parallel with
// DDP's bucket caps (`cap`, `first`), overlapped or not, on the collectives `coll`, the
// forward and backward of one rank (times `share`, the slowdown of ranks sharing cores)
// spread over the layers by FLOPs. tools/validation/validate.py predicts its measurements with it.
fn ddp_measured(net: Network, cl: Cluster, coll: Collectives, p: Int, b: Int, fwd: s, bwd: s, share: Real,
                cap: B, first: B, overlap: Bool) -> Plan = {
  let comp = Compute { source = "measured", sample_time = share * (fwd + bwd) / b, bwd_share = bwd / (fwd + bwd) }
  data_parallel(net, setup(cl) with { compute = comp, coll = coll, bucket = cap, first_bucket = first,
                                      overlap = overlap }, p, b)
}
// A plan's iteration with its update replaced by a measured one (times `share`).
fn iteration_with_update(plan: Plan, update: s, share: Real) -> s = plan.iter - plan.update + share * update

fn throughput(p: Plan) -> 1/s = p.batch / p.iter
fn speedup(base: Plan, p: Plan) -> Real = throughput(p) / throughput(base)
fn efficiency(base: Plan, p: Plan) -> Real = speedup(base, p) * base.gpus / p.gpus

// The scaling limit: the largest GPU count in `counts` at which `plan` is feasible and
// keeps at least `threshold` efficiency against `base` (0 when none does). Ringline's own
// derivation of Keuper and Pfreundt's limit (docs/strategies.md): with compute C per
// iteration and exposed communication X(p), E(p) = C / (C + X(p)), so the limit is the
// largest p with X(p) <= C (1 - threshold) / threshold.
fn scaling_limit(plan: fn(Int) -> Plan, base: Plan, counts: [Int], threshold: Real) -> Int =
  max p in counts: if plan(p).feasible and efficiency(base, plan(p)) >= threshold then p else 0
