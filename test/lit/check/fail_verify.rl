// `--verify-diagnostics` on a file whose expectations are wrong: an expectation no
// diagnostic meets is [verify_missing] at the comment, a diagnostic nobody expected is
// [verify_unexpected] at the diagnostic's own place; the run exits 1, also per chunk
// with --split-input-file.
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check --verify-diagnostics %S/Inputs/verify_wrong.rl | FileCheck %s
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check --verify-diagnostics --split-input-file %S/Inputs/verify_wrong.rl | FileCheck %s
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check --verify-diagnostics --split-input-file %s | FileCheck %s --check-prefix=SPLIT

// CHECK: verify_wrong.rl:5:13: error: unexpected diagnostic: left side is `s` but right side is `B`; cannot add them [unit_mismatch] [verify_unexpected]
// CHECK: verify_wrong.rl:3:4: error: expected diagnostic not produced on line 4: {{[{][{]}}unknown name `nothing`{{[}][}]}} [verify_missing]
// CHECK: exit 1

// A chunk that is right does not hide one that is wrong.
// expected-error@+1 {{unit_mismatch}}
let fine = 1 s + 1 B
// -----
let wrong = 1 s + 1 B

// SPLIT: fail_verify.rl:17:17: error: unexpected diagnostic: left side is `s` but right side is `B`; cannot add them [unit_mismatch] [verify_unexpected]
// SPLIT-NOT: fail_verify.rl:15
// SPLIT: exit 1
