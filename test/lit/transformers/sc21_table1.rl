// The validation of docs/transformers.md: every row of Narayanan et al. (SC21) Table 1,
// predicted by examples/megatron/sc21.rl with stdlib.megatron's defaults, to four digits,
// within 10% of the published TFLOP/s per GPU, with a mean absolute error within 5%.
// RUN: %ringline sweep %s --allow-path %examples --scenario table1 --format table --digits 4 | FileCheck %s
// RUN: %ringline eval %s --allow-path %examples --scenario summary | FileCheck %s --check-prefix=SUMMARY
// RUN: %ringline sweep %examples/megatron/sc21.rl --scenario sc21 --format csv | FileCheck %s --check-prefix=EXAMPLE
// RUN: %ringline eval %examples/megatron/sc21.rl --scenario sc21_summary | FileCheck %s --check-prefix=SUMMARY
import "../../../examples/megatron/sc21.rl"

scenario table1 {
  param model: String = "1.7B" in ["1.7B", "3.6B", "7.5B", "18B", "39B", "76B", "145B", "310B", "530B", "1T"]
  let r = [x for x in sc21_rows if x.name == model][0]
  report iter = sc21_plan(r).iter in s
  report tflops = sc21_tflops(r) in TFLOP/s
  report published = r.published in TFLOP/s
  report error = sc21_error(r)
  report within_10 = abs(sc21_error(r)) <= 0.1
  report feasible = sc21_plan(r).feasible
}
// CHECK:      model iter [s] tflops [TFLOP/s] published [TFLOP/s] error within_10 feasible
// CHECK-NEXT: 1.7B 3.423 141.2 137 0.03055 true true
// CHECK-NEXT: 3.6B 3.599 141.8 138 0.02743 true true
// CHECK-NEXT: 7.5B 3.682 142.6 142 0.003947 true true
// CHECK-NEXT: 18B 9.293 136.6 135 0.01149 true true
// CHECK-NEXT: 39B 14.3 139.5 138 0.01073 true true
// CHECK-NEXT: 76B 14.75 152.4 140 0.08842 true true
// CHECK-NEXT: 145B 22.91 160.3 148 0.08329 true true
// CHECK-NEXT: 310B 34.79 167.6 155 0.08113 true true
// CHECK-NEXT: 530B 53.86 163.7 163 0.004124 true true
// CHECK-NEXT: 1T 99.33 168.4 163 0.0332 true true

scenario summary {
  let errs = [sc21_error(r) for r in sc21_rows]
  report mean_abs_error = (sum x in errs: abs(x)) / len(errs)
  report max_abs_error = max x in errs: abs(x)
  report mean_within_5 = (sum x in errs: abs(x)) / len(errs) <= 0.05
  report all_within_10 = (sum x in errs: if abs(x) <= 0.1 then 0 else 1) == 0
}
// SUMMARY: mean_within_5 = true
// SUMMARY: all_within_10 = true

// The example's own scenario: ten feasible rows, at the library's defaults.
// EXAMPLE:      model,gemm,memory_bw,collective,gpus,params,micro_batches,iter[s],tflops[TFLOP/s],published[TFLOP/s],error,mfu,hfu,bubble,exposed,memory.weights[B],memory.grads[B],memory.optimizer[B],memory.activations[B],memory.buffers[B],memory.workspace[B],memory_total[GB],feasible,defaults
// EXAMPLE-NEXT: 1.7B,0.78,0.7,0.8,32,1.652226048,1,3.4234{{[0-9]*}},141.18{{[0-9]*}},137,{{.*}},true,true
// EXAMPLE-COUNT-8: {{^[0-9.]+[BT],.*,true,true$}}
// EXAMPLE-NEXT: 1T,0.78,0.7,0.8,3072,1008.0{{[0-9]*}},512,99.33{{[0-9]*}},168.41{{[0-9]*}},163,{{.*}},true,true
