// `ringline solve`'s errors, each with its kind tag and exit status: 1 when no value of
// the input in the range reaches the target (the report's values at the ends in the
// message), 2 for the command line's mistakes, located in the option's text: an input or
// a report that does not exist, an Int report, a target or a range in the wrong unit, a
// range whose low end is not below its high end or that is not two values, an input at 0
// without --between, another param given several values, and a missing --report or --vary.
// RUN: %python %S/../driver/Inputs/expect_exit.py 1 %ringline solve %S/ring.rl --report time=0.01ms --vary link.bw | FileCheck %s --check-prefix=NONE
// RUN: %python %S/../driver/Inputs/expect_exit.py 1 %ringline solve %S/ring.rl --report time=0.01ms --vary link.bw --between 1GB/s,2GB/s | FileCheck %s --check-prefix=NONE-BETWEEN
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bx | FileCheck %s --check-prefix=INPUT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary n | FileCheck %s --check-prefix=INT-INPUT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report tme=5ms --vary link.bw | FileCheck %s --check-prefix=REPORT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report steps=10 --vary link.bw | FileCheck %s --check-prefix=INT-REPORT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5GB/s --vary link.bw | FileCheck %s --check-prefix=UNIT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time --vary link.bw | FileCheck %s --check-prefix=NOVALUE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bw --between 10GB/s,1ms | FileCheck %s --check-prefix=RANGE-UNIT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bw --between 10GB/s,1GB/s | FileCheck %s --check-prefix=RANGE-ORDER
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bw --between 10GB/s | FileCheck %s --check-prefix=RANGE-ONE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=7.5ms --vary extra | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bw --set size=1MB,2MB | FileCheck %s --check-prefix=MANY
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --vary link.bw | FileCheck %s --check-prefix=NOREPORT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms | FileCheck %s --check-prefix=NOVARY
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline solve %S/ring.rl --report time=5ms --vary link.bw --format xml | FileCheck %s --check-prefix=FORMAT

// NONE:      ring.rl:{{[0-9]+}}:3: error: no value of `link.bw` in [2.5e+07 B/s, 2.5e+13 B/s] brings `time` to 0.01 ms: it is 7000.07 ms at 2.5e+07 B/s and 0.077 ms at 2.5e+13 B/s; at 32 points in between it stays within [0.077 ms, 7000.07 ms]; widen the range with --between LO,HI [no_solution]
// NONE-NEXT: report time = t in ms
// NONE:      exit 1
// NONE-BETWEEN: error: no value of `link.bw` in [1e+09 B/s, 2e+09 B/s] brings `time` to 0.01 ms: it is 175.07 ms at 1e+09 B/s and 87.57 ms at 2e+09 B/s; at 32 points in between it stays within [87.57 ms, 175.07 ms] [no_solution]
// NONE-BETWEEN: exit 1

// INPUT:      --vary:1:1: error: --vary names `link.bx`, which is not a continuous input of scenario `ring` (did you mean `link.bw`?); its continuous inputs are `size`, `link.bw`, `link.lat`, `bw`, `extra` [bad_option]
// INPUT-NEXT: link.bx
// INPUT-NEXT: ^~~~~~~
// INPUT-NEXT: exit 2
// INT-INPUT:  --vary:1:1: error: --vary names `n`, which is not a continuous input of scenario `ring`; its continuous inputs are
// INT-INPUT:  exit 2

// REPORT:      --report:1:1: error: --report names `tme`, which is not a Real report of scenario `ring` (did you mean `time`?); its Real reports are `time`, `u_time`, `m`, `chunks`, `bowl` [bad_option]
// REPORT-NEXT: tme=5ms
// REPORT-NEXT: ^~~
// REPORT-NEXT: exit 2
// INT-REPORT:  --report:1:1: error: `steps` is an Int report; `solve` needs a Real one (its Real reports are `time`, `u_time`, `m`, `chunks`, `bowl`) [bad_option]
// INT-REPORT:  exit 2
// UNIT:        --report:1:6: error: the target of `time` must be in s, got `5GB/s` in B/s [unit_mismatch]
// UNIT-NEXT:   time=5GB/s
// UNIT-NEXT:   {{^}}     ^~~~~
// UNIT-NEXT:   exit 2
// NOVALUE:     --report:1:1: error: --report takes REPORT=VALUE, the value `time` should reach (with its unit) [bad_option]
// NOVALUE:     exit 2

// RANGE-UNIT:  --between:1:8: error: the range's high end must be in B/s, got `1ms` in s [unit_mismatch]
// RANGE-UNIT:  exit 2
// RANGE-ORDER: --between:1:1: error: --between's low end must be below its high end, got 1e+10 B/s and 1e+09 B/s [bad_option]
// RANGE-ORDER: exit 2
// RANGE-ONE:   --between:1:1: error: --between takes two values, LO,HI, got `10GB/s` [bad_option]
// RANGE-ONE:   exit 2
// ZERO:        --vary:1:1: error: `extra` is 0 s here, so there is no range around it to search; give one with --between LO,HI [bad_option]
// ZERO:        exit 2
// MANY:        --set:1:1: error: `solve` takes one value per param besides the one it varies; `--set size` gives 2 [bad_option]
// MANY:        exit 2
// NOREPORT:    ringline: error: name the report and the value it should reach with --report REPORT=VALUE [bad_usage]
// NOREPORT:    exit 2
// NOVARY:      ringline: error: name the input to solve for with --vary INPUT [bad_usage]
// NOVARY:      exit 2
// FORMAT:      ringline: error: unknown --format `xml`; use table, csv or json [bad_option]
// FORMAT:      exit 2
