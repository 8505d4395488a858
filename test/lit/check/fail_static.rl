// Compile-time evaluation errors: arithmetic with no value ([domain_error]), list
// indexes past the end ([index_out_of_range]), reducing an empty list ([empty_list]),
// and structure that would have to depend on a param ([not_static]).
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{division by zero in `div` of constants [domain_error]}}
let x = 1 GB / (0 B/s)

// -----
// expected-error@+1 {{`%` by zero in `mod` of constants [domain_error]}}
let x = 7 % 0

// -----
// expected-error@+1 {{`log` of 0, which is not positive [domain_error]}}
let x = log(0)

// -----
// expected-error@+1 {{`log10` of -1, which is not positive [domain_error]}}
let x = log10(-1)

// -----
// expected-error@+1 {{`sqrt` of a negative constant [domain_error]}}
let x = sqrt(-4)

// -----
// expected-error@+1 {{the result is infinite in `pow` of constants [domain_error]}}
let x = 10 ^ 400

// -----
// expected-error@+1 {{`9007199254740993` is too large for an exact `Int` (2^53 - 1 at most) [domain_error]}}
let x = 9007199254740993

// -----
// 2^53 is a double, but a result of 2^53 may be 2^53 + 1 rounded, so the largest `Int`
// is 2^53 - 1, and arithmetic that reaches 2^53 is refused.
let ok = 9007199254740991
// expected-error@+1 {{`9007199254740992` is too large for an exact `Int` (2^53 - 1 at most) [domain_error]}}
let two53 = 9007199254740992
// expected-error@+1 {{an `Int` result of 2^53 or more (it may not be exact) in `add` of constants [domain_error]}}
let plus = ok + 2
// expected-error@+1 {{an `Int` result of 2^53 or more (it may not be exact) in `mul` of constants [domain_error]}}
let times = 3002399751580331 * 3

// -----
// A literal of a thousand digits is quoted in part.
// expected-error@+1 {{`11111111111111111111...` is too large for an exact `Int` (2^53 - 1 at most) [domain_error]}}
let x = 1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111

// -----
// A literal that overflows a double is an error, not infinity.
// expected-error@+1 {{`1e400` is too large for a number (about 1.8e308 at most) [domain_error]}}
let x = 1e400

// -----
// expected-error@+1 {{`1.5e308` is too large for a number (about 1.8e308 at most) [domain_error]}}
let x = 1.5e308 TB

// -----
// expected-error@+1 {{index 5 is out of range for a list of 2 [index_out_of_range]}}
let x = [1, 2][5]

// -----
// expected-error@+1 {{index -1 is out of range for a list of 3 [index_out_of_range]}}
let x = range(3)[-1]

// -----
// expected-error@+1 {{`max` over an empty list has no value [empty_list]}}
let x = max i in []: i

// -----
// expected-error@+1 {{`min` of an empty list has no value [empty_list]}}
let x = min([])

// -----
// An empty sum is zero, of any dimension.
let ok = (sum i in []: i) + 1 s
// A Real param is never specialised: structure that depends on it is an error. (An Int or
// Bool param is specialised instead: test/lit/params.)
scenario s {
  param x: Real = 4
  // expected-error@+1 {{`range` needs constant `Int`s, got param-dependent `Int` [not_static]}}
  let ranks = range(floor(x))
  report r = len(ranks)
}

// -----
scenario s {
  param x: Real = 2
  // expected-error@+1 {{a list index must be a constant `Int`, got param-dependent `Int` [not_static]}}
  report r = [10, 20, 30][ceil(x)]
}

// -----
scenario s {
  param n: Int = 4 in [1, 2, 4]
  // expected-error@+1 {{index 4 is out of range for a list of 3 [index_out_of_range]}}
  report r = [10, 20, 30][n]
  // expected-note@-4 {{in the variant of scenario `s` with `n = 4` [specialised_at]}}
}

// -----
scenario s {
  param x: Real = 1
  // expected-error@+1 {{a list filter must be a constant `Bool`, got param-dependent `Bool` [not_static]}}
  report r = len([i for i in range(4) if i < x])
}

// -----
scenario s {
  // expected-error@+1 {{a list filter must be a constant `Bool`, got `Int` [type_mismatch]}}
  report r = len([i for i in range(4) if i])
}

// -----
record Link { bw: B/s }
scenario s {
  param r0: Real = 1
  let fast = r0 > 0.5
  // A param may choose between records of one type, not between a record and a list.
  let ok = if fast then Link { bw = 2 GB/s } else Link { bw = 1 GB/s }
  // expected-error@+1 {{this `if` depends on a param and its branches are `Link` and `[Int]`; only numbers, and records or lists of them, can be chosen at run time [not_static]}}
  let bad = if fast then Link { bw = 2 GB/s } else [1]
  report r = ok.bw
}

// -----
scenario s {
  param x: Real = 2
  // expected-error@+1 {{raising `s` to a power needs a constant `Int` exponent (|n| <= 8) [not_static]}}
  report r = (3 s) ^ floor(x)
}

// -----
scenario s {
  param k: Int = 2 in [1, 2]
  // An Int exponent is specialised, but a report's unit may not change between variants.
  // expected-error@+1 {{report `r` is `s^2` in one variant and `s` in another; it must be the same in every variant of the scenario [type_mismatch]}}
  report r = (3 s) ^ k
  // expected-note@-5 {{in the variant of scenario `s` with `k = 1` [specialised_at]}}
}

// -----
scenario s {
  param k: Int = 2 in [1, 2]
  // A `Bool` in one variant and a number in another (an `Int` and a `Real` make a `Real`
  // column: test/lit/params/int_real_report.rl).
  // expected-error@+1 {{report `r` is `Int` in one variant and `Bool` in another; it must be the same in every variant of the scenario [type_mismatch]}}
  report r = if len(range(k)) == 1 then true else 2
  // expected-note@-6 {{in the variant of scenario `s` with `k = 1` [specialised_at]}}
}

// -----
// A list doubled in a loop stops at the cap (as `range` does), not when memory runs out.
fn dbl(xs: [Int], n: Int) -> [Int] = if n == 0 then xs else dbl(concat(xs, xs), n - 1)
// expected-error@-1 {{`concat` would make a list of 1048576 elements; the limit is 1000000 [eval_limit]}}
// expected-note@+1 {{in this call of `dbl` [called_from]}}
let big = dbl([1], 40)

// -----
scenario s {
  param flag: Bool = true in [true, false]
  let xs = if flag then [1, 2] else [1]
  // A `Bool` param's variant is named by `true` or `false`.
  // expected-error@+1 {{index 1 is out of range for a list of 1 [index_out_of_range]}}
  report r = xs[1] * 1
  // expected-note@-6 {{in the variant of scenario `s` with `flag = false` [specialised_at]}}
}
