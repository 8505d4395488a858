// ParaDL's CosmoFlow projections (TruongThaoNguyen/paraDL-analysis log/ranking_log/cosmoflow.log and cosmoflow_256.log), reproduced by
// stdlib.paradl: one scenario per strategy, each with the GPU count `p` as its param and
// ParaDL's columns as reports (per epoch; memory in bytes per GPU). Rows ParaDL drops
// (mini-batch over --cmaxB, not enough memory) fail a `require`. Options are the published
// runs' (data/paradl/README.md), with the code revision each needs (docs/paradl.md §10).
//   ringline sweep examples/paradl/cosmoflow.rl --scenario cosmoflow_data_spatial
import stdlib.paradl
import stdlib.strategies
import "nets/cosmoflow.rl"
import "nets/cosmoflow_256.rl"

let _m = paradl_model(cosmoflow_layers, cosmoflow_dataset)
let _m256 = paradl_model(cosmoflow_256_layers, cosmoflow_256_dataset)

// Data + spatial on 4x512^3 samples, 1 per node, the split allgather undivided (ds-ag): ranking_log/cosmoflow.log.
scenario cosmoflow_data_spatial {
  param p: Int in [4, 8, 16, 32, 64, 128, 256, 512, 1024]
  let row = paradl_data_spatial(_m, POptions { b = 1, ds_gather_split = false }, p, cosmoflow_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + spatial on 4x256^3 samples, 8 per node, committed code: ranking_log/cosmoflow_256.log (run 1).
scenario cosmoflow_256_data_spatial_b8 {
  param p: Int in [4, 8, 16, 32]
  let row = paradl_data_spatial(_m256, POptions { b = 8 }, p, cosmoflow_256_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + spatial on 4x256^3 samples, 1 per node, committed code: ranking_log/cosmoflow_256.log (run 2).
scenario cosmoflow_256_data_spatial_b1 {
  param p: Int in [4, 8, 16, 32]
  let row = paradl_data_spatial(_m256, POptions { b = 1 }, p, cosmoflow_256_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}
