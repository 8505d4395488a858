// A mixture of experts (Mixtral 8x7B: 8 SwiGLU experts per layer, 2 per token) and expert
// parallelism: 46,702,788,608 parameters as Mistral AI count them (46.7B); on 8 H100s with
// d 8, e 8 splits each layer's experts one per GPU, so a GPU's expert weights are 1/8 of
// e 1's and the rest (attention, norms, router, embeddings) stays whole; the tokens go to
// their experts and back by all-to-all (two forward, two backward per layer); e must
// divide the experts and the d c data-parallel GPUs.
// The search names `--backend auto`: forced onto the JIT it compiles every variant
// (test/lit/advise/transformers.rl).
// RUN: %ringline eval %s --scenario=moe --digits 12 | FileCheck %s
// RUN: %ringline eval %s --scenario=bad | FileCheck %s --check-prefix=BAD
// RUN: %ringline advise --backend auto --model mixtral_8x7b --cluster dgx_h100_pod --gpus 64 --global-batch 256 --top 1 --ep 8 --format csv | FileCheck %s --check-prefix=CSV
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.advise_llm
import stdlib.models.llama

let mx = llama_transformer("mixtral_8x7b", mixtral_8x7b_config, 4096)
let s = llm_setup(dgx_h100_pod(1))
let base = Layout { tensor = 1, pipeline = 1, data = 8, micro = 1, batch = 64, recompute = "full", precision = "bf16" }
let e1 = transformer_plan(mx, s, base)
let e8 = transformer_plan(mx, s, base with { expert = 8 })
let dense = 32.0 * layer_dense_params(mx) + embedding_params(mx)
let experts = 32.0 * 8 * expert_params(mx)

scenario moe {
  report params = transformer_params(mx)
  report w1 = e1.memory.weights / 2 B
  report w8 = e8.memory.weights / 2 B
  report expected_w8 = dense + experts / 8
  report a2a_e1 = comm_time(e1, "tp_allreduce")
  report a2a_e8 = comm_time(e8, "tp_allreduce") > 0 s
  report grads_e8 = comm_time(e8, "grad_allreduce") < comm_time(e1, "grad_allreduce")
}
// CHECK:      params      = 46702788608
// CHECK-NEXT: w1          = 46702788608
// CHECK-NEXT: w8          = 7242776576
// CHECK-NEXT: expected_w8 = 7242776576
// At t 1 the layers' only communication is the all-to-all, and with one GPU per expert
// the experts' gradients reduce over no one.
// CHECK-NEXT: a2a_e1      = 0 s
// CHECK-NEXT: a2a_e8      = true
// CHECK-NEXT: grads_e8    = true

scenario bad {
  report three = fails(transformer_plan(mx, s, base with { expert = 3 }), "experts % e = 0, e divides t d c / etp")
  report sixteen = fails(transformer_plan(mx, s, base with { expert = 16 }), "experts % e = 0, e divides t d c / etp")
}
// BAD:      three   = true
// BAD-NEXT: sixteen = true

// advise shows e after d for a mixture.
// CSV: gpus,rank,t,p,d,e,micro,
// CSV-NEXT: 64,1,{{[0-9]+}},{{[0-9]+}},{{[0-9]+}},8,
