// The pipeline schedules (stdlib.megatron's pipeline_bubble). With p = 8, a stage's
// forward f = 1 s, backward b = 2 s of which weight gradients w = 0.8 s, exposed
// communication c = 0.5 s per micro-batch:
//   1F1B  (p - 1)(f + b + c) = 7 x 3.5 = 24.5 s (v = 2: half, 12.25 s);
//   ZB-H1 (p - 1)(f + b + c - 2w) = 7 x 1.9 = 13.3 s;
//   DualPipe (p/2 - 1)(f + 2b - 3w) = 3 x 2.6 = 7.8 s.
// DeepSeek-V3 on 1,024 H100s (t 1, p 16, e 64, full recomputation, FP8): DualPipe holds two
// stages' parameters and runs the all-to-alls behind compute.
// RUN: %ringline eval %s --digits 4 | FileCheck %s
// RUN: %ringline advise --model deepseek_v3 --cluster dgx_h100_pod --gpus 1024 --global-batch 8192 --seq 4096 --precision fp8 --tp 1 --pp 16 --ep 64 --micro-batch 1 --recompute full --zero 1 --sequence-parallel=false --interleave 1 --schedule 1f1b,zb_h1,dualpipe --top 3 | FileCheck %s --check-prefix=ADVISE
// RUN: %ringline advise --model deepseek_v3 --cluster dgx_h100_pod --gpus 1024 --global-batch 8192 --seq 4096 --precision fp8 --tp 1 --pp 16 --ep 64 --micro-batch 1 --recompute full --zero 1 --sequence-parallel=false --schedule dualpipe --top 1 --format csv | FileCheck %s --check-prefix=CSV
// RUN: not %ringline advise --model deepseek_v3 --cluster dgx_h100_pod --gpus 1024 --global-batch 8192 --schedule 'dual pipe' 2>&1 | FileCheck %s --check-prefix=BADNAME
// RUN: not %ringline advise --model deepseek_v3 --cluster dgx_h100_pod --gpus 1024 --global-batch 8192 --tp 1 --pp 16 --ep 64 --schedule zb 2>&1 | FileCheck %s --check-prefix=UNKNOWN
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.models.moe_transformers

let one = Layout { pipeline = 8 }
let st = llm_setup(dgx_h100_pod(128))
let base = Layout { tensor = 1, pipeline = 16, data = 64, expert = 64, micro = 1, batch = 8192, precision = "fp8",
                    flash = true, zero = 1, recompute = "full", overlap_grads = true }
fn plan(order: String) -> Plan = transformer_plan(deepseek_v3, st, base with { order = order })

scenario schedules {
  report f1b = pipeline_bubble(one, 1 s, 2 s, 0.8 s, 0.5 s) in s
  report f1b_v2 = pipeline_bubble(one with { interleave = 2 }, 1 s, 2 s, 0.8 s, 0.5 s) in s
  report zb = pipeline_bubble(one with { order = "zb_h1" }, 1 s, 2 s, 0.8 s, 0.5 s) in s
  report dual = pipeline_bubble(one with { order = "dualpipe" }, 1 s, 2 s, 0.8 s, 0.5 s) in s
  report iter_1f1b = plan("1f1b").iter in s
  report iter_zb = plan("zb_h1").iter in s
  report iter_dual = plan("dualpipe").iter in s
  // Twice the weights, gradients and optimizer state; p + 1 micro-batches in flight for p.
  report weights = plan("dualpipe").memory.weights / plan("1f1b").memory.weights
  report flight = plan("dualpipe").memory.activations / plan("1f1b").memory.activations
  // Interleaving, and an odd micro-batch count (63) under DualPipe, break the constraint.
  report zb_v2 = fails(plan("zb_h1"), "zb_h1, dualpipe: v = 1, p even")
  report dual_v2 = fails(transformer_plan(deepseek_v3, st, base with { order = "dualpipe", interleave = 2 }),
                         "zb_h1, dualpipe: v = 1, p even")
  report dual_odd = fails(transformer_plan(deepseek_v3, st, base with { order = "dualpipe", pipeline = 8, data = 128,
                                                                          batch = 8064 }), "zb_h1, dualpipe: v = 1, p even")
}
// CHECK:      f1b       = 24.5 s
// CHECK-NEXT: f1b_v2    = 12.25 s
// CHECK-NEXT: zb        = 13.3 s
// CHECK-NEXT: dual      = 7.8 s
// CHECK-NEXT: iter_1f1b = 56.08 s
// CHECK-NEXT: iter_zb   = 55.66 s
// CHECK-NEXT: iter_dual = 33.57 s
// CHECK-NEXT: weights   = 2
// CHECK-NEXT: flight    = 1.062
// CHECK-NEXT: zb_v2     = false
// CHECK-NEXT: dual_v2   = true
// CHECK-NEXT: dual_odd  = true
// ADVISE: TP communication overlapped, experts by DeepEP, schedules 1f1b,zb_h1,dualpipe; ranked by iteration time
// ADVISE: t    p    d   e   b   v  schedule  recompute
// ADVISE: 1024     1   1   16   64  64   1   1  dualpipe  full
// ADVISE: 1024     2   1   16   64  64   1   1  zb_h1     full
// ADVISE: 1024     3   1   16   64  64   1   1  1f1b      full
// CSV: gpus,rank,t,p,d,e,micro,interleave,schedule,recompute,
// CSV-NEXT: 1024,1,1,16,64,64,1,1,dualpipe,full,false,1,19.6{{[0-9]+}},
// BADNAME: ringline: error: --schedule takes schedules, `1f1b,zb_h1,dualpipe` (1f1b, gpipe, zb_h1, dualpipe); got `dual pipe` [bad_option]
// UNKNOWN: error: the pipeline schedule is "1f1b", "gpipe", "zb_h1" or "dualpipe", not "zb" [user_error]
