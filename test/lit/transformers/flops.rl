// stdlib.megatron's FLOP counts, GEMM times and communication against closed forms written
// out here: per layer 24 b s h² (1 + s/(6h)) forward (Narayanan et al.), the paper's
// F = 96 B s l h² (1 + s/(6h) + V/(16 l h)) with full recomputation, model FLOPs
// 72 B s l h² (1 + s/(6h) + V/(12 l h)); a GEMM at 312 TFLOP/s x 0.78 x waves/(waves + 1/2)
// x k/(k + 64); per layer two allreduces of b s h x 2 B forward and two backward, each
// stdlib.collectives' ring on NVLink 3 at 0.8 x 300 GB/s; the 1F1B bubble (p - 1)/(v m) of
// the ideal time; 2 (v m + p - 1) pipeline sends; the data-parallel allreduce of a stage's
// fp16 gradients across 32 nodes on HDR at 0.8 x 25 GB/s; and a schedule of the Setup's
// own (a direct allreduce) changing the tensor-parallel time. A Llama-2 70B (grouped-query
// attention with 8 key/value heads, SwiGLU of 28,672, no biases, RMSNorm, untied, no
// position table) has 68,976,640,000 parameters: Hugging Face's count, 68,976,648,192, less
// the final norm's 8,192, which Narayanan et al.'s count leaves out too.
// RUN: %ringline eval %s --scenario closed_forms | FileCheck %s --check-prefix=FORMS
// RUN: %ringline eval %s --scenario pipeline_and_data | FileCheck %s --check-prefix=PIPE
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies
import stdlib.megatron

fn close(x: Real, y: Real) -> Bool = abs(x / y - 1) <= 1e-12
let g18 = gpt_config("gpt-18b", 40, 6144, 48)
let g39 = gpt_config("gpt-39b", 48, 8192, 64)
let l18 = Layout { tensor = 8, pipeline = 1, data = 32, micro = 8, batch = 1024, recompute = "full" }
let l76 = Layout { tensor = 8, pipeline = 4, data = 32, micro = 2, batch = 1792, interleave = 5, recompute = "full" }
let st32 = llm_setup(selene(32))
let e = megatron_efficiency

scenario closed_forms {
  let b = 8.0
  let s = 2048.0
  let h = 6144.0
  let qkv = layer_gemms(g18, 8, 8)[0]
  let waves = 8 * 2048 * (3 * 6144 / 8) / 16384 / 108
  let eff = 0.78 * waves / (waves + 0.5) * 6144 / (6144 + 64)
  let n = 8 * 2048 * 6144 * 2 B
  let nvl = Link { bw = 0.8 * 300 GB/s, lat = 9 us }
  let ar = 2 * (8 - 1) * (nvl.lat + n / 8 / nvl.bw)
  report layer = close(layer_flops(g18, 8), 24 * b * s * h * h * (1 + s / (6 * h)))
  report split = close(sum g in layer_gemms(g18, 8, 8): gemm_flops(g), layer_flops(g18, 8) / 8)
  report paper = close(flops_hardware(g39, 1536, "full"), flops_paper(g39, 1536))
  report model = close(flops_model(g39, 1536),
    72.0 * 1536 * 2048 * 48 * 8192 * 8192 * (1 + 2048 / (6 * 8192) + 51200 / (12 * 48 * 8192)))
  report selective = close(flops_hardware(g39, 1536, "selective") - flops_model(g39, 1536),
    48 * 4.0 * 1536 * 2048 * 2048 * 8192)
  report qkv_eff = close(gemm_efficiency(qkv, a100_sxm4_80gb), eff)
  report qkv_time = close(gemm_time(qkv, a100_sxm4_80gb, e, 312 TFLOP/s, 2 B) / 1 s,
    2.0 * 8 * 2048 * (3 * 6144 / 8) * 6144 * 1 FLOP / (312 TFLOP/s * eff) / 1 s)
  report tp_layer = close(layer_cost(g18, st32, l18, e).comm_fwd / 1 s, 2 * ar / 1 s)
  report tp_sp_same = close(layer_cost(g18, st32, l18 with { sequence_parallel = true }, e).comm_fwd / 1 s, 2 * ar / 1 s)
  report tp_us = 2 * ar in us
  let llama = Transformer { name = "llama2-70b", layers = 80, hidden = 8192, heads = 64, kv_heads = 8,
                            seq = 4096, vocab = 32000, ffn = 28672, gated = true, bias = false,
                            positions = false, tied = false }
  report llama_params = transformer_params(llama) == 68976640000
  // QKV 8192 x (8192 + 2·8·128), the projection, gate+up and down; score and context.
  report llama_flops = close(layer_flops(llama, 1),
    2.0 * 4096 * (8192 * 10240 + 8192 * 8192 + 3 * 8192 * 28672) + 4.0 * 4096 * 4096 * 8192)
}
// FORMS:      layer = true
// FORMS-NEXT: split = true
// FORMS-NEXT: paper = true
// FORMS-NEXT: model = true
// FORMS-NEXT: selective = true
// FORMS-NEXT: qkv_eff = true
// FORMS-NEXT: qkv_time = true
// FORMS-NEXT: tp_layer = true
// FORMS-NEXT: tp_sp_same = true
// FORMS-NEXT: tp_us = 3188.01 us
// FORMS-NEXT: llama_params = true
// FORMS-NEXT: llama_flops = true

