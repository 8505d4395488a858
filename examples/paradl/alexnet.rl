// ParaDL's AlexNet projections (TruongThaoNguyen/paraDL-analysis log/{data,filter,channel}_alexnet_scaling_proj.log), reproduced by
// stdlib.paradl: one scenario per strategy, each with the GPU count `p` as its param and
// ParaDL's columns as reports (per epoch; memory in bytes per GPU). Rows ParaDL drops
// (mini-batch over --cmaxB, not enough memory) fail a `require`. Options are the published
// runs' (data/paradl/README.md), with the code revision each needs (docs/paradl.md §10).
//   ringline sweep examples/paradl/alexnet.rl --scenario alexnet_data
import stdlib.paradl
import stdlib.strategies
import "nets/alexnet.rl"

let _m = paradl_model(alexnet_layers, alexnet_dataset)

// Serial (`single`), --cBon 512: data_alexnet_scaling_proj.log.
scenario alexnet_serial {
  param p: Int in [1]
  let row = paradl_serial(_m, POptions { b = 512, cmaxb = 2000000, plx = 15 us })
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Data, weak scaling at 512 samples per GPU, --cmaxB 2000000, PLX 15 us: data_alexnet_scaling_proj.log.
scenario alexnet_data {
  param p: Int in [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
  let row = paradl_data(_m, POptions { b = 512, cmaxb = 2000000, plx = 15 us }, p)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Filter, strong scaling at B = 512 (filter3): filter_alexnet_scaling_proj.log.
scenario alexnet_filter {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_filter(_m, POptions { b = 512, cmaxb = 2000000, plx = 15 us }, p, alexnet_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}

// Channel, strong scaling at B = 512 (chan3): channel_alexnet_scaling_proj.log.
scenario alexnet_channel {
  param p: Int in [2, 4, 8, 16, 32, 64]
  let row = paradl_channel(_m, POptions { b = 512, cmaxb = 2000000, plx = 15 us }, p, alexnet_filter_lc, false)
  report B = row.batch
  report t_comp = row.fwd in s
  report t_comm = row.comm in s
  report time = row.epoch in s
  report memory = mem_total(row) in B
  report cost = paradl_cost(row)
  require row.feasible
}
