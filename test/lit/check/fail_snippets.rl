// How diagnostics print: in source order, though the parser (unit words), the resolver
// (names) and the scenario lowering (units) find them in different passes; the caret
// line under a line with non-ASCII characters (columns count characters); and a long
// line clipped to a window around the caret with `...`, so a 600 KB line prints a short
// snippet, quickly.
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %s | FileCheck %s --strict-whitespace
// RUN: %python -c "print('let a = [' + ', '.join(str(i) for i in range(100000)) + ', x, 1]')" > %t.long.rl
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %t.long.rl | FileCheck %s --check-prefix=LONG --strict-whitespace
scenario s {
  param n: Int = 2
  report r = 1 s + 1 B * n
}
let a = x1
let b = y2 + 2 µs // é
let c = 10 Gbps

// CHECK:      fail_snippets.rl:11:18: error: left side is `s` but right side is `B`; cannot add them [unit_mismatch]
// CHECK-NEXT: {{^}}  report r = 1 s + 1 B * n{{$}}
// CHECK-NEXT: {{^}}                 ^{{$}}
// CHECK-NEXT: fail_snippets.rl:13:9: error: unknown name `x1` [unknown_name]
// CHECK-NEXT: {{^}}let a = x1{{$}}
// CHECK-NEXT: {{^}}        ^~{{$}}
// CHECK-NEXT: fail_snippets.rl:14:9: error: unknown name `y2` [unknown_name]
// CHECK-NEXT: {{^}}let b = y2 + 2 µs // é{{$}}
// CHECK-NEXT: {{^}}        ^~{{$}}
// CHECK-NEXT: fail_snippets.rl:15:12: error: unknown unit `Gbps`; write `Gbit/s` [unknown_unit]
// CHECK-NEXT: {{^}}let c = 10 Gbps{{$}}
// CHECK-NEXT: {{^}}           ^~~~{{$}}
// CHECK-NEXT: exit 1

// LONG:      long.rl:1:{{[0-9]+}}: error: unknown name `x` [unknown_name]
// LONG-NEXT: {{^\.\.\..{60,100}, x, 1\]$}}
// LONG-NEXT: {{^ {60,100}\^$}}
// LONG-NEXT: exit 1
