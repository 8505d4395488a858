// A full layout search of Megatron-Turing NLG 530B (105 layers, hidden 20480, 128 heads)
// on 2,520 of Selene's A100-80GB, global batch 2,520 sequences: every tensor-parallel size
// that divides the node, every pipeline size that divides the GPUs, micro-batch 1 to 16,
// interleaving 1 to 8, three recomputations, sequence parallelism on and off, ZeRO 0 to 3:
// 184,320 layouts, those that cannot run dropped by the named requires. Calculon (SC23)
// searches 8,112 layouts of this case in 73 s on 2 cores; docs/performance.md compares.
//   ringline sweep test/bench/megatron_530b_search.rl --best iter --threads 1
// With `--set run=true` every layout also reports the cost of a run of 270B tokens
// (stdlib.run_cost: days, energy, dollars, failures); test/bench/run_cost_bench.py times
// the two side by side.
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.run_cost

let mt530 = gpt_config("mt-nlg-530b", 105, 20480, 128)

scenario mt530_2520 {
  param t: Int = 8 in [1, 2, 4, 8]
  param p: Int = 35 in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 18, 20, 21, 24, 28, 30, 35, 36, 40, 42, 45, 56,
                        60, 63, 70, 72, 84, 90, 105, 120, 126, 140, 168, 180, 210, 252, 280, 315, 360, 420, 504,
                        630, 840, 1260, 2520]
  param b: Int = 1 in [1, 2, 4, 8, 16]
  param v: Int = 1 in 1 .. 8
  param recompute: String = "full" in ["none", "selective", "full"]
  param sp: Bool = false in [false, true]
  param zero: Int = 0 in 0 .. 3
  param gpus: Int = 2520
  param batch: Int = 2520
  param run: Bool = false
  let lay = Layout { tensor = t, pipeline = p, data = floor(gpus / (t * p)), micro = b, batch = batch,
                     interleave = v, recompute = recompute, sequence_parallel = sp, zero = zero }
  let st = llm_setup(selene(ceil(gpus / 8)))
  let plan = transformer_plan(mt530, st, lay)
  require not fails(plan, "t*p*d = GPUs"), "t*p*d = GPUs"
  require not fails(plan, "heads % t = 0"), "heads % t = 0"
  require not fails(plan, "layers % (p*v) = 0"), "layers % (p*v) = 0"
  require not fails(plan, "batch % (d*b) = 0"), "batch % (d*b) = 0"
  require not fails(plan, "micro-batches % p = 0"), "micro-batches % p = 0"
  require not fails(plan, "zero <= 1 with pipelining"), "zero <= 1 with pipelining"
  require not fails(plan, "memory"), "memory"
  report d = lay.data
  report iter = plan.iter in s
  report tflops = tflops_per_gpu(plan, flops_hardware(mt530, batch, recompute)) in TFLOP/s
  report mfu = mfu(plan, mt530, st, lay)
  report memory = mem_total(plan) in GB
  let state = checkpoint_bytes(checkpoint_params(mt530), 2 B, st.optimizer, st.mixed)
  let rc = run_cost(plan, st, iterations_for(270e9, batch * mt530.seq), state,
                    flops_hardware(mt530, batch, recompute) * 1 FLOP / gpus, layout_peak(st.device, lay), Run {})
  report days = if run then rc.days else 0
  report energy = if run then rc.energy else 0 J
  report cost = if run then rc.cost else 0 USD
  report goodput = if run then rc.goodput else 0
}
