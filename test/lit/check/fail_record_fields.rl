// One `with` or record literal with several independent mistakes reports each of them,
// in source order, and nothing more: a failed field leaves the record as it was, so the
// fields after it are still checked against the right record, and nothing that uses
// the result repeats the mistake (`t` below, `l.bw`).
// RUN: not %ringline check %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
// RUN: not %ringline eval %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import stdlib.hardware

scenario s {
  param inter: B/s = 12.5 GB/s
  let l = edr with { bw = inter * 1 s, bww = 2 GB/s, lat = 1 B }
  let c = Link { bw = 1 s, lat = 1 B, lats = 0 s }
  report t = 1 GB / l.bw + 1 GB / c.bw
}

// CHECK:      fail_record_fields.rl:11:27: error: field `bw` of `Link` must be in `B/s`, got `B` [unit_mismatch]
// CHECK-NEXT: {{^}}  let l = edr with { bw = inter * 1 s, bww = 2 GB/s, lat = 1 B }{{$}}
// CHECK-NEXT: {{^}}                          ^~~~~~~~~~~{{$}}
// CHECK-NEXT: fail_record_fields.rl:11:40: error: `Link` has no field `bww`; did you mean `bw`? [unknown_field]
// CHECK-NEXT: {{^}}  let l = edr with { bw = inter * 1 s, bww = 2 GB/s, lat = 1 B }{{$}}
// CHECK-NEXT: {{^}}                                       ^~~~~~~~~~~~{{$}}
// CHECK-NEXT: fail_record_fields.rl:11:60: error: field `lat` of `Link` must be in `s`, got `B` [unit_mismatch]
// CHECK-NEXT: {{^}}  let l = edr with { bw = inter * 1 s, bww = 2 GB/s, lat = 1 B }{{$}}
// CHECK-NEXT: {{^}}                                                           ^~~{{$}}
// CHECK-NEXT: fail_record_fields.rl:12:23: error: field `bw` of `Link` must be in `B/s`, got `s` [unit_mismatch]
// CHECK-NEXT: {{^}}  let c = Link { bw = 1 s, lat = 1 B, lats = 0 s }{{$}}
// CHECK-NEXT: {{^}}                      ^~~{{$}}
// CHECK-NEXT: fail_record_fields.rl:12:34: error: field `lat` of `Link` must be in `s`, got `B` [unit_mismatch]
// CHECK-NEXT: {{^}}  let c = Link { bw = 1 s, lat = 1 B, lats = 0 s }{{$}}
// CHECK-NEXT: {{^}}                                 ^~~{{$}}
// CHECK-NEXT: fail_record_fields.rl:12:39: error: `Link` has no field `lats`; did you mean `lat`? [unknown_field]
// CHECK-NEXT: {{^}}  let c = Link { bw = 1 s, lat = 1 B, lats = 0 s }{{$}}
// CHECK-NEXT: {{^}}                                      ^~~~~~~~~~{{$}}
// CHECK-NOT:  error:
