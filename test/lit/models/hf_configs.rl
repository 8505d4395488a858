// stdlib.hf reads a Hugging Face config.json into a Transformer: Llama 3 8B, Qwen2-7B,
// Qwen3-30B-A3B, Mixtral 8x7B and GPT-OSS-120B (their config.json files as published) give
// the checkpoint's parameter count exactly (Hugging Face: 8,030,261,248, 7,615,616,512,
// 30,532,122,624, 46,702,792,704 and OpenAI's 116.83B), and the fields that matter to the
// cost: Qwen3's head width and expert width, GPT-OSS's window on half the layers, Qwen2's
// window it does not use.
// RUN: %ringline eval %s --digits 0 | FileCheck %s
// RUN: %ringline advise --model %S/Inputs/hf/qwen3_30b_a3b.json --cluster dgx_h100_pod --gpus 16 --global-batch 64 --tp 1 --pp 1 --top 1 --format csv | FileCheck %s --check-prefix=ADVISE
import stdlib.megatron
import stdlib.hf

let llama = hf_transformer("Inputs/hf/llama3_8b.json", 8192)
let qwen2 = hf_transformer("Inputs/hf/qwen2_7b.json")
let qwen3 = hf_transformer("Inputs/hf/qwen3_30b_a3b.json")
let mixtral = hf_transformer("Inputs/hf/mixtral_8x7b.json", name = "mixtral")
let oss = hf_transformer("Inputs/hf/gpt_oss_120b.json")

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
// The command reads the same file where it is named, its folder allowed: a mixture's
// rows show e.
// ADVISE: gpus,rank,t,p,d,e,micro
// ADVISE-NEXT: 16,1,1,1,16,{{[0-9]+}},{{.*}},true,"",""
