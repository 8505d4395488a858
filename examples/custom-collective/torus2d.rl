// A user-defined collective, written only in Ringline: the 2-D torus allreduce of Mikami
// et al. 2018 ("ImageNet/ResNet-50 training in 224 seconds") on an X x Y grid of GPUs.
// Each row reduce-scatters its vector around the horizontal ring, each column
// allreduces the row's n/X shard around the vertical ring, and each row allgathers.
// The compiler reduces the schedule to a closed form (see it with
//   ringline emit examples/custom-collective/torus2d.rl --emit=ir-opt
// ) and the `check` reports below compare it with the formula written by hand:
//   2(X-1)α_x + 2((X-1)/X)nβ_x + 2(Y-1)α_y + 2((Y-1)/Y)(n/X)β_y
//   + ((X-1)/X + (Y-1)/(XY))nγ
//   ringline eval examples/custom-collective/torus2d.rl
//   ringline sweep examples/custom-collective/torus2d.rl --set x=2..16*2 --set y=1..64*2
import stdlib.hardware

// One ring pass of `p` steps per phase, n/p bytes a step.
schedule ring_rs(n: B, p: Int, l: Link, gamma: s/B) {
  repeat p - 1 { send n / p over l; reduce n / p at gamma }
}
schedule ring_ag(n: B, p: Int, l: Link) {
  repeat p - 1 { send n / p over l }
}

schedule torus2d_allreduce(n: B, x: Int, y: Int, row: Link, col: Link, gamma: s/B = 0 s/B) {
  phase horizontal_reduce_scatter: ring_rs(n, x, row, gamma)
  phase vertical_allreduce: {
    ring_rs(n / x, y, col, gamma)
    ring_ag(n / x, y, col)
  }
  phase horizontal_allgather: ring_ag(n, x, row)
}

// The same cost written out by hand.
fn torus2d_formula(n: B, x: Int, y: Int, row: Link, col: Link, gamma: s/B) -> s =
  2 * (x - 1) * row.lat + 2 * (x - 1) / x * n / row.bw
  + 2 * (y - 1) * col.lat + 2 * (y - 1) / y * (n / x) / col.bw
  + ((x - 1) / x + (y - 1) / (x * y)) * n * gamma

scenario resnet50_torus {
  param x: Int = 4 in [2, 4, 8, 16]           // GPUs per row (inside a node: NVLink)
  param y: Int = 16 in [1, 2, 4, 16, 64]      // rows (across nodes: InfiniBand EDR)
  let grads = 25557032 * 2 B                  // ResNet-50 fp16 gradients
  let gamma = 1 / (900 GB/s) * 3              // read two operands, write one, at V100 HBM speed
  let t = torus2d_allreduce(grads, x, y, nvlink2, edr, gamma)
  let f = torus2d_formula(grads, x, y, nvlink2, edr, gamma)
  report time = t in ms
  report formula = f in ms
  report diff = abs(t - f) / f
  report check = abs(t - f) / f <= 1e-12
}
