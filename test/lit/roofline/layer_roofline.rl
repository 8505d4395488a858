// The roofline report of a layer on a device: intensity, attainable FLOP/s, binding roof, time.
// RUN: %ringline eval %s --digits=0 | FileCheck %s
import stdlib.roofline
import stdlib.layers
import stdlib.hardware

// conv 3->64, k=3, p=1 on 3x32x32 (bias): 64*27 = 1728 weights + 64 bias;
// MACs 1728 * 1024 = 1769472 per sample; fwd = 2*MACs + 64*1024 bias adds = 3604480.
let net = network("n", [3, 32, 32], [conv2d(64, k = 3, p = 1), relu])
// traffic per sample: 3072 in + 65536 out elements; weights 1792 once; fp32.
let conv = layer_roofline(net.layers[0], v100_sxm2_16gb, 256)
let act = layer_roofline(net.layers[1], v100_sxm2_16gb, 256)

scenario roof {
  report conv_work = conv.work in GFLOP
  report conv_traffic = conv.traffic in MB
  report conv_intensity = conv.intensity in FLOP/B
  report conv_bound = conv.compute_bound
  report conv_time = conv.time in us
  report relu_bound = act.compute_bound
  report relu_attainable = act.attainable in GFLOP/s
}
// 256 * 3604480 = 922746880 FLOP
// CHECK: conv_work       = 0.92274688 GFLOP
// reads per sample: 3072 input + 1792 weights; weights move once: (256 * (3072 + 65536) + 1792) * 4
// = 70261760 B
// CHECK: conv_traffic    = 70.26176 MB
// 922746880 / 70261760 = 13.1329884...
// CHECK: conv_intensity  = 13.13298841
// 13.1 FLOP/B x 900 GB/s = 11.8 TFLOP/s < 15.7 TFLOP/s: the memory roof binds.
// CHECK: conv_bound      = false
// time = 70261760 B / 900 GB/s = 78.0686222... us
// CHECK: conv_time       = 78.06862222
// relu: 1 FLOP per element, 8 bytes per element: intensity 1/8, 112.5 GFLOP/s attainable.
// CHECK: relu_bound      = false
// CHECK: relu_attainable = 112.5 GFLOP/s
