// "Did you mean" suggestions for a misspelt name, module member, record field (literal,
// access, `with`), record type, type and unit: the closest spellings by edit distance,
// then the names the word begins; nothing when none is close.
// RUN: %ringline check --verify-diagnostics --split-input-file %s
// RUN: not %ringline check %s --split-input-file 2>&1 | FileCheck %s

import stdlib.hardware
// expected-error@+1 {{unknown name `nvlnk2`; did you mean `nvlink2`? [unknown_name]}}
let a = nvlnk2
// CHECK: fail_suggestions.rl:9:9: error: unknown name `nvlnk2`; did you mean `nvlink2`? [unknown_name]
// CHECK-NEXT: {{^let a = nvlnk2$}}
// CHECK-NEXT: {{^        \^~~~~~$}}

// -----
import stdlib.hardware
// expected-error@+1 {{`Device` has no field `mem`; did you mean `membw` or `memory`? [unknown_field]}}
let b = v100_sxm2_16gb.mem

// -----
import stdlib.hardware
// expected-error@+1 {{`Link` has no field `lat_s`; did you mean `lat`? [unknown_field]}}
let l = Link { bw = 1 GB/s, lat_s = 1 us }
// expected-error@+1 {{`Link` has no field `bww`; did you mean `bw`? [unknown_field]}}
let m = edr with { bww = 2 GB/s }

// -----
// A local in scope, and a built-in.
fn f(bandwidth: B/s) -> s = 1 GB / bandwith
// expected-error@-1 {{unknown name `bandwith`; did you mean `bandwidth`? [unknown_name]}}
// expected-error@+1 {{unknown name `sqr`; did you mean `sqrt` or `str`? [unknown_name]}}
let r = sqr(4)

// -----
import stdlib.hardware as hw
// expected-error@+1 {{module `hardware.rl` has no `pcie44`; did you mean `pcie4`? [unknown_name]}}
let p = hw.pcie44
// expected-error@+1 {{unknown record type `Lnk`; did you mean `Link`? [unknown_type]}}
let q = hw.Lnk { bw = 1 GB/s }
// expected-error@+1 {{unknown module `hx`; did you mean `hw`? [unknown_name]}}
let z = hx.Link { bw = 1 GB/s }

// -----
record Link { bw: B/s }
// expected-error@+1 {{unknown type `Lnik`; did you mean `Link`? [unknown_type]}}
fn g(l: Lnik) -> B/s = l.bw
// expected-error@+1 {{unknown type `integer`; expected `Int`, `Real`, `Bool`, `String`, `Bundle`, a unit or a record [unknown_type]}}
fn h(n: integer) -> Int = 1

// -----
// Units: the networking spellings of rates, then the nearest unit word.
// expected-error@+1 {{unknown unit `Gbps`; write `Gbit/s` [unknown_unit]}}
let c = 10 Gbps
// expected-error@+1 {{unknown unit `mhz`; did you mean `MHz`? [unknown_unit]}}
let d = 2 mhz
// expected-error@+1 {{unknown unit `KiBB`; did you mean `KiB`? [unknown_unit]}}
let e = 2 KiBB
// expected-error@+1 {{unknown unit `parsec` [unknown_unit]}}
let f = 1 parsec

// -----
// A prefix the unit does not take says which prefixes go where.
// expected-error@+1 {{unknown unit `kh`; `h` takes no prefix: write `1e3 h` for 1 kh [unknown_unit]}}
let t = 2 kh
// expected-error@+1 {{unknown unit `mB`; `B` takes no prefix `m`: m, u, n and p go on `s` only [unknown_unit]}}
let b = 2 mB
