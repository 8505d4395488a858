// Division by zero, log of zero or of a negative number, sqrt of a negative number and
// overflow are run-time errors naming the report, the param values and the formula, the
// same with the JIT as with the interpreter; a sweep stops at the first such row and
// leaves no output file behind.
// RUN: not %ringline eval %s --backend=jit --set d=0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %ringline eval %s --backend=interp --set d=0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %ringline eval %s --backend=jit --set x=0 2>&1 | FileCheck %s --check-prefix=LOG0
// RUN: not %ringline eval %s --backend=interp --set x=0 2>&1 | FileCheck %s --check-prefix=LOG0
// RUN: not %ringline eval %s --backend=jit --set x=-1 2>&1 | FileCheck %s --check-prefix=LOGNEG
// RUN: not %ringline eval %s --backend=interp --set x=-1 2>&1 | FileCheck %s --check-prefix=LOGNEG
// RUN: not %ringline eval %s --backend=jit --set y=-4 2>&1 | FileCheck %s --check-prefix=SQRT
// RUN: not %ringline eval %s --backend=interp --set y=-4 2>&1 | FileCheck %s --check-prefix=SQRT
// RUN: not %ringline eval %s --backend=jit --set e=1000 2>&1 | FileCheck %s --check-prefix=EXP
// RUN: not %ringline eval %s --backend=interp --set e=1000 2>&1 | FileCheck %s --check-prefix=EXP
// RUN: rm -f %t.csv
// RUN: not %ringline sweep %s --backend=jit --set d=2,1,0,3 -o %t.csv 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: not ls %t.csv
// RUN: not ls %t.csv.tmp
// RUN: not %ringline sweep %s --backend=interp --set d=2,1,0,3 -o %t.csv 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: not ls %t.csv
// RUN: not ls %t.csv.tmp
// RUN: not %ringline sweep %s --backend=jit --set d=2,1,0,3 --threads 3 --best q 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: not %ringline sweep %s --backend=jit --set d=2,1,0,3 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not %ringline sweep %s --backend=interp --set d=2,1,0,3 2>&1 | FileCheck %s --check-prefix=ROWS
scenario risky {
  param d: Real = 4
  param x: Real = 8
  param y: Real = 9
  param e: Real = 1
  report q = 12 / d
  report l = log(x)
  report s = sqrt(y)
  report big = exp(e)
}
// DIV: fail_non_finite.rl:30:17: error: report `q` is inf at d=0, x=8, y=9, e=1: division by zero here [non_finite]
// LOG0: fail_non_finite.rl:31:14: error: report `l` is -inf at d=4, x=0, y=9, e=1: log of zero here [non_finite]
// LOGNEG: fail_non_finite.rl:31:14: error: report `l` is nan at d=4, x=-1, y=9, e=1: log of a negative number here [non_finite]
// SQRT: fail_non_finite.rl:32:14: error: report `s` is nan at d=4, x=8, y=-4, e=1: sqrt of a negative number here [non_finite]
// EXP: fail_non_finite.rl:33:16: error: report `big` is inf at d=4, x=8, y=9, e=1000: exp overflowed here [non_finite]
// SWEEP: error: report `q` is inf at d=0, x=8, y=9, e=1: division by zero here [non_finite]
// ROWS:      d,x,y,e,q,l,s,big
// ROWS-NEXT: 2,8,9,1,6,
// ROWS-NEXT: 1,8,9,1,12,
// ROWS-NEXT: error: report `q` is inf
