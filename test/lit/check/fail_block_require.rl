// A block's require that fails on constants is an error at the require, with the call
// that passed them; one that is not a Bool is a type mismatch. Both are reported.
// RUN: not %ringline check %s 2>&1 | FileCheck %s
fn half(n: Int) -> Real = {
  require n >= 1, "half: n >= 1"
  n / 2
}
fn odd(n: Int) -> Int = {
  require n
  n
}
let bad = half(-1)
let worse = odd(3)
// CHECK:      fail_block_require.rl:5:3: error: `require` fails: half: n >= 1 [user_error]
// CHECK:      fail_block_require.rl:12:11: note: in this call of `half` [called_from]
// CHECK:      fail_block_require.rl:9:11: error: `require` needs a `Bool`, got `Int` [type_mismatch]
