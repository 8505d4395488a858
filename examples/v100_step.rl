// One fp32 training step on one V100-SXM2-16GB, per sample, with the compute of
// stdlib.strategies' `serial` plan: convolutions and GEMMs from the V100's kernel models,
// fitted to DeepBench's cuDNN/cuBLAS timings (docs/kernel-models.md, "GPU models from
// DeepBench", bounded past DeepBench's batch 32); batchnorm, ReLU, pooling, residual adds
// and the momentum-SGD update from the roofline at the V100's peak and achieved bandwidth,
// as DeepBench timed none of them (stdlib.training has the whole step). Beside
// it the roofline alone, and the per-sample times ParaDL measured on ABCI's V100s with
// Chainer (Kahira et al., HPDC 2021; ParaDL's .net_sc files, data/paradl/README.md).
//   ringline eval examples/v100_step.rl
//   ringline sweep examples/v100_step.rl --set batch=16,32,64,128
import stdlib.hardware
import stdlib.strategies
import stdlib.layers
import stdlib.models.all

let _kernels = setup(abci(1)) with { optimizer = momentum }
let _roofline = _kernels with { compute = roofline_source }
fn per_sample(net: Network, s: Setup, batch: Int) -> s = serial(net, s, batch).iter / batch

scenario v100_step {
  param batch: Int = 64 in [16, 32, 64, 128]
  let rn = per_sample(resnet50, _kernels, batch)
  let vgg = per_sample(vgg16, _kernels, batch)
  let alex = per_sample(alexnet, _kernels, batch)
  report resnet50_kernels = rn in ms
  report vgg16_kernels = vgg in ms
  report alexnet_kernels = alex in ms
  report resnet50_roofline = per_sample(resnet50, _roofline, batch) in ms
  report vgg16_roofline = per_sample(vgg16, _roofline, batch) in ms
  report alexnet_roofline = per_sample(alexnet, _roofline, batch) in ms
  // Predicted over measured (ParaDL: 3.119502, 8.245589 and 0.610938 ms a sample).
  report resnet50_ratio = rn / 3.119502 ms
  report vgg16_ratio = vgg / 8.245589 ms
  report alexnet_ratio = alex / 0.610938 ms
}
