// ResNet-50, ResNet-152, Inception v3 and VGG-16 training on one P100 of a DGX-1, against
// the throughputs TensorFlow published for its tf_cnn_benchmarks (TensorFlow 1.1,
// CUDA 8 / cuDNN 5.1, May 2017; fp32, NCHW, synthetic data, plain SGD; tensorflow.org's
// "Benchmarks" guide, r1 docs). Nothing here is fitted: the P100 SXM2 record (its
// datasheet peaks, DeepBench-trained kernel models, `stream`) and a framework record with
// PyTorch's launch time and plain SGD's update (read weight and gradient, write the
// weight: 12 bytes a parameter in one kernel a tensor).
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_p100 --format table
//   ringline sweep examples/tf_benchmarks_p100.rl --scenario tf_p100_fixed --format table
// `tf_p100_fixed` splits each model's published step into a part per image and a part per
// step from its two batch sizes (step(b) = fixed + b x per_image), beside the model's.
import stdlib.hardware
import stdlib.layers
import stdlib.training
import stdlib.models.resnet
import stdlib.models.vgg
import stdlib.models.inception

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
  report published = pub * 1.0
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
