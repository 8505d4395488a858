// stdlib.run_cost: the cost of a whole training run from one iteration's Plan (docs/run-cost.md):
// iterations and days, GPU and node power and the energy at the facility's PUE, dollars
// (cloud or owned), and interruptions, checkpoints and goodput under failures. The
// layout search (stdlib.advise_llm) reports it for every layout; a spec calls run_cost on
// any Plan:
//   import stdlib.run_cost
//   let rc = run_cost(plan, st, iterations_for(15e12, 2048 * 8192), state, flops, peak, Run {})
//   report days = rc.days
import stdlib.hardware
import stdlib.strategies

// ---- what a run is ----------------------------------------------------------------------

// Unexpected interruptions: one per `gpu_mtbf` GPU-hours of the causes a GPU carries, and
// one per `node_mtbf` node-hours of the rest; `restart` is the time from an interruption to
// training again (detection, rescheduling, loading the last checkpoint). The defaults are
// Llama 3 405B's pre-training: 419 unexpected interruptions in 54 days on 16,384 H100s in
// 2,048 nodes (Dubey et al. 2024, "The Llama 3 Herd of Models", section 3.3.4, Table 5),
// 268 of them GPUs' (faulty GPU 148, HBM3 72, SRAM 19, GPU system processor 17, silent
// data corruption 6, thermal interface and sensor 6), 151 the rest's (software, network,
// host maintenance, NICs, storage, power, CPUs): 16,384 x 1,296 h / 268 = 79,200 GPU-hours
// and 2,048 x 1,296 h / 151 = 17,580 node-hours. `restart` 10 min is an estimate.
record Failures {
  gpu_mtbf: s = 79200 h
  node_mtbf: s = 17580 h
  restart: s = 10 min
}

// Checkpoints: `interval` 0 s takes Daly's optimum (daly_interval). An asynchronous
// checkpoint pauses training only to copy each GPU's shard to host memory at `host_bw`
// (PCIe), then writes it to storage while training goes on: the next checkpoint waits
// for that write, and an interruption during it loses the segment before too. A
// synchronous one pauses for the write itself. Either also pauses for `overhead`: the
// save's planning, collectives and host staging (PyTorch's asynchronous distributed
// checkpoint still blocked training for about 6 s a save of a 7B model: "Reducing
// checkpointing times by over 10x with PyTorch Distributed Asynchronous Checkpointing",
// PyTorch blog, 2024).
record Checkpointing {
  async: Bool = true
  interval: s = 0 s
  host_bw: B/s = 25 GB/s
  overhead: s = 5 s
}

// What a run costs in money. In the cloud a GPU-hour, power included (`gpu_hour`: an
// on-demand H100-class rate of 2026; set your own). Owned: each GPU's share of the
// system's purchase (node, network, storage) written off over `lifetime`, and the
// facility's energy at `electricity`.
record Pricing {
  gpu_hour: USD/h = 2.5 USD/h
  owned: Bool = false
  purchase: USD = 40000 USD
  lifetime: s = 35040 h
  electricity: USD/J = 0.1 USD / 1 kWh
}

// The run's settings beside its layout: `pue` the facility's power usage effectiveness
// (1.2: a modern AI data centre; hyperscalers report 1.1, the industry's average is 1.56
// in the Uptime Institute's 2024 survey).
record Run {
  pue: Real = 1.2
  price: Pricing = Pricing {}
  failures: Failures = Failures {}
  checkpoint: Checkpointing = Checkpointing {}
}

// A run's summary. Times in s; `days` and `gpu_hours` are counts of days and GPU-hours of
// the elapsed time, failures included; `goodput` is the share of it spent on iterations
// that count.
record RunCost {
  iterations: Real
  train: s               // the iterations alone
  elapsed: s             // with checkpoints, lost work and restarts
  days: Real
  gpu_hours: Real
  gpu_power: W           // average per GPU over an iteration
  node_power: W          // average per node: its GPUs and the rest
  iter_energy: J         // one iteration at the facility (PUE included)
  energy: J              // the run
  cost: USD
  mtbi: s                // mean time between the job's interruptions
  interruptions: Real
  lost: s                // expected wall time an interruption costs: the work since the last checkpoint and the restart
  checkpoint: B          // bytes a checkpoint writes
  checkpoint_time: s     // what it pauses training for
  checkpoint_interval: s // compute between checkpoints
  goodput: Real          // train / elapsed
}

// ---- the pieces -------------------------------------------------------------------------

// Whole iterations to train on `tokens` (or samples) at `per_iteration` each; one when
// `tokens` is 0 (the run is one iteration).
fn iterations_for(tokens: Real, per_iteration: Real) -> Real =
  if tokens > 0 then ceil(tokens / per_iteration) else 1

// A GPU's power while its kernels run at `u` of its tensor peak: idle, plus busy_floor of
// the range to its limit for running anything, plus the rest in proportion to how close
// its tensor cores come to `gemm`, the fraction a large GEMM sustains at the board's power
// limit (so a GEMM-bound stream draws the limit, and no more).
fn busy_power(d: Device, u: Real) -> W =
  d.idle_power + (d.power - d.idle_power) * (d.busy_floor + (1 - d.busy_floor) * min(1, u / d.gemm))

