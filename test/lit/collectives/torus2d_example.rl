// examples/custom-collective/torus2d.rl, a 2-D torus allreduce written only in Ringline,
// compiles, matches its hand-written closed form at every grid size, and its time at
// 4 x 16 GPUs is the number computed by hand below.
// RUN: %ringline eval %examples/custom-collective/torus2d.rl --digits=0 | FileCheck %s --check-prefix=EVAL
// RUN: %ringline sweep %examples/custom-collective/torus2d.rl | FileCheck %s --check-prefix=SWEEP
// RUN: %ringline emit %examples/custom-collective/torus2d.rl --emit=ir-opt | FileCheck %s --check-prefix=IR

// n = 51,114,064 B, x = 4 (NVLink 2: 150 GB/s, 9 us), y = 16 (EDR: 12.5 GB/s, 1.5 us),
// γ = 3 / 900 GB/s:
//   2·3·9 us                                  =   54 us
//   2·(3/4)·n / 150 GB/s = 1.5·340.760427 us  =  511.14064 us
//   2·15·1.5 us                               =   45 us
//   2·(15/16)·(n/4) / 12.5 GB/s = 1.875·1022.28128 us = 1916.7774 us
//   (3/4 + 15/64)·n·γ = 50,315,407.25 B · 3.333e-12 s/B = 167.7180242 us
//   total 2694.6360625 us
// EVAL: time = 2.694636062{{[0-9]*}} ms
// EVAL: check = true

// 4 row sizes x 5 column counts:
// SWEEP-COUNT-20: {{,true$}}
// SWEEP-NOT: false

// No step is unrolled: the closed form has params x and y and a handful of operations.
// IR: param 0 x : Int
// IR: param 1 y : Int
// IR-NOT: call
