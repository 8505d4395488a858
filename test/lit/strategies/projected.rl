// Compute "projected" (stdlib.kernel_time's projected_kernel_time): a what-if node's
// kernel time is the measured device's model scaled by the kernel's roofline on the two
// devices. On epyc_cpu (peak 192.75 GFLOP/s, 39.7 GB/s) with 8 samples:
//   conv2d_fwd of conv2d(32, 3, p = 1) on [16, 32, 32]: 75,497,472 FLOP and 1,591,296 B,
//     compute-bound on both nodes, so twice the FLOP/s halves it and twice the bandwidth
//     leaves it;
//   bn_fwd of the batchnorm after it: 5 FLOP per 8 B, memory-bound, the other way round.
// A device without a bundle projects to the roofline of the what-if device; at the
// measured device's own peaks the projection is the kernel model, to the last bit.
// flat_cluster: one device per node, so a gradient allreduce over 4 nodes is one flat ring
// on the link: 2 (p - 1)(lat + n / (p bw)) per layer, by hand for dense(4) and dense(2) on 8
// features (144 B and 40 B of gradients) over 1 GB/s, 10 us: 6 (10 us + 36 ns) +
// 6 (10 us + 10 ns) = 120.276 us.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.kernel_time
import stdlib.strategies

let net = network("c", [16, 32, 32], [conv2d(32, 3, p = 1), batchnorm, relu])
let conv = net.layers[0].kernels[0]
let bn = net.layers[1].kernels[0]
let fast = epyc_cpu with { peak = 2 * epyc_cpu.peak }
let wide = epyc_cpu with { membw = 2 * epyc_cpu.membw }
// A GPU without kernel models (the V100's record without its DeepBench bundles).
let v100_bare = v100_sxm2_16gb with { kernels = mlp_bundle(), kernels_fp16 = mlp_bundle(), kernels_any = mlp_bundle() }
let v100x2 = v100_bare with { peak = 2 * v100_sxm2_16gb.peak }

fn close(ratio: Real) -> Bool = abs(ratio - 1) <= 1e-12
fn ratio(d: Device, k: Kernel) -> Real = projected_kernel_time(epyc_cpu, d, k, 8) / kernel_time(epyc_cpu, k, 8)
fn layer_sum(t: LayerTime) -> s = t.fwd + t.bwd

let tiny = network("tiny", [8], [dense(4), relu, dense(2)])
let flat = setup(flat_cluster(v100_sxm2_16gb, Link { bw = 1 GB/s, lat = 10 us }, 4)) with {
  compute = Compute { source = "measured", sample_time = 1 ms }, bucket = 0 B, overlap = false }

scenario projected {
  report conv_kinds = conv.kind == "conv2d_fwd" and bn.kind == "bn_fwd"
  report conv_flops = close(conv.flops * 8 / 75497472) and close(((conv.elems * 8 + conv.fixed) * 4) / 1591296)
  report conv_fast = close(ratio(fast, conv) / 0.5)
  report conv_wide = close(ratio(wide, conv))
  report bn_fast = close(ratio(fast, bn))
  report bn_wide = close(ratio(wide, bn) / 0.5)
  report same_node = layer_sum(projected_layer_time(net.layers[0], epyc_cpu, epyc_cpu, 8))
                     == layer_sum(layer_time(net.layers[0], epyc_cpu, 8))
  report source = projected_layer_time(net.layers[0], epyc_cpu, fast, 8).source == "mlp"
  report no_bundle = layer_sum(projected_layer_time(net.layers[0], v100_bare, v100x2, 8))
                     == layer_sum(layer_time(net.layers[0], v100x2, 8))
  // Through a Setup: the cluster's device is the measured one unless base_device says.
  let s = setup(flat_cluster(epyc_cpu, edr, 1)) with { device = fast, compute = projected_source }
  let plan = serial(net, s, 8)
  report plan_time = close((plan.fwd + plan.bwd) / (sum l in net.layers: layer_sum(projected_layer_time(l, epyc_cpu, fast, 8))))
  report plan_faster = plan.fwd + plan.bwd < (sum l in net.layers: layer_sum(layer_time(l, epyc_cpu, 8)))
  report flat_comm = data_parallel(tiny, flat, 4, 10).comm in us
  report flat_hand = close(data_parallel(tiny, flat, 4, 10).comm / 120.276 us)
}
// CHECK: conv_kinds = true
// CHECK-NEXT: conv_flops = true
// CHECK-NEXT: conv_fast = true
// CHECK-NEXT: conv_wide = true
// CHECK-NEXT: bn_fast = true
// CHECK-NEXT: bn_wide = true
// CHECK-NEXT: same_node = true
// CHECK-NEXT: source = true
// CHECK-NEXT: no_bundle = true
// CHECK-NEXT: plan_time = true
// CHECK-NEXT: plan_faster = true
// CHECK-NEXT: flat_comm = 120.276 us
// CHECK-NEXT: flat_hand = true
