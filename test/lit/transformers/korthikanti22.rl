// The second validation of docs/transformers.md: Korthikanti et al. (2022), four GPT models
// at t = 8 and d = 1 on Selene, with selective recomputation and sequence parallelism (the
// published MFU of Megatron-LM's README) and with full recomputation (the iteration time of
// their Table 5), predicted by examples/megatron/korthikanti22.rl with stdlib.megatron's
// defaults: MFU to three digits, every figure within 10%, and the speedup of the present
// work over full recomputation.
// RUN: %ringline sweep %s --allow-path %examples --format table --digits 4 | FileCheck %s
// RUN: %ringline sweep %examples/megatron/korthikanti22.rl --format csv | FileCheck %s --check-prefix=EXAMPLE
import stdlib.megatron
import "../../../examples/megatron/korthikanti22.rl"

scenario table5 {
  param model: String = "22B" in ["22B", "175B", "530B", "1T"]
  let r = [x for x in k22_rows if x.name == model][0]
  let gpt = k22_model(r)
  let sel = transformer_plan(gpt, k22_setup(r), k22_layout(r, true))
  let full = transformer_plan(gpt, k22_setup(r), k22_layout(r, false))
  report predicted_mfu = mfu(sel, gpt, k22_setup(r), k22_layout(r, true))
  report published_mfu = r.mfu
  report full_iter = full.iter in s
  report published_full = r.full_iter in s
  report speedup = full.iter / sel.iter
  report within_10 = abs(predicted_mfu / r.mfu - 1) <= 0.1 and abs(r.full_iter / full.iter - 1) <= 0.1
  report feasible = sel.feasible and full.feasible
}
// CHECK:      model predicted_mfu published_mfu full_iter [s] published_full [s] speedup within_10 feasible
// CHECK-NEXT: 22B 0.4201 0.415 1.491 1.42 1.367 true true
// CHECK-NEXT: 175B 0.4987 0.514 19.65 18.13 1.387 true true
// CHECK-NEXT: 530B 0.5392 0.56 53.5 49.05 1.361 true true
// CHECK-NEXT: 1T 0.5483 0.563 98.97 94.42 1.349 true true

// EXAMPLE:      model,iter[s],mfu,published_mfu,mfu_error,hfu,full_iter[s],published_full_iter[s],full_error,speedup,{{.*}},feasible
// EXAMPLE-NEXT: 22B,1.0907{{[0-9]*}},0.4200{{[0-9]*}},0.415,{{.*}},true
// EXAMPLE-NEXT: 175B,{{.*}},true
// EXAMPLE-NEXT: 530B,{{.*}},true
// EXAMPLE-NEXT: 1T,{{.*}},true
