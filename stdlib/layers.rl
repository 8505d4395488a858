// stdlib.layers: layer types, written in Ringline, and the combinators that compose them.
//
// A layer maps an input shape (per sample: [C, H, W] for images, [C, D, H, W] for
// volumes, [C, L] for 1-D signals, [F] for features, [T] token ids and [T, E] token
// vectors for sequences) to one or more Layer records. A `Block` is such a map;
// combinators (`chain`, `residual`, `branches`, `side`, `repeat`) build blocks from
// blocks, and `network` threads an input shape through a list of blocks. All counts are
// per sample and exact; `ringline stats` multiplies by the batch. docs/adding-a-layer.md
// shows how to write a new layer type in a spec.
//
// Conventions (docs/layers.md): 1 MAC = 2 FLOP. `macs` counts the multiply-accumulates
// of convolutions, dense layers and attention matmuls only (torchvision's `_ops`).
// Forward FLOPs = 2 x MACs (+ one add per output element for a bias); backward-data =
// 2 x MACs and backward-weight = 2 x MACs (+ the bias gradient); the layers up to and
// including the network's first layer with parameters compute no data gradient.
// Elementwise layers, FLOPs per element forward / backward: ReLU and leaky ReLU 1/1,
// ReLU6 2/1, sigmoid 4/2, tanh 5/2, GELU 8/8, SiLU 5/5, softmax 5/4, dropout 1/1; batchnorm
// and layernorm (training) 5 forward, 8 backward-data and 2 backward-weight, RMSNorm 4, 6
// and 2; SwiGLU's product 1 forward, 2 backward (+ 1 per input element); pooling 1 per
// input element each way; a residual add 1 forward, and backward 1 per element of the
// block's input to sum the gradients of a fork (likewise `branches` and `side`);
// concat, flatten and first_token move data only (0 FLOPs).
//
// Shape checks: a layer applied to a shape it cannot take (`conv2d` after `flatten`, a
// residual whose paths disagree) raises `shape_error(message)`, a [shape_mismatch] that
// points at the spec's call that made the layer (`conv2d(64, 3)`), not into this file;
// bad hyper-parameters (a stride of 0) raise `error(message)`, a [user_error] at the
// call. Shapes are per sample: `conv2d` takes a 3-D [C, H, W] (PyTorch's 4-D N x C x H x W
// without the batch).

// One kernel a layer runs, described for a kernel-time model (docs/kernel-models.md): its
// kind and features, and the FLOPs and elements the roofline falls back on when a device
// has no model for the kind. Per sample, like everything here: the first feature is
// batch x `rows` (the batch for convolutions, batch x tokens for a GEMM) and the element
// size (dtype) is appended by stdlib.kernel_time. `kind = ""` is a roofline-only kernel.
record Kernel {
  pass: String        // "fwd", "bwd_data" or "bwd_weight"
  kind: String        // conv2d_fwd, gemm_bwd_weight, bn_fwd, pool_bwd, eltwise, ... or ""
  rows: Int = 1
  feats: [Int] = []   // the features after the first one, without dtype
  flops: Int          // FLOPs per sample
  elems: Int          // elements read and written per sample
  fixed: Int = 0      // elements read once per batch (weights)
}

record Layer {
  kind: String        // conv2d, dense, batchnorm, relu, maxpool, add, concat, ...
  out: [Int]          // output shape per sample
  params: Int         // trainable parameters
  macs: Int           // forward multiply-accumulates (conv, dense, attention matmuls)
  fwd: Int            // forward FLOPs
  bwd_data: Int       // backward FLOPs for the input gradient
  bwd_weight: Int     // backward FLOPs for the parameter gradients
  reads: Int          // elements read by the forward pass (input + weights)
  writes: Int         // elements written by the forward pass (output)
  act: Int            // elements kept for the backward pass
  kernels: [Kernel] = []  // what runs forward and backward; none: the roofline of the counts
}

type Block = fn([Int]) -> [Layer]

record Network {
  name: String
  input: [Int]
  layers: [Layer]
}

fn numel(shape: [Int]) -> Int = prod x in shape: x

// Whether two shapes are equal (`same_shape`), or equal but for the first, channel, axis.
fn same_shape(a: [Int], b: [Int]) -> Bool = _same_tail(a, b) and (len(a) == 0 or a[0] == b[0])
fn _same_tail(a: [Int], b: [Int]) -> Bool =
  len(a) == len(b) and (sum i in range(1, len(a)): if a[i] == b[i] then 0 else 1) == 0
// `[3, 224, 224]`, quoted for a message.
fn _q(x: [Int]) -> String = "`" + str(x) + "`"

// Output length of a sliding window along one axis (PyTorch's formula). With `ceil_mode`
// (pooling only) a last, partial window counts too, unless it would start in the right
// padding (PyTorch's `pooling_output_shape`).
fn window_out(n: Int, k: Int, s: Int, p: Int, d: Int = 1, ceil_mode: Bool = false) -> Int = {
  let span = n + 2 * p - d * (k - 1) - 1
  let o = if ceil_mode then ceil(span / s) + 1 else floor(span / s) + 1
  if ceil_mode and (o - 1) * s >= n + p then o - 1 else o
}

