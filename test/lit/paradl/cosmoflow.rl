// ParaDL's published cosmoflow projections (data/paradl/expected) reproduced by
// examples/paradl/cosmoflow.rl: every row, every column, within 1e-9 relative.
// Inputs/compare.py also fails when the GPU counts differ (a row ParaDL drops must fail
// a `require`).
// RUN: %ringline sweep %examples/paradl/cosmoflow.rl --scenario cosmoflow_data_spatial -o %t.0.csv
// RUN: %python %S/Inputs/compare.py %t.0.csv %S/../../../data/paradl/expected/ranking_cosmoflow.csv ds | FileCheck %s --check-prefix=C0
// C0: ds: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/cosmoflow.rl --scenario cosmoflow_256_data_spatial_b8 -o %t.1.csv
// RUN: %python %S/Inputs/compare.py %t.1.csv %S/../../../data/paradl/expected/ranking_cosmoflow_256_run1.csv ds | FileCheck %s --check-prefix=C1
// C1: ds: {{[0-9]+}} rows match
// RUN: %ringline sweep %examples/paradl/cosmoflow.rl --scenario cosmoflow_256_data_spatial_b1 -o %t.2.csv
// RUN: %python %S/Inputs/compare.py %t.2.csv %S/../../../data/paradl/expected/ranking_cosmoflow_256_run2.csv ds | FileCheck %s --check-prefix=C2
// C2: ds: {{[0-9]+}} rows match
