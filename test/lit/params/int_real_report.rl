// A report that is an `Int` in some variants and a `Real` in others (`2^n` is exact for
// n >= 0 and a fraction below; a list of lists picked by a param) is a `Real` column in
// every variant, on both backends.
// RUN: %ringline sweep %s --backend=jit | FileCheck %s
// RUN: %ringline sweep %s --backend=interp | FileCheck %s
// RUN: %ringline sweep %s --format json | FileCheck %s --check-prefix=JSON
scenario powers {
  param n: Int = 2 in [-1, 0, 2]
  param k: Int = 1 in [1, 2]
  report steps = len(range(max(n, 0)))
  report p = 2^n
  report q = [[3], [2.5]][k - 1][0]
}
// CHECK: n,k,steps,p,q
// CHECK-NEXT: -1,1,0,0.5,3
// CHECK-NEXT: -1,2,0,0.5,2.5
// CHECK-NEXT: 0,1,0,1,3
// CHECK-NEXT: 0,2,0,1,2.5
// CHECK-NEXT: 2,1,2,4,3
// CHECK-NEXT: 2,2,2,4,2.5
// JSON: [-1,1,0,0.5,3],
