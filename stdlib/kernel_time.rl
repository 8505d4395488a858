// stdlib.kernel_time: how long a layer's kernels take on a device. A device whose record
// names a bundle of kernel-time models (`kernels = mlp_bundle("kernels/cpu.rlk")`, see
// docs/kernel-models.md) predicts each kernel with its kind's MLP: `kernels_fp16` for
// 2-byte elements when it models the kind, `kernels` otherwise. A kind its own bundles
// lack goes to `kernels_any`, device-generic models (stdlib/kernels/gpu_any.rlk) fed the
// device's `peak` and `membw`. A kernel no bundle models, a layer that lists no kernels
// and a device without bundles fall back to the roofline of the counts (Williams et al.)
// at the device's peak and memory bandwidth.
//   import stdlib.kernel_time
//   let t = layer_time(net.layers[3], epyc_9004_1t, 32)   // t.fwd, t.bwd, t.source
import stdlib.layers
import stdlib.hardware

record LayerTime {
  fwd: s
  bwd: s            // backward-data and backward-weight together
  source: String    // "mlp" (every kernel modelled), "roofline" (none) or "mixed"
}

fn _elem_bytes(elem: B) -> Int = floor(elem / 1 B)

// The device's own bundle for `k` at `elem` bytes per element: its fp16 one for 2-byte
// elements where that models the kind, else `kernels`.
fn _own(d: Device, k: Kernel, elem: B) -> Bundle =
  if elem < 4 B and mlp_has(d.kernels_fp16, k.kind) then d.kernels_fp16 else d.kernels

// Whether `k` is predicted by a model of one of `d`'s bundles.
fn kernel_modelled(d: Device, k: Kernel, elem: B = 4 B) -> Bool =
  if k.kind == "" then false else mlp_has(_own(d, k, elem), k.kind) or mlp_has(d.kernels_any, k.kind)

// One kernel for `batch` samples of `elem` bytes per element.
fn kernel_time(d: Device, k: Kernel, batch: Int, elem: B = 4 B) -> s = {
  let feats = concat([batch * k.rows], k.feats, [_elem_bytes(elem)])
  if k.kind == "" then roofline(batch * k.flops * 1 FLOP, (batch * k.elems + k.fixed) * elem, d.peak, d.membw)
  else if mlp_has(_own(d, k, elem), k.kind) then mlp_predict(_own(d, k, elem), k.kind, feats)
  else if mlp_has(d.kernels_any, k.kind) then mlp_predict(d.kernels_any, k.kind, feats, d.peak, d.membw)
  else roofline(batch * k.flops * 1 FLOP, (batch * k.elems + k.fixed) * elem, d.peak, d.membw)
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
  if n == 0 then {
    // No kernels listed: the roofline of the layer's own counts, weights read once.
    let weights = l.params * elem
    LayerTime { fwd = roofline(batch * l.fwd * 1 FLOP, (batch * (l.reads - l.params + l.writes)) * elem + weights,
                               d.peak, d.membw),
                bwd = roofline(batch * (l.bwd_data + l.bwd_weight) * 1 FLOP,
                               (2 * batch * (l.reads - l.params + l.writes)) * elem + 2 * weights, d.peak, d.membw),
                source = "roofline" }
  } else LayerTime {
    fwd = sum k in l.kernels: if _runs(l, k, "fwd") then time(k) else 0 s,
    bwd = sum k in l.kernels: if _runs(l, k, "bwd_data") or _runs(l, k, "bwd_weight") then time(k) else 0 s,
    source = if modelled == n then "mlp" else if modelled == 0 then "roofline" else "mixed" }
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
    let before = roofline(work, traffic, base.peak, base.membw)
    let t = kernel_time(base, k, batch, elem)
    if before > 0 s then t * (roofline(work, traffic, d.peak, d.membw) / before) else t
  } else kernel_time(d, k, batch, elem)

fn projected_layer_time(l: Layer, base: Device, d: Device, batch: Int, elem: B = 4 B) -> LayerTime =
  _layer_time_by(l, d, base, batch, elem, fn(k: Kernel) -> s = projected_kernel_time(base, d, k, batch, elem))

// A whole network: the sums of its layers' times.
fn network_time(net: Network, d: Device, batch: Int, elem: B = 4 B) -> LayerTime = {
  let ts = [layer_time(l, d, batch, elem) for l in net.layers]
  let mlp = sum t in ts: if t.source == "mlp" then 1 else 0
  let roof = sum t in ts: if t.source == "roofline" then 1 else 0
  LayerTime { fwd = sum t in ts: t.fwd, bwd = sum t in ts: t.bwd,
              source = if mlp == len(ts) then "mlp" else if roof == len(ts) then "roofline" else "mixed" }
}
