// Llama 2, Llama 3 and Mixtral (stdlib.models.llama): parameters against Hugging Face's
// counts and the closed form, MACs per sequence with full and causal attention,
// grouped-query attention and the mixture-of-experts layer, model FLOPs against the closed
// form, and the Real totals past 2^53.
// RUN: %ringline eval %s --digits 0 | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.llama

// Parameters (h hidden, f ffn, kv width = kv_heads x h / heads, V vocabulary, l layers):
//   per layer attention 2h(h + kv) + MLP 3hf + two RMSNorms 2h; embedding Vh, final norm h,
//   untied head Vh.
// Llama-2 7B: h 4,096, f 11,008, kv 4,096: 67,108,864 + 135,266,304 + 8,192 = 202,383,360;
//   x 32 = 6,476,267,520; + 131,072,000 + 4,096 + 131,072,000 = 6,738,415,616.
// Llama-2 13B: h 5,120, f 13,824: 104,857,600 + 212,336,640 + 10,240 = 317,204,480; x 40 =
//   12,688,179,200; + 2 x 163,840,000 + 5,120 = 13,015,864,320.
// Llama-2 70B: h 8,192, 64 heads of 128, 8 kv heads (kv 1,024), f 28,672: 150,994,944 +
//   704,643,072 + 16,384 = 855,654,400; x 80 = 68,452,352,000; + 2 x 262,144,000 + 8,192 =
//   68,976,648,192.
// Llama-3 8B: kv 1,024, f 14,336, V 128,256: 41,943,040 + 176,160,768 + 8,192 = 218,112,000;
//   x 32 = 6,979,584,000; + 2 x 525,336,576 + 4,096 = 8,030,261,248.
// Llama-3 70B: Llama-2 70B's layers, V 128,256: 68,452,352,000 + 2 x 1,050,673,152 + 8,192 =
//   70,553,706,496 (meta-llama/Meta-Llama-3-70B: 70.6B).
// Llama-3 405B: h 16,384, 128 heads, kv 1,024, f 53,248: 570,425,344 + 2,617,245,696 +
//   32,768 = 3,187,703,808; x 126 = 401,650,679,808; + 2 x 2,101,346,304 + 16,384 =
//   405,853,388,800.
// Mixtral 8x7B: Llama-3 8B's layer with 8 experts of 3hf = 176,160,768 and a router of
//   8h = 32,768: 41,943,040 + 1,409,318,912 + 8,192 = 1,451,270,144; x 32 = 46,440,644,608;
//   + 2 x 131,072,000 + 4,096 = 46,702,792,704. Active (2 experts): 41,943,040 +
//   352,321,536 + 32,768 + 8,192 = 394,305,536 per layer; x 32 + 262,148,096 =
//   12,879,925,248.
// MACs per sequence of s tokens: per layer s x (attention + MLP weights) + 2 s^2 h
//   (s(s+1) h causal), head s h V. Llama-2 7B, s = 4,096: 4,096 x 202,375,168 =
//   828,928,688,128 + 137,438,953,472 = 966,367,641,600; x 32 + 536,870,912,000 =
//   31,460,635,443,200. Causal: 2 x 4,096^2 x 4,096 - 4,096 x 4,097 x 4,096 =
//   68,702,699,520 less per layer: 29,262,149,058,560.
// Mixtral's experts compute 2 s rows each layer (dropless); with capacity factor 1.25 at
//   s = 4,096 each expert has ceil(1.25 x 2 x 4,096 / 8) = 1,280 slots, 10,240 rows instead
//   of 8,192: 32 x 2,048 x 176,160,768 = 11,544,872,091,648 MACs more.
let l7 = llama2_7b_4096
let l70 = llama2_70b_4096
let l405 = llama3_405b_8192
let mx = mixtral_8x7b_32768
let _nets = [llama2_7b_4096, llama2_13b_4096, llama2_70b_4096, llama3_8b_8192, llama3_70b_8192,
             llama3_405b_8192, mixtral_8x7b_32768]
let _cfgs = [llama2_7b_config, llama2_13b_config, llama2_70b_config, llama3_8b_config, llama3_70b_config,
             llama3_405b_config, mixtral_8x7b_config]
let _seqs = [4096, 4096, 4096, 8192, 8192, 8192, 32768]

