// Dollars are a dimension: adding them to time, energy or a plain number is an error.

// expected-error@+1 {{left side is `USD` but right side is `s`; cannot add them [unit_mismatch]}}
let a = 1 USD + 1 s

// -----
// expected-error@+1 {{left side is `J` but right side is `W`; cannot add them [unit_mismatch]}}
let b = 1 kWh + 1 kW

// -----
// expected-error@+1 {{left side is `USD` but right side is `Int`; cannot compare them [unit_mismatch]}}
let c = 2.5 USD/h * 2 h > 3

// -----
// expected-error@+1 {{unknown unit `kUSDh`}}
let d = 1 kUSDh
