// `ringline plot` draws a sweep's CSV or JSON with gnuplot: a valid SVG whose axis labels
// carry the headers' units, one line (one path) per value of --series with a point per
// row, the same chart from CSV and JSON, the values handed to gnuplot exactly, log axes
// (a zero left out with a note; GPU-like counts on a base-2 axis), several --y, --where,
// a PNG by the extension, and no temporary left behind.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ringline sweep %s -o %t/ring.csv
// RUN: %ringline sweep %s -o %t/ring.json
// RUN: %ringline plot %t/ring.csv --x p --y time --series bw -o %t/csv.svg
// RUN: %python %S/Inputs/svg_summary.py %t/csv.svg | FileCheck %s --check-prefix=SVG
// RUN: %ringline plot %t/ring.json --x p --y time --series bw -o %t/json.svg
// RUN: %python %S/Inputs/svg_summary.py %t/json.svg | FileCheck %s --check-prefix=SVG
// RUN: not ls %t/*.tmp
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/csv.gp %ringline plot %t/ring.csv --x p --y time --series bw --logx --logy --title "ring's all-reduce" -o %t/log.svg 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: FileCheck %s --check-prefix=SCRIPT < %t/csv.gp
// RUN: %ringline plot %t/ring.csv --x p --y time --y steps --where bw=100 -o %t/two.svg
// RUN: %python %S/Inputs/svg_summary.py %t/two.svg | FileCheck %s --check-prefix=TWO
// RUN: %ringline plot %t/ring.json --x p --y steps --where bw=10 -o %t/chart.png
// Two filters on one column keep the rows of either value (both lines); on another column
// they narrow further (one line left).
// RUN: %ringline plot %t/ring.csv --x p --y time --series bw --where bw=10 --where bw=100 -o %t/either.svg
// RUN: %python %S/Inputs/svg_summary.py %t/either.svg | FileCheck %s --check-prefix=SVG
// RUN: %ringline plot %t/ring.csv --x p --y time --series bw --where bw=10 --where bw=100 --where p=2 --where p=4 -o %t/narrow.svg
// RUN: %python %S/Inputs/svg_summary.py %t/narrow.svg | FileCheck %s --check-prefix=NARROW
// RUN: %python -c "import sys; sys.exit(open(sys.argv[1], 'rb').read(8) != b'\x89PNG\r\n\x1a\n')" %t/chart.png
scenario ring {
  param p: Int in [1, 2, 4, 8]
  param bw: B/s = 10 GB/s in [10 GB/s, 100 GB/s]
  report time = if p == 1 then 0 s else 2 * (p - 1) * 1 GB / p / bw in ms
  report steps = 2 * (p - 1)
}

// SVG:      text: time [ms]
// SVG-NEXT: text: p
// SVG-NEXT: text: bw=10 GB/s
// SVG-NEXT: text: bw=100 GB/s
// SVG-NEXT: series: 2
// SVG-NEXT: series 'bw=10 GB/s' paths=1 points=4
// SVG-NEXT: series 'bw=100 GB/s' paths=1 points=4

// NOTE: ringline: note: 2 points are not drawn: zero, negative or not finite on a log axis
// SCRIPT:      set terminal svg
// SCRIPT:      set title 'ring''s all-reduce'
// SCRIPT-NEXT: set xlabel 'p'
// SCRIPT-NEXT: set ylabel 'time [ms]'
// SCRIPT:      set logscale x 2
// SCRIPT-NEXT: set logscale y 10
// SCRIPT-NEXT: $d0 << EOD
// SCRIPT-NEXT: 2 100
// SCRIPT-NEXT: 4 150.00000000000003
// SCRIPT-NEXT: 8 175.00000000000003
// SCRIPT-NEXT: EOD
// SCRIPT-NEXT: $d1 << EOD
// SCRIPT-NEXT: 2 10
// SCRIPT-NEXT: 4 15
// SCRIPT-NEXT: 8 17.5
// SCRIPT-NEXT: EOD
// SCRIPT-NEXT: plot $d0 using 1:2 with linespoints {{.*}} title 'bw=10 GB/s', \
// SCRIPT-NEXT:   $d1 using 1:2 with linespoints {{.*}} title 'bw=100 GB/s'

// Two reports in different units: one axis label naming both with their units, a line each.
// TWO:      text: time [ms], steps
// TWO:      series: 2
// TWO-NEXT: series 'time' paths=1 points=4
// TWO-NEXT: series 'steps' paths=1 points=4

// NARROW:      series: 2
// NARROW-NEXT: series 'bw=10 GB/s' paths=1 points=2
// NARROW-NEXT: series 'bw=100 GB/s' paths=1 points=2