scenario llama_models {
  report p_llama2_7b = total_params(llama2_7b_4096)
  report p_llama2_13b = total_params(llama2_13b_4096)
  report p_llama2_70b = total_params(llama2_70b_4096)
  report p_llama3_8b = total_params(llama3_8b_8192)
  report p_llama3_70b = total_params(llama3_70b_8192)
  report p_llama3_405b = total_params(llama3_405b_8192)
  report p_mixtral = total_params(mixtral_8x7b_32768)
  report active_mixtral = llama_active_params(mixtral_8x7b_config)
  report closed = sum i in range(7): if total_params(_nets[i]) == llama_params(_cfgs[i]) then 1 else 0
  report m_llama2_7b = total_macs(l7)
  report m_llama2_7b_causal = total_macs(llama2_7b(4096, causal = true))
  report m_llama2_70b = total_macs(l70)
  report m_llama3_8b = total_macs(llama3_8b_8192)
  report m_llama3_405b = total_macs(l405)
  report m_mixtral = total_macs(mx)
  // Model FLOPs of the network = seq x (6 x matmul weights + 12 l h s), exactly, full and
  // causal (6 l h (s + 1)).
  report model_closed = sum i in range(7):
    if model_flops(_nets[i]) == llama_model_flops(_cfgs[i], _seqs[i]) then 1 else 0
  report causal_closed = (if model_flops(llama2_7b(4096, causal = true)) ==
                             llama_model_flops(llama2_7b_config, 4096, causal = true) then 1 else 0) +
                         (if model_flops(mixtral_8x7b(4096, causal = true)) ==
                             llama_model_flops(mixtral_8x7b_config, 4096, causal = true) then 1 else 0)
  // 405B on 8,192 tokens: 6 x 3,584,579,705,241,600 model FLOPs, a training step's FLOPs
  // past 2^53 (so `total_train_flops`, an Int, would be an error).
  report model_llama3_405b = model_flops(l405)
  report train_past_2_53 = total_train_flops_real(l405) > 9007199254740992.0
  // Grouped-query attention of 70B (layer 2: after the embedding and an RMSNorm): Q and
  // output 8,192^2 each, K and V 8,192 x 1,024 each; MACs 4,096 x 150,994,944 + 2 x 4,096^2
  // x 8,192.
  report gqa_kind = l70.layers[2].kind == "attention"
  report gqa_params = l70.layers[2].params
  report gqa_macs = l70.layers[2].macs
  // Mixtral's MLP: layers 5 to 13 of the first block are the router, softmax, dispatch,
  // gate, silu, up, product, down and combine.
  report router_params = mx.layers[5].params
  report dispatch_rows = mx.layers[7].out[0]
  report gate_params = mx.layers[8].params
  report gate_macs = mx.layers[8].macs
  report combine_out = mx.layers[13].out[0]
  report m_mixtral_4096 = total_macs(mixtral_8x7b(4096))
  report m_mixtral_4096_cf = total_macs(llama("cf", mixtral_8x7b_config with { capacity_factor = 1.25 }, 4096))
}
// CHECK:      scenario llama_models
// CHECK-NEXT:   p_llama2_7b        = 6738415616{{$}}
// CHECK-NEXT:   p_llama2_13b       = 13015864320{{$}}
// CHECK-NEXT:   p_llama2_70b       = 68976648192{{$}}
// CHECK-NEXT:   p_llama3_8b        = 8030261248{{$}}
// CHECK-NEXT:   p_llama3_70b       = 70553706496{{$}}
// CHECK-NEXT:   p_llama3_405b      = 405853388800{{$}}
// CHECK-NEXT:   p_mixtral          = 46702792704{{$}}
// CHECK-NEXT:   active_mixtral     = 12879925248{{$}}
// CHECK-NEXT:   closed             = 7{{$}}
// CHECK-NEXT:   m_llama2_7b        = 31460635443200{{$}}
// CHECK-NEXT:   m_llama2_7b_causal = 29262149058560{{$}}
// CHECK-NEXT:   m_llama2_70b       = 303439439462400{{$}}
// CHECK-NEXT:   m_llama3_8b        = 79070347919360{{$}}
// CHECK-NEXT:   m_llama3_405b      = 3584579705241600{{$}}
// CHECK-NEXT:   m_mixtral          = 699220675788800{{$}}
// CHECK-NEXT:   model_closed       = 7{{$}}
// CHECK-NEXT:   causal_closed      = 2{{$}}
// CHECK-NEXT:   model_llama3_405b  = 2.15074782314496e+16{{$}}
// CHECK-NEXT:   train_past_2_53    = true{{$}}
// CHECK-NEXT:   gqa_kind           = true{{$}}
// CHECK-NEXT:   gqa_params         = 150994944{{$}}
// CHECK-NEXT:   gqa_macs           = 893353197568{{$}}
// CHECK-NEXT:   router_params      = 32768{{$}}
// CHECK-NEXT:   dispatch_rows      = 65536{{$}}
// CHECK-NEXT:   gate_params        = 469762048{{$}}
// CHECK-NEXT:   gate_macs          = 3848290697216{{$}}
// CHECK-NEXT:   combine_out        = 32768{{$}}
// CHECK-NEXT:   m_mixtral_4096     = 56616258895872{{$}}
// CHECK-NEXT:   m_mixtral_4096_cf  = 68161130987520{{$}}
