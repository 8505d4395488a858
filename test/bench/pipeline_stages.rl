// A sweep over structure (docs/performance.md, "The advise workload"): GPipe on ResNet-50
// cut into 1 to 64 stages (`range(stages)` makes `stages` a static param: 64 variants), 4
// micro-batch counts and 3 batch sizes: 768 scenarios.
//   ringline sweep test/bench/pipeline_stages.rl --best iter
import stdlib.hardware
import stdlib.strategies
import stdlib.models.resnet

scenario pipeline_stages {
  param stages: Int in 1 .. 64 step +1
  param micro: Int in [4, 8, 16, 32]
  param b: Int in [64, 128, 256]
  let plan = pipeline(resnet50, setup(abci(16)) with { compute = roofline_source }, stages, micro, b)
  report iter = plan.iter
  report memory = mem_total(plan)
  require plan.feasible
}
