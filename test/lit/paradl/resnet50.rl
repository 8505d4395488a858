// ParaDL's published resnet50 projections (data/paradl/expected) reproduced by
// examples/paradl/resnet50.rl: every row, every column, within 1e-9 relative.
// Inputs/compare.py also fails when the GPU counts differ (a row ParaDL drops must fail
// a `require`).
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_serial -o %t.0.csv
// RUN: %python %S/Inputs/compare.py %t.0.csv %S/../../../data/paradl/expected/data_resnet_scaling_proj.csv single | FileCheck %s --check-prefix=C0
// C0: single: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_data -o %t.1.csv
// RUN: %python %S/Inputs/compare.py %t.1.csv %S/../../../data/paradl/expected/data_resnet_scaling_proj.csv data | FileCheck %s --check-prefix=C1
// C1: data: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_filter -o %t.2.csv
// RUN: %python %S/Inputs/compare.py %t.2.csv %S/../../../data/paradl/expected/filter_resnet_scaling_proj.csv filter3 | FileCheck %s --check-prefix=C2
// C2: filter3: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_channel -o %t.3.csv
// RUN: %python %S/Inputs/compare.py %t.3.csv %S/../../../data/paradl/expected/channel_resnet_scaling_proj.csv chan3 | FileCheck %s --check-prefix=C3
// C3: chan3: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_data_filter -o %t.4.csv
// RUN: %python %S/Inputs/compare.py %t.4.csv %S/../../../data/paradl/expected/ranking_resnet_1024_df.csv df | FileCheck %s --check-prefix=C4
// C4: df: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_data_spatial_16 -o %t.5.csv
// RUN: %python %S/Inputs/compare.py %t.5.csv %S/../../../data/paradl/expected/ranking_resnet_16_data_spatial.csv ds | FileCheck %s --check-prefix=C5
// C5: ds: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/resnet50.rl --scenario resnet50_data_spatial_64 -o %t.6.csv
// RUN: %python %S/Inputs/compare.py %t.6.csv %S/../../../data/paradl/expected/ranking_resnet_64_data_spatial.csv ds | FileCheck %s --check-prefix=C6
// C6: ds: {{[0-9]+}} rows match
