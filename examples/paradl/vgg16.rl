// ParaDL's VGG16 projections (TruongThaoNguyen/paraDL-analysis log/{data,filter,channel}_vgg_scaling_proj.log and log/ranking_log/vgg/{df,df.log2,ds}.log), reproduced by
// stdlib.paradl: one scenario per strategy, each with the GPU count `p` as its param and
// ParaDL's columns as reports (per epoch; memory in bytes per GPU). Rows ParaDL drops
// (mini-batch over --cmaxB, not enough memory) fail a `require`. Options are the published
// runs' (data/paradl/README.md), with the code revision each needs (docs/paradl.md §10).
//   ringline sweep examples/paradl/vgg16.rl --scenario vgg16_data
import stdlib.paradl
import stdlib.strategies
import "nets/vgg16.rl"

let _m = paradl_model(vgg16_layers, vgg16_dataset)

// Serial (`single`), --cBon 32: data_vgg_scaling_proj.log.
scenario vgg16_serial {
  param p: Int in [1]
  let row = paradl_serial(_m, POptions { b = 32, plx = 15 us })
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data, weak scaling at 32 samples per GPU, PLX 15 us: data_vgg_scaling_proj.log.
scenario vgg16_data {
  param p: Int in [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
  let row = paradl_data(_m, POptions { b = 32, plx = 15 us }, p)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Filter, strong scaling at B = 32 (filter3), filter_vgg.lc: filter_vgg_scaling_proj.log.
scenario vgg16_filter {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_filter(_m, POptions { b = 32, plx = 15 us }, p, vgg16_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Channel, strong scaling at B = 32 (chan3), filter_vgg.lc: channel_vgg_scaling_proj.log.
scenario vgg16_channel {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_channel(_m, POptions { b = 32, plx = 15 us }, p, vgg16_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + filter, committed code: ranking_log/vgg/df.log.
scenario vgg16_data_filter {
  param p: Int in [4, 8, 16, 32, 64, 128, 256, 512, 1024]
  let row = paradl_data_filter(_m, POptions { b = 32 }, p, vgg16_filter_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + filter without the contention factor (df-undivided): ranking_log/vgg/df.log2.
scenario vgg16_data_filter_undivided {
  param p: Int in [4, 8, 16, 32, 64, 128, 256, 512, 1024]
  let row = paradl_data_filter(_m, POptions { b = 32, df_contention = 0 }, p, vgg16_filter_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + spatial, spatial_vgg.lc, the split allgather undivided (ds-ag): ranking_log/vgg/ds.log.
scenario vgg16_data_spatial {
  param p: Int in [4, 8, 16, 32, 64, 128, 256, 512, 1024]
  let row = paradl_data_spatial(_m, POptions { b = 32, ds_gather_split = false }, p, vgg16_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}
