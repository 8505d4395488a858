// A Transformer whose fields cannot describe a model is an error at the plan, naming the
// field, however the record was built: never a layout ranked feasible.
// RUN: %ringline check --verify-diagnostics %s
// RUN: %python %S/../driver/Inputs/expect_exit.py 1 %ringline advise %S/Inputs/negative_heads.rl --model negative --cluster dgx_a100_pod --gpus 8 --global-batch 64 2>&1 | FileCheck %s
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let base = gpt_config("t", 4, 256, 4, 128, 1000)
let s = llm_setup(dgx_a100_pod(1))
let l = Layout { tensor = 1, data = 8, batch = 64 }
let negative = base with { heads = -4 }
// expected-error@+1 {{transformer `t`: `heads` is -4; it needs 1 or more [user_error]}}
let p1 = transformer_plan(negative, s, l)
// expected-error@+1 {{transformer `t`: `top_k` is 9; it needs 1 to `experts` (8) [user_error]}}
let p2 = transformer_plan(base with { experts = 8, top_k = 9 }, s, l)
// expected-error@+1 {{transformer `t`: `kv_heads` is 8; it needs to divide `heads` (4) [user_error]}}
let p3 = transformer_plan(base with { kv_heads = 8 }, s, l)
// expected-error@+1 {{transformer `t`: `capacity` is -1; it needs 1 or more (1: no padding) [user_error]}}
let p4 = transformer_plan(base with { experts = 8, top_k = 2, capacity = -1.0 }, s, l)
// CHECK: error: transformer `t`: `heads` is -4; it needs 1 or more [user_error]
