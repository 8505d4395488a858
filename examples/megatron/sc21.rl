// Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
// Megatron-LM" (SC21), Table 1: ten GPT models on Selene's A100-80GB, sequence 2,048,
// vocabulary 51,200, fp16 with full activation recomputation (checkpointing), 1F1B pipelines
// (interleaved where the paper says so), data-parallel gradients reduced in fp16 after the
// pipeline flush. Each row is predicted by stdlib.megatron with its defaults: no constant is
// set per row (docs/transformers.md has the table, the errors and what drives them).
//   ringline sweep examples/megatron/sc21.rl --scenario sc21 --format table
//   ringline eval examples/megatron/sc21.rl --scenario sc21 --set 'model="145B"'
//   ringline eval examples/megatron/sc21.rl --scenario sc21_summary
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

// One row: the model (heads a, hidden h, layers l), the layout (t, p, d, micro-batch b,
// global batch B, interleaved chunks v) and the published TFLOP/s per GPU.
record Sc21Row { name: String, heads: Int, hidden: Int, layers: Int, t: Int, p: Int, d: Int,
                 batch: Int, micro: Int, v: Int = 1, published: FLOP/s }

let sc21_rows = [
  Sc21Row { name = "1.7B", heads = 24, hidden = 2304, layers = 24, t = 1, p = 1, d = 32, batch = 512, micro = 16, published = 137 TFLOP/s },
  Sc21Row { name = "3.6B", heads = 32, hidden = 3072, layers = 30, t = 2, p = 1, d = 32, batch = 512, micro = 16, published = 138 TFLOP/s },
  Sc21Row { name = "7.5B", heads = 32, hidden = 4096, layers = 36, t = 4, p = 1, d = 32, batch = 512, micro = 16, published = 142 TFLOP/s },
  Sc21Row { name = "18B", heads = 48, hidden = 6144, layers = 40, t = 8, p = 1, d = 32, batch = 1024, micro = 8, published = 135 TFLOP/s },
  Sc21Row { name = "39B", heads = 64, hidden = 8192, layers = 48, t = 8, p = 2, d = 32, batch = 1536, micro = 4, published = 138 TFLOP/s },
  Sc21Row { name = "76B", heads = 80, hidden = 10240, layers = 60, t = 8, p = 4, d = 32, batch = 1792, micro = 2, v = 5, published = 140 TFLOP/s },
  Sc21Row { name = "145B", heads = 96, hidden = 12288, layers = 80, t = 8, p = 8, d = 24, batch = 2304, micro = 2, v = 5, published = 148 TFLOP/s },
  Sc21Row { name = "310B", heads = 128, hidden = 16384, layers = 96, t = 8, p = 16, d = 15, batch = 2160, micro = 1, v = 3, published = 155 TFLOP/s },
  Sc21Row { name = "530B", heads = 128, hidden = 20480, layers = 105, t = 8, p = 35, d = 9, batch = 2520, micro = 1, published = 163 TFLOP/s },
  Sc21Row { name = "1T", heads = 160, hidden = 25600, layers = 128, t = 8, p = 64, d = 6, batch = 3072, micro = 1, published = 163 TFLOP/s }]

fn sc21_model(r: Sc21Row) -> Transformer = gpt_config("gpt-" + r.name, r.layers, r.hidden, r.heads)
fn sc21_layout(r: Sc21Row) -> Layout =
  Layout { tensor = r.t, pipeline = r.p, data = r.d, micro = r.micro, batch = r.batch, interleave = r.v,
           recompute = "full", precision = "fp16" }
// The cluster's device, with the GEMM efficiency `gemm` (the A100's own by default; the
// scenarios' params change it, and stdlib.megatron's software efficiencies `e`, to show how
// the table moves with them).
fn sc21_setup(r: Sc21Row, gemm: Real = a100_sxm4_80gb.gemm) -> Setup = {
  let s = llm_setup(selene(floor(r.t * r.p * r.d / 8)))
  s with { device = s.device with { gemm = gemm } }
}
fn sc21_plan(r: Sc21Row, e: Efficiency = megatron_efficiency, gemm: Real = a100_sxm4_80gb.gemm) -> Plan =
  transformer_plan(sc21_model(r), sc21_setup(r, gemm), sc21_layout(r), e)
// Predicted TFLOP/s per GPU by the paper's count, F / (iteration x GPUs).
fn sc21_tflops(r: Sc21Row, e: Efficiency = megatron_efficiency, gemm: Real = a100_sxm4_80gb.gemm) -> FLOP/s =
  tflops_per_gpu(sc21_plan(r, e, gemm), flops_paper(sc21_model(r), r.batch))
fn sc21_error(r: Sc21Row, e: Efficiency = megatron_efficiency, gemm: Real = a100_sxm4_80gb.gemm) -> Real =
  sc21_tflops(r, e, gemm) / r.published - 1

scenario sc21 {
  param model: String = "1.7B" in ["1.7B", "3.6B", "7.5B", "18B", "39B", "76B", "145B", "310B", "530B", "1T"]
  param gemm: Real = a100_sxm4_80gb.gemm
  param memory_bw: Real = megatron_efficiency.memory
  param collective: Real = megatron_efficiency.collective
  let e = megatron_efficiency with { memory = memory_bw, collective = collective }
  let r = [x for x in sc21_rows if x.name == model][0]
  let gpt = sc21_model(r)
  let plan = sc21_plan(r, e, gemm)
  report gpus = plan.gpus
  report params = transformer_params(gpt) / 1e9
  report micro_batches = r.batch / (r.d * r.micro)
  report iter = plan.iter in s
  report tflops = sc21_tflops(r, e, gemm) in TFLOP/s
  report published = r.published in TFLOP/s
  report error = sc21_error(r, e, gemm)
  report mfu = mfu(plan, gpt, sc21_setup(r), sc21_layout(r))
  report hfu = hfu(plan, gpt, sc21_setup(r), sc21_layout(r))
  report bubble = plan.bubble / plan.iter
  report exposed = plan.exposed / plan.iter
  report memory = plan.memory
  report memory_total = mem_total(plan) in GB
  report feasible = plan.feasible
  report defaults = gemm == a100_sxm4_80gb.gemm and memory_bw == megatron_efficiency.memory and collective == megatron_efficiency.collective
}

// Every row at once: the mean and the largest absolute error.
scenario sc21_summary {
  param gemm: Real = a100_sxm4_80gb.gemm
  param memory_bw: Real = megatron_efficiency.memory
  param collective: Real = megatron_efficiency.collective
  let e = megatron_efficiency with { memory = memory_bw, collective = collective }
  let errs = [sc21_error(r, e, gemm) for r in sc21_rows]
  report mean_abs_error = (sum x in errs: abs(x)) / len(errs)
  report max_abs_error = max x in errs: abs(x)
  report mean_within_5 = (sum x in errs: abs(x)) / len(errs) <= 0.05
  report all_within_10 = (sum x in errs: if abs(x) <= 0.1 then 0 else 1) == 0
  // The defaults' own: the params above are the library's values.
  report defaults = gemm == a100_sxm4_80gb.gemm and memory_bw == megatron_efficiency.memory and collective == megatron_efficiency.collective
}
