// Dimension errors name both dimensions ([unit_mismatch]); unknown unit words are
// [unknown_unit], with a hint for the usual slips.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{left side is `s` but right side is `B`; cannot add them [unit_mismatch]}}
let t = 1 s + 1 B

// -----
// expected-error@+1 {{left side is `B/s` but right side is `s`; cannot subtract them [unit_mismatch]}}
let t = 25 GB/s - 3 ms

// -----
// expected-error@+1 {{left side is `FLOP` but right side is `Int`; cannot compare them [unit_mismatch]}}
let t = 10 FLOP < 3

// -----
// Same dimension, different scale, is fine: bits and bytes, GB and GiB.
let ok = 25 GB/s == 200 Gbit/s and 1 GiB > 1 GB
// expected-error@+1 {{`max` of `B` and `s`; the arguments must agree [unit_mismatch]}}
let t = max(1 GB, 2 s)

// -----
// expected-error@+1 {{`min` over `s` and `B`; the elements must agree [unit_mismatch]}}
let t = min x in [1, 2]: if x == 1 then 1 s else 1 B

// -----
// expected-error@+1 {{`x` must be in `B/s`, got `s` [unit_mismatch]}}
let x: B/s = 3 s

// -----
fn transfer(n: B, bw: B/s) -> s = n / bw
// expected-error@+1 {{argument `bw` of `transfer` must be in `B/s`, got `s` [unit_mismatch]}}
let t = transfer(1 GB, 2 s)

// -----
fn wrong(n: B) -> s = n * 2
// expected-error@-1 {{the result of `wrong` must be in `s`, got `B` [unit_mismatch]}}
// expected-note@+1 {{in this call of `wrong` [called_from]}}
let t = wrong(1 GB)

// -----
// expected-error@+1 {{an exponent must be dimensionless, got `s` [unit_mismatch]}}
let t = 2 ^ (1 s)

// -----
// expected-error@+1 {{`sqrt` of `s` has no unit; every exponent must be even [unit_mismatch]}}
let t = sqrt(4 s)

// -----
// expected-error@+1 {{`log2` needs a dimensionless number, got `B`; divide by a unit first (`log2(x / 1 s)`) [unit_mismatch]}}
let t = log2(64 B)

// -----
// expected-error@+1 {{`roofline` argument `bw` must be `B/s`, got `s` [unit_mismatch]}}
let t = roofline(1 TFLOP, 1 GB, 10 TFLOP/s, 1 s)

// -----
// expected-error@+1 {{`roofline` argument `work` must be `FLOP`, got `Int` [unit_mismatch]}}
let t = roofline(1, 1 GB, 10 TFLOP/s, 1 GB/s)

// -----
scenario s {
  param b: Bool = true
  // expected-error@+1 {{the branches of `if` are `s` and `B`; they must agree [unit_mismatch]}}
  report r = if b then 1 s else 1 B
}

// -----
scenario s {
  // expected-error@+1 {{report `t` is `s` but `in GB` is `B` [unit_mismatch]}}
  report t = 3 s in GB
}

// -----
scenario s {
  // expected-error@+1 {{report `n` is `Int` but `in s` is `s` [unit_mismatch]}}
  report n = 3 in s
}

// -----
scenario s {
  // expected-error@+1 {{a `+` step must be `s`, got `B` [unit_mismatch]}}
  param t: s = 1 s in 1 s .. 4 s step + 1 B
  report r = t
}

// -----
// expected-error@+1 {{unknown unit `Gb`; write `Gbit` for bits or `GB` for bytes [unknown_unit]}}
let x = 3 Gb

// -----
scenario s {
  // expected-error@+1 {{unknown unit `parsec` [unknown_unit]}}
  param x: parsec = 1
  // No second error for `x`: a param that fails binds an error value.
  report r = x * 2
}

// -----
scenario s {
  // expected-error@+1 {{unknown unit `sec`; write `s` [unknown_unit]}}
  param t: sec = 1
  report r = t
}

// -----
scenario s {
  // expected-error@+1 {{unknown unit `fortnight` [unknown_unit]}}
  report t = 3 s in fortnight
}

// -----
// expected-error@+1 {{`2` is not a unit; only `1` may stand for a number in a unit [unknown_unit]}}
let x: 2/s = 3 Hz