scenario pipeline_and_data {
  let g76 = gpt_config("gpt-76b", 60, 10240, 80)
  let st = llm_setup(selene(128))
  let plan = transformer_plan(g76, st, l76)
  let mb = 1792 / (32 * 2)
  let send = pipeline_send(g76, st, l76, e)
  let ideal = plan.fwd + plan.bwd + comm_time(plan, "tp_allreduce")
  let grads = 2 B * stage_params(g18, l18)
  let hdr_eff = Link { bw = 0.8 * 25 GB/s, lat = 1.5 us }
  let dp = transformer_plan(g18, st32, l18)
  report micro_batches = mb
  report bubble = close(plan.bubble / ideal, (4 - 1) / (5 * mb))
  report sends = close(comm_time(plan, "pipeline_sendrecv") / 1 s, 2 * (5 * mb + 4 - 1) * send / 1 s)
  report send_scatter_gather = close(send / 1 s, (1.5 us + 2 * 2048 * 10240 * 2 B / 8 / hdr_eff.bw +
    ring_allgather(2 * 2048 * 10240 * 2 B, 8, Link { bw = 0.8 * 300 GB/s, lat = 9 us })) / 1 s)
  report grad_allreduce = close(comm_time(dp, "grad_allreduce") / 1 s, ring_allreduce(grads, 32, hdr_eff) / 1 s)
  report grad_exposed = close(dp.exposed / 1 s, (comm_time(dp, "tp_allreduce") + comm_time(dp, "grad_allreduce")) / 1 s)
  let direct = st32 with { coll = Collectives { allreduce = direct_allreduce } }
  let n = 8 * 2048 * 6144 * 2 B
  report new_schedule = close(layer_cost(g18, direct, l18, e).comm_fwd / 1 s,
    2 * direct_allreduce(n, 8, Link { bw = 0.8 * 300 GB/s, lat = 9 us }) / 1 s)
  report iter_changes = transformer_plan(g18, direct, l18).iter < dp.iter
}
// PIPE:      micro_batches = 28
// PIPE-NEXT: bubble = true
// PIPE-NEXT: sends = true
// PIPE-NEXT: send_scatter_gather = true
// PIPE-NEXT: grad_allreduce = true
// PIPE-NEXT: grad_exposed = true
// PIPE-NEXT: new_schedule = true
// PIPE-NEXT: iter_changes = true
