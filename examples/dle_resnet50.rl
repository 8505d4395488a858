// ResNet-50 v1.5 training throughput on NVIDIA's DGX systems as NVIDIA DeepLearningExamples
// publishes it (images per second over all GPUs), against stdlib.training's prediction:
// one row per published figure, with its framework, node, precision, batch per GPU and GPU
// count. Three constants are fitted, each on one row (docs/kernel-models.md, "Whole
// training steps"): PyTorch's launch time on row 2, TensorFlow's time per step on row 14
// and the CPU cycles DALI spends on an image on row 8. Every other number is a
// datasheet's, a published measurement's or DeepBench's, and every other row a prediction.
//   ringline sweep examples/dle_resnet50.rl --scenario dle_resnet50 --format table
//   ringline eval examples/dle_resnet50.rl --scenario dle_resnet50 --set row=6
//   ringline eval examples/dle_resnet50.rl --scenario dle_summary
import stdlib.hardware
import stdlib.layers
import stdlib.training
import stdlib.models.resnet

// torchvision's ResNet-50 is v1.5 (the stride on the 3x3 convolution), as DeepLearningExamples'.
// `net`: the network the row trains (examples/dle_resnext101.rl imports these rows' record,
// nodes and step for another one).
record DleRow {
  job: String
  net: Network = resnet50
  fw: Framework
  c: Cluster
  host: Host
  p: Precision
  loader: Loader
  gpus: Int
  batch: Int
  published: Real        // images per second
}

fn dle_node(n: Node) -> Cluster = Cluster { name = n.name, node = n, nodes = 1 }
let dle_dgx1_16gb = dle_node(dgx1)
let dle_dgx_a100_40gb = dle_node(dgx_a100)
let dle_dgx_a100_80gb = dle_node(dgx_a100 with { name = "DGX A100 80GB", device = a100_sxm4_80gb })
// DeepLearningExamples' ResNet-50 configurations (PyTorch configs.yml: DALI CPU with 8
// workers a GPU on a DGX-1, 16 on a DGX A100; TensorFlow: tf.data, not modelled).
let dle_dali_a100 = dali_cpu(16)
let dle_dali_v100 = dali_cpu(8)

let dle_rows = [
  // PyTorch ResNet-50 v1.5, NGC 21.03 (DeepLearningExamples PyTorch/Classification/ConvNets/resnet50v1.5).
  DleRow { job = "PyTorch A100-80GB TF32", fw = pytorch, c = dle_dgx_a100_80gb, host = dgx_a100_host, p = tf32, loader = dle_dali_a100, gpus = 1, batch = 256, published = 938 },
  DleRow { job = "PyTorch A100-80GB AMP", fw = pytorch, c = dle_dgx_a100_80gb, host = dgx_a100_host, p = amp, loader = dle_dali_a100, gpus = 1, batch = 256, published = 2470 },
  DleRow { job = "PyTorch A100-80GB TF32", fw = pytorch, c = dle_dgx_a100_80gb, host = dgx_a100_host, p = tf32, loader = dle_dali_a100, gpus = 8, batch = 256, published = 7248 },
  DleRow { job = "PyTorch A100-80GB AMP", fw = pytorch, c = dle_dgx_a100_80gb, host = dgx_a100_host, p = amp, loader = dle_dali_a100, gpus = 8, batch = 256, published = 16621 },
  DleRow { job = "PyTorch V100-16GB FP32", fw = pytorch, c = dle_dgx1_16gb, host = dgx1_host, p = fp32, loader = dle_dali_v100, gpus = 1, batch = 112, published = 367 },
  DleRow { job = "PyTorch V100-16GB AMP", fw = pytorch, c = dle_dgx1_16gb, host = dgx1_host, p = amp, loader = dle_dali_v100, gpus = 1, batch = 256, published = 1200 },
  DleRow { job = "PyTorch V100-16GB FP32", fw = pytorch, c = dle_dgx1_16gb, host = dgx1_host, p = fp32, loader = dle_dali_v100, gpus = 8, batch = 112, published = 2855 },
  DleRow { job = "PyTorch V100-16GB AMP", fw = pytorch, c = dle_dgx1_16gb, host = dgx1_host, p = amp, loader = dle_dali_v100, gpus = 8, batch = 256, published = 8322 },
  // TensorFlow ResNet-50 v1.5 with XLA, NGC 20.06 (TensorFlow/Classification/ConvNets/resnet50v1.5).
  DleRow { job = "TensorFlow V100-16GB FP32", fw = tensorflow_xla, c = dle_dgx1_16gb, host = dgx1_host, p = fp32, loader = no_loader, gpus = 1, batch = 128, published = 412 },
  DleRow { job = "TensorFlow V100-16GB AMP", fw = tensorflow_xla, c = dle_dgx1_16gb, host = dgx1_host, p = amp, loader = no_loader, gpus = 1, batch = 256, published = 1270 },
  DleRow { job = "TensorFlow V100-16GB FP32", fw = tensorflow_xla, c = dle_dgx1_16gb, host = dgx1_host, p = fp32, loader = no_loader, gpus = 8, batch = 128, published = 3170 },
  DleRow { job = "TensorFlow V100-16GB AMP", fw = tensorflow_xla, c = dle_dgx1_16gb, host = dgx1_host, p = amp, loader = no_loader, gpus = 8, batch = 256, published = 9510 },
  DleRow { job = "TensorFlow A100-40GB TF32", fw = tensorflow_xla, c = dle_dgx_a100_40gb, host = dgx_a100_host, p = tf32, loader = no_loader, gpus = 1, batch = 256, published = 909 },
  DleRow { job = "TensorFlow A100-40GB AMP", fw = tensorflow_xla, c = dle_dgx_a100_40gb, host = dgx_a100_host, p = amp, loader = no_loader, gpus = 1, batch = 256, published = 2375 },
  DleRow { job = "TensorFlow A100-40GB TF32", fw = tensorflow_xla, c = dle_dgx_a100_40gb, host = dgx_a100_host, p = tf32, loader = no_loader, gpus = 8, batch = 256, published = 7000 },
  DleRow { job = "TensorFlow A100-40GB AMP", fw = tensorflow_xla, c = dle_dgx_a100_40gb, host = dgx_a100_host, p = amp, loader = no_loader, gpus = 8, batch = 256, published = 17400 }]

