// `-` names standard input as the spec, for every command that reads one; its
// diagnostics name `<stdin>`.
// RUN: %ringline eval - < %s | FileCheck %s --check-prefix=EVAL
// RUN: %ringline sweep - --format csv < %s | FileCheck %s --check-prefix=SWEEP
// RUN: %ringline check - < %s
// RUN: printf 'scenario s {\n  report r = nope\n}\n' | not %ringline eval - 2>&1 | FileCheck %s --check-prefix=BAD
// The commands that take a network read it too (through the library API), and emit's
// front-end dumps and check's split files.
// RUN: %ringline stats - < %s | FileCheck %s --check-prefix=STATS
// RUN: %ringline advise - --model pair --gpus 2 --compute roofline --format csv < %s | FileCheck %s --check-prefix=ADVISE
// RUN: %ringline plot - --roofline v100_sxm2_16gb --model pair -o %t.svg < %s
// RUN: %ringline emit - --emit=tokens < %s | FileCheck %s --check-prefix=TOKENS
// RUN: %ringline check --split-input-file - < %s
// RUN: printf 'import stdlib.layers\nlet n = network("n", [4], [dense(nope)])\n' | not %ringline stats - 2>&1 | FileCheck %s --check-prefix=BADNET
import stdlib.layers
let pair = network("pair", [10], [dense(10), relu])
scenario doubled {
  param n: Int = 3 in 1 .. 4
  report r = n * 2 s in ms
}
// EVAL:      scenario doubled
// EVAL-NEXT:   n = 3
// EVAL-NEXT:   r = 6000 ms
// SWEEP:      n,r[ms]
// SWEEP-NEXT: 1,2000
// SWEEP:      4,8000
// BAD: <stdin>:2:14: error: unknown name `nope` [unknown_name]
// STATS:      pair (batch 1)
// STATS:      total
// ADVISE:     gpus,used,rank,strategy
// ADVISE-NEXT: 2,2,1,
// TOKENS:     15:1 'import' `import`
// BADNET: <stdin>:2:34: error: unknown name `nope`{{.*}}[unknown_name]
