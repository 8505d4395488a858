// `-` names standard input as the spec, for every command that reads one; its
// diagnostics name `<stdin>`.
// RUN: %ringline eval - < %s | FileCheck %s --check-prefix=EVAL
// RUN: %ringline sweep - --format csv < %s | FileCheck %s --check-prefix=SWEEP
// RUN: %ringline check - < %s
// RUN: printf 'scenario s {\n  report r = nope\n}\n' | not %ringline eval - 2>&1 | FileCheck %s --check-prefix=BAD
scenario doubled {
  param n: Int = 3 in 1 .. 4
  report r = n * 2 s in ms
}
// EVAL:      scenario doubled
// EVAL-NEXT:   n = 3
// EVAL-NEXT:   r = 6000 ms
// SWEEP:      n,r[ms]
// SWEEP-NEXT: 1,2000
// SWEEP:      4,8000
// BAD: <stdin>:2:14: error: unknown name `nope` [unknown_name]
