// `ringline solve` on a ring allreduce of `size` bytes over `n` ranks whose time has a
// closed form: t = 2 (n-1)/n size / bw + 2 (n-1) lat = 1.75 size / bw + 14 lat at n = 8.
// At size = 100 MB and lat = 5 us, t = 1.75e8 B / bw + 70 us, so t reaches a target T at
//   bw = 1.75e8 B / (T - 70 us):  T = 5 ms: 35.496957 GB/s, dt/dbw = -1.75e8 / bw^2
//   = -1.3888514e-13 s^2/B; T = 10 ms: 17.623364 GB/s (dt/dbw = -5.6345657e-13), which
//   fails the require `t <= 8 ms`.
// And at bw = 25 GB/s (t = 7.07 ms): T = 7.5 ms at lat = 0.5 ms / 14 = 35.7143 us, or at
// extra = 0.43 ms (a param at 0: --between 0s,1s); T = 5 ms
// at size = (5 ms - 70 us) 25 GB/s / 1.75 = 70.4286 MB (dt/dsize = 1.75 / bw = 7e-11 s/B).
// RUN: %ringline solve %s --report time=5ms --vary link.bw | FileCheck %s --check-prefix=BW
// RUN: %ringline solve %s --report time=5ms --vary link.bw --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline solve %s --report time=5ms --vary link.bw --format json | FileCheck %s --check-prefix=JSON
// `u_time` is t with the param `bw` for link.bw; its declared values give the range
// [5 GB/s, 100 GB/s].
// RUN: %ringline solve %s --report u_time=5ms --vary bw | FileCheck %s --check-prefix=PARAM
// RUN: %ringline solve %s --report time=5ms --vary size | FileCheck %s --check-prefix=SIZE
// RUN: %ringline solve %s --report time=7.5ms --vary link.lat --between 0s,1ms | FileCheck %s --check-prefix=LAT
// RUN: %ringline solve %s --report time=10ms --vary link.bw 2>&1 | FileCheck %s --check-prefix=INFEASIBLE
// `m = max(t, 6 ms)` has a kink: from bw = 100 GB/s (t = 1.82 ms, m flat: derivative 0)
// bisection first, then Newton: m = 7 ms at bw = 1.75e8 / 6.93 ms = 25.252525 GB/s.
// RUN: %ringline solve %s --report m=7ms --vary bw --set bw=100GB/s --between 10GB/s,1TB/s | FileCheck %s --check-prefix=KINK
// `chunks = ceil(size / (bw 1 ms)) ms` is a staircase (derivative 0): bisection only, and it
// never equals 2.5 ms; it jumps from 3 ms to 2 ms at bw = 100 MB / 2 ms = 50 GB/s.
// RUN: %ringline solve %s --report chunks=2.5ms --vary bw --between 10GB/s,100GB/s | FileCheck %s --check-prefix=STEP
// A tread of the staircase: any bw in [25 GB/s, 33.3 GB/s) gives 4 ms.
// RUN: %ringline solve %s --report chunks=4ms --vary bw --format json | FileCheck %s --check-prefix=SPAN
// An input at 0 needs --between; a range that does not bracket the target is scanned.
// RUN: %ringline solve %s --report time=7.5ms --vary extra --between 0s,1s | FileCheck %s --check-prefix=ZERO
// `bowl = ln(bw / 10 GB/s)^2` is 1 at bw = 10 GB/s e^-1 = 3.67879 GB/s and 10 GB/s e =
// 27.1828 GB/s; both ends of [1 GB/s, 1 TB/s] are above 1: the scan between them finds
// the first crossing from the low end.
// RUN: %ringline solve %s --report bowl=1 --vary bw --between 1GB/s,1TB/s | FileCheck %s --check-prefix=SCAN
record Link { bw: B/s, lat: s }
scenario ring {
  param n: Int = 8
  param size: B = 100 MB
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  param bw: B/s = 25 GB/s in [5 GB/s, 10 GB/s, 100 GB/s]
  param extra: s = 0 s
  let t = 2 * (n - 1) / n * size / link.bw + 2 * (n - 1) * link.lat + extra
  let u = 2 * (n - 1) / n * size / bw + 2 * (n - 1) * link.lat
  require t <= 8 ms, "the allreduce takes at most 8 ms"
  report time = t in ms
  report u_time = u in ms
  report m = max(u, 6 ms) in ms
  report chunks = ceil(size / (bw * 1 ms)) * 1 ms in ms
  report bowl = (log(bw / (10 GB/s)))^2
  report steps = 2 * (n - 1)
}

