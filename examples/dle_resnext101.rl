// ResNeXt-101 32x4d training throughput as NVIDIA DeepLearningExamples publishes it, against
// stdlib.training with the constants fitted on ResNet-50 (examples/dle_resnet50.rl): a
// network none of them saw, whose 3 x 3 convolutions are grouped (32 groups of 4 channels
// per 3 x 3 at the first stage). Images per second over all GPUs.
//   PyTorch, NGC 21.03 (PyTorch/Classification/ConvNets/resnext101-32x4d; batch per GPU from
//   its configs.yml: 128 on the DGX A100, 64 in FP32 and 128 in AMP on a DGX-1; NHWC in AMP).
//   TensorFlow with XLA, NGC 20.06 (TensorFlow/Classification/ConvNets/resnext101-32x4d;
//   batches as its tables print them).
//   ringline sweep examples/dle_resnext101.rl --scenario dle_resnext101 --format table
//   ringline eval examples/dle_resnext101.rl --scenario dle_resnext101_summary
import stdlib.hardware
import stdlib.layers
import stdlib.training
import stdlib.models.resnet

record RxRow {
  fw: Framework
  c: Cluster
  host: Host
  p: Precision
  loader: Loader
  gpus: Int
  batch: Int
  published: Real
}

fn _node(n: Node) -> Cluster = Cluster { name = n.name, node = n, nodes = 1 }
let _a100_80 = _node(dgx_a100 with { name = "DGX A100 80GB", device = a100_sxm4_80gb })
let _a100_40 = _node(dgx_a100)
let _v100_16 = _node(dgx1)
let _v100_32 = _node(dgx1 with { name = "DGX-1 32GB", device = v100_sxm2_32gb })
let _pt_a100 = dali_cpu(16)
let _pt_v100 = dali_cpu(8)

let rx_rows = [
  RxRow { fw = pytorch, c = _a100_80, host = dgx_a100_host, p = tf32, loader = _pt_a100, gpus = 1, batch = 128, published = 456 },
  RxRow { fw = pytorch, c = _a100_80, host = dgx_a100_host, p = amp, loader = _pt_a100, gpus = 1, batch = 128, published = 1211 },
  RxRow { fw = pytorch, c = _a100_80, host = dgx_a100_host, p = tf32, loader = _pt_a100, gpus = 8, batch = 128, published = 3471 },
  RxRow { fw = pytorch, c = _a100_80, host = dgx_a100_host, p = amp, loader = _pt_a100, gpus = 8, batch = 128, published = 7925 },
  RxRow { fw = pytorch, c = _v100_16, host = dgx1_host, p = fp32, loader = _pt_v100, gpus = 1, batch = 64, published = 147 },
  RxRow { fw = pytorch, c = _v100_16, host = dgx1_host, p = amp, loader = _pt_v100, gpus = 1, batch = 128, published = 587 },
  RxRow { fw = pytorch, c = _v100_16, host = dgx1_host, p = fp32, loader = _pt_v100, gpus = 8, batch = 64, published = 1133 },
  RxRow { fw = pytorch, c = _v100_16, host = dgx1_host, p = amp, loader = _pt_v100, gpus = 8, batch = 128, published = 4065 },
  RxRow { fw = pytorch, c = _v100_32, host = dgx1_host, p = fp32, loader = _pt_v100, gpus = 1, batch = 64, published = 144 },
  RxRow { fw = pytorch, c = _v100_32, host = dgx1_host, p = amp, loader = _pt_v100, gpus = 1, batch = 128, published = 565 },
  RxRow { fw = pytorch, c = _v100_32, host = dgx1_host, p = fp32, loader = _pt_v100, gpus = 8, batch = 64, published = 1108 },
  RxRow { fw = pytorch, c = _v100_32, host = dgx1_host, p = amp, loader = _pt_v100, gpus = 8, batch = 128, published = 3863 },
  RxRow { fw = tensorflow_xla, c = _a100_40, host = dgx_a100_host, p = tf32, loader = no_loader, gpus = 1, batch = 128, published = 371 },
  RxRow { fw = tensorflow_xla, c = _a100_40, host = dgx_a100_host, p = amp, loader = no_loader, gpus = 1, batch = 256, published = 1132 },
  RxRow { fw = tensorflow_xla, c = _a100_40, host = dgx_a100_host, p = tf32, loader = no_loader, gpus = 8, batch = 128, published = 2854 },
  RxRow { fw = tensorflow_xla, c = _a100_40, host = dgx_a100_host, p = amp, loader = no_loader, gpus = 8, batch = 256, published = 8500 },
  RxRow { fw = tensorflow_xla, c = _v100_16, host = dgx1_host, p = fp32, loader = no_loader, gpus = 1, batch = 64, published = 166 },
  RxRow { fw = tensorflow_xla, c = _v100_16, host = dgx1_host, p = amp, loader = no_loader, gpus = 1, batch = 128, published = 566 },
  RxRow { fw = tensorflow_xla, c = _v100_16, host = dgx1_host, p = fp32, loader = no_loader, gpus = 8, batch = 64, published = 1210 },
  RxRow { fw = tensorflow_xla, c = _v100_16, host = dgx1_host, p = amp, loader = no_loader, gpus = 8, batch = 128, published = 4160 }]

fn rx_step(r: RxRow) -> TrainStep =
  train_data_parallel(resnext101_32x4d, r.c, r.host, r.fw, r.p, r.loader, r.gpus, r.batch)
fn rx_error(r: RxRow) -> Real = rx_step(r).throughput * 1 s / r.published - 1

scenario dle_resnext101 {
  param row: Int = 1 in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
  let r = rx_rows[row - 1]
  let s = rx_step(r)
  report gpus = r.gpus
  report batch = r.batch
  report predicted = s.throughput * 1 s
  report published = r.published
  report error = rx_error(r)
  report iter = s.iter in ms
  report matmul = s.matmul in ms
  report memory = s.memory in ms
  report exposed = s.exposed in ms
  report input = s.input in ms
}

// The largest and the mean error, and the rows within 15%, each step evaluated once.
scenario dle_resnext101_summary {
  let errors = [abs(rx_error(r)) for r in rx_rows]
  report worst = max(errors)
  report mean = (sum e in errors: e) / len(errors)
  report within_15 = sum e in errors: if e <= 0.15 then 1 else 0
}
