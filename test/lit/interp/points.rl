// The interpreter at chosen points (`--set`): a Bool param switches a select, `p == 1`
// takes the other branch of a param-dependent `if`, a failed `require` marks the point
// infeasible (with a note at the require that fails, [infeasible], exit 0) but still
// prints it, and the feasible column reflects it.
// RUN: %ringline eval %s --digits=0 | FileCheck %s --check-prefix=DEF --strict-whitespace
// RUN: %ringline eval %s --set nodes=1 --set fast=true --digits=0 | FileCheck %s --check-prefix=ONE --strict-whitespace
// RUN: %ringline eval %s --set nodes=64 --digits=0 2>%t.err | FileCheck %s --check-prefix=BIG --strict-whitespace
// RUN: FileCheck %s --check-prefix=NOTE --strict-whitespace < %t.err
record Link { bw: B/s, lat: s = 0 s }
let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }
let nvlink = Link { bw = 50 GB/s, lat = 9 us }
fn ring(n: B, p: Int, l: Link) -> s = if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)
scenario points {
  param nodes: Int = 4
  param fast: Bool = false
  let link = if fast then nvlink else edr
  require nodes <= 32, "at most 32 nodes"
  report t = ring(100 MB, nodes, link) in ms
  report bw = link.bw in GB/s
}
// DEF:      scenario points
// DEF-NEXT:   nodes    = 4
// DEF-NEXT:   fast     = false
// DEF-NEXT:   t        = 12.009000000000002 ms
// DEF-NEXT:   bw       = 12.5 GB/s
// DEF-NEXT:   feasible = true
// DEF-EMPTY:

// ONE:      scenario points
// ONE-NEXT:   nodes    = 1
// ONE-NEXT:   fast     = true
// ONE-NEXT:   t        = 0 ms
// ONE-NEXT:   bw       = 50 GB/s
// ONE-NEXT:   feasible = true

// BIG:      nodes    = 64
// BIG-NEXT:   fast     = false
// BIG-NEXT:   t        = 15.939000000000002 ms
// BIG-NEXT:   bw       = 12.5 GB/s
// BIG-NEXT:   feasible = false
// NOTE:      points.rl:17:3: note: the point is infeasible: "at most 32 nodes" does not hold [infeasible]
// NOTE-NEXT: {{^}}  require nodes <= 32, "at most 32 nodes"{{$}}
// NOTE-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// NOTE-EMPTY:
