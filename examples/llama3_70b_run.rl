// A whole run (docs/run-cost.md): Llama 3 70B on 15T tokens on 2,048 H100s (256 DGX H100),
// global batch 512 sequences of 8,192 tokens, in the layout the search ranks first
// (`ringline advise --model llama3_70b --cluster dgx_h100_pod --gpus 2048
// --global-batch 512 --dataset 15e12`): tensor 8, data 256, micro-batch 2, ZeRO 3,
// sequence parallelism, today's overlaps and fused attention.
//   ringline eval examples/llama3_70b_run.rl
//   ringline eval examples/llama3_70b_run.rl --set pue=1.1 --set owned=true
//   ringline sweep examples/llama3_70b_run.rl --set 'gpu_hour=2 USD/h .. 4 USD/h step +0.5 USD/h'
import stdlib.hardware
import stdlib.megatron
import stdlib.models.llama
import stdlib.advise_llm
import stdlib.run_cost

scenario llama3_70b_run {
  param tokens: Real = 15e12
  param nodes: Int = 256
  param pue: Real = 1.2
  param gpu_hour: USD/h = 2.5 USD/h
  param owned: Bool = false
  let model = llama_transformer("llama3_70b", llama3_70b_config, 8192)
  let st = llm_advise_setup(dgx_h100_pod, nodes * 8)
  let lay = Layout { tensor = 8, pipeline = 1, data = nodes, micro = 2, batch = 512, recompute = "none",
                     sequence_parallel = true, zero = 3, precision = "bf16", overlap_grads = true, overlap_tp = true,
                     flash = true }
  let plan = transformer_plan(model, st, lay)
  let state = checkpoint_bytes(checkpoint_params(model), elem_bytes(lay), st.optimizer, st.mixed)
  let rc = run_cost(plan, st, iterations_for(tokens, 512 * 8192), state,
                    flops_hardware(model, 512, "none", true) * 1 FLOP / plan.gpus, layout_peak(st.device, lay),
                    Run { pue = pue, price = Pricing { gpu_hour = gpu_hour, owned = owned } })
  require plan.feasible, "the layout fits"
  report iter = plan.iter in s
  report iterations = rc.iterations
  report days = rc.days
  report gpu_hours = rc.gpu_hours
  report gpu_power = rc.gpu_power in W
  report node_power = rc.node_power in kW
  report energy = rc.energy in MWh
  report cost = rc.cost in USD
  report interruptions = rc.interruptions
  report lost = rc.lost in min
  report checkpoint = rc.checkpoint in TB
  report checkpoint_interval = rc.checkpoint_interval in min
  report goodput = rc.goodput
}
