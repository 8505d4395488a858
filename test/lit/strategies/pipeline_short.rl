// A pipeline of more stages than the network has layers is infeasible (`stages <= layers`),
// and evaluates: stage_cuts leaves the last stages empty instead of cutting past the end of
// the network (which stopped `advise` on a two-layer network with "index 2 is out of range"
// inside stdlib.strategies). The 4-stage plan of two dense layers has stages 0 and 1 of
// one layer each and two empty ones.
// RUN: %ringline eval %s | FileCheck %s
// RUN: %ringline advise %s --model two --gpus 8 --compute roofline | FileCheck %s --check-prefix=ADVISE
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let two = network("two", [10], [dense(10), dense(10)])

scenario short {
  let cuts = stage_cuts(two, 4)
  report c1 = cuts[1]
  report c2 = cuts[2]
  report c3 = cuts[3]
  report c4 = cuts[4]
  let p = pipeline(two, setup(abci(1)), 4, 8, 32)
  report broken = sum c in p.constraints: if holds(c) then 0 else 1
}
// CHECK:      c1 = 1
// CHECK-NEXT: c2 = 2
// CHECK-NEXT: c3 = 2
// CHECK-NEXT: c4 = 2
// CHECK-NEXT: broken = 1

// ADVISE: 8     -  data+pipeline/4 {{.*}} breaks `stages <= layers` (4 > 2)
