// What Ringline's own defaults change against ParaDL's numbers: ResNet-50 data
// parallelism on ABCI at 64 samples per GPU, ParaDL's projection (stdlib.paradl, as
// published: PLX 15 us) beside stdlib.strategies with ParaDL's measured V100 time spread
// over stdlib.models' ResNet-50, one option changed at a time from ParaDL-like settings
// (flat ring, blocking, SGD) to Ringline's defaults (hierarchical, overlapped DDP buckets).
//   ringline sweep examples/paradl/defaults.rl --format table
import stdlib.hardware
import stdlib.strategies
import stdlib.paradl
import stdlib.models.resnet
import "nets/resnet50.rl"

let _m = paradl_model(resnet50_layers, resnet50_dataset)
let _measured = Compute { source = "measured", sample_time = 3.119502 ms }

scenario resnet50_defaults {
  param p: Int in [8, 64, 512, 1024]
  let paradl = paradl_data(_m, POptions { b = 64, plx = 15 us }, p)
  let base = setup(abci(ceil(p / 4))) with { compute = _measured, dataset = 1280000 }
  let flat = data_parallel(resnet50, base with { overlap = false, coll.hierarchical = false }, p, 64)
  let hier = data_parallel(resnet50, base with { overlap = false }, p, 64)
  let ov = data_parallel(resnet50, base, p, 64)
  let adam_ = data_parallel(resnet50, base with { optimizer = adam }, p, 64)
  report paradl_epoch = paradl.epoch in s
  report flat_epoch = flat.epoch in s        // ParaDL-like: flat ring, blocking
  report hier_epoch = hier.epoch in s        // hierarchical allreduce
  report overlap_epoch = ov.epoch in s     // + DDP buckets overlapped (Ringline's default)
  report paradl_comm = paradl.comm in s
  report flat_comm = flat.exposed * ceil(1280000 / (64 * p)) in s
  report overlap_exposed = ov.exposed * ceil(1280000 / (64 * p)) in s
  report paradl_mem = mem_total(paradl) in GB
  report sgd_mem = mem_total(ov) in GB
  report adam_mem = mem_total(adam_) in GB
}
