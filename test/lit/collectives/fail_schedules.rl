// Wrong schedules are diagnosed at the step: a negative constant `repeat` count
// ([bad_repeat]), a link that is not a `Link` or a cluster level that does not exist, data
// in the wrong unit (sending seconds, reducing at a bandwidth), a step that is not a time,
// a `repeat` count that is not an `Int`, and an unknown step word ([syntax_error]).
// RUN: %ringline check --verify-diagnostics --split-input-file %s

record Link { bw: B/s, lat: s = 0 s }
schedule s(n: B, p: Int, l: Link) {
  // expected-error@+1 {{a `repeat` count must not be negative, got -3 [bad_repeat]}}
  repeat p - 5 { send n / p over l }
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB, 2, Link { bw = 1 GB/s })

// -----
schedule s(n: B) {
  // expected-error@+1 {{`send ... over` needs a `Link` (a record with `bw` and `lat`), got `B/s` [type_mismatch]}}
  send n over 5 GB/s
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB)

// -----
record Link { bw: B/s, lat: s = 0 s }
record Cluster { intra: Link, inter: Link }
schedule s(n: B, c: Cluster) {
  send n over c.intra
  // expected-error@+1 {{`Cluster` has no field `spine` [unknown_field]}}
  send n over c.spine
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB, Cluster { intra = Link { bw = 1 GB/s }, inter = Link { bw = 1 GB/s } })

// -----
record Link { bw: B/s, lat: s = 0 s }
schedule s(l: Link) {
  // expected-error@+1 {{`send` needs an amount of data (`B`), got `s` [unit_mismatch]}}
  send 3 s over l
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(Link { bw = 1 GB/s })

// -----
schedule s(n: B) {
  // expected-error@+1 {{`reduce ... at` needs a time per byte (`s/B`), got `B/s` [unit_mismatch]}}
  reduce n at 10 GB/s
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB)

// -----
schedule s(n: B) {
  // expected-error@+1 {{a schedule step must take time (`s`), got `B` [unit_mismatch]}}
  n / 2
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB)

// -----
schedule s(n: B, p: Int) {
  // expected-error@+1 {{a `repeat` count must be an `Int`, got `Real`; round it with `ceil` or `floor` [type_mismatch]}}
  repeat log2(p) { reduce n at 1 ns/B }
}
// expected-note@+1 {{in this call of `s` [called_from]}}
let t = s(1 MB, 8)

// -----
record Link { bw: B/s, lat: s = 0 s }
schedule s(n: B, l: Link) {
  // expected-error@+1 {{`transmit ... over` is not a step; write `send BYTES over LINK` or `reduce BYTES at RATE` [syntax_error]}}
  transmit n over l
}

// -----
schedule s(n: B) {
  // expected-error@+1 {{`loop` cannot start a step with a block; write `repeat COUNT { ... }` or `phase NAME { ... }` [syntax_error]}}
  loop 3 { reduce n at 1 ns/B }
}

// -----
// A schedule no scenario calls is still resolved: names in its steps must exist, and a
// step's `let` is in scope for the later steps only.
record Link { bw: B/s, lat: s = 0 s }
schedule s(n: B, l: Link) {
  let half = n / 2
  send half over l
  // expected-error@+1 {{unknown name `lnk` [unknown_name]}}
  send n over lnk
}