// BW:      link.bw          = 3.5497e+10 B/s
// BW-NEXT: time             = 5 ms  (target 5 ms)
// BW-NEXT: d_time_d_link.bw = -1.38885e-13 s^2/B
// BW-NEXT: iterations       = 6
// BW-NEXT: method           = newton

// CSV:      input,value,unit,report,report_value,report_unit,target,derivative,derivative_unit,iterations,method,feasible,converged
// CSV-NEXT: link.bw,35496957403.65111,B/s,time,5.000000000000001,ms,5,-1.3888514285714292e-13,s^2/B,6,newton,true,true

// JSON: {"input":"link.bw","value":35496957403.65111,"unit":"B/s","report":"time","report_value":5.000000000000001,"report_unit":"ms","target":5,"derivative":-1.3888514285714292e-13,"derivative_unit":"s^2/B","iterations":6,"method":"newton","feasible":true,"converged":true,"between":[25000000,25000000000000]}

// PARAM:      bw            = 35.497 GB/s
// PARAM-NEXT: u_time        = 5 ms  (target 5 ms)
// PARAM-NEXT: d_u_time_d_bw = -1.38885e-13 s^2/B

// SIZE:      size          = 70.4286 MB
// SIZE-NEXT: time          = 5 ms  (target 5 ms)
// SIZE-NEXT: d_time_d_size = 7e-11 s/B

// LAT:      link.lat          = 3.57143e-05 s
// LAT-NEXT: time              = 7.5 ms  (target 7.5 ms)
// LAT-NEXT: d_time_d_link.lat = 14

// INFEASIBLE:      link.bw          = 1.76234e+10 B/s
// INFEASIBLE-NEXT: time             = 10 ms  (target 10 ms)
// INFEASIBLE-NEXT: d_time_d_link.bw = -5.63457e-13 s^2/B
// INFEASIBLE:      feasible         = false
// INFEASIBLE:      ring.rl:[[@LINE-36]]:3: note: the point is infeasible: "the allreduce takes at most 8 ms" does not hold [infeasible]

// KINK:      bw         = 25.2525 GB/s
// KINK-NEXT: m          = 7 ms  (target 7 ms)
// KINK-NEXT: d_m_d_bw   = -2.74428e-13 s^2/B
// KINK:      method     = newton

// STEP:      bw            = 50 GB/s
// STEP-NEXT: chunks        = 3 ms  (target 2.5 ms)
// STEP-NEXT: d_chunks_d_bw = 0 s^2/B
// STEP-NEXT: iterations    = 42
// STEP-NEXT: method        = bisection
// STEP-NEXT: `chunks` jumps across the target at `bw` = 50 GB/s: it is 3 ms on one side and 2 ms on the other

// SPAN: {"input":"bw","value":25,"unit":"GB/s","report":"chunks","report_value":4,"report_unit":"ms","target":4,"derivative":0,"derivative_unit":"s^2/B","iterations":1,"method":"start","feasible":true,"converged":true,"between":[5,100]}

// ZERO:      extra          = 0.00043 s
// ZERO-NEXT: time           = 7.5 ms  (target 7.5 ms)

// SCAN:      bw          = 3.67879 GB/s
// SCAN-NEXT: bowl        = 1  (target 1)
