// ParaDL's published alexnet projections (data/paradl/expected) reproduced by
// examples/paradl/alexnet.rl: every row, every column, within 1e-9 relative.
// Inputs/compare.py also fails when the GPU counts differ (a row ParaDL drops must fail
// a `require`).
// RUN: %ringline sweep %examples/paradl/alexnet.rl --scenario alexnet_serial -o %t.0.csv
// RUN: %python %S/Inputs/compare.py %t.0.csv %S/../../../data/paradl/expected/data_alexnet_scaling_proj.csv single | FileCheck %s --check-prefix=C0
// C0: single: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/alexnet.rl --scenario alexnet_data -o %t.1.csv
// RUN: %python %S/Inputs/compare.py %t.1.csv %S/../../../data/paradl/expected/data_alexnet_scaling_proj.csv data | FileCheck %s --check-prefix=C1
// C1: data: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/alexnet.rl --scenario alexnet_filter -o %t.2.csv
// RUN: %python %S/Inputs/compare.py %t.2.csv %S/../../../data/paradl/expected/filter_alexnet_scaling_proj.csv filter3 | FileCheck %s --check-prefix=C2
// C2: filter3: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/alexnet.rl --scenario alexnet_channel -o %t.3.csv
// RUN: %python %S/Inputs/compare.py %t.3.csv %S/../../../data/paradl/expected/channel_alexnet_scaling_proj.csv chan3 | FileCheck %s --check-prefix=C3
// C3: chan3: {{[0-9]+}} rows match
