// A sweep over variants counts the points each `require` drops in every variant: here `n`
// is specialised (`range(n)`), and "fits" fails only in the variants n = 2 (m >= 7) and
// n = 3 (m >= 5).
// RUN: %ringline sweep %s --backend=jit 2>&1 >/dev/null | FileCheck %s
// RUN: %ringline sweep %s --backend=interp --best r 2>&1 >/dev/null | FileCheck %s
// CHECK: ringline: 12 of 30 points dropped: 10 by "fits" ({{.*}}dropped_by_variant.rl:{{[0-9]+}}), 3 by `m != 5` ({{.*}}dropped_by_variant.rl:{{[0-9]+}})
scenario s {
  param n: Int in [1, 2, 3]
  param m: Int in 1 .. 10 step +1
  let xs = range(n)
  require len(xs) * m <= 12, "fits"
  require m != 5
  report r = len(xs) * m
}
