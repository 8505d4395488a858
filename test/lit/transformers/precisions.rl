// The precisions against each other (stdlib.megatron's `precisions`): GPT-3 175B on 64
// B200s at t 8, p 8, d 1, 64 sequences of 2,048 (GEMM-bound), is fastest in NVFP4, then
// MXFP8, then BF16; NVFP4's GEMMs run at B200's dense FP4 peak, with 16% of its layers in
// BF16. On 64 H100s blockwise FP8 is slower than per-tensor FP8 (its GEMMs promote the
// block scales on CUDA cores: 0.857 of the curve) and faster than BF16; on B200 the tensor
// cores apply them, so it costs only its casts. The quantised weights replace the 16-bit
// ones: NVFP4 holds about half the bytes of its linear layers' weights.
// RUN: %ringline eval %s --digits 4 | FileCheck %s
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let gpt = gpt_config("gpt3-175b", 96, 12288, 96)
let lay = Layout { tensor = 8, pipeline = 8, data = 1, micro = 1, batch = 64, sequence_parallel = true, flash = true,
                   recompute = "selective" }
let iter = fn(c: Cluster, p: String) -> s = transformer_plan(gpt, llm_setup(c), lay with { precision = p }).iter
let weights = fn(p: String) -> B = transformer_plan(gpt, llm_setup(dgx_b200_pod(8)), lay with { precision = p }).memory.weights
let b200 = dgx_b200_pod(8)
let h100 = dgx_h100_pod(8)

scenario precisions {
  report b200_fp4 = b200.device.peak_fp4 in TFLOP/s
  report gb300_fp4 = gb300.peak_fp4 in TFLOP/s
  report h100_fp4 = h100.device.peak_fp4 in TFLOP/s
  report nvfp4_before_mxfp8 = iter(b200, "nvfp4") < iter(b200, "mxfp8")
  report mxfp8_before_bf16 = iter(b200, "mxfp8") < iter(b200, "bf16")
  report mxfp8_over_bf16 = iter(b200, "mxfp8") / iter(b200, "bf16")
  report nvfp4_over_mxfp8 = iter(b200, "nvfp4") / iter(b200, "mxfp8")
  report block_after_fp8_h100 = iter(h100, "fp8_block") > iter(h100, "fp8")
  report block_before_bf16_h100 = iter(h100, "fp8_block") < iter(h100, "bf16")
  report block_over_fp8_b200 = iter(b200, "fp8_block") / iter(b200, "fp8")
  report fp8_weights_as_bf16 = weights("fp8") == weights("bf16")
  report nvfp4_weights = weights("nvfp4") / weights("bf16")
}
// CHECK:      b200_fp4               = 9000 TFLOP/s
// CHECK-NEXT: gb300_fp4              = 1.5e+04 TFLOP/s
// CHECK-NEXT: h100_fp4               = 0 TFLOP/s
// CHECK-NEXT: nvfp4_before_mxfp8     = true
// CHECK-NEXT: mxfp8_before_bf16      = true
// CHECK-NEXT: mxfp8_over_bf16        = 0.693{{0?}}
// CHECK-NEXT: nvfp4_over_mxfp8       = 0.8821
// CHECK-NEXT: block_after_fp8_h100   = true
// CHECK-NEXT: block_before_bf16_h100 = true
// CHECK-NEXT: block_over_fp8_b200    = 1.008
// CHECK-NEXT: fp8_weights_as_bf16    = true
// CHECK-NEXT: nvfp4_weights          = 0.5986
