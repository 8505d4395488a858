// What FP8 training moves beside its GEMMs (stdlib.megatron's fp8_cast_bytes), for one
// Llama 3 70B layer on one of 4 tensor-parallel GPUs, one sequence of 8,192 tokens: QKV
// 8192 x 8192 -> 2560, projection 8192 x 2048 -> 8192, fc1 8192 x 8192 -> 14336 (gated),
// fc2 8192 x 7168 -> 8192.
//   forward: a transposed FP8 copy of each input (1 byte), and the projection's and fc2's
//   inputs read and cast first (3 more): 8192 x (8192 + 8192 + 4 x 2048 + 4 x 7168) =
//   436,207,616 B;
//   backward: each output gradient read, cast and transposed (4 bytes): 4 x 8192 x (2560 +
//   8192 + 14336 + 8192) = 1,090,519,040 B.
// Only the linear layers run in FP8: the score and context GEMMs are not counted.
// RUN: %ringline eval %s --digits 0 | FileCheck %s
import stdlib.megatron
import stdlib.advise_llm
import stdlib.models.llama

let m = llama_transformer("llama3_70b", llama3_70b_config, 8192)
let casts = fp8_cast_bytes(layer_gemms(m, 1, 4))

scenario fp8 {
  report fwd = casts[0] in B
  report bwd = casts[1] in B
  report linear = sum g in layer_gemms(m, 1, 4): if g.linear then 1 else 0
}
// CHECK:      fwd    = 436207616 B
// CHECK-NEXT: bwd    = 1090519040 B
// CHECK-NEXT: linear = 4
