// Shape errors are diagnostics at the layer: a layer of stdlib.layers applied to a shape
// it cannot take is a [shape_mismatch] at the spec's call that made the layer (not inside
// stdlib/layers.rl), with a note at the `network` that applied it; hyper-parameters no
// layer can have are a [user_error] at the call. Shapes are per sample (no batch axis).
// The exact positions are checked in fail_shape.rl.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

import stdlib.layers
// A 2-D convolution after `flatten`.
// expected-error@+2 {{`conv2d` needs a 3-D input [C, H, W] per sample, got `[512]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [512], [conv2d(64, 3)])

// -----
import stdlib.layers
// expected-error@+2 {{`conv1d` needs a 2-D input [C, L] per sample, got `[3, 32, 32]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 32, 32], [conv1d(8, 3)])

// -----
import stdlib.layers
// expected-error@+2 {{`conv3d` needs a 4-D input [C, D, H, W] per sample, got `[3, 32, 32]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 32, 32], [conv3d(8, 3)])

// -----
import stdlib.layers
// Input channels must divide into the groups.
// expected-error@+2 {{`conv2d` with groups = 2 needs input channels divisible by 2, got 3 (input `[3, 8, 8]`) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 8, 8], [conv2d(8, 3, groups = 2)])

// -----
import stdlib.layers
// The kernel (dilated or not) must fit in the padded input.
// expected-error@+2 {{`conv2d` kernel 7 is larger than the padded input 5 (input `[3, 5, 5]`, padding 0) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 5, 5], [conv2d(8, 7)])

// -----
import stdlib.layers
// expected-error@+2 {{`conv2d` kernel 3 dilated by 3 (span 7) is larger than the padded input 6 (input `[3, 4, 4]`, padding 1) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 4, 4], [conv2d(8, 3, p = 1, d = 3)])

// -----
import stdlib.layers
// A rectangular kernel is checked axis by axis: 7 rows do not fit in 5.
// expected-error@+2 {{`conv2d` kernel 7 is larger than the padded input 5 (input `[3, 5, 9]`, padding 0) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 5, 9], [conv2d_rect(8, 7, 1)])

// -----
import stdlib.layers
// `repeat` applies one block twice: the second application no longer fits.
// expected-error@+2 {{`conv2d` kernel 3 is larger than the padded input 2 (input `[8, 2, 2]`, padding 0) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [3, 4, 4], [repeat(2, conv2d(8, 3))])

// -----
import stdlib.layers
// Hyper-parameters are checked where the layer is made, network or not.
// expected-error@+1 {{`conv2d` needs a stride of at least 1, got 0 [user_error]}}
let a = conv2d(8, 3, s = 0)
// expected-error@+1 {{`conv2d` with groups = 4 needs output channels divisible by 4, got 6 [user_error]}}
let b = conv2d(6, 3, groups = 4)
// expected-error@+1 {{`conv1d` needs a kernel of at least 1, got 0 [user_error]}}
let c = conv1d(6, 0)
// expected-error@+1 {{`conv3d` needs a padding of at least 0, got -1 [user_error]}}
let d = conv3d(6, 3, p = -1)
// expected-error@+1 {{`conv2d` needs a dilation of at least 1, got 0 [user_error]}}
let e = conv2d(6, 3, d = 0)
// expected-error@+1 {{`conv2d` needs a kernel of at least 1, got 0 [user_error]}}
let e2 = conv2d_rect(6, 3, 0)
// expected-error@+1 {{`dense` needs at least 1 output feature, got 0 [user_error]}}
let f = dense(0)
// expected-error@+1 {{`maxpool` padding 2 is more than half the window 3 (as in PyTorch) [user_error]}}
let g = maxpool(3, p = 2)
// expected-error@+1 {{`avgpool` needs a stride of at least 1 (or 0 for the window), got -1 [user_error]}}
let h = avgpool(3, s = -1)
// expected-error@+1 {{`adaptive_avgpool` needs an output size of at least 1, got 0 [user_error]}}
let i = adaptive_avgpool(0)
// expected-error@+1 {{`attention` needs at least 1 head, got 0 [user_error]}}
let j = attention(0)
// expected-error@+1 {{`dropout` needs a rate from 0 to 1, got 1.5 [user_error]}}
let k = dropout(1.5)
// expected-error@+1 {{`branches` needs at least one branch [user_error]}}
let l = branches([])

// -----
import stdlib.layers
// expected-error@+2 {{`dense` needs an input with a feature axis, [F] or [T, E] per sample, got `[]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [], [dense(10)])

// -----
import stdlib.layers
// A block without hyper-parameters is located at its name.
// expected-error@+2 {{`batchnorm` needs an input with at least 1 axis ([C, ...] or [T, E]) per sample, got `[]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [], [relu, batchnorm])

