// stdlib.models.mobilenet: torchvision's MobileNetV2 (width 1.0) at 224x224. Matches
// torchvision 0.14's num_params (3,504,872) and conv+linear MACs exactly
// (test/lit/models/).
import stdlib.layers

// torchvision's Conv2dNormActivation: conv without bias ("same" padding), BN, ReLU6.
fn _conv_bn_relu6(out_ch: Int, k: Int, s: Int = 1, groups: Int = 1) -> [Block] =
  [conv2d(out_ch, k = k, s = s, p = floor((k - 1) / 2), groups = groups, bias = false),
   batchnorm, relu6]

// The inverted residual: 1x1 expansion by `t` (absent when t = 1), 3x3 depthwise
// (strided), linear 1x1 projection; a residual add when the shape is unchanged.
fn inverted_residual(out_ch: Int, s: Int, t: Int) -> Block = fn(x: [Int]) -> [Layer] = {
  let hidden = x[0] * t
  let body = concat(if t != 1 then _conv_bn_relu6(hidden, 1) else [],
                    _conv_bn_relu6(hidden, 3, s = s, groups = hidden),
                    [conv2d(out_ch, k = 1, bias = false), batchnorm])
  if s == 1 and x[0] == out_ch then layers_of(x, [residual(body)]) else layers_of(x, body)
}

// Rows of (expansion t, channels c, repeats n, first stride s), as in the paper's Table 2.
let _mobilenet_v2_settings = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2],
                              [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]

fn mobilenet_v2_net(size: Int = 224, classes: Int = 1000) -> Network =
  network("mobilenet_v2", [3, size, size], concat(
    _conv_bn_relu6(32, 3, s = 2),
    join_blocks([[inverted_residual(r[1], if i == 0 then r[3] else 1, r[0]) for i in range(r[2])]
                 for r in _mobilenet_v2_settings]),
    _conv_bn_relu6(1280, 1),
    [global_avgpool, dropout(0.2), dense(classes)]))

let mobilenet_v2 = mobilenet_v2_net()
