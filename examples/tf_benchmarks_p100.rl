// ResNet-50, ResNet-152, Inception v3 and VGG-16 training on one P100 of a DGX-1, against
// the throughputs TensorFlow published for its tf_cnn_benchmarks (TensorFlow 1.1,
// CUDA 8 / cuDNN 5.1, May 2017; fp32, NCHW, synthetic data, plain SGD; tensorflow.org's
// "Benchmarks" guide, r1 docs). Nothing here is fitted: the P100 SXM2 record (its
// datasheet peaks, DeepBench-trained kernel models, `stream`) and a framework record with
// PyTorch's launch time and plain SGD's update (read weight and gradient, write the
// weight: 12 bytes a parameter in one kernel a tensor).
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_p100 --format table
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_p100_fixed --format table
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_p100_scaling --format table
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_k80 --format table
// `tf_p100_fixed` splits each model's published step into a part per image and a part per
// step from its two batch sizes (step(b) = fixed + b x per_image), beside the model's.
import stdlib.hardware
import stdlib.layers
import stdlib.training
import stdlib.models.resnet
import stdlib.models.vgg
import stdlib.models.inception
import stdlib.models.alexnet

let tf11 = Framework { name = "TensorFlow 1.1", launch = 7.5 us, update_bytes = 12 B, update_kernels = 1 }
// Images per second on one GPU, synthetic data, at 64 and at 32 images a step.
let _at64 = [142, 219, 91.8, 154]
let _at32 = [128, 195, 82.7, 144]

fn _i(net: String) -> Int =
  if net == "inception_v3" then 0 else if net == "resnet50" then 1 else if net == "resnet152" then 2 else 3
fn _net(net: String) -> Network = [inception_v3, resnet50, resnet152, vgg16][_i(net)]

scenario tf_p100 {
  param net: String in ["inception_v3", "resnet50", "resnet152", "vgg16"]
  param batch: Int in [64, 32]
  let s = train_step(_net(net), p100_sxm2, tf11, fp32, batch)
  let pub = if batch == 64 then _at64[_i(net)] else _at32[_i(net)]
  report predicted = s.throughput * 1 s
  report published = pub
  report ratio = s.throughput * 1 s / pub
  report iter = s.iter in ms
  report memory = s.memory in ms
  report kernels = s.kernels
}

scenario tf_p100_fixed {
  param net: String in ["inception_v3", "resnet50", "resnet152", "vgg16"]
  let a = train_step(_net(net), p100_sxm2, tf11, fp32, 64)
  let b = train_step(_net(net), p100_sxm2, tf11, fp32, 32)
  let m64 = 64 / _at64[_i(net)] * 1 s
  let m32 = 32 / _at32[_i(net)] * 1 s
  report per_image = (m64 - m32) / 32 in ms
  report model_per_image = (a.iter - b.iter) / 32 in ms
  report fixed = m64 - 64 * (m64 - m32) / 32 in ms
  report model_fixed = a.iter - 64 * (a.iter - b.iter) / 32 in ms
  report kernels = a.kernels
}

// Eight P100s of the DGX-1 over one, from the same tables (synthetic data). Inception v3
// and the ResNets kept their variables on the CPU (`parameter_server`: each GPU pulls the
// weights and pushes its gradients over PCIe, the CPU sums and updates); VGG-16 and
// AlexNet (batch 512, torchvision's variant standing in for tf_cnn_benchmarks', whose
// fourth convolution has 384 channels, not 256) were `replicated` and all-reduced each
// variable with NCCL. The model runs every row as data parallelism with one ring
// allreduce overlapping the backward pass (25 MiB buckets): it has neither mechanism.
record TfScaling { net: String, batch: Int, one: Real, eight: Real }
let _scaling = [
  TfScaling { net = "inception_v3", batch = 64, one = 142, eight = 1131 },
  TfScaling { net = "inception_v3", batch = 32, one = 128, eight = 995 },
  TfScaling { net = "resnet50", batch = 64, one = 219, eight = 1734 },
  TfScaling { net = "resnet50", batch = 32, one = 195, eight = 1485 },
  TfScaling { net = "resnet152", batch = 64, one = 91.8, eight = 716 },
  TfScaling { net = "resnet152", batch = 32, one = 82.7, eight = 632 },
  TfScaling { net = "vgg16", batch = 64, one = 154, eight = 1081 },
  TfScaling { net = "vgg16", batch = 32, one = 144, eight = 820 },
  TfScaling { net = "alexnet", batch = 512, one = 2987, eight = 17822 }]
let _dgx1_p100 = Cluster { name = "DGX-1 (P100)", node = dgx1_p100, nodes = 1 }

fn _dp(r: TfScaling, gpus: Int) -> TrainStep = {
  let net = if r.net == "alexnet" then alexnet else _net(r.net)
  train_data_parallel(net, _dgx1_p100, dgx1_host, tf11, fp32, no_loader, gpus, r.batch)
}

scenario tf_p100_scaling {
  param net: String in ["inception_v3", "resnet50", "resnet152", "vgg16", "alexnet"]
  param batch: Int in [64, 32, 512]
  require (net == "alexnet") == (batch == 512)
  let r = _scaling[if net == "alexnet" then 8 else 2 * _i(net) + (if batch == 32 then 1 else 0)]
  let one = _dp(r, 1)
  let eight = _dp(r, 8)
  report published = r.eight / r.one
  report predicted = eight.throughput / one.throughput
  report error = (eight.throughput / one.throughput) / (r.eight / r.one) - 1
}

// One K80 GPU (a GK210, GPU Boost on) of Google Compute Engine's n1-standard-32-k80x8,
// from the same May 2017 tables. stdlib.hardware's `k80` has no kernel models, so every
// kernel is its roofline; `gpu_any` is the device-independent model a spec may opt into
// (Kepler lies outside the GPUs it learned).
let _k80 = [30.5, 51.9, 20.0, 35.4, 656]
let _k80_batch = [64, 64, 32, 32, 512]
fn _j(net: String) -> Int = if net == "alexnet" then 4 else _i(net)

scenario tf_k80 {
  param net: String in ["inception_v3", "resnet50", "resnet152", "vgg16", "alexnet"]
  let model = if net == "alexnet" then alexnet else _net(net)
  let roof = train_step(model, k80, tf11, fp32, _k80_batch[_j(net)])
  let any = train_step(model, k80 with { kernels_any = gpu_any }, tf11, fp32, _k80_batch[_j(net)])
  report batch = _k80_batch[_j(net)]
  report published = _k80[_j(net)]
  report roofline = roof.throughput * 1 s / _k80[_j(net)]
  report gpu_any = any.throughput * 1 s / _k80[_j(net)]
}
