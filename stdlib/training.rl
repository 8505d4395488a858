// stdlib.training: a whole training step of a network on GPUs as a framework runs it, the
// parts that the layers' kernel times leave out: memory-bound kernels at the bandwidth they
// reach with the bytes each moves, tensor-core convolutions at the efficiency cuDNN reaches
// (and the transposes of NCHW tensors they need), the host's time per kernel and per step,
// the optimizer's and mixed precision's own passes, the gradient allreduce with the
// framework's buckets, and the input pipeline that decodes the images on the node's CPUs.
// docs/kernel-models.md, "Whole training steps", has the formulas, the constants and
// their sources, and the table of published measurements they are checked against
// (examples/dle_resnet50.rl).
//   import stdlib.training
//   let s = train_step(resnet50, a100_sxm4_80gb, pytorch, amp, 256)       // s.iter, s.throughput
//   let p = train_data_parallel(resnet50, dgx_pod(dgx_a100, 1), dgx_a100_host, pytorch, tf32,
//                               dali_cpu(16), 8, 256)
import stdlib.hardware
import stdlib.layers
import stdlib.kernel_time
import stdlib.strategies

// ---- precision --------------------------------------------------------------------------

// How a step holds its numbers. `elem`: bytes of an activation element; `tensor`:
// convolutions and GEMMs on tensor cores (at precision_peak); `master`: fp32 master weights
// and gradients (mixed precision: each weight cast to 16 bits every forward pass, each
// gradient back, the loss scaled and the gradients unscaled); `layout` "nchw" or "nhwc":
// cuDNN's tensor-core convolutions take NHWC, so on NCHW tensors each transposes its
// input and output (PyTorch's default memory format; DeepLearningExamples' AMP runs use
// channels-last, `--memory-format nhwc`, and XLA picks NHWC for 16-bit convolutions).
record Precision {
  name: String
  elem: B
  tensor: Bool = false
  master: Bool = false
  layout: String = "nchw"
}
let fp32 = Precision { name = "fp32", elem = 4 B }
let tf32 = Precision { name = "tf32", elem = 4 B, tensor = true }
let amp = Precision { name = "amp", elem = 2 B, tensor = true, master = true, layout = "nhwc" }

// The peak a precision's convolutions and GEMMs run at.
fn precision_peak(d: Device, p: Precision) -> FLOP/s =
  if p.name == "fp32" then d.peak_fp32 else if p.name == "tf32" then d.peak_tf32 else d.peak_fp16

// Bytes of a gradient element as the allreduce sends it: fp32 under mixed precision (the
// master gradients; DDP and Horovod reduce what the parameters hold).
fn grad_elem(p: Precision) -> B = if p.master then 4 B else p.elem

// ---- framework --------------------------------------------------------------------------

// How a framework runs a step. Every kernel takes at least `launch`, the host's time to
// issue it (a framework's dispatch plus the CUDA launch: the device idles behind a host
// that issues kernels shorter than that); `iteration` is the host's time per step outside
// the kernels (the training loop, its hooks and the synchronisation they force). `fused`:
// ReLUs and residual adds fused into the neighbouring batchnorm's passes (XLA). The update:
// `update_bytes` per parameter moved by the optimizer in `update_kernels` kernels per
// parameter tensor, and with `zero_grad` a memset of every gradient each step. Data
// parallelism: DDP's gradient buckets of `bucket` (the first `first_bucket`); with a
// `cycle`, Horovod's background thread instead, which reduces every cycle what is ready
// then, in fusion buffers of `bucket` at most (`horovod_cycles`).
record Framework {
  name: String
  launch: s = 0 s
  iteration: s = 0 s
  fused: Bool = false
  update_bytes: B = 20 B
  update_kernels: Int = 1
  zero_grad: Bool = false
  step_kernels: Int = 6
  bucket: B = 25 MiB
  first_bucket: B = 1 MiB
  cycle: s = 0 s
}

