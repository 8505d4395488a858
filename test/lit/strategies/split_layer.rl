// split_layer divides a layer's parameters where the split cuts the weights (filter,
// channel) and keeps them where it replicates them (height), so a tensor split written
// by hand holds 1/p of the weights per GPU, with their gradients and optimizer state.
// The net: conv2d(4, 3, p = 1) on [3, 8, 8] (4 x 3 x 9 + 4 = 112 parameters, reads the
// 192-element input and its weights), relu, flatten, dense(10) (256 x 10 + 10 = 2570).
//   filter on 4: the conv holds ceil(112 / 4) = 28 and reads 192 / 4 + 28 = 76; the dense
//     layer ceil(2570 / 4) = 643; height on 4 keeps all 112.
//   a hand split of both on 2: 56 + 1285 = 1341 parameters per GPU, 5364 B of fp32
//     weights, as many of gradients and 2 x 5364 B of Adam's moments, the weights
//     filter_parallel counts; a height split keeps the 2682 of the whole net.
//   a split dense layer without kernels (the roofline of its counts) reads per sample its
//     share of the input and writes its share of the output, 64 + 3, and its 643 weights
//     once: 8 x 67 + 643 = 1179 elements for 8 samples.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.roofline
import stdlib.strategies

let net = network("n", [3, 8, 8], [conv2d(4, 3, p = 1), relu, flatten, dense(10)])
let conv = net.layers[0]
let fc = net.layers[3]
let s = setup(dgx1_pod(1)) with { optimizer = adam }

fn split_net(axis: String, p: Int) -> Network =
  net with { layers = [if splittable(l) then split_layer(l, axis, p) else l for l in net.layers] }

scenario split {
  let by_hand = serial(split_net("filter", 2), s, 8)
  let slabs = serial(split_net("height", 2), s, 8)
  let filter = filter_parallel(net, s, 2, 8)
  report conv_filter = split_layer(conv, "filter", 4).params
  report conv_channel = split_layer(conv, "channel", 4).params
  report conv_height = split_layer(conv, "height", 4).params
  report conv_reads = split_layer(conv, "filter", 4).reads
  report fc_filter = split_layer(fc, "filter", 4).params
  report hand_params = total_params(split_net("filter", 2))
  report hand_weights = by_hand.memory.weights in B
  report hand_grads = by_hand.memory.grads in B
  report hand_optimizer = by_hand.memory.optimizer in B
  report same_as_filter = by_hand.memory.weights == filter.memory.weights
  report height_weights = slabs.memory.weights in B
  report fc_traffic = layer_roofline(split_layer(fc with { kernels = [] }, "filter", 4), s.device, 8).traffic / 4 B
}
// CHECK:      conv_filter {{ *}}= 28
// CHECK-NEXT: conv_channel {{ *}}= 28
// CHECK-NEXT: conv_height {{ *}}= 112
// CHECK-NEXT: conv_reads {{ *}}= 76
// CHECK-NEXT: fc_filter {{ *}}= 643
// CHECK-NEXT: hand_params {{ *}}= 1341
// CHECK-NEXT: hand_weights {{ *}}= 5364 B
// CHECK-NEXT: hand_grads {{ *}}= 5364 B
// CHECK-NEXT: hand_optimizer {{ *}}= 10728 B
// CHECK-NEXT: same_as_filter {{ *}}= true
// CHECK-NEXT: height_weights {{ *}}= 10728 B
// CHECK-NEXT: fc_traffic {{ *}}= 1179
