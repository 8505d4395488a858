// Benchmark workload (test/bench, docs/performance.md): one data-parallel training step of
// ResNet-50 at 224x224, written out as the per-layer terms the stdlib's strategies will
// produce: for each of the 53 convolutions a forward, a backward-data and a
// backward-weight roofline term (159 compute terms, all functions of `batch`), gradients
// in 14 buckets of 4 layers each (last layers first, as backward produces them), a ring
// allreduce per bucket over `gpus` ranks on a link of bandwidth `bw` and latency `lat`,
// and the overlap chain: a bucket's allreduce starts when both its gradients and the
// previous bucket's allreduce are done. The default sweep is 128 x 25 x 25 x 128 =
// 10,240,000 scenarios.
//   ringline sweep test/bench/resnet50_dp.rl --best iter_time
record Layer { fwd: FLOP, act: B, weights: Int }
record Link { bw: B/s, lat: s }

let peak = 19.5 TFLOP/s * 0.6       // A100 fp32 at a realistic efficiency
let membw = 1555 GB/s

// One convolution on an hw x hw map, per sample: FLOPs, output bytes (fp32), weights.
fn conv(hw: Int, cin: Int, cout: Int, k: Int) -> Layer =
  Layer { fwd = 2 * hw * hw * cin * cout * k * k * (1 FLOP), act = 4 * hw * hw * cout * (1 B),
          weights = cin * cout * k * k }

// The four bottleneck stages: blocks, width, feature-map size.
let blocks = [3, 4, 6, 3]
let widths = [64, 128, 256, 512]
let sizes = [56, 28, 14, 7]
let first = [1, 11, 24, 43, 53]      // index of each stage's first conv (conv1 is 0)

// Conv j of stage s: three per bottleneck block, then the block-1 shortcut.
fn stage_conv(s: Int, j: Int) -> Layer {
  let w = widths[s];
  let cin0 = if s == 0 then 64 else 4 * widths[s - 1];
  let b = floor(j / 3);
  let k = j - 3 * b;
  let cin = if b == 0 then cin0 else 4 * w;
  if j == 3 * blocks[s] then conv(sizes[s], cin0, 4 * w, 1)
  else if k == 0 then conv(sizes[s], cin, w, 1)
  else if k == 1 then conv(sizes[s], w, w, 3)
  else conv(sizes[s], w, 4 * w, 1)
}

fn resnet_conv(i: Int) -> Layer =
  if i == 0 then conv(112, 3, 64, 7)
  else if i < first[1] then stage_conv(0, i - first[0])
  else if i < first[2] then stage_conv(1, i - first[1])
  else if i < first[3] then stage_conv(2, i - first[2])
  else stage_conv(3, i - first[3])

let layers = [resnet_conv(i) for i in range(53)]
let nbuckets = 14

// Ring allreduce of n bytes over p ranks: 2(p-1) steps of n/p bytes.
fn ring(n: B, p: Int, l: Link) -> s = if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)

// Bucket b holds layers 52 - 4b down to 49 - 4b (the last bucket: what is left).
fn in_bucket(i: Int, b: Int) -> Bool = 52 - i >= 4 * b and 52 - i < 4 * b + 4

// end(b) = max(end(b - 1), ready(b)) + allreduce(b): the overlap chain.
fn chain(b: Int, ready: [s], comm: [s]) -> s =
  if b == 0 then ready[0] + comm[0] else max(chain(b - 1, ready, comm), ready[b]) + comm[b]

scenario resnet50_dp {
  param gpus: Int = 64 in 8 .. 1024 step +8
  param bw: B/s = 25 GB/s in 5 GB/s .. 125 GB/s step +5 GB/s
  param lat: s = 5 us in 0.5 us .. 12.5 us step +0.5 us
  param batch: Int = 64 in 1 .. 128 step +1
  let link = Link { bw = bw, lat = lat }
  let fwd = [roofline(batch * l.fwd, batch * l.act + 4 * l.weights * (1 B), peak, membw) for l in layers]
  let bwd_data = [roofline(batch * l.fwd, 2 * batch * l.act + 4 * l.weights * (1 B), peak, membw) for l in layers]
  let bwd_weight = [roofline(batch * l.fwd, batch * l.act + 8 * l.weights * (1 B), peak, membw) for l in layers]
  let bwd = [bwd_data[i] + bwd_weight[i] for i in range(53)]
  let ready = [sum i in range(53): if 52 - i < 4 * b + 4 then bwd[i] else 0 s for b in range(nbuckets)]
  let bytes = [sum i in range(53): if in_bucket(i, b) then 4 * layers[i].weights * (1 B) else 0 B
               for b in range(nbuckets)]
  let comm = [ring(bytes[b], gpus, link) for b in range(nbuckets)]
  let forward = sum t in fwd: t
  let backward = sum t in bwd: t
  let total = forward + chain(nbuckets - 1, ready, comm)
  require batch * (sum l in layers: l.act) * 2 + 16 * (sum l in layers: l.weights) * (1 B) <= 80 GB,
    "activations and optimizer state fit in 80 GB"
  report iter_time = total in ms
  report throughput = batch * gpus / total
  report exposed_comm = total - forward - backward in ms
  report efficiency = (forward + backward) / total
}
