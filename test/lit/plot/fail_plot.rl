// `ringline plot` and `--plot` mistakes are usage errors (exit 2) with a message, never a
// crash, and leave no chart and no temporary behind: gnuplot missing (not on PATH, or
// RINGLINE_GNUPLOT naming nothing), gnuplot failing (its message shown), an unknown column
// (with a did-you-mean), a text column on an axis, rows of one line at the same x, a
// --where that keeps nothing, a bad chart or result extension, an unreadable or empty result, a
// FIFO as the chart, and --plot with --best. A title cannot make gnuplot run a command.
// RUN: rm -rf %t && mkdir -p %t/empty && mkfifo %t/fifo.svg
// RUN: %ringline sweep %s -o %t/ring.csv
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 env -u RINGLINE_GNUPLOT PATH=%t/empty %ringline plot %t/ring.csv --x p --y time --series bw -o %t/c.svg | FileCheck %s --check-prefix=NOGNUPLOT
// RUN: env RINGLINE_GNUPLOT=%t/empty/gnuplot %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bw -o %t/c.svg | FileCheck %s --check-prefix=BADENV
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_EXIT=3 %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bw -o %t/c.svg | FileCheck %s --check-prefix=GPFAIL
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y tme --series bw -o %t/c.svg | FileCheck %s --check-prefix=UNKNOWN
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bww -o %t/c.svg | FileCheck %s --check-prefix=UNKNOWN-SERIES
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %S/Inputs/labels.csv --x gpu --y time -o %t/c.svg | FileCheck %s --check-prefix=TEXT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time -o %t/c.svg | FileCheck %s --check-prefix=SAMEX
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --where bw=7 -o %t/c.svg | FileCheck %s --check-prefix=WHERE
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --where bw=7 --where bw=8 -o %t/c.svg | FileCheck %s --check-prefix=WHERE-OR
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --where bw -o %t/c.svg | FileCheck %s --check-prefix=WHERE-FORM
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bw -o %t/c.pdf | FileCheck %s --check-prefix=EXT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %s --x p --y time -o %t/c.svg | FileCheck %s --check-prefix=INEXT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/none.csv --x p --y time -o %t/c.svg | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %S/Inputs/short_row.csv --x p --y time -o %t/c.svg | FileCheck %s --check-prefix=SHORT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %S/Inputs/header_only.csv --x p --y time -o %t/c.svg | FileCheck %s --check-prefix=NOROWS
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bw | FileCheck %s --check-prefix=NOOUT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline plot %t/ring.csv --x p --y time --series bw -o %t/fifo.svg | FileCheck %s --check-prefix=FIFO
// RUN: test -p %t/fifo.svg
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --best time --plot %t/c.svg | FileCheck %s --check-prefix=BEST
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --plot %t/c.jpg | FileCheck %s --check-prefix=SWEEP-EXT
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --set bw=10GB/s --set p=1 --plot %t/c.svg | FileCheck %s --check-prefix=NOX
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s --plot %t/c.svg --y tme -o %t/rows.csv | FileCheck %s --check-prefix=SWEEP-COLUMN
// RUN: not ls %t/rows.csv
// RUN: not ls %t/c.svg %t/c.pdf %t/c.jpg %t/*.tmp
// RUN: %ringline plot %t/ring.csv --x p --y time --series bw --title 'a `touch %t/pwned` @b' -o %t/t.svg
// RUN: not ls %t/pwned
// RUN: %python %S/Inputs/svg_summary.py %t/t.svg | FileCheck %s --check-prefix=TITLE
scenario ring {
  param p: Int in [1, 2, 4, 8]
  param bw: B/s = 10 GB/s in [10 GB/s, 100 GB/s]
  report time = if p == 1 then 0 s else 2 * (p - 1) * 1 GB / p / bw in ms
  report steps = 2 * (p - 1)
}

// NOGNUPLOT: ringline: error: cannot draw `{{.*}}c.svg`: gnuplot is not installed (Debian: `apt-get install gnuplot-nox`, or `make setup`; or set RINGLINE_GNUPLOT to its path) [tool_error]
// NOGNUPLOT: exit 2
// BADENV: ringline: error: cannot draw `{{.*}}c.svg`: RINGLINE_GNUPLOT names `{{.*}}empty/gnuplot`, which is not an executable program [tool_error]
// BADENV: exit 2
// GPFAIL:      ringline: error: cannot draw `{{.*}}c.svg`: gnuplot (`{{.*}}fake_gnuplot.py`) failed (exit 3): [tool_error]
// GPFAIL-NEXT: "{{.*}}" line 3: unexpected or unrecognized token
// GPFAIL: exit 2
// UNKNOWN: ringline: error: --y names `tme`, which is not a column of `{{.*}}ring.csv` (did you mean `time`?); its columns are `p`, `bw`, `time`, `steps` [unknown_column]
// A sweep's chart names its columns before the sweep runs: nothing is written.
// SWEEP-COLUMN: ringline: error: --y names `tme`, which is not a column of scenario `{{.*}}` (did you mean `time`?); its columns are `p`, `bw`, `time`, `steps` [unknown_column]
// SWEEP-COLUMN: exit 2
// UNKNOWN-SERIES: ringline: error: --series names `bww`, which is not a column of `{{.*}}ring.csv` (did you mean `bw`?); its columns{{.*}} [unknown_column]
// TEXT: ringline: error: --x `gpu`: the column holds text (`v100`), not numbers; an axis needs numbers [chart_error]
// SAMEX: ringline: error: the line `time` has two rows at p = 1: they differ in `bw`; keep one with `--where bw=VALUE` or draw a line each with `--series bw` [chart_error]
// WHERE: ringline: error: --where bw=7: no row has `bw` = `7`; its values there are 10, 100 [chart_error]
// WHERE-OR: ringline: error: --where bw=7 --where bw=8: no row has `bw` = `7` or `8`; its values there are 10, 100 [chart_error]
// WHERE-FORM: ringline: error: --where expects COLUMN=VALUE, got `bw` [bad_option]
// EXT: ringline: error: cannot draw `{{.*}}c.pdf`: a chart is a .svg or .png file [file_error]
// INEXT: ringline: error: cannot read `{{.*}}fail_plot.rl`: name a .csv or .json result (what `sweep -o` and `advise -o` write) [file_error]
// MISSING: ringline: error: cannot read `{{.*}}none.csv`: no such file [file_error]
// SHORT: ringline: error: cannot read `{{.*}}short_row.csv`: line 3 has 1 field but the header names 2 columns [bad_data]
// NOROWS: ringline: error: nothing to draw: `{{.*}}header_only.csv` has no rows [chart_error]
// NOOUT: ringline: error: name the chart to write: -o chart.svg (or .png) [bad_usage]
// FIFO: ringline: error: will not write `{{.*}}fifo.svg`: it is not a regular file
// BEST: ringline: error: --plot draws rows; it does not go with --best or --histogram [bad_usage]
// SWEEP-EXT: ringline: error: cannot draw `{{.*}}c.jpg`: a chart is a .svg or .png file [file_error]
// NOX: ringline: error: --plot needs an x axis: sweep a param over several values, or name a column with --x [bad_usage]
// TITLE: text: a `touch {{.*}}pwned` @b
