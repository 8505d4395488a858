// Scenarios: missing reports or param values ([bad_scenario]), value ranges that never
// end or are empty ([bad_range]); a param that fails binds an error value, so its uses
// add no second diagnostic.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{scenario `empty` has no `report` [bad_scenario]}}
scenario empty {
  param n: Int = 4
}

// -----
scenario s {
  // expected-error@+1 {{param `n` needs a default (`= value`) or values (`in [...]`) [bad_scenario]}}
  param n: Int
  report r = n * 2
}

// -----
scenario s {
  // A param over static values checks each against its type.
  // expected-error@+1 {{param `name` must be `String`, got `Int` [type_mismatch]}}
  param name: String = "resnet" in [16, 32]
  report r = 1
}

// -----
record Link { bw: B/s }
scenario s {
  // expected-error@+1 {{param `l` is `Link`, not a number: list its values (`in [a, b]`) instead of a range [bad_range]}}
  param l: Link in Link { bw = 1 GB/s } .. Link { bw = 2 GB/s } step + 1
  report r = 1
}

// -----
scenario s {
  // expected-error@+1 {{param `n` needs a default (`= value`) or values (`in [...]`) [bad_scenario]}}
  param n: [Int]
  report r = 1
}

// -----
scenario s {
  param x: Real = 1
  // expected-error@+1 {{param `n` takes static values; this one depends on a param [not_static]}}
  param n: [Real] in [[1], [x]]
  report r = 1
}

// -----
scenario s {
  param n: Int in [1, 2]
  // expected-error@+1 {{the values of param `m` differ between variants; a param's values may not depend on a param whose values are static [bad_scenario]}}
  param m: Int in range(n)
  // expected-note@-4 {{in the variant of scenario `s` with `n = 2` [specialised_at]}}
  let k = range(n)
  report r = m
}

// -----
scenario s {
  // expected-error@+1 {{the range from 1 to 64 by *1 never ends or is empty [bad_range]}}
  param n: Int in 1 .. 64 step *1
  report r = n
}

// -----
scenario s {
  // expected-error@+1 {{the range from 64 to 1 by +1 never ends or is empty [bad_range]}}
  param n: Int in 64 .. 1
  report r = n
}

// -----
scenario s {
  // expected-error@+1 {{the range from 0 to 64 by *2 never ends or is empty [bad_range]}}
  param n: Int in 0 .. 64 step *2
  report r = n
}

// -----
scenario s {
  // expected-error@+1 {{a range of `B/s` values needs a step (`step *2` or `step + 1 B/s`) [bad_range]}}
  param bw: B/s in 10 GB/s .. 100 GB/s
  report r = bw
}

// -----
scenario s {
  // expected-error@+1 {{a range of more than 10000000 values [bad_range]}}
  param n: Int in 1 .. 100000000 step +1
  report r = n
}

// -----
// expected-error@+1 {{`range` of 2000000 elements; the limit is 1000000 [bad_range]}}
let big = range(2000000)

// -----
scenario s {
  // expected-error@+1 {{unknown name `sizes` [unknown_name]}}
  param n: Int = 1 in sizes
  // No `unknown name n` here: the failed param is bound to an error value.
  report r = n
  report q = n + 1
}

// -----
scenario s {
  param n: Int = 4 in [1, 2, 4]
  // expected-error@+1 {{param `m` default must be a constant, not computed from a param whose value is not [not_static]}}
  param m: Int = n
  report r = m
}

// -----
scenario s {
  param a: Int = 2
  // A default computed from another (dynamic) param: a diagnostic, not an internal error.
  // expected-error@+1 {{param `b` default must be a constant, not computed from a param whose value is not [not_static]}}
  param b: Real = 1 / a
  // expected-error@+1 {{param `c` must be a constant, not computed from a param whose value is not [not_static]}}
  param c: B in [a * 1 GB]
  report r = b
}

// -----
scenario s {
  // expected-error@+1 {{param `p` default must be one `Real`, got a list of 0 [type_mismatch]}}
  param p: Real = []
  // expected-error@+1 {{param `q` default must be one `Real`, got a list of 2 [type_mismatch]}}
  param q: Real = [1, 2]
  report r = 1
}

// -----
scenario s {
  // A specialised param's value is a constant: later params may use it (with one value
  // of it here; with several, their axes would differ between variants).
  param a: Int = 2
  param b: Real = -a
  param d: Int = 3 in 1 .. 9 step +(a * 1)
  let xs = range(a)
  report r = b + d + len(xs)
}