// PyTorch (NGC 21.03) with DistributedDataParallel. torch.optim.SGD with momentum and
// weight decay runs per parameter tensor `d_p.add(p, wd)`, `buf.mul_(m).add_(d_p)` and
// `p.add_(buf, -lr)`: 4 kernels moving 12 + 8 + 12 + 12 = 44 bytes per parameter; the
// gradients are zeroed each step. DDP's buckets: 25 MiB, the first 1 MiB. `launch` is
// fitted (docs/kernel-models.md, "Whole training steps").
let pytorch = Framework { name = "PyTorch", launch = 7.5 us, update_bytes = 44 B, update_kernels = 4,
                          zero_grad = true }
// TensorFlow 1.15 (NGC 20.06) with XLA and Horovod 0.19: XLA fuses the elementwise layers
// into the batchnorms and the momentum update into one kernel per variable (read w, g, m;
// write w, m: 20 bytes a parameter); Horovod's 64 MB fusion buffer and 5 ms cycle (its
// defaults until 0.21). `iteration` is fitted.
let tensorflow_xla = Framework { name = "TensorFlow XLA", iteration = 16.2 ms, fused = true,
                                 update_bytes = 20 B, update_kernels = 1, bucket = 64 MB,
                                 first_bucket = 64 MB, cycle = 5 ms }

// ---- input pipeline ---------------------------------------------------------------------

// The CPUs of a node: `cores` physical cores whose clock runs from `boost` (few busy) down
// to `base` (all busy).
record Host { name: String, cores: Int, base: 1/s, boost: 1/s }
// DGX-1: two Xeon E5-2698 v4, 20 cores each, 2.2 GHz base, 3.6 GHz turbo (Intel ARK).
let dgx1_host = Host { name = "2 x Xeon E5-2698 v4", cores = 40, base = 2.2 GHz, boost = 3.6 GHz }
// DGX A100: two EPYC 7742, 64 cores each, 2.25 GHz base, 3.4 GHz boost (AMD).
let dgx_a100_host = Host { name = "2 x EPYC 7742", cores = 128, base = 2.25 GHz, boost = 3.4 GHz }

// An input pipeline on the host's CPUs: `threads` per GPU (0: not modelled), each
// decoding and augmenting an image in `cycles` CPU cycles. DALI's CPU pipeline
// (DeepLearningExamples' `--data-backend dali-cpu`, `workers` threads a GPU: 8 on a DGX-1,
// 16 on a DGX A100); `cycles` is fitted.
record Loader { name: String, threads: Int = 0, cycles: Real = 0 }
fn dali_cpu(threads: Int) -> Loader = Loader { name = "DALI CPU", threads = threads, cycles = 16.92e6 }
let no_loader = Loader { name = "none" }

// The clock of the host with `busy` threads decoding: boost with one, falling linearly
// to base when every core is busy (and staying there).
fn host_clock(h: Host, busy: Int) -> 1/s = h.boost - (h.boost - h.base) * min(1.0, busy / h.cores)
// Images per second the pipeline of one GPU delivers when `gpus` of the node's GPUs train.
fn loader_rate(h: Host, l: Loader, gpus: Int) -> 1/s =
  l.threads * host_clock(h, gpus * l.threads) / l.cycles

// ---- kernels ----------------------------------------------------------------------------

fn _is_conv(k: Kernel) -> Bool =
  k.kind == "conv2d_fwd" or k.kind == "conv2d_bwd_data" or k.kind == "conv2d_bwd_filter" or
  k.kind == "conv3d_fwd" or k.kind == "conv3d_bwd_data" or k.kind == "conv3d_bwd_filter"
fn _is_mm(k: Kernel) -> Bool =
  _is_conv(k) or k.kind == "gemm_fwd" or k.kind == "gemm_bwd_data" or k.kind == "gemm_bwd_weight"