// A layer with no parameters and `f` FLOPs per output element forward, `b` backward.
// Forward one `eltwise` kernel reading one tensor; backward one reading two (the output's
// gradient and the saved input), as ReLU's threshold_backward does.
fn elementwise(kind: String, x: [Int], f: Int, b: Int, keep: Bool = true) -> Layer =
  Layer { kind = kind, out = x, params = 0, macs = 0, fwd = f * numel(x),
          bwd_data = b * numel(x), bwd_weight = 0, reads = numel(x), writes = numel(x),
          act = if keep then numel(x) else 0,
          kernels = [_eltwise("fwd", x, 1, f), _eltwise("bwd_data", x, 2, b)] }

fn _eltwise(pass: String, x: [Int], inputs: Int, flops: Int) -> Kernel =
  Kernel { pass = pass, kind = "eltwise", feats = [numel(x), inputs], flops = flops * numel(x),
           elems = (inputs + 1) * numel(x) }

// ---- composition ------------------------------------------------------------------

// The shape the layers `layers`, applied to `input`, hand on: the last one's output.
fn shape_after(layers: [Layer], input: [Int]) -> [Int] =
  if len(layers) == 0 then input else layers[len(layers) - 1].out

// The layers of `blocks` applied one after another to `input`.
fn layers_of(input: [Int], blocks: [Block]) -> [Layer] =
  fold(fn(acc: [Layer], b: Block) -> [Layer] = concat(acc, b(shape_after(acc, input))), [], blocks)

fn chain(blocks: [Block]) -> Block = fn(x: [Int]) -> [Layer] = layers_of(x, blocks)

fn repeat(n: Int, b: Block) -> Block = chain([b for i in range(n)])

// Concatenates lists of blocks, e.g. ones built by a comprehension. The built-in `flatten`
// does this for any list of lists, but a module that imports this one sees the `flatten`
// layer under that name instead.
fn join_blocks(bss: [[Block]]) -> [Block] =
  fold(fn(acc: [Block], bs: [Block]) -> [Block] = concat(acc, bs), [], bss)

// main(x) + shortcut(x); an empty shortcut is the identity.
fn residual(main: [Block], shortcut: [Block] = []) -> Block = fn(x: [Int]) -> [Layer] = {
  let m = layers_of(x, main)
  let sc = layers_of(x, shortcut)
  let out = shape_after(m, x)
  let sc_out = shape_after(sc, x)
  if not same_shape(out, sc_out) then
    shape_error(if len(shortcut) == 0
                then "`residual` adds its input " + _q(x) + " to the main path's output " + _q(out) +
                     "; they must match, so give it a shortcut that makes them (a strided 1x1 `conv2d`)"
                else "`residual` adds the shortcut's output " + _q(sc_out) + " to the main path's " +
                     _q(out) + "; they must match")
  // Backward, the add passes its gradient through; x's two gradients are summed (one
  // add per element of x), counted here.
  else concat(m, sc, [elementwise("add", out, 1, 0, keep = false) with {
                        bwd_data = numel(x),
                        kernels = [_eltwise("fwd", out, 2, 1), _eltwise("bwd_data", x, 2, 1)] }])
}

// Parallel branches on one input, concatenated along channels (Inception, DenseNet).
fn branches(bs: [[Block]]) -> Block =
  if len(bs) == 0 then error("`branches` needs at least one branch")
  else fn(x: [Int]) -> [Layer] = _concat_branches(x, [layers_of(x, b) for b in bs])

fn _concat_branches(x: [Int], outs: [[Layer]]) -> [Layer] = {
  let shapes = [shape_after(o, x) for o in outs]
  // The first branch whose shape differs from the first one's on more than the channels.
  let odd = min j in range(len(shapes)): if _same_tail(shapes[j], shapes[0]) then len(shapes) else j
  if len(shapes[0]) == 0 then shape_error("`branches` concatenates channels, but branch 1 gives `[]`")
  else if odd < len(shapes) then
    shape_error("`branches` concatenates channels, so the branches must agree on the other axes: " +
                "branch 1 gives " + _q(shapes[0]) + " but branch " + str(odd + 1) + " gives " +
                _q(shapes[odd]))
  else {
    let c = sum s in shapes: s[0]
    let out = concat([c], [shapes[0][i] for i in range(1, len(shapes[0]))])
    // `fold` rather than the built-in `flatten`, which this module's `flatten` layer shadows.
    let all = fold(fn(acc: [Layer], o: [Layer]) -> [Layer] = concat(acc, o), [], outs)
    // Backward, the concat splits its gradient (free) and x sums one gradient per branch.
    concat(all, [Layer { kind = "concat", out = out, params = 0, macs = 0, fwd = 0,
                         bwd_data = (len(outs) - 1) * numel(x), bwd_weight = 0, reads = numel(out),
                         writes = numel(out), act = 0 }])
  }
}

// A side branch that nothing downstream consumes (GoogLeNet's and Inception-v3's auxiliary
// classifiers, which run only in training): its layers run on the input, then a zero-cost
// `side_end` marker hands the input's shape on to the next block unchanged. Backward, x
// adds the side branch's gradient to the trunk's (one add per element, counted there).
fn side(blocks: [Block]) -> Block = fn(x: [Int]) -> [Layer] =
  concat(layers_of(x, blocks), [Layer { kind = "side_end", out = x, params = 0, macs = 0, fwd = 0,
                                        bwd_data = numel(x), bwd_weight = 0, reads = 0,
                                        writes = 0, act = 0 }])

