// Which input a transformer layout's step time hangs on: GPT 18B (40 layers, hidden 6144,
// 48 heads) on 64 H100s at t = 4, p = 2, d = 8, a global batch of 128 sequences. The
// cluster is a param, so each Real field of its device and links is an input.
//   ringline eval examples/sensitivity_layout.rl --sensitivity
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

scenario gpt18b_layout {
  param cluster: Cluster = dgx_h100_pod(8)
  let plan = transformer_plan(gpt_config("gpt-18b", 40, 6144, 48), llm_setup(cluster),
                              Layout { tensor = 4, pipeline = 2, data = 8, micro = 1, batch = 128 })
  report iter = plan.iter
  report exposed = plan.exposed
}
