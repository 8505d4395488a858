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