// A whole network. Nothing needs the gradient of the network's input, so the layers up to
// and including the first one with parameters compute no data gradient (usually just the
// first layer).
fn network(name: String, input: [Int], blocks: [Block]) -> Network =
  if (min i in concat(input, [1]): i) < 1 then
    shape_error("`network` input " + _q(input) + " has an axis of size " +
                str(min i in input: i) + "; every axis needs at least 1 element")
  else {
    let ls = layers_of(input, blocks)
    let first = min i in range(len(ls)): if ls[i].params > 0 then i else len(ls)
    Network { name = name, input = input,
              layers = [if i <= first then ls[i] with { bwd_data = 0 } else ls[i]
                        for i in range(len(ls))] }
  }

// Totals of a network, per sample: parameters, forward MACs (torchvision's `_ops`),
// forward FLOPs, and the FLOPs of one training step (forward + both backward passes).
fn total_params(n: Network) -> Int = sum l in n.layers: l.params
fn total_macs(n: Network) -> Int = sum l in n.layers: l.macs
fn total_fwd_flops(n: Network) -> Int = sum l in n.layers: l.fwd
fn total_train_flops(n: Network) -> Int = sum l in n.layers: l.fwd + l.bwd_data + l.bwd_weight

// The same totals as `Real`s. An `Int` is exact up to 2^53 and an error past it, and the
// per-sequence totals of today's large language models get there: a training step of
// Megatron-LM's 1T model on one 2,048-token sequence is 1.26e16 FLOPs (Llama-3 405B on
// 8,192 tokens 2.2e16), past 2^53 = 9.007e15. These sum layer by layer in doubles: exact
// while the sum stays below 2^53, rounded (never an error) above it.
fn total_macs_real(n: Network) -> Real = sum l in n.layers: 1.0 * l.macs
fn total_fwd_flops_real(n: Network) -> Real = sum l in n.layers: 1.0 * l.fwd
fn total_train_flops_real(n: Network) -> Real =
  sum l in n.layers: 1.0 * l.fwd + 1.0 * l.bwd_data + 1.0 * l.bwd_weight
// Model FLOPs of one training step per sample, the numerator of model FLOPs utilisation
// (MFU, Chowdhery et al. 2022, PaLM, appendix B): the matmuls only, forward and both
// backward passes, 6 x the forward MACs, attention's score and context matmuls included
// (as the network counts them: full or causal). No recomputation, biases, norms or
// activations. For a decoder with untied embeddings this is, per token, 6N plus the
// attention term, N the parameters of the matmuls (all but the embedding table and the
// norms).
fn model_flops(n: Network) -> Real = sum l in n.layers: 6.0 * l.macs
// The fraction of the peak that `flops` FLOPs in `time` on `devices` devices of `peak`
// FLOP/s each attain: MFU with model FLOPs, HFU with the FLOPs actually run (recomputation
// included).
fn utilisation(flops: Real, time: s, devices: Int, peak: FLOP/s) -> Real =
  flops * 1 FLOP / (time * devices * peak)
// The same per token, in closed form, for a transformer of `layers` layers of width
// `hidden` on sequences of `seq` tokens whose matmuls hold `params` weights (PaLM's
// 6N + 12 L H Q T, H Q = hidden, T = seq): 6 FLOPs per weight, and per layer 12 x hidden x
// seq for the score and context matmuls (6 x hidden x (seq + 1) when `causal`: a token
// attends to (seq + 1) / 2 positions on average). An `Int`: 6e12 for a trillion weights.
fn model_flops_per_token(params: Int, layers: Int, hidden: Int, seq: Int, causal: Bool = false) -> Int =
  6 * params + (if causal then 6 * layers * hidden * (seq + 1) else 12 * layers * hidden * seq)

// ---- convolutions -----------------------------------------------------------------

fn _conv_axes(n: Int) -> String =
  if n == 1 then "[C, L]" else if n == 2 then "[C, H, W]" else "[C, D, H, W]"

// Hyper-parameters a convolution cannot have, as a message ("" when they are fine).
fn _conv_args(kind: String, out_ch: Int, k: Int, s: Int, p: Int, d: Int, groups: Int) -> String =
  if out_ch < 1 then "`" + kind + "` needs at least 1 output channel, got " + str(out_ch)
  else if k < 1 then "`" + kind + "` needs a kernel of at least 1, got " + str(k)
  else if s < 1 then "`" + kind + "` needs a stride of at least 1, got " + str(s)
  else if p < 0 then "`" + kind + "` needs a padding of at least 0, got " + str(p)
  else if d < 1 then "`" + kind + "` needs a dilation of at least 1, got " + str(d)
  else if groups < 1 then "`" + kind + "` needs at least 1 group, got " + str(groups)
  else if out_ch % groups != 0 then
    "`" + kind + "` with groups = " + str(groups) + " needs output channels divisible by " +
    str(groups) + ", got " + str(out_ch)
  else ""

