// Usage and environment errors exit with status 2 and say why: a missing spec file (for
// every subcommand), an unknown option, an unknown subcommand or none, a bad --format, an
// unknown --scenario, and `eval` given several values; a clean run exits 0.
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline check %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline emit %t.missing.rl --emit=ir | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline emit %t.missing.rl --emit=ast | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --no-such-option | FileCheck %s --check-prefix=OPTION
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline frobnicate %s | FileCheck %s --check-prefix=SUBCMD
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline | FileCheck %s --check-prefix=NOSUB
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --format=xml | FileCheck %s --check-prefix=FORMAT
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --scenario=nope | FileCheck %s --check-prefix=SCENARIO
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --set n=1,2 | FileCheck %s --check-prefix=MANY
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline eval %s | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %examples/abci_allreduce.rl --best= | FileCheck %s --check-prefix=EMPTYBEST
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %examples/abci_allreduce.rl --top 2 --by= | FileCheck %s --check-prefix=EMPTYBY
scenario usage {
  param n: Int = 2
  report r = n * 2
}
// MISSING: ringline: error: cannot open `{{.*}}missing.rl`: {{[Nn]}}o such file{{.*}} [file_error]
// MISSING: exit 2
// OPTION: Unknown command line argument '--no-such-option'
// OPTION: exit 2
// SUBCMD: exit 2
// NOSUB: ringline: error: name a subcommand: check, emit, {{.*}} (see --help) [bad_usage]
// NOSUB: exit 2
// FORMAT: ringline: error: unknown --format `xml`; use table, csv or json [bad_option]
// FORMAT: exit 2
// SCENARIO: ringline: error: no scenario `nope`; this file has: usage [bad_option]
// SCENARIO: exit 2
// MANY: ringline: error: `eval` takes one value per param; `--set n` gives 2 (use `ringline sweep`) [bad_option]
// MANY: exit 2
// OK: r = 4
// OK: exit 0
// EMPTYBEST: ringline: error: --best needs a report name [bad_option]
// EMPTYBY: ringline: error: --by needs a report name [bad_option]
