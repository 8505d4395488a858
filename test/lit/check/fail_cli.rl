// Diagnostics about the command line and run time: `--set`/`--unit` naming no param or
// report ([unknown_param], with the caret under the name and a suggestion when one is
// close), an unknown or mismatched `--set` value or `--unit` ([unknown_unit],
// [unit_mismatch], [type_mismatch]): all in the option's text, so usage errors (exit 2);
// a report that is infinite at run time ([non_finite]) and the error cap (`--max-errors`,
// [too_many_errors]) exit 1.
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --set m=3 | FileCheck %s --check-prefix=SET
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --set nn=3 | FileCheck %s --check-prefix=SETNEAR
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline emit %s --set nn=3 | FileCheck %s --check-prefix=SETNEAR
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --unit z=ms | FileCheck %s --check-prefix=UNITNAME
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --unit qq=ms | FileCheck %s --check-prefix=UNITNEAR
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --unit t=parsec | FileCheck %s --check-prefix=UNITWORD
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --unit t=GB | FileCheck %s --check-prefix=UNITDIM
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --set n=2x | FileCheck %s --check-prefix=SETUNIT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --set 'n=1..8*1.5' | FileCheck %s --check-prefix=SETSTEP
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %s --scenario lnk | FileCheck %s --check-prefix=SCENARIO
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline eval %s --set d=0 | FileCheck %s --check-prefix=NONFINITE
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %S/Inputs/many_errors.rl --max-errors=2 | FileCheck %s --check-prefix=CAP
// RUN: %python %S/../robust/Inputs/run_limited.py 0 20 %ringline eval %s --unit t=ms | FileCheck %s --check-prefix=OK
scenario link {
  param d: Real = 4
  param n: Int = 2 in [1, 2, 4]
  report t = 12 s / d
  report q = n * 2
}

// SET: --set:1:1: error: scenario `link` has no param `m`; its params are `d`, `n` [unknown_param]
// SET-NEXT: {{^m=3$}}
// SET-NEXT: {{^\^$}}
// SET: exit 2
// SETNEAR: --set:1:1: error: scenario `link` has no param `nn`; did you mean `n`? [unknown_param]
// SETNEAR-NEXT: {{^nn=3$}}
// SETNEAR-NEXT: {{^\^~$}}
// SETNEAR: exit 2
// UNITNAME: --unit:1:1: error: scenario `link` has no report or param `z` [unknown_param]
// UNITNAME: exit 2
// UNITNEAR: --unit:1:1: error: scenario `link` has no report or param `qq`; did you mean `q`? [unknown_param]
// UNITNEAR-NEXT: {{^qq=ms$}}
// UNITNEAR-NEXT: {{^\^~$}}
// UNITNEAR: exit 2
// UNITWORD: --unit:1:3: error: unknown unit `parsec` [unknown_unit]
// UNITWORD-NEXT: {{^t=parsec$}}
// UNITWORD-NEXT: {{^  \^~~~~~$}}
// UNITWORD: exit 2
// UNITDIM: --unit:1:3: error: `t` is `s` but `GB` is `B` [unit_mismatch]
// UNITDIM: exit 2
// SETUNIT: --set:1:4: error: unknown unit `x` [unknown_unit]
// SETUNIT-NEXT: {{^n=2x$}}
// SETUNIT-NEXT: {{^   \^$}}
// SETUNIT: exit 2
// SETSTEP: --set:1:8: error: a range of `Int` values needs an `Int` step, got `Real` [type_mismatch]
// SETSTEP: exit 2
// SCENARIO: ringline: error: no scenario `lnk`; did you mean `link`? [bad_option]
// SCENARIO: exit 2
// NONFINITE: fail_cli.rl:23:19: error: report `t` is inf at d=0, n=2: division by zero here [non_finite]
// NONFINITE-NEXT: report t = 12 s / d
// NONFINITE-NEXT: {{^ +\^$}}
// NONFINITE: exit 1
// CAP: many_errors.rl:2:9: error: unknown name `x1` [unknown_name]
// CAP: many_errors.rl:3:9: error: unknown name `x2` [unknown_name]
// CAP-NOT: x3
// CAP: ringline: error: too many errors (2); stopping [too_many_errors]
// CAP-NOT: x4
// CAP: exit 1
// OK: t = 3000 ms
// OK: exit 0
