// A list of conditions required by a list of names is one require each: a sweep drops the
// points each fails by its name, as it would written out one by one, and a name may be any
// static String (`"n <= " + str(k)`).
// RUN: %ringline sweep %s --format csv 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DROPPED < %t.err
// RUN: %ringline sweep %s --format csv --keep-infeasible | FileCheck %s --check-prefix=KEEP
record C { name: String, ok: Bool }
let k = 5
scenario s {
  param n: Int = 1 in 1 .. 6
  let cs = [C { name = "n > 1", ok = n > 1 }, C { name = "n < 4", ok = n < 4 }]
  require [c.ok for c in cs], [c.name for c in cs]
  require n <= k, "n <= " + str(k)
  report x = n
}
// DROPPED: ringline: 4 of 6 points dropped: 1 by "n > 1" ({{.*}}require_lists.rl:12), 3 by "n < 4" ({{.*}}require_lists.rl:12), 1 by "n <= 5" ({{.*}}require_lists.rl:13)
// CHECK: n,x
// CHECK-NEXT: 2,2
// CHECK-NEXT: 3,3
// CHECK-NOT: {{.}}
// KEEP: n,x,feasible
// KEEP-NEXT: 1,1,false
// KEEP-NEXT: 2,2,true
// KEEP-NEXT: 3,3,true
// KEEP-NEXT: 4,4,false
