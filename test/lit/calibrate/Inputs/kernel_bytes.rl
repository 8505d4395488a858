// The kernels stdlib.training runs for each pass of each layer of VGG-11 (CIFAR, batch
// normalisation) at batch 32 in fp32, and the bytes each moves: what synth_trace.py turns
// into a GPU trace with known constants. One row per (layer, pass, kernel); a layer that
// runs no kernel in a pass (flatten) gives none.
import stdlib.models.all
import stdlib.training
import stdlib.layers

scenario kernel_bytes {
  param i: Int = 0 in 0 .. 30
  param bwd: Bool = false in [false, true]
  param k: Int = 0 in 0 .. 3
  let l = vgg11_bn_cifar.layers[i]
  // stdlib.training's _runs: a backward-data kernel runs where the layer's input needs a gradient.
  let ks = [x for x in l.kernels
            if (if bwd then x.pass == "bwd_weight" or (x.pass == "bwd_data" and l.bwd_data > 0) else x.pass == "fwd")]
  require k < len(ks), "a kernel of the pass"
  // The layer's kind (reports are numbers and Bools).
  report conv2d = l.kind == "conv2d"
  report batchnorm = l.kind == "batchnorm"
  report relu = l.kind == "relu"
  report maxpool = l.kind == "maxpool"
  report dense = l.kind == "dense"
  // Indexed only where the require holds (the flatten's passes have none).
  let kk = if len(ks) == 0 then Kernel { pass = "fwd", kind = "", flops = 0, elems = 0 } else ks[min(k, len(ks) - 1)]
  let kind = kk.kind
  report matmul = kind == "conv2d_fwd" or kind == "conv2d_bwd_data" or kind == "conv2d_bwd_filter" or
                  kind == "gemm_fwd" or kind == "gemm_bwd_data" or kind == "gemm_bwd_weight"
  report bytes = (32 * kk.elems + kk.fixed) * 4 B in B
}
