// A precision the device lacks, or one with_precision does not know, is an error at the
// call that asks for it.
// RUN: not %ringline check %s 2>&1 | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let net = network("gemm", [4096], [dense(4096)])
// An A100 has no FP8 tensor cores.
scenario no_fp8 { report t = data_parallel(net, with_precision(setup(dgx_a100_pod(1)), "fp8"), 1, 64).iter }
// CHECK: fail_precision.rl:[[@LINE-1]]:{{[0-9]+}}: error: A100-SXM4-40GB has no FP8 tensor cores (its peak_fp8 is 0); use bf16 or amp [user_error]
scenario bad_name { report t = data_parallel(net, with_precision(setup(dgx_a100_pod(1)), "fp12"), 1, 64).iter }
// CHECK: fail_precision.rl:[[@LINE-1]]:{{[0-9]+}}: error: precision is "fp32", "tf32", "fp16", "bf16", "amp" or "fp8", not "fp12" [user_error]
