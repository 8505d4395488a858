// `and` and `or` decided by a constant side: what is to its right is not evaluated, also
// when the left side depends on a param (`(p and false) and x` is `false`), so the out-of-
// range index below is never taken. A dynamic side with no constant decision is still
// computed at run time.
// RUN: %ringline sweep %s --format csv | FileCheck %s
scenario logic {
  param x: Real = 1 in [1, 2]
  let xs = [1, 2]
  report a = false and xs[4] == 1
  report b = x > 1 and false and xs[4] == 1
  report c = x > 1 or true or xs[4] == 1
  report d = x > 1 and true
  report e = x > 1 or false
}
// CHECK:      x,a,b,c,d,e
// CHECK-NEXT: 1,false,false,true,false,false
// CHECK-NEXT: 2,false,false,true,true,true
