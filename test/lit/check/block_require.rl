// A function's block may `require` of its arguments: a constant that fails is an error at
// the require with the calls that led there; one that depends on a param becomes a named
// require of the scenario (the point is infeasible, counted by name); inside a branch a
// param chooses, it holds wherever that branch is not taken; two calls of one function are
// one require. stdlib's clusters and plans require positive counts this way.
// RUN: %ringline sweep %s --scenario=s --format csv 2>%t.err | FileCheck %s --check-prefix=SWEEP
// RUN: FileCheck %s --check-prefix=DROPPED < %t.err
// RUN: %ringline sweep %s --scenario=s --format csv --backend interp 2>%t.err2 | FileCheck %s --check-prefix=SWEEP
// RUN: FileCheck %s --check-prefix=DROPPED < %t.err2
// RUN: %ringline eval %s --scenario=stdlib_counts --set nodes=-2 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: %ringline emit %s --emit=ast | FileCheck %s --check-prefix=AST
import stdlib.hardware
import stdlib.strategies
import stdlib.layers

fn half(n: Int) -> Real = {
  require n >= 1, "half: n >= 1"
  let h = n / 2
  require h < 100
  h * 1.0
}
let ok = half(4)

scenario s {
  param n: Int = 4 in [-2, 0, 1, 4, 400]
  param fast: Bool = true in [true, false]
  report a = half(n)
  report b = if fast then 1.0 else half(n - 3)
}
// n = -2, 0 break `half: n >= 1` in `a`; n = 400 breaks `h < 100`; with fast = false,
// half(n - 3) also needs n >= 4, so n = 1 is dropped there and kept with fast = true.
// SWEEP:      n,fast,a,b
// SWEEP-NEXT: 1,true,0.5,1
// SWEEP-NEXT: 4,true,2,1
// SWEEP-NEXT: 4,false,2,0.5
// SWEEP-NOT:  {{.}}
// DROPPED: 7 of 10 points dropped: 5 by "half: n >= 1" ({{.*}}block_require.rl:17), 2 by `h < 100` ({{.*}}block_require.rl:19)

scenario stdlib_counts {
  param nodes: Int = 4
  let plan = data_parallel(network("d", [64], [dense(64)]), setup(abci(nodes)) with { compute = roofline_source },
                           4 * nodes, 8)
  report iter = plan.iter
}
// NODES:      feasible = false
// NODES:      hardware.rl:{{[0-9]+}}:3: note: the point is infeasible: "a cluster's nodes >= 1" does not hold [infeasible]
// NODES:      strategies.rl:{{[0-9]+}}:3: note: the point is infeasible: "a plan's GPUs >= 1" does not hold [infeasible]

// AST: (fn half (n : Int) -> Real (block (require (>= n (int 1)) "half: n >= 1") (let h (/ n (int 2))) (require (< h (int 100))) (* h (num 1.0))))
