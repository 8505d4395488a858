// Megatron's pipeline split with the embedding and the loss counted as layers: Llama 3.1
// 405B's 126 layers do not divide into p·v = 64 chunks, 128 do (two layers each), so the
// first stage holds 15 layers beside the embedding, a middle stage 16, the last 15 beside
// the output layer; 96 layers on p·v = 64 divide neither way.
// RUN: %ringline eval %s --digits 6 | FileCheck %s
// RUN: %ringline advise --model llama3_405b --cluster dgx_h100_pod --gpus 1024 --global-batch 512 --tp 8 --pp 8 --dp 8 --cp 2 --micro-batch 1 --interleave 8 --zero 1 --sequence-parallel --top 1 --format csv | FileCheck %s --check-prefix=ADVISE
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.advise_llm
import stdlib.models.llama

let l405 = llama_transformer("llama3_405b", llama3_405b_config, 8192)
let split = Layout { tensor = 8, pipeline = 8, interleave = 8, data = 8, context = 2, batch = 512,
                     sequence_parallel = true, zero = 1, precision = "bf16", flash = true }
let even = split with { pipeline = 4, interleave = 2 }
let gpt = gpt_config("gpt", 96, 12288, 96)
let s = llm_setup(dgx_h100_pod(128))

scenario split {
  report accounted = accounted_split(l405, split)
  report busiest = stage_layers(l405, split)
  report first = first_stage_layers(l405, split)
  report feasible = transformer_plan(l405, s, split).feasible
  // p 4 v 2: 8 chunks divide 128, not 126.
  report even_accounted = accounted_split(l405, even)
  report gpt_accounted = accounted_split(gpt, split)
  report gpt_breaks = fails(transformer_plan(gpt, s, split), "layers % (p*v) = 0")
  // One stage has nothing to account: 126 layers on p 1 v 1.
  report alone = accounted_split(l405, split with { pipeline = 1, interleave = 1 })
}
// CHECK:      accounted      = true
// CHECK-NEXT: busiest        = 16
// CHECK-NEXT: first          = 15
// CHECK-NEXT: feasible       = true
// CHECK-NEXT: even_accounted = true
// CHECK-NEXT: gpt_accounted  = false
// CHECK-NEXT: gpt_breaks     = true
// CHECK-NEXT: alone          = false
// ADVISE: 1024,1,8,8,8,1,8,{{.*}},true,"",""