// The same jobs on other nodes, which the constants were not fitted on: PyTorch on a DGX-1
// with 32 GB V100s (the same chip: DeepLearningExamples publishes it beside the 16 GB one)
// and TensorFlow on a DGX-2 (16 V100-SXM3-32GB on NVSwitch; 1 and 16 GPUs).
let dle_dgx1_32gb = dle_node(dgx1 with { name = "DGX-1 32GB", device = v100_sxm2_32gb })
let _dgx2 = dle_node(dgx2)
// DGX-2: two Xeon Platinum 8168, 24 cores each, 2.7 GHz base, 3.7 GHz turbo (Intel ARK).
let _dgx2_host = Host { name = "2 x Xeon Platinum 8168", cores = 48, base = 2.7 GHz, boost = 3.7 GHz }
let dle_other_rows = [
  DleRow { job = "PyTorch V100-32GB FP32", fw = pytorch, c = dle_dgx1_32gb, host = dgx1_host, p = fp32, loader = dle_dali_v100, gpus = 1, batch = 112, published = 356 },
  DleRow { job = "PyTorch V100-32GB AMP", fw = pytorch, c = dle_dgx1_32gb, host = dgx1_host, p = amp, loader = dle_dali_v100, gpus = 1, batch = 256, published = 1156 },
  DleRow { job = "PyTorch V100-32GB FP32", fw = pytorch, c = dle_dgx1_32gb, host = dgx1_host, p = fp32, loader = dle_dali_v100, gpus = 8, batch = 112, published = 2766 },
  DleRow { job = "PyTorch V100-32GB AMP", fw = pytorch, c = dle_dgx1_32gb, host = dgx1_host, p = amp, loader = dle_dali_v100, gpus = 8, batch = 256, published = 8056 },
  DleRow { job = "TensorFlow DGX-2 FP32", fw = tensorflow_xla, c = _dgx2, host = _dgx2_host, p = fp32, loader = no_loader, gpus = 1, batch = 128, published = 432 },
  DleRow { job = "TensorFlow DGX-2 AMP", fw = tensorflow_xla, c = _dgx2, host = _dgx2_host, p = amp, loader = no_loader, gpus = 1, batch = 256, published = 1300 },
  DleRow { job = "TensorFlow DGX-2 FP32", fw = tensorflow_xla, c = _dgx2, host = _dgx2_host, p = fp32, loader = no_loader, gpus = 16, batch = 128, published = 6500 },
  DleRow { job = "TensorFlow DGX-2 AMP", fw = tensorflow_xla, c = _dgx2, host = _dgx2_host, p = amp, loader = no_loader, gpus = 16, batch = 256, published = 17250 }]

fn dle_step(r: DleRow) -> TrainStep =
  train_data_parallel(r.net, r.c, r.host, r.fw, r.p, r.loader, r.gpus, r.batch)
fn dle_predicted(r: DleRow) -> Real = dle_step(r).throughput * 1 s
fn dle_error(r: DleRow) -> Real = dle_predicted(r) / r.published - 1

scenario dle_resnet50 {
  param row: Int = 1 in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
  let r = dle_rows[row - 1]
  let s = dle_step(r)
  report gpus = r.gpus
  report batch = r.batch
  report predicted = dle_predicted(r)
  report published = r.published
  report error = dle_error(r)
  report within_10 = abs(dle_error(r)) <= 0.1
  report iter = s.iter in ms
  report fwd = s.fwd in ms
  report bwd = s.bwd in ms
  report matmul = s.matmul in ms
  report memory = s.memory in ms
  report update = s.update in ms
  report host = s.host in ms
  report exposed = s.exposed in ms
  report nccl = s.nccl in ms
  report stolen = s.stolen in ms
  report input = s.input in ms
  report kernels = s.kernels
}

scenario dle_other {
  param row: Int = 1 in [1, 2, 3, 4, 5, 6, 7, 8]
  let r = dle_other_rows[row - 1]
  report gpus = r.gpus
  report batch = r.batch
  report predicted = dle_predicted(r)
  report published = r.published
  report error = dle_error(r)
}

// The largest and the mean error over the sixteen rows, and over the eight others.
scenario dle_summary {
  report worst = max r in dle_rows: abs(dle_error(r))
  report mean = (sum r in dle_rows: abs(dle_error(r))) / len(dle_rows)
  report within_10 = (max r in dle_rows: abs(dle_error(r))) <= 0.1
  report other_worst = max r in dle_other_rows: abs(dle_error(r))
  report other_mean = (sum r in dle_other_rows: abs(dle_error(r))) / len(dle_other_rows)
}