fn _conv(kind: String, x: [Int], out_ch: Int, k: [Int], s: [Int], p: [Int], d: [Int],
         groups: Int, bias: Bool) -> [Layer] =
  if len(x) != len(k) + 1 then
    shape_error("`" + kind + "` needs a " + str(len(k) + 1) + "-D input " + _conv_axes(len(k)) +
                " per sample, got " + _q(x))
  else if x[0] % groups != 0 then
    shape_error("`" + kind + "` with groups = " + str(groups) + " needs input channels divisible by " +
                str(groups) + ", got " + str(x[0]) + " (input " + _q(x) + ")")
  else {
    let spatial = [window_out(x[i + 1], k[i], s[i], p[i], d[i]) for i in range(len(k))]
    // The first axis with no output: the (dilated) kernel is larger than the padded input.
    let short = min i in range(len(k)): if spatial[i] < 1 then i else len(k)
    if short < len(k) then shape_error(_too_large(kind, "kernel", x, k[short], p[short], d[short], short + 1))
    else {
      let c = x[0]
      let out = concat([out_ch], spatial)
      let kernel = floor(c / groups) * prod kk in k: kk
      let weights = out_ch * kernel
      let macs = weights * numel(spatial)
      let b = if bias then out_ch else 0
      [Layer { kind = kind, out = out, params = weights + b, macs = macs,
               fwd = 2 * macs + b * numel(spatial), bwd_data = 2 * macs,
               bwd_weight = 2 * macs + b * numel(spatial), reads = numel(x) + weights + b,
               writes = numel(out), act = numel(x),
               kernels = _conv_kernels(x, out_ch, k, s, p, d, groups, macs, numel(out), weights) }]
    }
  }

// A 1-D convolution runs as a 2-D one of height 1; 3-D kernels are cubic. Dilated
// convolutions have no kernel model (the roofline of the counts is used).
fn _conv_kernels(x: [Int], out_ch: Int, k: [Int], s: [Int], p: [Int], d: [Int], groups: Int,
                 macs: Int, out_elems: Int, weights: Int) -> [Kernel] = {
  let dilated = max i in range(len(d)): d[i]
  let three = len(k) == 3
  let feats = if len(k) == 1 then [x[0], 1, x[1], out_ch, 1, k[0], 1, s[0], 0, p[0], groups]
              else if len(k) == 2 then [x[0], x[1], x[2], out_ch, k[0], k[1], s[0], s[1], p[0], p[1], groups]
              else [x[0], x[1], x[2], x[3], out_ch, k[0], s[0], p[0], groups]
  let moved = numel(x) + out_elems
  if dilated > 1 then []
  else [Kernel { pass = "fwd", kind = if three then "conv3d_fwd" else "conv2d_fwd", feats = feats,
                 flops = 2 * macs, elems = moved, fixed = weights },
        Kernel { pass = "bwd_data", kind = if three then "conv3d_bwd_data" else "conv2d_bwd_data", feats = feats,
                 flops = 2 * macs, elems = moved, fixed = weights },
        Kernel { pass = "bwd_weight", kind = if three then "conv3d_bwd_filter" else "conv2d_bwd_filter",
                 feats = feats, flops = 2 * macs, elems = moved, fixed = weights }]
}

// A window (`k` dilated by `d`) larger than axis `i` of `x` padded by `p` on each side.
fn _too_large(kind: String, window: String, x: [Int], k: Int, p: Int, d: Int, i: Int) -> String =
  "`" + kind + "` " + window + " " + str(k) +
  (if d == 1 then "" else " dilated by " + str(d) + " (span " + str(d * (k - 1) + 1) + ")") +
  " is larger than the padded input " + str(x[i] + 2 * p) + " (input " + _q(x) + ", padding " +
  str(p) + ")"

fn conv1d(out_ch: Int, k: Int, s: Int = 1, p: Int = 0, d: Int = 1, groups: Int = 1,
          bias: Bool = true) -> Block = {
  let problem = _conv_args("conv1d", out_ch, k, s, p, d, groups)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _conv("conv1d", x, out_ch, [k], [s], [p], [d], groups, bias)
}

fn conv2d(out_ch: Int, k: Int, s: Int = 1, p: Int = 0, d: Int = 1, groups: Int = 1,
          bias: Bool = true) -> Block = {
  let problem = _conv_args("conv2d", out_ch, k, s, p, d, groups)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _conv("conv2d", x, out_ch, [k, k], [s, s], [p, p], [d, d], groups, bias)
}

// A rectangular 2-D kernel (Inception's 1x7 and 7x1).
fn conv2d_rect(out_ch: Int, kh: Int, kw: Int, s: Int = 1, ph: Int = 0, pw: Int = 0,
               bias: Bool = true) -> Block = {
  let rows = _conv_args("conv2d", out_ch, kh, s, ph, 1, 1)
  let problem = if rows != "" then rows else _conv_args("conv2d", out_ch, kw, s, pw, 1, 1)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _conv("conv2d", x, out_ch, [kh, kw], [s, s], [ph, pw], [1, 1], 1, bias)
}

fn conv3d(out_ch: Int, k: Int, s: Int = 1, p: Int = 0, d: Int = 1, groups: Int = 1,
          bias: Bool = true) -> Block = {
  let problem = _conv_args("conv3d", out_ch, k, s, p, d, groups)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _conv("conv3d", x, out_ch, [k, k, k], [s, s, s], [p, p, p], [d, d, d], groups, bias)
}

// ---- dense, normalisation, activations ---------------------------------------------

// Dense over the last axis ([F] -> [out], or [T, E] -> [T, out]). `tied`: the weight
// matrix belongs to another layer (GPT-2's output head reuses the token embedding), so it
// adds no parameters here; its MACs, FLOPs and weight reads still count.
fn dense(out_features: Int, bias: Bool = true, tied: Bool = false) -> Block =
  if out_features < 1 then error("`dense` needs at least 1 output feature, got " + str(out_features))
  else fn(x: [Int]) -> [Layer] = _dense(x, out_features, bias, tied)

