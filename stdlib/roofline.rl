// stdlib.roofline: where a layer sits on a device's roofline (Williams et al.): its
// arithmetic intensity, the FLOP rate it can attain, which roof binds, and the time.
//   import stdlib.roofline
//   let p = layer_roofline(net.layers[0], h100_sxm5, 32)   // p.time, p.compute_bound, ...
import stdlib.layers
import stdlib.hardware

record RooflinePoint {
  work: FLOP              // forward FLOPs of the batch
  traffic: B              // bytes moved: activations in and out per sample, weights once
  intensity: FLOP/B
  attainable: FLOP/s      // min(peak, intensity x memory bandwidth)
  time: s                 // roofline(work, traffic, peak, membw)
  compute_bound: Bool     // true when the compute roof binds
}

// The forward pass of layer `l` on device `d` for `batch` samples of `elem` bytes per
// element, at `d.peak` (the precision the device record trains in) and the datasheet's
// `d.membw` (a kernel's time in stdlib.kernel_time takes the achieved `achieved_bw(d)`).
fn layer_roofline(l: Layer, d: Device, batch: Int, elem: B = 4 B) -> RooflinePoint = {
  let work = batch * l.fwd * 1 FLOP
  let traffic = (batch * (l.reads - l.params + l.writes) + l.params) * elem
  let intensity = work / traffic
  RooflinePoint { work = work, traffic = traffic, intensity = intensity,
                  attainable = min(d.peak, intensity * d.membw),
                  time = roofline(work, traffic, d.peak, d.membw),
                  compute_bound = work / d.peak >= traffic / d.membw }
}
