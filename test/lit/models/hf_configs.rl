// stdlib.hf reads a Hugging Face config.json into a Transformer: Llama 3 8B, Qwen2-7B,
// Qwen3-30B-A3B, Mixtral 8x7B and GPT-OSS-120B (their config.json files as published) give
// the checkpoint's parameter count exactly (Hugging Face: 8,030,261,248, 7,615,616,512,
// 30,532,122,624, 46,702,792,704 and OpenAI's 116.83B), and the fields that matter to the
// cost: Qwen3's head width and expert width, GPT-OSS's window on half the layers, Qwen2's
// window it does not use. DeepSeek-V3 and Kimi K2 (both DeepseekV3ForCausalLM) and
// DeepSeek-V2-Lite give test/lit/models/deepseek.rl's counts (the same record as
// stdlib.models.moe_transformers' deepseek_v3 and kimi_k2) and DeepSeek's 15.7B for
// V2-Lite, and every field that matters to the cost: latent attention's ranks and heads,
// the shared expert, the dense first layers, the prediction module, the router's groups.
// RUN: %ringline eval %s --digits 0 | FileCheck %s
// RUN: %ringline advise --model %S/Inputs/hf/qwen3_30b_a3b.json --cluster dgx_h100_pod --gpus 16 --global-batch 64 --tp 1 --pp 1 --top 1 --format csv | FileCheck %s --check-prefix=ADVISE
import stdlib.megatron
import stdlib.hf
import stdlib.models.moe_transformers

let llama = hf_transformer("Inputs/hf/llama3_8b.json", 8192)
let qwen2 = hf_transformer("Inputs/hf/qwen2_7b.json")
let qwen3 = hf_transformer("Inputs/hf/qwen3_30b_a3b.json")
let mixtral = hf_transformer("Inputs/hf/mixtral_8x7b.json", name = "mixtral")
let oss = hf_transformer("Inputs/hf/gpt_oss_120b.json")
let dsv3 = hf_transformer("Inputs/hf/deepseek_v3.json")
let k2 = hf_transformer("Inputs/hf/kimi_k2.json")
let lite = hf_transformer("Inputs/hf/deepseek_v2_lite.json")
fn _cost_fields(m: Transformer) -> [Int] =
  [m.layers, m.hidden, m.heads, m.kv_heads, m.seq, m.vocab, m.ffn, m.expert_ffn, m.experts, m.top_k, m.q_lora, m.kv_lora,
   m.qk_nope, m.qk_rope, m.v_head, m.shared_experts, m.dense_layers, m.mtp_layers, m.expert_groups, m.group_top,
   if m.gated then 1 else 0, if m.bias then 1 else 0, if m.tied then 1 else 0, if m.positions then 1 else 0]

scenario hf {
  report llama_params = checkpoint_params(llama)
  report qwen2_params = checkpoint_params(qwen2)
  report qwen3_params = checkpoint_params(qwen3)
  report mixtral_params = checkpoint_params(mixtral)
  report oss_params = checkpoint_params(oss)
  report qwen3_head = head_dim(qwen3)
  report qwen3_expert = expert_width(qwen3)
  report oss_windowed = oss.windowed
  report oss_window = oss.window
  report qwen2_window = qwen2.window
  report llama_seq = llama.seq
  report dsv3_params = checkpoint_params(dsv3)
  report k2_params = checkpoint_params(k2)
  report lite_params = checkpoint_params(lite)
  // The fields that differ from stdlib.models.moe_transformers' records (0: none).
  report dsv3_differs = sum i in range(len(_cost_fields(dsv3))): if _cost_fields(dsv3)[i] != _cost_fields(deepseek_v3)[i] then 1 else 0
  report k2_differs = sum i in range(len(_cost_fields(k2))): if _cost_fields(k2)[i] != _cost_fields(kimi_k2)[i] then 1 else 0
  report dsv3_groups = dsv3.expert_groups * 10 + dsv3.group_top
  report k2_dense = k2.dense_layers
  report lite_q_lora = lite.q_lora
  report lite_shared = lite.shared_experts
  report dsv3_tied = dsv3.tied
}
// CHECK:      llama_params   = 8030261248{{$}}
// CHECK-NEXT: qwen2_params   = 7615616512{{$}}
// CHECK-NEXT: qwen3_params   = 30532122624{{$}}
// CHECK-NEXT: mixtral_params = 46702792704{{$}}
// CHECK-NEXT: oss_params     = 116829156672{{$}}
// CHECK-NEXT: qwen3_head     = 128{{$}}
// CHECK-NEXT: qwen3_expert   = 768{{$}}
// CHECK-NEXT: oss_windowed   = 0.5{{$}}
// CHECK-NEXT: oss_window     = 128{{$}}
// CHECK-NEXT: qwen2_window   = 0{{$}}
// CHECK-NEXT: llama_seq      = 8192{{$}}
// CHECK-NEXT: dsv3_params    = 684489830400{{$}}
// CHECK-NEXT: k2_params      = 1026408209408{{$}}
// CHECK-NEXT: lite_params    = 15706484224{{$}}
// CHECK-NEXT: dsv3_differs   = 0{{$}}
// CHECK-NEXT: k2_differs     = 0{{$}}
// CHECK-NEXT: dsv3_groups    = 84{{$}}
// CHECK-NEXT: k2_dense       = 1{{$}}
// CHECK-NEXT: lite_q_lora    = 0{{$}}
// CHECK-NEXT: lite_shared    = 2{{$}}
// CHECK-NEXT: dsv3_tied      = false{{$}}
// The command reads the same file where it is named, its folder allowed: a mixture's
// rows show e.
// ADVISE: gpus,rank,t,p,d,e,micro
// ADVISE-NEXT: 16,1,1,1,16,{{[0-9]+}},{{.*}},true,"",""
