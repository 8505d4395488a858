// The loop order against the declaration order (docs/performance.md, "Loop order and
// streamed rows"): one data-parallel training step of ResNet-50 on CPU nodes whose every
// kernel time is an MLP prediction of the shipped CPU bundle on `batch`, ring-allreduced
// over `nodes` on 25 GbE, written twice with the params in either order. 256 x 4096 =
// 1,048,576 rows a scenario.
//   ringline sweep test/bench/per_layer_order.rl --scenario nodes_first -o rows.csv
//   ringline emit test/bench/per_layer_order.rl --scenario nodes_first --emit=stages
import stdlib.layers
import stdlib.hardware
import stdlib.kernel_time
import stdlib.models.resnet

let grad_bytes = total_params(resnet50) * 4 B

fn step_of(batch: Int, nodes: Int) -> s = {
  let t = network_time(resnet50, epyc_cpu, batch)
  let comm = if nodes == 1 then 0 s else 2 * (nodes - 1) * (gbe25.lat + grad_bytes / nodes / gbe25.bw)
  t.fwd + t.bwd + comm
}

scenario batch_first {
  param batch: Int = 32 in 1 .. 256 step +1
  param nodes: Int = 16 in 1 .. 4096 step +1
  report step_time = step_of(batch, nodes) in ms
  report throughput = batch * nodes / step_of(batch, nodes)
}

scenario nodes_first {
  param nodes: Int = 16 in 1 .. 4096 step +1
  param batch: Int = 32 in 1 .. 256 step +1
  report step_time = step_of(batch, nodes) in ms
  report throughput = batch * nodes / step_of(batch, nodes)
}
