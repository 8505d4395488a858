// The pass pipeline: --print-after-all shows const-fold, cse and dce in that order;
// `x * 1` and `x - 0 s` are forwarded, the two instances of `ring` and `2 * n`/`n * 2` meet
// in CSE, and DCE drops the unused let and the dead constants. Also --emit=ir-opt alone
// and --print-after=cse.
// RUN: %ringline emit %s --emit=ir-opt --print-after-all | FileCheck %s --check-prefix=ALL
// RUN: %ringline emit %s --emit=ir-opt | FileCheck %s --check-prefix=OPT
// RUN: %ringline emit %s --emit=ir-opt --print-after=cse | FileCheck %s --check-prefix=CSE
record Link { bw: B/s, lat: s = 0 s }
let edr = Link { bw = 12.5 GB/s, lat = 1.5 us }
fn ring(n: B, p: Int, l: Link) -> s = 2 * (p - 1) * (l.lat + n / p / l.bw)
scenario s {
  param nodes: Int = 4 in [1, 2, 4, 8]
  param inter: B/s = 12.5 GB/s
  let hw = edr with { bw = inter }
  let unused = nodes * 7
  report a = ring(100 MB, nodes, hw) in ms
  report b = ring(100 MB, nodes, hw) * 1 - 0 s in ms
  report c = nodes * 2 + 2 * nodes
}

// ALL-LABEL: // -----// IR after const-fold //----- //
// ALL:       %23 = mul %17, %22
// ALL-NEXT:  %24 = const 1
// ALL-NEXT:  %25 = const 0
// ALL-NEXT:  %26 = const 2
// ALL-NEXT:  %27 = mul %0, %26
// ALL-NEXT:  %28 = const 2
// ALL-NEXT:  %29 = mul %28, %0
// ALL-NEXT:  %30 = add %27, %29
// ALL-NEXT:  report a = %13 : s in ms
// ALL-NEXT:  report b = %23 : s in ms
// ALL-NEXT:  report c = %30 : Int
// ALL-LABEL: // -----// IR after cse //----- //
// ALL:       %13 = mul %7, %12
// ALL-NEXT:  %14 = const 0
// ALL-NEXT:  %15 = mul %0, %6
// ALL-NEXT:  %16 = add %15, %15
// ALL-NEXT:  report a = %13 : s in ms
// ALL-NEXT:  report b = %13 : s in ms
// ALL-NEXT:  report c = %16 : Int
// ALL-LABEL: // -----// IR after dce //----- //
// ALL-NOT:   IR after

// OPT:      scenario s {
// OPT-NEXT:   param 0 nodes : Int = 4  ; sweeps 4 values
// OPT-NEXT:   param 1 inter : B/s = 12500000000
// OPT-NEXT:   %0 = param 0 ; nodes
// OPT-NEXT:   %1 = param 1 ; inter
// OPT-NEXT:   %2 = const 1
// OPT-NEXT:   %3 = sub %0, %2
// OPT-NEXT:   %4 = const 2
// OPT-NEXT:   %5 = mul %4, %3
// OPT-NEXT:   %6 = const 100000000
// OPT-NEXT:   %7 = div %6, %0
// OPT-NEXT:   %8 = div %7, %1
// OPT-NEXT:   %9 = const 1.5e-06
// OPT-NEXT:   %10 = add %9, %8
// OPT-NEXT:   %11 = mul %5, %10
// OPT-NEXT:   %12 = mul %0, %4
// OPT-NEXT:   %13 = add %12, %12
// OPT-NEXT:   report a = %11 : s in ms
// OPT-NEXT:   report b = %11 : s in ms
// OPT-NEXT:   report c = %13 : Int
// OPT-NEXT: }
// OPT-EMPTY:

// CSE-NOT:  IR after const-fold
// CSE:      // -----// IR after cse //----- //
// CSE-NEXT: scenario s {
// CSE:        report b = %13 : s in ms
// CSE-NEXT:   report c = %16 : Int
// CSE-NEXT: }
// CSE-EMPTY:
