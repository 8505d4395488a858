// DeepSeek-V3's layout on a pipeline: the dense first layers on the first stage, the
// multi-token-prediction module counted as a layer on the last (Megatron-Core's
// pipeline_model_parallel_layout), a stage timed by its own mix of dense and mixture
// layers, the first stage's parameters and activations by its own, latent attention's
// activations, and how many nodes group-limited routing lets a token reach.
// RUN: %ringline eval %s --scenario split --digits 6 | FileCheck %s --check-prefix=SPLIT
// RUN: %ringline eval %s --scenario busiest --digits 6 | FileCheck %s --check-prefix=BUSY
// RUN: %ringline eval %s --scenario memory --digits 6 | FileCheck %s --check-prefix=MEM
// RUN: %ringline eval %s --scenario span --digits 6 | FileCheck %s --check-prefix=SPAN
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron
import stdlib.models.moe_transformers

// p = 8, v = 4: 61 layers, the embedding, the module and the loss on 32 chunks of 2; the
// first chunk (rank 0) holds the embedding and layer 0, the second (rank 1) layers 1 and 2,
// the last (rank 7) the module and the loss. p = 16: chunks of 4, rank 0 layers 0 to 2.
let l84 = Layout { tensor = 1, pipeline = 8, interleave = 4, data = 1, batch = 32 }
let l16 = Layout { tensor = 1, pipeline = 16, data = 1, batch = 32 }
scenario split {
  report accounted = accounted_split(deepseek_v3, l84)
  report first = rank_layers(deepseek_v3, l84, 0)
  report middle = rank_layers(deepseek_v3, l84, 3)
  report last = rank_layers(deepseek_v3, l84, 7)
  report total = rank_layers(deepseek_v3, l84, 0) + 6 * rank_layers(deepseek_v3, l84, 3) + rank_layers(deepseek_v3, l84, 7)
  report dense0 = rank_dense_layers(deepseek_v3, l84, 0)
  report dense1 = rank_dense_layers(deepseek_v3, l84, 1)
  report dense2 = rank_dense_layers(deepseek_v3, l84, 2)
  report dense0_p16 = rank_dense_layers(deepseek_v3, l16, 0)
  report last_p16 = rank_layers(deepseek_v3, l16, 15)
  // Without the module 61 layers split over neither 8 x 4 chunks nor 16.
  report no_mtp = accounted_split(deepseek_v3_no_mtp, l84)
}
// SPLIT:      accounted  = true{{$}}
// SPLIT-NEXT: first      = 7{{$}}
// SPLIT-NEXT: middle     = 8{{$}}
// SPLIT-NEXT: last       = 6{{$}}
// SPLIT-NEXT: total      = 61{{$}}
// SPLIT-NEXT: dense0     = 1{{$}}
// SPLIT-NEXT: dense1     = 2{{$}}
// SPLIT-NEXT: dense2     = 0{{$}}
// SPLIT-NEXT: dense0_p16 = 3{{$}}
// SPLIT-NEXT: last_p16   = 2{{$}}
// SPLIT-NEXT: no_mtp     = false{{$}}

// A small mixture of 8 layers on 4 stages of 2, its first 2 layers dense: with a dense MLP
// four times the mixture's work per token the first stage is the busiest and the iteration
// longer than with every layer a mixture; with a narrow one the last stage (two mixtures and
// the output layer) stays the busiest, its compute (fwd + bwd, the busiest stage's) what it
// is without dense layers.
let small = Transformer { name = "small", layers = 8, hidden = 1024, heads = 8, seq = 2048, vocab = 32000, ffn = 4096,
                          expert_ffn = 512, gated = true, bias = false, positions = false, tied = false, experts = 8,
                          top_k = 2, shared_experts = 1 }