// The fraction of the tensor-core peak a kernel reaches: one efficiency per kind fitted on
// DeepBench's V100 tensor-core timings (cuDNN 7.6, cuBLAS 10.1; `ringline fit
// v100_sxm2_16gb_fp16.csv --cv 5`, column `eff`): the value that minimises the kind's
// relative error of roofline / efficiency, the roofline at the datasheet's peak and
// bandwidth.
fn tensor_efficiency(k: Kernel) -> Real =
  if k.kind == "conv2d_fwd" or k.kind == "conv3d_fwd" then 0.486
  else if k.kind == "conv2d_bwd_data" or k.kind == "conv3d_bwd_data" then 0.411
  else if k.kind == "conv2d_bwd_filter" or k.kind == "conv3d_bwd_filter" then 0.469
  else if k.kind == "gemm_fwd" then 0.737
  else if k.kind == "gemm_bwd_data" then 0.787
  else 0.833

// Whether `d` has tensor cores: a 16-bit peak at least 4 times its fp32 one (Volta, Turing,
// Ampere, Hopper; the P100's 2x is fp16 arithmetic on its CUDA cores).
fn tensor_cores(d: Device) -> Bool = d.peak_fp16 >= 4 * d.peak_fp32

// A convolution's or GEMM's device time. On tensor cores: its roofline at the efficiency of
// its kind times the precision's peak and at the achieved bandwidth, plus, on NCHW
// tensors, one more read and write of each activation it touches (the transposes to NHWC
// and back). Otherwise (fp32, or 16 bits on a GPU without tensor cores) the device's kernel
// model (bounded beyond its data), or the roofline where it has none.
fn matmul_time(d: Device, p: Precision, k: Kernel, batch: Int) -> s = {
  let work = batch * k.flops * 1 FLOP
  let traffic = (batch * k.elems + k.fixed) * p.elem
  if p.tensor and tensor_cores(d) then
    roofline(work, traffic, tensor_efficiency(k) * precision_peak(d, p), achieved_bw(d)) +
    (if p.layout == "nchw" then 2 * batch * k.elems * p.elem / achieved_bw(d) else 0 s)
  else if kernel_modelled(d, k, p.elem) then kernel_time(d, k, batch, p.elem)
  else roofline(work, traffic, precision_peak(d, p), achieved_bw(d))
}
// A memory-bound kernel: its bytes (stdlib.layers' `elems`, the passes each makes over its
// tensors) at the achieved bandwidth.
fn memory_time(d: Device, p: Precision, k: Kernel, batch: Int) -> s =
  roofline(batch * k.flops * 1 FLOP, (batch * k.elems + k.fixed) * p.elem, d.peak_fp32, achieved_bw(d))

fn _kernel_time(d: Device, fw: Framework, p: Precision, k: Kernel, batch: Int) -> s =
  max(fw.launch, if _is_mm(k) then matmul_time(d, p, k, batch) else memory_time(d, p, k, batch))

// ---- one layer --------------------------------------------------------------------------

// A layer's forward and backward time, the part of both in convolutions and GEMMs
// (`matmul`), and the kernels it launches.
record StepLayer { fwd: s, bwd: s, matmul: s, kernels: Int }

fn _runs(l: Layer, k: Kernel, pass: String) -> Bool =
  k.pass == pass and (pass != "bwd_data" or l.bwd_data > 0)

