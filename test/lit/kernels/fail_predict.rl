// Wrong uses of the kernel-model built-ins: an unknown kind or one the bundle has no
// model for ([no_kernel_model]), the wrong number or kind of features and arguments
// ([type_mismatch], [bad_call]).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: %ringline fit %S/Inputs/tiny_profile.csv -o %t/tiny.rlk --seed 1 --epochs 20 > /dev/null
// RUN: %ringline check --verify-diagnostics --split-input-file %t/spec.rl

let b = mlp_bundle("tiny.rlk")
// expected-error@+1 {{unknown kernel kind `gemm`; the kinds are conv2d_fwd, conv2d_bwd_data, conv2d_bwd_filter, conv3d_fwd, conv3d_bwd_data, conv3d_bwd_filter, gemm_fwd, gemm_bwd_data, gemm_bwd_weight, bn_fwd, bn_bwd, pool_fwd, pool_bwd, eltwise [no_kernel_model]}}
scenario s { report t = mlp_predict(b, "gemm", [1, 2, 3, 4]) }

// -----
let b = mlp_bundle("tiny.rlk")
// expected-error@+1 {{bundle `tiny.rlk` has no model for `pool_fwd`; guard the call with `mlp_has` [no_kernel_model]}}
scenario s { report t = mlp_predict(b, "pool_fwd", [1, 2, 3, 4, 5, 6, 7, 8, 9]) }

// -----
// expected-error@+1 {{the empty bundle has no model for `gemm_fwd`; guard the call with `mlp_has` [no_kernel_model]}}
scenario s { report t = mlp_predict(mlp_bundle(), "gemm_fwd", [1, 2, 3, 4]) }

// -----
let b = mlp_bundle("tiny.rlk")
// expected-error@+1 {{`gemm_fwd` takes 4 features (m k n dtype), got `[Int]` of 3 [type_mismatch]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3]) }

// -----
let b = mlp_bundle("tiny.rlk")
// expected-error@+1 {{feature `m` of `gemm_fwd` must be a plain number, got `B` [type_mismatch]}}
scenario s { report t = mlp_predict(b, "gemm_fwd", [1 B, 2 B, 3 B, 4 B]) }

// -----
// expected-error@+1 {{`mlp_predict` needs a kernel bundle (`Bundle`) here, got `String` [type_mismatch]}}
scenario s { report t = mlp_predict("tiny.rlk", "gemm_fwd", [1, 2, 3, 4]) }

// -----
// expected-error@+1 {{`mlp_has` takes 2 arguments, got 1 [bad_call]}}
scenario s { report t = mlp_has(mlp_bundle()) }

// -----
// expected-error@+1 {{`mlp_bundle` takes 0 or 1 arguments, got 2 [bad_call]}}
let b = mlp_bundle("a.rlk", "b.rlk")
scenario s { report t = mlp_has(b, "gemm_fwd") }

// -----
// A Bundle is a type for annotations and record fields.
fn f(b: Bundle) -> Bool = mlp_has(b, "gemm_fwd")
// expected-error@+1 {{argument `b` of `f` must be `Bundle`, got `Int` [type_mismatch]}}
scenario s { report t = f(3) }

// -----
// expected-error@+1 {{`mlp_bundle` needs a file name; `mlp_bundle()` is the bundle without models [bad_bundle]}}
let b = mlp_bundle("")
scenario s { report t = mlp_has(b, "gemm_fwd") }
