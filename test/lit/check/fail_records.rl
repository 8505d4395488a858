// Records: fields a record does not have ([unknown_field]), fields left out that have no
// default ([missing_field]), in literals, field access and `with`.
// RUN: %ringline check --verify-diagnostics --split-input-file %s

record Link { bw: B/s, lat: s = 0 s }
// expected-error@+1 {{`Link` has no field `latency` [unknown_field]}}
let l = Link { bw = 1 GB/s, latency = 2 us }

// -----
record Link { bw: B/s, lat: s = 0 s }
let l = Link { bw = 1 GB/s }
// expected-error@+1 {{`Link` has no field `bandwidth` [unknown_field]}}
let b = l.bandwidth

// -----
record Link { bw: B/s, lat: s = 0 s }
// expected-error@+1 {{`Link` has no field `speed` [unknown_field]}}
let l = Link { bw = 1 GB/s } with { speed = 2 GB/s }

// -----
record Link { bw: B/s, lat: s = 0 s }
record Cluster { inter: Link, nodes: Int }
let c = Cluster { inter = Link { bw = 1 GB/s }, nodes = 4 }
// A nested update names a path of fields.
let ok = c with { inter.bw = 2 GB/s }
// expected-error@+1 {{`Link` has no field `bandwith` [unknown_field]}}
let bad = c with { inter.bandwith = 2 GB/s }

// -----
record Link { bw: B/s, lat: s = 0 s }
record Cluster { inter: Link, nodes: Int }
let c = Cluster { inter = Link { bw = 1 GB/s }, nodes = 4 }
// expected-error@+1 {{`with` needs a record, got `Int` [type_mismatch]}}
let bad = c with { nodes.count = 2 }

// -----
record Link { bw: B/s, lat: s = 0 s }
// expected-error@+1 {{`Link` needs field `bw` (B/s) [missing_field]}}
let l = Link { lat = 1 us }

// -----
record Device { peak: FLOP/s, cores: Int }
// expected-error@+1 {{`Device` needs field `cores` (Int) [missing_field]}}
let d = Device { peak = 15 TFLOP/s }

// -----
// A default may use the fields before it.
record Shape { n: Int, bytes: B = n * 4 B }
let ok = Shape { n = 2 }.bytes == 8 B
record Link { bw: B/s, lat: s = 0 s }
// expected-error@+1 {{field `lat` of `Link` must be in `s`, got `B` [unit_mismatch]}}
let l = Link { bw = 1 GB/s, lat = 1 B }

// -----
// Every field left out is named, and a field given with a wrong value is not missing.
record Device { peak: FLOP/s, cores: Int, memory: B, name: String = "gpu" }
// expected-error@+3 {{`Device` needs field `cores` (Int) [missing_field]}}
// expected-error@+2 {{`Device` needs field `memory` (B) [missing_field]}}
// expected-error@+1 {{field `peak` of `Device` must be in `FLOP/s`, got `B` [unit_mismatch]}}
let d = Device { peak = 15 GB }

// -----
// A field given twice, a field the record lacks and a default that would use a failed
// field: the first two are reported, the default is not evaluated (it would fail only
// because `n` did).
record Shape { n: Int, bytes: B = n * 4 B }
// expected-error@+3 {{field `n` is given twice [duplicate_name]}}
// expected-error@+2 {{`Shape` has no field `byts`; did you mean `bytes`? [unknown_field]}}
// expected-error@+1 {{field `n` of `Shape` must be `Int`, got `Real`}}
let s = Shape { n = 0.5, n = 2, byts = 8 B }

// -----
// In a `with` too, and for a nested field: not "the last one wins".
record Inner { bw: B/s = 1 GB/s }
record Outer { up: Inner = Inner {}, n: Int = 1 }
// expected-error@+2 {{field `n` is given twice [duplicate_name]}}
// expected-error@+1 {{field `up.bw` is given twice [duplicate_name]}}
let o = Outer {} with { n = 5, up.bw = 1 GB/s, n = 7, up.bw = 2 GB/s }

// -----
// Nested updates fail one by one; a non-record base is reported once, not per field.
record Link { bw: B/s, lat: s = 0 s }
record Cluster { inter: Link, nodes: Int }
let c = Cluster { inter = Link { bw = 1 GB/s }, nodes = 4 }
// expected-error@+2 {{`Link` has no field `bwidth` [unknown_field]}}
// expected-error@+1 {{`with` needs a record, got `Int` [type_mismatch]}}
let bad = c with { inter.bwidth = 2 GB/s, inter.lat = 1 us, nodes.count = 2 }
// expected-error@+1 {{`with` needs a record, got `Int` [type_mismatch]}}
let bad2 = 3 with { a = 1, b = 2, c = 3 }
// expected-error@+2 {{unknown name `fast` [unknown_name]}}
// expected-error@+1 {{`Link` has no field `latency` [unknown_field]}}
let bad3 = c.inter with { bw = fast, latency = 2 us }
