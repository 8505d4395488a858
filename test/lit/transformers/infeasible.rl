// Layouts that cannot run are rows that name the constraint they break, never an error:
// each layout below breaks exactly one of stdlib.megatron's constraints (and its plan is
// still evaluated), a sweep over layouts counts the points each require drops, and eval at
// an infeasible point names the broken requires.
// RUN: %ringline eval %s | FileCheck %s
// RUN: %ringline sweep %examples/megatron/layouts.rl --set t=8 --set p=5,8 --set b=1,5 --set v=1,2 --set recompute='"full"' --set sp=false --set zero=0,2 --format csv 2>%t.err | FileCheck %s --check-prefix=SWEEP
// RUN: FileCheck %s --check-prefix=DROPPED < %t.err
// RUN: %ringline sweep %examples/megatron/layouts.rl --set t=8 --set p=5,8 --set b=1,5 --set v=1,2 --set recompute='"full"' --set sp=false --set zero=0,2 --keep-infeasible --format csv | FileCheck %s --check-prefix=KEEP
// RUN: %ringline eval %examples/megatron/layouts.rl --set t=1 --set p=1 --set recompute='"none"' 2>&1 | FileCheck %s --check-prefix=EVAL
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let gpt = gpt_config("gpt-1.7b", 24, 2304, 24)
let ok = Layout { tensor = 2, pipeline = 2, data = 2, micro = 2, batch = 16, recompute = "full" }
fn plan(l: Layout, nodes: Int) -> Plan = transformer_plan(gpt, llm_setup(selene(nodes)), l)
// How many constraints fail, and whether the one named does.
fn broken(p: Plan) -> Int = sum c in p.constraints: if holds(c) then 0 else 1
fn only(p: Plan, name: String) -> Bool = fails(p, name) and broken(p) == 1 and not p.feasible

scenario each_constraint {
  report feasible = plan(ok, 1).feasible
  report gpus = only(plan(ok with { data = 4 }, 1), "t*p*d = GPUs")
  report heads = only(plan(ok with { tensor = 16, pipeline = 1, data = 1 }, 2), "heads % t = 0")
  report layers = only(plan(ok with { tensor = 1, pipeline = 5, data = 8 }, 5), "layers % (p*v) = 0")
  report batch = only(plan(ok with { micro = 3 }, 1), "batch % (d*b) = 0")
  report interleaved = only(plan(ok with { interleave = 2, micro = 1, batch = 6 }, 1), "micro-batches % p = 0")
  report zero = only(plan(ok with { pipeline = 1, data = 4, zero = 4 }, 1), "zero <= 3")
  report zero_pipeline = only(plan(ok with { zero = 2 }, 1), "zero <= 1 with pipelining")
  report memory = only(transformer_plan(gpt_config("gpt3", 96, 12288, 96), llm_setup(selene(1)),
                                        Layout { tensor = 8, batch = 8 }), "memory")
  // A broken layout still has a time and a memory: a row, not an error.
  report iter = plan(ok with { micro = 3 }, 1).iter > 0 s
}
// CHECK:      feasible = true
// CHECK-NEXT: gpus = true
// CHECK-NEXT: heads = true
// CHECK-NEXT: layers = true
// CHECK-NEXT: batch = true
// CHECK-NEXT: interleaved = true
// CHECK-NEXT: zero = true
// CHECK-NEXT: zero_pipeline = true
// CHECK-NEXT: memory = true
// CHECK-NEXT: iter = true

// 1,024 GPUs: p = 5 leaves d = 25 (t p d = 1,000) and 96 layers do not split in 5 or 10;
// b = 5 does not divide the batch; v = 2 at b = 5 leaves 1536/(16·5) micro-batches; ZeRO-2
// with a pipeline; b = 5 with v = 1 runs out of memory. Two layouts are left.
// SWEEP:      t,p,b,v,recompute,sp,zero,gpus,batch,d,iter[s],tflops[TFLOP/s],mfu,memory[GB],bubble,exposed
// SWEEP-NEXT: 8,8,1,1,full,false,0,1024,1536,16,{{.*}}
// SWEEP-NEXT: 8,8,1,2,full,false,0,1024,1536,16,{{.*}}
// SWEEP-NOT:  {{.}}
// DROPPED: ringline: 14 of 16 points dropped: 8 by "t*p*d = GPUs" ({{.*}}layouts.rl:29), 8 by "layers % (p*v) = 0" ({{.*}}), 12 by "batch % (d*b) = 0" ({{.*}}), 6 by "micro-batches % p = 0" ({{.*}}), 8 by "zero <= 1 with pipelining" ({{.*}}), 5 by "memory" ({{.*}})
// KEEP:      t,p,b,v,recompute,sp,zero,gpus,batch,d,iter[s],tflops[TFLOP/s],mfu,memory[GB],bubble,exposed,feasible
// KEEP-NEXT: 8,5,1,1,full,false,0,1024,1536,25,{{.*}},false
// KEEP:      8,8,1,1,full,false,0,1024,1536,16,{{.*}},true
// KEEP-NEXT: 8,8,1,1,full,false,2,1024,1536,16,{{.*}},false

// EVAL: feasible = false
// EVAL: note: the point is infeasible: "memory" does not hold [infeasible]
