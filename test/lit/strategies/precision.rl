// One precision choice (stdlib.strategies' with_precision) sets the element sizes, the
// master weights and the peak the layers' math runs at together. On an H100 (fp32 67,
// TF32 494.7, 16-bit 989.4, FP8 1978.9 TFLOP/s dense) the roofline of dense(4096) on 4096
// features, 1024 samples, the network's first layer (no input gradient): 2 x 2 x 4096^2 x
// 1024 = 68.719 GFLOP forward and backward, so 1025.7 us at fp32, 138.9 us at TF32 and
// 69.46 us at 16 bits; at FP8 (34.7 us of math) its bytes bind instead.
// Memory of its 16,781,312 parameters (SGD, no optimizer state):
//   fp32, tf32: 4 B weights + 4 B gradients = 134,250,496 B
//   bf16, fp8:  2 B + 2 B + 4 B fp32 master = 134,250,496 B; activations halve
//   amp:        4 B weights + 4 B gradients, 2-byte activations; its gradient allreduce
//               sends 4 B per parameter (67,125,248 B), bf16's 2 B (33,562,624 B).
// RUN: %ringline eval %s --digits 10 | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let net = network("gemm", [4096], [dense(4096)])
let base = setup(dgx_h100_pod(1)) with { compute = roofline_source }
fn dp(p: String) -> Plan = data_parallel(net, with_precision(base, p), 1, 1024)
fn grad_bytes(p: String) -> B = sum c in data_parallel(net, with_precision(base, p), 8, 1024).comms: c.bytes

scenario precisions {
  report fp32 = (dp("fp32").fwd + dp("fp32").bwd) in us
  report tf32 = (dp("tf32").fwd + dp("tf32").bwd) in us
  report bf16 = (dp("bf16").fwd + dp("bf16").bwd) in us
  report fp8 = (dp("fp8").fwd + dp("fp8").bwd) in us
  report mem_fp32 = dp("fp32").memory.weights + dp("fp32").memory.grads + dp("fp32").memory.optimizer
  report mem_bf16 = dp("bf16").memory.weights + dp("bf16").memory.grads + dp("bf16").memory.optimizer
  report mem_amp = dp("amp").memory.weights + dp("amp").memory.grads + dp("amp").memory.optimizer
  report act_ratio = dp("amp").memory.activations / dp("fp32").memory.activations
  report grads_amp = grad_bytes("amp")
  report grads_bf16 = grad_bytes("bf16")
  report unset = (data_parallel(net, base, 1, 1024).fwd + data_parallel(net, base, 1, 1024).bwd) in us
}
// CHECK:      fp32       = 1025.7{{[0-9]+}} us
// CHECK-NEXT: tf32       = 138.9{{[0-9]+}} us
// CHECK-NEXT: bf16       = 69.46{{[0-9]+}} us
// CHECK-NEXT: fp8        = 47.41{{[0-9]+}} us
// CHECK-NEXT: mem_fp32   = 134250496 B
// CHECK-NEXT: mem_bf16   = 134250496 B
// CHECK-NEXT: mem_amp    = 134250496 B
// CHECK-NEXT: act_ratio  = 0.5
// CHECK-NEXT: grads_amp  = 67125248 B
// CHECK-NEXT: grads_bf16 = 33562624 B
// "" keeps the device's `peak` (fp32 unless chosen).
// CHECK-NEXT: unset      = 1025.7{{[0-9]+}} us
