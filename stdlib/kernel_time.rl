// stdlib.kernel_time: how long a layer's kernels take on a device. A device whose record
// names a bundle of kernel-time models (`kernels = mlp_bundle("kernels/cpu.rlk")`, see
// docs/kernel-models.md) predicts each kernel with its kind's MLP: `kernels_fp16` for
// 2-byte elements when it models the kind, `kernels` otherwise. A kind its own bundles
// lack goes to `kernels_any`, device-generic models (stdlib/kernels/gpu_any.rlk) fed the
// device's `peak` and `membw`. A kernel no bundle models, a layer that lists no kernels
// and a device without bundles fall back to the roofline of the counts (Williams et al.)
// at the device's peak and the bandwidth streaming kernels reach (`achieved_bw`,
// membw x stream). A model asked beyond the data it was fitted on (a larger batch than
// the device's `kernel_data` holds, a 1 x n kernel it never saw) is bounded so that it
// cannot extrapolate optimistically ("Beyond the data" in docs/kernel-models.md).
//   import stdlib.kernel_time
//   let t = layer_time(net.layers[3], epyc_9004_1t, 32)   // t.fwd, t.bwd, t.source
import stdlib.layers
import stdlib.hardware

record LayerTime {
  fwd: s
  bwd: s            // backward-data and backward-weight together
  source: String    // "mlp" (every kernel modelled), "roofline" (none) or "mixed", and
                    // " extrapolated" after it when `extrapolated` > 0
  extrapolated: Int = 0   // kernels predicted beyond the device's kernel data, bounded
}

fn _elem_bytes(elem: B) -> Int = floor(elem / 1 B)

// The device's own bundle for `k` at `elem` bytes per element: its fp16 one for 2-byte
// elements where that models the kind, else `kernels`.
fn _own(d: Device, k: Kernel, elem: B) -> Bundle =
  if elem < 4 B and mlp_has(d.kernels_fp16, k.kind) then d.kernels_fp16 else d.kernels

// Whether `k` is predicted by a model of one of `d`'s bundles.
fn kernel_modelled(d: Device, k: Kernel, elem: B = 4 B) -> Bool =
  if k.kind == "" then false else mlp_has(_own(d, k, elem), k.kind) or mlp_has(d.kernels_any, k.kind)

fn _is_gemm_kind(k: Kernel) -> Bool = k.kind == "gemm_fwd" or k.kind == "gemm_bwd_data" or k.kind == "gemm_bwd_weight"
fn _is_conv2d_kind(k: Kernel) -> Bool =
  k.kind == "conv2d_fwd" or k.kind == "conv2d_bwd_data" or k.kind == "conv2d_bwd_filter"

// The model's time for `n` samples of a modelled kernel.
fn _model_time(d: Device, k: Kernel, n: Int, elem: B) -> s = {
  let feats = concat([n * k.rows], k.feats, [_elem_bytes(elem)])
  if mlp_has(_own(d, k, elem), k.kind) then mlp_predict(_own(d, k, elem), k.kind, feats)
  else mlp_predict(d.kernels_any, k.kind, feats, d.peak, d.membw)
}
// More samples than the device's kernel data ran (the first feature of every kind but the
// GEMMs, whose first is batch x rows and whose data reach thousands of rows).
fn _beyond_batch(d: Device, k: Kernel, batch: Int) -> Bool =
  d.kernel_data.batch > 0 and batch > d.kernel_data.batch and not _is_gemm_kind(k)
// A 1 x n or n x 1 2-D kernel (Inception's factorised 7 x 7) on data that has none. The
// kind is tested first: it is known when the spec is checked, so a kernel with fewer
// features is never indexed even where the device is chosen at run time.
fn _beyond_shape(d: Device, k: Kernel) -> Bool =
  _is_conv2d_kind(k) and (k.feats[4] == 1) != (k.feats[5] == 1) and not d.kernel_data.one_by_n

// Work no algorithm shortens: a GEMM, and a 2-D convolution other than the ungrouped
// stride-1 3 x 3 and 5 x 5 ones that Winograd and FFT algorithms compute with fewer
// multiplications than their direct count (cuDNN's WINOGRAD, WINOGRAD_NONFUSED and FFT
// algorithms take only those). Such a kernel does its direct FLOPs at the peak at best.
fn _direct_only(k: Kernel) -> Bool =
  _is_gemm_kind(k) or
  (_is_conv2d_kind(k) and not (k.feats[4] == k.feats[5] and (k.feats[4] == 3 or k.feats[4] == 5) and
                               k.feats[6] == 1 and k.feats[7] == 1 and k.feats[10] == 1))
// The peak a kernel of `elem`-byte elements runs at: the 16-bit one for 2-byte elements.
fn _peak_for(d: Device, elem: B) -> FLOP/s = if elem < 4 B then d.peak_fp16 else d.peak

// Whether `k` for `batch` samples is a modelled kernel asked beyond its device's data.
fn kernel_extrapolated(d: Device, k: Kernel, batch: Int, elem: B = 4 B) -> Bool =
  kernel_modelled(d, k, elem) and (_beyond_batch(d, k, batch) or _beyond_shape(d, k))

