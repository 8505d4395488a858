// What each quantised precision moves beside its GEMMs (stdlib.megatron's cast_bytes and
// weight_quant_bytes, from the `precisions` table), for one Llama 3 70B layer on one of 4
// tensor-parallel GPUs, one sequence of 8,192 tokens: QKV 8192 x 8192 -> 2560, projection
// 8192 x 2048 -> 8192, fc1 8192 x 8192 -> 14336 (gated), fc2 8192 x 7168 -> 8192. Of the
// inputs, QKV's and fc1's come from the norm (8192 x 16384 = 134,217,728 elements), the
// projection's and fc2's do not (8192 x 9216 = 75,497,472); the output gradients are
// 8192 x 33280 = 272,629,760 elements; the weights 8192 x 26112 = 213,909,504.
// A copy per element: fp8 1 B; fp8_block 1 + 4/128 = 1.03125 B; mxfp8 1 + 1/32 = 1.03125 B;
// nvfp4 0.5 + 1/16 = 0.5625 B (weights: fp8_block 1 + 4/16384, mxfp8 1 + 1/32, nvfp4
// 0.5 + 1/256).
//   fp8 (per tensor, transposable, no amax): norm-fed inputs 1 (the transposed copy),
//   others and gradients 2 + 1 + 1 = 4:
//     fwd 134217728 x 1 + 75497472 x 4 = 436,207,616; bwd 272629760 x 4 = 1,090,519,040;
//     weights: two 1-byte copies where the update wrote one 16-bit one, 0.
//   fp8_block and mxfp8 (block scales, no transpose of quantised data): norm-fed inputs 2 +
//   1.03125 = 3.03125 (the second copy re-reads the 16-bit tensor), others and gradients
//   2 + 2 x 1.03125 = 4.0625:
//     fwd 134217728 x 3.03125 + 75497472 x 4.0625 = 713,555,968; bwd 272629760 x 4.0625 =
//     1,107,558,400; weights fp8_block 213909504 x (2 x 1.000244140625 - 2) = 104,448,
//     mxfp8 213909504 x (2 x 1.03125 - 2) = 13,369,344.
//   nvfp4 (an amax first, so nothing fused): 2 + 2 + 2 x 0.5625 = 5.125 for every input
//   and gradient:
//     fwd 209715200 x 5.125 = 1,074,790,400; bwd 272629760 x 5.125 = 1,397,227,520;
//     weights 213909504 x (4 + 2 x 0.50390625 - 2) = 643,399,680 (the amax reads the fp32
//     master weights).
//   bf16 quantises nothing.
// Only the linear layers are quantised: the score and context GEMMs are not counted.
// RUN: %ringline eval %s --digits 0 | FileCheck %s
import stdlib.megatron
import stdlib.advise_llm
import stdlib.models.llama

let m = llama_transformer("llama3_70b", llama3_70b_config, 8192)
let gs = layer_gemms(m, 1, 4)
let w = linear_weights(gs)

scenario casts {
  report fp8_fwd = cast_bytes(gs, precision_of("fp8"))[0] in B
  report fp8_bwd = cast_bytes(gs, precision_of("fp8"))[1] in B
  report fp8_w = weight_quant_bytes(w, precision_of("fp8")) in B
  report block_fwd = cast_bytes(gs, precision_of("fp8_block"))[0] in B
  report block_bwd = cast_bytes(gs, precision_of("fp8_block"))[1] in B
  report block_w = weight_quant_bytes(w, precision_of("fp8_block")) in B
  report mx_fwd = cast_bytes(gs, precision_of("mxfp8"))[0] in B
  report mx_bwd = cast_bytes(gs, precision_of("mxfp8"))[1] in B
  report mx_w = weight_quant_bytes(w, precision_of("mxfp8")) in B
  report fp4_fwd = cast_bytes(gs, precision_of("nvfp4"))[0] in B
  report fp4_bwd = cast_bytes(gs, precision_of("nvfp4"))[1] in B
  report fp4_w = weight_quant_bytes(w, precision_of("nvfp4")) in B
  report bf16 = (cast_bytes(gs, precision_of("bf16"))[0] + cast_bytes(gs, precision_of("bf16"))[1]) in B
  report linear = sum g in gs: if g.linear then 1 else 0
  report weights = w
}
// CHECK:      fp8_fwd   = 436207616 B
// CHECK-NEXT: fp8_bwd   = 1090519040 B
// CHECK-NEXT: fp8_w     = 0 B
// CHECK-NEXT: block_fwd = 713555968 B
// CHECK-NEXT: block_bwd = 1107558400 B
// CHECK-NEXT: block_w   = 104448 B
// CHECK-NEXT: mx_fwd    = 713555968 B
// CHECK-NEXT: mx_bwd    = 1107558400 B
// CHECK-NEXT: mx_w      = 13369344 B
// CHECK-NEXT: fp4_fwd   = 1074790400 B
// CHECK-NEXT: fp4_bwd   = 1397227520 B
// CHECK-NEXT: fp4_w     = 643399680 B
// CHECK-NEXT: bf16      = 0 B
// CHECK-NEXT: linear    = 4
// CHECK-NEXT: weights   = 213909504
