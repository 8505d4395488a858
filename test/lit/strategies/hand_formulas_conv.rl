// Spatial, pipeline, channel and data+filter on a small conv net, against values derived
// by hand, and every constraint a strategy can break. The net: conv2d(2, 3, p = 1) on
// [1, 8, 8], relu, flatten, dense(2) (FLOPs per sample 4864, 256, 0, 1540; 278
// parameters); 1 ms per sample measured, half of it backward; 4 GPUs per node on a
// 10 GB/s, 1 us link.
//   spatial, p = 2, 10 samples: conv and relu split by height (compute / 2); a halo of
//     one row each way: 2 p2p(10 x 1 x 8 x 4 B) + 2 p2p(10 x 2 x 8 x 4 B) = 4.192 us; an
//     allgather of the 128-element flatten input (5120 B) and the gradient allreduce of
//     1112 B: 7.5592 us in all; activations (96 + 128) x 10 x 4 B.
//   pipeline, 2 stages (cut after the conv: 4864 of 6660 FLOPs), 5 micro-batches of 2:
//     a step of the slowest stage 0.73033 ms each way, a bubble of one step each way,
//     2 x (5 + 2 - 2) sends of 2 x 128 x 4 B; GPipe keeps 5 micro-batches of the larger
//     stage's 256 activations, 1F1B 2.
//   data+filter, 2 groups of 2: filter inside (allgather 5120 B, allreduce 5120 B), the
//     group's 139 parameters (556 B) allreduced across, hidden behind the backward pass.
// RUN: %ringline eval %s | FileCheck %s
import stdlib.hardware
import stdlib.layers
import stdlib.strategies

fn close(ratio: Real) -> Bool = abs(ratio - 1) <= 1e-12

let net = network("conv", [1, 8, 8], [conv2d(2, 3, p = 1), relu, flatten, dense(2)])
let node = Node { name = "n", device = v100_sxm2_16gb, gpus = 4, link = Link { bw = 10 GB/s, lat = 1 us },
                  topo = switched, nics = 1, nic = Link { bw = 1 GB/s, lat = 10 us } }
let base = setup(Cluster { name = "c", node = node, nodes = 4 }) with {
  compute = Compute { source = "measured", sample_time = 1 ms, bwd_share = 0.5 }, bucket = 0 B, dataset = 1000 }

scenario conv_hand {
  let sp = spatial_parallel(net, base, 2, 10)
  let pp = pipeline(net, base, 2, 5, 10)
  let pq = pipeline(net, base, 2, 5, 10, "1f1b")
  let df = data_filter(net, base, 2, 2, 10)
  report sp_fwd = close(sp.fwd / (3.078078078078078 ms))
  report sp_halo = close(comm_time(sp, "halo_exchange") / (4.192 us))
  report sp_comm = close(sp.comm / (7.5592 us))
  report sp_iter = close(sp.iter / (6.163719062822822 ms))
  report sp_act = close(sp.memory.activations / (8960 B))
  report pp_fwd = close(pp.fwd / (3.6516516516516515 ms))
  report pp_bubble = close(pp.bubble / (1.4606606606606607 ms))
  report pp_sends = close(comm_time(pp, "pipeline_sendrecv") / (11.024 us))
  report pp_iter = close(pp.iter / (8.774991403963964 ms))
  report pp_act = close(pp.memory.activations / (10240 B))
  report pq_act = close(pq.memory.activations / (4096 B))
  report cut = str(stage_cuts(net, 2)) == "[0, 1, 4]"
  report df_fwd = close(df.fwd / (2.5960960960960957 ms))
  report df_across = close(comm_time(df, "grad_allreduce") / (2.0556 us))
  report df_iter = close(df.iter / (5.195962045525524 ms))
  report df_batch = df.batch == 20
  // Each constraint, broken.
  report channel_p = fails(channel_parallel(net, base, 2, 10), "p <= smallest channel count")
  report spatial_p = fails(spatial_parallel(net, base, 16, 10), "p <= smallest split height")
  report filter_p = fails(filter_parallel(net, base, 4, 10), "p <= smallest filter count")
  report stages = fails(pipeline(net, base, 5, 5, 10), "stages <= layers")
  report micro = fails(pipeline(net, base, 2, 20, 10), "micro-batches <= batch")
  report per_gpu = fails(data_parallel(net, base, 2, 0), "samples per GPU >= 1")
  report memory = fails(serial(net, base with { device = v100_sxm2_16gb with { memory = 10 kB } }, 10), "memory")
  report fits = not fails(serial(net, base, 10), "memory")
}
// CHECK:      sp_fwd {{ *}}= true
// CHECK-NEXT: sp_halo {{ *}}= true
// CHECK-NEXT: sp_comm {{ *}}= true
// CHECK-NEXT: sp_iter {{ *}}= true
// CHECK-NEXT: sp_act {{ *}}= true
// CHECK-NEXT: pp_fwd {{ *}}= true
// CHECK-NEXT: pp_bubble {{ *}}= true
// CHECK-NEXT: pp_sends {{ *}}= true
// CHECK-NEXT: pp_iter {{ *}}= true
// CHECK-NEXT: pp_act {{ *}}= true
// CHECK-NEXT: pq_act {{ *}}= true
// CHECK-NEXT: cut {{ *}}= true
// CHECK-NEXT: df_fwd {{ *}}= true
// CHECK-NEXT: df_across {{ *}}= true
// CHECK-NEXT: df_iter {{ *}}= true
// CHECK-NEXT: df_batch {{ *}}= true
// CHECK-NEXT: channel_p {{ *}}= true
// CHECK-NEXT: spatial_p {{ *}}= true
// CHECK-NEXT: filter_p {{ *}}= true
// CHECK-NEXT: stages {{ *}}= true
// CHECK-NEXT: micro {{ *}}= true
// CHECK-NEXT: per_gpu {{ *}}= true
// CHECK-NEXT: memory {{ *}}= true
// CHECK-NEXT: fits {{ *}}= true
