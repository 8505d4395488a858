// The reference interpreter's values at a scenario's defaults, exact to the last digit:
// unit arithmetic (`16 GiB / 12.5 GB/s`, `25 GB/s == 200 Gbit/s`), functions with
// defaults and named arguments, records with nested `with`, reductions, comprehensions,
// Int / Int, ceil, static and param-dependent `if`, and report units.
// RUN: %ringline eval %s --digits=0 | FileCheck %s --strict-whitespace
record Link { bw: B/s, lat: s = 0 s }
record Net { inner: Link, outer: Link }
let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }
let nvlink = Link { bw = 50 GB/s, lat = 9 us }
fn ring(n: B, p: Int, l: Link = edr) -> s = if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)
fn f(a: Int, b: Int = a * 2) -> Int = a + b
scenario values {
  param nodes: Int = 4 in [1, 2, 4, 8]
  param inter: B/s = 25 GB/s
  param fast: Bool = false
  let net = Net { inner = nvlink, outer = edr } with { outer.bw = inter, inner.lat = 2 us }
  report t = 16 GiB / 12.5 GB/s
  report same = 25 GB/s == 200 Gbit/s
  report bits = inter in Gbit/s
  report ring4 = ring(100 MB, nodes) in ms
  report ring_net = ring(p = nodes, n = 100 MB, l = net.outer) in ms
  report lat = net.inner.lat in us
  report fdef = f(nodes)
  report fnamed = f(b = 1, a = nodes)
  report sq = sum x in [1, 2, 3]: x * x
  report lc = sum y in [x * nodes for x in range(3)]: y
  report mx = max l in [edr, nvlink]: l.bw in GB/s
  report half = nodes / 8
  report up = ceil(nodes / 3)
  report pick = if fast then 1 ms else 2 ms
  report stat = if 1 < 2 then 5 else 1 / 0
  report per_node = 16 GiB / nodes in GiB
  report mem = 16 GiB
  report big = 1.5 TFLOP / 1 ms
}
// CHECK:      scenario values
// CHECK-NEXT:   nodes    = 4
// CHECK-NEXT:   inter    = 25 GB/s
// CHECK-NEXT:   fast     = false
// CHECK-NEXT:   t        = 1.37438953472 s
// CHECK-NEXT:   same     = true
// CHECK-NEXT:   bits     = 200 Gbit/s
// CHECK-NEXT:   ring4    = 12.009000000000002 ms
// CHECK-NEXT:   ring_net = 6.009 ms
// CHECK-NEXT:   lat      = 2 us
// CHECK-NEXT:   fdef     = 12
// CHECK-NEXT:   fnamed   = 5
// CHECK-NEXT:   sq       = 14
// CHECK-NEXT:   lc       = 12
// CHECK-NEXT:   mx       = 50 GB/s
// CHECK-NEXT:   half     = 0.5
// CHECK-NEXT:   up       = 2
// CHECK-NEXT:   pick     = 0.002 s
// CHECK-NEXT:   stat     = 5
// CHECK-NEXT:   per_node = 4 GiB
// CHECK-NEXT:   mem      = 16 GiB
// CHECK-NEXT:   big      = 1500000000000000 FLOP/s
// CHECK-EMPTY:
