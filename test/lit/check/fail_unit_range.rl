// Unit powers and the dimensions they build stay in range ([unit_out_of_range]): a power
// in a unit is at most 8 in magnitude, and no product, quotient or power may give a base
// dimension an exponent beyond 32. Exponents are stored in 8 bits; without these checks
// `GB^99999999999` would silently wrap to some other unit.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

// expected-error@+1 {{the power in `GB^99999999999` must be an integer from -8 to 8 [unit_out_of_range]}}
let a = 3 GB^99999999999

// -----
// expected-error@+1 {{the power in `s^-2147483648` must be an integer from -8 to 8 [unit_out_of_range]}}
let a = 2 s^-2147483648

// -----
// expected-error@+1 {{the power in `s^300` must be an integer from -8 to 8 [unit_out_of_range]}}
let a: s^300 = 1 s

// -----
let t = 2 s^8
let t2 = t * t
let t4 = t2 * t2
// expected-error@+1 {{the unit of `s^32` * `s^8` would have a dimension beyond the power 32 [unit_out_of_range]}}
let t5 = t4 * t

// -----
let t = 2 s^8
let t4 = t * t * t * t
// expected-error@+1 {{the unit of `1/s^32` / `s^8` would have a dimension beyond the power 32 [unit_out_of_range]}}
let inv = 1 / t4 / t

// -----
let t = 2 s^8
// expected-error@+1 {{`s^8` to the power 5 would have a dimension beyond the power 32 [unit_out_of_range]}}
let t5 = t^5

// -----
// In range, the largest exponents are fine, and powers of a value after a literal's unit
// are checked like any power.
let t = 2 s^8
let t4 = t^4
let back = t4 / t^4
let ok: s^8 = t
// expected-error@+1 {{raising `s` to a power needs a constant `Int` exponent (|n| <= 8) [not_static]}}
let far = 3 GB / t0^99999999999
let t0 = 1 s
