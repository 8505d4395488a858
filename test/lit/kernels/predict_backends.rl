// mlp_predict on param-dependent features becomes an IR `kernel` instruction. Static
// features fold in the checker to the same value the run-time call gives; the JIT (whose
// sweep predicts each box's batch values in one batched call) and the interpreter print
// the same digits, point by point and over a sweep.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: %ringline fit %S/Inputs/tiny_profile.csv -o %t/tiny.rlk --seed 1 --epochs 300 > /dev/null
// RUN: %ringline eval %t/spec.rl --backend=jit | FileCheck %s
// RUN: %ringline eval %t/spec.rl --backend=interp | FileCheck %s
// RUN: %ringline emit %t/spec.rl --emit=ir-opt | FileCheck %s --check-prefix=IR
// RUN: %ringline sweep %t/spec.rl --format csv --backend=jit > %t/jit.csv
// RUN: %ringline sweep %t/spec.rl --format csv --backend=interp > %t/interp.csv
// RUN: diff %t/jit.csv %t/interp.csv
// RUN: FileCheck %s --check-prefix=ROWS < %t/jit.csv
let b = mlp_bundle("tiny.rlk")
scenario s {
  param batch: Int = 8 in [1, 2, 4, 8, 16, 32, 64]
  param scale: Real = 1 in [1, 2, 3]
  let g = mlp_predict(b, "gemm_fwd", [batch * 128, 512, 1024, 4])
  let c = mlp_predict(b, "conv2d_fwd", [batch, 64, 56, 56, 64, 3, 3, 1, 1, 1, 1, 1, 4])
  report gemm = g in us
  report conv = c * scale in ms
  // The same features as `g` at batch 8, all constant: folded by the checker.
  report fixed = mlp_predict(b, "gemm_fwd", [1024, 512, 1024, 4]) in us
  report same = fixed == g
  report has = mlp_has(b, "conv2d_bwd_data")
}
// CHECK: scenario s
// CHECK: batch = 8
// CHECK: gemm = [[G:[0-9.e+-]+]] us
// CHECK: fixed = [[G]] us
// CHECK: same = true
// CHECK: has = false
// IR: kernel gemm_fwd ; %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}
// IR: kernel conv2d_fwd ;
// IR-NOT: kernel
// ROWS: batch,scale,gemm[us],conv[ms],fixed[us],same,has
// ROWS-COUNT-21: {{^[0-9]+,[0-9],[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,(true|false),false$}}
