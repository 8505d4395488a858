// Strategies on a network small enough to derive by hand: dense(4), relu, dense(2) on an
// 8-feature input (FLOPs per sample 136, 8, 52; 46 parameters), 10 samples, a measured
// 1 ms per sample spread by FLOPs with half of it backward, 4 GPUs per node on a
// 10 GB/s, 1 us link and a NIC a GPU of 1 GB/s, 10 us between nodes, V100 peaks for the update.
// Expected values computed by hand (ring allreduce 2(p-1)(a + n/(p b)), allgather and
// reduce-scatter (p-1)(a + n/(p b))):
//   serial: fwd = bwd = 5 ms; update = max(92 FLOP / 15.7 TFLOP/s, 552 B / 900 GB/s)
//   data, p = 2, blocking, one bucket per layer: allreduces of 40 B and 144 B
//     = 2(1 us + 2 ns) + 2(1 us + 7.2 ns) = 4.0184 us, all exposed
//   overlapped: the last layer's bucket is ready after its backward (10 ms x 52/196 / 2),
//     the first layer's after the whole backward (5 ms): 2.0144 us exposed
//   data, p = 8: hierarchical, rs(n, 4, intra) + ar(n/4, 2, inter) + ag(n, 4, intra)
//   filter, p = 2: dense layers split; allgather of 160 B after layer 1, allreduce of
//     160 B before layer 3's backward: 1.016 us + 2.016 us; 23 parameters per GPU.
// RUN: %ringline eval %s | FileCheck %s
// Each report is true when the value matches the hand-derived one to 1e-12 (relative).
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

let net = network("tiny", [8], [dense(4), relu, dense(2)])
let node = Node { name = "n", device = v100_sxm2_16gb, gpus = 4, link = Link { bw = 10 GB/s, lat = 1 us },
                  topo = switched, nics = 4, nic = Link { bw = 1 GB/s, lat = 10 us } }
let base = setup(Cluster { name = "c", node = node, nodes = 4 }) with {
  compute = Compute { source = "measured", sample_time = 1 ms, bwd_share = 0.5 }, bucket = 0 B, dataset = 1000 }

fn close(ratio: Real) -> Bool = abs(ratio - 1) <= 1e-12

scenario hand {
  let one = serial(net, base, 10)
  let blocking = data_parallel(net, base with { overlap = false }, 2, 10)
  let overlapped = data_parallel(net, base, 2, 10)
  let spread = data_parallel(net, base with { overlap = false }, 8, 10)
  let f = filter_parallel(net, base, 2, 10)
  report serial_fwd = close(one.fwd / (5 ms))
  report serial_iter = close(one.iter / (10.000000613333334 ms))
  report serial_mem = close(mem_total(one) / (1008 B))
  report serial_epoch = close(one.epoch / (1000.0000613333333 ms))
  report dp_exposed = close(blocking.exposed / (0.0040184 ms))
  report dp_iter = close(blocking.iter / (10.004019013333334 ms))
  report dp_batch = blocking.batch == 20
  report ov_exposed = close(overlapped.exposed / (0.0020144 ms))
  report ov_iter = close(overlapped.iter / (10.002015013333335 ms))
  report ov_buffers = close(overlapped.memory.buffers / (184 B))
  report dp8_comm = close(comm_time(spread, "grad_allreduce") / (0.0520736 ms))
  report f_fwd = close(f.fwd / (2.602040816326531 ms))
  report f_comm = close(f.comm / (0.003024 ms))
  report f_iter = close(f.iter / (5.207105939319729 ms))
  report f_weights = close(f.memory.weights / (92 B))
  report f_ok = f.feasible
  report f3_ok = filter_parallel(net, base, 3, 10).feasible
  report f3_broken = fails(filter_parallel(net, base, 3, 10), "p <= smallest filter count")
}
// CHECK: serial_fwd {{ *}}= true
// CHECK-NEXT: serial_iter {{ *}}= true
// CHECK-NEXT: serial_mem {{ *}}= true
// CHECK-NEXT: serial_epoch {{ *}}= true
// CHECK-NEXT: dp_exposed {{ *}}= true
// CHECK-NEXT: dp_iter {{ *}}= true
// CHECK-NEXT: dp_batch {{ *}}= true
// CHECK-NEXT: ov_exposed {{ *}}= true
// CHECK-NEXT: ov_iter {{ *}}= true
// CHECK-NEXT: ov_buffers {{ *}}= true
// CHECK-NEXT: dp8_comm {{ *}}= true
// CHECK-NEXT: f_fwd {{ *}}= true
// CHECK-NEXT: f_comm {{ *}}= true
// CHECK-NEXT: f_iter {{ *}}= true
// CHECK-NEXT: f_weights {{ *}}= true
// CHECK-NEXT: f_ok {{ *}}= true
// CHECK-NEXT: f3_ok {{ *}}= false
// CHECK-NEXT: f3_broken {{ *}}= true
