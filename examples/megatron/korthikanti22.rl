// Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models"
// (MLSys 2023; arXiv 2205.05198, 2022), Tables 3 and 5: four GPT models on Selene's
// A100-80GB with tensor parallelism 8, no data parallelism, sequence 2,048, vocabulary
// 51,200, trained with full recomputation (the baseline) and with selective recomputation
// and sequence parallelism ("present work"). Published: the present work's model FLOPs
// utilisation as Megatron-LM's README lists it (41.5, 51.4, 56.0 and 56.3%), and the
// baseline's iteration time of Table 5 (1.42, 18.13, 49.05 and 94.42 s). The same defaults
// as examples/megatron/sc21.rl, a year's newer software (docs/transformers.md).
//   ringline sweep examples/megatron/korthikanti22.rl --format table
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

record KRow { name: String, heads: Int, hidden: Int, layers: Int, p: Int, batch: Int, micro: Int,
              mfu: Real, full_iter: s }
let k22_rows = [
  KRow { name = "22B", heads = 64, hidden = 6144, layers = 48, p = 1, batch = 4, micro = 4, mfu = 0.415, full_iter = 1.42 s },
  KRow { name = "175B", heads = 96, hidden = 12288, layers = 96, p = 8, batch = 64, micro = 1, mfu = 0.514, full_iter = 18.13 s },
  KRow { name = "530B", heads = 128, hidden = 20480, layers = 105, p = 35, batch = 280, micro = 1, mfu = 0.560, full_iter = 49.05 s },
  KRow { name = "1T", heads = 160, hidden = 25600, layers = 128, p = 64, batch = 512, micro = 1, mfu = 0.563, full_iter = 94.42 s }]

fn k22_model(r: KRow) -> Transformer = gpt_config("gpt-" + r.name, r.layers, r.hidden, r.heads)
fn k22_layout(r: KRow, selective: Bool) -> Layout =
  Layout { tensor = 8, pipeline = r.p, data = 1, micro = r.micro, batch = r.batch,
           recompute = if selective then "selective" else "full", sequence_parallel = selective }
fn k22_setup(r: KRow) -> Setup = llm_setup(selene(r.p))

scenario korthikanti22 {
  param model: String = "22B" in ["22B", "175B", "530B", "1T"]
  let r = [x for x in k22_rows if x.name == model][0]
  let gpt = k22_model(r)
  let sel = transformer_plan(gpt, k22_setup(r), k22_layout(r, true))
  let full = transformer_plan(gpt, k22_setup(r), k22_layout(r, false))
  report iter = sel.iter in s
  report mfu = mfu(sel, gpt, k22_setup(r), k22_layout(r, true))
  report published_mfu = r.mfu
  report mfu_error = mfu / r.mfu - 1
  report hfu = hfu(sel, gpt, k22_setup(r), k22_layout(r, true))
  report full_iter = full.iter in s
  report published_full_iter = r.full_iter in s
  report full_error = r.full_iter / full.iter - 1
  report speedup = full.iter / sel.iter
  report memory = sel.memory
  report memory_total = mem_total(sel) in GB
  report full_memory_total = mem_total(full) in GB
  report feasible = sel.feasible and full.feasible
}
