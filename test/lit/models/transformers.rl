// GPT-2 small and BERT-base (stdlib.models.transformer): parameters and MACs per sequence
// at two sequence lengths, and output shapes; all derived by hand below.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers
import stdlib.models.transformer

// Conventions: MACs count every matmul as run by dense kernels, per sequence of T tokens:
// Q, K, V and output projections 4*T*E^2, scores Q.K^T and context P.V T^2*E each (full
// T x T, no causal halving), feed-forward 2*T*E*FF. Parameters count each tensor once.
//
// GPT-2 small: E = 768, 12 layers, FF = 3072, vocabulary V = 50,257, 1,024 positions.
//   token embedding V*E = 38,597,376; position table 1,024*E = 786,432
//   per block: ln 2E = 1,536; c_attn E*3E + 3E = 1,771,776; c_proj E*E + E = 590,592;
//              ln 1,536; c_fc E*FF + FF = 2,362,368; c_proj FF*E + E = 2,360,064
//              = 7,087,872; x 12 = 85,054,464
//   final ln 1,536; the output head is tied to the token embedding: no new parameters
//   total 124,439,808 (Hugging Face's count for `gpt2`)
//   MACs: per block 12*T*E^2 + 2*T^2*E, head T*E*V
//     T = 1024: 12 * (7,247,757,312 + 1,610,612,736) + 39,523,713,024 = 145,824,153,600
//     T = 128:  12 * (905,969,664 + 25,165,824) + 4,940,464,128 = 16,114,089,984
//
// BERT-base: E = 768, 12 layers, FF = 3072, vocabulary 30,522, 512 positions, 2 token types.
//   embeddings: words 23,440,896 + positions 393,216 + token types 1,536 + ln 1,536
//               = 23,837,184
//   per layer: Q, K, V, O 4*(E^2 + E) = 2,362,368; ln 1,536; FF 2,362,368 + 2,360,064;
//              ln 1,536 = 7,087,872; x 12 = 85,054,464
//   pooler (dense on the [CLS] token) E^2 + E = 590,592
//   total 109,482,240 (BertModel with pooler, no pre-training heads)
//   MACs: per layer 12*T*E^2 + 2*T^2*E, pooler E^2
//     T = 512: 12 * (3,623,878,656 + 402,653,184) + 589,824 = 48,318,971,904
//     T = 128: 12 * (905,969,664 + 25,165,824) + 589,824 = 11,174,215,680
scenario transformers {
  report gpt2_params = total_params(gpt2_small_1024)
  report gpt2_macs = total_macs(gpt2_small_1024)
  report gpt2_params_128 = total_params(gpt2_small(128))
  report gpt2_macs_128 = total_macs(gpt2_small(128))
  report gpt2_logits_t = gpt2_small_1024.layers[len(gpt2_small_1024.layers) - 1].out[0]
  report gpt2_logits_v = gpt2_small_1024.layers[len(gpt2_small_1024.layers) - 1].out[1]
  report gpt2_head_params = gpt2_small_1024.layers[len(gpt2_small_1024.layers) - 1].params
  report bert_params = total_params(bert_base_512)
  report bert_macs = total_macs(bert_base_512)
  report bert_params_128 = total_params(bert_base(128))
  report bert_macs_128 = total_macs(bert_base(128))
  report bert_embed_t = bert_base_512.layers[0].out[0]
  report bert_embed_e = bert_base_512.layers[0].out[1]
  report bert_pooled = bert_base_512.layers[len(bert_base_512.layers) - 1].out[0]
}
// CHECK:      scenario transformers
// CHECK-NEXT:   gpt2_params      = 124439808{{$}}
// CHECK-NEXT:   gpt2_macs        = 145824153600{{$}}
// CHECK-NEXT:   gpt2_params_128  = 124439808{{$}}
// CHECK-NEXT:   gpt2_macs_128    = 16114089984{{$}}
// CHECK-NEXT:   gpt2_logits_t    = 1024{{$}}
// CHECK-NEXT:   gpt2_logits_v    = 50257{{$}}
// CHECK-NEXT:   gpt2_head_params = 0{{$}}
// CHECK-NEXT:   bert_params      = 109482240{{$}}
// CHECK-NEXT:   bert_macs        = 48318971904{{$}}
// CHECK-NEXT:   bert_params_128  = 109482240{{$}}
// CHECK-NEXT:   bert_macs_128    = 11174215680{{$}}
// CHECK-NEXT:   bert_embed_t     = 512{{$}}
// CHECK-NEXT:   bert_embed_e     = 768{{$}}
// CHECK-NEXT:   bert_pooled      = 768{{$}}
