// A streamed table keeps its columns aligned when a value is longer than the column's
// 12 characters: a param's column is as wide as its widest value (a label, here with
// non-ASCII letters counted as one column each, and an `Int` met only in the last rows),
// and a report's column as wide as its widest cell in the first 100 rows, which the
// table holds back until then. A report's cell that is wider still, later on, pushes
// the cells after it right only as far as it must, and the columns after it line up
// again (rows then stream: a sweep may have millions).
// RUN: %ringline sweep %s --format table > %t.txt
// RUN: FileCheck %s --strict-whitespace < %t.txt
// RUN: %python %S/Inputs/table_edges.py %t.txt | FileCheck %s --check-prefix=EDGES
scenario s {
  param big: Int = 1 in [1, 100000000000000]
  param name: String in ["día", "a label longer than its column, ünïcode"]
  param k: Int = 1 in 1 .. 60
  report late = big * k
  report sq = k ^ 8
  report t = k * 1 s in µs
}

// The 120 rows of `big = 1` end every cell on its header's edge; from row 121 (`big =
// 10^14`) `late` is wider than its first 100 rows made it, and where `sq` has no room
// left it is pushed too, while `t` lines up again.
// EDGES:      columns: big, name, k, late, sq, t [µs]
// EDGES-NEXT: rows 1-120: aligned
// EDGES-NEXT: rows 121-143: off: late
// EDGES-NEXT: rows 144-180: off: late, sq
// EDGES-NEXT: rows 181-203: off: late
// EDGES-NEXT: rows 204-240: off: late, sq
// EDGES-NOT:  rows

// CHECK:      {{^}}            big                                     name             k          late               sq        t [µs]{{$}}
// CHECK-NEXT: {{^}}              1                                      día             1             1                1         1e+06{{$}}
// CHECK:      {{^}}              1  a label longer than its column, ünïcode            60            60  167961600000000         6e+07{{$}}
// CHECK-NEXT: {{^}}100000000000000                                      día             1  100000000000000             1         1e+06{{$}}
// CHECK:      {{^}}100000000000000  a label longer than its column, ünïcode            60  6000000000000000  167961600000000     6e+07{{$}}
// CHECK-NOT:  {{.}}

