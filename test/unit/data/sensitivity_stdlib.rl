// Derivatives of the standard library's collectives, CNN strategies and transformer plan
// by the Real fields of a link and of a cluster (its nodes' device and links), checked
// against finite differences by test/unit/sensitivity_test.cpp.
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies
import stdlib.megatron
import stdlib.kernel_time
import stdlib.models.all
import stdlib.models.moe_transformers

scenario collectives {
  param l: Link = Link { bw = 25 GB/s, lat = 5 us }
  param n: B = 64 MB
  param p: Int = 6
  report ring = ring_allreduce(n, p, l)
  report rd = rd_allreduce(n, p, l)
  report rabenseifner = rabenseifner_allreduce(n, p, l)
  report nvls = nvls_allreduce(n, p, l)
  report bruck = bruck_allgather(n, p, l)
  report alltoall = pairwise_alltoall(n, p, l)
  report broadcast = ring_broadcast(n, p, l, 4)
  report reduce = binomial_reduce(n, p, l, 0.1 ns/B)
  report scatter = binomial_scatter(n, p, l)
}

scenario cnn {
  param c: Cluster = abci(4)
  param batch: Int = 32
  let s = setup(c)
  report serial_iter = serial(resnet50, s, batch).iter
  report data = data_parallel(resnet50, s, 16, batch).iter
  report filter = filter_parallel(resnet50, s, 4, batch).iter
  report channel = channel_parallel(resnet50, s, 4, batch).iter
  report spatial = spatial_parallel(resnet50, s, 4, batch).iter
  report pipe = pipeline(resnet50, s, 4, 8, batch).iter
  report data_filter_iter = data_filter(resnet50, s, 4, 4, batch).iter
  report data_spatial_iter = data_spatial(resnet50, s, 4, 4, batch).iter
  report data_pipeline_iter = data_pipeline(resnet50, s, 4, 4, 8, batch).iter
}

scenario transformer {
  param c: Cluster = dgx_h100_pod(8)
  param tokens: Real = 1
  let s = llm_setup(c)
  let lay = Layout { tensor = 4, pipeline = 2, data = 8, micro = 1, batch = 128 }
  let plan = transformer_plan(gpt_config("gpt-18b", 40, 6144, 48), s, lay)
  report iter = plan.iter * tokens
  report memory = mem_total(plan) / 1 B
  let moe = transformer_plan(qwen3_30b_a3b, s, Layout { tensor = 1, pipeline = 2, data = 32, expert = 8, micro = 1,
                                                        batch = 256 })
  report moe_iter = moe.iter
}

// Kernel times of a device without profiled models: the device-generic models, whose
// features end with the device's peak and memory bandwidth.
scenario kernels {
  param gpu: Device = a100_sxm4_40gb with { kernels_any = gpu_any }
  param batch: Int = 32
  report conv = kernel_time(gpu, resnet50.layers[0].kernels[0], batch)
  report conv_bwd = kernel_time(gpu, resnet50.layers[0].kernels[1], batch)
  report fc = kernel_time(gpu, resnet50.layers[len(resnet50.layers) - 1].kernels[0], batch)
  report forward = sum l in resnet50.layers: layer_time(l, gpu, batch).fwd
}
