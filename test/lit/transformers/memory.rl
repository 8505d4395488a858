// stdlib.megatron's memory per GPU against numbers derived by hand from Korthikanti et al.
// (2022) section 4, for GPT-3 175B (l = 96, h = 12288, a = 96, s = 2048, V = 51200) at
// t = 8, p = 16, b = 1 (6 layers per stage), 64 micro-batches (so 16 in flight in 1F1B).
// s b h = 25,165,824; per layer, in units of s b h: no recomputation 10 + 24/8 + 5·96·2048/
// (12288·8) = 23, with sequence parallelism 34/8 + 10 = 14.25, selective 13 (4.25 with SP),
// full 2 (2/8 with SP); with t = 1, 34 + 80 = 114. The first stage holds 6 layers x 16
// micro-batches; interleaved with v = 2, 16 (1 + 15/32) = 23.5; GPipe all 64.
// Parameters of a stage: 6 (12h² + 13h)/8 + Vh/8 + sh = 1,462,883,328: weights 2 B each,
// fp16 gradients 2 B (bf16: 4 B), Adam with fp32 master weights 12 B; ZeRO over d = 4
// divides the optimizer (1), the gradients too (2) and the weights (3).
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let gpt3 = gpt_config("gpt3-175b", 96, 12288, 96)
let st = llm_setup(selene(16))
let base = Layout { tensor = 8, pipeline = 16, data = 1, micro = 1, batch = 64 }
fn close(x: Real, y: Real) -> Bool = abs(x / y - 1) <= 1e-12
fn acts(l: Layout) -> Real = transformer_memory(gpt3, st, l).activations / 1 B
fn per_layer(l: Layout) -> Real = layer_activations(gpt3, l) / 1 B

scenario korthikanti_memory {
  report sbh = 1.0 * gpt3.seq * gpt3.hidden
  report total = transformer_params(gpt3)
  report params_closed_form = close(transformer_params(gpt3),
    12.0 * 96 * 12288 * 12288 * (1 + 13 / (12 * 12288) + (51200 + 2048) / (12 * 96 * 12288)))
  report stage = stage_params(gpt3, base)
  report flight = in_flight(base)
  report flight_v2 = in_flight(base with { interleave = 2 })
  report flight_gpipe = in_flight(base with { order = "gpipe" })
  report tp = close(per_layer(base), 578813952)
  report tp_sp = close(per_layer(base with { sequence_parallel = true }), 358612992)
  report selective = close(per_layer(base with { recompute = "selective" }), 327155712)
  report selective_sp = close(per_layer(base with { recompute = "selective", sequence_parallel = true }), 106954752)
  report full = close(per_layer(base with { recompute = "full" }), 50331648)
  report full_sp = close(per_layer(base with { recompute = "full", sequence_parallel = true }), 6291456)
  report no_tp = close(per_layer(base with { tensor = 1 }), 2868903936)
  report stage_tp = close(acts(base), 55566139392)
  report stage_selective_sp = close(acts(base with { recompute = "selective", sequence_parallel = true }), 10267656192)
  report stage_interleaved = close(acts(base with { interleave = 2 }), 81612767232)
  report stage_gpipe = close(acts(base with { order = "gpipe" }), 222264557568)
  report weights = close(transformer_memory(gpt3, st, base).weights / 1 B, 2925766656)
  report grads = close(transformer_memory(gpt3, st, base).grads / 1 B, 2925766656)
  report grads_bf16 = close(transformer_memory(gpt3, st, base with { precision = "bf16" }).grads / 1 B, 5851533312)
  report optimizer = close(transformer_memory(gpt3, st, base).optimizer / 1 B, 17554599936)
  report zero1 = close(transformer_memory(gpt3, st, base with { data = 4, zero = 1 }).optimizer / 1 B, 4388649984)
  report zero2 = close(transformer_memory(gpt3, st, base with { data = 4, zero = 2 }).grads / 1 B, 731441664)
  report zero3 = close(transformer_memory(gpt3, st, base with { data = 4, zero = 3 }).weights / 1 B, 731441664)
  report zero3_keeps_acts = close(acts(base with { data = 4, zero = 3 }), 55566139392)
  report mem = transformer_memory(gpt3, st, base with { recompute = "selective", sequence_parallel = true })
}
// CHECK:      sbh = 2.51658e+07
// CHECK-NEXT: total = 174615822336
// CHECK-NEXT: params_closed_form = true
// CHECK-NEXT: stage = 1.46288e+09
// CHECK-NEXT: flight = 16
// CHECK-NEXT: flight_v2 = 23.5
// CHECK-NEXT: flight_gpipe = 64
// CHECK-NEXT: tp = true
// CHECK-NEXT: tp_sp = true
// CHECK-NEXT: selective = true
// CHECK-NEXT: selective_sp = true
// CHECK-NEXT: full = true
// CHECK-NEXT: full_sp = true
// CHECK-NEXT: no_tp = true
// CHECK-NEXT: stage_tp = true
// CHECK-NEXT: stage_selective_sp = true
// CHECK-NEXT: stage_interleaved = true
// CHECK-NEXT: stage_gpipe = true
// CHECK-NEXT: weights = true
// CHECK-NEXT: grads = true
// CHECK-NEXT: grads_bf16 = true
// CHECK-NEXT: optimizer = true
// CHECK-NEXT: zero1 = true
// CHECK-NEXT: zero2 = true
// CHECK-NEXT: zero3 = true
// CHECK-NEXT: zero3_keeps_acts = true
// With selective recomputation and sequence parallelism: 2.93 + 2.93 + 17.55 GB of weights,
// gradients and optimizer, 10.27 GB of activations, and the workspace of one layer's
// recomputed attention core (5·96·2048/(12288·8) s b h = 251,658,240 B); the buffers are
// the CUDA context's 500 MiB and 256 MiB of NCCL's for each of 2 groups (runtime_memory).
// CHECK-NEXT: mem.weights = 2.92577e+09 B
// CHECK-NEXT: mem.grads = 2.92577e+09 B
// CHECK-NEXT: mem.optimizer = 1.75546e+10 B
// CHECK-NEXT: mem.activations = 1.02677e+10 B
// CHECK-NEXT: mem.buffers = 1.06116e+09 B
// CHECK-NEXT: mem.workspace = 2.51658e+08 B
