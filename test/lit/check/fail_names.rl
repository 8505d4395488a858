// Names: unknown names and types (also in functions no scenario calls), names defined
// twice in one scope, values defined in terms of themselves, and the names imports bind.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{unknown name `bandwidth` [unknown_name]}}
let t = 1 GB / bandwidth

// -----
// Functions are checked for unknown names even when nothing calls them.
// expected-error@+1 {{unknown name `y` [unknown_name]}}
fn f(x: Int) -> Int = x + y

// -----
// A block's `let` is visible after it, not before.
// expected-error@+1 {{unknown name `b` [unknown_name]}}
let x = { let a = b; let b = 1; a }

// -----
// A loop variable is visible only in its body.
// expected-error@+1 {{unknown name `i` [unknown_name]}}
let x = (sum i in range(3): i) + i

// -----
scenario s {
  // expected-error@+1 {{unknown name `later` [unknown_name]}}
  report early = later
  report later = 1
}

// -----
// expected-error@+1 {{unknown module `hw`; name one with `import ... as hw` [unknown_name]}}
let l = hw.Link { bw = 1 GB/s }

// -----
import "Inputs/lib_a.rl" as lib
// expected-error@+1 {{module `lib_a.rl` has no `b` [unknown_name]}}
let x = lib.b

// -----
// Names that start with `_` are not imported unqualified.
import "Inputs/lib_a.rl"
let ok = a + twice(2)
// expected-error@+1 {{unknown name `_private` [unknown_name]}}
let x = _private

// -----
// Nor qualified: a `_` name is its module's own.
import "Inputs/lib_a.rl" as lib
let ok = lib.a
// expected-error@+1 {{module `lib_a.rl` has no `_private` [unknown_name]}}
let x = lib._private

// -----
// expected-error@+1 {{unknown type `Lnk`; expected `Int`, `Real`, `Bool`, `String`, `Bundle`, a unit or a record [unknown_type]}}
fn f(l: Lnk) -> Int = 1

// -----
// expected-error@+1 {{unknown type `parsec`; expected `Int`, `Real`, `Bool`, `String`, `Bundle`, a unit or a record [unknown_type]}}
let x: parsec = 3

// -----
// expected-error@+1 {{unknown record type `Link` [unknown_type]}}
let l = Link { bw = 1 GB/s }

// -----
import "Inputs/lib_a.rl" as lib
// expected-error@+1 {{unknown record type `Lnk`; did you mean `Link`? [unknown_type]}}
let l = lib.Lnk { bw = 1 GB/s }

// -----
let x = 1
// expected-error@+1 {{`x` is already defined in this module [duplicate_name]}}
let x = 2

// -----
record Link { bw: B/s }
// expected-error@+1 {{`Link` is already defined in this module [duplicate_name]}}
fn Link(x: Int) -> Int = x

// -----
// expected-error@+1 {{`bw` is already a field of `Link` [duplicate_name]}}
record Link { bw: B/s, bw: B/s }
// No `missing_field` for the second `bw`: it is the first one.
let l = Link { bw = 1 GB/s }

// -----
// expected-error@+1 {{`x` is already a parameter of `f` [duplicate_name]}}
fn f(x: Int, x: Int) -> Int = x

// -----
// expected-error@+1 {{`a` is already defined in this block [duplicate_name]}}
let x = { let a = 1; let a = 2; a }

// -----
// An inner block may reuse a name.
let x = { let a = 1; let b = { let a = 2; a }; a + b }
scenario s {
  param n: Int = 1
  // expected-error@+1 {{`n` is already defined in scenario `s` [duplicate_name]}}
  let n = 2
  report r = n
  // expected-error@+1 {{`r` is already defined in scenario `s` [duplicate_name]}}
  report r = 3
}

// -----
scenario s { report r = 1 }
// expected-error@+1 {{scenario `s` is already defined in this module [duplicate_name]}}
scenario s { report r = 2 }

// -----
record Link { bw: B/s }
// expected-error@+1 {{field `bw` is given twice [duplicate_name]}}
let l = Link { bw = 1 GB/s, bw = 2 GB/s }

// -----
// expected-error@+2 {{`a` is imported from both `lib_a.rl` and `lib_b.rl`; import one `as` a name [duplicate_name]}}
import "Inputs/lib_a.rl"
import "Inputs/lib_b.rl"

// -----
import "Inputs/lib_a.rl" as lib
// expected-error@+1 {{`lib` already names the import of `lib_a.rl` [duplicate_name]}}
import "Inputs/lib_b.rl" as lib

// -----
// expected-error@+1 {{`lib` is already defined in this module; import `as` another name [duplicate_name]}}
import "Inputs/lib_a.rl" as lib
let lib = 1

// -----
// A definition of the module's own shadows an unqualified import.
import "Inputs/lib_a.rl"
let a = 5
let ok = a

// -----
// expected-error@+1 {{`a` is defined in terms of itself [cyclic_definition]}}
let a = b + 1
let b = a * 2

// -----
// expected-error@+2 {{`n` is defined in terms of itself [cyclic_definition]}}
// expected-note@+1 {{in this call of `count` [called_from]}}
let n = count()
fn count() -> Int = n + 1
