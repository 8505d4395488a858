// stdlib.advise: the strategies `ringline advise` compares, by name, and what it reports
// of each plan. A spec can use it too:
//   let plan = plan_for(Choice { name = "data", kind = "data" }, resnet50, setup(abci(4)), 16, 512)
import stdlib.hardware
import stdlib.layers
import stdlib.roofline
import stdlib.strategies
import stdlib.run_cost

// One strategy to compare: its name in the output, the strategy, and for a hybrid the size
// of the inner (model-parallel or pipeline) group; `micro` micro-batches per stage for a
// pipeline (0: four per stage).
record Choice { name: String, kind: String, group: Int = 1, micro: Int = 0 }

let choices = [
  Choice { name = "data", kind = "data" },
  Choice { name = "data_overlap", kind = "data_overlap" },
  Choice { name = "filter", kind = "filter" },
  Choice { name = "channel", kind = "channel" },
  Choice { name = "spatial", kind = "spatial" },
  Choice { name = "pipeline", kind = "pipeline" },
  Choice { name = "pipeline_1f1b", kind = "pipeline_1f1b" }]

// The hybrids on a cluster with `gpn` GPUs per node: the model-parallel or spatial group
// inside a node and data parallelism across nodes (ParaDL), and pipelines of 2 and 4 stages
// replicated.
fn hybrid_choices(gpn: Int) -> [Choice] = [
  Choice { name = "data+filter/" + str(gpn), kind = "data+filter", group = gpn },
  Choice { name = "data+spatial/" + str(gpn), kind = "data+spatial", group = gpn },
  Choice { name = "data+pipeline/2", kind = "data+pipeline", group = 2 },
  Choice { name = "data+pipeline/4", kind = "data+pipeline", group = 4 }]

fn is_hybrid(c: Choice) -> Bool = c.kind == "data+filter" or c.kind == "data+spatial" or c.kind == "data+pipeline"

// Whether choice `c` is a strategy of its own on `gpus` GPUs: a hybrid with an inner group
// of one GPU is data parallelism, and one whose group is all the GPUs is its inner strategy
// alone, both already among the choices; one whose group is larger than `gpus` is no
// layout of that many.
fn offered(c: Choice, gpus: Int) -> Bool = not is_hybrid(c) or (c.group > 1 and c.group < gpus)

// Every choice `ringline advise` compares on the clusters `make` builds.
fn advise_choices(make: fn(Int) -> Cluster) -> [Choice] = concat(choices, hybrid_choices(make(1).gpus_per_node))

// A cluster with room for `gpus` GPUs, made by `make(nodes)` (`abci`, `dgx_a100_pod`, ...).
fn cluster_for(make: fn(Int) -> Cluster, gpus: Int) -> Cluster =
  make(max(1, ceil(gpus / make(1).gpus_per_node)))

// A global batch of `batch` samples over `replicas` data-parallel replicas, planned at
// ceil(batch / replicas) a replica (the fullest sets the step): the iteration still takes
// `batch` samples of the epoch, and a replica without a sample breaks
// `replicas <= global batch`.
fn _global_batch(plan: Plan, batch: Int, replicas: Int) -> Plan = {
  let c = Constraint { name = "replicas <= global batch", value = replicas, limit = batch }
  plan with { batch = batch, epoch = ceil(plan.dataset / batch) * plan.iter,
              constraints = concat(plan.constraints, [c]), feasible = plan.feasible and holds(c) }
}

