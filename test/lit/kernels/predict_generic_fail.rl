// Wrong uses of a device-generic bundle: no device numbers, device numbers for a
// per-device bundle ([device_inputs]), numbers of the wrong unit ([type_mismatch]), four
// arguments ([bad_call]).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: sed 's/^# name: .*/# name: fast/; s/^# peak_flops: .*/# peak_flops: 4e10/' %S/Inputs/tiny_profile.csv > %t/fast.csv
// RUN: %ringline fit %S/Inputs/tiny_profile.csv %t/fast.csv -o %t/any.rlk --kinds gemm_fwd --epochs 5 --folds 2 --quiet > %t/fit.txt
// RUN: %ringline fit %S/Inputs/tiny_profile.csv -o %t/one.rlk --kinds gemm_fwd --epochs 5 --folds 2 --quiet > %t/fit.txt
// RUN: %ringline check --verify-diagnostics --split-input-file %t/spec.rl

let b = mlp_bundle("any.rlk")
// expected-error@+1 {{bundle `any.rlk` models any device from its numbers: give the device's peak and memory bandwidth, `mlp_predict(bundle, kind, features, peak, membw)` [device_inputs]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }

// -----
let b = mlp_bundle("one.rlk")
// expected-error@+1 {{bundle `one.rlk` models one device; it takes no peak and bandwidth [device_inputs]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4], 1 TFLOP/s, 1 GB/s) }

// -----
let b = mlp_bundle("any.rlk")
// expected-error@+1 {{`mlp_predict` needs the device's memory bandwidth (B/s) here, got `FLOP/s` [type_mismatch]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4], 1 TFLOP/s, 1 TFLOP/s) }

// -----
let b = mlp_bundle("any.rlk")
// expected-error@+1 {{`mlp_predict` takes 5 arguments, got 4 [bad_call]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4], 1 TFLOP/s) }
