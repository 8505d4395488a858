// Kernel-model benchmark workload (test/bench/kernel_bench.cpp, docs/performance.md): one
// data-parallel training step of ResNet-50 on CPU nodes whose kernel times come from the
// shipped CPU bundle (stdlib/kernels/cpu.rlk): every conv, GEMM, batchnorm, pooling and
// elementwise kernel of the 174 layers is an MLP prediction that depends on `batch`;
// gradients are ring-allreduced over `nodes` on 25 GbE. 256 x 256 = 65,536 scenarios.
//   ringline sweep test/bench/resnet50_cpu.rl --best throughput
import stdlib.layers
import stdlib.hardware
import stdlib.kernel_time
import stdlib.models.resnet

let grad_bytes = total_params(resnet50) * 4 B

scenario resnet50_cpu {
  param batch: Int = 32 in 1 .. 256 step +1
  param nodes: Int = 16 in 1 .. 256 step +1
  let t = network_time(resnet50, epyc_cpu, batch)
  let comm = if nodes == 1 then 0 s else 2 * (nodes - 1) * (gbe25.lat + grad_bytes / nodes / gbe25.bw)
  let iter = t.fwd + t.bwd + comm
  report step_time = iter in ms
  report throughput = batch * nodes / iter
}
