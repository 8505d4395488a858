// Mistakes in the sweep's own options are usage errors (exit 2) naming what is wrong,
// with either backend: an unknown backend or -O level, a report or param that does not
// exist, --top without --by, two reducing sinks at once.
// RUN: not %ringline sweep %s --backend=gpu 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not %ringline eval %s --backend=jit -O7 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not %ringline sweep %s --backend=jit --best nope 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: not %ringline sweep %s --backend=interp --best nope 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: not %ringline sweep %s --backend=jit --order p,q 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not %ringline sweep %s --backend=interp --order p,q 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not %ringline sweep %s --backend=jit --order p,p 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %ringline sweep %s --backend=jit --top 2 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not %ringline sweep %s --backend=interp --top 2 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not %ringline sweep %s --backend=jit --top 0 --by t 2>&1 | FileCheck %s --check-prefix=TOP0
// RUN: not %ringline sweep %s --backend=jit --best t --histogram t 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not %ringline sweep %s --backend=interp --pareto t 2>&1 | FileCheck %s --check-prefix=PARETO
// RUN: not %ringline sweep %s --backend=jit --pareto t 2>&1 | FileCheck %s --check-prefix=PARETO
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --backend=jit --best nope | FileCheck %s --check-prefix=REPORT
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --backend=interp --top 2 | FileCheck %s --check-prefix=TOP
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --backend=jit --order q | FileCheck %s --check-prefix=ORDER
scenario s {
  param p: Int = 1 in [1, 2]
  report t = p * 2
}
// BACKEND: ringline: error: unknown --backend `gpu`; available: auto, jit, interp [bad_option]
// OPT: ringline: error: -O7 is not a level; use -O0, -O1, -O2 or -O3 [bad_option]
// REPORT: ringline: error: --best names `nope`, which is not a report of scenario `s`; its reports are `t` [bad_option]
// ORDER: ringline: error: --order names `q`, which is not a param of scenario `s`; its params are `p` [bad_option]
// TWICE: ringline: error: --order names `p` twice [bad_option]
// TOP: ringline: error: --top K and --by REPORT go together [bad_usage]
// TWO: ringline: error: use at most one of --best, --top, --pareto and --histogram [bad_usage]
// PARETO: ringline: error: --pareto takes two reports, `R1,R2`; got `t` [bad_option]
// TOP0: ringline: error: --top takes a count of 1 or more; got 0 [bad_option]