// One layer as `fw` runs it. Fused ReLUs and adds launch nothing: the batchnorm pass next
// to them reads one more tensor (the add's shortcut forward; the ReLU's output, its mask,
// backward; the add's second gradient backward). A layer that lists no kernels (global
// pooling, concat, layernorm) moves its inputs and outputs once forward and twice
// backward, one kernel each way; a flatten moves nothing.
fn step_layer(l: Layer, d: Device, fw: Framework, p: Precision, batch: Int) -> StepLayer =
  if fw.fused and (l.kind == "relu" or l.kind == "add") then {
    let pass = batch * numel(l.out) * p.elem / achieved_bw(d)
    StepLayer { fwd = if l.kind == "add" then pass else 0 s, bwd = pass, matmul = 0 s, kernels = 0 }
  } else if len(l.kernels) == 0 then {
    let moves = batch * (l.reads - l.params + l.writes) * p.elem
    if l.kind == "flatten" or moves == 0 B then StepLayer { fwd = 0 s, bwd = 0 s, matmul = 0 s, kernels = 0 }
    else StepLayer { fwd = max(fw.launch, moves / achieved_bw(d)), bwd = max(fw.launch, 2 * moves / achieved_bw(d)),
                     matmul = 0 s, kernels = 2 }
  } else {
    let f = [k for k in l.kernels if _runs(l, k, "fwd")]
    let b = [k for k in l.kernels if _runs(l, k, "bwd_data") or _runs(l, k, "bwd_weight")]
    StepLayer { fwd = sum k in f: _kernel_time(d, fw, p, k, batch),
                bwd = sum k in b: _kernel_time(d, fw, p, k, batch),
                matmul = sum k in concat(f, b): if _is_mm(k) then _kernel_time(d, fw, p, k, batch) else 0 s,
                kernels = len(f) + len(b) }
  }

// ---- the step ---------------------------------------------------------------------------

// Parameter tensors of a layer (a convolution's or dense layer's weight and bias, a
// normalisation's scale and shift) and the weights a convolution or GEMM multiplies by.
fn _weights(l: Layer) -> Int = sum k in l.kernels: if k.pass == "fwd" and _is_mm(k) then k.fixed else 0
fn _tensors(l: Layer) -> Int =
  if l.params == 0 then 0
  else if l.kind == "batchnorm" or l.kind == "layernorm" then 2
  else if _weights(l) > 0 and l.params > _weights(l) then 2
  else 1

// One step on one GPU, or one GPU's share of a data-parallel step.
record TrainStep {
  gpus: Int
  batch: Int          // samples per step over all GPUs
  fwd: s              // the layers' forward kernels
  bwd: s              // their backward kernels
  update: s           // optimizer, zeroed gradients, mixed precision's casts and unscale, the
                      // input's conversion, the loss
  host: s             // the framework's time per step outside the kernels
  matmul: s           // of fwd + bwd: convolutions and GEMMs
  memory: s           // of fwd + bwd: memory-bound kernels
  comm: s             // the gradient allreduces
  exposed: s          // the part of them that ends after the backward pass
  nccl: s             // the allreduce's own HBM traffic, taken from the backward pass
  stolen: s           // the backward's convolutions and GEMMs slowed by the SMs the
                      // allreduce's CTAs hold while they overlap (Node.comm_ctas)
  input: s            // the input pipeline's time for one GPU's batch (0 s: not modelled)
  compute: s          // fwd + bwd + update + host + nccl + stolen + exposed
  iter: s             // max(compute, input)
  kernels: Int        // kernels one GPU launches per step
  throughput: 1/s     // samples per second
}

// The update's time for the layers `ls`: per layer its tensors' kernels (each at least a
// launch) or its bytes, whichever is longer.
fn _update(ls: [Layer], d: Device, fw: Framework, p: Precision) -> s =
  sum l in ls: if l.params == 0 then 0 s else {
    let n = _tensors(l) * (fw.update_kernels + (if fw.zero_grad then 1 else 0) +
                           (if p.master and _weights(l) > 0 then 2 else 0))
    let bytes = l.params * (fw.update_bytes + (if fw.zero_grad then 4 B else 0 B) + (if p.master then 8 B else 0 B))
                + (if p.master then _weights(l) * 12 B else 0 B)
    max(n * fw.launch, bytes / achieved_bw(d))
  }

