// --emit=ir before the passes: a Bool param becomes `ne p, 0`, a param-dependent `if` on
// records selects field by field, a constant `if` leaves no select, requires keep their
// message (or their source text), and unit-less reports print no unit. The branches
// come in source order, whichever compiler built ringline.
// RUN: %ringline emit %s --emit=ir | FileCheck %s --strict-whitespace
record Link { bw: B/s, lat: s = 0 s }
let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }
let nvlink = Link { bw = 50 GB/s, lat = 9 us }
scenario pick {
  param fast: Bool = true
  param n: Int = 3 in 1 .. 4
  let l = if fast then nvlink else edr
  require n <= 4 and fast, "small and fast"
  require n > 0
  report t = l.lat + (1 MB) / l.bw in us
  report k = if 2 > 1 then n else n * 100
  report slow = not fast
}
// CHECK:      scenario pick {
// CHECK-NEXT:   param 0 fast : Bool = 1
// CHECK-NEXT:   param 1 n : Int = 3  ; sweeps 4 values
// CHECK-NEXT:   %0 = param 0 ; fast
// CHECK-NEXT:   %1 = const 0
// CHECK-NEXT:   %2 = ne %0, %1 : bool
// CHECK-NEXT:   %3 = param 1 ; n
// CHECK-NEXT:   %4 = const 50000000000
// CHECK-NEXT:   %5 = const 12500000000
// CHECK-NEXT:   %6 = select %2, %4, %5
// CHECK-NEXT:   %7 = const 9e-06
// CHECK-NEXT:   %8 = const 1.5e-06
// CHECK-NEXT:   %9 = select %2, %7, %8
// CHECK-NEXT:   %10 = const 4
// CHECK-NEXT:   %11 = le %3, %10 : bool
// CHECK-NEXT:   %12 = and %11, %2 : bool
// CHECK-NEXT:   %13 = const 0
// CHECK-NEXT:   %14 = gt %3, %13 : bool
// CHECK-NEXT:   %15 = const 1000000
// CHECK-NEXT:   %16 = div %15, %6
// CHECK-NEXT:   %17 = add %9, %16
// CHECK-NEXT:   %18 = not %2 : bool
// CHECK-NEXT:   require %12 ; small and fast
// CHECK-NEXT:   require %14 ; n > 0
// CHECK-NEXT:   report t = %17 : s in us
// CHECK-NEXT:   report k = %3 : Int
// CHECK-NEXT:   report slow = %18 : Bool
// CHECK-NEXT: }
// CHECK-EMPTY:
