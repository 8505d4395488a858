// DeepSeek-V3, Kimi K2, Mixtral 8x22B and Nemotron-4 (stdlib.models.moe_transformers,
// stdlib.models.nemotron) against their published parameter counts, and one latent-attention
// layer's FLOPs against the hand count.
//   DeepSeek-V3 (DeepSeek-V3 report, section 4.2; README: "685B ... 671B of the Main Model
//   weights and 14B of the Multi-Token Prediction (MTP) Module weights"): the 61 layers, the
//   embedding, the output layer and the final norm give 671,026,404,352, which rounds to
//   671B. The prediction module (a mixture layer, the projection 2h x h, three norms and the
//   copies of the embedding and output layer its checkpoint stores) adds 13,463,426,048,
//   published as 14B (13.46B rounded up); the checkpoint's 684,489,830,400 is the "685B" of
//   671B + 14B. The routers' score-correction biases (256 per mixture layer, updated by the
//   balancing rule, not by gradients) are not parameters and are not counted.
//   Kimi K2 (model card: "1T total parameters"): 1,026,408,209,408, 1T rounded.
//   Mixtral 8x22B (Hugging Face: 141B): 140,620,634,112.
//   Nemotron-4 340B (report, Table 1: 9.4B embedding, 331.6B non-embedding): embeddings
//   9,437,184,000, layers 331,591,974,912 (341,029,195,776 with the final LayerNorm).
//   Nemotron-4 15B (report: 12.5B non-embedding, 3.2B embedding): layers 12,483,035,136;
//   embeddings 2 x 256,000 x 6,144 = 3,145,728,000 (3.1B; the report rounds it to 3.2B).
// One DeepSeek-V3 mixture layer for one 4,096-token sequence (T = 4,096, h = 7,168), forward:
//   q down 2T 1536 h + q up 2T (128 x 192) 1536 + kv down 2T 576 h + kv up 2T (128 x 256) 512
//   + scores 2 x 128 x 4096² x 192 + context 2 x 128 x 4096² x 128 + output 2T h (128 x 128)
//   + routed fc1 2T 8 (2 x 2048) h + fc2 2T 8 h 2048 + router 2T 256 h
//   + shared fc1 2T (2 x 2048) h + fc2 2T h 2048 = 6,169,183,649,792 (the core, 2 x 128 x
//   4096² x (192 + 128) = 1,374,389,534,720, of it);
//   a dense first layer, the MLP 2T (2 x 18432) h + 2T h 18432: 6,154,151,264,256.
// RUN: %ringline eval %s --scenario params --digits 0 | FileCheck %s --check-prefix=CHECK
// RUN: %ringline eval %s --scenario flops --digits 0 | FileCheck %s --check-prefix=FLOPS
import stdlib.megatron
import stdlib.models.moe_transformers
import stdlib.models.nemotron

let b9 = fn(x: Int) -> Int = floor(x / 1.0e9 + 0.5)

