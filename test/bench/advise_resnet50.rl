// Benchmark workload (test/bench/advise_bench.cpp, docs/performance.md): what `ringline
// advise` evaluates, as one sweep: ResNet-50 on ABCI under seven strategies of
// stdlib.strategies (roofline compute, so every number is a closed form), at every GPU
// count from 1 to 1024 and three batch sizes per GPU: 7 x 1024 x 3 = 21,504 scenarios.
// The strategy is a static param, so each is its own variant (lowered and compiled once).
//   ringline sweep test/bench/advise_resnet50.rl --best iter
import stdlib.hardware
import stdlib.strategies
import stdlib.models.resnet

let _s = fn(p: Int) -> Setup = setup(abci(ceil(p / 4))) with { compute = roofline_source }
// For the hand-written reference: the gradient buckets (static, the same at every p).
let _buckets = buckets(resnet50, _s(1))

scenario advise_resnet50 {
  param strategy: String in ["data", "data_overlap", "filter", "channel", "spatial", "data+filter", "data+spatial"]
  param p: Int in 1 .. 1024 step +1
  param b: Int in [16, 32, 64]
  let s = _s(p)
  let plan = if strategy == "data" then data_parallel(resnet50, s with { overlap = false }, p, b)
    else if strategy == "data_overlap" then data_parallel(resnet50, s, p, b)
    else if strategy == "filter" then filter_parallel(resnet50, s, p, p * b)
    else if strategy == "channel" then channel_parallel(resnet50, s, p, p * b)
    else if strategy == "spatial" then spatial_parallel(resnet50, s, p, p * b)
    else if strategy == "data+filter" then data_filter(resnet50, s, max(1, floor(p / 4)), 4, 4 * b)
    else data_spatial(resnet50, s, max(1, floor(p / 4)), 4, 4 * b)
  report iter = plan.iter
  report memory = mem_total(plan)
  report exposed = plan.exposed
}
