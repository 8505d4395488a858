// A bundle that cannot be used is a [bad_bundle] diagnostic at the path, never a crash:
// missing, truncated (in the header or the payload), corrupted (checksum), too new, too old, or
// not a bundle at all. Paths are relative to the spec.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: %ringline fit %S/Inputs/tiny_profile.csv -o %t/tiny.rlk --seed 1 --epochs 20 > /dev/null
// RUN: %python %S/Inputs/damage_bundle.py %t/tiny.rlk %t
// RUN: not %ringline check --split-input-file %t/spec.rl 2>&1 | FileCheck %s

let b = mlp_bundle("missing.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: cannot read `{{.*}}missing.rlk`: No such file or directory [bad_bundle]
// CHECK-NEXT: let b = mlp_bundle("missing.rlk")
// CHECK-NEXT: {{^                   \^~+$}}

// -----
let b = mlp_bundle("truncated.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}truncated.rlk: truncated: the header promises {{[0-9]+}} payload bytes, {{[0-9]+}} follow [bad_bundle]

// -----
let b = mlp_bundle("header.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}header.rlk: truncated: 10 bytes, the header alone has {{[0-9]+}} [bad_bundle]

// -----
let b = mlp_bundle("flipped.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}flipped.rlk: corrupted: checksum mismatch [bad_bundle]

// -----
let b = mlp_bundle("future.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}future.rlk: bundle version 8 is newer than this ringline (7) [bad_bundle]

// -----
// Version 1 networks took other inputs: refused with what to do about it.
let b = mlp_bundle("old.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}old.rlk: bundle version 1 is older than this ringline reads (6); refit it with `ringline fit` [bad_bundle]

// -----
let b = mlp_bundle("junk.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-2]]:20: error: {{.*}}junk.rlk: not a Ringline kernel bundle [bad_bundle]

// -----
// A bundle used twice is read once and reported once.
let b = mlp_bundle("junk.rlk")
let c = mlp_bundle("junk.rlk")
scenario s { report t = mlp_predict(b, "gemm_fwd", [1, 2, 3, 4]) + mlp_predict(c, "gemm_fwd", [1, 2, 3, 4]) }
// CHECK: spec.rl:[[@LINE-3]]:20: error: {{.*}}junk.rlk: not a Ringline kernel bundle [bad_bundle]
// CHECK: spec.rl:[[@LINE-3]]:20: error: cannot load kernel bundle `{{.*}}junk.rlk` [bad_bundle]
// CHECK-NOT: error
