// Reducing sinks: --best (least, or greatest with `-`), --top K --by, --pareto and
// --histogram give the same rows with either backend and any thread count; equal keys
// go to the point that comes first in declaration order (here `c` never matters, so c=0).
// RUN: %ringline sweep %s --backend=jit --best f --format=table | FileCheck %s --check-prefix=BEST
// RUN: %ringline sweep %s --backend=interp --best f --threads 2 --format=table | FileCheck %s --check-prefix=BEST
// RUN: %ringline sweep %s --backend=jit --best -g --format=csv | FileCheck %s --check-prefix=MAX
// RUN: %ringline sweep %s --backend=jit --best g --format=csv | FileCheck %s --check-prefix=MIN
// RUN: %ringline sweep %s --backend=interp --best g --format=csv | FileCheck %s --check-prefix=MIN
// RUN: %ringline sweep %s --backend=interp --best -g --format=csv | FileCheck %s --check-prefix=MAX
// RUN: %ringline sweep %s --backend=jit --top 3 --by f --threads 3 --format=table | FileCheck %s --check-prefix=TOP
// RUN: %ringline sweep %s --backend=interp --top 3 --by f --format=table | FileCheck %s --check-prefix=TOP
// RUN: %ringline sweep %s --backend=jit --pareto f,-g --order c,b,a | FileCheck %s --check-prefix=PARETO
// RUN: %ringline sweep %s --backend=interp --pareto f,-g | FileCheck %s --check-prefix=PARETO
// RUN: %ringline sweep %s --backend=jit --histogram f | FileCheck %s --check-prefix=HIST
// RUN: %ringline sweep %s --backend=interp --histogram f --threads 4 | FileCheck %s --check-prefix=HIST
// RUN: %ringline sweep %s --backend=jit --histogram t --bins 4 --format=json | FileCheck %s --check-prefix=HIST4
// RUN: %ringline sweep %s --backend=interp --histogram t --bins 4 --format=json | FileCheck %s --check-prefix=HIST4
// RUN: %ringline sweep %s --backend=jit --best g --keep-infeasible --format=csv | FileCheck %s --check-prefix=KEEP
// RUN: %ringline sweep %s --backend=interp --best g --keep-infeasible --format=csv | FileCheck %s --check-prefix=KEEP
scenario grid {
  param a: Int = 1 in 1 .. 6 step +1
  param b: Int = 1 in [1, 2, 3, 4]
  param c: Int = 0 in [0, 1]
  require a + b <= 8, "a + b <= 8"
  require a > 1 or b > 1, "not the corner"
  report f = (a - 3) * (a - 3) + b
  report g = a * b
  report t = (4 * a + b) * 1 s
}
// BEST:      scenario grid
// BEST-NEXT:   a = 3
// BEST-NEXT:   b = 1
// BEST-NEXT:   c = 0
// BEST-NEXT:   f = 1
// BEST-NEXT:   g = 3
// BEST-NEXT:   t = 13 s
// BEST-EMPTY:

// MAX:      a,b,c,f,g,t[s]
// MAX-NEXT: 4,4,0,5,16,20
// MAX-EMPTY:

// TOP:      {{ *}}a{{ +}}b{{ +}}c{{ +}}f{{ +}}g{{ +}}t [s]
// TOP-NEXT: {{ *}}3{{ +}}1{{ +}}0{{ +}}1{{ +}}3{{ +}}13
// TOP-NEXT: {{ *}}3{{ +}}1{{ +}}1{{ +}}1{{ +}}3{{ +}}13
// TOP-NEXT: {{ *}}2{{ +}}1{{ +}}0{{ +}}2{{ +}}2{{ +}}9
// TOP-EMPTY:

// MIN:      a,b,c,f,g,t[s]
// MIN-NEXT: 1,2,0,6,2,6
// MIN-EMPTY:

// PARETO:      a,b,c,f,g,t[s]
// PARETO-NEXT: 3,1,0,1,3,13
// PARETO-NEXT: 3,2,0,2,6,14
// PARETO-NEXT: 3,3,0,3,9,15
// PARETO-NEXT: 3,4,0,4,12,16
// PARETO-NEXT: 4,4,0,5,16,20
// PARETO-EMPTY:

// 40 feasible points; f runs from 1 to 11 (a = 6, b = 2), in bins of width 1.
// HIST:      f_lo,f_hi,count
// HIST-NEXT: 1,2,2
// HIST-NEXT: 2,3,6
// HIST-NEXT: 3,4,6
// HIST-NEXT: 4,5,6
// HIST-NEXT: 5,6,6
// HIST-NEXT: 6,7,4
// HIST-NEXT: 7,8,4
// HIST-NEXT: 8,9,2
// HIST-NEXT: 9,10,0
// HIST-NEXT: 10,11,2
// HIST-NEXT: 11,12,2
// HIST-EMPTY:

// t = 4a + b runs from 6 to 26: four bins at most means width 10.
// HIST4:      {"scenario":"grid","columns":[{"name":"t_lo","unit":"s"},{"name":"t_hi","unit":"s"},{"name":"count","unit":""}],"rows":[
// HIST4-NEXT: [0,10,8],
// HIST4-NEXT: [10,20,20],
// HIST4-NEXT: [20,30,12]
// HIST4-NEXT: ]}

// The infeasible corner a = b = 1 has the least g.
// KEEP:      a,b,c,f,g,t[s],feasible
// KEEP-NEXT: 1,1,0,5,1,5,false
// KEEP-EMPTY:
