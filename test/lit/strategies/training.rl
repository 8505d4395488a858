// stdlib.training's pieces against hand formulas on a toy GPU (8 x its fp32 peak in fp16:
// tensor cores; 1000 GB/s at stream 0.8, 800 GB/s achieved) with no kernel models, and the
// bound on a kernel model past its data (docs/kernel-models.md, "Whole training steps").
// RUN: %ringline eval %s --scenario pieces | FileCheck %s
// RUN: %ringline eval %s --scenario pieces --backend=interp | FileCheck %s
// A step of no samples or on no GPUs is refused (a `require`), not a time.
// RUN: %ringline sweep %s --scenario empty 2> %t.dropped | FileCheck %s --check-prefix=EMPTY
// RUN: FileCheck %s --check-prefix=DROPPED < %t.dropped
import stdlib.hardware
import stdlib.layers
import stdlib.training

let gpu = Device { name = "toy", peak_fp64 = 5 TFLOP/s, peak_fp32 = 10 TFLOP/s, peak_fp16 = 80 TFLOP/s,
                   peak_tf32 = 40 TFLOP/s, membw = 1000 GB/s, memory = 16 GiB, stream = 0.8 }
let bw = 800 GB/s
// 16 x 16 x 16 = 4096 elements after the convolutions.
let net = network("toy", [16, 16, 16], [conv2d(16, k = 3, p = 1, bias = false), batchnorm, relu,
                                          conv2d(16, k = 3, p = 1, bias = false), batchnorm, relu,
                                          global_avgpool, dense(10)])
let conv = net.layers[3]        // the second convolution: all three of its kernels run
let fw = Framework { name = "bare" }
let close = fn(a: Real, b: Real) -> Bool = abs(a / b - 1) < 1e-12

scenario pieces {
  // A tensor-core convolution: forward at 0.486 of the fp16 peak (compute-bound here:
  // 2 x 16 x 16 x 16 x 144 = 1,179,648 FLOP a sample, 8 x 4096 x 2 B of activations).
  report conv_amp = close(matmul_time(gpu, amp, conv.kernels[0], 32) / 1 s,
                          roofline(32 * 1179648 FLOP, (32 * 8192 + 2304) * 2 B, 0.486 * 80 TFLOP/s, bw) / 1 s)
  // NCHW: TF32 pays one more read and write of the 8192 elements each kernel touches.
  report transposes = close((matmul_time(gpu, tf32, conv.kernels[1], 32) -
                             matmul_time(gpu, tf32 with { layout = "nhwc" }, conv.kernels[1], 32)) / 1 s,
                            2 * 32 * 8192 * 4 B / bw / 1 s)
  // Batchnorm: 3 passes forward, 5 backward, at the achieved bandwidth.
  report bn = close(step_layer(net.layers[4], gpu, fw, fp32, 32).fwd / 1 s, 32 * 3 * 4096 * 4 B / bw / 1 s) and
              close(step_layer(net.layers[4], gpu, fw, fp32, 32).bwd / 1 s, 32 * 5 * 4096 * 4 B / bw / 1 s)
  // Fused: a ReLU launches nothing forward and reads its mask backward.
  report fused_relu = step_layer(net.layers[5], gpu, fw with { fused = true }, fp32, 32).fwd == 0 s and
                      close(step_layer(net.layers[5], gpu, fw with { fused = true }, fp32, 32).bwd / 1 s,
                            32 * 4096 * 4 B / bw / 1 s) and
                      step_layer(net.layers[5], gpu, fw with { fused = true }, fp32, 32).kernels == 0
  // Every kernel takes at least the launch: the ReLU's two at 1 ms.
  report launch = step_layer(net.layers[5], gpu, fw with { launch = 1 ms }, fp32, 1).fwd == 1 ms and
                  step_layer(net.layers[5], gpu, fw with { launch = 1 ms }, fp32, 1).kernels == 2
  // The update of the dense layer's 16 x 10 + 10 parameters (2 tensors): PyTorch's 44 B a
  // parameter and 4 B zeroed, and under AMP 8 B unscaled and 12 B cast per weight.
  report update = close(train_step(network("d", [16], [dense(10)]), gpu, pytorch with { launch = 0 s }, amp, 8).update / 1 s,
                        (170 * (44 + 4 + 8) * 1 B + 160 * 12 B + 8 * 16 * 3 B) / bw / 1 s)
  // DALI on a DGX-1: 8 threads a GPU, all 8 GPUs busy (64 threads > 40 cores): 2.2 GHz.
  report loader_full = close(loader_rate(dgx1_host, dali_cpu(8), 8) * 1 s, 8 * 2.2e9 / 16.92e6)
  // One GPU: 8 threads of 40 cores, 3.6 - 1.4 x 8 / 40 = 3.32 GHz.
  report loader_one = close(loader_rate(dgx1_host, dali_cpu(8), 1) * 1 s, 8 * 3.32e9 / 16.92e6)
  // One GPU of a cluster is train_step: no allreduce, no loader.
  report one_gpu = train_data_parallel(net, flat_cluster(gpu, edr, 1), dgx1_host, fw, fp32, no_loader, 1, 32).iter ==
                   train_step(net, gpu, fw, fp32, 32).iter
  // Two GPUs: the allreduce's HBM traffic, 6 x 1/2 x the fp32 gradient bytes.
  report nccl = close(train_data_parallel(net, flat_cluster(gpu, edr, 2), dgx1_host, fw, amp, no_loader, 2, 32).nccl / 1 s,
                      3 * total_params(net) * 4 B / bw / 1 s)
  report throughput = close(train_step(net, gpu, fw, fp32, 32).throughput * 1 s,
                            32 / (train_step(net, gpu, fw, fp32, 32).iter / 1 s))
}
// CHECK:      conv_amp    = true
// CHECK-NEXT: transposes  = true
// CHECK-NEXT: bn          = true
// CHECK-NEXT: fused_relu  = true
// CHECK-NEXT: launch      = true
// CHECK-NEXT: update      = true
// CHECK-NEXT: loader_full = true
// CHECK-NEXT: loader_one  = true
// CHECK-NEXT: one_gpu     = true
// CHECK-NEXT: nccl        = true
// CHECK-NEXT: throughput  = true

scenario empty {
  param batch: Int = 0 in [0, 4]
  param gpus: Int = 1 in [0, 1]
  report ok = train_data_parallel(net, flat_cluster(gpu, edr, 2), dgx1_host, fw, fp32, no_loader, gpus, batch).iter > 0 s
}
// EMPTY:      batch,gpus,ok
// EMPTY-NEXT: 4,1,true
// DROPPED:     ringline: 3 of 4 points dropped:
// DROPPED-DAG: 2 by "a training step's GPUs >= 1" ({{[^)]*}}stdlib/training.rl:{{[0-9]+}})
// DROPPED-DAG: 2 by "a training step's batch >= 1" ({{[^)]*}}stdlib/training.rl:{{[0-9]+}})
