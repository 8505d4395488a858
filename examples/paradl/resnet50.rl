// ParaDL's ResNet-50 projections (TruongThaoNguyen/paraDL-analysis log/{data,filter,channel}_resnet_scaling_proj.log and log/ranking_log/resnet/1024/df.log), reproduced by
// stdlib.paradl: one scenario per strategy, each with the GPU count `p` as its param and
// ParaDL's columns as reports (per epoch; memory in bytes per GPU). Rows ParaDL drops
// (mini-batch over --cmaxB, not enough memory) fail a `require`. Options are the published
// runs' (data/paradl/README.md), with the code revision each needs (docs/paradl.md §10).
//   ringline sweep examples/paradl/resnet50.rl --scenario resnet50_data
import stdlib.paradl
import stdlib.strategies
import stdlib.hardware
import "nets/resnet50.rl"

let _m = paradl_model(resnet50_layers, resnet50_dataset)

// Serial (`single`), --cBon 64: data_resnet_scaling_proj.log.
scenario resnet50_serial {
  param p: Int in [1]
  let row = paradl_serial(_m, POptions { b = 64, plx = 15 us })
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data, weak scaling at 64 samples per GPU, PLX 15 us: data_resnet_scaling_proj.log.
scenario resnet50_data {
  param p: Int in [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
  let row = paradl_data(_m, POptions { b = 64, plx = 15 us }, p)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Filter, strong scaling at B = 64 (filter3), filter_resnet.lc, PLX 15 us: filter_resnet_scaling_proj.log.
scenario resnet50_filter {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_filter(_m, POptions { b = 64, plx = 15 us }, p, resnet50_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Channel, strong scaling at B = 64 (chan3), with filter_resnet.lc as the published run: channel_resnet_scaling_proj.log.
scenario resnet50_channel {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_channel(_m, POptions { b = 64, plx = 15 us }, p, resnet50_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + filter, filter inside a node of 4 GPUs, committed code (PLX 20 us): ranking_log/resnet/1024/df.log.
scenario resnet50_data_filter {
  param p: Int in [4, 8, 16, 32, 64, 128, 256, 512, 1024]
  let row = paradl_data_filter(_m, POptions { b = 64 }, p, resnet50_filter_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data + spatial, spatial_resnet.lc, 256 samples per node, with the revision of the
// published run (ds-W and ds-g2, docs/paradl.md §10): the halo on a 1 GB/s link of
// 20.11 us: ranking_log/resnet/16/data+spatial.log.
scenario resnet50_data_spatial_16 {
  param p: Int in [4, 8, 16]
  let row = paradl_data_spatial(_m, POptions { b = 256, ds_contention = 0,
    ds_halo_link = Link { bw = 1 GB/s, lat = 20.11 us } }, p, resnet50_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// The same on 64 GPUs, with the halo on a 4 GB/s link of 3.00011 ms:
// ranking_log/resnet/64/data+spatial.log.
scenario resnet50_data_spatial_64 {
  param p: Int in [4, 8, 16, 32, 64]
  let row = paradl_data_spatial(_m, POptions { b = 256, ds_contention = 0,
    ds_halo_link = Link { bw = 4 GB/s, lat = 3.00011 ms } }, p, resnet50_spatial_lc)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}