let lp = Layout { tensor = 1, pipeline = 4, data = 2, micro = 1, batch = 16, precision = "bf16", flash = true }
let st = llm_setup(dgx_h100_pod(1))
let it = fn(m: Transformer) -> Real = transformer_plan(m, st, lp).iter / 1 s
let busy = fn(m: Transformer) -> Real = (transformer_plan(m, st, lp).fwd + transformer_plan(m, st, lp).bwd) / 1 s
scenario busiest {
  report wide_dense_slower = it(small with { dense_layers = 2, ffn = 4 * 3 * 512 * 4 }) > 1.05 * it(small)
  report narrow_dense_same = abs(busy(small with { dense_layers = 2, ffn = 256 }) / busy(small) - 1) < 1.0e-12
  report dense_first_only = rank_dense_layers(small with { dense_layers = 2 }, lp, 0) * 10
                            + rank_dense_layers(small with { dense_layers = 2 }, lp, 1)
  // The module's layer, projection and second output layer on the last stage.
  report mtp_slower = it(small with { mtp_layers = 1, layers = 7 }) > it(small with { layers = 7 })
}
// BUSY:      wide_dense_slower = true{{$}}
// BUSY-NEXT: narrow_dense_same = true{{$}}
// BUSY-NEXT: dense_first_only  = 20{{$}}
// BUSY-NEXT: mtp_slower        = true{{$}}

// The first stage's parameters: with p = 16 (chunks of 4 with the embedding, the module and
// the loss counted) the token table and layers 0 to 2, the dense ones; and one mixture layer's activations with latent attention (t = 1, no
// sequence parallelism, FlashAttention, no recomputation), per s b h: Korthikanti's 34, the
// mixture's 8 (3 + 6 x 2048/7168) - 19 + 6 x 2048/7168 for the shared expert, and latent
// attention's (2 x 7168 + 4 x 1536 + 2 x 576 + 2 x 512)/7168 + 4 x 128 x (192 + 128)/7168 in
// place of QKV's 2 + 8, and the logsumexp's 4 x 128/7168.
let lm = Layout { tensor = 1, pipeline = 1, data = 1, micro = 1, batch = 1, flash = true, precision = "bf16" }
scenario memory {
  report stage = stage_params(deepseek_v3, l16 with { expert = 1 })
  report by_hand = 3.0 * layer_params(dense_layer(deepseek_v3)) + 129280.0 * 7168
  // With p = 8 (and no interleaving) layers 0 to 6: 3 dense, 4 mixtures with all their experts.
  report stage_p8 = stage_params(deepseek_v3, l16 with { pipeline = 8 })
  report by_hand_p8 = 3.0 * layer_params(dense_layer(deepseek_v3)) + 4.0 * layer_params(deepseek_v3) + 129280.0 * 7168
  let sbh = 4096.0 * 7168
  let ew = 2048.0 / 7168
  report acts = layer_activations(deepseek_v3, lm) / 1 B
  report acts_by_hand = sbh * (34 + 8 * (3 + 6 * ew) - 19 + 6 * ew
                               + (2 * 7168 + 4 * 1536 + 2 * 576 + 2 * 512) / 7168.0 + 4.0 * 128 * 320 / 7168 - 10
                               + 4.0 * 128 / 7168)
  report dense_acts = layer_activations(dense_layer(deepseek_v3), lm) / 1 B
}
// MEM:      stage        = [[STAGE:[0-9.e+]+]]{{$}}
// MEM-NEXT: by_hand      = [[STAGE]]{{$}}
// MEM-NEXT: stage_p8     = [[P8:[0-9.e+]+]]{{$}}
// MEM-NEXT: by_hand_p8   = [[P8]]{{$}}
// MEM-NEXT: acts         = [[ACTS:[0-9.e+]+]]{{$}}
// MEM-NEXT: acts_by_hand = [[ACTS]]{{$}}
// MEM-NEXT: dense_acts   = {{[0-9.e+]+$}}

// DeepSeek-V3's 8 groups, 4 per token (at most 4 nodes however many hold the experts: its
// report, section 3.2.2, and 8 once a group spans 2 nodes); Kimi K2's one group (top_k 8).
scenario span {
  report ds = [route_span(deepseek_v3, n) for n in [1, 2, 4, 8, 16, 32]][3]
  report ds1 = route_span(deepseek_v3, 1)
  report ds2 = route_span(deepseek_v3, 2)
  report ds8 = route_span(deepseek_v3, 8)
  report ds16 = route_span(deepseek_v3, 16)
  report k4 = route_span(kimi_k2, 4)
  report k16 = route_span(kimi_k2, 16)
}
// SPAN:      ds   = 4{{$}}
// SPAN-NEXT: ds1  = 1{{$}}
// SPAN-NEXT: ds2  = 2{{$}}
// SPAN-NEXT: ds8  = 4{{$}}
// SPAN-NEXT: ds16 = 8{{$}}
// SPAN-NEXT: k4   = 4{{$}}
// SPAN-NEXT: k16  = 8{{$}}
