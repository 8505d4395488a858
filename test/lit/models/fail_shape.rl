// A network whose shapes do not fit is rejected with exit 1 and a [shape_mismatch] at the
// spec's call that made the layer that cannot take its input (here the second
// `conv2d(4, k = 3)`, after `flatten`), never inside stdlib/layers.rl, and never silently
// counted; a note shows the `network` that applied it. fail_layer_shapes.rl has every
// layer's checks.
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline eval %s | FileCheck %s --implicit-check-not=layers.rl
import stdlib.layers

let bad = network("bad", [3, 32, 32], [conv2d(8, k = 3), flatten, conv2d(4, k = 3)])
scenario s { report p = total_params(bad) }
// CHECK: fail_shape.rl:9:67: error: `conv2d` needs a 3-D input [C, H, W] per sample, got `[7200]` [shape_mismatch]
// CHECK-NEXT: let bad = network("bad", [3, 32, 32], [conv2d(8, k = 3), flatten, conv2d(4, k = 3)])
// CHECK-NEXT: {{^ +\^~{15}$}}
// CHECK-NEXT: fail_shape.rl:9:11: note: in this call of `network` [called_from]
// CHECK: exit 1

// `ringline stats` reports the same, and exits 1 (not 2, "defines no `Network`").
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline stats %s | FileCheck %s --check-prefix=STATS --implicit-check-not=ringline:
// STATS: fail_shape.rl:9:67: error: `conv2d` needs a 3-D input [C, H, W] per sample, got `[7200]` [shape_mismatch]
// STATS: exit 1

// A layer made by a helper of the spec points into the helper, and notes show the calls
// that led there, innermost first: the fourth `down(c)`, `tower`, `network`.
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline check %S/Inputs/shape_helpers.rl | FileCheck %s --check-prefix=HELPER --implicit-check-not=layers.rl
// HELPER: shape_helpers.rl:6:31: error: `maxpool` window 2 is larger than the padded input 1 (input `[64, 1, 1]`, padding 0) [shape_mismatch]
// HELPER: shape_helpers.rl:8:3: note: in this call of `down` [called_from]
// HELPER: shape_helpers.rl:10:37: note: in this call of `tower` [called_from]
// HELPER: shape_helpers.rl:10:11: note: in this call of `network` [called_from]
// A layer of the spec's own that raises `shape_error` is reported where it is used, with
// a note at the check that failed.
// HELPER: shape_helpers.rl:18:49: error: `pairs` needs an even number of features, got `[7]` [shape_mismatch]
// HELPER: shape_helpers.rl:14:5: note: raised by this `shape_error` [called_from]
// HELPER: shape_helpers.rl:18:11: note: in this call of `network` [called_from]
// HELPER: exit 1