fn _step(net: Network, d: Device, fw: Framework, p: Precision, batch: Int, ts: [StepLayer]) -> TrainStep = {
  require batch >= 1, "a training step's batch >= 1"
  let fwd = sum t in ts: t.fwd
  let bwd = sum t in ts: t.bwd
  let mm = sum t in ts: t.matmul
  // The input's conversion to the step's precision (uint8 read, elem written), the loss and
  // its gradient, the loss scale: `step_kernels` more kernels.
  let convert = max(fw.launch, batch * numel(net.input) * (1 B + p.elem) / achieved_bw(d))
  let update = _update(net.layers, d, fw, p) + convert + (fw.step_kernels - 1) * fw.launch
  let kernels = (sum t in ts: t.kernels) + fw.step_kernels +
                (sum l in net.layers: _tensors(l) * (fw.update_kernels + (if fw.zero_grad then 1 else 0) +
                                                     (if p.master and _weights(l) > 0 then 2 else 0)))
  let compute = fwd + bwd + update + fw.iteration
  TrainStep { gpus = 1, batch = batch, fwd = fwd, bwd = bwd, update = update, host = fw.iteration,
              matmul = mm, memory = fwd + bwd - mm, comm = 0 s, exposed = 0 s, nccl = 0 s, stolen = 0 s, input = 0 s,
              compute = compute, iter = compute, kernels = kernels, throughput = batch / compute }
}

// One step of `net` on one GPU `d` for `batch` samples.
fn train_step(net: Network, d: Device, fw: Framework, p: Precision, batch: Int) -> TrainStep =
  _step(net, d, fw, p, batch, [step_layer(l, d, fw, p, batch) for l in net.layers])

// Horovod's background thread, cycle by cycle (horovod/common/operations.cc, RunLoopOnce):
// a cycle starts `cycle` after the previous one began, or when its allreduces end if they
// took longer; it reduces, fused, every gradient that was ready when it started (in
// allreduces of the fusion buffer's `bucket` at most) and nothing that was not.
// A step's gradient allreduces, from the backward pass's start: `busy`, their time; `end`,
// when the last one ends. Horovod's cycles also keep `clock`, the backward pass's time so
// far, `next`, the next cycle's start, and `pending`, the bytes ready since the last cycle
// that reduced any.
record _Cycles { clock: s = 0 s, next: s = 0 s, pending: B = 0 B, busy: s = 0 s, end: s = 0 s }

// A cycle's allreduces of `n` bytes, in fusion buffers of `fw.bucket` at most.
fn _fused(s: Setup, fw: Framework, n: B, gpus: Int) -> s = {
  let k = max(1, ceil(n / fw.bucket))
  k * group_allreduce(s, n / k, gpus)
}
// The thread's state after layer gradient `n` bytes is ready at `ready`: a cycle that
// starts before then reduces what is pending, then the cycles that find nothing pass.
fn _cycle_to(s: Setup, fw: Framework, gpus: Int, c: _Cycles, ready: s, n: B) -> _Cycles = {
  let fire = c.pending > 0 B and c.next < ready
  let t = if fire then _fused(s, fw, c.pending, gpus) else 0 s
  let after = if fire then c.next + max(fw.cycle, t) else c.next
  let next = if after >= ready then after
             else if fw.cycle > 0 s then after + fw.cycle * ceil((ready - after) / fw.cycle) else ready
  c with { next = next, pending = (if fire then 0 B else c.pending) + n, busy = c.busy + t,
           end = if fire then c.next + t else c.end }
}
// The allreduces of a step's gradients under Horovod's cycles, from the backward pass's
// start: every parameter's layer in backward order, its gradient ready when its backward
// kernels end (`bwd`: each layer's backward time), then the last cycle for what remains.
fn horovod_cycles(net: Network, s: Setup, fw: Framework, gpus: Int, bwd: [s]) -> _Cycles = {
  let n = len(net.layers)
  let last = fold(fn(c: _Cycles, i: Int) -> _Cycles = {
                    let l = net.layers[n - 1 - i]
                    let ready = c.clock + bwd[n - 1 - i]
                    if l.params > 0 then _cycle_to(s, fw, gpus, c with { clock = ready }, ready, l.params * s.elem)
                    else c with { clock = ready }
                  }, _Cycles {}, range(n))
  let t = if last.pending > 0 B then _fused(s, fw, last.pending, gpus) else 0 s
  last with { pending = 0 B, busy = last.busy + t, end = if t > 0 s then last.next + t else last.end }
}

