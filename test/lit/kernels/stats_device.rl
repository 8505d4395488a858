// `ringline stats --device`: each layer's predicted forward and backward time and the
// model that gave it. The device's bundle (fitted from the tiny profile) has models for
// conv2d_fwd, gemm_fwd and bn_fwd only, so those layers are "mixed" (their backward
// kernels fall back to the roofline), the ReLU is "roofline" (no eltwise model) and so is
// the flatten (no kernels). A layer's forward time is exactly mlp_predict on its features,
// or for the dense layer's GEMM, which no algorithm shortens, its FLOPs at the peak where
// the model promises less (2 x 8 x 16384 x 10 FLOP at 10 GFLOP/s).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/spec.rl
// RUN: %ringline fit %S/Inputs/tiny_profile.csv -o %t/tiny.rlk --seed 1 --epochs 300 > /dev/null
// RUN: %ringline eval %t/spec.rl --digits=0 > %t/out.txt
// RUN: %ringline stats %t/spec.rl --model net --device toy --batch 8 --format csv >> %t/out.txt
// RUN: FileCheck %s < %t/out.txt
// RUN: %ringline stats %t/spec.rl --model net --device toy --batch 8 | FileCheck %s --check-prefix=TABLE
// RUN: %ringline stats %t/spec.rl --model net --device toy --batch 8 --format json | FileCheck %s --check-prefix=JSON
// RUN: not %ringline stats %t/spec.rl --model net --device nowhere 2>&1 | FileCheck %s --check-prefix=NODEV
// RUN: not %ringline stats %t/spec.rl --model net --device net 2>&1 | FileCheck %s --check-prefix=NOTDEV
// RUN: %ringline stats %t/spec.rl --model net --device h100_sxm5 --batch 8 | FileCheck %s --check-prefix=HW
import stdlib.layers
import stdlib.hardware

let toy = Device { name = "toy", peak_fp64 = 5 GFLOP/s, peak_fp32 = 10 GFLOP/s, peak_fp16 = 10 GFLOP/s,
                   membw = 5 GB/s, memory = 1 GB, kernels = mlp_bundle("tiny.rlk") }
let net = network("toy", [3, 32, 32], [conv2d(16, 3, p = 1), batchnorm, relu, flatten, dense(10)])

scenario check {
  report conv_fwd = mlp_predict(toy.kernels, "conv2d_fwd", [8, 3, 32, 32, 16, 3, 3, 1, 1, 1, 1, 1, 4]) in s
  report dense_fwd = max(mlp_predict(toy.kernels, "gemm_fwd", [8, 16384, 10, 4]),
                        2 * 8 * 16384 * 10 FLOP / (10 GFLOP/s)) in s
  // The ReLU's forward on the roofline: 8 x 16384 elements read and written, 4 B each.
  report relu_fwd = roofline(8 * 16384 FLOP, 2 * 8 * 16384 * 4 B, 10 GFLOP/s, 5 GB/s) in s
}
// CHECK: conv_fwd = [[CONV:[0-9.e+-]+]] s
// CHECK: dense_fwd = [[DENSE:[0-9.e+-]+]] s
// CHECK: relu_fwd = [[RELU:[0-9.e+-]+]] s
// CHECK: layer,kind,output,params,macs,fwd_flops[FLOP],bwd_flops[FLOP],act_bytes[B],fwd_time[s],bwd_time[s],model,traffic[B]
// CHECK-NEXT: 1,conv2d,"[16, 32, 32]",448,{{[0-9]+}},{{[0-9]+}},{{[0-9]+}},{{[0-9]+}},[[CONV]],{{[0-9.e+-]+}},mixed
// CHECK-NEXT: 2,batchnorm,{{.*}},mixed
// CHECK-NEXT: 3,relu,{{.*}},[[RELU]],{{[0-9.e+-]+}},roofline
// CHECK-NEXT: 4,flatten,{{.*}},roofline
// CHECK-NEXT: 5,dense,[10],163850,{{.*}},[[DENSE]],{{[0-9.e+-]+}},mixed
// CHECK-NEXT: total,{{.*}},mixed
// TABLE: toy (batch 8, on toy)
// TABLE: layer  kind {{.*}} fwd_time [s]  bwd_time [s]  model
// JSON: "device":"toy"
// JSON: "totals":{"params":{{[0-9]+}},{{.*}}"fwd_time":{{[0-9.e+-]+}},"bwd_time":{{[0-9.e+-]+}},"model":"mixed","traffic":{{[0-9]+}}}
// NODEV: ringline: error: no device `nowhere` in {{.*}}spec.rl or stdlib.hardware
// NOTDEV: ringline: error: `net` is not a `Device` (see stdlib/hardware.rl)
// A stdlib device without a bundle: everything on the roofline.
// HW: toy (batch 8, on H100-SXM5-80GB)
// HW: total{{.*}}roofline