fn _dense(x: [Int], out_features: Int, bias: Bool, tied: Bool) -> [Layer] =
  if len(x) == 0 then shape_error("`dense` needs an input with a feature axis, [F] or [T, E] per sample, got `[]`")
  else {
    let f = x[len(x) - 1]
    let rows = floor(numel(x) / f)
    let out = concat([x[i] for i in range(len(x) - 1)], [out_features])
    let macs = rows * f * out_features
    let b = if bias then out_features else 0
    let w = if tied then 0 else f * out_features
    [Layer { kind = "dense", out = out, params = w + b, macs = macs,
             fwd = 2 * macs + rows * b, bwd_data = 2 * macs, bwd_weight = 2 * macs + rows * b,
             reads = numel(x) + f * out_features + b, writes = numel(out), act = numel(x),
             kernels = [_gemm("fwd", "gemm_fwd", rows, f, out_features),
                        _gemm("bwd_data", "gemm_bwd_data", rows, f, out_features),
                        _gemm("bwd_weight", "gemm_bwd_weight", rows, f, out_features)] }]
  }

// A GEMM of batch x `rows` rows, `k` inputs and `n` outputs per row (docs/kernel-models.md).
fn _gemm(pass: String, kind: String, rows: Int, k: Int, n: Int) -> Kernel =
  Kernel { pass = pass, kind = kind, rows = rows, feats = [k, n], flops = 2 * rows * k * n,
           elems = rows * (k + n), fixed = k * n }

// Normalisation needs the axis it keeps a scale and shift for: the channels, or the last.
fn _needs_axis(kind: String) -> [Layer] =
  shape_error("`" + kind + "` needs an input with at least 1 axis ([C, ...] or [T, E]) per sample, got `[]`")
// Backward is one kernel for both gradients (cuDNN's and PyTorch's), counted as data. The
// elements it moves are its passes over the tensor: forward the statistics (read x), then
// the normalisation (read x, write y), 3; backward two reductions (read dy and x), then the
// elementwise gradient (read dy and x, write dx), 5.
let batchnorm: Block = fn(x: [Int]) -> [Layer] = if len(x) == 0 then _needs_axis("batchnorm") else {
  let spatial = floor(numel(x) / x[0])
  [elementwise("batchnorm", x, 5, 8) with {
     params = 2 * x[0], bwd_weight = 2 * numel(x), reads = numel(x) + 2 * x[0],
     kernels = [Kernel { pass = "fwd", kind = "bn_fwd", feats = [x[0], spatial], flops = 5 * numel(x),
                         elems = 3 * numel(x) },
                Kernel { pass = "bwd_data", kind = "bn_bwd", feats = [x[0], spatial], flops = 10 * numel(x),
                         elems = 5 * numel(x) }] }]
}
let layernorm: Block = fn(x: [Int]) -> [Layer] = if len(x) == 0 then _needs_axis("layernorm") else {
  let e = x[len(x) - 1]
  [elementwise("layernorm", x, 5, 8) with { params = 2 * e, bwd_weight = 2 * numel(x),
                                             reads = numel(x) + 2 * e, kernels = [] }]
}
// RMSNorm (Zhang & Sennrich 2019; Llama): x / rms(x) * g over the last axis, a scale and
// no shift, so E parameters. Per element 4 FLOPs forward (square, accumulate, scale by
// 1 / rms, multiply by g), 6 backward-data and 2 backward-weight (g's multiply and sum).
let rmsnorm: Block = fn(x: [Int]) -> [Layer] = if len(x) == 0 then _needs_axis("rmsnorm") else {
  let e = x[len(x) - 1]
  [elementwise("rmsnorm", x, 4, 6) with { params = e, bwd_weight = 2 * numel(x),
                                           reads = numel(x) + e, kernels = [] }]
}
let relu: Block = fn(x: [Int]) -> [Layer] = [elementwise("relu", x, 1, 1)]
let leaky_relu: Block = fn(x: [Int]) -> [Layer] = [elementwise("leaky_relu", x, 1, 1)]
let relu6: Block = fn(x: [Int]) -> [Layer] = [elementwise("relu6", x, 2, 1)]
let gelu: Block = fn(x: [Int]) -> [Layer] = [elementwise("gelu", x, 8, 8)]
// SiLU (swish), x * sigmoid(x): sigmoid's 4 and a multiply forward; backward
// g * s * (1 + x * (1 - s)), 5.
let silu: Block = fn(x: [Int]) -> [Layer] = [elementwise("silu", x, 5, 5)]
let sigmoid: Block = fn(x: [Int]) -> [Layer] = [elementwise("sigmoid", x, 4, 2)]
let tanh: Block = fn(x: [Int]) -> [Layer] = [elementwise("tanh", x, 5, 2)]
let softmax: Block = fn(x: [Int]) -> [Layer] = [elementwise("softmax", x, 5, 4)]
fn dropout(rate: Real = 0.5) -> Block =
  if rate < 0 or rate > 1 then error("`dropout` needs a rate from 0 to 1, got " + str(rate))
  else fn(x: [Int]) -> [Layer] = [elementwise("dropout", x, 1, 1)]
let flatten: Block = fn(x: [Int]) -> [Layer] =
  [elementwise("flatten", [numel(x)], 0, 0, keep = false) with { reads = numel(x), kernels = [] }]