// Energy a byte costs crossing a link end to end (SerDes at both ends and a switch, about
// 5 pJ/bit): an estimate, under 1% of a step's energy at any layout.
let link_energy: J/B = 4e-11 J/B

// One GPU's energy over an iteration of `plan`: busy for its compute (fwd + bwd + update)
// at the share of `peak` that `flops` (its FLOPs an iteration, 0 FLOP: unknown, taken as
// GEMM-bound) give, idle for the rest (exposed communication, the pipeline's bubble), and
// the bytes it sends.
fn gpu_energy(plan: Plan, d: Device, flops: FLOP, peak: FLOP/s) -> J = {
  let busy = min(plan.iter, plan.fwd + plan.bwd + plan.update)
  let u = if flops > 0 FLOP and busy > 0 s then flops / (busy * peak) else d.gemm
  busy_power(d, u) * busy + d.idle_power * (plan.iter - busy) + link_energy * (sum c in plan.comms: c.bytes)
}

// The job's mean time between interruptions on `gpus` GPUs in `nodes` nodes.
fn mtbi(gpus: Int, nodes: Int, f: Failures) -> s = 1 / (gpus / f.gpu_mtbf + nodes / f.node_mtbf)

// Young's optimal compute between checkpoints of cost `c` under interruptions of mean
// `m` (Young 1974): sqrt(2 c m), first order in c / m.
fn young_interval(c: s, m: s) -> s = sqrt(2 * c * m)
// Daly's higher-order optimum (Daly 2006, "A higher order estimate of the optimum
// checkpoint interval for restart dumps", FGCS 22(3)): sqrt(2cm) (1 + sqrt(c / 2m) / 3 +
// c / 18m) - c for c < 2m, else m.
fn daly_interval(c: s, m: s) -> s =
  if c < 2 * m then young_interval(c, m) * (1 + sqrt(c / (2 * m)) / 3 + c / (18 * m)) - c else m
// The expected wall time of `work` of computation cut into segments of `tau`, each
// followed by a checkpoint of `c`, when interruptions come at random with mean `m` and
// each costs a restart of `r` and the segment under way (Daly 2006; exact for
// exponential interruptions):  m e^(r/m) (e^((tau + c)/m) - 1) work / tau.
fn daly_elapsed(work: s, tau: s, c: s, r: s, m: s) -> s =
  m * exp(r / m) * (exp((tau + c) / m) - 1) * work / tau

// Bytes a checkpoint of `params` parameters writes: the weights at `weight` bytes each,
// and the optimizer's fp32 words (a mixed-precision run's fp32 master weights too).
fn checkpoint_bytes(params: Real, weight: B, o: Optimizer, mixed: Bool) -> B =
  params * (weight + 4 B * (o.words + (if mixed then 1 else 0)))

// ---- the run ----------------------------------------------------------------------------

// `iterations` of `plan` on the cluster of `st`: `state` the bytes a checkpoint writes,
// `flops` a GPU's FLOPs an iteration at the tensor peak `peak` (for its power).
fn run_cost(plan: Plan, st: Setup, iterations: Real, state: B, flops: FLOP, peak: FLOP/s, run: Run) -> RunCost = {
  let d = st.device
  let c = st.cluster
  let nodes = ceil(plan.gpus / c.gpus_per_node)
  let train = plan.iter * iterations
  let ck = run.checkpoint
  let write = state / c.storage
  let pause = ck.overhead + (if ck.async then state / plan.gpus / ck.host_bw else write)
  let m = mtbi(plan.gpus, nodes, run.failures)
  let best = if ck.interval > 0 s then ck.interval else daly_interval(pause, m)
  // A run no longer than the interval takes no checkpoint (an interruption starts it
  // again). Else an asynchronous checkpoint's write must end before the next begins, and
  // an interruption during it falls back a checkpoint further.
  let once = train <= best
  let tau = if once then train else max(best, if ck.async then write else 0 s)
  let c_eff = if once then 0 s else pause
  let restart = run.failures.restart + (if ck.async and not once then write else 0 s)
  let elapsed = daly_elapsed(train, tau, c_eff, restart, m)
  let per_gpu = gpu_energy(plan, d, flops, peak)
  let iter_energy = (plan.gpus * per_gpu + nodes * c.node.other_power * plan.iter) * run.pue
  // Lost work and restarts at the training's power: an upper bound.
  let energy = iter_energy * iterations * elapsed / train
  let gpu_hours = plan.gpus * elapsed / 1 h
  let p = run.price
  RunCost {
    iterations = iterations, train = train, elapsed = elapsed, days = elapsed / 86400 s, gpu_hours = gpu_hours,
    gpu_power = per_gpu / plan.iter,
    node_power = c.gpus_per_node * per_gpu / plan.iter + c.node.other_power,
    iter_energy = iter_energy, energy = energy,
    cost = if p.owned then plan.gpus * p.purchase * elapsed / p.lifetime + energy * p.electricity
           else gpu_hours * 1 h * p.gpu_hour,
    mtbi = m, interruptions = elapsed / m,
    lost = (elapsed - train - ceil(train / tau) * c_eff) / max(elapsed / m, 1e-300),
    checkpoint = state, checkpoint_time = c_eff,
    checkpoint_interval = tau, goodput = train / elapsed
  }
}
