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
// Latent attention, shared experts, dense first layers, prediction modules, routing groups.
let mla = base with { kv_lora = 64, qk_nope = 32, qk_rope = 16, v_head = 32 }
// expected-error@+1 {{transformer `t`: `q_lora`, `kv_lora`, `qk_nope`, `qk_rope` and `v_head` are 0 or more [user_error]}}
let p5 = transformer_plan(mla with { q_lora = -1 }, s, l)
// expected-error@+1 {{transformer `t`: latent attention (`kv_lora` 64) needs `qk_nope` + `qk_rope` and `v_head` of 1 or more [user_error]}}
let p6 = transformer_plan(mla with { v_head = 0 }, s, l)
// expected-error@+1 {{transformer `t`: latent attention has a key and a value per head (`kv_heads` = `heads`) and no `qkv_bias`, `qk_norm`, `sinks` or `window` [user_error]}}
let p7 = transformer_plan(mla with { kv_heads = 2 }, s, l)
// expected-error@+1 {{transformer `t`: `q_lora`, `qk_nope`, `qk_rope` and `v_head` describe latent attention, which needs `kv_lora` > 0 [user_error]}}
let p8 = transformer_plan(base with { v_head = 64 }, s, l)
// expected-error@+1 {{transformer `t`: `shared_experts`, `dense_layers` and `mtp_layers` are 0 or more [user_error]}}
let p9 = transformer_plan(base with { mtp_layers = -1 }, s, l)
// expected-error@+1 {{transformer `t`: `dense_layers` is 5; it needs at most `layers` (4) [user_error]}}
let p10 = transformer_plan(base with { dense_layers = 5 }, s, l)
// expected-error@+1 {{transformer `t`: `expert_groups` is 3; it needs to divide `experts` (8) [user_error]}}
let p11 = transformer_plan(base with { experts = 8, top_k = 2, expert_groups = 3 }, s, l)
// expected-error@+1 {{transformer `t`: `group_top` is 5; it needs 1 to `expert_groups` (4) [user_error]}}
let p12 = transformer_plan(base with { experts = 8, top_k = 2, expert_groups = 4, group_top = 5 }, s, l)
// CHECK: error: transformer `t`: `heads` is -4; it needs 1 or more [user_error]
