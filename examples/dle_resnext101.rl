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
import stdlib.training
import stdlib.models.resnet
import "dle_resnet50.rl"

// DeepLearningExamples' rows for ResNet-50 (examples/dle_resnet50.rl): the same record,
// nodes, loaders and step, with another network.
fn _row(job: String, fw: Framework, c: Cluster, host: Host, p: Precision, loader: Loader, gpus: Int,
        batch: Int, published: Real) -> DleRow =
  DleRow { job = job, net = resnext101_32x4d, fw = fw, c = c, host = host, p = p, loader = loader,
           gpus = gpus, batch = batch, published = published }

let rx_rows = [
  _row("PyTorch A100-80GB TF32", pytorch, dle_dgx_a100_80gb, dgx_a100_host, tf32, dle_dali_a100, 1, 128, 456),
  _row("PyTorch A100-80GB AMP", pytorch, dle_dgx_a100_80gb, dgx_a100_host, amp, dle_dali_a100, 1, 128, 1211),
  _row("PyTorch A100-80GB TF32", pytorch, dle_dgx_a100_80gb, dgx_a100_host, tf32, dle_dali_a100, 8, 128, 3471),
  _row("PyTorch A100-80GB AMP", pytorch, dle_dgx_a100_80gb, dgx_a100_host, amp, dle_dali_a100, 8, 128, 7925),
  _row("PyTorch V100-16GB FP32", pytorch, dle_dgx1_16gb, dgx1_host, fp32, dle_dali_v100, 1, 64, 147),
  _row("PyTorch V100-16GB AMP", pytorch, dle_dgx1_16gb, dgx1_host, amp, dle_dali_v100, 1, 128, 587),
  _row("PyTorch V100-16GB FP32", pytorch, dle_dgx1_16gb, dgx1_host, fp32, dle_dali_v100, 8, 64, 1133),
  _row("PyTorch V100-16GB AMP", pytorch, dle_dgx1_16gb, dgx1_host, amp, dle_dali_v100, 8, 128, 4065),
  _row("PyTorch V100-32GB FP32", pytorch, dle_dgx1_32gb, dgx1_host, fp32, dle_dali_v100, 1, 64, 144),
  _row("PyTorch V100-32GB AMP", pytorch, dle_dgx1_32gb, dgx1_host, amp, dle_dali_v100, 1, 128, 565),
  _row("PyTorch V100-32GB FP32", pytorch, dle_dgx1_32gb, dgx1_host, fp32, dle_dali_v100, 8, 64, 1108),
  _row("PyTorch V100-32GB AMP", pytorch, dle_dgx1_32gb, dgx1_host, amp, dle_dali_v100, 8, 128, 3863),
  _row("TensorFlow A100-40GB TF32", tensorflow_xla, dle_dgx_a100_40gb, dgx_a100_host, tf32, no_loader, 1, 128, 371),
  _row("TensorFlow A100-40GB AMP", tensorflow_xla, dle_dgx_a100_40gb, dgx_a100_host, amp, no_loader, 1, 256, 1132),
  _row("TensorFlow A100-40GB TF32", tensorflow_xla, dle_dgx_a100_40gb, dgx_a100_host, tf32, no_loader, 8, 128, 2854),
  _row("TensorFlow A100-40GB AMP", tensorflow_xla, dle_dgx_a100_40gb, dgx_a100_host, amp, no_loader, 8, 256, 8500),
  _row("TensorFlow V100-16GB FP32", tensorflow_xla, dle_dgx1_16gb, dgx1_host, fp32, no_loader, 1, 64, 166),
  _row("TensorFlow V100-16GB AMP", tensorflow_xla, dle_dgx1_16gb, dgx1_host, amp, no_loader, 1, 128, 566),
  _row("TensorFlow V100-16GB FP32", tensorflow_xla, dle_dgx1_16gb, dgx1_host, fp32, no_loader, 8, 64, 1210),
  _row("TensorFlow V100-16GB AMP", tensorflow_xla, dle_dgx1_16gb, dgx1_host, amp, no_loader, 8, 128, 4160)]

scenario dle_resnext101 {
  param row: Int = 1 in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
  let r = rx_rows[row - 1]
  let s = dle_step(r)
  report gpus = r.gpus
  report batch = r.batch
  report predicted = s.throughput * 1 s
  report published = r.published
  report error = dle_error(r)
  report iter = s.iter in ms
  report matmul = s.matmul in ms
  report memory = s.memory in ms
  report exposed = s.exposed in ms
  report input = s.input in ms
}

// The largest and the mean error, and the rows within 15%, each step evaluated once.
scenario dle_resnext101_summary {
  let errors = [abs(dle_error(r)) for r in rx_rows]
  report worst = max(errors)
  report mean = (sum e in errors: e) / len(errors)
  report within_15 = sum e in errors: if e <= 0.15 then 1 else 0
}

// PyTorch's launch at the host's base clock on the eight-GPU AMP rows, a hypothesis tried
// and not adopted (docs/kernel-models.md, "Another network: ResNeXt-101"): `scale`
// multiplies the 7.5 us fitted on one GPU near the boost clock by the host's clock with a
// few threads busy over its base clock with all busy (`host_clock`): 1.45 on the DGX A100
// (row 4), 1.51 on the DGX-1 (rows 8 and 12).
//   ringline sweep examples/dle_resnext101.rl --scenario dle_resnext101_launch --format table
scenario dle_resnext101_launch {
  param row: Int = 4 in [4, 8, 12]
  param scale: Real = 1 in [1, 1.45, 1.51]
  let r = rx_rows[row - 1]
  let s = dle_step(r with { fw = r.fw with { launch = r.fw.launch * scale } })
  report predicted = s.throughput * 1 s
  report error = s.throughput * 1 s / r.published - 1
  report iter = s.iter in ms
}