// -----
import stdlib.layers
// expected-error@+2 {{`layernorm` needs an input with at least 1 axis ([C, ...] or [T, E]) per sample, got `[]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [], [layernorm])

// -----
import stdlib.layers
// expected-error@+2 {{`maxpool` needs an input [C, L], [C, H, W] or [C, D, H, W] per sample, got `[512]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [512], [maxpool(2)])

// -----
import stdlib.layers
// expected-error@+2 {{`avgpool` window 3 is larger than the padded input 2 (input `[16, 2, 2]`, padding 0) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [16, 2, 2], [avgpool(3)])

// -----
import stdlib.layers
// expected-error@+2 {{`global_avgpool` needs an input [C, L], [C, H, W] or [C, D, H, W] per sample, got `[100]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [100], [global_avgpool])

// -----
import stdlib.layers
// expected-error@+2 {{`adaptive_avgpool` needs an input [C, L], [C, H, W] or [C, D, H, W] per sample, got `[100]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [100], [adaptive_avgpool(7)])

// -----
import stdlib.layers
// An identity shortcut needs the main path to keep the shape.
// expected-error@+2 {{`residual` adds its input `[64, 8, 8]` to the main path's output `[128, 4, 4]`; they must match, so give it a shortcut that makes them (a strided 1x1 `conv2d`) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [64, 8, 8], [residual([conv2d(128, 3, s = 2, p = 1)])])

// -----
import stdlib.layers
// expected-error@+3 {{`residual` adds the shortcut's output `[128, 8, 8]` to the main path's `[128, 4, 4]`; they must match [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [64, 8, 8], [
  residual([conv2d(128, 3, s = 2, p = 1)], shortcut = [conv2d(128, 1)])])

// -----
import stdlib.layers
// Branches are concatenated on channels; the other axes must agree.
// expected-error@+3 {{`branches` concatenates channels, so the branches must agree on the other axes: branch 1 gives `[32, 8, 8]` but branch 3 gives `[32, 6, 6]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [64, 8, 8], [
  branches([[conv2d(32, 1)], [conv2d(16, 3, p = 1)], [conv2d(32, 3)]])])

// -----
import stdlib.layers
// expected-error@+2 {{`attention` needs token vectors [T, E] per sample, got `[128]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [128], [attention(12)])

// -----
import stdlib.layers
// expected-error@+2 {{`attention` with 12 heads needs a width divisible by 12, got 100 (input `[128, 100]`) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [128, 100], [attention(12)])

// -----
import stdlib.layers
// expected-error@+2 {{`embedding` needs token ids [T] per sample, got `[128, 768]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [128, 768], [embedding(1000, 768)])

// -----
import stdlib.layers
// A learned position table has a fixed number of rows.
// expected-error@+2 {{`position_embedding` has 1024 positions, got a sequence of 2048 tokens (input `[2048, 64]`) [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [2048], [embedding(1000, 64), position_embedding(1024)])

// -----
import stdlib.layers
// expected-error@+2 {{`segment_embedding` needs token vectors [T, E] per sample, got `[16]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [16], [segment_embedding(2)])

// -----
import stdlib.layers
// expected-error@+2 {{`first_token` needs token vectors [T, E] per sample, got `[16]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [16], [first_token])

// -----
import stdlib.layers
// The input itself: every axis holds something. The call of `network` is the location.
// expected-error@+1 {{`network` input `[3, 0, 32]` has an axis of size 0; every axis needs at least 1 element [shape_mismatch]}}
let n = network("n", [3, 0, 32], [relu])

// -----
import stdlib.layers
// A layer made in a helper is located in the helper, with the helper's call as a note.
// expected-error@+1 {{`conv2d` needs a 3-D input [C, H, W] per sample, got `[512]` [shape_mismatch]}}
fn stem(c: Int) -> [Block] = [conv2d(c, 3), relu]
// expected-note@+2 {{in this call of `stem` [called_from]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = network("n", [512], stem(64))

// -----
import stdlib.layers as nn
// Through an alias, at the name.
// expected-error@+2 {{`global_avgpool` needs an input [C, L], [C, H, W] or [C, D, H, W] per sample, got `[10]` [shape_mismatch]}}
// expected-note@+1 {{in this call of `network` [called_from]}}
let n = nn.network("n", [10], [nn.global_avgpool])

// -----
import stdlib.layers
// In a scenario, the same.
scenario s {
  param batch: Int = 32
  // expected-error@+2 {{`conv2d` needs a 3-D input [C, H, W] per sample, got `[512]` [shape_mismatch]}}
  // expected-note@+1 {{in this call of `network` [called_from]}}
  let n = network("n", [512], [dense(512), conv2d(8, 3)])
  report flops = batch * total_fwd_flops(n)
}
