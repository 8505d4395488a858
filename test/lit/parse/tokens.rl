// --emit=tokens: kinds, positions and text of numbers, unit words, µ, strings, operators.
// RUN: %ringline emit %s --emit=tokens | FileCheck %s
let t = 16 GiB / 12.5 GB/s
let u = 1.5 µs + 1_000 ns
let s = "edr" // a comment is skipped
fn f(x: Int) -> Int = x ^ 2 % 3 >= 1 and not true
let r = 1..64 step *2 <= != == [] 2.5e-3
// CHECK:      3:1 'let' `let`
// CHECK-NEXT: 3:5 ID `t`
// CHECK-NEXT: 3:7 '=' `=`
// CHECK-NEXT: 3:9 NUMBER `16`
// CHECK-NEXT: 3:12 ID `GiB`
// CHECK-NEXT: 3:16 '/' `/`
// CHECK-NEXT: 3:18 NUMBER `12.5`
// CHECK-NEXT: 3:23 ID `GB`
// CHECK-NEXT: 3:25 '/' `/`
// CHECK-NEXT: 3:26 ID `s`
// CHECK-NEXT: 4:1 'let' `let`
// CHECK-NEXT: 4:5 ID `u`
// CHECK-NEXT: 4:7 '=' `=`
// CHECK-NEXT: 4:9 NUMBER `1.5`
// CHECK-NEXT: 4:13 ID `µs`
// CHECK-NEXT: 4:16 '+' `+`
// CHECK-NEXT: 4:18 NUMBER `1_000`
// CHECK-NEXT: 4:24 ID `ns`
// CHECK-NEXT: 5:1 'let' `let`
// CHECK-NEXT: 5:5 ID `s`
// CHECK-NEXT: 5:7 '=' `=`
// CHECK-NEXT: 5:9 STRING `"edr"`
// CHECK-NEXT: 6:1 'fn' `fn`
// CHECK-NEXT: 6:4 ID `f`
// CHECK-NEXT: 6:5 '(' `(`
// CHECK-NEXT: 6:6 ID `x`
// CHECK-NEXT: 6:7 ':' `:`
// CHECK-NEXT: 6:9 ID `Int`
// CHECK-NEXT: 6:12 ')' `)`
// CHECK-NEXT: 6:14 '->' `->`
// CHECK-NEXT: 6:17 ID `Int`
// CHECK-NEXT: 6:21 '=' `=`
// CHECK-NEXT: 6:23 ID `x`
// CHECK-NEXT: 6:25 '^' `^`
// CHECK-NEXT: 6:27 NUMBER `2`
// CHECK-NEXT: 6:29 '%' `%`
// CHECK-NEXT: 6:31 NUMBER `3`
// CHECK-NEXT: 6:33 '>=' `>=`
// CHECK-NEXT: 6:36 NUMBER `1`
// CHECK-NEXT: 6:38 'and' `and`
// CHECK-NEXT: 6:42 'not' `not`
// CHECK-NEXT: 6:46 'true' `true`
// CHECK-NEXT: 7:1 'let' `let`
// CHECK-NEXT: 7:5 ID `r`
// CHECK-NEXT: 7:7 '=' `=`
// CHECK-NEXT: 7:9 NUMBER `1`
// CHECK-NEXT: 7:10 '..' `..`
// CHECK-NEXT: 7:12 NUMBER `64`
// CHECK-NEXT: 7:15 'step' `step`
// CHECK-NEXT: 7:20 '*' `*`
// CHECK-NEXT: 7:21 NUMBER `2`
// CHECK-NEXT: 7:23 '<=' `<=`
// CHECK-NEXT: 7:26 '!=' `!=`
// CHECK-NEXT: 7:29 '==' `==`
// CHECK-NEXT: 7:32 '[' `[`
// CHECK-NEXT: 7:33 ']' `]`
// CHECK-NEXT: 7:35 NUMBER `2.5e-3`
// CHECK-NEXT: {{[0-9]+}}:{{[0-9]+}} EOF ``