// ---- pooling ------------------------------------------------------------------------

// Pools take [C, L], [C, H, W] or [C, D, H, W] and window every axis but the channels.
fn _needs_spatial(kind: String, x: [Int]) -> String =
  "`" + kind + "` needs an input [C, L], [C, H, W] or [C, D, H, W] per sample, got " + _q(x)

// Hyper-parameters a pool cannot have, as a message ("" when they are fine).
fn _pool_args(kind: String, k: Int, s: Int, p: Int) -> String =
  if k < 1 then "`" + kind + "` needs a window of at least 1, got " + str(k)
  else if s < 0 then "`" + kind + "` needs a stride of at least 1 (or 0 for the window), got " + str(s)
  else if p < 0 then "`" + kind + "` needs a padding of at least 0, got " + str(p)
  else if 2 * p > k then
    "`" + kind + "` padding " + str(p) + " is more than half the window " + str(k) + " (as in PyTorch)"
  else ""

fn _pool(kind: String, x: [Int], k: Int, s: Int, p: Int, ceil_mode: Bool) -> [Layer] =
  if len(x) < 2 then shape_error(_needs_spatial(kind, x)) else {
    let out = concat([x[0]], [window_out(x[i], k, s, p, ceil_mode = ceil_mode) for i in range(1, len(x))])
    // The first axis with no output: the window is larger than the padded input.
    let short = min i in range(1, len(x)): if out[i] < 1 then i else len(x)
    if short < len(x) then shape_error(_too_large(kind, "window", x, k, p, 1, short))
    else [Layer { kind = kind, out = out, params = 0, macs = 0, fwd = numel(x), bwd_data = numel(x),
                  bwd_weight = 0, reads = numel(x), writes = numel(out), act = numel(x),
                  kernels = _pool_kernels(x, out, k, s, p, kind == "maxpool", ceil_mode) }]
  }

// 2-D pooling with a square window; other pools (3-D, ceil mode) use the roofline.
fn _pool_kernels(x: [Int], out: [Int], k: Int, s: Int, p: Int, is_max: Bool, ceil_mode: Bool) -> [Kernel] =
  if len(x) != 3 or ceil_mode then []
  else [Kernel { pass = "fwd", kind = "pool_fwd", feats = [x[0], x[1], x[2], k, s, p, if is_max then 1 else 0],
                 flops = numel(x), elems = numel(x) + numel(out) },
        Kernel { pass = "bwd_data", kind = "pool_bwd", feats = [x[0], x[1], x[2], k, s, p, if is_max then 1 else 0],
                 flops = numel(x), elems = numel(x) + numel(out) }]
// Pools over every spatial axis (2-D or 3-D); `s = 0` means stride = kernel, as in PyTorch.
fn maxpool(k: Int, s: Int = 0, p: Int = 0, ceil_mode: Bool = false) -> Block = {
  let problem = _pool_args("maxpool", k, s, p)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _pool("maxpool", x, k, if s == 0 then k else s, p, ceil_mode)
}
fn avgpool(k: Int, s: Int = 0, p: Int = 0, ceil_mode: Bool = false) -> Block = {
  let problem = _pool_args("avgpool", k, s, p)
  if problem != "" then error(problem)
  else fn(x: [Int]) -> [Layer] = _pool("avgpool", x, k, if s == 0 then k else s, p, ceil_mode)
}
// Adaptive average pooling to `size` per spatial axis (PyTorch's windows, evenly sized
// when the input divides; the FLOPs are one per input element either way).
fn adaptive_avgpool(size: Int) -> Block =
  if size < 1 then error("`adaptive_avgpool` needs an output size of at least 1, got " + str(size))
  else fn(x: [Int]) -> [Layer] =
  if len(x) < 2 then shape_error(_needs_spatial("adaptive_avgpool", x)) else {
    let out = concat([x[0]], [size for i in range(1, len(x))])
    [Layer { kind = "adaptive_avgpool", out = out, params = 0, macs = 0, fwd = numel(x),
             bwd_data = numel(x), bwd_weight = 0, reads = numel(x), writes = numel(out), act = 0 }]
  }
let global_avgpool: Block = fn(x: [Int]) -> [Layer] =
  if len(x) < 2 then shape_error(_needs_spatial("global_avgpool", x)) else {
    let ls = adaptive_avgpool(1)(x)
    [ls[0] with { kind = "global_avgpool", out = [x[0]] }]
  }

// ---- sequences ----------------------------------------------------------------------

// Sequence layers take token ids [T] or token vectors [T, E].
fn _tokens(kind: String, x: [Int], rank: Int) -> String =
  "`" + kind + "` needs " + (if rank == 1 then "token ids [T]" else "token vectors [T, E]") +
  " per sample, got " + _q(x)

// Token ids [T] -> [T, dim]; a lookup, no FLOPs.
fn embedding(vocab: Int, dim: Int) -> Block = fn(x: [Int]) -> [Layer] =
  if len(x) != 1 then shape_error(_tokens("embedding", x, 1)) else
  [Layer { kind = "embedding", out = [x[0], dim], params = vocab * dim, macs = 0, fwd = 0,
           bwd_data = 0, bwd_weight = x[0] * dim, reads = x[0] * dim, writes = x[0] * dim, act = x[0] }]

