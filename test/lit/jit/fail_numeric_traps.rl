// Two traps a double hides: an `Int` result past 2^53 stops being exact, and a comparison
// on NaN is silently false. Both are run-time errors ([non_finite]) with either backend,
// located at the cause; a static `Int` past 2^53 is a compile-time [domain_error]. Guards
// are only emitted where the params' values can reach 2^53, and `and`/`or` ignore an
// unknown side that the other side decides (three-valued logic).
// RUN: not %ringline eval %s --scenario ints --backend=jit 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not %ringline eval %s --scenario ints --backend=interp 2>&1 | FileCheck %s --check-prefix=INT
// RUN: %ringline eval %s --scenario ints --set p=94906265 | FileCheck %s --check-prefix=INTOK
// RUN: not %ringline sweep %s --scenario ints --set p=3,94906267 2>&1 | FileCheck %s --check-prefix=INTSWEEP
// RUN: not %ringline eval %s --scenario nans --backend=jit 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not %ringline eval %s --scenario nans --backend=interp 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: %ringline sweep %s --scenario nans --set z=1,2 --backend=jit | FileCheck %s --check-prefix=NANOK
// RUN: %ringline sweep %s --scenario nans --set z=1,2 --backend=interp | FileCheck %s --check-prefix=NANOK
// RUN: %ringline sweep %s --scenario decided --backend=jit | FileCheck %s --check-prefix=DECIDED
// RUN: %ringline sweep %s --scenario decided --backend=interp | FileCheck %s --check-prefix=DECIDED
// RUN: not %ringline eval %s --scenario gate --backend=jit 2>&1 | FileCheck %s --check-prefix=GATE
// RUN: not %ringline eval %s --scenario gate --backend=interp 2>&1 | FileCheck %s --check-prefix=GATE
// RUN: not %ringline check %s 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %ringline emit %s --scenario small --emit=ir | FileCheck %s --check-prefix=SMALL
scenario ints {
  param p: Int = 94906267
  report square = p * p
}
// INT: fail_numeric_traps.rl:22:21: error: report `square` is nan at p=94906267: the `Int` result 9007199515875288 is 2^53 or more (where integers stop being exact) here [non_finite]
// INTOK: square = 9007199136250225
// INTSWEEP: error: report `square` is nan at p=94906267

scenario nans {
  param z: Real = 0
  let q = z / z
  report pick = if q > 1 then 1 s else 2 s
}
// NAN: fail_numeric_traps.rl:30:13: error: report `pick` is nan at z=0: division by zero here [non_finite]
// NANOK:      z,pick
// NANOK-NEXT: 1,2
// NANOK-NEXT: 2,2

scenario decided {
  param z: Real = 0 in [0, 1]
  let q = z / z
  report both = if z > 0 and q > 0.5 then 1 else 0
  report either = if z == 0 or q > 0.5 then 3 else 0
  report neither = if not (z == 0 or q > 0.5) then 1 else 0
}
// DECIDED:      z,both,either,neither
// DECIDED-NEXT: 0,0,3,0
// DECIDED-NEXT: 1,1,3,0

scenario gate {
  param z: Real = 0
  let q = z / z
  require q < 2, "q is small"
  report one = 1 s
}
// GATE: fail_numeric_traps.rl:51:13: error: report `one` is nan at z=0: division by zero here [non_finite]

scenario static_int {
  let big = 94906267 * 94906267
  report r = big
}
// STATIC: fail_numeric_traps.rl:58:22: error: an `Int` result of 2^53 or more (it may not be exact) in `mul` of constants [domain_error]

scenario small {
  param gpus: Int = 8 in [1, 2, 4, 8]
  param batch: Int = 32 in [16, 32, 64]
  report samples = gpus * batch * 2
}
// SMALL-NOT: select
// SMALL:     report samples
