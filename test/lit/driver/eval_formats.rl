// `ringline eval` output: the table (name = value unit, reals to 6 significant digits;
// `--digits N` for N, `--digits 0` for all), CSV (`name[unit]` headers) and JSON formats
// (every digit); `--set` with units (`25GB/s`, `200Gbit/s`) and `--unit` for reports and
// params; `-o FILE.csv` / `-o FILE.json` pick the format, any other name the table, and
// an explicit `--format` that contradicts the extension is a usage error (exit 2).
// RUN: %ringline eval %s | FileCheck %s --check-prefix=TABLE --strict-whitespace
// RUN: %ringline eval %s --format=table | FileCheck %s --check-prefix=TABLE --strict-whitespace
// RUN: %ringline eval %s --format=csv | FileCheck %s --check-prefix=CSV --strict-whitespace
// RUN: %ringline eval %s --format=json > %t.json
// RUN: FileCheck %s --check-prefix=JSONTEXT < %t.json
// RUN: %python %S/Inputs/shape.py json %t.json | FileCheck %s --check-prefix=JSON
// RUN: %ringline eval %s --set inter=25GB/s | FileCheck %s --check-prefix=SET
// RUN: %ringline eval %s --set inter=200Gbit/s | FileCheck %s --check-prefix=SET
// RUN: %ringline eval %s --set inter=25GB/s --set fast=false --unit t=ms --unit inter=Gbit/s --format=csv | FileCheck %s --check-prefix=UNIT
// RUN: %ringline eval %s -o %t.csv
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// RUN: %ringline eval %s -o %t.out.json
// RUN: %python %S/Inputs/shape.py json %t.out.json | FileCheck %s --check-prefix=JSON
// RUN: %ringline eval %s -o %t.txt
// RUN: FileCheck %s --check-prefix=TABLE < %t.txt
// RUN: %ringline eval %s -o %t.txt --format csv
// RUN: FileCheck %s --check-prefix=CSV < %t.txt
// RUN: %ringline eval %s -o %t.csv --format csv
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// RUN: %ringline eval %s --digits 0 | FileCheck %s --check-prefix=EXACT --strict-whitespace
// RUN: %ringline eval %s --digits 3 | FileCheck %s --check-prefix=THREE --strict-whitespace
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s -o %t.clash.json --format table | FileCheck %s --check-prefix=CLASH
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s -o %t.clash.CSV --format json | FileCheck %s --check-prefix=CLASHCSV
scenario fmt {
  param nodes: Int = 4
  param inter: B/s = 12.5 GB/s
  param fast: Bool = true
  report t = 16 GiB / inter
  report gbps = inter in Gbit/s
  report eff = 1 / nodes
  report quick = fast and nodes > 2
}
// TABLE:      scenario fmt
// TABLE-NEXT:   nodes = 4
// TABLE-NEXT:   inter = 12.5 GB/s
// TABLE-NEXT:   fast  = true
// TABLE-NEXT:   t     = 1.37439 s
// TABLE-NEXT:   gbps  = 100 Gbit/s
// TABLE-NEXT:   eff   = 0.25
// TABLE-NEXT:   quick = true
// TABLE-EMPTY:

// CSV:      nodes,inter[GB/s],fast,t[s],gbps[Gbit/s],eff,quick
// CSV-NEXT: 4,12.5,true,1.37438953472,100,0.25,true
// CSV-EMPTY:

// JSONTEXT: {"scenario":"fmt","columns":[{"name":"nodes","unit":""},{"name":"inter","unit":"GB/s"},{"name":"fast","unit":""},{"name":"t","unit":"s"},{"name":"gbps","unit":"Gbit/s"},{"name":"eff","unit":""},{"name":"quick","unit":""}],"rows":[
// JSONTEXT-NEXT: [4,12.5,true,1.37438953472,100,0.25,true]
// JSONTEXT-NEXT: ]}

// JSON:      scenario: fmt
// JSON-NEXT: columns: nodes,inter[GB/s],fast,t[s],gbps[Gbit/s],eff,quick
// JSON-NEXT: width: 7
// JSON-NEXT: rows: 1
// JSON-NEXT: nodes: 4
// JSON-NEXT: inter[GB/s]: 12.5
// JSON-NEXT: fast: true
// JSON-NEXT: t[s]: 1.37438953472
// JSON-NEXT: gbps[Gbit/s]: 100
// JSON-NEXT: eff: 0.25
// JSON-NEXT: quick: true

// SET:      inter = 25 GB/s
// SET:      t     = 0.687195 s
// SET-NEXT: gbps  = 200 Gbit/s

// UNIT:      nodes,inter[Gbit/s],fast,t[ms],gbps[Gbit/s],eff,quick
// UNIT-NEXT: 4,200,false,687.19476736,200,0.25,false

// EXACT:      t     = 1.37438953472 s
// THREE:      inter = 12.5 GB/s
// THREE:      t     = 1.37 s

// CLASH: ringline: error: `-o {{.*}}clash.json` is a JSON file but `--format table` asks for a table; drop `--format` or give the file the format's extension [bad_usage]
// CLASH-NEXT: exit 2
// CLASHCSV: ringline: error: `-o {{.*}}clash.CSV` is a CSV file but `--format json` asks for JSON
// CLASHCSV-NEXT: exit 2