// Adds a learned table of `rows` x E to [T, E]: positions (GPT-2, BERT; `rows` is the
// model's maximum length, whatever T is, and T may not exceed it) or BERT's token types
// (segments). The table is a parameter; the lookup is free and the add costs 1 FLOP per
// element.
fn _added_table(kind: String, rows: Int, positions: Bool) -> Block = fn(x: [Int]) -> [Layer] =
  if len(x) != 2 then shape_error(_tokens(kind, x, 2))
  else if positions and x[0] > rows then
    shape_error("`" + kind + "` has " + str(rows) + " positions, got a sequence of " + str(x[0]) +
                " tokens (input " + _q(x) + ")")
  else [elementwise(kind, x, 1, 0, keep = false) with { params = rows * x[1], bwd_weight = numel(x),
                                                        reads = 2 * numel(x) }]
fn position_embedding(max_len: Int) -> Block = _added_table("position_embedding", max_len, true)
fn segment_embedding(types: Int) -> Block = _added_table("segment_embedding", types, false)

// The first token of [T, E] as [E] (BERT's pooler reads the [CLS] token).
let first_token: Block = fn(x: [Int]) -> [Layer] =
  if len(x) != 2 then shape_error(_tokens("first_token", x, 2)) else
  [elementwise("first_token", [x[1]], 0, 0, keep = false)]

// Multi-head self-attention on [T, E]: Q, K, V and output projections plus the two
// attention matmuls (scores Q.K^T and context P.V, T x T x E MACs each when dense) and the
// softmax over the T x T scores of each head. Backward, the projections cost 2 x their
// MACs for the input gradient and 2 x for the weights; each attention matmul multiplies two
// activations, so both of its gradients (4 x its MACs in FLOPs) are data gradients.
//
// Options (the defaults are GPT-2's and BERT's attention):
// - `kv_heads`: grouped-query attention (Llama-2 70B, Llama-3, Mixtral): K and V have
//   `kv_heads` heads of width E / `heads` each, shared by groups of query heads, so the
//   fused QKV projection has E + 2 x kv_heads x E / heads outputs. It must divide `heads`;
//   `kv_heads = heads` is multi-head attention, 1 is multi-query.
// - `causal`: count the score and context matmuls and the softmax on the lower triangle
//   only, T(T+1)/2 query-key pairs per head instead of T^2 (a masked, FlashAttention-style
//   kernel that skips the masked blocks does about this). The default counts the full
//   T x T matrix, as dense kernels (a batched GEMM, then a masked softmax) compute it for a
//   decoder too, and as Megatron-LM's and PaLM's FLOP formulas count it.
// - `bias`: biases on the four projections (GPT-2, BERT: yes; Llama: no).
// - `rope`: rotary position embeddings on Q and K (no parameters; 3 FLOPs per element of
//   Q and K forward and 3 backward, the rotation's two multiplies and an add).
fn attention(heads: Int, kv_heads: Int = heads, causal: Bool = false, bias: Bool = true,
             rope: Bool = false) -> Block =
  if heads < 1 then error("`attention` needs at least 1 head, got " + str(heads))
  else if kv_heads < 1 then error("`attention` needs at least 1 key/value head, got " + str(kv_heads))
  else if heads % kv_heads != 0 then
    error("`attention` with " + str(heads) + " heads needs key/value heads that divide " +
          str(heads) + ", got kv_heads = " + str(kv_heads))
  else fn(x: [Int]) -> [Layer] =
  if len(x) != 2 then shape_error(_tokens("attention", x, 2))
  else if x[1] % heads != 0 then
    shape_error("`attention` with " + str(heads) + " heads needs a width divisible by " + str(heads) +
                ", got " + str(x[1]) + " (input " + _q(x) + ")")
  else {
    let t = x[0]
    let e = x[1]
    let kv = kv_heads * floor(e / heads)     // the width of K and of V
    let qkv = e + 2 * kv                     // outputs of the fused QKV projection
    let proj = t * e * (qkv + e)             // Q, K, V and output projections
    // Query-key pairs per head: T(T+1)/2 (always whole) when causal, else T^2.
    let pairs = if causal then floor(t * (t + 1) / 2) else t * t
    let scores = 2 * pairs * e               // Q.K^T and P.V: pairs x E / heads MACs per head each
    let probs = heads * pairs
    let b = if bias then qkv + e else 0
    let rot = if rope then 3 * t * (e + kv) else 0
    [Layer { kind = "attention", out = x, params = e * (qkv + e) + b, macs = proj + scores,
             fwd = 2 * (proj + scores) + t * b + 5 * probs + rot,
             bwd_data = 2 * proj + 4 * scores + 4 * probs + rot, bwd_weight = 2 * proj + t * b,
             reads = t * e + e * (qkv + e) + b, writes = t * e, act = t * (e + qkv) + 2 * probs,
             // The projections are GEMMs (Q, K and V as one of E + 2 x kv outputs); the score
             // and value matmuls with the softmax between are batched per head and run on
             // the roofline of their counts.
             kernels = [_gemm("fwd", "gemm_fwd", t, e, qkv), _gemm("fwd", "gemm_fwd", t, e, e),
                        _gemm("bwd_data", "gemm_bwd_data", t, e, qkv), _gemm("bwd_data", "gemm_bwd_data", t, e, e),
                        _gemm("bwd_weight", "gemm_bwd_weight", t, e, qkv),
                        _gemm("bwd_weight", "gemm_bwd_weight", t, e, e),
                        Kernel { pass = "fwd", kind = "", flops = 2 * scores + 5 * probs + rot,
                                 elems = t * (qkv + e) + 2 * probs },
                        Kernel { pass = "bwd_data", kind = "", flops = 4 * scores + 4 * probs + rot,
                                 elems = 2 * t * (qkv + e) + 4 * probs }] }]
  }