scenario params {
  report dsv3 = checkpoint_params(deepseek_v3)
  report dsv3_main = checkpoint_params(deepseek_v3_no_mtp)
  report dsv3_main_b = b9(checkpoint_params(deepseek_v3_no_mtp))
  report dsv3_mtp = checkpoint_params(deepseek_v3) - checkpoint_params(deepseek_v3_no_mtp)
  report dsv3_mtp_b = ceil((checkpoint_params(deepseek_v3) - checkpoint_params(deepseek_v3_no_mtp)) / 1.0e9)
  // Training shares the embedding and output layer with the module: 1,853,358,080 fewer.
  report dsv3_trained = transformer_params(deepseek_v3)
  report kimi = checkpoint_params(kimi_k2)
  report kimi_t = floor(checkpoint_params(kimi_k2) / 1.0e12 + 0.5)
  report mixtral = checkpoint_params(mixtral_8x22b)
  report mixtral_b = b9(checkpoint_params(mixtral_8x22b))
  report n340 = checkpoint_params(nemotron4_340b)
  report n340_emb = embedding_params(nemotron4_340b)
  report n340_layers = layers_params(nemotron4_340b)
  report n15 = checkpoint_params(nemotron4_15b)
  report n15_layers = layers_params(nemotron4_15b)
}
// CHECK-LABEL: scenario params
// CHECK-NEXT: dsv3         = 684489830400{{$}}
// CHECK-NEXT: dsv3_main    = 671026404352{{$}}
// CHECK-NEXT: dsv3_main_b  = 671{{$}}
// CHECK-NEXT: dsv3_mtp     = 13463426048{{$}}
// CHECK-NEXT: dsv3_mtp_b   = 14{{$}}
// CHECK-NEXT: dsv3_trained = 682636465152{{$}}
// CHECK-NEXT: kimi         = 1026408209408{{$}}
// CHECK-NEXT: kimi_t       = 1{{$}}
// CHECK-NEXT: mixtral      = 140620634112{{$}}
// CHECK-NEXT: mixtral_b    = 141{{$}}
// CHECK-NEXT: n340         = 341029195776{{$}}
// CHECK-NEXT: n340_emb     = 9437184000{{$}}
// CHECK-NEXT: n340_layers  = 331591974912{{$}}
// CHECK-NEXT: n15          = 15628775424{{$}}
// CHECK-NEXT: n15_layers   = 12483035136{{$}}

scenario flops {
  report moe_layer = layer_flops(deepseek_v3, 1)
  report dense_layer = layer_flops(dense_layer(deepseek_v3), 1)
  // The core's query/key heads of 192 and value heads of 128.
  report core = core_flops(deepseek_v3, 1)
  report qk = qk_head_dim(deepseek_v3)
  report v = v_head_dim(deepseek_v3)
  // Model FLOPs: 3 dense and 58 mixture layers, the module's layer, projection and second
  // output layer, the output layer: 3 (3 dense + 59 moe + 2 x 2T 129280 h + 2T h 2h).
  report model = flops_model(deepseek_v3, 1)
  report by_hand = 3.0 * (3 * 6154151264256.0 + 59 * 6169183649792.0 + 2 * 2.0 * 4096 * 129280 * 7168
                          + 2.0 * 4096 * 7168 * 2 * 7168)
  // Tensor parallelism splits the up-projections, not the down-projections.
  report q_down_t8 = layer_gemms(deepseek_v3, 1, 8)[0].n
  report q_up_t8 = layer_gemms(deepseek_v3, 1, 8)[1].n
  report kv_down_t8 = layer_gemms(deepseek_v3, 1, 8)[2].n
  report kv_up_t8 = layer_gemms(deepseek_v3, 1, 8)[3].n
  // ...and sequence parallelism gives each GPU its share of the down-projections' tokens.
  report q_down_rows_sp = layer_gemms(deepseek_v3, 1, 8, sp = true)[0].m
  // DeepSeek-V2-Lite's direct query projection (no q_lora).
  report q_proj = len(attention_gemms(deepseek_v3 with { q_lora = 0 }, 1, 1))
}
// FLOPS-LABEL: scenario flops
// FLOPS-NEXT: moe_layer      = 6169183649792{{$}}
// FLOPS-NEXT: dense_layer    = 6154151264256{{$}}
// FLOPS-NEXT: core           = 1374389534720{{$}}
// FLOPS-NEXT: qk             = 192{{$}}
// FLOPS-NEXT: v              = 128{{$}}
// FLOPS-NEXT: model          = [[MODEL:[0-9]+]]{{$}}
// FLOPS-NEXT: by_hand        = [[MODEL]]{{$}}
// FLOPS-NEXT: q_down_t8      = 1536{{$}}
// FLOPS-NEXT: q_up_t8        = 3072{{$}}
// FLOPS-NEXT: kv_down_t8     = 576{{$}}
// FLOPS-NEXT: kv_up_t8       = 4096{{$}}
// FLOPS-NEXT: q_down_rows_sp = 512{{$}}
// FLOPS-NEXT: q_proj         = 3{{$}}
