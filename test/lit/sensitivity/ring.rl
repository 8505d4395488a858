// `eval --sensitivity` and `sweep --sensitivity` on a ring allreduce of `size` bytes over
// `n` ranks: t = 2 (n-1)/n size / bw + 2 (n-1) lat. By hand at n = 8, size = 100 MB,
// bw = 25 GB/s, lat = 5 us: t = 7.07 ms; dt/dsize = 1.75 / bw = 7e-11 s/B (elasticity
// 0.7 / 0.707 = 0.990099); dt/dbw = -1.75 size / bw^2 = -2.8e-13 s^2/B; dt/dlat = 14
// (elasticity 0.07 / 7.07 = 0.00990099). `m` is max(t, 3 ms): it follows t where t is the
// larger, and is flat (0) below. Both evaluators agree.
// RUN: %ringline eval %s --sensitivity | FileCheck %s --check-prefix=TABLE
// RUN: %ringline eval %s --sensitivity --backend=jit | FileCheck %s --check-prefix=TABLE
// RUN: %ringline eval %s --sensitivity --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline eval %s --sensitivity --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline sweep %s --set size=1MB,100MB --sensitivity link.bw,size --format csv | FileCheck %s --check-prefix=SWEEP
// RUN: %ringline sweep %s --set size=1MB,100MB --sensitivity link.bw,size --format csv --backend=jit | FileCheck %s --check-prefix=SWEEP
// RUN: not %ringline sweep %s --sensitivity link.bx 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %ringline sweep %s --sensitivity n 2>&1 | FileCheck %s --check-prefix=INT
record Link { bw: B/s, lat: s }
scenario ring {
  param n: Int = 8
  param size: B = 100 MB
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  let t = 2 * (n - 1) / n * size / link.bw + 2 * (n - 1) * link.lat
  report time = t in ms
  report m = max(t, 3 ms)
  report steps = 2 * (n - 1)
}
// TABLE:      time  = 7.07 ms
// TABLE:      sensitivity (derivatives in SI units; elasticity = d ln report / d ln input)
// TABLE-NEXT: report  input     derivative  unit   elasticity
// TABLE-NEXT: time    size           7e-11  s/B      0.990099
// TABLE-NEXT: time    link.bw     -2.8e-13  s^2/B   -0.990099
// TABLE-NEXT: time    link.lat          14         0.00990099
// TABLE-NEXT: m       size           7e-11  s/B      0.990099
// TABLE-NEXT: m       link.bw     -2.8e-13  s^2/B   -0.990099
// TABLE-NEXT: m       link.lat          14         0.00990099
// TABLE-NOT:  steps

// JSON: "sensitivity":{"time":{"size":{"derivative":7.0000000000000004e-11,"unit":"s/B","elasticity":0.99009900990099009},"link.bw":{"derivative":-2.8000000000000002e-13,"unit":"s^2/B","elasticity":-0.99009900990099009},"link.lat":{"derivative":14,"unit":"","elasticity":0.0099009900990099028}},"m":{

// CSV:      report,input,derivative,unit,elasticity
// CSV-NEXT: time,size,7e-11,s/B,0.9900990099009901
// CSV-NEXT: time,link.bw,-2.8e-13,s^2/B,-0.9900990099009901

// At 1 MB, t = 0.14 ms < 3 ms: m is flat.
// SWEEP:      n,size[MB],link,time[ms],m[s],steps,d_time_d_link.bw[s^2/B],d_m_d_link.bw[s^2/B],d_time_d_size[s/B],d_m_d_size[s/B]
// SWEEP-NEXT: 8,1,"Link { bw = 25 GB/s, lat = 5 us }",0.14,0.003,14,-2.7999999999999997e-15,0,7e-11,0
// SWEEP-NEXT: 8,100,"Link { bw = 25 GB/s, lat = 5 us }",7.07,0.00707,14,-2.8e-13,-2.8e-13,7e-11,7e-11

// UNKNOWN: error: --sensitivity names `link.bx`, which is not a continuous input of scenario `ring` (did you mean `link.bw`?); its continuous inputs are `size`, `link.bw`, `link.lat` [bad_option]
// INT: error: --sensitivity names `n`, which is not a continuous input of scenario `ring`
