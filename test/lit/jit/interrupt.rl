// Ctrl-C (SIGINT), SIGTERM or SIGHUP during a sweep into a file: the sweep stops after
// the chunk in hand, the file holds complete, valid CSV or JSON with the rows so far (none
// half-written), no temporary file stays behind, and the exit status is 128 + the signal
// (130 for Ctrl-C). Both backends.
// RUN: %python %S/Inputs/interrupt.py %t.csv %ringline sweep %s --backend=jit --threads 2 -o %t.csv | FileCheck %s --check-prefix=CSV
// RUN: %python %S/Inputs/interrupt.py %t.csv %ringline sweep %s --backend=interp -o %t.csv | FileCheck %s --check-prefix=CSV
// RUN: %python %S/Inputs/interrupt.py %t.json %ringline sweep %s --backend=jit -o %t.json | FileCheck %s --check-prefix=JSON
// RUN: %python %S/Inputs/interrupt.py %t.json %ringline sweep %s --backend=interp --threads 3 -o %t.json | FileCheck %s --check-prefix=JSON
// SIGTERM and SIGHUP stop it the same way, with exit 128 + the signal.
// RUN: %python %S/Inputs/interrupt.py --signal TERM %t.csv %ringline sweep %s --backend=jit -o %t.csv | FileCheck %s --check-prefix=TERM
// RUN: %python %S/Inputs/interrupt.py --signal HUP %t.csv %ringline sweep %s --backend=interp -o %t.csv | FileCheck %s --check-prefix=HUP
scenario forever {
  param a: Int = 1 in 1 .. 1000000 step +1
  param b: Int = 1 in 1 .. 1000000 step +1
  report s = a * b / (a + b)
}
// CSV:      exit 130
// CSV-NEXT: tmp left: False
// CSV:      ringline: interrupted after {{[0-9]+}} of 1000000000000 points; the output holds them
// CSV-NEXT: csv rows: many, widths [3], ends with newline: True

// JSON:      exit 130
// JSON-NEXT: tmp left: False
// JSON:      ringline: interrupted after {{[0-9]+}} of 1000000000000 points; the output holds them
// JSON-NEXT: json rows: many, widths [3]

// TERM:      exit 143
// TERM-NEXT: tmp left: False
// TERM:      csv rows: many, widths [3], ends with newline: True
// HUP:       exit 129
// HUP-NEXT:  tmp left: False
// HUP:       csv rows: many, widths [3], ends with newline: True
