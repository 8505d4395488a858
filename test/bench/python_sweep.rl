// The Python package's benchmark (test/bench/python_sweep.py; docs/performance.md, "From
// Python"): 10^7 points, five columns (two params, three reports, two of them in ms), no
// require, so every point is a row. Data-parallel ResNet-50 on ABCI-like nodes, as
// examples/abci_allreduce.rl.
//   ringline sweep test/bench/python_sweep.rl -o out.csv
import stdlib.hardware

fn ring_allreduce(n: B, p: Int, l: Link) -> s =
  if p == 1 then 0 s else 2 * (p - 1) * (l.lat + n / p / l.bw)

scenario dp {
  param nodes: Int = 1 in 1..10000 step +1
  param batch: Int = 1 in 1..1000 step +1
  let gpu = v100_sxm2_16gb
  let compute = roofline(3 * batch * 8.178 GFLOP, batch * 100 MB, 0.24 * gpu.peak_fp16, gpu.membw)
  let comm = ring_allreduce(25557032 * 2 B / 4, 4, nvlink2) * 2 + ring_allreduce(25557032 * 2 B / 4, nodes, edr)
  report iter_time = compute + max(0 s, comm - compute / 3) in ms
  report throughput = batch * 4 * nodes / iter_time
  report comm_time = comm in ms
}
