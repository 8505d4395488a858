// A device-generic bundle (`ringline fit` of two devices' profiles) takes the device's
// peak and bandwidth after the features: statically folded by the checker and, with a
// param peak, an IR `kernel` instruction of 6 operands that the JIT and the interpreter
// evaluate to the same digits as the fold. A faster device is predicted faster. Wrong
// uses are [device_inputs] and [type_mismatch] (predict_generic_fail.rl).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: sed 's/^# name: .*/# name: fast/; s/^# peak_flops: .*/# peak_flops: 4e10/; s/^# mem_bw: .*/# mem_bw: 2e10/' %S/Inputs/tiny_profile.csv > %t/fast.csv
// RUN: %ringline fit %S/Inputs/tiny_profile.csv %t/fast.csv -o %t/any.rlk --kinds gemm_fwd --seed 1 --epochs 40 --folds 3 --quiet | FileCheck %s --check-prefix=FIT
// RUN: %ringline eval %t/spec.rl --backend=jit | FileCheck %s
// RUN: %ringline eval %t/spec.rl --backend=interp | FileCheck %s
// RUN: %ringline emit %t/spec.rl --emit=ir-opt | FileCheck %s --check-prefix=IR
// RUN: %ringline fit --show %t/any.rlk | FileCheck %s --check-prefix=SHOW
let b = mlp_bundle("any.rlk")
scenario s {
  param peak: FLOP/s = 10 GFLOP/s in [10 GFLOP/s, 40 GFLOP/s]
  let f = [2048, 1024, 1024, 4]
  report slow = mlp_predict(b, "gemm_fwd", f, 10 GFLOP/s, 5 GB/s) in us
  report fast = mlp_predict(b, "gemm_fwd", f, 40 GFLOP/s, 20 GB/s) in us
  report varied = mlp_predict(b, "gemm_fwd", f, peak, 5 GB/s) in us
  report same = varied == slow
  report faster = fast < slow
}
// FIT:      device: generic
// FIT-NEXT:   devices: synthetic (tiny_profile.csv, make_tiny_profile.py), fast
// FIT-NEXT:   inputs: peak_flops mem_bw after each kind's features
// FIT-NEXT: kind {{.*}}
// FIT-NEXT: gemm_fwd
// CHECK: slow = [[S:[0-9.e+-]+]] us
// CHECK: varied = [[S]] us
// CHECK: same = true
// CHECK: faster = true
// IR: kernel gemm_fwd ; %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}
// SHOW: bundle: {{.*}}any.rlk (1 models)
// SHOW-NEXT: device: generic
