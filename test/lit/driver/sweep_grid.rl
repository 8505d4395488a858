// `ringline sweep` over a 3-param grid of 4 x 5 x 6 values: exactly 120 data rows of 5
// cells in CSV and in JSON, `-o FILE.csv` / `-o FILE.json` pick the format (`-o
// FILE.txt` a table, an explicit `--format` that contradicts the extension is a usage
// error), every axis value appears, and the first rows are exact (first param varies
// slowest). The table rounds reals to 6 significant digits in aligned columns.
// RUN: %ringline sweep %s -o %t.csv
// RUN: %python %S/Inputs/shape.py csv %t.csv | FileCheck %s --check-prefix=CSV
// RUN: FileCheck %s --check-prefix=ROWS < %t.csv
// RUN: %ringline sweep %s -o %t.json
// RUN: %python %S/Inputs/shape.py json %t.json | FileCheck %s --check-prefix=JSON
// RUN: %ringline sweep %s --format=json > %t.stdout.json
// RUN: %python %S/Inputs/shape.py json %t.stdout.json | FileCheck %s --check-prefix=JSON
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --format=csv -o %t.forced.json | FileCheck %s --check-prefix=CLASH
// RUN: %ringline sweep %s --format=csv -o %t.forced.txt
// RUN: %python %S/Inputs/shape.py csv %t.forced.txt | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s -o %t.table.txt
// RUN: FileCheck %s --check-prefix=TABLE --strict-whitespace < %t.table.txt
// RUN: %ringline sweep %s --format table | FileCheck %s --check-prefix=TABLE --strict-whitespace
scenario grid {
  param a: Int = 1 in [1, 2, 3, 4]
  param b: B/s = 10 GB/s in 10 GB/s .. 50 GB/s step + 10 GB/s
  param c: Int in 1 .. 32 step *2
  report t = 16 GiB / b * a / c in ms
  report ok = a < c
}
// CSV:      columns: a,b[GB/s],c,t[ms],ok
// CSV-NEXT: width: 5
// CSV-NEXT: rows: 120
// CSV-NEXT: a: 1 2 3 4
// CSV-NEXT: b[GB/s]: 10 20 30 40 50
// CSV-NEXT: c: 1 2 4 8 16 32
// CSV-NEXT: t[ms]: 40 values
// CSV-NEXT: ok: false true

// ROWS:      a,b[GB/s],c,t[ms],ok
// ROWS-NEXT: 1,10,1,1717.9869184,false
// ROWS-NEXT: 1,10,2,858.9934592,true
// ROWS-NEXT: 1,10,4,429.4967296,true
// ROWS-NEXT: 1,10,8,214.7483648,true
// ROWS-NEXT: 1,10,16,107.3741824,true
// ROWS-NEXT: 1,10,32,53.6870912,true
// ROWS-NEXT: 1,20,1,858.9934592,false
// ROWS:      4,50,16,85.89934592,true
// ROWS-NEXT: 4,50,32,42.94967296,true
// ROWS-EMPTY:

// JSON:      scenario: grid
// JSON-NEXT: columns: a,b[GB/s],c,t[ms],ok
// JSON-NEXT: width: 5
// JSON-NEXT: rows: 120
// JSON-NEXT: a: 1 2 3 4
// JSON-NEXT: b[GB/s]: 10 20 30 40 50
// JSON-NEXT: c: 1 2 4 8 16 32
// JSON-NEXT: t[ms]: 40 values
// JSON-NEXT: ok: false true

// CLASH: ringline: error: `-o {{.*}}forced.json` is a JSON file but `--format csv` asks for CSV; drop `--format` or give the file the format's extension [bad_usage]
// CLASH-NEXT: exit 2

// TABLE:      {{^}}           a      b [GB/s]             c        t [ms]            ok{{$}}
// TABLE-NEXT: {{^}}           1            10             1       1717.99         false{{$}}
// TABLE-NEXT: {{^}}           1            10             2       858.993          true{{$}}
// TABLE-NEXT: {{^}}           1            10             4       429.497          true{{$}}
