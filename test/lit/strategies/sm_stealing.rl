// stdlib.training's data parallelism on 4 DGX A100 nodes over HDR, VGG-16 in fp32, 64
// images a GPU: 8.19 ms of allreduces, 8.02 ms of them during the 211.8 ms backward pass.
// While they overlap it, NCCL's 24 CTAs a GPU (Node.comm_ctas) hold 24 of the A100's 108 SMs, so the
// backward's SM-bound share (the step's convolution and GEMM share) of the overlapped
// time takes 108 / 84 as long. `stolen` is that formula, by hand from the step's own
// reports; without CTAs (comm_ctas = 0) nothing is stolen and the step is shorter by it.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.training
import stdlib.models.vgg

let four = Cluster { name = "4 x DGX A100", node = dgx_a100, nodes = 4 }
let none = Cluster { name = "4 x DGX A100, no CTAs", node = dgx_a100 with { comm_ctas = 0 }, nodes = 4 }

scenario stealing {
  let s = train_data_parallel(vgg16, four, dgx_a100_host, pytorch, fp32, no_loader, 32, 64)
  let z = train_data_parallel(vgg16, none, dgx_a100_host, pytorch, fp32, no_loader, 32, 64)
  let overlap = min(max(s.comm - s.exposed, 0 s), s.bwd)
  report stolen = s.stolen in ms
  report overlap_ms = overlap in ms
  report by_hand = abs(s.stolen - overlap * s.matmul / (s.fwd + s.bwd) * 24 / 84) < 1e-12 s
  report bwd_ms = s.bwd in ms
  report comm_ms = s.comm in ms
  report exposed_ms = s.exposed in ms
  report without = z.stolen in ms
  report difference = abs((s.iter - z.iter) - s.stolen) < 1e-12 s
}
// CHECK: stolen {{ *}}= 2.179{{[0-9]*}} ms
// CHECK: overlap_ms {{ *}}= 8.024{{[0-9]*}} ms
// CHECK: by_hand {{ *}}= true
// CHECK: bwd_ms {{ *}}= 211.78{{[0-9]*}} ms
// CHECK: comm_ms {{ *}}= 8.189{{[0-9]*}} ms
// CHECK: without {{ *}}= 0 ms
// CHECK: difference {{ *}}= true