// ---- gated feed-forward and mixture of experts -----------------------------------------

// The SwiGLU feed-forward network (Shazeer 2020; Llama, Mixtral) on [T, E] (or [F]):
// down(silu(gate(x)) * up(x)), gate and up E -> `ffn`, down `ffn` -> E, without biases by
// default: 3 x E x ffn parameters. Layers: gate, silu, up, the product, down. Backward, the
// product's two gradients cost a multiply each, and x sums the gradients of gate and up
// (one add per element of x, counted on the product).
fn swiglu(ffn: Int, bias: Bool = false) -> Block =
  if ffn < 1 then error("`swiglu` needs a hidden width of at least 1, got " + str(ffn))
  else fn(x: [Int]) -> [Layer] = _swiglu(x, ffn, bias)

fn _swiglu(x: [Int], ffn: Int, bias: Bool) -> [Layer] =
  if len(x) == 0 then shape_error("`swiglu` needs an input with a feature axis, [F] or [T, E] per sample, got `[]`")
  else {
    let gate = _dense(x, ffn, bias, false)
    let h = gate[0].out
    let n = numel(h)
    let product = Layer { kind = "mul", out = h, params = 0, macs = 0, fwd = n,
                          bwd_data = 2 * n + numel(x), bwd_weight = 0, reads = 2 * n, writes = n,
                          act = 2 * n,
                          kernels = [_eltwise("fwd", h, 2, 1), _eltwise("bwd_data", h, 3, 2),
                                     _eltwise("bwd_data", x, 2, 1)] }
    concat(gate, silu(h), _dense(x, ffn, bias, false), [product], _dense(h, x[len(x) - 1], bias, false))
  }

// A mixture-of-experts layer on [T, E] (Shazeer et al. 2017; GShard, Switch, Mixtral):
// a router (a dense E -> `experts` without bias, then a softmax) sends each token to its
// `top_k` experts, each `expert` (a block [rows, E] -> [rows, E], e.g. `swiglu(14336)`)
// runs on the tokens sent to it, and the outputs are summed with the router's weights.
//
// Parameters count every expert; MACs and FLOPs count the tokens the experts compute:
// - `capacity_factor = 0` (the default): dropless routing (Mixtral, MegaBlocks), exactly
//   top_k x T token-expert pairs;
// - `capacity_factor = c > 0`: each expert has ceil(c x top_k x T / experts) slots
//   (GShard, Switch Transformer) and computes all of them, padding included, so
//   experts x that many rows; tokens past a full expert are dropped. It decides a shape,
//   so it is a constant.
// Layers: router, softmax, dispatch (a gather: no FLOPs; backward, one add per routed
// element, which sums a token's top_k gradients and the router's), the expert's layers on
// all routed rows at once (their parameters x `experts`; each expert's weights are read
// once), and the weighted sum, (2 top_k - 1) x T x E FLOPs forward and 3 top_k x T x E
// backward (the experts' gradients and the router weights').
fn moe(experts: Int, top_k: Int, expert: Block, capacity_factor: Real = 0.0) -> Block =
  if experts < 1 then error("`moe` needs at least 1 expert, got " + str(experts))
  else if top_k < 1 or top_k > experts then
    error("`moe` with " + str(experts) + " experts needs top_k from 1 to " + str(experts) +
          ", got " + str(top_k))
  else if capacity_factor < 0 then
    error("`moe` needs a capacity factor of at least 0 (0: dropless), got " + str(capacity_factor))
  else fn(x: [Int]) -> [Layer] = _moe(x, experts, top_k, expert, capacity_factor)

fn _moe(x: [Int], experts: Int, top_k: Int, expert: Block, capacity_factor: Real) -> [Layer] =
  if len(x) != 2 then shape_error(_tokens("moe", x, 2))
  else {
    let t = x[0]
    let e = x[1]
    let rows = if capacity_factor > 0 then experts * ceil(capacity_factor * top_k * t / experts)
               else top_k * t
    let router = _dense(x, experts, false, false)
    let ex = expert([rows, e])
    let ex_out = shape_after(ex, [rows, e])
    if not same_shape(ex_out, [rows, e]) then
      shape_error("`moe` adds the experts' outputs back to the tokens, so an expert must map [rows, E] to itself: " +
                  "on " + _q([rows, e]) + " it gives " + _q(ex_out))
    else concat(router, softmax(router[0].out),
                [Layer { kind = "moe_dispatch", out = [rows, e], params = 0, macs = 0, fwd = 0,
                         bwd_data = rows * e, bwd_weight = 0, reads = t * e, writes = rows * e, act = 0 }],
                [l with { params = experts * l.params, reads = l.reads + (experts - 1) * l.params,
                          kernels = [k with { fixed = experts * k.fixed } for k in l.kernels] }
                 for l in ex],
                [Layer { kind = "moe_combine", out = x, params = 0, macs = 0,
                         fwd = (2 * top_k - 1) * t * e, bwd_data = 3 * top_k * t * e, bwd_weight = 0,
                         reads = rows * e + top_k * t, writes = t * e, act = rows * e + top_k * t }])
  }
