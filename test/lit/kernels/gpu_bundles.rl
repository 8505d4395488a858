// The GPU bundles stdlib/hardware.rl ships (DeepBench's V100, P100 and T4 in fp32 and
// fp16, and the generic gpu_any) load with this build's reader and model the six kinds
// DeepBench timed. stdlib.kernel_time takes a device's `kernels_fp16` for 2-byte
// elements, its `kernels` otherwise (also for 2-byte elements when it has no fp16 models,
// as the CPUs), `kernels_any` fed the device's peak and bandwidth for a GPU without
// models of its own, and the roofline for the A100, which has none. Past DeepBench's
// largest batch (32) a model's time is bounded below by 32's time per sample and by its
// bytes at the achieved bandwidth, and `stats` says "extrapolated". `ringline stats` and
// the V100 step of examples/v100_step.rl use them (docs/kernel-models.md, "End to end"),
// and so does `ringline advise` on ABCI's V100s with its default kernel compute.
// RUN: %ringline eval %s | FileCheck %s
// RUN: %ringline fit --show %stdlib/kernels/v100_sxm2_16gb.rlk | FileCheck %s --check-prefixes=V100,KINDS
// RUN: %ringline fit --show %stdlib/kernels/v100_sxm2_16gb_fp16.rlk | FileCheck %s --check-prefixes=HALF,KINDS
// RUN: %ringline fit --show %stdlib/kernels/p100_pcie_16gb.rlk | FileCheck %s --check-prefix=KINDS
// RUN: %ringline fit --show %stdlib/kernels/p100_pcie_16gb_fp16.rlk | FileCheck %s --check-prefix=KINDS
// RUN: %ringline fit --show %stdlib/kernels/t4.rlk | FileCheck %s --check-prefix=KINDS
// RUN: %ringline fit --show %stdlib/kernels/t4_fp16.rlk | FileCheck %s --check-prefix=KINDS
// RUN: %ringline fit --show %stdlib/kernels/gpu_any.rlk | FileCheck %s --check-prefixes=ANY,KINDS
// RUN: %ringline stats --model resnet50 --batch 64 --device v100_sxm2_16gb --format csv | FileCheck %s --check-prefix=STATS
// RUN: %ringline stats --model resnet50 --batch 64 --device a100_sxm4_40gb --format csv | FileCheck %s --check-prefix=ROOF
// RUN: %ringline eval %examples/v100_step.rl | FileCheck %s --check-prefix=STEP
// RUN: %ringline advise --model resnet50 --gpus 16 --per-gpu 32 --format csv | FileCheck %s --check-prefix=ADVISE
// RUN: %ringline advise --model resnet50 --gpus 16 --per-gpu 32 --format csv --compute roofline | FileCheck %s --check-prefix=ADVISEROOF
import stdlib.hardware
import stdlib.kernel_time
import stdlib.layers
import stdlib.models.all

let k = resnet50.layers[0].kernels[0]   // the stem's forward convolution
let f32 = concat([32], k.feats, [4])
let f16 = concat([32], k.feats, [2])
let f64 = concat([64], k.feats, [4])
let a100 = a100_sxm4_40gb
let v100 = v100_sxm2_16gb
// A 1 x 7 convolution (Inception's): DeepBench has none, so at any batch it is bounded by
// its roofline.
let rect = network("rect", [64, 17, 17], [conv2d_rect(64, 1, 7, pw = 3)]).layers[0].kernels[0]

