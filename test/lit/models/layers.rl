// stdlib.layers building blocks the models rely on: ceil-mode window lengths (checked
// against torch's max_pool1d), side branches, tied dense weights, the first-token
// selector, branch concatenation, join_blocks, and the network's first layer computing
// no data gradient.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
import stdlib.layers

// conv 8 3x3 on 3x16x16 -> 8x14x14: 8*27 + 8 = 224 params, 8*27*196 = 42,336 MACs.
// A side branch (global pool + dense 8 -> 10: 90 params) leaves 8x14x14 for what
// follows; the branches add 4 + 6 channels to the identity's 8 (36 + 438 params).
// params = 224 + 90 + 36 + 438 = 788; conv1's weight gradient = 2 * 42,336 + 8 * 196 bias
// gradients = 86,240 FLOPs. seq: dense on 16 x 8 tokens to 100 = 12,800 MACs, tied: 0 params.
let net = network("toy", [3, 16, 16], [
  conv2d(8, k = 3), relu,
  side([global_avgpool, dense(10)]),
  branches([[conv2d(4, k = 1)], [conv2d(6, k = 3, p = 1)], []]),
  maxpool(3, s = 2, ceil_mode = true)])

let seq = network("seq", [16], [embedding(100, 8), dense(100, bias = false, tied = true),
                                first_token])

// A pool before the first conv: neither needs the gradient of its input. The residual
// sums x's two gradients backward: 8 x 6 x 6 = 288 adds, counted on its `add`.
let pre = network("pre", [3, 12, 12], [maxpool(2), conv2d(8, k = 1), relu,
                                       residual([conv2d(8, k = 3, p = 1)])])

// Attention on T = 4 tokens of E = 8, 2 heads: projections 4*4*8*8 = 1,024 MACs, scores and
// context 2*4*4*8 = 256, probabilities 2*4*4 = 32.
//   fwd = 2*1,280 + 4*4*8 bias adds + 5*32 softmax = 2,848
//   bwd_data = 2*1,024 + 4*256 + 4*32 = 3,200; bwd_weight = 2*1,024 + 4*4*8 = 2,176
let att = attention(2)([4, 8])[0]

scenario layers {
  // torch: (n, k, s, p) -> ceil / floor: (5,2,2,1) 3/3; (6,3,2,0) 3/2; (112,3,2,0) 56/55;
  // (14,3,2,1) 8/7; (7,2,2,0) 4/3. The first is the "window starts in the padding" rule.
  report w1 = window_out(5, 2, 2, 1, ceil_mode = true)
  report w2 = window_out(6, 3, 2, 0, ceil_mode = true)
  report w2f = window_out(6, 3, 2, 0)
  report w3 = window_out(112, 3, 2, 0, ceil_mode = true)
  report w4 = window_out(14, 3, 2, 1, ceil_mode = true)
  report w5 = window_out(7, 2, 2, 0, ceil_mode = true)
  report w5f = window_out(7, 2, 2, 0)
  report params = total_params(net)
  report first_dgrad = net.layers[0].bwd_data
  report first_wgrad = net.layers[0].bwd_weight
  report side_end_c = net.layers[4].out[0]
  report side_end_h = net.layers[4].out[1]
  // 8 (identity branch) + 4 + 6 = 18 channels; ceil-mode pool 14 -> 7.
  report concat_c = net.layers[len(net.layers) - 2].out[0]
  report pool_h = net.layers[len(net.layers) - 1].out[1]
  report tied_params = seq.layers[1].params
  report tied_macs = seq.layers[1].macs
  report token = seq.layers[2].out[0]
  report joined = len(join_blocks([[relu, relu], [], [relu]]))
  report pre_pool_dgrad = pre.layers[0].bwd_data
  report pre_conv_dgrad = pre.layers[1].bwd_data
  report pre_relu_dgrad = pre.layers[2].bwd_data
  report add_dgrad = pre.layers[len(pre.layers) - 1].bwd_data
  // The concat of net's three branches: x (8 x 14 x 14) sums 3 gradients: 2 * 1,568.
  report concat_dgrad = net.layers[len(net.layers) - 2].bwd_data
  report side_dgrad = net.layers[4].bwd_data
  report att_macs = att.macs
  report att_fwd = att.fwd
  report att_bwd_data = att.bwd_data
  report att_bwd_weight = att.bwd_weight
}
// CHECK:      scenario layers
// CHECK-NEXT:   w1             = 3{{$}}
// CHECK-NEXT:   w2             = 3{{$}}
// CHECK-NEXT:   w2f            = 2{{$}}
// CHECK-NEXT:   w3             = 56{{$}}
// CHECK-NEXT:   w4             = 8{{$}}
// CHECK-NEXT:   w5             = 4{{$}}
// CHECK-NEXT:   w5f            = 3{{$}}
// CHECK-NEXT:   params         = 788{{$}}
// CHECK-NEXT:   first_dgrad    = 0{{$}}
// CHECK-NEXT:   first_wgrad    = 86240{{$}}
// CHECK-NEXT:   side_end_c     = 8{{$}}
// CHECK-NEXT:   side_end_h     = 14{{$}}
// CHECK-NEXT:   concat_c       = 18{{$}}
// CHECK-NEXT:   pool_h         = 7{{$}}
// CHECK-NEXT:   tied_params    = 0{{$}}
// CHECK-NEXT:   tied_macs      = 12800{{$}}
// CHECK-NEXT:   token          = 100{{$}}
// CHECK-NEXT:   joined         = 3{{$}}
// CHECK-NEXT:   pre_pool_dgrad = 0{{$}}
// CHECK-NEXT:   pre_conv_dgrad = 0{{$}}
// CHECK-NEXT:   pre_relu_dgrad = 288{{$}}
// CHECK-NEXT:   add_dgrad      = 288{{$}}
// CHECK-NEXT:   concat_dgrad   = 3136{{$}}
// CHECK-NEXT:   side_dgrad     = 1568{{$}}
// CHECK-NEXT:   att_macs       = 1280{{$}}
// CHECK-NEXT:   att_fwd        = 2848{{$}}
// CHECK-NEXT:   att_bwd_data   = 3200{{$}}
// CHECK-NEXT:   att_bwd_weight = 2176{{$}}
