// `--backend=auto`, the default of `eval` and `sweep`, prints what both explicit backends
// print: for `eval`, for a small sweep (which auto interprets) and for a large one (which
// it compiles); `emit --emit=stages` says which backend auto picks. `--backend=bogus` is
// a usage error naming the backends.
// RUN: %ringline eval %s > %t.eval.auto
// RUN: %ringline eval %s --backend=jit > %t.eval.jit
// RUN: %ringline eval %s --backend=interp > %t.eval.interp
// RUN: diff %t.eval.auto %t.eval.jit
// RUN: diff %t.eval.auto %t.eval.interp
// RUN: FileCheck %s --check-prefix=EVAL < %t.eval.auto
// RUN: %ringline sweep %s --backend=auto --set n=1..20+1 > %t.small.auto
// RUN: %ringline sweep %s --backend=jit --set n=1..20+1 > %t.small.jit
// RUN: %ringline sweep %s --backend=interp --set n=1..20+1 > %t.small.interp
// RUN: diff %t.small.auto %t.small.jit
// RUN: diff %t.small.auto %t.small.interp
// RUN: %ringline sweep %s --set n=1..4000+1 --set m=1..2000+1 --best -r --format csv > %t.large.auto
// RUN: %ringline sweep %s --backend=jit --set n=1..4000+1 --set m=1..2000+1 --best -r --format csv > %t.large.jit
// RUN: %ringline sweep %s --backend=interp --set n=1..4000+1 --set m=1..2000+1 --best -r --format csv > %t.large.interp
// RUN: diff %t.large.auto %t.large.jit
// RUN: diff %t.large.auto %t.large.interp
// RUN: %ringline emit %s --emit=stages --set n=1..20+1 | FileCheck %s --check-prefix=SMALL
// RUN: %ringline emit %s --emit=stages --set n=1..4000+1 --set m=1..2000+1 | FileCheck %s --check-prefix=LARGE
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --backend=bogus | FileCheck %s --check-prefix=BOGUS
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --backend=bogus | FileCheck %s --check-prefix=BOGUS
scenario auto {
  param n: Int = 3
  param m: Int = 7 in [7, 9]
  let t = log(m * n + 1) * sqrt(n) + m % 4
  require t < 1000, "bounded"
  report r = min(t, 500) + max(n / m, 0.25) ^ 1.5
  report s = if n == 1 then 0 else exp(-n / 100) * m
}
// EVAL:      scenario auto
// EVAL-NEXT:   n        = 3
// EVAL-NEXT:   m        = 7
// EVAL:        feasible = true
// SMALL: backend auto: interp for 40 points
// LARGE: backend auto: jit for 8000000 points
// BOGUS: ringline: error: unknown --backend `bogus`; available: auto, jit, interp [bad_option]
// BOGUS: exit 2
