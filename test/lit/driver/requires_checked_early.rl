// A sweep that drops infeasible rows checks each require where its condition is known and
// skips the values it does not need (docs/language.md, "Sweeps"): its rows are the feasible
// rows of the same sweep with --keep-infeasible, which computes every point whole, to the
// last digit, on both backends and in both chunk orders (streamed rows, and a reduction).
// Requires here are known in the outer loops (`n % m`, a pow of k alone) and the inner
// ones (`fits`, after the lets it needs; `t` is computed only where they all hold).
// RUN: %ringline sweep %s --backend interp --format csv -o %t.interp.csv
// RUN: %ringline sweep %s --backend interp --format csv --keep-infeasible -o %t.interp.keep.csv
// RUN: %python %S/Inputs/kept_rows.py %t.interp.keep.csv > %t.interp.kept.csv
// RUN: diff %t.interp.csv %t.interp.kept.csv
// RUN: %ringline sweep %s --backend jit --format csv -o %t.jit.csv
// RUN: diff %t.interp.csv %t.jit.csv
// RUN: %ringline sweep %s --backend jit --format csv --keep-infeasible -o %t.jit.keep.csv
// RUN: diff %t.interp.keep.csv %t.jit.keep.csv
// RUN: %ringline sweep %s --backend interp --top 3 --by time --format csv 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: %ringline sweep %s --backend jit --top 3 --by time --format csv 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: %python %S/Inputs/shape.py csv %t.interp.csv | FileCheck %s --check-prefix=SHAPE
// UNSUPPORTED: backend-interp
scenario layouts {
  param n: Int = 8 in 1 .. 12
  param m: Int = 2 in 1 .. 6
  param k: Int = 1 in 1 .. 9
  param z: Int = 0 in 0 .. 3
  let share = n / m
  let big = share ^ 1.5 + k * 0.25
  require n % m == 0, "m divides n"
  require k ^ 2 <= 50, "k small"
  let bytes = big * (4 - z) + z * 0.5
  require bytes <= 30, "fits"
  require not (z > 0 and m == 1), "zero needs m"
  let t = exp(big / 10) + log(bytes + 1) / (z + 1) + sqrt(share * k)
  report bytes_used = bytes
  report time = t
}
// The reduction's rows and the count of the points each require drops (a point may fail
// several), the same on both backends.
// TOP:      n,m,k,z,bytes_used,time
// TOP-NEXT: 2,2,1,3,2.75,2.463587413062406
// TOP-NEXT: 3,3,1,3,2.75,2.463587413062406
// TOP-NEXT: 4,4,1,3,2.75,2.463587413062406
// TOP-NEXT: ringline: 2144 of 2592 points dropped: 1548 by "m divides n" ({{.*}}:26), 576 by "k small" ({{.*}}:27), 371 by "fits" ({{.*}}:29), 324 by "zero needs m" ({{.*}}:30)
// SHAPE: rows: 448
