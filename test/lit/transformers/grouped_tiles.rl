// A grouped GEMM pads each expert's rows to whole 128-row tiles (gemm_efficiency): with 64
// local experts of 4,096 x 1,536 (k 2,048) on an H100 (132 SMs, gemm 0.74, k_half 64),
//   200 rows each: 256 rows of tiles, waves 64 x 256 x 1536 / 16384 / 132 = 11.636,
//   efficiency 0.74 x 11.636/12.136 x 2048/2112 x 200/256 = 0.53751;
//   256 rows each: no padding, 0.74 x 11.636/12.136 x 2048/2112 = 0.68801.
// A GEMM that is not grouped pads nothing.
// RUN: %ringline eval %s --digits 5 | FileCheck %s
import stdlib.hardware
import stdlib.megatron

let g = Gemm { name = "fc1", m = 200, n = 1536, k = 2048, batch = 64, linear = true, grouped = true }

scenario tiles {
  report padded = gemm_efficiency(g, h100_sxm5)
  report whole = gemm_efficiency(g with { m = 256 }, h100_sxm5)
  report dense = gemm_efficiency(g with { grouped = false }, h100_sxm5) > gemm_efficiency(g, h100_sxm5)
}
// CHECK:      padded = 0.53751
// CHECK-NEXT: whole  = 0.68801
// CHECK-NEXT: dense  = true