// DDP's buckets in backward order: stdlib.strategies' `bucket_chain`.
fn _ddp_buckets(net: Network, s: Setup, gpus: Int, bwd: [s]) -> _Cycles = {
  let chain = bucket_chain(net, s, gpus, bwd)
  _Cycles { end = chain.end, busy = chain.busy }
}

// Data parallelism on `gpus` GPUs of the cluster `c` (consecutive, a node's first), `batch`
// samples each: every GPU runs train_step; its gradients (grad_elem bytes each) are
// allreduced in DDP's buckets (`_ddp_buckets`) or, with a `cycle`, Horovod's cycles
// (`horovod_cycles`). The part that ends after the backward pass is exposed. The
// allreduce reads and writes HBM as it
// runs, 6 (p - 1) / p times the gradient bytes (a ring's received chunk written, it and the
// local chunk read, the sum written while reducing; written and read again while
// gathering), which the backward pass loses at the achieved bandwidth. A `loader` with
// threads bounds the step from below by its time to deliver a batch on `host`.
fn train_data_parallel(net: Network, c: Cluster, host: Host, fw: Framework, p: Precision, loader: Loader,
                       gpus: Int, batch: Int) -> TrainStep = {
  require gpus >= 1, "a training step's GPUs >= 1"
  let ts = [step_layer(l, c.device, fw, p, batch) for l in net.layers]
  let one = _step(net, c.device, fw, p, batch, ts)
  let s = setup(c) with { elem = grad_elem(p), bucket = fw.bucket, first_bucket = fw.first_bucket }
  let bwd = [t.bwd for t in ts]
  let reduced = if gpus <= 1 then _Cycles {}
                else if fw.cycle > 0 s then horovod_cycles(net, s, fw, gpus, bwd)
                else _ddp_buckets(net, s, gpus, bwd)
  let grads = total_params(net) * s.elem
  let nccl = if gpus > 1 then 6 * (gpus - 1) / gpus * grads / achieved_bw(c.device) else 0 s
  let exposed = if gpus > 1 then max(reduced.end - one.bwd, 0 s) else 0 s
  // While an allreduce overlaps the backward pass its CTAs hold comm_ctas of the GPU's SMs,
  // and the SM-bound share of the backward (its convolutions and GEMMs, the step's matmul
  // share) runs on the rest: the overlapped time's SM-bound work takes sms / (sms - ctas)
  // as long. Memory-bound kernels lose HBM bandwidth instead (`nccl`).
  let comm = reduced.busy
  let overlap = if gpus > 1 then min(max(comm - exposed, 0 s), one.bwd) else 0 s
  let ctas = if c.device.sms > 0 then min(c.node.comm_ctas, c.device.sms - 1) else 0
  let stolen = if ctas > 0 then overlap * one.matmul / (one.fwd + one.bwd) * ctas / (c.device.sms - ctas)
               else 0 s
  let input = if loader.threads > 0 then batch / loader_rate(host, loader, min(gpus, c.gpus_per_node)) else 0 s
  let compute = one.compute + nccl + stolen + exposed
  let iter = max(compute, input)
  one with { gpus = gpus, batch = gpus * batch, comm = comm, exposed = exposed, nccl = nccl, stolen = stolen,
             input = input, compute = compute, iter = iter, throughput = gpus * batch / iter }
}
