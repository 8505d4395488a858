// Which `require` fails. A sweep says on stderr how many points each require dropped (a
// point that fails two counts for both), with every sink and backend, any thread count;
// not with --keep-infeasible (nothing is dropped), --quiet, or when every point holds.
// `eval` at an infeasible point prints it (exit 0) and a note ([infeasible]) at each
// require it fails: the message, or the condition when there is none.
// RUN: %ringline sweep %s 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --backend=interp 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --threads 3 --best t 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --top 3 --by -t --backend=interp 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --histogram t 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --pareto t,-t --format json 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=COUNT < %t.err
// RUN: %ringline sweep %s --set n=1..10000 --threads 2 --order m,n --best -t 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=MANY < %t.err
// RUN: %ringline sweep %s --set n=1..10000 --threads 1 --backend=interp 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=MANY < %t.err
// RUN: %ringline sweep %s --set n=9..10 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=ONE < %t.err
// RUN: %ringline sweep %s --keep-infeasible 2>%t.err >/dev/null
// RUN: %ringline sweep %s --quiet 2>>%t.err >/dev/null
// RUN: %ringline sweep %s --set n=1,2 2>>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=NONE --allow-empty < %t.err
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline eval %s --set n=10 --set m=4 | FileCheck %s --check-prefix=BOTH --strict-whitespace
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline eval %s --set n=9 --backend=interp | FileCheck %s --check-prefix=FIRST
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline eval %s --set n=7 --set m=3 | FileCheck %s --check-prefix=SECOND
scenario drops {
  param n: Int = 1 in 1 .. 10
  param m: Int = 1 in 1 .. 4
  require n <= 8, "n fits"
  require n * m <= 20
  report t = n * m
}
// 40 points: n = 9, 10 fail the first (8 points), n * m > 20 the second (9: m = 3 with
// n >= 7, m = 4 with n >= 6); 13 fail one or both.
// COUNT: ringline: 13 of 40 points dropped: 8 by "n fits" ({{.*}}dropped.rl:34), 9 by `n * m <= 20` ({{.*}}dropped.rl:35){{$}}
// ONE: ringline: 8 of 8 points dropped: 8 by "n fits" ({{.*}}dropped.rl:34), 4 by `n * m <= 20` ({{.*}}dropped.rl:35){{$}}
// 40000 points in many chunks: n > 8 drops 39968; n * m > 20 holds for 9980, 9990, 9994
// and 9995 points at m = 1..4; 5 points with n <= 8 fail only the second.
// MANY: ringline: 39973 of 40000 points dropped: 39968 by "n fits" ({{.*}}dropped.rl:34), 39959 by `n * m <= 20` ({{.*}}dropped.rl:35){{$}}
// NONE-NOT: dropped

// BOTH:      scenario drops
// BOTH:        feasible = false
// BOTH-NEXT: dropped.rl:34:3: note: the point is infeasible: "n fits" does not hold [infeasible]
// BOTH-NEXT: {{^}}  require n <= 8, "n fits"{{$}}
// BOTH-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// BOTH-NEXT: dropped.rl:35:3: note: the point is infeasible: `n * m <= 20` does not hold [infeasible]
// BOTH-NEXT: {{^}}  require n * m <= 20{{$}}
// BOTH-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~{{$}}
// BOTH-NEXT: exit 0
// FIRST: "n fits" does not hold
// FIRST-NOT: note
// FIRST: exit 0
// SECOND-NOT: "n fits"
// SECOND: `n * m <= 20` does not hold
// SECOND: exit 0
