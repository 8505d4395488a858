// A type alias defined in terms of itself, directly or through another alias or a list
// of itself, is [cyclic_definition] at its name, and its uses are then unknown types
// (it once sent the checker into endless recursion: a segfault).
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{type `T` is defined in terms of itself [cyclic_definition]}}
type T = T
// expected-error@+1 {{unknown type `T`; expected `Int`, `Real`, `Bool`, `String`, `Bundle`, a unit or a record [unknown_type]}}
fn f(x: T) -> Int = 1

// -----
// expected-error@+1 {{type `T` is defined in terms of itself [cyclic_definition]}}
type T = [U]
// expected-error@+1 {{type `U` is defined in terms of itself [cyclic_definition]}}
type U = T
// expected-error@+1 {{unknown type `U`; expected `Int`, `Real`, `Bool`, `String`, `Bundle`, a unit or a record [unknown_type]}}
fn f(x: U) -> Int = 1
scenario q {
  report a = f(1)
}

// -----
// An alias of a record that holds the alias is no cycle: records are named types.
record R { next: [S] = [] }
type S = R
scenario q {
  report n = len(R {}.next)
}
