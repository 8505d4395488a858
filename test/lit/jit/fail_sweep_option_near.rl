// A near miss in a sweep option's report or param name gets a did-you-mean before the
// list of names, on both backends (the library's message, test/lit/jit/fail_sweep_options.rl
// for the rest).
// RUN: not %ringline sweep %s --best tim 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: not %ringline sweep %s --backend=interp --top 2 --by -tme 2>&1 | FileCheck %s --check-prefix=BY
// RUN: not %ringline sweep %s --order bacth 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: not %ringline sweep %s --plot %t.svg --x bacth --y time 2>&1 | FileCheck %s --check-prefix=COLUMN
scenario near {
  param batch: Int = 1 in [1, 2]
  report time = batch * 2 * 1 s
}
// REPORT: ringline: error: --best names `tim`, which is not a report of scenario `near` (did you mean `time`?); its reports are `time` [bad_option]
// BY: ringline: error: --by names `tme`, which is not a report of scenario `near` (did you mean `time`?); its reports are `time` [bad_option]
// PARAM: ringline: error: --order names `bacth`, which is not a param of scenario `near` (did you mean `batch`?); its params are `batch` [bad_option]
// COLUMN: ringline: error: --x names `bacth`, which is not a column of scenario `near` (did you mean `batch`?); its columns are `batch`, `time` [unknown_column]