scenario pick {
  report fp32_own = kernel_time(v100, k, 32) == mlp_predict(v100.kernels, k.kind, f32)
  report fp16_own = kernel_time(v100, k, 32, 2 B) == mlp_predict(v100.kernels_fp16, k.kind, f16)
  report fp16_differs = kernel_time(v100, k, 32, 2 B) != mlp_predict(v100.kernels, k.kind, f16)
  report cpu_fp16 = kernel_time(xeon_cpu, k, 64, 2 B) == mlp_predict(xeon_cpu.kernels, k.kind, concat([64], k.feats, [2]))
  report m40_any = kernel_time(m40, k, 32) == mlp_predict(gpu_any, k.kind, f32, 7 TFLOP/s, 288 GB/s)
  // At batch 64, past the data: the largest of the model's time, twice its time at 32 and
  // the bytes at 810 GB/s.
  report bounded = kernel_time(v100, k, 64) ==
    max(mlp_predict(v100.kernels, k.kind, f64), 2 * mlp_predict(v100.kernels, k.kind, f32),
        (64 * k.elems + k.fixed) * 4 B / (0.9 * 900 GB/s))
  report extrapolated = kernel_extrapolated(v100, k, 64) and not kernel_extrapolated(v100, k, 32)
  report one_by_n = kernel_extrapolated(v100, rect, 16) and kernel_time(v100, rect, 16) ==
    max(mlp_predict(v100.kernels, rect.kind, concat([16], rect.feats, [4])),
        roofline(16 * rect.flops * 1 FLOP, (16 * rect.elems + rect.fixed) * 4 B, v100.peak, achieved_bw(v100)))
  report a100_roofline = kernel_time(a100, k, 64) ==
    roofline(64 * k.flops * 1 FLOP, (64 * k.elems + k.fixed) * 4 B, a100.peak, achieved_bw(a100))
  report a100_opt_in = kernel_time(a100 with { kernels_any = gpu_any }, k, 64) ==
    mlp_predict(gpu_any, k.kind, f64, a100.peak, a100.membw)
  report source = kernel_modelled(m40, k) and not kernel_modelled(a100, k)
}
// CHECK:      fp32_own = true
// CHECK-NEXT: fp16_own = true
// CHECK-NEXT: fp16_differs = true
// CHECK-NEXT: cpu_fp16 = true
// CHECK-NEXT: m40_any = true
// CHECK-NEXT: bounded = true
// CHECK-NEXT: extrapolated = true
// CHECK-NEXT: one_by_n = true
// CHECK-NEXT: a100_roofline = true
// CHECK-NEXT: a100_opt_in = true
// CHECK-NEXT: source = true

// V100:      device: v100_sxm2_16gb
// V100:        precision: Float
// V100-NEXT:   libraries: CUDA 10.1.243, cuDNN 7.6.2.24, driver 418.67
// V100-NEXT:   peak_flops: 1.57e+13
// HALF:        precision: 16 bit inputs, 16 bit multiplication, 32 bit addition
// HALF:        peak_flops: 1.25e+14
// ANY:       device: generic
// ANY-NEXT:    device: cuda
// ANY-NEXT:    devices: gtx_1080_ti, m40, p100_pcie_16gb, t4, titan_x_maxwell, titan_x_pascal, titan_xp, v100_sxm2_16gb
// KINDS:      kind {{.*}} floor[us]
// KINDS-NEXT: conv2d_fwd
// KINDS-NEXT: conv2d_bwd_data
// KINDS-NEXT: conv2d_bwd_filter
// KINDS-NEXT: gemm_fwd
// KINDS-NEXT: gemm_bwd_data
// KINDS-NEXT: gemm_bwd_weight
// KINDS-EMPTY:

// Convolutions and the classifier from the V100's models, the rest from the roofline; at
// batch 64 every convolution is past DeepBench's batches, the classifier's GEMM is not.
// STATS:      1,conv2d,{{.*}},mlp extrapolated
// STATS-NEXT: 2,batchnorm,{{.*}},roofline
// STATS-NEXT: 3,relu,{{.*}},roofline
// STATS-NEXT: 4,maxpool,{{.*}},roofline
// STATS-NEXT: 5,conv2d,{{.*}},mlp extrapolated
// STATS:      dense,{{.*}},mlp,{{[0-9]+$}}
// STATS-NEXT: total,{{.*}},mixed extrapolated
// ROOF-NOT:   mlp
// ROOF:       total,{{.*}},roofline

// The documented V100 step (docs/kernel-models.md, "End to end").
// STEP:      resnet50_kernels  = 2.71107 ms
// STEP-NEXT: vgg16_kernels     = 3.53605 ms
// STEP-NEXT: alexnet_kernels   = 0.235894 ms
// STEP-NEXT: resnet50_roofline = 2.35156 ms
// STEP-NEXT: vgg16_roofline    = 6.49497 ms
// STEP-NEXT: alexnet_roofline  = 0.307709 ms
// STEP-NEXT: resnet50_ratio    = 0.86907
// STEP-NEXT: vgg16_ratio       = 0.428841
// STEP-NEXT: alexnet_ratio     = 0.386118

// ResNet-50 on 16 of ABCI's V100s, 32 samples each: 85.45 ms an iteration with the V100's
// models, 76.25 ms on the roofline alone.
// ADVISE:     16,1,data_overlap,0.085453927314{{[0-9]*}},
// ADVISEROOF: 16,1,data_overlap,0.076246168139{{[0-9]*}},
