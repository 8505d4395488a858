// Usage and environment errors exit with status 2 and say why, each with its kind tag: a
// missing spec file (for every subcommand) or none given, an unknown option, a negative
// count or an option without its value (llvm::cl's own messages), an unknown subcommand or
// none, a bad --format, an unknown --scenario, and `eval` given several values; a clean run
// exits 0.
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline check %t.missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline emit %t.missing.rl --emit=ir | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline emit %t.missing.rl --emit=ast | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --no-such-option | FileCheck %s --check-prefix=OPTION
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline check | FileCheck %s --check-prefix=NOFILE
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline sweep %s --digits -1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %s --format | FileCheck %s --check-prefix=NOVALUE
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
// OPTION: ringline: error: Unknown command line argument '--no-such-option' (see `ringline eval --help`) [bad_option]
// OPTION: exit 2
// NOFILE: ringline: error: missing the file to work on (see `ringline check --help`) [bad_usage]
// NOFILE: exit 2
// NEGATIVE: ringline: error: --digits takes a whole number of 0 or more; got `-1` (see `ringline sweep --help`) [bad_option]
// NEGATIVE: exit 2
// NOVALUE: ringline: error: --format: requires a value (see `ringline eval --help`) [bad_option]
// NOVALUE: exit 2
// SUBCMD: ringline: error: Unknown subcommand 'frobnicate' (see `ringline --help`) [bad_usage]
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
