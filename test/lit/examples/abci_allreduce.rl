// examples/abci_allreduce.rl at the README's point (16 nodes, 1.25 GB/s between them),
// by hand: compute = roofline(3 x 64 x 8.178 GFLOP, 64 x 2 x 50 MB, 0.24 x 125 TFLOP/s,
// 900 GB/s) = 1570.176 GFLOP / 30 TFLOP/s = 52.3392 ms (compute-bound); comm = the ring
// in the node, 6 (9 us + 51,114,064 B / 4 / 150 GB/s) = 0.56514064 ms, plus the ring across
// nodes on a quarter of the bytes, 30 (1.5 us + 12,778,516 B / 16 / 1.25 GB/s) =
// 19.212774 ms: 19.77791464 ms; exposed = comm - 0.5 x 2/3 x compute = 2.3315 ms;
// iter = 54.67071464 ms.
// RUN: %ringline eval %examples/abci_allreduce.rl --set inter=1.25GB/s --set nodes=16 --digits 0 | FileCheck %s
// CHECK:      nodes      = 16
// CHECK:      iter_time  = 54.67071464{{[0-9]*}} ms
// CHECK-NEXT: throughput = 74921.28{{[0-9]*}} 1/s
// CHECK-NEXT: efficiency = 0.95735{{[0-9]*}}
// CHECK-NEXT: comm_time  = 19.77791464{{[0-9]*}} ms
// CHECK-NEXT: feasible   = true
