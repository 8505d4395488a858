// Values of the wrong kind are [type_mismatch]: Bool for Int, a list for a number, a
// String in arithmetic, a record type used as a value, and declared types not met.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{`x` must be `Int`, got `Real`; round it with `ceil` or `floor` [type_mismatch]}}
let x: Int = 1.5

// -----
// expected-error@+1 {{`x` must be `Real`, got `s` [type_mismatch]}}
let x: Real = 2 s

// -----
// expected-error@+1 {{`x` element must be `Int`, got `Bool` [type_mismatch]}}
let x: [Int] = [true, false]

// -----
// expected-error@+1 {{`x` must be `String`, got `Int` [type_mismatch]}}
let x: String = 1

// -----
// expected-error@+1 {{`x` must be `fn`, got `Int` [type_mismatch]}}
let x: fn(Int) -> Int = 1

// -----
fn f(n: Int) -> Int = n
// expected-error@+1 {{argument `n` of `f` must be `Int`, got `Bool` [type_mismatch]}}
let x = f(true)

// -----
// expected-error@+1 {{the default of `n` must be `Int`, got `Bool` [type_mismatch]}}
fn f(n: Int = true) -> Int = n
let x = f()

// -----
// expected-error@+1 {{an `if` condition must be `Bool`, got `Int` [type_mismatch]}}
let x = if 1 then 2 else 3

// -----
// `+` joins strings, and only strings: a number needs `str`.
// expected-error@+1 {{`+` joins two `String`s, got `String` and `Int`; convert with `str(...)` [type_mismatch]}}
let x = "a" + 1

// -----
// expected-error@+1 {{`+` joins two `String`s, got `String` and `[Int]`; convert with `str(...)` [type_mismatch]}}
let x = [3, 4] + "a"

// -----
// expected-error@+1 {{`-` needs numbers or booleans, got `String` [type_mismatch]}}
let x = "ab" - "b"

// -----
// expected-error@+1 {{`+` needs numbers or booleans, got `[Int]` [type_mismatch]}}
let x = 1 + [2]

// -----
// expected-error@+1 {{`and` needs `Bool` on both sides, got `Int` and `Bool` [type_mismatch]}}
let x = 1 and true

// -----
// expected-error@+1 {{`*` needs numbers, got `Bool` and `Int` [type_mismatch]}}
let x = true * 2

// -----
// expected-error@+1 {{`%` needs two `Int`s, got `Int` and `Real` [type_mismatch]}}
let x = 7 % 2.5

// -----
// expected-error@+1 {{`not` needs a `Bool`, got `Int` [type_mismatch]}}
let x = not 3

// -----
// expected-error@+1 {{unary `-` needs a number, got `Bool` [type_mismatch]}}
let x = -true

// -----
// expected-error@+1 {{a list index must be a constant `Int`, got `Real`; round it with `ceil` or `floor` [type_mismatch]}}
let x = [1, 2][1.5]

// -----
// expected-error@+1 {{indexing needs a list, got `Int` [type_mismatch]}}
let x = 3[0]

// -----
// expected-error@+1 {{`sum` needs a list, got `Int` [type_mismatch]}}
let x = sum i in 3: i

// -----
// expected-error@+1 {{`max` needs a number per element, got `Bool` [type_mismatch]}}
let x = max i in [1, 2]: i > 1

// -----
// expected-error@+1 {{`for` needs a list, got `Int` [type_mismatch]}}
let x = [i for i in 3]

// -----
// expected-error@+1 {{`min` needs numbers, got `Bool` [type_mismatch]}}
let x = min(true, 2)

// -----
// expected-error@+1 {{`range` needs constant `Int`s, got `Real`; round it with `ceil` or `floor` [type_mismatch]}}
let x = range(2.5)

// -----
record Link { bw: B/s }
// expected-error@+1 {{`Link` is a record type, not a value; build one with `Link { ... }` [type_mismatch]}}
let x = Link

// -----
// expected-error@+1 {{`Int` has no fields; `.bw` needs a record [type_mismatch]}}
let x = (3).bw

// -----
// expected-error@+1 {{`with` needs a record, got `Int` [type_mismatch]}}
let x = 3 with { a = 1 }

// -----
record Link { bw: B/s }
// expected-error@+1 {{field `bw` of `Link` must be in `B/s`, got `Int` [unit_mismatch]}}
let x = Link { bw = 3 }

// -----
scenario s {
  param b: Bool = true
  // Bool and a number are kinds apart, not dimensions.
  // expected-error@+1 {{the branches of `if` are `Bool` and `Int`; they must agree [type_mismatch]}}
  report r = if b then true else 2
}

// -----
scenario s {
  param n: Int = 1
  // expected-error@+1 {{`require` needs a `Bool`, got `Int` [type_mismatch]}}
  require n
  report r = n
}

// -----
scenario s {
  // expected-error@+1 {{report `r` must be a number, a `Bool` or a record of them, got `[Int]` [type_mismatch]}}
  report r = [1, 2]
}

// -----
scenario s {
  // expected-error@+1 {{param `n` default must be `Int`, got `s` [type_mismatch]}}
  param n: Int = 1 s
  report r = n
}

// -----
scenario s {
  // expected-error@+1 {{param `n` must be `Int`, got `Real`; round it with `ceil` or `floor` [type_mismatch]}}
  param n: Int = 1 in [1, 2.5]
  report r = n
}

// -----
scenario s {
  // An `Int` range with a fractional step would take values that are not integers.
  // expected-error@+1 {{a range of `Int` values needs an `Int` step, got `Real` [type_mismatch]}}
  param n: Int = 1 in 1 .. 64 step * 1.5
  report r = n
}

// -----
// A record report needs a number or Bool field; its unit is chosen per field.
record Named { label: String }
record Timed { t: s }
scenario s {
  param n: Int = 1 in [1, 2]
  // expected-error@+1 {{report `r` is a `Named` with no number or `Bool` field [type_mismatch]}}
  report r = Named { label = "x" }
  // expected-error@+1 {{report `q` is a record; give a field's unit with `--unit q.FIELD=UNIT` [unit_mismatch]}}
  report q = Timed { t = n * 1 s } in ms
}

// -----
// A list holds one type, checked where the list is written.
// expected-error@+1 {{a list holds one type: this element is `s`, the first is `Int` [unit_mismatch]}}
let x = [1, 1 s]

// -----
// expected-error@+1 {{a list holds one type: this element is `Int`, the first is `Bool` [type_mismatch]}}
let x = [true, 1]

// -----
// expected-error@+1 {{a list holds one type: this element is `[s]`, the first is `[Int]` [type_mismatch]}}
let x = [[1], [], [2 s]]

// -----
// expected-error@+1 {{`concat` joins lists of one type; this one holds `String`, the first `Int` [type_mismatch]}}
let x = concat([1], [], ["x"])

// -----
// Int and Real elements mix, an empty list goes with any list, functions with functions.
let x = [[1, 2.5], [], [3]]
let y = [max, min, fn(a: Real, b: Real) -> Real = a]
let z = concat([1], [], [2.5])
