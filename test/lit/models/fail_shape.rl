// A network whose shapes do not fit (a 2-D conv after `flatten`) is rejected with exit 1
// and a diagnostic traced back to the `network` call, never silently counted. (The
// message is the library's failed index; a built-in to raise a layer-level message such
// as "`conv2d` needs a [C, H, W] input" does not exist yet.)
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline eval %s | FileCheck %s
import stdlib.layers

let bad = network("bad", [3, 32, 32], [conv2d(8, k = 3), flatten, conv2d(4, k = 3)])
scenario s { report p = total_params(bad) }
// CHECK: layers.rl:{{[0-9]+}}:{{[0-9]+}}: error: index 1 is out of range for a list of 1 [index_out_of_range]
// CHECK: fail_shape.rl:8:11: note: in this call of `network` [called_from]
// CHECK: exit 1
