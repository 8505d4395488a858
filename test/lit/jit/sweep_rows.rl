// A sweep streams the same rows in the same (declaration) order whatever the backend,
// the loop order and the thread count: CSV, JSON and table, with and without
// --keep-infeasible.
// RUN: %ringline sweep %s --backend=jit | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --backend=interp | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --backend=jit --order=bw,p --threads 3 | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --backend=interp --threads 3 --keep-infeasible | FileCheck %s --check-prefix=KEEP
// RUN: %ringline sweep %s --backend=jit --keep-infeasible --format=json | FileCheck %s --check-prefix=JSON
// RUN: %ringline sweep %s --backend=interp --keep-infeasible --format=json | FileCheck %s --check-prefix=JSON
// RUN: %ringline sweep %s --backend=jit --format=table | FileCheck %s --check-prefix=TABLE
// RUN: %ringline sweep %s --backend=interp --format=table | FileCheck %s --check-prefix=TABLE
scenario ring {
  param p: Int = 4 in [1, 2, 4, 8]
  param bw: B/s = 10 GB/s in [10 GB/s, 25 GB/s]
  require p <= 4, "at most four"
  report t = if p == 1 then 0 s else 2 * (p - 1) * (5 us + 1 GB / p / bw) in ms
  report busy = t > 50 ms
}
// CSV:      p,bw[GB/s],t[ms],busy
// CSV-NEXT: 1,10,0,false
// CSV-NEXT: 1,25,0,false
// CSV-NEXT: 2,10,100.01,true
// CSV-NEXT: 2,25,40.010000000000005,false
// CSV-NEXT: 4,10,150.03000000000003,true
// CSV-NEXT: 4,25,60.03,true
// CSV-EMPTY:

// KEEP:      p,bw[GB/s],t[ms],busy,feasible
// KEEP:      4,25,60.03,true,true
// KEEP-NEXT: 8,10,175.07,true,false
// KEEP-NEXT: 8,25,70.07,true,false
// KEEP-EMPTY:

// JSON:      {"scenario":"ring","columns":[{"name":"p","unit":""},{"name":"bw","unit":"GB/s"},{"name":"t","unit":"ms"},{"name":"busy","unit":""},{"name":"feasible","unit":""}],"rows":[
// JSON-NEXT: [1,10,0,false,true],
// JSON:      [8,25,70.07,true,false]
// JSON-NEXT: ]}

// TABLE:        p   bw [GB/s]        t [ms]          busy
// TABLE-NEXT:   1          10             0         false
// TABLE:        4          25         60.03          true
