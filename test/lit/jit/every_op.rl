// Every cost-IR instruction kind on param-dependent operands (nothing folds), evaluated by
// the JIT and by the interpreter: both print exactly the same digits.
// RUN: %ringline eval %s --backend=jit --digits=0 | FileCheck %s
// RUN: %ringline eval %s --backend=interp --digits=0 | FileCheck %s
// RUN: %ringline eval %s --backend=jit -O0 --digits=0 | FileCheck %s
// RUN: %ringline eval %s --backend=jit -O3 --set x=-2.5 --set k=-17 --set on=false --digits=0 | FileCheck %s --check-prefix=NEG
// RUN: %ringline eval %s --backend=interp --set x=-2.5 --set k=-17 --set on=false --digits=0 | FileCheck %s --check-prefix=NEG
scenario ops {
  param x: Real = 7.25
  param n: Int = 3
  param k: Int = 17
  param on: Bool = true
  report add = x + n
  report sub = x - n
  report mul = x * n
  report div = x / n
  report mod = k % n
  report pow = x ^ n
  report powr = n ^ 0.5
  report mn = min(x, n, 5)
  report mx = max(x, n)
  report neg = -x
  report ab = abs(x - 10)
  report sq = sqrt(n)
  report ex = exp(n)
  report lg = log(n)
  report lg2 = log2(n)
  report lg10 = log10(n)
  report ce = ceil(x)
  report fl = floor(x)
  report lt = x < n
  report le = x <= 7.25
  report gt = x > n
  report ge = x >= 8
  report eq = x == 7.25
  report ne = n != 3
  report both = on and x > 0
  report either = on or x > 100
  report nt = not on
  report sel = if on then x else n
  report bsel = if x > 5 then on else not on
  report beq = on == (x > 5)
}
// CHECK:      scenario ops
// CHECK:        add    = 10.25
// CHECK-NEXT:   sub    = 4.25
// CHECK-NEXT:   mul    = 21.75
// CHECK-NEXT:   div    = 2.4166666666666665
// CHECK-NEXT:   mod    = 2
// CHECK-NEXT:   pow    = 381.078125
// CHECK-NEXT:   powr   = 1.7320508075688772
// CHECK-NEXT:   mn     = 3
// CHECK-NEXT:   mx     = 7.25
// CHECK-NEXT:   neg    = -7.25
// CHECK-NEXT:   ab     = 2.75
// CHECK-NEXT:   sq     = 1.7320508075688772
// CHECK-NEXT:   ex     = 20.085536923187668
// CHECK-NEXT:   lg     = 1.0986122886681098
// CHECK-NEXT:   lg2    = 1.584962500721156
// CHECK-NEXT:   lg10   = 0.47712125471966244
// CHECK-NEXT:   ce     = 8
// CHECK-NEXT:   fl     = 7
// CHECK-NEXT:   lt     = false
// CHECK-NEXT:   le     = true
// CHECK-NEXT:   gt     = true
// CHECK-NEXT:   ge     = false
// CHECK-NEXT:   eq     = true
// CHECK-NEXT:   ne     = false
// CHECK-NEXT:   both   = true
// CHECK-NEXT:   either = true
// CHECK-NEXT:   nt     = false
// CHECK-NEXT:   sel    = 7.25
// CHECK-NEXT:   bsel   = true
// CHECK-NEXT:   beq    = true

// NEG:        add    = 0.5
// NEG:        mod    = -2
// NEG-NEXT:   pow    = -15.625
// NEG:        mn     = -2.5
// NEG-NEXT:   mx     = 3
// NEG-NEXT:   neg    = 2.5
// NEG-NEXT:   ab     = 12.5
// NEG:        ce     = -2
// NEG-NEXT:   fl     = -3
// NEG:        both   = false
// NEG-NEXT:   either = false
// NEG-NEXT:   nt     = true
// NEG-NEXT:   sel    = 3
// NEG-NEXT:   bsel   = true
// NEG-NEXT:   beq    = true
