// `error(message)` ([user_error]) and `shape_error(message)` ([shape_mismatch]) raise a
// diagnostic of the spec's own. It is reported at the call that asked for what failed
// (the innermost call, outside the standard library, of the function that raised it),
// with a note at the `error` itself. Messages are built with `+` on strings and `str(v)`.
// Whether to raise must be known when the spec is checked ([not_static]). A message of
// several lines keeps its tag on the first and indents the others.
// RUN: %ringline check --verify-diagnostics --split-input-file %s
// RUN: not %ringline check %S/Inputs/multiline_error.rl 2>&1 | FileCheck %s --check-prefix=LINES --match-full-lines --strict-whitespace
// LINES:{{.*}}multiline_error.rl:2:9: error: first [user_error]
// LINES-NEXT:  second
// LINES-NEXT:let x = error("first\nsecond")

// At top level, the `error` itself is the location.
// expected-error@+1 {{no such cluster [user_error]}}
let x = error("no such cluster")

// -----
// In a function, the call that broke its rule is the location.
// expected-note@+1 {{raised by this `error` [called_from]}}
fn ranks(nodes: Int, per_node: Int) -> Int = if per_node < 1 then error("`ranks` needs at least 1 rank per node, got " + str(per_node)) else nodes * per_node
// expected-error@+1 {{`ranks` needs at least 1 rank per node, got 0 [user_error]}}
let x = ranks(4, 0)
let ok = ranks(4, 8)

// -----
// Through user functions, the innermost call; notes show the raise and the calls around.
// expected-note@+1 {{raised by this `shape_error` [called_from]}}
fn square(x: [Int]) -> [Int] = if len(x) != 2 or x[0] != x[1] then shape_error("needs a square, got `" + str(x) + "`") else x
// expected-error@+1 {{needs a square, got `[2, 3]` [shape_mismatch]}}
fn twice(x: [Int]) -> [Int] = square(square(x))
// expected-note@+1 {{in this call of `twice` [called_from]}}
let x = twice([2, 3])

// -----
// `str` shows any static value; `+` joins strings.
record Link { bw: B/s, lat: s = 0 s }
// expected-error@+1 {{[[1, 2.5], [], [3]] / [true] / ["a"] / Link { bw = 12500000000 B/s, lat = 1e-06 s } / 4 s / fn f / x [user_error]}}
let x = error(str([[1, 2.5], [], [3]]) + " / " + str([true]) + " / " + str(["a"]) + " / " + str(Link { bw = 12.5 GB/s, lat = 1 us }) + " / " + str(4 s) + " / " + str(f) + " / " + str("x"))
fn f(n: Int) -> Int = n

// -----
// expected-error@+1 {{`error` takes one `String`, the message, got `Int` [bad_call]}}
let x = error(3)

// -----
// expected-error@+1 {{`shape_error` takes one `String`, the message, got 0 arguments [bad_call]}}
let x = shape_error()

// -----
// expected-error@+1 {{`str` takes one value, got 2 [bad_call]}}
let x = str(1, 2)

// -----
scenario s {
  param x: Real = 4
  // expected-error@+1 {{this condition depends on a param, so whether its branch raises `error` cannot be decided when the spec is checked; test only shapes and constants [not_static]}}
  let checked = if x > 8 then error("too many") else x
  report r = checked
}

// -----
scenario s {
  param x: Real = 4
  // A Real param's value is not known when the spec is checked (an Int param's would be:
  // the scenario is specialised on it, test/lit/params).
  // expected-error@+1 {{`str` needs a value known when the spec is checked, got param-dependent `Int` [not_static]}}
  let a = str(floor(x))
  // expected-error@+1 {{`str` needs a value known when the spec is checked, got `[Real]` holding a param-dependent `Real` [not_static]}}
  let b = str([1, x])
  report r = x
}

// -----
scenario s {
  param n: Int = 4 in [1, 2, 4]
  // An Int param that a check needs is specialised: each variant decides its own.
  // expected-error@+1 {{too many [user_error]}}
  let checked = if n > 2 then error("too many") else n
  // expected-note@-5 {{in the variant of scenario `s` with `n = 4` [specialised_at]}}
  report r = checked
}

// -----
// A static `if` inside a function called from a param-dependent branch decides for itself.
fn at_least_one(k: Int) -> Int = if k < 1 then error("k < 1") else k
scenario s {
  param n: Int = 4 in [1, 2, 4]
  report r = if n > 2 then at_least_one(3) else at_least_one(1)
}

// -----
// Strings are bounded, so a doubling loop stops.
// expected-error@+2 {{this `+` makes a `String` longer than 1000000 characters [eval_limit]}}
// expected-note@+1 {{in this call of `<lambda>` [called_from]}}
let x = fold(fn(acc: String, i: Int) -> String = acc + acc, "ab", range(40))

// -----
// expected-error@+1 {{`str` of this value is longer than 1000000 characters [eval_limit]}}
let x = str([range(1000) for i in range(1000)])

// -----
// Built-in names are not reserved: a definition shadows one.
fn str(n: Int) -> Int = n + 1
fn error(n: Int) -> Int = n
let ok = str(1) + error(2)
