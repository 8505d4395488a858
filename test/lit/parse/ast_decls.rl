// --emit=ast: imports, records with defaults, `with` on nested paths, functions with
// defaults and function types, and a scenario's items in source order with value ranges.
// RUN: %ringline emit %s --emit=ast | FileCheck %s --strict-whitespace
import stdlib.hardware
import "other.rl" as o
record Link { bw: B/s, lat: s = 0 s }
record Net { inner: Link; outer: Link; sizes: [Int] }
let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }
let net = hw.Net { inner = edr, outer = edr, sizes = [] } with { outer.bw = 25 GB/s, inner.lat = 2 us }
fn ring(n: B, p: Int, l: Link = edr) -> s = 2 * (p - 1) * (l.lat + n / p / l.bw)
fn apply(g: fn(Int) -> Real, x: Int) -> Real { let y = g(x); y * 2 }
scenario s {
  param nodes: Int = 4 in [1, 2, 4]
  param n2: Int in 1 .. 1024 step *2
  param bw: B/s = 12.5 GB/s in 10 GB/s .. 40 GB/s step + 10 GB/s
  param on: Bool = true
  let hw = edr with { bw = bw }
  require nodes <= 64, "at most 64 nodes"
  require on
  report t = ring(100 MB, nodes, hw) in ms
  report u = 16 GiB / nodes
}
// CHECK:      (import stdlib.hardware)
// CHECK-NEXT: (import "other.rl" as o)
// CHECK-NEXT: (record-decl Link (bw : [B s^-1]) (lat : [s] = (num 0 [s])))
// CHECK-NEXT: (record-decl Net (inner : Link) (outer : Link) (sizes : (list Int)))
// CHECK-NEXT: (let edr (record Link (bw (num 12.5 [GB s^-1])) (lat (num 1.5 [us]))))
// CHECK-NEXT: (let net (with (record hw.Net (inner edr) (outer edr) (sizes (list))) (outer.bw (num 25 [GB s^-1])) (inner.lat (num 2 [us]))))
// CHECK-NEXT: (fn ring (n : [B] p : Int l : Link = edr) -> [s] (* (* (int 2) (- p (int 1))) (+ (. l lat) (/ (/ n p) (. l bw)))))
// CHECK-NEXT: (fn apply (g : (fn Int -> Real) x : Int) -> Real (block (let y (call g x)) (* y (int 2))))
// CHECK-NEXT: (scenario s
// CHECK-NEXT:   (param nodes : Int = (int 4) in (list (int 1) (int 2) (int 4)))
// CHECK-NEXT:   (param n2 : Int in (int 1) .. (int 1024) step *(int 2))
// CHECK-NEXT:   (param bw : [B s^-1] = (num 12.5 [GB s^-1]) in (num 10 [GB s^-1]) .. (num 40 [GB s^-1]) step +(num 10 [GB s^-1]))
// CHECK-NEXT:   (param on : Bool = true)
// CHECK-NEXT:   (let hw (with edr (bw bw)))
// CHECK-NEXT:   (require (<= nodes (int 64)) (str "at most 64 nodes"))
// CHECK-NEXT:   (require on)
// CHECK-NEXT:   (report t (call ring (num 100 [MB]) nodes hw) in [ms])
// CHECK-NEXT:   (report u (/ (num 16 [GiB]) nodes))
// CHECK-NEXT: )
// CHECK-EMPTY:
