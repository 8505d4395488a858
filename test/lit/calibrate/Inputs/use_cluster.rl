// Uses the spec `ringline calibrate` wrote beside it (calibrate.test copies both).
import "cluster.rl" as c
import stdlib.hardware
import stdlib.strategies
import stdlib.models.lenet

scenario use {
  // The CSV's own point: 6α + 1.5·nβ + 0.75·nγ at n = 16 MiB.
  report allreduce = c.allreduce_1gbit(16777216 B, 4, c.link_1gbit) in ms
  // LeNet-5's 246,824 B of gradients in one bucket on 4 ranks:
  // 600 us + 1.5 x 246824 B / (100 MB/s) + 0.75 x 246824 B x 0.2 ns/B = 4.3393836 ms.
  report ddp_comm = data_parallel(lenet5, setup(c.cluster_1gbit(4, epyc_cpu)) with { coll = c.coll_1gbit },
                                  4, 8).comm in ms
  report nodes = gpus(c.cluster_200mbit(8, epyc_cpu))
}
