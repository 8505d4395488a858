// stdlib.strategies' `pipeline` on a GPT-3-sized network: 96 blocks of four dense layers on
// 2,048 tokens of width 12,288 (2.49e15 training FLOPs per sample). Cutting it into more
// than 4 stages used to stop with "an `Int` result beyond 2^53" in `stage_cuts`, whose
// running FLOP sums times the stage count were `Int`s; they are `Real`s now. The first layer
// computes no input gradient, so every cut falls one layer after a block boundary: stages
// of 49, 48, ..., 47 layers of 8 stages (cuts at 48k + 1), 24k + 1 of 16 and 6k + 1 of 64.
// The 16-stage 1F1B pipeline's forward is 32 micro-batches of its first stage, the largest
// (layers 0 to 24, 6 blocks and a layer).
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let big = network("dense_gpt3", [2048, 12288],
                  [repeat(96, chain([dense(36864), dense(12288), dense(49152), dense(12288)]))])
let s = setup(dgx_a100_pod(2)) with { compute = roofline_source, elem = 2 B }

scenario big_pipeline {
  let c8 = stage_cuts(big, 8)
  let c16 = stage_cuts(big, 16)
  let c64 = stage_cuts(big, 64)
  let plan = pipeline(big, s, 16, 32, 32, "1f1b")
  let ts = layer_times(big, s, 1)
  let first_stage = sum j in range(25): ts[j].fwd
  report layers = len(big.layers)
  report flops = total_train_flops_real(big)
  report cuts8 = c8[0] == 0 and c8[1] == 49 and c8[4] == 193 and c8[7] == 337 and c8[8] == 384
  report cuts16 = c16[1] == 25 and c16[15] == 361 and c16[16] == 384
  report cuts64 = c64[1] == 7 and c64[63] == 379 and len(c64) == 65
  report stage_fwd = abs(plan.fwd / (32 * first_stage) - 1) <= 1e-12
  report iter = plan.iter in s
}
// CHECK:      layers = 384
// CHECK-NEXT: flops = 2.49188e+15
// CHECK-NEXT: cuts8 = true
// CHECK-NEXT: cuts16 = true
// CHECK-NEXT: cuts64 = true
// CHECK-NEXT: stage_fwd = true
// CHECK-NEXT: iter = {{[0-9.]+}} s
