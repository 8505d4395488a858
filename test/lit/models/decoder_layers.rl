// The layers of today's decoders (stdlib.layers), on shapes small enough to count by hand:
// grouped-query, causal and rotary attention, RMSNorm, SwiGLU, the mixture of experts with
// and without a capacity factor, and the per-token model FLOPs formula.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers

// Attention on T = 6 tokens of E = 16, 4 heads of 4, 2 key/value heads (K and V 8 wide, QKV
// 16 + 2 x 8 = 32 outputs), causal, no biases, rotary:
//   params 16 x (32 + 16) = 768; projections 6 x 16 x 48 = 4,608 MACs
//   pairs per head 6 x 7 / 2 = 21; scores and context 2 x 21 x 16 = 672 MACs; probs 4 x 21 = 84
//   rotary 3 x 6 x (16 + 8) = 432 FLOPs each way
//   fwd = 2 x 5,280 + 5 x 84 + 432 = 11,412; bwd_data = 2 x 4,608 + 4 x 672 + 4 x 84 + 432
//   = 12,672; bwd_weight = 9,216; act = 6 x (16 + 32) + 2 x 84 = 456
let gqa = attention(4, kv_heads = 2, causal = true, bias = false, rope = true)([6, 16])[0]
// Multi-query (1 key/value head) with biases on T = 4, E = 8, 2 heads: QKV 8 + 2 x 4 = 16
// outputs; params 8 x 24 + 24 = 216; MACs 4 x 8 x 24 + 2 x 16 x 8 = 1,024.
let mqa = attention(2, kv_heads = 1)([4, 8])[0]
// RMSNorm on [4, 8]: 8 parameters; 4, 6 and 2 FLOPs per element.
let rms = rmsnorm([4, 8])[0]
// SwiGLU 8 -> 12 -> 8 on 5 tokens: 3 x 8 x 12 = 288 parameters and 5 x 288 = 1,440 MACs.
// Forward: gate 960, silu 5 x 60, up 960, product 60, down 960 = 3,240; backward-data: the
// same but the product 2 x 60 + 40 (x sums the gradients of gate and up) = 3,340.
let ffn = swiglu(12)([5, 8])
// 4 SwiGLU experts, top 2, on 5 tokens: router 8 x 4 = 32 parameters (5 x 32 = 160 MACs),
// experts 4 x 288 = 1,152; dropless: 2 x 5 = 10 rows, 2,880 MACs. Layers: router, softmax,
// dispatch, the expert's 5, combine. Combine: (2 x 2 - 1) x 40 = 120 FLOPs forward, 3 x 2 x
// 40 = 240 backward; dispatch 10 x 8 = 80 backward.
let ex = moe(4, 2, swiglu(12))([5, 8])
// Capacity factor 1.25: ceil(1.25 x 2 x 5 / 4) = 4 slots per expert, 16 rows: 160 + 16 x 288
// = 4,768 MACs; 0.5: ceil(1.25) = 2 slots, 8 rows (2 of the 10 dropped): 2,464.
let ex125 = moe(4, 2, swiglu(12), capacity_factor = 1.25)([5, 8])
let ex05 = moe(4, 2, swiglu(12), capacity_factor = 0.5)([5, 8])

scenario decoder_layers {
  report gqa_params = gqa.params
  report gqa_macs = gqa.macs
  report gqa_fwd = gqa.fwd
  report gqa_bwd_data = gqa.bwd_data
  report gqa_bwd_weight = gqa.bwd_weight
  report gqa_act = gqa.act
  report mqa_params = mqa.params
  report mqa_macs = mqa.macs
  report rms_params = rms.params
  report rms_flops = rms.fwd + rms.bwd_data + rms.bwd_weight
  report ffn_layers = len(ffn)
  report ffn_params = sum l in ffn: l.params
  report ffn_macs = sum l in ffn: l.macs
  report ffn_fwd = sum l in ffn: l.fwd
  report ffn_bwd_data = sum l in ffn: l.bwd_data
  report ffn_out = ffn[len(ffn) - 1].out[1]
  report moe_layers = len(ex)
  report moe_params = sum l in ex: l.params
  report moe_macs = sum l in ex: l.macs
  report moe_rows = ex[2].out[0]
  report moe_combine = ex[8].fwd + ex[8].bwd_data
  report moe_dispatch = ex[2].bwd_data
  report moe_macs_125 = sum l in ex125: l.macs
  report moe_macs_05 = sum l in ex05: l.macs
  // 6 x 100 + 12 x 2 x 8 x 4 = 1,368; causal 6 x 100 + 6 x 2 x 8 x 5 = 1,080.
  report per_token = model_flops_per_token(100, 2, 8, 4)
  report per_token_causal = model_flops_per_token(100, 2, 8, 4, causal = true)
}
// CHECK:      scenario decoder_layers
// CHECK-NEXT:   gqa_params       = 768{{$}}
// CHECK-NEXT:   gqa_macs         = 5280{{$}}
// CHECK-NEXT:   gqa_fwd          = 11412{{$}}
// CHECK-NEXT:   gqa_bwd_data     = 12672{{$}}
// CHECK-NEXT:   gqa_bwd_weight   = 9216{{$}}
// CHECK-NEXT:   gqa_act          = 456{{$}}
// CHECK-NEXT:   mqa_params       = 216{{$}}
// CHECK-NEXT:   mqa_macs         = 1024{{$}}
// CHECK-NEXT:   rms_params       = 8{{$}}
// CHECK-NEXT:   rms_flops        = 384{{$}}
// CHECK-NEXT:   ffn_layers       = 5{{$}}
// CHECK-NEXT:   ffn_params       = 288{{$}}
// CHECK-NEXT:   ffn_macs         = 1440{{$}}
// CHECK-NEXT:   ffn_fwd          = 3240{{$}}
// CHECK-NEXT:   ffn_bwd_data     = 3340{{$}}
// CHECK-NEXT:   ffn_out          = 8{{$}}
// CHECK-NEXT:   moe_layers       = 9{{$}}
// CHECK-NEXT:   moe_params       = 1184{{$}}
// CHECK-NEXT:   moe_macs         = 3040{{$}}
// CHECK-NEXT:   moe_rows         = 10{{$}}
// CHECK-NEXT:   moe_combine      = 360{{$}}
// CHECK-NEXT:   moe_dispatch     = 80{{$}}
// CHECK-NEXT:   moe_macs_125     = 4768{{$}}
// CHECK-NEXT:   moe_macs_05      = 2464{{$}}
// CHECK-NEXT:   per_token        = 1368{{$}}
// CHECK-NEXT:   per_token_causal = 1080{{$}}
