// An empty `sum` is a zero of any dimension, so a report converted `in` a unit takes that
// unit in the variant whose list is empty as in the others (it was refused as "`Int` but
// `in ms` is `s`"). Both backends.
// RUN: %ringline sweep %s --backend=jit | FileCheck %s
// RUN: %ringline sweep %s --backend=interp | FileCheck %s
scenario l {
  param n: Int = 1 in [0, 1, 2]
  report a = (sum i in range(n): 1 ms) in ms
}
// CHECK:      n,a[ms]
// CHECK-NEXT: 0,0
// CHECK-NEXT: 1,1
// CHECK-NEXT: 2,2
