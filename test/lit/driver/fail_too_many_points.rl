// A sweep of 2^64 points or more, and a --plot of more points than a chart holds, are
// usage errors (exit 2) said before any point is evaluated.
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --set a=1..100000 --set b=1..100000 --set c=1..100000 --set d=1..100000 | FileCheck %s --check-prefix=HUGE
// RUN: rm -f %t.svg
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --set a=1..1001 --set b=1..1000 --plot %t.svg | FileCheck %s --check-prefix=PLOT
// RUN: not ls %t.svg
scenario big {
  param a: Int = 1 in [1, 2]
  param b: Int = 1 in [1, 2]
  param c: Int = 1
  param d: Int = 1
  report t = a + b + c + d
}
// HUGE: ringline: error: the sweep has 2^64 points or more; sweep fewer values [too_many_points]
// HUGE-NEXT: exit 2
// PLOT: ringline: error: --plot draws at most 1000000 points and this sweep has 1001000; sweep fewer values or reduce with --top or --pareto [too_many_points]
// PLOT-NEXT: exit 2
