// The worked example of docs/adding-a-layer.md: new layer types written in a spec
// (hard-swish, hard-sigmoid, a channel gate, squeeze-and-excitation) and MobileNetV3-Small
// built from them, checked against torchvision 0.14's counts
// (/usr/bin/python3 -m tools.validation.torchvision_reference mobilenet_v3_small) and against the
// FLOPs of the new layers derived by hand.
// RUN: %ringline eval %s | FileCheck %s --strict-whitespace
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline check --allow-path %S %S/Inputs/gated_wrong.rl | FileCheck %s --check-prefix=WRONG --implicit-check-not=error:
// WRONG: gated_wrong.rl:7:39: error: `gated` needs a gate of one value per channel, `[16, 1, 1]`, got `[8, 1, 1]` [shape_mismatch]
// WRONG: custom_layer.rl:39:5: note: raised by this `shape_error` [called_from]
// WRONG: gated_wrong.rl:7:11: note: in this call of `network` [called_from]
// WRONG: exit 1
import stdlib.layers

// 1. Elementwise layers: `elementwise(kind, shape, fwd FLOPs, bwd FLOPs per element)`.
//    hard-swish x * min(max(x + 3, 0), 6) / 6: add, 2 compares, multiply, divide = 5
//    forward; backward (2x + 3) / 6 inside, 0 or 1 outside: 2 compares, 2 ops, 1 multiply
//    by the incoming gradient = 5. hard-sigmoid: add, 2 compares, divide = 4 forward;
//    backward 2 compares and a multiply by 1/6 = 3.
let hardswish: Block = fn(x: [Int]) -> [Layer] = [elementwise("hardswish", x, 5, 5)]
let hardsigmoid: Block = fn(x: [Int]) -> [Layer] = [elementwise("hardsigmoid", x, 4, 3)]

// 2. A layer type with its own record: y = x * g, g one value per channel ([C, 1, 1]).
//    Forward 1 multiply per element. Backward: dx = dy * g (1 per element) and
//    dg = sum over H x W of dy * x (2 per element): 3 per element, no weights. It reads x
//    and g, writes y, and keeps x and g for the backward pass.
fn channel_scale(x: [Int]) -> Layer =
  Layer { kind = "channel_scale", out = x, params = 0, macs = 0, fwd = numel(x),
          bwd_data = 3 * numel(x), bwd_weight = 0, reads = numel(x) + x[0],
          writes = numel(x), act = numel(x) + x[0] }

// 3. A combinator: the gate's layers read x, then channel_scale multiplies x by the gate.
//    Like `residual`, it returns the layers of both and hands on x's shape. The gate must
//    give one value per channel ([C, 1, 1] for x = [C, H, W]); anything else is a
//    [shape_mismatch] at the spec's call of `gated` (Inputs/gated_wrong.rl, below).
fn gated(gate: [Block]) -> Block = fn(x: [Int]) -> [Layer] = {
  let g = layers_of(x, gate)
  let per_channel = concat([x[0]], [1 for i in range(1, len(x))])
  if not same_shape(shape_after(g, x), per_channel) then
    shape_error("`gated` needs a gate of one value per channel, `" + str(per_channel) +
                "`, got `" + str(shape_after(g, x)) + "`")
  else concat(g, [channel_scale(x)])
}

// 4. Squeeze-and-excitation (torchvision's SqueezeExcitation): pool to 1x1, 1x1 conv down
//    to `squeeze` channels, ReLU, 1x1 conv back up, hard-sigmoid, scale.
fn squeeze_excitation(squeeze: Int) -> Block = fn(x: [Int]) -> [Layer] =
  layers_of(x, [gated([adaptive_avgpool(1), conv2d(squeeze, k = 1), relu,
                       conv2d(x[0], k = 1), hardsigmoid])])

