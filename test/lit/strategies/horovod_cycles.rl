// Horovod's cycles (stdlib.training's horovod_cycles), by hand. Three dense layers of 4, 4
// and 1 MB of fp32 gradients on 4 nodes of one GPU on a 1 GB/s, 0.1 ms link: a ring
// allreduce of n bytes takes 6 (0.1 ms + n / 4 GB/s). Backward times 10, 2 and 2 ms make
// the gradients ready at 2 ms (1 MB), 4 ms (4 MB) and 14 ms (4 MB). Cycles of 5 ms:
// the one at 0 finds nothing; the one at 5 reduces 5 MB (8.1 ms, to 13.1); the next starts
// when that ends, at 13.1, and finds nothing; the one at 18.1 reduces the last 4 MB
// (6.6 ms, to 24.7). With a 4 MB fusion buffer the 5 MB are two allreduces of 2.5 MB
// (8.7 ms), so the last cycle starts at 18.7 and ends at 25.3.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.training

let three = network("three", [1000], [dense(1000, false), dense(1000, false), dense(250, false)])
let c = flat_cluster(v100_sxm2_16gb, Link { bw = 1 GB/s, lat = 0.1 ms }, 4)
let fw = pytorch with { cycle = 5 ms, bucket = 64 MB }

scenario cycles {
  let h = horovod_cycles(three, setup(c), fw, 4, [10 ms, 2 ms, 2 ms])
  let small = horovod_cycles(three, setup(c), fw with { bucket = 4 MB }, 4, [10 ms, 2 ms, 2 ms])
  report ring_5mb = group_allreduce(setup(c), 5 MB, 4) in ms
  report end_ms = h.end in ms
  report busy_ms = h.busy in ms
  report small_end = small.end in ms
  report small_busy = small.busy in ms
}
// CHECK:      ring_5mb   = 8.1 ms
// CHECK-NEXT: end_ms     = 24.7 ms
// CHECK-NEXT: busy_ms    = 14.7 ms
// CHECK-NEXT: small_end  = 25.3 ms
// CHECK-NEXT: small_busy = 15.3 ms
