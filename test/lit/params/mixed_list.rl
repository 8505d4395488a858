// A list literal that mixes `Int`s and `Real`s is a list of `Real`s, so an element an `Int`
// param picks has one type in every variant (before, `[142, 91.8][k]` was `Int` in one
// variant and `Real` in the other and the report was refused). A nested list keeps its own
// type: test/lit/check/fail_static.rl. Both backends.
// RUN: %ringline sweep %s --backend=jit | FileCheck %s
// RUN: %ringline sweep %s --backend=interp | FileCheck %s
let published = [142, 219, 91.8]
scenario pick {
  param k: Int in 0 .. 2
  report r = published[k]
  report half = published[k] / 2
}
// CHECK:      k,r,half
// CHECK-NEXT: 0,142,71
// CHECK-NEXT: 1,219,109.5
// CHECK-NEXT: 2,91.8,45.9