// 5. MobileNetV3-Small (torchvision's mobilenet_v3_small), from these blocks.
fn _make_divisible(v: Int) -> Int = {
  let n = max(8, floor((v + 4) / 8) * 8)
  if n < 0.9 * v then n + 8 else n
}
fn _cba(out_ch: Int, k: Int, act: Block, s: Int = 1, groups: Int = 1) -> [Block] =
  [conv2d(out_ch, k = k, s = s, p = floor((k - 1) / 2), groups = groups, bias = false),
   batchnorm, act]
fn _bneck(k: Int, exp: Int, out_ch: Int, se: Bool, act: Block, s: Int) -> Block =
  fn(x: [Int]) -> [Layer] = {
    let body = concat(if exp != x[0] then _cba(exp, 1, act) else [],
                      _cba(exp, k, act, s = s, groups = exp),
                      if se then [squeeze_excitation(_make_divisible(floor(exp / 4)))] else [],
                      [conv2d(out_ch, k = 1, bias = false), batchnorm])
    if s == 1 and x[0] == out_ch then layers_of(x, [residual(body)]) else layers_of(x, body)
  }
let mobilenet_v3_small = network("mobilenet_v3_small", [3, 224, 224], [
  chain(_cba(16, 3, hardswish, s = 2)),
  _bneck(3, 16, 16, true, relu, 2), _bneck(3, 72, 24, false, relu, 2),
  _bneck(3, 88, 24, false, relu, 1), _bneck(5, 96, 40, true, hardswish, 2),
  _bneck(5, 240, 40, true, hardswish, 1), _bneck(5, 240, 40, true, hardswish, 1),
  _bneck(5, 120, 48, true, hardswish, 1), _bneck(5, 144, 48, true, hardswish, 1),
  _bneck(5, 288, 96, true, hardswish, 2), _bneck(5, 576, 96, true, hardswish, 1),
  _bneck(5, 576, 96, true, hardswish, 1),
  chain(_cba(576, 1, hardswish)), global_avgpool, dense(1024), hardswish, dropout(0.2),
  dense(1000)])

// The first bottleneck (16 channels at 56x56 after its stride-2 depthwise conv) has SE
// with 8 squeeze channels: fc1 16*8 + 8 = 136, fc2 8*16 + 16 = 144 parameters. Its
// channel_scale: 16*56*56 = 50,176 FLOPs forward, 150,528 backward.
// Layers: stem conv, bn, hardswish (0-2); depthwise conv, bn, relu (3-5); SE pool (6),
// fc1 (7), relu (8), fc2 (9), hardsigmoid (10), channel_scale (11).
let _se1 = mobilenet_v3_small.layers[11]
scenario custom {
  report params = total_params(mobilenet_v3_small)
  report macs = total_macs(mobilenet_v3_small)
  report se1_kind_ok = _se1.kind == "channel_scale"
  report se1_fwd = _se1.fwd
  report se1_bwd = _se1.bwd_data
  report se1_fc1 = mobilenet_v3_small.layers[7].params
  report se1_fc2 = mobilenet_v3_small.layers[9].params
  report hswish_fwd = mobilenet_v3_small.layers[2].fwd
}
// torchvision 0.14: num_params 2,542,856; conv + linear MACs 56,510,400 (`_ops` 0.057).
// hardswish after the stem: 16 x 112 x 112 x 5 = 1,003,520 FLOPs.
// CHECK:      scenario custom
// CHECK-NEXT:   params      = 2542856{{$}}
// CHECK-NEXT:   macs        = 56510400{{$}}
// CHECK-NEXT:   se1_kind_ok = true{{$}}
// CHECK-NEXT:   se1_fwd     = 50176{{$}}
// CHECK-NEXT:   se1_bwd     = 150528{{$}}
// CHECK-NEXT:   se1_fc1     = 136{{$}}
// CHECK-NEXT:   se1_fc2     = 144{{$}}
// CHECK-NEXT:   hswish_fwd  = 1003520{{$}}