// One kernel for `batch` samples of `elem` bytes per element. Beyond the data a model's
// time is bounded below: past the largest batch B by B's time per sample (batch / B x its
// time at B: a GPU saturated at B does not get faster per sample, while the model's trend
// may keep falling) and by the kernel's bytes at the achieved bandwidth; for a 1 x n
// kernel by its roofline (no Winograd or FFT for it: the direct count is its work). Any
// modelled kernel whose work no algorithm shortens (`_direct_only`) takes at least its
// FLOPs at the peak: an MLP between or beyond its rows can promise less, no device can.
fn kernel_time(d: Device, k: Kernel, batch: Int, elem: B = 4 B) -> s = {
  let work = batch * k.flops * 1 FLOP
  let traffic = (batch * k.elems + k.fixed) * elem
  if not kernel_modelled(d, k, elem) then roofline(work, traffic, d.peak, achieved_bw(d))
  else {
    let t = _model_time(d, k, batch, elem)
    let big = _beyond_batch(d, k, batch)
    let per_sample = if big then max(t, batch / d.kernel_data.batch * _model_time(d, k, d.kernel_data.batch, elem),
                                     traffic / achieved_bw(d)) else t
    let shaped = if _beyond_shape(d, k) then max(per_sample, roofline(work, traffic, d.peak, achieved_bw(d)))
                 else per_sample
    if _direct_only(k) then max(shaped, work / _peak_for(d, elem)) else shaped
  }
}

// The kernels of pass `pass` that run: the data gradient of the layers before the first
// trainable one is never computed (their `bwd_data` is 0).
fn _runs(l: Layer, k: Kernel, pass: String) -> Bool =
  k.pass == pass and (pass != "bwd_data" or l.bwd_data > 0)

// One layer's forward and backward time on `d`, each kernel timed by `time` (`models`: the
// device whose bundle decides which kernels count as modelled, for `source`).
fn _layer_time_by(l: Layer, d: Device, models: Device, batch: Int, elem: B, time: fn(Kernel) -> s) -> LayerTime = {
  let n = len(l.kernels)
  let modelled = sum k in l.kernels: if kernel_modelled(models, k, elem) then 1 else 0
  let beyond = sum k in l.kernels: if kernel_extrapolated(models, k, batch, elem) and
                                      (_runs(l, k, "fwd") or _runs(l, k, "bwd_data") or _runs(l, k, "bwd_weight"))
                                   then 1 else 0
  if n == 0 then {
    // No kernels listed: the roofline of the layer's own counts, weights read once.
    let weights = l.params * elem
    LayerTime { fwd = roofline(batch * l.fwd * 1 FLOP, (batch * (l.reads - l.params + l.writes)) * elem + weights,
                               d.peak, achieved_bw(d)),
                bwd = roofline(batch * (l.bwd_data + l.bwd_weight) * 1 FLOP,
                               (2 * batch * (l.reads - l.params + l.writes)) * elem + 2 * weights, d.peak, achieved_bw(d)),
                source = "roofline" }
  } else LayerTime {
    fwd = sum k in l.kernels: if _runs(l, k, "fwd") then time(k) else 0 s,
    bwd = sum k in l.kernels: if _runs(l, k, "bwd_data") or _runs(l, k, "bwd_weight") then time(k) else 0 s,
    source = (if modelled == n then "mlp" else if modelled == 0 then "roofline" else "mixed") +
             (if beyond > 0 then " extrapolated" else ""),
    extrapolated = beyond }
}

fn layer_time(l: Layer, d: Device, batch: Int, elem: B = 4 B) -> LayerTime =
  _layer_time_by(l, d, d, batch, elem, fn(k: Kernel) -> s = kernel_time(d, k, batch, elem))

// A kernel's time on `d`, a what-if variant of the measured device `base` (other peaks or
// memory bandwidth): the time `base`'s model predicts, scaled by the kernel's roofline on
// `d` over its roofline on `base`, so that the kernel keeps the efficiency it was measured
// at and gains only from the resource that binds it (a compute-bound convolution from
// FLOP/s, a batchnorm from bandwidth). This is how a kernel model meets the roofline in a
// study of hypothetical nodes (Barrachina et al., Computing 105, 2023). A kernel `base`
// has no model for is the roofline on `d`.
fn projected_kernel_time(base: Device, d: Device, k: Kernel, batch: Int, elem: B = 4 B) -> s =
  if kernel_modelled(base, k, elem) then {
    let work = batch * k.flops * 1 FLOP
    let traffic = (batch * k.elems + k.fixed) * elem
    let before = roofline(work, traffic, base.peak, achieved_bw(base))
    let t = kernel_time(base, k, batch, elem)
    if before > 0 s then t * (roofline(work, traffic, d.peak, achieved_bw(d)) / before) else t
  } else kernel_time(d, k, batch, elem)

fn projected_layer_time(l: Layer, base: Device, d: Device, batch: Int, elem: B = 4 B) -> LayerTime =
  _layer_time_by(l, d, base, batch, elem, fn(k: Kernel) -> s = projected_kernel_time(base, d, k, batch, elem))

// A whole network: the sums of its layers' times.
fn network_time(net: Network, d: Device, batch: Int, elem: B = 4 B) -> LayerTime = {
  let ts = [layer_time(l, d, batch, elem) for l in net.layers]
  let mlp = sum t in ts: if t.source == "mlp" or t.source == "mlp extrapolated" then 1 else 0
  let roof = sum t in ts: if t.source == "roofline" then 1 else 0
  let beyond = sum t in ts: t.extrapolated
  LayerTime { fwd = sum t in ts: t.fwd, bwd = sum t in ts: t.bwd,
              source = (if mlp == len(ts) then "mlp" else if roof == len(ts) then "roofline" else "mixed") +
                       (if beyond > 0 then " extrapolated" else ""),
              extrapolated = beyond }
}
