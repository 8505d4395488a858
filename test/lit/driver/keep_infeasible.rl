// `sweep --keep-infeasible`: rows failing a `require` are dropped by default (110 of the
// 120 points remain) and kept with a `feasible` column when asked (all 120, 10 false).
// RUN: %ringline sweep %s -o %t.csv
// RUN: %python %S/Inputs/shape.py csv %t.csv | FileCheck %s --check-prefix=DROP
// RUN: %ringline sweep %s --keep-infeasible -o %t.keep.csv
// RUN: %python %S/Inputs/shape.py csv %t.keep.csv | FileCheck %s --check-prefix=KEEP
// RUN: FileCheck %s --check-prefix=ROWS < %t.keep.csv
// RUN: %ringline sweep %s --keep-infeasible --format=json -o %t.keep.json
// RUN: %python %S/Inputs/shape.py json %t.keep.json | FileCheck %s --check-prefix=KEEPJSON
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print('infeasible:', sum(1 for r in d['rows'] if r[-1] is False))" %t.keep.json | FileCheck %s --check-prefix=COUNT
scenario grid {
  param a: Int = 1 in [1, 2, 3, 4]
  param b: B/s = 10 GB/s in 10 GB/s .. 50 GB/s step + 10 GB/s
  param c: Int in 1 .. 32 step *2
  require a * c <= 64, "a times c at most 64"
  report t = 16 GiB / b * a / c in ms
}
// DROP:      columns: a,b[GB/s],c,t[ms]
// DROP-NEXT: width: 4
// DROP-NEXT: rows: 110

// KEEP:      columns: a,b[GB/s],c,t[ms],feasible
// KEEP-NEXT: width: 5
// KEEP-NEXT: rows: 120
// KEEP:      feasible: true false

// ROWS:     a,b[GB/s],c,t[ms],feasible
// ROWS:     3,10,16,322.1225472,true
// ROWS-NEXT: 3,10,32,161.0612736,false
// ROWS:     4,50,32,42.94967296,false
// ROWS-EMPTY:

// KEEPJSON: columns: a,b[GB/s],c,t[ms],feasible
// KEEPJSON: rows: 120
// COUNT: infeasible: 10