// The plan of choice `c` on p GPUs for a global batch of `batch` samples per iteration.
fn plan_for(c: Choice, net: Network, s: Setup, p: Int, batch: Int) -> Plan = {
  let per = max(1, ceil(batch / p))
  let groups = max(1, floor(p / c.group))
  let per_group = max(1, ceil(batch / groups))
  let micro = fn(stages: Int) -> Int = if c.micro > 0 then c.micro else 4 * stages
  if c.kind == "serial" then serial(net, s, batch)
  else if c.kind == "data" then _global_batch(data_parallel(net, s with { overlap = false }, p, per), batch, p)
  else if c.kind == "data_overlap" then
    _global_batch(data_parallel(net, s with { overlap = true }, p, per), batch, p)
  else if c.kind == "filter" then filter_parallel(net, s, p, batch)
  else if c.kind == "channel" then channel_parallel(net, s, p, batch)
  else if c.kind == "spatial" then spatial_parallel(net, s, p, batch)
  else if c.kind == "pipeline" then pipeline(net, s, min(p, len(net.layers)), micro(p), batch)
  else if c.kind == "pipeline_1f1b" then pipeline(net, s, min(p, len(net.layers)), micro(p), batch, "1f1b")
  else if c.kind == "data+filter" then _global_batch(data_filter(net, s, groups, c.group, per_group), batch, groups)
  else if c.kind == "data+spatial" then _global_batch(data_spatial(net, s, groups, c.group, per_group), batch, groups)
  else if c.kind == "data+pipeline" then
    _global_batch(data_pipeline(net, s, groups, c.group, micro(c.group), per_group), batch, groups)
  else error("no strategy `" + c.kind + "`; the strategies are serial, data, data_overlap, filter, channel, " +
             "spatial, pipeline, pipeline_1f1b, data+filter, data+spatial and data+pipeline")
}

// The index of the first constraint that fails (len(constraints) when all hold), and its
// value and limit.
fn first_broken(p: Plan) -> Int = min i in range(len(p.constraints)): if holds(p.constraints[i]) then len(p.constraints) else i
fn broken_value(p: Plan) -> Real = sum i in range(len(p.constraints)): if i == first_broken(p) then p.constraints[i].value else 0
fn broken_limit(p: Plan) -> Real = sum i in range(len(p.constraints)): if i == first_broken(p) then p.constraints[i].limit else 0
fn broken_unit(p: Plan) -> String =
  fold(fn(acc: String, i: Int) -> String = if i == first_broken(p) then p.constraints[i].unit else acc, "",
       range(len(p.constraints)))

// A plan on another number of GPUs than `gpus` (a pipeline has at most one stage per
// layer; a hybrid's group may be larger than `gpus`) breaks a constraint that says so.
fn uses_gpus(p: Plan, gpus: Int) -> Plan = {
  let c = if p.gpus < gpus then Constraint { name = "p <= GPUs it can use", value = gpus, limit = p.gpus }
          else Constraint { name = "GPUs it needs <= p", value = p.gpus, limit = gpus }
  if p.gpus == gpus then p else p with { constraints = concat([c], p.constraints), feasible = false }
}

// The share of one GPU's compute time spent in layers the compute roof binds (the rest
// is bound by memory bandwidth), on the roofline of each layer at `batch` samples.
fn compute_bound_share(net: Network, d: Device, batch: Int, elem: B = 4 B) -> Real = {
  let pts = [layer_roofline(l, d, batch, elem) for l in net.layers]
  let total = sum r in pts: r.time
  (sum r in pts: if r.compute_bound then r.time else 0 s) / total
}

// ---- one row of `ringline advise` -------------------------------------------------------

// The collectives of stdlib's defaults with `f` as the allreduce (`advise --collectives
// tree_allreduce`).
fn allreduce_with(f: fn(B, Int, Link) -> s) -> Collectives = Collectives { allreduce = f }

