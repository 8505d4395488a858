// `--version`, and `--help` on each subcommand shows that subcommand's usage and options
// (and not the usage lines or options of the others); plain `--help` shows every usage.
// RUN: %ringline --version | FileCheck %s --check-prefix=VERSION
// RUN: %ringline check --help | FileCheck %s --check-prefix=CHK --implicit-check-not=--keep-infeasible --implicit-check-not=--format '--implicit-check-not=ringline sweep FILE'
// RUN: %ringline emit --help | FileCheck %s --check-prefix=EMIT --implicit-check-not=--keep-infeasible --implicit-check-not=--verify-diagnostics
// RUN: %ringline eval --help | FileCheck %s --check-prefix=EVAL --implicit-check-not=--keep-infeasible --implicit-check-not=--print-after
// RUN: %ringline sweep --help | FileCheck %s --check-prefix=SWEEP --implicit-check-not=--verify-diagnostics '--implicit-check-not=--emit=<string>' '--implicit-check-not=ringline eval FILE' '--implicit-check-not=ringline fit'
// RUN: %ringline fit --help | FileCheck %s --check-prefix=FIT '--implicit-check-not=ringline sweep FILE' '--implicit-check-not=ringline stats'
// RUN: %ringline plot --help | FileCheck %s --check-prefix=PLOT --implicit-check-not=--verify-diagnostics '--implicit-check-not=ringline sweep FILE' --implicit-check-not=--backend
// RUN: %ringline advise --help | FileCheck %s --check-prefix=ADVISE --implicit-check-not=--series
// RUN: %ringline --help | FileCheck %s --check-prefix=TOP

// VERSION: ringline {{[0-9]+\.[0-9]+\.[0-9]+}}

// CHK: OVERVIEW: ringline check FILE...
// CHK: SUBCOMMAND 'check'
// CHK: USAGE: ringline check [options]
// CHK-DAG: --max-errors=<uint>
// CHK-DAG: --split-input-file
// CHK-DAG: --verify-diagnostics

// EMIT: SUBCOMMAND 'emit'
// EMIT: USAGE: ringline emit [options]
// EMIT-DAG: --emit=<string>
// EMIT-DAG: --print-after-all
// EMIT-DAG: --print-after=<PASS>
// EMIT-DAG: --scenario=<NAME>
// EMIT-DAG: --set=<NAME=VALUE>

// EVAL: SUBCOMMAND 'eval'
// EVAL: USAGE: ringline eval [options]
// EVAL-DAG: --backend=<string>
// EVAL-DAG: --digits=<N>
// EVAL-DAG: --format=<string>
// EVAL-DAG: -o <FILE>
// EVAL-DAG: --scenario=<NAME>
// EVAL-DAG: --set=<NAME=VALUE>
// EVAL-DAG: --unit=<NAME=UNIT>

// SWEEP: OVERVIEW: ringline sweep FILE [--set
// SWEEP: SUBCOMMAND 'sweep'
// SWEEP: USAGE: ringline sweep [options]
// SWEEP-DAG: --digits=<N>
// SWEEP-DAG: --format=<string>
// SWEEP-DAG: --keep-infeasible
// SWEEP-DAG: -o <FILE>
// SWEEP-DAG: --scenario=<NAME>
// SWEEP-DAG: --set=<NAME=VALUE>
// SWEEP-DAG: --unit=<NAME=UNIT>
// SWEEP-DAG: --plot=<FILE>
// SWEEP-DAG: --series=<COLUMN>

// PLOT: OVERVIEW: ringline plot RESULT.csv|json --x COL --y COL
// PLOT-NEXT: ringline plot --roofline DEVICE --model NAME
// PLOT: SUBCOMMAND 'plot'
// PLOT-DAG: --series=<COLUMN>
// PLOT-DAG: --where=<COLUMN=VALUE>
// PLOT-DAG: --logx
// PLOT-DAG: --logy
// PLOT-DAG: --roofline=<DEVICE>
// PLOT-DAG: -o <chart.svg|png>

// ADVISE: SUBCOMMAND 'advise'
// ADVISE-DAG: --plot=<FILE>
// ADVISE-DAG: -o <FILE>
// ADVISE-DAG: --format=<string>

// FIT: OVERVIEW: ringline fit PROFILE.csv -o OUT.rlk
// FIT-NEXT: ringline fit --show BUNDLE.rlk
// FIT: SUBCOMMAND 'fit'

// TOP: ringline check FILE...
// TOP: ringline sweep FILE
// TOP: ringline fit --show
// TOP: ringline plot RESULT.csv|json
// TOP: USAGE: ringline [subcommand] [options]
// TOP-DAG: check
// TOP-DAG: emit
// TOP-DAG: eval
// TOP-DAG: sweep

