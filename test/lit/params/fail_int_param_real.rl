// An `Int` param over a list literal with a `Real` in it is refused at that `Real`, not at
// the list's first element (a list literal elsewhere takes its `Int`s as `Real`s,
// test/lit/params/mixed_list.rl).
// RUN: not %ringline check %s 2>&1 | FileCheck %s
scenario literal {
  param n: Int in [1, 2.5]
  report r = n
}
// CHECK:      fail_int_param_real.rl:6:23: error: param `n` must be `Int`, got `Real`; round it with `ceil` or `floor` [type_mismatch]
// CHECK-NEXT:   param n: Int in [1, 2.5]
// CHECK-NEXT: {{^                      \^~~$}}
