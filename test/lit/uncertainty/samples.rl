// `eval --samples N --seed S`: each Real report's mean and 5th, 50th and 95th percentiles
// over N draws of the params' distributions, the same on both backends and for the same
// seed. By the closed forms: lin = 3 x + 1 with x ~ normal(1, 0.5) is N(4, 1.5) (p5 =
// 1.5327, p95 = 6.4673); `t` over a link whose bandwidth --vary draws from N(25, 2) GB/s.
// RUN: %ringline eval %s --samples 100000 --seed 7 --vary 'link.bw=normal(25 GB/s, 2 GB/s)' | FileCheck %s
// RUN: %ringline eval %s --samples 100000 --seed 7 --vary 'link.bw=normal(25 GB/s, 2 GB/s)' --backend=interp | FileCheck %s
// RUN: %ringline eval %s --samples 1000 --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline eval %s --samples 1000 --format csv | FileCheck %s --check-prefix=CSV
record Link { bw: B/s, lat: s }
scenario samples {
  param x: Real = 1 ~ normal(1, 0.5)
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  report lin = 3 * x + 1
  report t = 1 GB / link.bw + link.lat in ms
  report n = 3
}
// CHECK:      lin = 4
// CHECK:      uncertainty over 100000 samples, 100000 feasible (SI units)
// CHECK-NEXT: report  mean        p5          p50        p95         sd           unit
// (within a standard error or two of the closed forms: the mean's is 1.5 / sqrt(1e5) = 0.0047)
// CHECK-NEXT: lin 3.99911 1.52683 4.00471 6.4623 1.49857
// CHECK-NEXT: t 0.040251 0.0353288 0.0399905 0.0460808 0.00329536 s
// CHECK-NOT:  {{^}}n

// JSON: "uncertainty":{"lin":{"mean":{{.*}},"p5":{{.*}},"p50":{{.*}},"p95":{{.*}},"sd":{{.*}},"unit":"","samples":1000,"feasible":1000},"t":{"mean":0.0400050000000{{[0-9]+}},"p5":0.040004999999999999,"p50":0.040004999999999999,"p95":0.040004999999999999,

// CSV:      report,mean,p5,p50,p95,sd,unit
// CSV-NEXT: lin,
// CSV-NEXT: t,0.0400050000000{{[0-9]+}},0.040005,0.040005,0.040005,{{[0-9.e-]+}},s
