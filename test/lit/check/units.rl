// Unit arithmetic is exact: 16 GiB over 12.5 GB/s, byte/bit rates, printing in ms. A unit
// word followed by `(` is a call: `/ min(...)` is the built-in, `/ min` minutes.
// RUN: %ringline eval %s --digits=0 | FileCheck %s
// RUN: %ringline eval %s --unit t=ms --format csv | FileCheck %s --check-prefix=CSV
scenario units {
  report t = 16 GiB / 12.5 GB/s
  report same = 25 GB/s == 200 Gbit/s
  report bits = 25 GB/s in Gbit/s
  report call = 4 s / min(2, 8)
  report per_min = 4 s / min
}
// CHECK: t       = 1.37438953472 s
// CHECK: same    = true
// CHECK: bits    = 200 Gbit/s
// CHECK: call    = 2 s
// CHECK: per_min = 4 s/min
// CSV: t[ms],same,bits[Gbit/s],call[s],per_min[s/min]
// CSV: 1374.38953472,true,200,2,4
