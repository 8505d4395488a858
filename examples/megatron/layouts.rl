// Layouts of GPT-3 175B on 1,024 of Selene's A100-80GB: every tensor, pipeline and
// data-parallel size that multiplies to the GPUs, micro-batch, interleaving, recomputation,
// sequence parallelism and ZeRO stage, for a global batch of 1,536 sequences. A layout that
// cannot run is a row whose requires name what it breaks (stdlib.megatron's constraints).
//   ringline sweep examples/megatron/layouts.rl --best -tflops --format table
//   ringline sweep examples/megatron/layouts.rl --top 5 --by -tflops --format table
//   ringline sweep examples/megatron/layouts.rl --keep-infeasible --set t=8 --set p=8 --set b=1
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let gpt3 = gpt_config("gpt3-175b", 96, 12288, 96)

scenario gpt3_1024 {
  param t: Int = 8 in [1, 2, 4, 8]
  param p: Int = 8 in [1, 2, 4, 8, 16, 32]
  param b: Int = 1 in [1, 2, 4]
  param v: Int = 1 in [1, 2, 3, 4]
  param recompute: String = "selective" in ["none", "selective", "full"]
  param sp: Bool = true in [false, true]
  param zero: Int = 1 in [0, 1]
  param gpus: Int = 1024
  param batch: Int = 1536
  let lay = Layout { tensor = t, pipeline = p, data = floor(gpus / (t * p)), micro = b, batch = batch,
                     interleave = v, recompute = recompute, sequence_parallel = sp, zero = zero,
                     precision = "bf16" }
  let st = llm_setup(selene(ceil(gpus / 8)))
  let plan = transformer_plan(gpt3, st, lay)
  require not fails(plan, "t*p*d = GPUs"), "t*p*d = GPUs"
  require not fails(plan, "heads % t = 0"), "heads % t = 0"
  require not fails(plan, "layers % (p*v) = 0"), "layers % (p*v) = 0"
  require not fails(plan, "batch % (d*b) = 0"), "batch % (d*b) = 0"
  require not fails(plan, "micro-batches % p = 0"), "micro-batches % p = 0"
  require not fails(plan, "zero <= 1 with pipelining"), "zero <= 1 with pipelining"
  require not fails(plan, "memory"), "memory"
  report d = lay.data
  report iter = plan.iter in s
  report tflops = tflops_per_gpu(plan, flops_hardware(gpt3, batch, recompute)) in TFLOP/s
  report mfu = mfu(plan, gpt3, st, lay)
  report memory = mem_total(plan) in GB
  report bubble = plan.bubble / plan.iter
  report exposed = plan.exposed / plan.iter
}
