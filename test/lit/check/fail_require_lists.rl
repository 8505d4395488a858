// A scenario's `require` may be named by any static `String`, and a list of `Bool`s with a
// list of as many names is one require each, so a list of constraints (stdlib.strategies'
// `Plan.constraints`) is required by its own names. Its mistakes are [type_mismatch].
// RUN: %ringline check --verify-diagnostics --split-input-file %s

record C { name: String, ok: Bool }
scenario s {
  param n: Int = 1 in 1 .. 4
  let cs = [C { name = "a", ok = n > 1 }, C { name = "b", ok = n < 3 }]
  // expected-error@+1 {{a `require` of a list of conditions is named by a list of `String`s, one each; got `String` [type_mismatch]}}
  require [c.ok for c in cs], "both"
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{a `require` of 2 conditions needs as many names; got 3 [type_mismatch]}}
  require [n > 0, n < 3], ["a", "b", "c"]
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{`require` needs `Bool`s; element 0 is `Int` [type_mismatch]}}
  require [n, n + 1], ["a", "b"]
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{a `require`'s name is a `String`; got `Int` [type_mismatch]}}
  require n > 0, 3
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{`require` needs a `Bool` or a list of them, got `Int` [type_mismatch]}}
  require n, "n" + str(1)
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{a `require` of a list of conditions is named by a list of `String`s, one each; got none [type_mismatch]}}
  require [n > 0]
  report x = n
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{a `require` of a list of conditions is named by a list of `String`s, one each; got `[Int]` [type_mismatch]}}
  require [n > 0], [1]
  report x = n
}
