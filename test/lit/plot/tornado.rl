// `plot --tornado` draws a report's elasticities by the scenario's continuous inputs
// (eval --sensitivity's), one bar each, the largest |elasticity| on top, inputs whose
// elasticity is 0 left out. A ring allreduce t = 1.75 size / bw + 14 lat at 100 MB,
// 25 GB/s and 5 us: size and bw 0.990099 (up, down), lat 0.00990099.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/t.gp %ringline plot --tornado %s -o %t/t.svg
// RUN: FileCheck %s < %t/t.gp
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/two.gp %ringline plot --tornado %s --inputs 2 --report t -o %t/two.svg 2>&1 | FileCheck %s --check-prefix=DROPPED
// RUN: FileCheck %s --check-prefix=TWO < %t/two.gp
// RUN: not %ringline plot --tornado %s --report steps -o %t/x.svg 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: not %ringline plot --tornado %t/t.gp -o %t/x.svg 2>&1 | FileCheck %s --check-prefix=SPEC
record Link { bw: B/s, lat: s }
scenario ring {
  param n: Int = 8
  param size: B = 100 MB
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  report t = 2 * (n - 1) / n * size / link.bw + 2 * (n - 1) * link.lat
  report steps = 2 * (n - 1)
}
// CHECK:      set title 'ring: elasticity of t'
// CHECK-NEXT: set xlabel 'd ln t / d ln input'
// CHECK:      set ytics ('size' 2, 'link.bw' 1, 'link.lat' 0)
// CHECK:      $d0 << EOD
// CHECK-NEXT: 0.990099{{[0-9]*}} 2
// CHECK-NEXT: 0.00990099{{[0-9]*}} 0
// CHECK-NEXT: EOD
// CHECK-NEXT: $d1 << EOD
// CHECK-NEXT: -0.990099{{[0-9]*}} 1
// CHECK-NEXT: EOD
// CHECK:      $d0 using ($1/2):2:(abs($1)/2):(0.35) with boxxyerror fill solid 0.6 noborder title 'raises it'

// DROPPED: note: 1 smaller elasticities are not drawn (--inputs 2)
// TWO: set ytics ('size' 1, 'link.bw' 0)

// REPORT: error: --report names `steps`, which is not a `Real` report of scenario `ring`; its `Real` reports are `t` [bad_option]
// SPEC: error: --tornado draws one spec's scenario: `ringline plot --tornado FILE.rl -o chart.svg` [bad_usage]
