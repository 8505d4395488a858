// The Blackwell devices and their clusters (stdlib.hardware): B200's datasheet peaks and
// fitted GEMM fraction, and the GB200 NVL72 rack as one NVLink domain of 72 GPUs: a group
// of 64 ranks runs at NVLink 5's 900 GB/s there, and over the nodes' eight 400 Gb/s NICs
// (400 GB/s together) across DGX B200s.
// RUN: %ringline eval %s --digits 6 | FileCheck %s
import stdlib.hardware
import stdlib.strategies
import stdlib.megatron

let nvl = llm_setup(gb200_nvl72_pod(2))
let dgx = llm_setup(dgx_b200_pod(16))

scenario blackwell {
  report b200_bf16 = b200.peak_fp16 in TFLOP/s
  report b200_fp8 = b200.peak_fp8 in TFLOP/s
  report b200_gemm = b200.gemm
  report gb200_bf16 = gb200.peak_fp16 in TFLOP/s
  report gb300_memory = gb300.memory in GiB
  report nvl_gpus = gpus(nvl.cluster)
  report nvl_64 = flat_group_link(nvl, 64).bw in GB/s
  report dgx_64 = flat_group_link(dgx, 64).bw in GB/s
  report dgx_8 = flat_group_link(dgx, 8).bw in GB/s
}
// CHECK:      b200_bf16    = 2250 TFLOP/s
// CHECK-NEXT: b200_fp8     = 4500 TFLOP/s
// CHECK-NEXT: b200_gemm    = 0.55
// CHECK-NEXT: gb200_bf16   = 2500 TFLOP/s
// CHECK-NEXT: gb300_memory = 288 GiB
// CHECK-NEXT: nvl_gpus     = 144
// CHECK-NEXT: nvl_64       = 900 GB/s
// CHECK-NEXT: dgx_64       = 400 GB/s
// CHECK-NEXT: dgx_8        = 900 GB/s