// The setup of the cluster that `make` builds with room for `gpus` GPUs, with an optimizer
// and a compute source, and the device replaced when `device` names one. `base` (at most
// one) gives every other field (precision, overlap, buckets, collectives, the dataset):
// its cluster and device are replaced by the one `make` builds. `coll` (at most one)
// replaces the collective schedules; `dataset` > 0 the samples per epoch; `precision` one of
// with_precision's (stdlib.strategies), "" for the setup's.
fn advise_setup(make: fn(Int) -> Cluster, gpus: Int, optimizer: Optimizer = sgd, compute: Compute = kernel_source,
                device: [Device] = [], base: [Setup] = [], coll: [Collectives] = [], dataset: Int = 0,
                precision: String = "") -> Setup = {
  let c = cluster_for(make, gpus)
  let d = if len(device) == 0 then c.device else device[0]
  let s = if len(base) == 0 then setup(c) else base[0] with { cluster = c }
  let s1 = s with { optimizer = optimizer, compute = compute, device = d }
  let s2 = if len(coll) == 0 then s1 else s1 with { coll = coll[0] }
  let s3 = if dataset > 0 then s2 with { dataset = dataset } else s2
  if precision == "" then s3 else with_precision(s3, precision)
}

// What `ringline advise` shows of a plan: its times, memory and cost, the efficiency
// against one GPU running `base` samples per iteration (the per-GPU batch when scaling
// weakly, the global batch when scaling strongly; `base_fits` says whether that GPU has
// the memory, and `throughput` lets a caller take another baseline when it has not), what
// bounds it (the network when exposed communication is half the iteration or more, else
// the roof that binds most of the compute time) and the first constraint it breaks ("" when
// it is feasible), its value and limit in `unit` ("B", or "" for a count). The run is one
// epoch (stdlib.run_cost): its days, GPU-hours, energy, dollars, interruptions, checkpoint
// interval and goodput, failures and checkpoints included.
record AdviseRow {
  strategy: String
  gpus: Int
  used: Int            // the GPUs the plan runs on (not `gpus` only when it breaks a constraint)
  iter: s
  epoch: s
  memory: B
  capacity: B
  comm: s
  exposed: s
  gpu_hours: Real
  days: Real
  energy: J
  cost: USD
  interruptions: Real
  checkpoint_interval: s
  goodput: Real
  efficiency: Real
  throughput: 1/s      // samples per second
  base_fits: Bool
  bound: String
  feasible: Bool
  constraint: String
  value: Real          // the broken constraint's value and limit (0 when feasible)
  limit: Real
  unit: String
}

fn advise_row(c: Choice, net: Network, s: Setup, gpus: Int, batch: Int, base: Int) -> AdviseRow = {
  let plan = uses_gpus(plan_for(c, net, s, gpus, batch), gpus)
  let base_plan = serial(net, s, base)
  let share = compute_bound_share(net, s.device, max(1, ceil(batch / gpus)))
  let broken = first_broken(plan)
  // One epoch: the weights and the optimizer's words (a mixed run's fp32 master copy too).
  let state = checkpoint_bytes(total_params(net), s.elem, s.optimizer, s.mixed)
  let rc = run_cost(plan, s, ceil(s.dataset / batch), state, total_train_flops_real(net) * batch * 1 FLOP / plan.gpus,
                    s.device.peak, Run {})
  AdviseRow {
    strategy = c.name, gpus = gpus, used = plan.gpus, iter = plan.iter, epoch = plan.epoch, memory = mem_total(plan),
    capacity = plan.capacity, comm = plan.comm, exposed = plan.exposed, gpu_hours = rc.gpu_hours, days = rc.days,
    energy = rc.energy, cost = rc.cost, interruptions = rc.interruptions, checkpoint_interval = rc.checkpoint_interval,
    goodput = rc.goodput,
    efficiency = throughput(plan) / (plan.gpus * throughput(base_plan)), throughput = throughput(plan),
    base_fits = base_plan.feasible,
    bound = if plan.exposed >= 0.5 * plan.iter then "network" else if share >= 0.5 then "compute" else "memory bw",
    feasible = plan.feasible,
    constraint = if broken < len(plan.constraints) then plan.constraints[broken].name else "",
    value = broken_value(plan), limit = broken_limit(plan), unit = broken_unit(plan)
  }
}

